import type { Decision } from '../../policy/schema.js';
import type { PolicyFeatures } from '../../policy/features.js';
import { EvaluationError } from '../../engine/errors.js';
import { evaluationInput } from '../../traffic/evaluationInput.js';
import type { TrafficRecord } from '../../traffic/record.js';
import { NO_DECISION_LOG_OPTIONS, type DecisionLogOptions } from '../../traffic/decisionLog.js';
import { SampleElementReader, type SampleFormat } from '../../traffic/sample.js';
import { hasUnknowns, unknownDataOf } from '../../unknowns/recordUnknowns.js';
import { callFieldLocation, isCallListUnknown, isUnknown } from '../../unknowns/location.js';
import { effectivePointers } from '../../unknowns/unknownData.js';
import type { UnknownPointer } from '../../unknowns/pointer.js';
import type { TrafficCall } from '../../traffic/record.js';
import { forEachLine } from '../../traffic/reader.js';
import { hasLoneSurrogate, type Shape } from '../../traffic/recordShape.js';
import { instantOf } from './instant.js';
import { DecisionCache, type CachedSide } from '../decisionCache/decisionCache.js';
import { explainChange, RuleTable, type ChangeExplanation } from './changeExplanation.js';
import { inShard, type Shard } from './shard.js';
import { UnknownsJudge, type UnevaluableMode } from './unknownSides.js';
import { CauseFinder } from './attribution.js';
import type { Edit } from '../../policy/edits.js';
import { recordSignature, signatureSpace, type SignatureSpace } from '../../coverage/signature.js';

/** The base's decision of a record (unknown: unevaluable) and the head's. */
export type CurrentDecision = 'allow' | 'deny' | 'unknown';
export type DraftDecision = 'allow' | 'deny';

/**
 * The replay in two steps. `RecordEvaluator` turns one element of the sample (a line's text) into
 * a RecordOutcome: parse, validate, availability, the decisions. It depends on nothing but the
 * element, so it runs anywhere — in-process or in a worker thread — and the outcomes of different
 * chunks can be computed in any order. Everything that depends on what came before in the file
 * (a repeated request_id, --limit, the counters, the capped change list) is the aggregation's
 * (replay.ts), which consumes outcomes strictly in file order. Both paths run these same
 * functions, so the worker path's report is the in-process report by construction.
 */

/** A policy's verdict on a record: allowed, denied, or not scoreable (unevaluable). */
export const VERDICT_UNEVALUABLE = -1;
export const VERDICT_DENY = 0;
export const VERDICT_ALLOW = 1;
export type Verdict = -1 | 0 | 1;

/** The change-row fields taken from the record itself; only sent for a change. */
export interface ChangeDetail {
  subject: string | null;
  method: string | null;
  tools: string[];
  /** Compare mode: what the change's group and `because` need (null in drift mode). */
  explain: ChangeExplanation | null;
}

/*
 * `line` in every outcome is the element's position in the sample (traffic/sample.ts): its line
 * when the sample is one file of lines, `file index × 2^32 + line or element index` otherwise.
 */

/** An element that is no record: not JSON, or not a valid traffic record. */
export interface MalformedOutcome {
  kind: 'malformed';
  line: number;
  reason: string;
  request_id?: string;
  /** A malformed decision event's path, when the one-path rule needs it (RecordOutcome's). */
  decision_path?: string;
}

/** A decision log's line that is no decision event, or an event of another path. */
export interface SkippedOutcome {
  kind: 'skipped';
  line: number;
  otherPath: boolean;
}

/** A record among decision events or an event among records: the aggregation refuses the sample. */
export interface MixedOutcome {
  kind: 'mixed';
  line: number;
}

/**
 * A valid record and what the policies decided, reduced to what the aggregation reads (outcomes
 * cross threads, so they stay small). Whether it is a repeat is not known here.
 */
export interface RecordOutcome {
  kind: 'record';
  line: number;
  request_id: string;
  occurred_at: string | null;
  manifest_id: string | null;
  recorded_decision: 'allow' | 'deny' | null;
  /** Drift mode only (null otherwise, and when none was recorded). */
  policy_revision: string | null;
  /**
   * false: not evaluated, because the record is outside the shard or before --since, which the
   * aggregation's filters drop anyway. The verdict fields are then meaningless.
   */
  evaluated: boolean;
  /**
   * An evaluation failure (EvaluationError's message): the record is reported as malformed, unless
   * `baseFailed` says it was the base's alone.
   */
  error: string | null;
  /**
   * The head evaluated the record and the base's evaluation of it failed: not the record's fault
   * (the head read it), so the replay fails (BaseEvaluationError) instead of counting it malformed.
   */
  baseFailed: boolean;
  /** The primary policy's verdict (the head, or the base of a deleted policy). */
  primary: Verdict;
  /** Unevaluable reasons for the primary, one bit per UNEVALUABLE_REASONS entry. */
  reasons: number;
  /** The static rule calls the record unevaluable for the primary (unevaluable_by_reading). */
  byReading: boolean;
  /** The primary's matched rules, as indices into its `rules`, in the decision's order. */
  matched: number[] | null;
  /** The base's verdict when a base decision exists (see baseVerdict); null: none. */
  base: Verdict | null;
  /**
   * Set exactly when the record is a change (decisionPair) or, in compare mode, when the base
   * decides it and the head cannot (`primary` unevaluable: docs/review.md "newly_unevaluable").
   */
  change: ChangeDetail | null;
  /** A decision event's path when no --decision-path chose one (the one-path rule), else null. */
  decision_path: string | null;
  /**
   * The record's coverage signature (coverage/signature.ts) when the replay places the sample in
   * the coverage analysis's kinds (OutcomeConfig.signatures) and both sides decided it; else null.
   */
  signature: string | null;
}

export type ElementOutcome = MalformedOutcome | RecordOutcome | SkippedOutcome | MixedOutcome;

/** What every evaluator of one replay must agree on. Plain data: it is posted to workers. */
export interface OutcomeConfig {
  mode: 'compare' | 'drift';
  hasHead: boolean;
  hasBase: boolean;
  shard: Shard | null;
  since: string | null;
  /** What the sample's elements are (default `records`), and how decision events map to records. */
  format?: SampleFormat;
  decisionLog?: DecisionLogOptions;
  /** The longest line replayed as a record (the reader's `maxLineBytes`). */
  maxLineBytes: number;
  /** docs/unknowns.md: `precise` (three-valued) or `static` (reading-based), for both sides. */
  unevaluable: UnevaluableMode;
  /**
   * docs/review.md: the edits each change is attributed to counterfactually (the replay decides
   * once, attribution.ts attributesCounterfactually); null: `because` is syntactic.
   */
  attribution: readonly Edit[] | null;
  /**
   * docs/coverage.md "In the report": give each record of a compare of two versions its coverage
   * signature, so that the sample is placed in the kinds without reading it again.
   */
  signatures?: boolean;
}

/** A policy side as the evaluator needs it. */
export interface EvaluatorSide extends CachedSide {
  features: PolicyFeatures;
}

/**
 * The decision pair a record's change is judged on, as in docs/report.md: in compare mode the base
 * (unknown when it cannot score the record) against the head; in drift mode the recorded decision
 * against the head. null: not a change candidate (no head, unevaluable, or drift without a
 * recorded decision).
 */
export function decisionPair(
  config: OutcomeConfig,
  primary: Verdict,
  base: Verdict | null,
  recorded: 'allow' | 'deny' | null,
): { current: CurrentDecision; draft: DraftDecision } | null {
  if (!config.hasHead || primary === VERDICT_UNEVALUABLE) return null;
  const drift = config.mode === 'drift';
  if (drift && recorded === null) return null;
  const current: CurrentDecision = drift
    ? recorded!
    : base === null || base === VERDICT_UNEVALUABLE
      ? 'unknown'
      : base === VERDICT_ALLOW
        ? 'allow'
        : 'deny';
  return { current, draft: primary === VERDICT_ALLOW ? 'allow' : 'deny' };
}

/** Evaluates elements of one replay's sample; one per thread (it owns a DecisionCache). */
export class RecordEvaluator {
  /** Its decisions; worker threads exchange what theirs evaluate (DecisionCache.learned). */
  readonly cache: DecisionCache;
  private readonly judge: UnknownsJudge;
  private readonly primaryRules: RuleTable;
  private readonly baseRules: RuleTable | null;
  private readonly sinceNs: bigint | null;
  private readonly both: boolean;
  private readonly elements: SampleElementReader;
  /** Null unless the replay attributes counterfactually (OutcomeConfig.attribution). */
  private readonly causes: CauseFinder | null = null;
  /** Null unless the replay places the sample (OutcomeConfig.signatures). */
  private readonly signatures: SignatureSpace | null = null;

  constructor(
    private readonly config: OutcomeConfig,
    private readonly primary: EvaluatorSide,
    private readonly base: EvaluatorSide | null,
  ) {
    this.both = config.hasHead && config.hasBase && base !== null;
    // Side 0 is the primary policy, side 1 the base when both are replayed.
    const sides = this.both ? [primary, base!] : [primary];
    this.cache = new DecisionCache(sides);
    this.judge = new UnknownsJudge(config.unevaluable, sides, this.cache);
    this.primaryRules = new RuleTable(primary.policy);
    this.baseRules = this.both ? new RuleTable(base!.policy) : null;
    this.sinceNs = config.since === null ? null : instantOf(config.since);
    if (this.both && config.signatures === true)
      this.signatures = signatureSpace(base!.policy, primary.policy);
    if (this.both && config.attribution !== null)
      this.causes = new CauseFinder(primary.policy, base!.policy, config.attribution, config.unevaluable);
    this.elements = new SampleElementReader(
      config.format ?? 'records',
      config.decisionLog ?? NO_DECISION_LOG_OPTIONS,
      config.maxLineBytes,
    );
  }

  /** Every non-blank line of a run of lines, in order; positions are `base + line`. */
  evaluateLines(bytes: Uint8Array, firstLine: number, base = 0): ElementOutcome[] {
    const out: ElementOutcome[] = [];
    forEachLine(
      bytes,
      firstLine,
      (text, line, shape) => out.push(this.evaluateText(text, base + line, shape)),
      this.config.maxLineBytes,
    );
    return out;
  }

  /**
   * One element (null: an empty array element) at a position; `shape` is the reader's scan of it
   * (recordShape.ts), computed when absent.
   */
  evaluateText(text: string | null, line: number, shape?: Shape): ElementOutcome {
    const element = this.elements.read(text, shape);
    switch (element.kind) {
      case 'record':
        return this.evaluateRecord(
          element.record,
          line,
          element.path,
          text !== null && hasLoneSurrogate(text, element.record),
        );
      case 'malformed': {
        const outcome: MalformedOutcome = { kind: 'malformed', line, reason: element.reason };
        if (element.request_id !== undefined) outcome.request_id = element.request_id;
        if (typeof element.path === 'string') outcome.decision_path = element.path;
        return outcome;
      }
      case 'skipped':
        return { kind: 'skipped', line, otherPath: element.otherPath };
      case 'mixed':
        return { kind: 'mixed', line };
    }
  }

  /** `alone`: never take or give a cached decision (a lone surrogate, recordShape.ts). */
  evaluateRecord(
    record: TrafficRecord,
    line: number,
    decisionPath: string | null = null,
    alone = false,
  ): RecordOutcome {
    const config = this.config;
    const outcome = unevaluatedOutcome(config, record, line, decisionPath);
    if (!this.wanted(record, line)) return outcome;
    outcome.evaluated = true;
    let primaryDecision: Decision | null;
    let baseDecision: Decision | null = null;
    const input = evaluationInput(record);
    if (alone) this.cache.alone(input);
    const known = !hasUnknowns(record);
    try {
      if (known) {
        // The common case: nothing unknown, the two-valued decisions through the cache.
        primaryDecision = this.cache.evaluate(0, input, record.request_id);
      } else {
        const primary = this.judge.judge(0, record, input, true);
        primaryDecision = primary.decision;
        outcome.reasons = primary.reasons;
        outcome.byReading = primary.byReading;
      }
    } catch (error) {
      // A builtin failure (say, a time the gateway recorded but no evaluator can read) makes the
      // record unreplayable: it is reported as malformed, never guessed.
      if (!(error instanceof EvaluationError)) throw error;
      outcome.error = error.message;
      return outcome;
    }
    try {
      if (known) {
        if (this.both) baseDecision = this.cache.evaluate(1, input, record.request_id);
      } else if (
        this.both &&
        (config.mode === 'compare' || primaryDecision !== null || record.recorded_decision !== undefined)
      ) {
        // In drift mode the base's decision only matters against a recorded decision; a compare
        // needs it for a change, and for a record the head can no longer judge.
        baseDecision = this.judge.judge(1, record, input, false).decision;
      }
      if (this.both) outcome.base = baseDecision === null ? null : verdictOf(baseDecision);
    } catch (error) {
      // The head read this record, so the base's failure is the base's (a trap, a builtin error,
      // its memory): the change cannot be judged against it, and the aggregation fails the replay.
      if (!(error instanceof EvaluationError)) throw error;
      outcome.error = error.message;
      outcome.baseFailed = true;
      return outcome;
    }
    outcome.primary = primaryDecision === null ? VERDICT_UNEVALUABLE : verdictOf(primaryDecision);
    if (this.signatures !== null)
      outcome.signature = recordSignature(this.signatures, input, known ? null : unknownDataOf(record));
    // A deleted policy: the counts and the recorded mismatch are the base's own decisions.
    if (!config.hasHead) outcome.base = primaryDecision === null ? null : outcome.primary;
    if (primaryDecision !== null)
      outcome.matched = this.primaryRules.indicesOf(primaryDecision.matched_rule_ids);
    const pair = decisionPair(config, outcome.primary, outcome.base, outcome.recorded_decision);
    const changed = pair !== null && pair.current !== pair.draft;
    if (changed && config.mode === 'drift') outcome.change = changeDetail(record, null);
    else if (
      changed ||
      (config.mode === 'compare' && this.both && primaryDecision === null && baseDecision !== null)
    ) {
      // A change, or a record the base decides and the head cannot (docs/review.md): the
      // aggregation tells them apart by the head's verdict.
      const head = primaryDecision === null ? 1 : primaryDecision.allow ? 2 : 0;
      const causes = this.causes?.causesOf(record, input, head) ?? null;
      outcome.change = changeDetail(
        record,
        explainChange(this.primaryRules, primaryDecision, this.baseRules, baseDecision, causes),
      );
    }
    return outcome;
  }

  /** Whether the aggregation can use this record's decisions at all (--shard, --since). */
  private wanted(record: TrafficRecord, line: number): boolean {
    if (!inShard(this.config.shard ?? undefined, record.request_id, line)) return false;
    if (this.sinceNs === null) return true;
    if (record.occurred_at === undefined) return false;
    const t = instantOf(record.occurred_at);
    return t !== null && t >= this.sinceNs;
  }
}

function verdictOf(decision: Decision): Verdict {
  return decision.allow ? VERDICT_ALLOW : VERDICT_DENY;
}

/** The change-row fields an operator recognises the request by. */
export function changeDetail(record: TrafficRecord, explain: ChangeExplanation | null = null): ChangeDetail {
  return { subject: subjectOf(record), method: methodOf(record), tools: toolsOf(record), explain };
}

/**
 * What a change row may show of a record: not what its unknown set covers (a masked value is not
 * the real one). null: nothing is unknown.
 */
function unknownPointersOf(record: TrafficRecord): readonly UnknownPointer[] | null {
  return hasUnknowns(record) ? effectivePointers(unknownDataOf(record)) : null;
}

const CALL_FIELDS = ['method', 'tool', 'resource_uri', 'prompt'] as const;

/**
 * The calls as replayed (an unpaired batch paired), less the fields the record does not know;
 * null when the call list itself is unknown.
 */
function shownCalls(record: TrafficRecord): TrafficCall[] | null {
  const calls = evaluationInput(record).request?.mcp?.calls;
  const pointers = unknownPointersOf(record);
  if (pointers === null || !Array.isArray(calls)) return calls ?? [];
  if (isCallListUnknown(pointers)) return null;
  return calls.map((call, i) => {
    const shown: TrafficCall = {};
    for (const field of CALL_FIELDS) {
      const value = call[field];
      if (value !== undefined && !isUnknown(pointers, callFieldLocation(i, field))) shown[field] = value;
    }
    return shown;
  });
}

/** `input.identity.subject`, or null when there is none or the record does not know it. */
export function subjectOf(record: TrafficRecord): string | null {
  const subject = (record.input.identity as { subject?: unknown } | undefined)?.subject;
  if (typeof subject !== 'string') return null;
  const pointers = unknownPointersOf(record);
  return pointers !== null && isUnknown(pointers, ['identity', 'subject']) ? null : subject;
}

/**
 * The calls' shared method, "batch" when they differ (or some call has none), null when there is
 * no call. Judged on the calls as replayed, so an unpaired batch reads like the same calls
 * recorded paired; a method the record does not know counts as none.
 */
export function methodOf(record: TrafficRecord): string | null {
  const calls = shownCalls(record);
  if (calls === null || calls.length === 0) return null;
  const first = calls[0]?.method;
  if (typeof first === 'string' && calls.every((c) => c.method === first)) return first;
  // Several calls without one shared method are a batch; a lone call without one names none.
  return calls.length > 1 ? 'batch' : null;
}

/** Distinct tool names in call order; [] when none were called or tools were not recorded. */
export function toolsOf(record: TrafficRecord): string[] {
  const calls = shownCalls(record) ?? [];
  const seen = new Set<string>();
  for (const call of calls) if (typeof call.tool === 'string') seen.add(call.tool);
  return [...seen];
}

/** The evaluator's sides from a replay's head and base (the primary is the head when there is one). */
export function evaluatorSides<S extends EvaluatorSide>(
  head: S | null,
  base: S | null,
): { primary: S; base: S | null } {
  const primary = head ?? base;
  if (!primary) throw new Error('replayTraffic needs a head or a base policy');
  return { primary, base: head && base ? base : null };
}

/** A record's outcome before its evaluation: what it recorded, nothing decided. */
function unevaluatedOutcome(
  config: OutcomeConfig,
  record: TrafficRecord,
  line: number,
  decisionPath: string | null,
): RecordOutcome {
  return {
    kind: 'record',
    line,
    request_id: record.request_id,
    occurred_at: record.occurred_at ?? null,
    manifest_id: record.manifest_id ?? null,
    recorded_decision: record.recorded_decision ?? null,
    policy_revision: config.mode === 'drift' ? (record.policy_revision ?? null) : null,
    evaluated: false,
    error: null,
    baseFailed: false,
    primary: VERDICT_UNEVALUABLE,
    reasons: 0,
    byReading: false,
    matched: null,
    base: null,
    change: null,
    decision_path: decisionPath,
    signature: null,
  };
}
