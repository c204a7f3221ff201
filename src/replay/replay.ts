import { availableParallelism } from 'node:os';
import type { Policy } from '../policy/schema.js';
import type { PolicyFeatures } from '../policy/features.js';
import type { WasmPolicy } from '../engine/wasmEngine.js';
import { DEFAULT_MAX_LINE_BYTES } from '../traffic/reader.js';
import { linesEstimate, workersForEstimate } from './workers/workerCount.js';
import { NO_DECISION_LOG_OPTIONS, type DecisionLogOptions } from '../traffic/decisionLog.js';
import {
  DecisionPathGuard,
  fileIndexOf,
  forEachUnitElement,
  mixedSampleError,
  planSample,
  positionOf,
  positionText,
  sampleDuplicateReason,
  sampleUnits,
  withDecisionPathListing,
  type SamplePlan,
  type SampleUnit,
} from '../traffic/sample.js';
import { UNEVALUABLE_REASONS, type UnevaluableReason } from '../unknowns/reasons.js';
import { TopChanges } from './report/changeOrder.js';
import { ChangeGroupCollector, DEFAULT_MAX_GROUPS, type GroupTally } from './report/changeGroups.js';
import { ruleDiff } from '../policy/ruleDiff.js';
import type { PolicyLines } from '../policy/policyLines.js';
import {
  decisionPair,
  evaluatorSides,
  RecordEvaluator,
  VERDICT_ALLOW,
  VERDICT_UNEVALUABLE,
  type ElementOutcome,
  type OutcomeConfig,
  type RecordOutcome,
} from './evaluate/recordOutcome.js';
import { RequestIdTable } from '../traffic/requestIdTable.js';
import { buildRecordFilter, type RecordFilter } from './selection.js';
import { inShard, type Shard } from './evaluate/shard.js';
import {
  ReplayWorkerPool,
  replayWorkerScript,
  WORKER_CHUNK_BYTES,
  type WorkerInit,
} from './workers/workerPool.js';
import { forEachOutcome, outcomeCount, ownString, type OutcomeBatch } from './workers/outcomeCodec.js';
import { keepFirstExamples, type Change, type ReplayResult } from './report/report.js';
import type { UnevaluableMode } from './evaluate/unknownSides.js';

/**
 * The base could not evaluate a record the head evaluated (a trap, a builtin failure, its memory
 * limit): the record is readable, so it is not malformed, and the change cannot be judged against
 * a base that has no decision for it. The replay fails, whatever `fail-on` says (docs/security.md
 * "What a pull request is judged on").
 */
export class BaseEvaluationError extends Error {
  override readonly name = 'BaseEvaluationError';
  constructor(
    readonly position: string,
    readonly failure: string,
  ) {
    super(
      `the base version could not evaluate the record on ${position}, which the head evaluated, ` +
        `so the change cannot be judged against it: ${failure}`,
    );
  }
}

export { methodOf, toolsOf } from './evaluate/recordOutcome.js';

/** One side of the comparison, compiled and loaded. */
export interface ReplaySide {
  policy: Policy;
  features: PolicyFeatures;
  engine: WasmPolicy;
  /** The compiled module's bytes: what a worker thread loads its own engine from. */
  wasm?: Uint8Array;
}

export interface ReplayOptions {
  head: ReplaySide | null;
  base: ReplaySide | null;
  /** Where the head file holds its rules and settings, for the rule diff's lines; omitted: null lines. */
  headLines?: PolicyLines;
  /** The sample: files, directories or globs (traffic/sample.ts); ignored when `sample` is given. */
  trafficPath: string | readonly string[];
  /** The sample already planned (runReplay plans it once for the report's meta). */
  sample?: SamplePlan;
  /** How decision events are read (docs/decision-logs.md); only with `trafficPath`. */
  decisionLog?: DecisionLogOptions;
  since: string | null;
  limit: number | null;
  maxChanges: number;
  /** Cap of `change_groups` (docs/explain.md); default DEFAULT_MAX_GROUPS. */
  maxGroups?: number;
  shard?: Shard;
  /**
   * `compare` (default): the head against the base. `drift`: the head (the saved policy) against
   * each record's recorded_decision; records without one are counted apart.
   */
  mode?: 'compare' | 'drift';
  /** docs/unknowns.md: `precise` (default) or `static`, for both sides. */
  unevaluable?: UnevaluableMode;
  /** Called now and then with the number of records read so far. */
  onProgress?: (records: number) => void;
  /** The longest line (`.json`: element) replayed as a record; longer ones are malformed. */
  maxLineBytes?: number;
  /**
   * The manifest ids whose records the report's fidelity section counts (the manifests given);
   * every other record is counted under `null` (no manifest). Omitted: no manifest ids are kept.
   * Only these are kept because a sample can carry a distinct id per record (a million ids).
   */
  manifestIds?: ReadonlySet<string>;
  /**
   * Worker threads evaluating the records: 0 or 1 replays in-process, N ≥ 2 uses N threads.
   * Omitted: chosen from the sample's size (autoWorkerCount). The report is the same either way.
   * JSON arrays (our `.json` files, decision-log upload bodies) are always replayed on the main
   * thread, in order with the runs of lines the workers evaluate.
   */
  workers?: number;
}

/** Lines skipped by a decision-log sample (docs/decision-logs.md "What the report adds"). */
export interface SkippedCounts {
  non_decision: number;
  other_path: number;
}

export interface ReplayOutcome {
  result: ReplayResult;
  excludedWithoutTime: number;
  /**
   * manifest_id → replayed records carrying it, for the ids of `ReplayOptions.manifestIds`;
   * records without one of them are under `null` (none at all when no ids were given).
   */
  manifestIds: Map<string | null, number>;
  /** Drift mode: scoreable records without a recorded_decision. */
  withoutRecordedDecision: number;
  /** Drift mode: policy_revision (null: none recorded) → replayed records and drifts among them. */
  revisions: Map<string | null, { records: number; drift: number }>;
  /** Worker threads that evaluated the records (0: in-process). */
  workers?: number;
  /** The sample as read. */
  plan: SamplePlan;
  skipped: SkippedCounts;
  /** Per file of the plan: the non-blank lines or array elements read from it. */
  fileCounts: number[];
  /** Every change group, uncapped, with its subjects (the Action's annotations read them). */
  groups: GroupTally[];
}

async function workerCountFor(options: ReplayOptions, plan: SamplePlan): Promise<number> {
  const hasLines = plan.files.some((f) => f.layout === 'lines');
  if (options.workers !== undefined) {
    if (!Number.isSafeInteger(options.workers) || options.workers < 0)
      throw new RangeError(`workers must be a whole number ≥ 0, not ${options.workers}`);
    if (options.workers <= 1 || !hasLines) return 0;
    return options.workers;
  }
  const count = hasLines ? workersForEstimate(await linesEstimate(plan), availableParallelism()) : 0;
  // Without the worker script (the TypeScript sources under a test runner) or the wasm bytes,
  // the automatic choice stays in-process; an explicit `workers` insists (workerInit throws).
  if (count === 0 || replayWorkerScript() === null) return 0;
  if (!options.head?.wasm && options.head) return 0;
  if (!options.base?.wasm && options.base) return 0;
  return count;
}

/**
 * Replays every record of the sample against the head and the base. Streaming: memory holds the
 * capped change list, counters, and the ids already replayed (to catch repeats).
 */
export async function replayTraffic(options: ReplayOptions): Promise<ReplayOutcome> {
  const { primary, base } = evaluatorSides(options.head, options.base);
  const plan =
    options.sample ??
    (await planOf(options.trafficPath, options.decisionLog, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES));
  const config: OutcomeConfig = {
    mode: options.mode ?? 'compare',
    hasHead: options.head !== null,
    hasBase: options.base !== null,
    shard: options.shard ?? null,
    since: options.since,
    format: plan.format,
    decisionLog: plan.options,
    maxLineBytes: plan.maxLineBytes,
    unevaluable: options.unevaluable ?? 'precise',
  };
  const workers = await workerCountFor(options, plan);
  // Threads start (and compile their wasm) while the --limit pass reads the sample.
  const pool =
    workers > 0
      ? new ReplayWorkerPool(replayWorkerScriptOrThrow(), workers, workerInit(config, primary, base))
      : null;
  try {
    return await withDecisionPathListing(plan, async () => {
      const filter = await buildRecordFilter(plan, options.since, options.limit);
      // Drift compares with recorded decisions: there is no edit to explain.
      const diff =
        config.mode === 'drift'
          ? null
          : ruleDiff(options.base?.policy ?? null, options.head?.policy ?? null, options.headLines);
      const groups = new ChangeGroupCollector({
        headRules: primary.policy.rules.map((r) => r.id),
        baseRules: base?.policy.rules.map((r) => r.id) ?? null,
        diff,
        maxGroups: options.maxGroups ?? DEFAULT_MAX_GROUPS,
        partial: options.shard !== undefined,
      });
      const aggregate = new ReplayAggregator(
        config,
        primary.policy,
        filter,
        options.maxChanges,
        groups,
        plan,
        options.manifestIds,
      );
      let read = 0;
      const add = (outcome: ElementOutcome) => aggregate.add(outcome);
      const take = (outcomes: OutcomeBatch) => {
        forEachOutcome(outcomes, add);
        read += outcomeCount(outcomes);
        options.onProgress?.(read);
      };
      // In-process, or for a unit a worker does not take: the same evaluator on this thread.
      const evaluator = new RecordEvaluator(config, primary, base);
      const local = (unit: SampleUnit) => evaluateUnit(evaluator, unit);
      if (pool === null) for await (const unit of sampleUnits(plan, 0)) take(local(unit));
      else await pool.run(sampleUnits(plan, WORKER_CHUNK_BYTES), take, local);
      return {
        ...aggregate.finish(diff),
        excludedWithoutTime: filter.excludedWithoutTime,
        workers,
        plan,
      };
    });
  } finally {
    await pool?.close();
  }
}

/** A sample given by path(s), planned without decision-log options unless given. */
export function planOf(
  trafficPath: string | readonly string[],
  decisionLog: DecisionLogOptions = NO_DECISION_LOG_OPTIONS,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): Promise<SamplePlan> {
  const paths = typeof trafficPath === 'string' ? [trafficPath] : trafficPath;
  return planSample(
    paths.map((p) => ({ shown: p, path: p })),
    decisionLog,
    undefined,
    maxLineBytes,
  );
}

function evaluateUnit(evaluator: RecordEvaluator, unit: SampleUnit): ElementOutcome[] {
  if (unit.kind === 'lines') return evaluator.evaluateLines(unit.bytes, unit.firstLine, unit.base);
  const out: ElementOutcome[] = [];
  forEachUnitElement(unit, 0, (text, position, shape) =>
    out.push(evaluator.evaluateText(text, position, shape)),
  );
  return out;
}

function replayWorkerScriptOrThrow(): string {
  const script = replayWorkerScript();
  if (script === null)
    throw new Error('worker threads need the built worker script (run the bundle or the tsc build)');
  return script;
}

function workerInit(config: OutcomeConfig, primary: ReplaySide, base: ReplaySide | null): WorkerInit {
  const side = (s: ReplaySide) => {
    if (!s.wasm) throw new Error(`worker threads need the wasm bytes of ${s.engine.name}`);
    return { name: s.engine.name, wasm: s.wasm, policy: s.policy, features: s.features };
  };
  return { config, primary: side(primary), base: base === null ? null : side(base) };
}

/**
 * The in-order half of the replay: consumes outcomes in file order and keeps everything that
 * depends on order or on other records — repeated ids (the first stays, a repeat is malformed),
 * --shard, --since/--limit, the counters, rule hits, the capped change list, malformed examples,
 * manifest ids and revisions.
 */
class ReplayAggregator {
  private readonly counts = { evaluated: 0, allowed: 0, denied: 0, unevaluable: 0 };
  private unevaluableByReading = 0;
  private readonly byReason = new Array<number>(UNEVALUABLE_REASONS.length).fill(0);
  /** Per index of the primary's rules. */
  private readonly ruleCounts: number[];
  private readonly ruleIds: string[];
  private readonly top: TopChanges;
  private readonly split = { changes_total: 0, newly_allowed: 0, newly_denied: 0, from_unknown: 0 };
  /** Examples by position (`line`); finish() says where each is, as the report does. */
  private readonly malformed = { count: 0, examples: [] as { line: number; reason: string }[] };
  private readonly manifestIds = new Map<string | null, number>();
  private readonly revisions = new Map<string | null, { records: number; drift: number }>();
  /** Line of the first replayable record of each request_id. */
  private readonly firstLineOf = new RequestIdTable();
  private recordedMismatch = 0;
  private withoutRecordedDecision = 0;
  private readonly skipped: SkippedCounts = { non_decision: 0, other_path: 0 };
  private readonly fileCounts: number[];
  private readonly paths = new DecisionPathGuard();

  constructor(
    private readonly config: OutcomeConfig,
    private readonly primary: Policy,
    private readonly filter: RecordFilter,
    maxChanges: number,
    private readonly groups: ChangeGroupCollector,
    private readonly plan: SamplePlan,
    private readonly countedManifests: ReadonlySet<string> | undefined,
  ) {
    this.ruleIds = primary.rules.map((r) => r.id);
    this.ruleCounts = this.ruleIds.map(() => 0);
    this.top = new TopChanges(maxChanges);
    this.fileCounts = plan.files.map(() => 0);
  }

  add(o: ElementOutcome): void {
    if (!this.admits(o)) return;
    this.count(o);
    const revision = this.config.mode === 'drift' ? this.revisionOf(o) : undefined;
    if (revision && o.primary !== VERDICT_UNEVALUABLE && o.recorded_decision === null) {
      this.withoutRecordedDecision++;
      return;
    }
    this.noteChange(o, revision);
  }

  /**
   * Whether `o` is a record this run counts: whole-sample facts are noted first (every shard
   * counts every file's elements and refuses the same samples), then what is not a record, a
   * repeated id, another shard's record, or one --since/--limit drop is noted or passed over.
   */
  private admits(o: ElementOutcome): o is RecordOutcome {
    const shard = this.config.shard ?? undefined;
    this.fileCounts[fileIndexOf(o.line)]!++;
    if (o.kind === 'mixed') throw mixedSampleError(this.plan, o.line);
    if (o.kind === 'skipped') {
      if (inShard(shard, undefined, o.line)) {
        if (o.otherPath) this.skipped.other_path++;
        else this.skipped.non_decision++;
      }
      return false;
    }
    this.paths.note(o.decision_path ?? null);
    if (o.kind === 'malformed') {
      if (inShard(shard, o.request_id, o.line)) this.noteMalformed(o.line, o.reason);
      return false;
    }
    const first = this.firstLineOf.claim(o.request_id, o.line);
    if (first !== undefined) {
      if (inShard(shard, o.request_id, o.line))
        this.noteMalformed(o.line, sampleDuplicateReason(this.plan, o.request_id, first));
      return false;
    }
    if (!inShard(shard, o.request_id, o.line)) return false;
    if (!this.filter.accepts(o.request_id, o.occurred_at ?? undefined)) return false;
    // The evaluator skips exactly what the two checks above drop.
    if (!o.evaluated) throw new Error(`record on line ${o.line} was kept but not evaluated`);
    if (o.error !== null) {
      if (o.baseFailed) throw new BaseEvaluationError(positionText(this.plan, o.line), o.error);
      this.noteMalformed(o.line, o.error);
      return false;
    }
    return true;
  }

  /** The counters of an evaluated record: manifests, verdicts, reasons, rule hits, mismatches. */
  private count(o: RecordOutcome): void {
    const counts = this.counts;
    counts.evaluated++;
    const known = this.countedManifests;
    if (known !== undefined) {
      const id = o.manifest_id !== null && known.has(o.manifest_id) ? o.manifest_id : null;
      const count = this.manifestIds.get(id);
      // A new key outlives the run its text came from: stored as a string of its own.
      if (count === undefined) this.manifestIds.set(id === null ? null : ownString(id), 1);
      else this.manifestIds.set(id, count + 1);
    }
    if (o.byReading) this.unevaluableByReading++;
    if (o.primary === VERDICT_UNEVALUABLE) {
      counts.unevaluable++;
      for (let i = 0; i < UNEVALUABLE_REASONS.length; i++)
        if ((o.reasons & (1 << i)) !== 0) this.byReason[i]!++;
    } else {
      if (o.primary === VERDICT_ALLOW) counts.allowed++;
      else counts.denied++;
      for (const index of o.matched!) this.ruleCounts[index]!++;
    }
    if (o.recorded_decision !== null && o.base !== null) {
      if ((o.base === VERDICT_ALLOW ? 'allow' : 'deny') !== o.recorded_decision) this.recordedMismatch++;
    }
  }

  /** Drift mode: the record's policy revision, with this record counted. */
  private revisionOf(o: RecordOutcome): { records: number; drift: number } {
    let revision = this.revisions.get(o.policy_revision);
    if (!revision) {
      const key = o.policy_revision === null ? null : ownString(o.policy_revision);
      this.revisions.set(key, (revision = { records: 0, drift: 0 }));
    }
    revision.records++;
    return revision;
  }

  /** A record the two sides decide differently: counted by direction, listed, grouped. */
  private noteChange(o: RecordOutcome, revision: { records: number; drift: number } | undefined): void {
    const pair = decisionPair(this.config, o.primary, o.base, o.recorded_decision);
    if (pair === null || pair.current === pair.draft) return;
    const split = this.split;
    split.changes_total++;
    if (pair.current === 'unknown') split.from_unknown++;
    else if (pair.draft === 'allow') split.newly_allowed++;
    else split.newly_denied++;
    if (revision) revision.drift++;
    const detail = o.change;
    if (detail === null) throw new Error(`change on line ${o.line} came without its details`);
    const change: Change = {
      request_id: o.request_id,
      occurred_at: o.occurred_at,
      subject: detail.subject,
      method: detail.method,
      tools: detail.tools,
      current_decision: pair.current,
      draft_decision: pair.draft,
      matched_rule_ids: o.matched!.map((i) => this.ruleIds[i]!),
    };
    this.top.offer(change);
    this.groups.add(change, detail.explain);
  }

  finish(diff: ReplayResult['rule_diff']): Omit<ReplayOutcome, 'excludedWithoutTime' | 'workers' | 'plan'> {
    const byReason = new Map<UnevaluableReason, number>();
    UNEVALUABLE_REASONS.forEach((reason, i) => {
      if (this.byReason[i]! > 0) byReason.set(reason, this.byReason[i]!);
    });
    const ruleHits = new Map<string, number>(this.ruleIds.map((id) => [id, 0]));
    this.ruleIds.forEach((id, i) => ruleHits.set(id, ruleHits.get(id)! + this.ruleCounts[i]!));
    // UNEVALUABLE_REASONS is sorted, so the reasons come out sorted.
    const reasons = [...byReason.keys()];
    const groups = this.groups.finish();
    const result: ReplayResult = {
      ...this.counts,
      unevaluable_by_reading: this.unevaluableByReading,
      unevaluable_reasons: reasons,
      unevaluable_by_reason: Object.fromEntries(reasons.map((r) => [r, byReason.get(r)!])),
      changes: this.top.items,
      changes_total: this.split.changes_total,
      newly_allowed: this.split.newly_allowed,
      newly_denied: this.split.newly_denied,
      from_unknown: this.split.from_unknown,
      rule_diff: diff,
      change_groups: groups.change_groups,
      change_groups_total: groups.change_groups_total,
      rule_hits: Object.fromEntries(ruleHits),
      malformed: {
        count: this.malformed.count,
        examples: this.malformed.examples.map((e) => ({
          ...positionOf(this.plan, e.line),
          reason: e.reason,
        })),
      },
      recorded_mismatch: this.recordedMismatch,
    };
    return {
      result,
      manifestIds: this.manifestIds,
      withoutRecordedDecision: this.withoutRecordedDecision,
      revisions: this.revisions,
      skipped: this.skipped,
      fileCounts: this.fileCounts,
      groups: groups.all,
    };
  }

  private noteMalformed(line: number, reason: string): void {
    this.malformed.count++;
    keepFirstExamples(this.malformed.examples, { line, reason });
  }
}
