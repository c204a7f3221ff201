import { parseArgs } from 'node:util';
import { readPolicySource } from '../replay/run.js';
import { toDriftReport } from '../replay/drift.js';
import { DEFAULT_MAX_GROUPS } from '../replay/changeGroups.js';
import { groupTextCells } from '../render/groupTable.js';
import { reportToJson } from '../replay/report.js';
import { driftMarkdownSections } from '../render/driftMarkdown.js';
import { CommandError, EXIT, UsageError, writeOutputFile, type CommandIO } from './io.js';
import {
  SAMPLE_OPTIONS,
  locateOpaUnlessInvalid,
  parseCount,
  parseDecisionLogFlags,
  parseFormat,
  parseTraffic,
  parseSince,
  parseWorkers,
  replayWithProgress,
} from './replayCommand.js';

export const DRIFT_USAGE =
  'policy-replay drift --policy <policy> --traffic <file|dir|glob>... [--decision-path P] [--decision-field F] [--bundle NAME] [--manifest-id-field F] [--manifests <dir-or-glob>] [--since ISO] [--limit N] [--max-changes N] [--max-groups N] [--format json|markdown|text] [--out FILE] [--fail-on-drift] [--workers N] [--opa PATH]';

/** Replays the saved policy against each record's recorded_decision (action.md "Drift reports"). */
export async function runDriftCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      policy: { type: 'string' },
      ...SAMPLE_OPTIONS,
      'fail-on-drift': { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.policy) throw new UsageError('--policy is required');
  const traffic = parseTraffic(values.traffic);
  const decisionLog = parseDecisionLogFlags(values);
  const format = parseFormat(values.format, 'json');
  const since = parseSince(values.since);
  let policy;
  try {
    policy = await readPolicySource(values.policy);
  } catch (error) {
    throw new CommandError(
      `cannot read policy ${values.policy}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  const workers = parseWorkers(values.workers);
  const opa = await locateOpaUnlessInvalid(values.opa, io, [policy]);
  const run = await replayWithProgress(
    {
      head: policy,
      base: null,
      mode: 'drift',
      ...(workers !== null ? { workers } : {}),
      trafficPath: traffic,
      decisionLog,
      manifests: values.manifests ?? null,
      since,
      limit: parseCount('limit', values.limit, null),
      maxChanges: parseCount('max-changes', values['max-changes'], 50)!,
      maxGroups: parseCount('max-groups', values['max-groups'], DEFAULT_MAX_GROUPS)!,
      opa,
    },
    io,
  );
  const report = toDriftReport(run);
  let text: string;
  if (format === 'json') text = reportToJson(report);
  else if (format === 'markdown') text = `${driftMarkdownSections(report).join('\n\n')}\n`;
  else text = renderDriftText(report);
  if (values.out) await writeOutputFile(values.out, text);
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
    `records ${r.evaluated} evaluated, ${r.unevaluable} unevaluable, ${r.without_recorded_decision} without a recorded decision, ${r.malformed.count} malformed`,
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
