import type { Decision, Policy } from '../policy/schema.js';
import type { PolicyFeatures } from '../policy/features.js';
import type { WasmPolicy } from '../engine/wasmEngine.js';
import { EvaluationError } from '../engine/errors.js';
import { readTrafficBatches } from '../traffic/reader.js';
import { evaluationInput, unevaluableReasons, type UnevaluableReason } from '../traffic/availability.js';
import type { TrafficRecord } from '../traffic/record.js';
import { TopChanges } from './changeOrder.js';
import { DecisionCache } from './projection.js';
import { buildRecordFilter } from './selection.js';
import { inShard, type Shard } from './shard.js';
import {
  MAX_MALFORMED_EXAMPLES,
  type Change,
  type CurrentDecision,
  type MalformedExample,
  type ReplayResult,
} from './report.js';

/** One side of the comparison, compiled and loaded. */
export interface ReplaySide {
  policy: Policy;
  features: PolicyFeatures;
  engine: WasmPolicy;
}

export interface ReplayOptions {
  head: ReplaySide | null;
  base: ReplaySide | null;
  trafficPath: string;
  since: string | null;
  limit: number | null;
  maxChanges: number;
  shard?: Shard;
  /**
   * `compare` (default): the head against the base. `drift`: the head (the saved policy) against
   * each record's recorded_decision; records without one are counted apart.
   */
  mode?: 'compare' | 'drift';
  /** Called now and then with the number of records read so far. */
  onProgress?: (records: number) => void;
}

export interface ReplayOutcome {
  result: ReplayResult;
  excludedWithoutTime: number;
  /** manifest_id → replayed records carrying it; records without one are under `null`. */
  manifestIds: Map<string | null, number>;
  /** Drift mode: scoreable records without a recorded_decision. */
  withoutRecordedDecision: number;
  /** Drift mode: policy_revision (null: none recorded) → replayed records and drifts among them. */
  revisions: Map<string | null, { records: number; drift: number }>;
}

/**
 * Replays every record of the sample against the head and the base. Streaming: memory holds the
 * capped change list, counters, and the ids the reader needs to catch repeats.
 */
export async function replayTraffic(options: ReplayOptions): Promise<ReplayOutcome> {
  const { head, base, shard } = options;
  // With no head (a deleted policy) the counts describe what the base decided.
  const primary = head ?? base;
  if (!primary) throw new Error('replayTraffic needs a head or a base policy');
  const filter = await buildRecordFilter(options.trafficPath, options.since, options.limit);

  const counts = { evaluated: 0, allowed: 0, denied: 0, unevaluable: 0 };
  const byReason = new Map<UnevaluableReason, number>();
  const ruleHits = new Map<string, number>(primary.policy.rules.map((r) => [r.id, 0]));
  const top = new TopChanges(options.maxChanges);
  const split = { changes_total: 0, newly_allowed: 0, newly_denied: 0, from_unknown: 0 };
  const malformed = { count: 0, examples: [] as MalformedExample[] };
  // Records that agree on what a policy reads share one wasm evaluation (projection.ts).
  // Side 0 is the primary policy, side 1 the base when both are replayed.
  const engines = new DecisionCache(head && base ? [primary, base] : [primary]);
  const manifestIds = new Map<string | null, number>();
  let recordedMismatch = 0;
  let read = 0;
  const drift = options.mode === 'drift';
  let withoutRecordedDecision = 0;
  const revisions = new Map<string | null, { records: number; drift: number }>();

  const noteMalformed = (line: number, reason: string) => {
    malformed.count++;
    if (malformed.examples.length < MAX_MALFORMED_EXAMPLES) malformed.examples.push({ line, reason });
  };

  for await (const batch of readTrafficBatches(options.trafficPath)) {
    for (const item of batch) {
      read++;
      if (item.kind === 'malformed') {
        if (inShard(shard, item.request_id, item.line)) noteMalformed(item.line, item.reason);
        continue;
      }
      const record = item.record;
      if (!inShard(shard, record.request_id, item.line)) continue;
      if (!filter.accepts(record.request_id, record.occurred_at)) continue;

      let primaryDecision: Decision | null;
      let baseDecision: Decision | null = null;
      let primaryReasons: readonly UnevaluableReason[];
      try {
        const input = evaluationInput(record);
        primaryReasons = unevaluableReasons(record, primary.features);
        primaryDecision = primaryReasons.length === 0 ? engines.evaluate(0, input, record.request_id) : null;
        if (head && base) {
          baseDecision =
            unevaluableReasons(record, base.features).length === 0
              ? engines.evaluate(1, input, record.request_id)
              : null;
        } else if (!head) {
          baseDecision = primaryDecision;
        }
      } catch (error) {
        // A builtin failure (say, a time the gateway recorded but no evaluator can read) makes the
        // record unreplayable: it is reported as malformed, never guessed.
        if (!(error instanceof EvaluationError)) throw error;
        noteMalformed(item.line, error.message);
        continue;
      }

      counts.evaluated++;
      const manifestKey = record.manifest_id ?? null;
      manifestIds.set(manifestKey, (manifestIds.get(manifestKey) ?? 0) + 1);
      if (primaryDecision === null) {
        counts.unevaluable++;
        for (const reason of primaryReasons) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
      } else {
        if (primaryDecision.allow) counts.allowed++;
        else counts.denied++;
        for (const id of primaryDecision.matched_rule_ids) ruleHits.set(id, (ruleHits.get(id) ?? 0) + 1);
      }
      if (record.recorded_decision !== undefined && baseDecision !== null) {
        if ((baseDecision.allow ? 'allow' : 'deny') !== record.recorded_decision) recordedMismatch++;
      }
      let revision: { records: number; drift: number } | undefined;
      if (drift) {
        const key = record.policy_revision ?? null;
        revision = revisions.get(key);
        if (!revision) revisions.set(key, (revision = { records: 0, drift: 0 }));
        revision.records++;
      }
      if (drift && primaryDecision !== null && record.recorded_decision === undefined)
        withoutRecordedDecision++;
      else if (head && primaryDecision !== null) {
        const current: CurrentDecision = drift
          ? record.recorded_decision!
          : baseDecision === null
            ? 'unknown'
            : baseDecision.allow
              ? 'allow'
              : 'deny';
        const draft = primaryDecision.allow ? 'allow' : 'deny';
        if (current !== draft) {
          split.changes_total++;
          if (current === 'unknown') split.from_unknown++;
          else if (draft === 'allow') split.newly_allowed++;
          else split.newly_denied++;
          if (revision) revision.drift++;
          top.offer(describeChange(record, current, draft, primaryDecision.matched_rule_ids));
        }
      }
    }
    options.onProgress?.(read);
  }

  const reasons = [...byReason.keys()].sort();
  const result: ReplayResult = {
    ...counts,
    unevaluable_reasons: reasons,
    unevaluable_by_reason: Object.fromEntries(reasons.map((r) => [r, byReason.get(r)!])),
    changes: top.items,
    changes_total: split.changes_total,
    newly_allowed: split.newly_allowed,
    newly_denied: split.newly_denied,
    from_unknown: split.from_unknown,
    rule_hits: Object.fromEntries(ruleHits),
    malformed,
    recorded_mismatch: recordedMismatch,
  };
  return {
    result,
    excludedWithoutTime: filter.excludedWithoutTime,
    manifestIds,
    withoutRecordedDecision,
    revisions,
  };
}

/** The change row: what an operator needs to recognise the request. */
export function describeChange(
  record: TrafficRecord,
  current: CurrentDecision,
  draft: 'allow' | 'deny',
  matched: string[],
): Change {
  const identity = record.input.identity as { subject?: unknown } | undefined;
  return {
    request_id: record.request_id,
    occurred_at: record.occurred_at ?? null,
    subject: typeof identity?.subject === 'string' ? identity.subject : null,
    method: methodOf(record),
    tools: toolsOf(record),
    current_decision: current,
    draft_decision: draft,
    matched_rule_ids: matched,
  };
}

/**
 * The calls' shared method, "batch" when they differ (or some call has none), null when there is
 * no call. Judged on the calls as replayed, so an unpaired batch reads like the same calls
 * recorded paired.
 */
export function methodOf(record: TrafficRecord): string | null {
  const calls = evaluationInput(record).request?.mcp?.calls;
  if (!Array.isArray(calls) || calls.length === 0) return null;
  const first = calls[0]?.method;
  if (calls.every((c) => c.method === first)) return typeof first === 'string' ? first : null;
  return 'batch';
}

/** Distinct tool names in call order; [] when none were called or tools were not recorded. */
export function toolsOf(record: TrafficRecord): string[] {
  if (record.unavailable?.includes('mcp.tool') || record.unavailable?.includes('mcp')) return [];
  const calls = evaluationInput(record).request?.mcp?.calls ?? [];
  const seen = new Set<string>();
  for (const call of calls) if (typeof call.tool === 'string') seen.add(call.tool);
  return [...seen];
}
