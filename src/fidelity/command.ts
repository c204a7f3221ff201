import { stat } from 'node:fs/promises';
import { gradeManifestFiles, ManifestFileError, renderFidelityText, resolveManifestFiles } from './report.js';
import type { FidelityCommandResult } from './report.js';
import { inertJson } from '../text/workflowCommands.js';

export const FIDELITY_USAGE = 'usage: policy-replay fidelity <manifest|dir>... [--format json|text]';

export interface CommandIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

type Format = 'json' | 'text';

/** A bad invocation, reported on stderr with the usage line (exit 2). */
export class FidelityUsageError extends Error {
  override readonly name = 'FidelityUsageError';
}

export interface FidelityInvocation {
  files: string[];
  format: Format;
  help: boolean;
}

/** Parses the arguments after `fidelity`. Throws {@link FidelityUsageError}. */
export function parseFidelityArgs(argv: readonly string[]): FidelityInvocation {
  const files: string[] = [];
  let format: Format = 'json';
  let help = false;
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (onlyFiles || !arg.startsWith('-') || arg === '-') {
      files.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
    } else if (arg === '--help' || arg === '-h') {
      help = true;
    } else if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg === '--format' ? argv[++i] : arg.slice('--format='.length);
      if (value !== 'json' && value !== 'text') {
        throw new FidelityUsageError(
          value === undefined
            ? '--format needs a value: json or text'
            : `Invalid --format '${value}'. Expected json or text.`,
        );
      }
      format = value;
    } else {
      throw new FidelityUsageError(`Unknown option '${arg}'.`);
    }
  }
  if (!help && files.length === 0) throw new FidelityUsageError('No manifest given.');
  return { files, format, help };
}

/**
 * `policy-replay fidelity <manifest>... [--format json|text]`; `argv` is what follows
 * `fidelity`. A directory argument stands for its *.json / *.jsonl files (sorted by name).
 *
 * Exit codes: 0 the report was produced, including when some manifests are invalid (they are
 * listed under `invalid`: grading them is the report's job, not a usage failure); 2 a bad
 * invocation or an unreadable file. JSON goes to stdout, 2-space indented with a trailing
 * newline; the same input gives byte-identical output.
 */
export async function runFidelityCommand(argv: string[], io: CommandIo): Promise<number> {
  let invocation: FidelityInvocation;
  try {
    invocation = parseFidelityArgs(argv);
  } catch (error) {
    if (!(error instanceof FidelityUsageError)) throw error;
    io.stderr(`policy-replay fidelity: ${error.message}\n${FIDELITY_USAGE}\n`);
    return 2;
  }
  if (invocation.help) {
    io.stdout(`${FIDELITY_USAGE}\n`);
    return 0;
  }

  let result: FidelityCommandResult;
  try {
    const files: string[] = [];
    for (const arg of invocation.files) files.push(...(await expandArgument(arg)));
    const set = await gradeManifestFiles(files);
    result = { reports: set.reports, invalid: set.invalid };
  } catch (error) {
    if (!(error instanceof ManifestFileError)) throw error;
    io.stderr(`policy-replay fidelity: cannot read ${error.message}\n`);
    return 2;
  }

  io.stdout(
    invocation.format === 'json'
      ? `${inertJson(JSON.stringify(result, null, 2))}\n`
      : renderFidelityText(result),
  );
  return 0;
}

async function expandArgument(arg: string): Promise<string[]> {
  try {
    if ((await stat(arg)).isDirectory()) return await resolveManifestFiles(arg);
  } catch {
    // Not there: let the read report it with the file's name.
  }
  return [arg];
}
