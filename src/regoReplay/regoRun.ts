/**
 * The replay of a raw-Rego policy change on the service's own decision logs (docs/rego.md): both
 * versions prepared in one engine, every event of the decision path evaluated on each side (as
 * recorded, or partially where an erased or masked part is read), each change's causes found by
 * reverting edits, and everything aggregated in sample order into the report. Drift mode replays
 * the one policy against each event's recorded result.
 */
import { sha256OfText } from '../canonical/sha256.js';
import type { PolicyProblem } from '../policy/problems.js';
import type { DecisionMapping } from '../regoPolicy/decisionMapping.js';
import { EngineError, type RegoVersion } from '../regoPolicy/engineProcess.js';
import { eventRefusal, type Refusal } from '../regoPolicy/preflight.js';
import { parseRegoEvent, type EventReading, type RegoEvent } from '../regoPolicy/regoEvent.js';
import { classifyPair, definedFromText, NO_BASE, type SideEvaluation } from '../regoPolicy/classify.js';
import { AnswerCache, evaluateSides, type ReplaySide } from '../regoPolicy/sideEvaluation.js';
import { instantNanos } from '../time/rfc3339.js';
import { normalizeDecisionPath, parseDecisionLogOptions } from '../traffic/decisionLog.js';
import { shapeReason } from '../traffic/recordShape.js';
import {
  forEachUnitElement,
  planSample,
  positionOf,
  sampleDigest,
  sampleDuplicateReason,
  sampleUnits,
  type SamplePlan,
} from '../traffic/sample.js';
import type { SamplePosition } from '../traffic/samplePosition.js';
import type { SampleSource } from '../traffic/sampleFiles.js';
import { TOOL_VERSION } from '../version.js';
import { manifestIdsOf } from '../replay/run.js';
import { loadManifestsFromDirOrGlob, summarizeFidelity, type ManifestSet } from '../fidelity/report.js';
import type { ManifestProblem } from '../fidelity/manifest.js';
import { Heap } from '../replay/heap.js';
import { inShard, type Shard } from '../replay/evaluate/shard.js';
import { compareRecency } from '../replay/report/changeOrder.js';
import { RegoAggregator, type RegoEventOutcome, type RegoOutcome } from './regoAggregator.js';
import { prepareRego, type PreparedRego, type RegoSource } from './regoPrepare.js';
import { causes, readCauses } from './regoCauses.js';
import { editEntry, type RegoMeta, type RegoReport } from './regoReport.js';

export interface RegoRunOptions {
  mode: 'compare' | 'drift';
  head: RegoSource;
  /** Compare mode: the base (null: the policy is new). */
  base: RegoSource | null;
  decisionPath: string;
  regoVersion: RegoVersion | null;
  mapping: DecisionMapping;
  traffic: readonly SampleSource[];
  since: string | null;
  /** Replay-runtime manifests (a directory, file or glob) and where each event names its id. */
  manifests?: string | null;
  manifestIdField?: readonly string[] | null;
  /** Drift: the bundle whose revision is the policy revision when events name several. */
  bundle?: string | null;
  /** Replay the K-th of N slices (by decision id) and write a partial report for merge. */
  shard?: Shard | null;
  /** Keep the N most recent events (after --since), as for rule documents; null: every event. */
  limit?: number | null;
  /** `static`: a side that reads an erased or masked part is unevaluable, never partially evaluated. */
  unevaluable?: 'precise' | 'static';
  maxChanges: number;
  maxGroups: number;
  maxAttributionEdits: number;
  maxLineBytes: number;
  enginePath: string;
  onProgress?: (events: number) => void;
}

export type RegoRunResult =
  | {
      kind: 'report';
      report: RegoReport;
      warnings: PolicyProblem[];
      manifestProblems?: ManifestProblem[];
      /** The SHA-256 commitment to every change (changeSetDigest.ts); null when nothing was replayed. */
      changeSet?: string | null;
    }
  | { kind: 'refused'; refusals: Refusal[] };

/** A Rego replay that cannot decide as the service did (docs/rego.md "Refused"): exit 2. */
export class RegoRefusedError extends Error {
  override readonly name = 'RegoRefusedError';
  constructor(readonly refusals: readonly Refusal[]) {
    super(refusals.map((r) => r.message).join('; '));
  }
}

/**
 * Events evaluated at once: enough to keep the engine's workers and its pipe busy, and few enough
 * that their garbage stays young and cheap to collect (2,000 spent a third more on collection).
 */
const IN_FLIGHT = 1_024;

export async function runRegoReplay(options: RegoRunOptions): Promise<RegoRunResult> {
  const [prepared, sample] = await Promise.all([
    prepareRego({
      head: options.head,
      base: options.mode === 'compare' ? options.base : null,
      decisionPath: options.decisionPath,
      regoVersion: options.regoVersion,
      enginePath: options.enginePath,
      maxAttributionEdits: options.maxAttributionEdits,
      mode: options.mode,
    }),
    planned(options),
  ]);
  if (prepared.kind === 'refused') return { kind: 'refused', refusals: prepared.refusals };
  const meta = metaOf(options, sample, prepared.kind === 'ready' ? prepared.prepared : null);
  if (prepared.kind === 'problems') {
    const errors = prepared.problems.map(({ file, path, line, column, message }) => ({
      file,
      path,
      line,
      column,
      message,
    }));
    return { kind: 'report', report: { meta, errors, result: null }, warnings: [] };
  }
  const p = prepared.prepared;
  try {
    const manifestSet = options.manifests ? await loadManifestsFromDirOrGlob(options.manifests) : null;
    const result = await replayEvents(options, p, sample.plan, meta, manifestSet);
    if (result.kind === 'refused') return result;
    if (manifestSet !== null) result.result.fidelity = summarizeFidelity(manifestSet, result.manifestCounts);
    return {
      kind: 'report',
      report: { meta, errors: [], result: result.result },
      warnings: [],
      manifestProblems: manifestSet?.invalid ?? [],
      changeSet: result.changeSet,
    };
  } finally {
    await p.engine.close();
  }
}

async function planned(options: RegoRunOptions) {
  const decisionLog = parseDecisionLogOptions({ decisionPath: options.decisionPath });
  const plan = await planSample(options.traffic, decisionLog, undefined, options.maxLineBytes);
  return { plan, digest: await sampleDigest(plan.files) };
}

function metaOf(
  options: RegoRunOptions,
  sample: Awaited<ReturnType<typeof planned>>,
  prepared: PreparedRego | null,
): RegoMeta {
  const { plan, digest } = sample;
  const ref = (source: RegoSource | null, side: 'base' | 'head') => {
    if (source === null) return null;
    const p = side === 'head' ? prepared?.head : prepared?.base;
    const sha256 = p?.sha256 ?? sha256OfText('');
    return side === 'base' ? { path: source.shown, ref: null, sha256 } : { path: source.shown, sha256 };
  };
  const base = options.mode === 'compare' ? options.base : null;
  const m = options.mapping;
  return {
    tool: 'policy-replay',
    version: TOOL_VERSION,
    opa_version: prepared?.engineVersion ?? '',
    head: ref(options.head, 'head'),
    base: ref(base, 'base'),
    traffic: {
      path: plan.shown,
      sha256: digest.sha256,
      format: 'opa-decision-log',
      files: plan.files.map((f, i) => ({ path: f.shown, sha256: digest.files[i]!, count: null })),
    },
    skipped: { non_decision: 0, other_path: 0 },
    since: options.since,
    limit: options.limit ?? null,
    status: options.mode === 'drift' ? 'drift' : base === null ? 'added' : 'changed',
    excluded_without_time: 0,
    max_changes: options.maxChanges,
    max_groups: options.maxGroups,
    unevaluable_mode: options.unevaluable ?? 'precise',
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.mode === 'compare' && prepared?.edits != null
      ? {
          attribution: {
            method: prepared.counterfactual || prepared.edits.length <= 1 ? 'counterfactual' : 'syntactic',
            edits: prepared.edits.length,
            max_edits: options.maxAttributionEdits,
          },
        }
      : {}),
    policy_kind: 'rego',
    rego: {
      decision_path: normalizeDecisionPath(options.decisionPath),
      mapping: m.kind === 'field' ? { kind: 'field', field: m.path.join('.') } : { kind: m.kind },
      rego_version: { base: prepared?.base?.version ?? null, head: prepared?.head.version ?? null },
      engine_version: prepared?.engineVersion ?? '',
    },
  };
}

/** What each event is read for besides its decision: its manifest id, its policy revision (drift). */
function readingOf(options: RegoRunOptions): EventReading {
  return {
    manifestIdField: options.manifestIdField ?? null,
    ...(options.mode === 'drift' ? { revisions: { bundle: options.bundle ?? null } } : {}),
  };
}

/** The recorded result as a side (drift's other side); null when the mask hid it. */
function recordedSide(event: RegoEvent): SideEvaluation | null {
  if (event.resultHidden) return null;
  return event.result === null ? { kind: 'undefined' } : definedFromText(event.result);
}

type Element =
  | { kind: 'event'; position: number; event: RegoEvent }
  | { kind: 'malformed'; position: number; reason: string }
  | { kind: 'skipped'; otherPath: boolean; position: number }
  | { kind: 'excluded'; withoutTime: boolean; id: string; position: number };

/** One element of the sample as the replay takes it. */
function readElement(
  text: string,
  shape: number | undefined,
  position: number,
  plan: SamplePlan,
  decisionPath: string,
  sinceNs: bigint | null,
  reading: EventReading = {},
): Element {
  if (shape !== undefined && shape < 0)
    return { kind: 'malformed', position, reason: shapeReason(shape, plan.maxLineBytes) };
  if (!text.includes('"decision_id"')) return { kind: 'skipped', otherPath: false, position };
  const parsed = parseRegoEvent(text, reading);
  if (!parsed.ok) return { kind: 'malformed', position, reason: parsed.reason };
  const event = parsed.event;
  if (event.decisionId === null) return { kind: 'skipped', otherPath: false, position };
  if (event.path !== null && normalizeDecisionPath(event.path) !== decisionPath)
    return { kind: 'skipped', otherPath: true, position };
  // A path-less event is refused wherever it is, so --since never hides one.
  if (sinceNs !== null && event.path !== null) {
    const at = event.timestamp === null ? null : instantNanos(event.timestamp);
    if (at === null) return { kind: 'excluded', withoutTime: true, id: event.decisionId, position };
    if (at < sinceNs) return { kind: 'excluded', withoutTime: false, id: event.decisionId, position };
  }
  return { kind: 'event', position, event };
}

/**
 * `--limit N`: the decision ids of the N most recent events (after --since), ties by id, events
 * without a timestamp after every timed one, as for rule documents (replay/selection.ts): a first
 * pass keeps N of them in a heap. null without a limit.
 */
async function mostRecent(
  limit: number | null,
  plan: SamplePlan,
  decisionPath: string,
  sinceNs: bigint | null,
): Promise<Set<string> | null> {
  if (limit === null) return null;
  type Key = { id: string; time: string | null };
  // The root is the least recent kept event, the first to give way to a more recent one.
  const heap = new Heap<Key>((a, b) => compareRecency(a.time, a.id, b.time, b.id) > 0);
  for await (const unit of sampleUnits(plan, 0)) {
    forEachUnitElement(
      unit,
      plan.maxLineBytes,
      (text, position, shape) => {
        const e = readElement(text ?? '', shape, position, plan, decisionPath, sinceNs);
        if (e.kind !== 'event') return;
        const key = { id: e.event.decisionId!, time: e.event.timestamp };
        if (heap.size < limit) heap.push(key);
        else if (limit > 0 && compareRecency(key.time, key.id, heap.peek()!.time, heap.peek()!.id) < 0) {
          heap.pop();
          heap.push(key);
        }
      },
      false,
    );
  }
  return new Set(heap.toArray().map((k) => k.id));
}

async function replayEvents(
  options: RegoRunOptions,
  p: PreparedRego,
  plan: SamplePlan,
  meta: RegoMeta,
  manifestSet: ManifestSet | null,
): Promise<
  | {
      kind: 'result';
      result: ReturnType<RegoAggregator['finish']>;
      manifestCounts: Map<string | null, number>;
      changeSet: string;
    }
  | { kind: 'refused'; refusals: Refusal[] }
> {
  const compare = options.mode === 'compare' && p.base !== null;
  const aggregator = aggregatorOf(options, p, plan, manifestSet);
  const sides: ReplaySide[] = [
    ...(compare ? [{ name: 'base', reads: p.base!.reads }] : []),
    { name: 'head', reads: p.head.reads },
  ];
  const cache = new AnswerCache();
  const decisionPath = normalizeDecisionPath(options.decisionPath);
  const sinceNs = options.since === null ? null : instantNanos(options.since);
  const counts = plan.files.map(() => 0);
  const chosen = await mostRecent(options.limit ?? null, plan, decisionPath, sinceNs);
  const reading = readingOf(options);
  const queue: Promise<RegoOutcome>[] = [];
  let read = 0;
  const drain = async (down: number) => {
    while (queue.length > down) aggregator.add(await queue.shift()!);
  };
  for await (const unit of sampleUnits(plan, 0)) {
    const elements: Element[] = [];
    forEachUnitElement(
      unit,
      plan.maxLineBytes,
      (text, position, shape) => {
        counts[Math.floor(position / 2 ** 32)]!++;
        elements.push(readElement(text ?? '', shape, position, plan, decisionPath, sinceNs, reading));
        // Only a line's problems (too long, not UTF-8) are of use here: an event is read exactly.
      },
      false,
    );
    for (const e of elements) {
      if (!takes(e, options, chosen, meta)) continue;
      const where = positionOf(plan, e.position);
      if (e.kind === 'malformed') {
        queue.push(
          Promise.resolve({ kind: 'malformed', position: e.position, where: { ...where, reason: e.reason } }),
        );
      } else {
        const file = where.file ?? plan.files[Math.floor(e.position / 2 ** 32)]!.shown;
        const refusal = eventRefusal(e.event, { file, line: where.line ?? where.index ?? 0 });
        if (refusal !== null) {
          // The engine closes after a refusal: no evaluation may still be waiting on it.
          await Promise.allSettled(queue);
          return { kind: 'refused', refusals: [refusal] };
        }
        queue.push(
          evaluateEvent(options, p, sides, cache, e.event, e.position, where).catch((error: unknown) =>
            malformedCache(error, e.event, e.position, where),
          ),
        );
      }
      read++;
      if (queue.length >= IN_FLIGHT) await drain(IN_FLIGHT / 2);
    }
    options.onProgress?.(read);
  }
  await drain(0);
  meta.traffic.files.forEach((f, i) => (f.count = counts[i]!));
  return {
    kind: 'result',
    result: aggregator.finish(),
    manifestCounts: aggregator.manifestCounts,
    changeSet: aggregator.changeSet.digest(),
  };
}

/** The aggregator of one run: its mode, caps, edits, and the manifests it counts events by. */
function aggregatorOf(
  options: RegoRunOptions,
  p: PreparedRego,
  plan: SamplePlan,
  manifestSet: ManifestSet | null,
): RegoAggregator {
  return new RegoAggregator({
    mode: options.mode,
    mapping: options.mapping,
    hasBase: options.mode === 'compare' && p.base !== null,
    edits: options.mode === 'compare' ? (p.edits?.map(editEntry) ?? null) : null,
    maxChanges: options.maxChanges,
    maxGroups: options.maxGroups,
    wholeInput: { base: p.base?.reads.wholeInput ?? false, head: p.head.reads.wholeInput },
    duplicateReason: (id, first) => sampleDuplicateReason(plan, id, first),
    partial: options.shard != null,
    manifests: manifestSet === null ? null : manifestIdsOf(manifestSet),
  });
}

/**
 * Whether an element goes on to the aggregator; a skipped or excluded one is counted here instead.
 * A shard counts and replays only its own lines: events by their decision id (a repeat goes where
 * its first went), anything else by its place. An event without a path goes on in every shard, to
 * be refused alike: the whole replay cannot take it.
 */
function takes(
  e: Element,
  options: RegoRunOptions,
  chosen: Set<string> | null,
  meta: RegoMeta,
): e is Extract<Element, { kind: 'event' | 'malformed' }> {
  const own = inShard(
    options.shard ?? undefined,
    e.kind === 'event' ? e.event.decisionId! : e.kind === 'excluded' ? e.id : undefined,
    e.position,
  );
  if (e.kind === 'skipped') {
    if (own && e.otherPath) meta.skipped.other_path++;
    else if (own) meta.skipped.non_decision++;
    return false;
  }
  if (e.kind === 'excluded') {
    if (e.withoutTime && own) meta.excluded_without_time++;
    return false;
  }
  if (e.kind === 'event' && e.event.path === null) return true;
  return own && !(e.kind === 'event' && chosen !== null && !chosen.has(e.event.decisionId!));
}

async function evaluateEvent(
  options: RegoRunOptions,
  p: PreparedRego,
  sides: readonly ReplaySide[],
  cache: AnswerCache,
  event: RegoEvent,
  position: number,
  where: SamplePosition,
): Promise<RegoOutcome> {
  const answers = await evaluateSides(p.engine, sides, event, cache, options.unevaluable ?? 'precise');
  const head = answers[answers.length - 1]!;
  const recorded = recordedSide(event);
  const base =
    options.mode === 'drift'
      ? recorded === null
        ? null
        : { evaluation: recorded, route: 'recorded' as const }
      : sides.length > 1
        ? answers[0]!
        : null;
  const outcome: RegoEventOutcome = {
    kind: 'event',
    position,
    where: { ...where, reason: '' },
    requestId: event.decisionId!,
    occurredAt: event.timestamp,
    base,
    head,
    recorded,
    // Without a base, a compare still classifies: the head against unknown (NO_BASE).
    pair:
      base === null && options.mode === 'drift'
        ? null
        : classifyPair(options.mapping, base?.evaluation ?? NO_BASE, head.evaluation),
    because: null,
    ...(event.manifestId === undefined ? {} : { manifestId: event.manifestId }),
    ...(event.revision === undefined ? {} : { revision: event.revision }),
  };
  if (options.mode === 'compare' && p.edits !== null && p.edits.length > 0) {
    // An unevaluable pair gets the causes read from the policies, which cost nothing: the aggregator
    // uses them when the base decided it (a request the head can no longer judge). Replaying each
    // edit for those would multiply the cost when a head newly reads a masked field.
    if (outcome.pair?.kind === 'changed') outcome.because = await causes(p, event, head.evaluation);
    else if (outcome.pair?.kind === 'unevaluable') outcome.because = readCauses(p);
  }
  return outcome;
}

/**
 * An event whose `nd_builtin_cache` is not in OPA's form (the engine refuses the request) is
 * malformed, as any other bad member is: it stops nothing else. The engine's message is not
 * used, so nothing of the cache reaches the report.
 */
function malformedCache(
  error: unknown,
  event: RegoEvent,
  position: number,
  where: SamplePosition,
): RegoOutcome {
  // Only the engine's refusal of the cache itself (ParseNDCache's messages); anything else is a fault.
  const cacheRefused =
    error instanceof EngineError &&
    error.kind === 'bad_request' &&
    error.message.startsWith('nd_builtin_cache');
  if (!cacheRefused || event.ndBuiltinCache === null) throw error;
  const reason =
    '`nd_builtin_cache` must map each builtin to an object of argument arrays (as JSON text) and results';
  return { kind: 'malformed', position, where: { ...where, reason } };
}
