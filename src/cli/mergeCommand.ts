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
import { checkRegoReport } from '../regoReplay/regoReportSchema.js';
import { mergeRegoReports } from '../regoReplay/regoMerge.js';
import type { RegoReport } from '../regoReplay/regoReport.js';
import { renderRegoMarkdown } from '../render/regoMarkdown.js';
import { renderRegoText } from '../render/regoText.js';
import { textColour } from './replayRun.js';

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
  const values_: unknown[] = [];
  for (const file of positionals) {
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a regular file');
      values_.push(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      io.stderr(`cannot read ${file}: ${(error as Error).message}\n`);
      return EXIT.badInput;
    }
  }
  // A Rego replay's shards (docs/rego.md) merge by their own rules; every partial must be one.
  const rego = values_.some(
    (v) => (v as { meta?: { policy_kind?: unknown } } | null)?.meta?.policy_kind === 'rego',
  );
  const checkOne = (value: unknown) => (rego ? checkRegoReport(value) : checkReport(value));
  const partials: (ReplayReport | RegoReport)[] = [];
  for (const [i, value] of values_.entries()) {
    // A partial is a file anyone could have edited: its schema and invariants are checked before
    // anything is added up (src/replay/report/reportSchema.ts, src/regoReplay/regoReportSchema.ts).
    const checked = checkOne(value);
    if (!checked.ok) {
      const shown = checked.problems.slice(0, 10);
      const more = checked.problems.length - shown.length;
      io.stderr(
        `merge: ${positionals[i]!} is not a valid partial report:\n${shown.map((p) => `  ${p}\n`).join('')}${more > 0 ? `  … and ${more} more\n` : ''}`,
      );
      return EXIT.badInput;
    }
    partials.push(checked.report);
  }
  if (rego)
    return writeRegoMerge(
      partials as RegoReport[],
      { format, maxGroups, out, inputs, width: values.width },
      io,
    );
  let merged: ReplayReport;
  try {
    merged = mergeReports(partials as ReplayReport[], maxGroups === null ? {} : { maxGroups });
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

/** The merged report of a Rego replay's shards, in the format asked for. */
async function writeRegoMerge(
  partials: RegoReport[],
  how: {
    format: 'json' | 'markdown' | 'text';
    maxGroups: number | null;
    out: { role: string; path: string } | null;
    inputs: Awaited<ReturnType<typeof guardOutputs>>;
    width: number | undefined;
  },
  io: CommandIO,
): Promise<number> {
  let merged: RegoReport;
  try {
    merged = mergeRegoReports(partials, how.maxGroups === null ? {} : { maxGroups: how.maxGroups });
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    io.stderr(`merge: ${error.message}\n`);
    return EXIT.badInput;
  }
  const text =
    how.format === 'json'
      ? reportToJson(merged)
      : how.format === 'markdown'
        ? renderRegoMarkdown(merged)
        : renderRegoText(merged, {
            colour: textColour(io),
            width: textWidth(how.width, io, how.out !== null),
          });
  if (how.out) await writeOutputFile(how.out, text, how.inputs);
  else io.stdout(text);
  return merged.errors.length > 0 ? EXIT.badInput : EXIT.ok;
}
