import { readFile, stat } from 'node:fs/promises';
import { validatePolicyText, formatOfPath } from '../policy/validate.js';
import { policyLines } from '../policy/policyLines.js';
import type { PolicyProblem } from '../policy/problems.js';
import { compilePolicyText, type CompileFailure } from '../compile/compilePolicy.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { NO_DECISION_LOG_OPTIONS, type DecisionLogOptions } from '../traffic/decisionLog.js';
import { planSample, sampleDigest } from '../traffic/sample.js';
import type { SampleSource } from '../traffic/sampleFiles.js';
import { sha256OfText } from '../canonical/sha256.js';
import {
  loadManifestsFromDirOrGlob,
  summarizeFidelity,
  type FidelitySummary,
  type ManifestSet,
} from '../fidelity/report.js';
import type { ManifestProblem } from '../fidelity/manifest.js';
import { TOOL_VERSION } from '../version.js';
import { replayTraffic, type ReplaySide, type ReplayOutcome } from './replay.js';
import type { ReplayReport, ReportError, PolicyRef } from './report/report.js';
import type { Shard } from './evaluate/shard.js';
import { DEFAULT_MAX_GROUPS } from './report/changeGroups.js';
import type { UnevaluableMode } from './evaluate/unknownSides.js';
import { boundedList } from '../text/listing.js';
import { editsOf } from '../policy/edits.js';
import type { WitnessRecord } from '../coverage/witness.js';
import { coverageOf, type CoverageRunOptions } from './coverageSection.js';

/** A policy version to replay: its text (read from disk or from a commit) and how to name it. */
export interface PolicySource {
  displayPath: string;
  text: string;
  /** The commit it was read at, when known (the Action's base/head SHAs). */
  ref?: string | null;
}

export interface RunReplayOptions {
  head: PolicySource | null;
  base: PolicySource | null;
  /** Hash the set of every change (the Action's impact digest, docs/review.md). */
  digestChanges?: boolean;
  /**
   * An invalid base: `fail` (default; the CLI) reports it like an invalid head; `unknown` (the
   * Action) replays with every current decision `unknown`, so a pull request that repairs a broken
   * policy can pass, and returns the base's problems apart in `baseErrors`. Only a base whose
   * document has problems is unknown: one over a limit or out of time throws BaseNotJudgedError,
   * as every comparison against a base nobody could judge would be a guess.
   */
  invalidBase?: 'fail' | 'unknown';
  /** The sample: one or more files, directories or globs (docs/decision-logs.md). */
  trafficPath: string | readonly string[];
  /** The same with how each is shown, when that differs from where it is read (the Action). */
  traffic?: readonly SampleSource[];
  /** `meta.traffic.path`; default: the sources as shown, joined by `, `. */
  trafficDisplayPath?: string;
  /** How decision events are read; default: no options. */
  decisionLog?: DecisionLogOptions;
  manifests?: string | null;
  since?: string | null;
  limit?: number | null;
  maxChanges: number;
  /** Cap of `change_groups` (docs/explain.md); default DEFAULT_MAX_GROUPS. */
  maxGroups?: number;
  shard?: Shard;
  mode?: 'compare' | 'drift';
  /** docs/unknowns.md: `precise` (default) or `static`, for both sides. */
  unevaluable?: UnevaluableMode;
  opa: { path: string; version: string };
  onProgress?: (records: number) => void;
  /** Worker threads (replayTraffic's `workers`): omitted, chosen from the sample's size. */
  workers?: number;
  /** Resource limits (limits.ts); omitted: DEFAULT_LIMITS. */
  limits?: Limits;
  /** docs/review.md: more edits than this and `because` is syntactic; default 64. */
  maxAttributionEdits?: number;
  /** docs/coverage.md: add `result.coverage` (and its witnesses); omitted: no section. */
  coverage?: CoverageRunOptions;
}

export interface PreparedPolicy {
  side: ReplaySide;
  ref: PolicyRef;
  rego: string;
  warnings: PolicyProblem[];
}

export type PrepareResult =
  | { ok: true; prepared: PreparedPolicy }
  | { ok: false; reason: CompileFailure; errors: PolicyProblem[]; warnings: PolicyProblem[] };

/** The report's name for a policy version: the base always says which commit (null: unknown). */
export function policyRef(source: PolicySource, side: 'head' | 'base' = 'head'): PolicyRef {
  const sha256 = sha256OfText(source.text);
  return side === 'base'
    ? { path: source.displayPath, ref: source.ref ?? null, sha256 }
    : { path: source.displayPath, sha256 };
}

/**
 * Reads a policy file. Only a regular file no larger than `maxPolicyBytes` is read at all: a
 * device or FIFO would never end, and a huge file is refused before it fills memory.
 */
export async function readPolicySource(
  file: string,
  displayPath = file,
  maxPolicyBytes = DEFAULT_LIMITS.maxPolicyBytes,
): Promise<PolicySource> {
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`${displayPath} is not a regular file (a directory, device or FIFO)`);
  if (info.size > maxPolicyBytes) {
    throw new Error(
      `${displayPath} is ${info.size.toLocaleString('en-US')} bytes, over the ${maxPolicyBytes.toLocaleString('en-US')}-byte limit for a policy ` +
        '(raise it with --max-policy-bytes)',
    );
  }
  return { displayPath, text: await readFile(file, 'utf8') };
}

/** The format a policy is read in: by its file name, YAML when the name says neither. */
function formatOfSource(source: PolicySource) {
  return formatOfPath(source.displayPath) ?? 'yaml';
}

/** Validation alone (no OPA needed): every problem of the sides given, in order. */
export function validateSources(...sources: (PolicySource | null)[]): PolicyProblem[] {
  return sources.flatMap((source) => {
    if (!source) return [];
    const result = validatePolicyText(source.text, source.displayPath, formatOfSource(source));
    return result.ok ? [] : result.errors;
  });
}

/** validate → Rego → wasm → loaded engine, for one side. */
export async function preparePolicy(
  source: PolicySource,
  opaPath: string,
  limits: Limits = DEFAULT_LIMITS,
): Promise<PrepareResult> {
  const compiled = await compilePolicyText(source.text, source.displayPath, opaPath, limits);
  if (!compiled.ok) return compiled;
  const { policy, features, engine, wasm, rego, warnings } = compiled.loaded;
  return {
    ok: true,
    prepared: { side: { policy, features, engine, wasm }, ref: policyRef(source), rego, warnings },
  };
}

export interface RunReplayResult {
  report: ReplayReport;
  head: PreparedPolicy | null;
  base: PreparedPolicy | null;
  warnings: PolicyProblem[];
  outcome: ReplayOutcome | null;
  fidelity: FidelitySummary | null;
  /** Every problem of the invalid manifests (the report counts them; callers show where they are). */
  manifestProblems: ManifestProblem[];
  /** With `invalidBase: 'unknown'`: the base's problems (the replay went on without it). */
  baseErrors: ReportError[];
  /** The coverage section's witnesses (`--witnesses`); null when the report has no section. */
  witnesses: WitnessRecord[] | null;
}

function toReportError(p: PolicyProblem): ReportError {
  return { file: p.file, path: p.path, line: p.line, column: p.column, message: p.message };
}

/**
 * The base version could not be compiled for a reason other than its document (a resource limit,
 * OPA's time limit): the change cannot be judged against it.
 */
export class BaseNotJudgedError extends Error {
  override readonly name = 'BaseNotJudgedError';
  readonly kind = 'base-not-judged' as const;
  constructor(
    readonly base: PolicySource,
    readonly reason: Exclude<CompileFailure, 'invalid'>,
    readonly problems: readonly PolicyProblem[],
  ) {
    const at = base.ref ? ` at ${base.ref}` : '';
    super(
      `the base version of ${base.displayPath}${at} could not be compiled ` +
        `(${reason === 'timeout' ? 'time limit' : 'resource limit'}), so the change cannot be judged against it: ` +
        boundedList(
          problems.map((p) => p.message),
          '; ',
        ),
    );
  }
}

/** The ids the fidelity summary grades records by: every manifest's, valid or not. */
export function manifestIdsOf(set: Pick<ManifestSet, 'reports' | 'invalidManifests'>): Set<string> {
  const ids = new Set<string>();
  for (const report of set.reports) ids.add(report.id);
  for (const invalid of set.invalidManifests) if (invalid.id !== null) ids.add(invalid.id);
  return ids;
}

/** The whole replay of one policy change, as the JSON report (docs/report.md "The replay report"). */
export async function runReplay(options: RunReplayOptions): Promise<RunReplayResult> {
  const { head, base, plan, digest } = await prepareRun(options);
  const baseProblems = base && !base.ok ? base.errors : [];
  if (options.invalidBase === 'unknown' && base !== null && !base.ok && base.reason !== 'invalid')
    throw new BaseNotJudgedError(options.base!, base.reason, base.errors);
  const baseIsUnknown = options.invalidBase === 'unknown' && baseProblems.length > 0;
  const errors = [...(head && !head.ok ? head.errors : []), ...(baseIsUnknown ? [] : baseProblems)];
  const baseErrors = baseIsUnknown ? baseProblems.map(toReportError) : [];
  const warnings = [
    ...(head ? (head.ok ? head.prepared.warnings : head.warnings) : []),
    ...(base ? (base.ok ? base.prepared.warnings : base.warnings) : []),
  ];
  const headPrepared = head?.ok ? head.prepared : null;
  const basePrepared = base?.ok ? base.prepared : null;
  const meta = reportMeta(options, plan, digest);
  if (errors.length > 0) {
    return {
      report: { meta, errors: errors.map(toReportError), result: null },
      head: headPrepared,
      base: basePrepared,
      warnings,
      outcome: null,
      fidelity: null,
      manifestProblems: [],
      baseErrors,
      witnesses: null,
    };
  }
  const manifestSet = options.manifests ? await loadManifestsFromDirOrGlob(options.manifests) : null;
  const outcome = await replayTraffic({
    head: headPrepared?.side ?? null,
    base: basePrepared?.side ?? null,
    // The rule diff's lines; drift has no diff.
    ...(options.head && options.mode !== 'drift'
      ? { headLines: policyLines(options.head.text, formatOfSource(options.head)) }
      : {}),
    trafficPath: options.trafficPath,
    sample: plan,
    since: options.since ?? null,
    limit: options.limit ?? null,
    maxChanges: options.maxChanges,
    maxGroups: meta.max_groups,
    ...(options.shard ? { shard: options.shard } : {}),
    mode: options.mode ?? 'compare',
    unevaluable: options.unevaluable ?? 'precise',
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    maxLineBytes: (options.limits ?? DEFAULT_LIMITS).maxLineBytes,
    ...(manifestSet ? { manifestIds: manifestIdsOf(manifestSet) } : {}),
    ...(options.maxAttributionEdits !== undefined
      ? { maxAttributionEdits: options.maxAttributionEdits }
      : {}),
    ...(options.digestChanges === true ? { digestChanges: true } : {}),
    // The coverage section places the replayed records by their signatures (coverageSection.ts).
    ...(options.coverage !== undefined ? { signatures: true } : {}),
  });
  if (outcome.attribution !== null) meta.attribution = outcome.attribution;
  meta.excluded_without_time = outcome.excludedWithoutTime;
  meta.skipped = outcome.skipped;
  meta.traffic.files.forEach((f, i) => (f.count = outcome.fileCounts[i]!));
  const fidelity = manifestSet ? summarizeFidelity(manifestSet, outcome.manifestIds) : null;
  const result = fidelity ? { ...outcome.result, fidelity } : outcome.result;
  const coverage = await coverageSection(options, outcome, meta, basePrepared, headPrepared);
  if (coverage !== undefined) result.coverage = coverage.section;
  return {
    witnesses: coverage?.witnesses ?? null,
    report: { meta, errors: [], result },
    head: headPrepared,
    base: basePrepared,
    warnings,
    outcome,
    fidelity,
    manifestProblems: manifestSet?.invalid ?? [],
    baseErrors,
  };
}

/**
 * `result.coverage` when asked for: a compare of two versions (the section is null otherwise;
 * a shard's is the partial section merge combines); undefined when not asked for.
 */
async function coverageSection(
  options: RunReplayOptions,
  outcome: ReplayOutcome,
  meta: ReplayReport['meta'],
  base: PreparedPolicy | null,
  head: PreparedPolicy | null,
) {
  if (options.coverage === undefined) return undefined;
  const diff = outcome.result.rule_diff;
  if (base === null || head === null || diff === null || outcome.signatures === null)
    return { section: null, witnesses: [] };
  return coverageOf(
    {
      base: base.side,
      head: head.side,
      signatures: outcome.signatures,
      firstAt: outcome.horizonStart,
      diff,
      edits: meta.attribution?.method === 'counterfactual' ? editsOf(diff) : null,
      unevaluable: options.unevaluable ?? 'precise',
      maxGroups: meta.max_groups,
      shard: options.shard !== undefined,
    },
    options.coverage,
  );
}

type SamplePlan = Awaited<ReturnType<typeof planSample>>;
type SampleDigest = Awaited<ReturnType<typeof sampleDigest>>;

/** Both sides compiled and the sample planned and hashed, all at once. */
async function prepareRun(options: RunReplayOptions) {
  const paths = typeof options.trafficPath === 'string' ? [options.trafficPath] : options.trafficPath;
  // One path with a display name (the Action's, a test's) is shown by that name in `files` too.
  const sources =
    options.traffic ??
    paths.map((p) => ({ shown: paths.length === 1 ? (options.trafficDisplayPath ?? p) : p, path: p }));
  const maxLineBytes = (options.limits ?? DEFAULT_LIMITS).maxLineBytes;
  const decisionLog = options.decisionLog ?? NO_DECISION_LOG_OPTIONS;
  const [head, base, { plan, digest }] = await Promise.all([
    options.head ? preparePolicy(options.head, options.opa.path, options.limits) : null,
    options.base ? preparePolicy(options.base, options.opa.path, options.limits) : null,
    planSample(sources, decisionLog, options.trafficDisplayPath, maxLineBytes).then(async (plan) => ({
      plan,
      digest: await sampleDigest(plan.files),
    })),
  ]);
  return { head, base, plan, digest };
}

/** The report's meta before the replay (its per-shard counts and file counts come after). */
function reportMeta(options: RunReplayOptions, plan: SamplePlan, digest: SampleDigest): ReplayReport['meta'] {
  const status =
    options.mode === 'drift'
      ? 'drift'
      : options.head === null
        ? 'deleted'
        : options.base === null
          ? 'added'
          : 'changed';
  const refOf = (source: PolicySource | null, side: 'head' | 'base'): PolicyRef | null =>
    source ? policyRef(source, side) : null;
  return {
    tool: 'policy-replay',
    version: TOOL_VERSION,
    opa_version: options.opa.version,
    head: refOf(options.head, 'head'),
    base: refOf(options.base, 'base'),
    traffic: {
      path: plan.shown,
      sha256: digest.sha256,
      format: plan.format,
      files: plan.files.map((f, i) => ({ path: f.shown, sha256: digest.files[i]!, count: null })),
    },
    skipped: { non_decision: 0, other_path: 0 },
    since: options.since ?? null,
    limit: options.limit ?? null,
    status,
    excluded_without_time: 0,
    max_changes: options.maxChanges,
    max_groups: options.maxGroups ?? DEFAULT_MAX_GROUPS,
    unevaluable_mode: options.unevaluable ?? 'precise',
    ...(options.shard ? { shard: options.shard } : {}),
  };
}
