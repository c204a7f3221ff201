/**
 * `replay` and `drift` for Rego policies (docs/rego.md): the kind detected from what is given (or
 * `--policy-kind`), the decision path and mapping from the flags, the run, the report in the
 * chosen format, and the exit code: 2 for a policy with problems or a refused replay (every
 * refusal listed), 1 when a gate rule is crossed.
 */
import { stat } from 'node:fs/promises';
import { evaluateGate } from '../gate/gate.js';
import type { FailOnRule } from '../gate/gate.js';
import { gateFactsOfRego } from '../gate/gateFacts.js';
import { parseDecisionField, type DecisionMapping } from '../regoPolicy/decisionMapping.js';
import { locateEngine } from '../regoPolicy/locateEngine.js';
import type { Refusal } from '../regoPolicy/preflight.js';
import { renderRegoMarkdown } from '../render/regoMarkdown.js';
import { toRegoDriftReport } from '../regoReplay/regoDriftReport.js';
import { renderRegoText } from '../render/regoText.js';
import { reportToJson } from '../replay/report/report.js';
import { DEFAULT_LIMITS } from '../replay/limits.js';
import { runRegoReplay, type RegoRunOptions } from '../regoReplay/regoRun.js';
import { TrafficReadError } from '../traffic/reader.js';
import { CommandError, EXIT, UsageError, type CommandIO } from './io.js';
import { writeOutputFile } from './outputFiles.js';
import { progressReporter } from './progress.js';
import { guardReportOutput, textColour } from './replayRun.js';
import { textWidth } from './textWidth.js';
import type { Shard } from '../replay/evaluate/shard.js';

/** A rule document, or a Rego policy (a directory, a bundle archive, a `.rego` file). */
export async function policyKindOf(
  flag: string | undefined,
  paths: readonly string[],
): Promise<'rules' | 'rego'> {
  if (flag === 'rules' || flag === 'rego') return flag;
  for (const path of paths) {
    if (/\.(rego|tar\.gz|tgz)$/i.test(path)) return 'rego';
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) return 'rego';
  }
  return 'rules';
}

/** The flags a Rego replay reads (replay's and drift's, by name). */
export interface RegoFlags {
  traffic: readonly string[];
  'decision-path'?: string | undefined;
  'decision-field'?: string | undefined;
  'deny-when-nonempty'?: boolean | undefined;
  'rego-version'?: string | undefined;
  engine?: string | undefined;
  since?: string | undefined;
  'max-changes': number;
  'max-groups': number;
  'max-attribution-edits'?: number | undefined;
  'max-line-bytes'?: number | undefined;
  format: 'json' | 'markdown' | 'text';
  out?: string | undefined;
  width?: number | undefined;
  unevaluable?: string | undefined;
  limit?: number | undefined;
  manifests?: string | undefined;
  bundle?: string | undefined;
  'manifest-id-field'?: string | undefined;
  shard?: unknown;
  witnesses?: string | undefined;
  opa?: string | undefined;
}

/** The rule-language flags a Rego replay has no use for yet (docs/rego.md "Status"): refused, never ignored. */
function refuseUnsupported(values: RegoFlags): void {
  const unsupported: [string, unknown][] = [['--witnesses', values.witnesses]];
  const given = unsupported.filter(([, v]) => v !== undefined).map(([flag]) => flag);
  if (given.length > 0)
    throw new UsageError(`${given.join(', ')}: not available for Rego policies (docs/rego.md "The command")`);
  if (values['decision-path'] === undefined)
    throw new UsageError(
      '--decision-path is required for a Rego policy (e.g. --decision-path httpapi/authz/allow)',
    );
  if (values['deny-when-nonempty'] === true && values['decision-field'] !== undefined)
    throw new UsageError(
      '--decision-field and --deny-when-nonempty are two ways to read the decision: give one',
    );
}

/** The Rego flags given with a rule document: refused, so nobody believes they took effect. */
export function refuseRegoFlags(
  values: Pick<RegoFlags, 'deny-when-nonempty' | 'rego-version' | 'engine'>,
): void {
  const given = [
    values['deny-when-nonempty'] === true ? '--deny-when-nonempty' : null,
    values['rego-version'] !== undefined ? '--rego-version' : null,
    values.engine !== undefined ? '--engine' : null,
  ].filter((f): f is string => f !== null);
  if (given.length > 0)
    throw new UsageError(
      `${given.join(', ')}: only for Rego policies (this policy is a rule document; see --policy-kind)`,
    );
}

export function mappingOf(values: Pick<RegoFlags, 'decision-field' | 'deny-when-nonempty'>): DecisionMapping {
  if (values['deny-when-nonempty'] === true) return { kind: 'deny-when-nonempty' };
  const field = values['decision-field'];
  if (field === undefined) return { kind: 'boolean' };
  const path = parseDecisionField(field);
  if (path === null)
    throw new UsageError(`Invalid --decision-field '${field}'. Expected a dotted path of keys.`);
  return { kind: 'field', path };
}

function refusalLine(r: Refusal): string {
  const where = r.file === undefined ? '' : `${r.file}${r.line === undefined ? '' : `:${r.line}`}: `;
  return `${where}error: ${r.code}: ${r.message}\n`;
}

export interface RegoCommand {
  mode: 'compare' | 'drift';
  head: string;
  base: string | null;
  failOn: readonly FailOnRule[];
  failOnDrift: boolean;
}

export async function runRegoCommand(
  command: RegoCommand,
  values: RegoFlags,
  io: CommandIO,
): Promise<number> {
  refuseUnsupported(values);
  const rules = values['rego-version'];
  const enginePath = await locateEngine(values.engine, io.env);
  const out = values.out ? { role: '--out', path: values.out } : null;
  const policies = [
    { role: 'the head policy', path: command.head },
    command.base === null ? null : { role: 'the base policy', path: command.base },
  ];
  const inputs = await guardReportOutput(out, policies, { traffic: values.traffic }, io);
  const options: RegoRunOptions = {
    mode: command.mode,
    head: { path: command.head, shown: command.head },
    base: command.base === null ? null : { path: command.base, shown: command.base },
    decisionPath: values['decision-path']!,
    regoVersion: rules === 'v0' || rules === 'v1' ? rules : null,
    mapping: mappingOf(values),
    traffic: values.traffic.map((p) => ({ shown: p, path: p })),
    since: values.since ?? null,
    limit: values.limit ?? null,
    bundle: values.bundle ?? null,
    shard: (values.shard as Shard | undefined) ?? null,
    manifests: values.manifests ?? null,
    manifestIdField: values['manifest-id-field']?.split('.') ?? null,
    unevaluable: values.unevaluable === 'static' ? 'static' : 'precise',
    maxChanges: values['max-changes'],
    maxGroups: values['max-groups'],
    maxAttributionEdits: values['max-attribution-edits'] ?? 64,
    maxLineBytes: values['max-line-bytes'] ?? DEFAULT_LIMITS.maxLineBytes,
    enginePath,
  };
  const progress = progressReporter(io);
  const run = await runRegoReplay({ ...options, onProgress: (k) => progress.update(k) })
    .catch((error: unknown) => {
      if (error instanceof TrafficReadError) throw new CommandError(error.message);
      throw error;
    })
    .finally(() => progress.done());
  if (run.kind === 'refused') {
    for (const r of run.refusals) io.stderr(refusalLine(r));
    throw new CommandError(
      `the Rego replay was refused (${run.refusals.length} reason(s) above): nothing replayed`,
    );
  }
  const { report } = run;
  // The report counts invalid manifests (graded unreplayable); where each problem is goes here.
  for (const p of run.manifestProblems ?? [])
    io.stderr(
      `${p.file}:${p.line}:${p.column}: warning: ${p.path || '(document)'}: invalid manifest: ${p.message}\n`,
    );
  const format = values.format;
  if (report.errors.length > 0 && format !== 'json')
    for (const e of report.errors) io.stderr(`${e.file}:${e.line}:${e.column}: error: ${e.message}\n`);
  const text =
    format === 'json'
      ? reportToJson(command.mode === 'drift' ? toRegoDriftReport(report) : report)
      : format === 'markdown'
        ? renderRegoMarkdown(report)
        : renderRegoText(report, {
            colour: textColour(io),
            width: textWidth(values.width, io, out !== null),
          });
  if (out) await writeOutputFile(out, text, inputs);
  else io.stdout(text);
  if (report.errors.length > 0) return EXIT.badInput;
  const facts = gateFactsOfRego(report);
  if (command.mode === 'drift')
    return command.failOnDrift && (facts.driftTotal ?? 0) > 0 ? EXIT.thresholdCrossed : EXIT.ok;
  const verdict = evaluateGate(command.failOn, [facts]);
  for (const failure of verdict.failed) io.stderr(`fail-on: ${failure.reason}\n`);
  return verdict.verdict === 'fail' ? EXIT.thresholdCrossed : EXIT.ok;
}
