import { stat } from 'node:fs/promises';
import {
  gradeManifestFiles,
  ManifestFileError,
  renderFidelityText,
  resolveManifestFiles,
} from '../fidelity/report.js';
import type { FidelityCommandResult } from '../fidelity/report.js';
import { inertJson } from '../text/workflowCommands.js';
import { CommandError, EXIT, type CommandIO } from './io.js';
import { FIDELITY } from './commands.js';
import { parseCommandLine } from './options.js';

/**
 * `policy-replay fidelity <manifest|dir>... [--format json|text]`. A directory argument stands
 * for its *.json / *.jsonl files (sorted by name). Invalid manifests are part of the report, so
 * they exit 0 (grading bad evidence is the report's job; the replay gate decides what fails);
 * an unreadable file is exit 2. The same input gives byte-identical output (docs/fidelity.md).
 */
export async function runFidelityCommand(argv: string[], io: Pick<CommandIO, 'stdout'>): Promise<number> {
  const { values, positionals } = parseCommandLine(FIDELITY, argv);
  let result: FidelityCommandResult;
  try {
    const files: string[] = [];
    for (const arg of positionals) files.push(...(await expandArgument(arg)));
    const set = await gradeManifestFiles(files);
    result = { reports: set.reports, invalid: set.invalid };
  } catch (error) {
    if (!(error instanceof ManifestFileError)) throw error;
    throw new CommandError(`policy-replay fidelity: cannot read ${error.message}`);
  }
  io.stdout(
    values.format === 'json' ? `${inertJson(JSON.stringify(result, null, 2))}\n` : renderFidelityText(result),
  );
  return EXIT.ok;
}

async function expandArgument(arg: string): Promise<string[]> {
  try {
    if ((await stat(arg)).isDirectory()) return await resolveManifestFiles(arg);
  } catch {
    // Not there: the read reports it with the file's name.
  }
  return [arg];
}
