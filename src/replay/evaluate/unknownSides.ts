import { EvaluationError } from '../../engine/errors.js';
import type { Decision } from '../../policy/schema.js';
import { evaluateReferenceThreeValued } from '../../engine/threeValued.js';
import { REASON_BIT } from '../../unknowns/reasons.js';
import { unknownsPayload, type UnknownsPayload } from '../../unknowns/payload.js';
import { readingOf, readingReasonBits, type PolicyReading } from '../../unknowns/staticReading.js';
import type { TrafficInput, TrafficRecord } from '../../traffic/record.js';
import { unknownDataOf, unknownKey, unknownPointers } from '../../unknowns/recordUnknowns.js';
import { DECISION_CACHE_LIMIT, type CachedSide, type DecisionCache } from '../decisionCache/decisionCache.js';

/**
 * How a record with unknown data (docs/unknowns.md) is judged for one policy side, in either mode:
 *
 * - Both modes first apply the static rule (the policy reads an unknown location): that is the
 *   record's `unevaluable_by_reading`. When it reads nothing unknown, the two-valued decision on
 *   the recorded input is exact and comes from the usual cached path.
 * - `static`: reading something unknown makes the record unevaluable, with the static reasons.
 * - `precise`: the generated Rego's three-valued entrypoint decides (opa-wasm, cached under a key
 *   that adds the unknown set). A record it leaves undecided is evaluated by the reference
 *   evaluator too, which must agree and which names the reasons; a disagreement is the record's
 *   own error, never a silent guess.
 */

export type UnevaluableMode = 'precise' | 'static';
export const UNEVALUABLE_MODES: readonly UnevaluableMode[] = ['precise', 'static'];

/** One side's judgement of a record: its value (0 deny, 1 unevaluable, 2 allow) and why. */
export interface SideJudgement {
  truth: 0 | 1 | 2;
  /**
   * A decided record's decision in two-valued form: allow, the rules whose matched is T, and those
   * whose needs-context is T (what the change explanation reads). null: unevaluable.
   */
  decision: Decision | null;
  /** Reasons (REASON_BIT) of an unevaluable record; only for a side asked for them. */
  reasons: number;
  /** The static rule calls the record unevaluable for this side. */
  byReading: boolean;
}

/** What depends on the unknown set and the pairing alone, shared by records with the same key. */
interface KeyInfo {
  payload: UnknownsPayload;
  /** Static reasons per side. */
  readingBits: number[];
  /**
   * Per side: whether the three-valued evaluation can differ from the two-valued one on the
   * recorded input (with an unpaired batch paired): some rule reads an unknown location, or the
   * batch is unpaired and a deny rule combines call fields. Otherwise the two-valued decision is
   * exact, and cheaper.
   */
  threeValued: boolean[];
}

/** Distinct unknown sets remembered at a time; a sample has few, this only bounds memory. */
const KEY_LIMIT = 1_024;
/** Reasons kept per reason key before the map starts over (as many as the decision cache holds). */
const REASONS_LIMIT = DECISION_CACHE_LIMIT;

export class UnknownsJudge {
  private readonly readings: PolicyReading[];
  private readonly byKey = new Map<string, KeyInfo>();
  /**
   * The reasons of undecided records by DecisionCache.reasonKey: records sharing that key have the
   * same conditions U, so the reference evaluator runs once per key, not once per record.
   */
  private readonly reasonsOf = new Map<string, number>();

  constructor(
    private readonly mode: UnevaluableMode,
    private readonly sides: readonly CachedSide[],
    private readonly cache: DecisionCache,
  ) {
    this.readings = sides.map((side) => readingOf(side.policy));
  }

  private infoOf(record: TrafficRecord, key: string): KeyInfo {
    let info = this.byKey.get(key);
    if (info === undefined) {
      const data = unknownDataOf(record);
      const unpaired = data.unpaired;
      info = {
        payload: unknownsPayload(unknownPointers(record), unpaired),
        readingBits: this.readings.map((reading) => readingReasonBits(reading, data)),
        threeValued: this.readings.map(
          (reading) =>
            readingReasonBits(reading, { ...data, unpaired: null }) !== 0 ||
            (unpaired !== null && reading.denyCombinesCallFields),
        ),
      };
      if (this.byKey.size >= KEY_LIMIT) this.byKey.clear();
      this.byKey.set(key, info);
    }
    return info;
  }

  /**
   * Judges side `index` on a record that has unknowns (traffic/unknowns.ts hasUnknowns); `input`
   * is its evaluation input (an unpaired batch paired). `withReasons`: name the reasons of an
   * unevaluable result (the primary side; the base's are never reported).
   */
  judge(index: number, record: TrafficRecord, input: TrafficInput, withReasons: boolean): SideJudgement {
    const key = unknownKey(record);
    const info = this.infoOf(record, key);
    const bits = info.readingBits[index]!;
    const byReading = bits !== 0;
    if (!byReading || (this.mode === 'precise' && !info.threeValued[index])) {
      const decision = this.cache.evaluate(index, input, record.request_id);
      return { truth: decision.allow ? 2 : 0, decision, reasons: 0, byReading };
    }
    if (this.mode === 'static') return { truth: 1, decision: null, reasons: bits, byReading };
    const side = this.sides[index]!;
    const decision = this.cache.evaluateThreeValued(
      index,
      input,
      { key, payload: info.payload },
      record.request_id,
    );
    if (decision.allow !== 1) {
      const decided: Decision = {
        allow: decision.allow === 2,
        matched_rule_ids: decision.matched_rule_ids,
        missing_context_rule_ids: decision.missing_context_rule_ids,
      };
      return { truth: decision.allow, decision: decided, reasons: 0, byReading };
    }
    if (!withReasons) return { truth: 1, decision: null, reasons: 0, byReading };
    const reasonKey = this.cache.reasonKey(input, { key, payload: info.payload });
    const known = reasonKey === null ? undefined : this.reasonsOf.get(reasonKey);
    if (known !== undefined) return { truth: 1, decision: null, reasons: known, byReading };
    const reference = evaluateReferenceThreeValued(side.policy, record.input, unknownDataOf(record));
    if (reference.allow !== 1) {
      throw new EvaluationError(
        side.engine.name,
        record.request_id,
        new Error(
          `opa-wasm finds the record unevaluable but the reference evaluator decides ${reference.allow === 2 ? 'allow' : 'deny'}; ` +
            'the two three-valued evaluations must agree (docs/unknowns.md), please report this record',
        ),
      );
    }
    let reasons = 0;
    for (const reason of reference.reasons) reasons |= REASON_BIT[reason];
    if (reasonKey !== null) {
      if (this.reasonsOf.size >= REASONS_LIMIT) this.reasonsOf.clear();
      this.reasonsOf.set(reasonKey, reasons);
    }
    return { truth: 1, decision: null, reasons, byReading };
  }
}
