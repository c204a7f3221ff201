import type { Policy } from '../../policy/schema.js';
import type { Edit } from '../../policy/edits.js';
import { withEditApplied, withEditReverted } from '../../policy/variants.js';
import { evaluateReference } from '../../engine/reference.js';
import { evaluateReferenceThreeValued, type Truth } from '../../engine/threeValued.js';
import { readingOf, readingReasonBits, type PolicyReading } from '../../unknowns/staticReading.js';
import type { TrafficInput, TrafficRecord } from '../../traffic/record.js';
import { hasUnknowns, unknownDataOf } from '../../unknowns/recordUnknowns.js';
import type { UnknownData } from '../../unknowns/unknownData.js';
import type { UnevaluableMode } from './unknownSides.js';

/**
 * The counterfactual `because` of docs/review.md: which edits caused one change. Each variant
 * policy (the head with one edit reverted, the base with one edit applied) is judged on the
 * record exactly as the replay judges a side (unknownSides.ts: the static rule first, then the
 * two-valued decision when nothing the policy reads is unknown, else the three-valued one) — by
 * the reference evaluator, which the conformance suites hold equal to opa-wasm, so no variant is
 * compiled. Only changed records (and those the head can no longer judge) reach this.
 */

export const DEFAULT_MAX_ATTRIBUTION_EDITS = 64;

/** The edits (indices into the replay's edit list) that caused a change; `joint`: all of them, together. */
export interface Causes {
  causes: number[];
  joint: boolean;
}

/** One policy judged on records the way the replay judges a side. */
class VariantJudge {
  private readonly reading: PolicyReading;

  constructor(
    private readonly policy: Policy,
    private readonly mode: UnevaluableMode,
  ) {
    this.reading = readingOf(policy);
  }

  /** `data`: the record's unknown set, null when it has none. */
  truth(record: TrafficRecord, input: TrafficInput, data: UnknownData | null): Truth {
    if (data === null || readingReasonBits(this.reading, data) === 0) return this.twoValued(input);
    if (this.mode === 'static') return 1;
    const exact =
      readingReasonBits(this.reading, { ...data, unpaired: null }) === 0 &&
      !(data.unpaired !== null && this.reading.denyCombinesCallFields);
    if (exact) return this.twoValued(input);
    return evaluateReferenceThreeValued(this.policy, record.input, data).allow;
  }

  private twoValued(input: TrafficInput): Truth {
    return evaluateReference(this.policy, input).allow ? 2 : 0;
  }
}

export class CauseFinder {
  private readonly reverted: VariantJudge[];
  private readonly applied: VariantJudge[];
  private readonly all: number[];

  constructor(head: Policy, base: Policy, edits: readonly Edit[], mode: UnevaluableMode) {
    this.reverted = edits.map((e) => new VariantJudge(withEditReverted(head, base, e), mode));
    this.applied = edits.map((e) => new VariantJudge(withEditApplied(base, head, e), mode));
    this.all = edits.map((_, i) => i);
  }

  /**
   * The causes of the head's decision `head` of a record the base decides differently: the edits
   * whose reversal alone changes it; else those that alone turn the base's decision into it; else
   * every edit, jointly.
   */
  causesOf(record: TrafficRecord, input: TrafficInput, head: Truth): Causes {
    const data = hasUnknowns(record) ? unknownDataOf(record) : null;
    const butFor = this.all.filter((i) => this.reverted[i]!.truth(record, input, data) !== head);
    if (butFor.length > 0) return { causes: butFor, joint: false };
    const sufficient = this.all.filter((i) => this.applied[i]!.truth(record, input, data) === head);
    if (sufficient.length > 0) return { causes: sufficient, joint: false };
    return { causes: this.all, joint: true };
  }
}
