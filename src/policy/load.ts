import { readFile } from 'node:fs/promises';
import { formatOfPath, validatePolicyText, type ValidationResult } from './validate.js';

/** Reads and validates a policy file; an unreadable file or unknown extension is a problem too. */
export async function loadPolicyFile(
  file: string,
  displayPath = file,
): Promise<ValidationResult & { text?: string }> {
  const format = formatOfPath(file);
  if (format === null) {
    return {
      ok: false,
      warnings: [],
      errors: [
        {
          file: displayPath,
          path: '',
          line: 1,
          column: 1,
          severity: 'error',
          message: 'a policy file must end in .json, .yaml or .yml',
        },
      ],
    };
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      warnings: [],
      errors: [
        {
          file: displayPath,
          path: '',
          line: 1,
          column: 1,
          severity: 'error',
          message: `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        },
      ],
    };
  }
  return { ...validatePolicyText(text, displayPath, format), text };
}
