import { readFile, stat } from 'node:fs/promises';
import { mergeReports, MergeError } from '../replay/report/merge.js';
import { reportToJson, type ReplayReport } from '../replay/report/report.js';
import { checkReport } from '../replay/report/reportSchema.js';
import { EXIT, type CommandIO } from './io.js';
import { guardOutputs, writeOutputFile } from './outputFiles.js';
import { renderReport } from './replayCommand.js';
import { MERGE } from './commands.js';
import { parseCommandLine } from './options.js';
import { textWidth } from './textWidth.js';

export async function runMergeCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandLine(MERGE, argv);
  const format = values.format;
  // Absent: the cap the shards were replayed with (their meta.max_groups).
  const maxGroups = values['max-groups'] ?? null;
  const out = values.out ? { role: '--out', path: values.out } : null;
  const inputs = out
    ? await guardOutputs(
        [out],
        positionals.map((path) => ({ role: 'the partial report', path })),
      )
    : [];
  const partials: ReplayReport[] = [];
  for (const file of positionals) {
    let value: unknown;
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a regular file');
      value = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      io.stderr(`cannot read ${file}: ${(error as Error).message}\n`);
      return EXIT.badInput;
    }
    // A partial is a file anyone could have edited: its schema and invariants are checked before
    // anything is added up (src/replay/report/reportSchema.ts).
    const checked = checkReport(value);
    if (!checked.ok) {
      const shown = checked.problems.slice(0, 10);
      const more = checked.problems.length - shown.length;
      io.stderr(
        `merge: ${file} is not a valid partial report:\n${shown.map((p) => `  ${p}\n`).join('')}${more > 0 ? `  … and ${more} more\n` : ''}`,
      );
      return EXIT.badInput;
    }
    partials.push(checked.report);
  }
  let merged: ReplayReport;
  try {
    merged = mergeReports(partials, maxGroups === null ? {} : { maxGroups });
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    io.stderr(`merge: ${error.message}\n`);
    return EXIT.badInput;
  }
  const text =
    format === 'json'
      ? reportToJson(merged)
      : renderReport(merged, format, io, { width: textWidth(values.width, io, out !== null) });
  if (out) await writeOutputFile(out, text, inputs);
  else io.stdout(text);
  return merged.errors.length > 0 ? EXIT.badInput : EXIT.ok;
}
