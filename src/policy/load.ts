import { readFile } from 'node:fs/promises';
import { formatOfPath, validatePolicyText, type ValidationResult } from './validate.js';

/** Reads and validates a policy file; an unreadable file or unknown extension is a problem too. */
export async function loadPolicyFile(
  file: string,
  displayPath = file,
): Promise<ValidationResult & { text?: string }> {
  const fileProblem = (message: string): ValidationResult => ({
    ok: false,
    warnings: [],
    errors: [{ file: displayPath, path: '', line: 1, column: 1, severity: 'error', message }],
  });
  const format = formatOfPath(file);
  if (format === null) return fileProblem('a policy file must end in .json, .yaml or .yml');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return fileProblem(
      `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return { ...validatePolicyText(text, displayPath, format), text };
}
