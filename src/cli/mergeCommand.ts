import { readFile } from 'node:fs/promises';
import { mergeReports, MergeError } from '../replay/merge.js';
import { reportToJson, type ReplayReport } from '../replay/report.js';
import { EXIT, writeOutputFile, type CommandIO } from './io.js';
import { renderReport } from './replayCommand.js';
import { MERGE } from './commands.js';
import { parseCommandLine } from './options.js';

export async function runMergeCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandLine(MERGE, argv);
  const format = values.format;
  const partials: ReplayReport[] = [];
  for (const file of positionals) {
    try {
      partials.push(JSON.parse(await readFile(file, 'utf8')) as ReplayReport);
    } catch (error) {
      io.stderr(`cannot read ${file}: ${(error as Error).message}\n`);
      return EXIT.badInput;
    }
  }
  let merged: ReplayReport;
  try {
    merged = mergeReports(partials);
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    io.stderr(`merge: ${error.message}\n`);
    return EXIT.badInput;
  }
  const text = format === 'json' ? reportToJson(merged) : renderReport(merged, format, io);
  if (values.out) await writeOutputFile(values.out, text);
  else io.stdout(text);
  return merged.errors.length > 0 ? EXIT.badInput : EXIT.ok;
}
