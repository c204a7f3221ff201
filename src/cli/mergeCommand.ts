import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { mergeReports, MergeError } from '../replay/merge.js';
import { reportToJson, type ReplayReport } from '../replay/report.js';
import { EXIT, UsageError, writeOutputFile, type CommandIO } from './io.js';
import { parseCount, parseFormat, renderReport } from './replayCommand.js';

export const MERGE_USAGE =
  'policy-replay merge <partial.json>... [--max-groups N] [--format json|markdown|text] [--out FILE]';

export async function runMergeCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { format: { type: 'string' }, out: { type: 'string' }, 'max-groups': { type: 'string' } },
  });
  if (positionals.length === 0) throw new UsageError('merge needs the partial reports of every shard');
  const format = parseFormat(values.format, 'json');
  // Absent: the cap the shards were replayed with (their meta.max_groups).
  const maxGroups = parseCount('max-groups', values['max-groups'], null);
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
    merged = mergeReports(partials, maxGroups === null ? {} : { maxGroups });
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
