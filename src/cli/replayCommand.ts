import { parseArgs } from 'node:util';
import { locateOpa, type LocatedOpa } from '../opa/locate.js';
import { formatProblem } from '../policy/problems.js';
import { FailOnError, parseFailOn } from '../gate/failOn.js';
import { evaluateGate } from '../gate/gate.js';
import {
  runReplay,
  readPolicySource,
  validateSources,
  type PolicySource,
  type RunReplayOptions,
  type RunReplayResult,
} from '../replay/run.js';
import { reportToJson, type ReplayReport } from '../replay/report.js';
import { parseShard } from '../replay/shard.js';
import { DEFAULT_MAX_GROUPS } from '../replay/changeGroups.js';
import { gateFactsOf } from '../gate/gateFacts.js';
import { renderReplayMarkdown } from '../render/markdown.js';
import { renderReplayText } from '../render/text.js';
import { isRfc3339Instant } from '../time/rfc3339.js';
import { TrafficReadError } from '../traffic/reader.js';
import {
  DecisionLogOptionError,
  parseDecisionLogOptions,
  type DecisionLogOptions,
} from '../traffic/decisionLog.js';
import { ManifestFileError } from '../fidelity/report.js';
import { CommandError, EXIT, UsageError, writeOutputFile, type CommandIO } from './io.js';
import { progressReporter } from './progress.js';

export const REPLAY_USAGE =
  'policy-replay replay --head <policy> [--base <policy>] --traffic <file|dir|glob>... [--decision-path P] [--decision-field F] [--bundle NAME] [--manifest-id-field F] [--manifests <dir-or-glob>] [--since ISO] [--limit N] [--max-changes N] [--max-groups N] [--format json|markdown|text] [--out FILE] [--fail-on RULES] [--shard K/N] [--redact-subjects] [--workers N] [--opa PATH]';

export type ReportFormat = 'json' | 'markdown' | 'text';

/** More threads than this only add memory: reading and aggregation stay on one thread. */
const MAX_WORKERS = 64;

export function parseFormat(value: string | undefined, fallback: ReportFormat): ReportFormat {
  const format = value ?? fallback;
  if (format !== 'json' && format !== 'markdown' && format !== 'text') {
    throw new UsageError(`Invalid --format '${format}'. Expected json, markdown or text.`);
  }
  return format;
}

export function parseCount(name: string, value: string | undefined, fallback: number | null): number | null {
  if (value === undefined) return fallback;
  if (!/^(0|[1-9][0-9]*)$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`Invalid --${name} '${value}'. Expected a whole number ≥ 0.`);
  }
  return Number(value);
}

/** `--workers N`: 0 or 1 replays in-process, 2..MAX_WORKERS threads; absent: automatic. */
export function parseWorkers(value: string | undefined): number | null {
  const workers = parseCount('workers', value, null);
  if (workers !== null && workers > MAX_WORKERS)
    throw new UsageError(`Invalid --workers '${value}'. Expected 0 to ${MAX_WORKERS}.`);
  return workers;
}

export function renderReport(
  report: ReplayReport,
  format: ReportFormat,
  io: CommandIO,
  redact = false,
): string {
  if (format === 'json') return reportToJson(report);
  if (format === 'markdown') return renderReplayMarkdown(report, { redactSubjects: redact });
  return renderReplayText(report, { colour: io.stdoutIsTTY && !io.env.NO_COLOR });
}

/**
 * OPA is found before anything is compiled; but an invalid policy is reported as such (exit 2)
 * even on a machine without OPA, since validation does not need it.
 */
export async function locateOpaUnlessInvalid(
  flag: string | undefined,
  io: CommandIO,
  sources: (PolicySource | null)[],
): Promise<LocatedOpa> {
  try {
    return await locateOpa({ flag, env: io.env });
  } catch (error) {
    const problems = validateSources(...sources);
    if (problems.length === 0) throw error;
    for (const p of problems) io.stderr(`${formatProblem(p)}\n`);
    throw new CommandError(`${problems.length} problem(s) in the policy files; nothing replayed`);
  }
}

/**
 * The options `replay` and `drift` share: the sample (`--traffic` repeatable; decision-log
 * options, docs/decision-logs.md), its filters, the output and the engine.
 */
export const SAMPLE_OPTIONS = {
  traffic: { type: 'string', multiple: true },
  'decision-path': { type: 'string' },
  'decision-field': { type: 'string' },
  bundle: { type: 'string' },
  'manifest-id-field': { type: 'string' },
  manifests: { type: 'string' },
  since: { type: 'string' },
  limit: { type: 'string' },
  'max-changes': { type: 'string' },
  'max-groups': { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  workers: { type: 'string' },
  opa: { type: 'string' },
} as const;

/** The decision-log flags, parsed; a bad value is a usage error naming the flag. */
export function parseDecisionLogFlags(values: {
  'decision-path'?: string | undefined;
  'decision-field'?: string | undefined;
  bundle?: string | undefined;
  'manifest-id-field'?: string | undefined;
}): DecisionLogOptions {
  try {
    return parseDecisionLogOptions({
      decisionPath: values['decision-path'] ?? null,
      decisionField: values['decision-field'] ?? null,
      bundle: values.bundle ?? null,
      manifestIdField: values['manifest-id-field'] ?? null,
    });
  } catch (error) {
    if (error instanceof DecisionLogOptionError)
      throw new UsageError(error.message.replace(`Invalid ${error.option} `, `Invalid --${error.option} `));
    throw error;
  }
}

/** `--traffic`: at least one file, directory or glob. */
export function parseTraffic(values: readonly string[] | undefined): string[] {
  if (values === undefined || values.length === 0) throw new UsageError('--traffic is required');
  if (values.some((v) => v === ''))
    throw new UsageError("Invalid --traffic ''. Expected a file, directory or glob.");
  return [...values];
}

/** `--since` must be an instant: a typo must not silently replay everything. */
export function parseSince(value: string | undefined): string | null {
  if (value !== undefined && !isRfc3339Instant(value)) {
    throw new UsageError(
      `Invalid --since '${value}'. Expected an RFC 3339 instant such as 2026-11-01T00:00:00Z.`,
    );
  }
  return value ?? null;
}

/**
 * runReplay for a command: a progress line on a terminal, warnings on stderr, and an unreadable
 * traffic or manifest file as a one-line error (exit 2).
 */
export async function replayWithProgress(
  options: Omit<RunReplayOptions, 'onProgress'>,
  io: CommandIO,
): Promise<RunReplayResult> {
  const progress = progressReporter(io);
  let run: RunReplayResult;
  try {
    run = await runReplay({ ...options, onProgress: (n) => progress.update(n) });
  } catch (error) {
    if (error instanceof TrafficReadError || error instanceof ManifestFileError)
      throw new CommandError(error.message);
    throw error;
  } finally {
    progress.done();
  }
  for (const warning of run.warnings) io.stderr(`${formatProblem(warning)}\n`);
  return run;
}

export async function runReplayCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      head: { type: 'string' },
      base: { type: 'string' },
      ...SAMPLE_OPTIONS,
      'fail-on': { type: 'string' },
      shard: { type: 'string' },
      'redact-subjects': { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.head) throw new UsageError('--head is required');
  const traffic = parseTraffic(values.traffic);
  const decisionLog = parseDecisionLogFlags(values);
  const format = parseFormat(values.format, 'json');
  const since = parseSince(values.since);
  const limit = parseCount('limit', values.limit, null);
  const maxChanges = parseCount('max-changes', values['max-changes'], 50)!;
  const maxGroups = parseCount('max-groups', values['max-groups'], DEFAULT_MAX_GROUPS)!;
  const workers = parseWorkers(values.workers);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (shard === null) throw new UsageError(`Invalid --shard '${values.shard}'. Expected K/N with 1 ≤ K ≤ N.`);
  let failOn: ReturnType<typeof parseFailOn> = [];
  if (values['fail-on'] !== undefined) {
    try {
      failOn = parseFailOn(values['fail-on']);
    } catch (error) {
      if (error instanceof FailOnError) throw new UsageError(error.message);
      throw error;
    }
  }

  const readSource = async (file: string) => {
    try {
      return await readPolicySource(file);
    } catch (error) {
      throw new CommandError(
        `cannot read policy ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  };
  const head = await readSource(values.head);
  const base = values.base ? await readSource(values.base) : null;
  const opa = await locateOpaUnlessInvalid(values.opa, io, [head, base]);
  const run = await replayWithProgress(
    {
      head,
      base,
      trafficPath: traffic,
      decisionLog,
      manifests: values.manifests ?? null,
      since,
      limit,
      maxChanges,
      maxGroups,
      ...(shard ? { shard } : {}),
      opa,
      ...(workers !== null ? { workers } : {}),
    },
    io,
  );
  const { report } = run;
  if (report.errors.length > 0 && format !== 'json') {
    for (const e of report.errors)
      io.stderr(`${e.file}:${e.line}:${e.column}: error: ${e.path || '(document)'}: ${e.message}\n`);
  }
  const text = renderReport(report, format, io, values['redact-subjects'] === true);
  if (values.out) await writeOutputFile(values.out, text);
  else io.stdout(text);
  if (report.errors.length > 0) return EXIT.badInput;
  const verdict = evaluateGate(failOn, [gateFactsOf(report)]);
  for (const failure of verdict.failed) io.stderr(`fail-on: ${failure.reason}\n`);
  return verdict.verdict === 'fail' ? EXIT.thresholdCrossed : EXIT.ok;
}
