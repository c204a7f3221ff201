import { toDriftReport } from '../replay/drift.js';
import { groupTextCells } from '../render/groupTable.js';
import { reportToJson } from '../replay/report/report.js';
import { driftMarkdownSections } from '../render/driftMarkdown.js';
import { EXIT, type CommandIO } from './io.js';
import { writeOutputFile } from './outputFiles.js';
import { limitsFromFlags } from './limitFlags.js';
import {
  guardReportOutput,
  locateOpaUnlessInvalid,
  readPolicyFlag,
  replayWithProgress,
  sampleRunOptions,
} from './replayRun.js';
import { DRIFT } from './commands.js';
import { parseCommandLine } from './options.js';

/** Replays the saved policy against each record's recorded_decision (docs/report.md "The drift report"). */
export async function runDriftCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandLine(DRIFT, argv);
  const format = values.format;
  const limits = limitsFromFlags(values);
  const policy = await readPolicyFlag(values.policy, limits.maxPolicyBytes);
  const opa = await locateOpaUnlessInvalid(values.opa, io, [policy]);
  const out = values.out ? { role: '--out', path: values.out } : null;
  const policies = [{ role: 'the policy (--policy)', path: values.policy }];
  const inputs = await guardReportOutput(out, policies, values, io);
  const run = await replayWithProgress(
    {
      head: policy,
      base: null,
      mode: 'drift',
      ...sampleRunOptions(values),
      opa,
      limits,
    },
    io,
  );
  const report = toDriftReport(run);
  let text: string;
  if (format === 'json') text = reportToJson(report);
  else if (format === 'markdown') text = `${driftMarkdownSections(report).join('\n\n')}\n`;
  else text = renderDriftText(report);
  if (out) await writeOutputFile(out, text, inputs);
  else io.stdout(text);
  if (report.errors.length > 0) {
    if (format !== 'json')
      for (const e of report.errors)
        io.stderr(`${e.file}:${e.line}:${e.column}: error: ${e.path}: ${e.message}\n`);
    return EXIT.badInput;
  }
  return values['fail-on-drift'] && (report.result?.drift_total ?? 0) > 0 ? EXIT.thresholdCrossed : EXIT.ok;
}

function renderDriftText(report: ReturnType<typeof toDriftReport>): string {
  const r = report.result;
  if (!r) return `invalid policy: ${report.errors.length} problem(s)\n`;
  const clean = (s: string | null) => (s ?? '-').replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd'); // eslint-disable-line no-control-regex
  const lines = [
    `drift   ${r.drift_total} (recorded deny → allow ${r.newly_allowed}, recorded allow → deny ${r.newly_denied})`,
    `records ${r.evaluated} evaluated, ${r.unevaluable} unevaluable${r.unevaluable_by_reading > r.unevaluable ? ` (${r.unevaluable_by_reading - r.unevaluable} more lacked data yet were decided)` : ''}, ${r.without_recorded_decision} without a recorded decision, ${r.malformed.count} malformed`,
    ...(r.drift_groups_total > 0
      ? [
          `what drifted (showing ${r.drift_groups.length} of ${r.drift_groups_total} groups, most dangerous first)`,
          ...r.drift_groups.map((g) => `  ${groupTextCells(g, 'drift', clean).join('  |  ')}`),
        ]
      : []),
    ...r.policy_revisions.map(
      (v) => `revision ${clean(v.revision)}: ${v.drift} drift in ${v.records} records`,
    ),
    ...r.drifts.map(
      (d) =>
        `  ${clean(d.request_id)}  ${clean(d.occurred_at)}  ${clean(d.subject)}  recorded ${d.recorded_decision} → replayed ${d.replayed_decision}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
