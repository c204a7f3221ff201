import type { Policy, Rule } from '../../policy/schema.js';
import type { Edit } from '../../policy/edits.js';
import { withEditApplied, withEditReverted } from '../../policy/variants.js';
import {
  classifyRule,
  decideFromOutcomes,
  evaluateReference,
  ruleOutcome,
  type ClassifiedRule,
  type RuleOutcome,
} from '../../engine/reference.js';
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

/**
 * Whether a replay attributes each change counterfactually: it compares a head with a base (there
 * is something to revert to) and has at most `maxEdits` edits (each costs two variant evaluations
 * per change).
 */
export function attributesCounterfactually(
  sides: { compare: boolean; hasHead: boolean; hasBase: boolean },
  edits: readonly Edit[],
  maxEdits: number,
): boolean {
  return sides.compare && sides.hasHead && sides.hasBase && edits.length <= maxEdits;
}

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

/**
 * The variants of a record that has nothing unknown, decided together: every rule any variant
 * holds (a head rule or a base rule) is evaluated once, and each variant's decision follows from
 * its rules' outcomes — instead of evaluating each variant's rules again.
 */
class TwoValuedVariants {
  private readonly rules: ClassifiedRule[] = [];
  /** Per variant: its settings, its rules as indices into `rules`, and their outcomes' buffer. */
  private readonly variants: { policy: Policy; members: number[]; outcomes: RuleOutcome[] }[];
  private readonly outcomes: RuleOutcome[] = [];

  constructor(policies: readonly Policy[]) {
    const index = new Map<Rule, number>();
    this.variants = policies.map((policy) => ({
      policy,
      outcomes: policy.rules.map(() => 0),
      members: policy.rules.map((rule) => {
        let i = index.get(rule);
        if (i === undefined) {
          i = this.rules.length;
          index.set(rule, i);
          this.rules.push(classifyRule(rule));
        }
        return i;
      }),
    }));
  }

  /** Each variant's truth on `input`, in the order the policies were given. */
  truths(input: TrafficInput): Truth[] {
    const outcomes = this.outcomes;
    this.rules.forEach((rule, i) => (outcomes[i] = ruleOutcome(rule, input)));
    return this.variants.map((variant) => {
      variant.members.forEach((i, j) => (variant.outcomes[j] = outcomes[i]!));
      return decideFromOutcomes(variant.policy, variant.policy.rules, variant.outcomes) ? 2 : 0;
    });
  }
}

export class CauseFinder {
  private readonly reverted: VariantJudge[];
  private readonly applied: VariantJudge[];
  private readonly all: number[];
  /** The reverted variants, then the applied ones, for records with nothing unknown. */
  private readonly twoValued: TwoValuedVariants;

  constructor(head: Policy, base: Policy, edits: readonly Edit[], mode: UnevaluableMode) {
    const reverted = edits.map((e) => withEditReverted(head, base, e));
    const applied = edits.map((e) => withEditApplied(base, head, e));
    this.reverted = reverted.map((p) => new VariantJudge(p, mode));
    this.applied = applied.map((p) => new VariantJudge(p, mode));
    this.all = edits.map((_, i) => i);
    this.twoValued = new TwoValuedVariants([...reverted, ...applied]);
  }

  /**
   * The causes of the head's decision `head` of a record the base decides differently: the edits
   * whose reversal alone changes it; else those that alone turn the base's decision into it; else
   * every edit, jointly.
   */
  causesOf(record: TrafficRecord, input: TrafficInput, head: Truth): Causes {
    const data = hasUnknowns(record) ? unknownDataOf(record) : null;
    const k = this.all.length;
    const truths = data === null ? this.twoValued.truths(input) : null;
    const reverted = (i: number) => truths?.[i] ?? this.reverted[i]!.truth(record, input, data);
    const applied = (i: number) => truths?.[k + i] ?? this.applied[i]!.truth(record, input, data);
    const butFor = this.all.filter((i) => reverted(i) !== head);
    if (butFor.length > 0) return { causes: butFor, joint: false };
    const sufficient = this.all.filter((i) => applied(i) === head);
    if (sufficient.length > 0) return { causes: sufficient, joint: false };
    return { causes: this.all, joint: true };
  }
}
