import { availableParallelism } from 'node:os';
import { ChangeSetDigest } from './report/changeSetDigest.js';
import type { Policy } from '../policy/schema.js';
import type { PolicyFeatures } from '../policy/features.js';
import type { WasmPolicy } from '../engine/wasmEngine.js';
import { DEFAULT_MAX_LINE_BYTES } from '../traffic/reader.js';
import { linesEstimate, workersForEstimate } from './workers/workerCount.js';
import { NO_DECISION_LOG_OPTIONS, type DecisionLogOptions } from '../traffic/decisionLog.js';
import {
  forEachUnitElement,
  planSample,
  sampleUnits,
  withDecisionPathListing,
  type SamplePlan,
  type SampleUnit,
} from '../traffic/sample.js';
import { ChangeGroupCollector, DEFAULT_MAX_GROUPS } from './report/changeGroups.js';
import { editsOf } from '../policy/edits.js';
import { attributesCounterfactually, DEFAULT_MAX_ATTRIBUTION_EDITS } from './evaluate/attribution.js';
import { ruleDiff } from '../policy/ruleDiff.js';
import type { PolicyLines } from '../policy/policyLines.js';
import {
  evaluatorSides,
  RecordEvaluator,
  type ElementOutcome,
  type OutcomeConfig,
} from './evaluate/recordOutcome.js';
import { buildRecordFilter } from './selection.js';
import type { Shard } from './evaluate/shard.js';
import {
  ReplayWorkerPool,
  replayWorkerScript,
  WORKER_CHUNK_BYTES,
  type WorkerInit,
} from './workers/workerPool.js';
import { forEachOutcome, outcomeCount, type OutcomeBatch } from './workers/outcomeCodec.js';
import type { LostDirection, ReportMeta } from './report/report.js';
import type { UnevaluableMode } from './evaluate/unknownSides.js';
import { ReplayAggregator, type AggregateOutcome } from './aggregator.js';

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
  /** Hash the set of every change (the Action's impact digest); off, `changeSetDigest` is null. */
  digestChanges?: boolean;
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
  /** docs/review.md: more edits than this and `because` is syntactic. Default DEFAULT_MAX_ATTRIBUTION_EDITS. */
  maxAttributionEdits?: number;
  /**
   * docs/coverage.md "In the report": collect the records' coverage signatures (a compare of two
   * versions; `signatures` in the outcome), so the coverage section places the sample without
   * reading it again.
   */
  signatures?: boolean;
}

export interface ReplayOutcome extends AggregateOutcome {
  excludedWithoutTime: number;
  /** Worker threads that evaluated the records (0: in-process). */
  workers?: number;
  /** The sample as read. */
  plan: SamplePlan;
  /** Compare mode: how `because` was computed, over how many edits (meta.attribution). */
  attribution: ReportMeta['attribution'] | null;
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
  const mode = options.mode ?? 'compare';
  const { diff, edits, attribution } = attributionOf(options, mode);
  const config: OutcomeConfig = {
    mode,
    hasHead: options.head !== null,
    hasBase: options.base !== null,
    shard: options.shard ?? null,
    since: options.since,
    format: plan.format,
    decisionLog: plan.options,
    maxLineBytes: plan.maxLineBytes,
    unevaluable: options.unevaluable ?? 'precise',
    attribution: attribution?.method === 'counterfactual' ? edits : null,
    signatures:
      options.signatures === true && mode === 'compare' && options.head !== null && options.base !== null,
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
      const groupOptions = {
        headRules: primary.policy.rules.map((r) => r.id),
        baseRules: base?.policy.rules.map((r) => r.id) ?? null,
        diff,
        edits: config.attribution,
        maxGroups: options.maxGroups ?? DEFAULT_MAX_GROUPS,
        partial: options.shard !== undefined,
      };
      const aggregate = new ReplayAggregator(config, primary.policy, filter, options.maxChanges, plan, {
        changes: new ChangeGroupCollector(groupOptions),
        lost: new ChangeGroupCollector<LostDirection>(groupOptions),
        manifests: options.manifestIds,
        changeSet: options.digestChanges === true ? new ChangeSetDigest() : null,
      });
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
        attribution,
      };
    });
  } finally {
    await pool?.close();
  }
}

/**
 * The rule diff of a compare replay, its edits, and how its changes are attributed (docs/review.md:
 * counterfactually, unless there is no base to revert to or more edits than the limit).
 */
function attributionOf(options: ReplayOptions, mode: 'compare' | 'drift') {
  // Drift compares with recorded decisions: there is no edit to explain.
  if (mode === 'drift') return { diff: null, edits: [], attribution: null };
  const diff = ruleDiff(options.base?.policy ?? null, options.head?.policy ?? null, options.headLines);
  const edits = editsOf(diff);
  const maxEdits = options.maxAttributionEdits ?? DEFAULT_MAX_ATTRIBUTION_EDITS;
  const counterfactual = attributesCounterfactually(
    { compare: true, hasHead: options.head !== null, hasBase: options.base !== null },
    edits,
    maxEdits,
  );
  const attribution: NonNullable<ReplayOutcome['attribution']> = {
    method: counterfactual ? 'counterfactual' : 'syntactic',
    edits: edits.length,
    max_edits: maxEdits,
  };
  return { diff, edits, attribution };
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
