/**
 * The reference evaluator's three-valued half: docs/unknowns.md "Three-valued evaluation"
 * implemented directly in TypeScript, from the contract rather than from the generated Rego, so
 * that its agreement with opa-wasm and OPA's Go evaluator on the same cases is evidence. It also
 * says *why* a record is unevaluable (the reasons), which the Rego does not.
 *
 * Values are Kleene's F, U, T as 0, 1, 2. Each value carries the reasons of what made it U (a bit
 * set, empty unless the value is U), and AND/OR keep only the reasons of their U operands, so the
 * reasons of a U part come only from what is U.
 */
import type { Condition, Policy } from '../policy/schema.js';
import type { CallField, FieldKind } from '../policy/fields.js';
import {
  classifyRule,
  conditionHolds,
  inForce,
  lookup,
  requestPath,
  type ClassifiedRule,
} from './reference.js';
import {
  allEffectivePointers,
  effectivePointers,
  type UnknownData,
  type UnpairedLists,
} from '../unknowns/unknownData.js';
import {
  ATTRIBUTES_RESOLVED,
  callFieldLocation,
  isCallListUnknown,
  isUnknown,
  REQUEST_TIME,
  VERIFIED,
  type Location,
} from '../unknowns/location.js';
import { locationReasonBits, numberReasonBits } from '../unknowns/locationReasons.js';
import { REASON_BIT, reasonsOfBits, type UnevaluableReason } from '../unknowns/reasons.js';
import type { ThreeValuedDecision } from '../unknowns/decision.js';
import type { UnknownPointer } from '../unknowns/pointer.js';

export type Truth = 0 | 1 | 2;

interface Value {
  v: Truth;
  /** Reasons (REASON_BIT) of a U value; 0 otherwise. */
  bits: number;
}

const TRUE: Value = { v: 2, bits: 0 };
const FALSE: Value = { v: 0, bits: 0 };
const unknown = (bits: number): Value => ({ v: 1, bits });
const known = (b: boolean): Value => (b ? TRUE : FALSE);

/**
 * AND (`absorbing` F) or OR (`absorbing` T): an absorbing operand decides; otherwise U with the
 * reasons of every U operand, or the other known value when none is U.
 */
function combine(values: readonly Value[], absorbing: Value): Value {
  let bits = 0;
  let sawUnknown = false;
  for (const x of values) {
    if (x.v === absorbing.v) return absorbing;
    if (x.v === 1) {
      sawUnknown = true;
      bits |= x.bits;
    }
  }
  return sawUnknown ? unknown(bits) : not(absorbing);
}

const and = (values: readonly Value[]): Value => combine(values, FALSE);
const or = (values: readonly Value[]): Value => combine(values, TRUE);

function not(x: Value): Value {
  return x.v === 1 ? x : x.v === 2 ? FALSE : TRUE;
}

type CallCondition = ClassifiedRule['call'][number];

/** The reference's three-valued result: the decision of every evaluator, plus the reasons. */
export interface ReferenceThreeValued extends ThreeValuedDecision {
  /** Sorted, distinct; empty unless `allow` is 1 (unevaluable). */
  reasons: UnevaluableReason[];
}

/** The calls of an unpaired batch by the simplest pairing: call i takes the i-th value of each list. */
function pairLists(lists: UnpairedLists): Record<string, string>[] {
  const calls: Record<string, string>[] = [];
  for (let i = 0; i < lists.call_count; i++) {
    const call: Record<string, string> = {};
    for (const field of ['method', 'tool', 'resource_uri', 'prompt'] as const) {
      const list = lists[field];
      if (list !== undefined && i < list.length) call[field] = list[i]!;
    }
    calls.push(call);
  }
  return calls;
}

class Evaluation {
  /** Every pointer of the unknown set (what makes a location U). */
  readonly pointers: readonly UnknownPointer[];
  /** What the record lacks, and the numbers it holds in a form JavaScript does not keep: the reasons. */
  readonly missing: readonly UnknownPointer[];
  readonly numbers: readonly UnknownPointer[] | undefined;
  readonly unpaired: UnpairedLists | null;
  readonly callListUnknown: boolean;
  readonly calls: readonly unknown[];

  constructor(
    readonly input: unknown,
    unknowns: UnknownData,
  ) {
    this.unpaired = unknowns.unpaired;
    this.missing = effectivePointers(unknowns);
    this.numbers = unknowns.numbers;
    this.pointers = allEffectivePointers(unknowns);
    this.callListUnknown = isCallListUnknown(this.pointers);
    if (this.unpaired !== null) this.calls = pairLists(this.unpaired);
    else {
      const found = lookup(input, ['request', 'mcp', 'calls']);
      this.calls = found.present && Array.isArray(found.value) ? found.value : [];
    }
  }

  /** The reasons of an unknown location: each pointer that makes it unknown gives its own. */
  private reasons(location: Location, kind: FieldKind): number {
    return locationReasonBits(this.missing, location, kind) | numberReasonBits(this.numbers, location);
  }

  private requestCondition(condition: Condition, kind: Exclude<FieldKind, { kind: 'call' }>): Value {
    const path = requestPath(kind);
    if (isUnknown(this.pointers, path)) return unknown(this.reasons(path, kind));
    return known(conditionHolds(kind, lookup(this.input, path), condition));
  }

  private callCondition(index: number, call: unknown, { condition, kind }: CallCondition): Value {
    const location = callFieldLocation(index, kind.name);
    if (isUnknown(this.pointers, location)) return unknown(this.reasons(location, kind));
    return known(conditionHolds(kind, lookup(call, [kind.name]), condition));
  }

  /** docs/policy.md's quantifiers over the calls, each call the AND of its conditions. */
  private pairedCalls(rule: ClassifiedRule): Value {
    const perCall = this.calls.map((call, i) => and(rule.call.map((c) => this.callCondition(i, call, c))));
    if (rule.rule.effect === 'deny') return or(perCall);
    return and([known(this.calls.length > 0), ...perCall]);
  }

  /** all(c) and some(c) of one call condition over an unpaired batch's list. */
  private quantified(lists: UnpairedLists, { condition, kind }: CallCondition): { all: Value; some: Value } {
    if (lists.call_count > 0) {
      const location = callFieldLocation(0, kind.name);
      if (isUnknown(this.pointers, location)) {
        const u = unknown(this.reasons(location, kind));
        return { all: u, some: u };
      }
    }
    const list = lists[kind.name as CallField] ?? [];
    const holds = (value: string) => conditionHolds(kind, { present: true, value }, condition);
    // A call lacking the key satisfies neither `in` nor `not_in`.
    return {
      all: known(list.length === lists.call_count && list.every(holds)),
      some: known(list.some(holds)),
    };
  }

  /** docs/unknowns.md: an unpaired batch and a rule with conditions on two or more call fields. */
  private unpairedCalls(rule: ClassifiedRule, lists: UnpairedLists): Value {
    const q = rule.call.map((c) => this.quantified(lists, c));
    if (rule.rule.effect === 'allow') return and([known(lists.call_count > 0), ...q.map((x) => x.all)]);
    if (q.some((x) => x.some.v === 0)) return FALSE;
    const decided = q.some((x, k) => x.some.v === 2 && q.every((y, j) => j === k || y.all.v === 2));
    if (decided) return TRUE;
    let bits = REASON_BIT.batch_call_pairing_unavailable;
    for (const x of q) bits |= x.all.bits | x.some.bits;
    return unknown(bits);
  }

  callPart(rule: ClassifiedRule): Value {
    if (this.callListUnknown) return unknown(REASON_BIT.mcp_not_recorded);
    const fields = new Set(rule.call.map((c) => c.kind.name));
    if (this.unpaired !== null && fields.size >= 2) return this.unpairedCalls(rule, this.unpaired);
    return this.pairedCalls(rule);
  }

  requestPart(rule: ClassifiedRule): Value {
    return and(rule.request.map(({ condition, kind }) => this.requestCondition(condition, kind)));
  }

  private timeUnknown(): boolean {
    return isUnknown(this.pointers, REQUEST_TIME);
  }

  windowPart(rule: ClassifiedRule): Value | null {
    const window = rule.rule.active_window;
    if (window === undefined) return null;
    if (this.timeUnknown()) return unknown(REASON_BIT.time_not_recorded);
    const time = lookup(this.input, ['request', 'time']);
    // Without a time the rule needs context and cannot match; inForce is not asked.
    if (!time.present) return FALSE;
    return known(inForce(window, time.value));
  }

  /** docs/policy.md "Missing context", with the caller and directory parts U when their flag is unknown. */
  needs(rule: ClassifiedRule): Value | null {
    const parts: Value[] = [];
    const flag = (path: readonly string[]) => {
      const found = lookup(this.input, path);
      return found.present && found.value === true;
    };
    if (rule.readsCaller) {
      parts.push(
        isUnknown(this.pointers, VERIFIED)
          ? unknown(REASON_BIT.subject_unverified)
          : known(!flag(['identity', 'verified'])),
      );
    }
    if (rule.readsDirectory) {
      parts.push(
        isUnknown(this.pointers, ATTRIBUTES_RESOLVED)
          ? unknown(REASON_BIT.attributes_unavailable)
          : known(!flag(['identity', 'attributes_resolved'])),
      );
    }
    if (rule.rule.active_window !== undefined) {
      // The gateway had a time; an export that lost it does not make the rule need context.
      parts.push(this.timeUnknown() ? FALSE : known(!lookup(this.input, ['request', 'time']).present));
    }
    return parts.length === 0 ? null : or(parts);
  }
}

/**
 * Decides `input` under `policy` knowing that the locations of `unknowns` are unknown: allow 2,
 * deny 0, unevaluable 1 (docs/unknowns.md "The decision"). On a record with nothing unknown it
 * equals evaluateReference. `input` is the recorded input (for an unpaired batch, without calls:
 * they come from `unknowns.unpaired`).
 */
export function evaluateReferenceThreeValued(
  policy: Policy,
  input: unknown,
  unknowns: UnknownData,
): ReferenceThreeValued {
  const evaluation = new Evaluation(input, unknowns);
  const out: ReferenceThreeValued = {
    allow: 0,
    matched_rule_ids: [],
    missing_context_rule_ids: [],
    undecided_rule_ids: [],
    undecided_context_rule_ids: [],
    reasons: [],
  };
  const denyMatched: Value[] = [];
  const allowMatched: Value[] = [];
  const needsAll: Value[] = [];
  const onMissing = policy.on_missing_context ?? 'deny';
  let reasonBits = 0;
  for (const rule of policy.rules) {
    const classified = classifyRule(rule);
    const needs = evaluation.needs(classified);
    const parts: Value[] = [];
    if (needs !== null) parts.push(not(needs));
    const window = evaluation.windowPart(classified);
    if (window !== null) parts.push(window);
    if (classified.request.length > 0) parts.push(evaluation.requestPart(classified));
    if (classified.call.length > 0) parts.push(evaluation.callPart(classified));
    const matched = and(parts);
    (rule.effect === 'deny' ? denyMatched : allowMatched).push(matched);
    if (matched.v === 2) out.matched_rule_ids.push(rule.id);
    if (matched.v === 1) {
      out.undecided_rule_ids.push(rule.id);
      reasonBits |= matched.bits;
    }
    if (needs !== null) {
      needsAll.push(needs);
      if (needs.v === 2) out.missing_context_rule_ids.push(rule.id);
      if (needs.v === 1) {
        out.undecided_context_rule_ids.push(rule.id);
        if (onMissing === 'deny') reasonBits |= needs.bits;
      }
    }
  }
  const byMissing = onMissing === 'deny' ? or(needsAll) : FALSE;
  const allow = and([
    not(byMissing),
    not(or(denyMatched)),
    policy.default_effect === 'allow' ? TRUE : or(allowMatched),
  ]);
  out.allow = allow.v;
  if (allow.v === 1) out.reasons = reasonsOfBits(reasonBits);
  return out;
}
