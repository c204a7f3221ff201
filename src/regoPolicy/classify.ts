/**
 * One request's two evaluations, compared (docs/rego.md "Classification"). Each side either has a
 * result, has none (the decision path is undefined for the input), failed (a runtime error such as
 * a conflict), or could not be evaluated from what was recorded (unevaluable, with its reason).
 * A request changes when its decision changes (allow ↔ deny, whatever carries it; or from unknown:
 * the base could not be evaluated, has no base, or gave a result the mapping cannot read, and the
 * head decides), when the path becomes defined or undefined with the decision the same, when the
 * result differs though the decision does not (`result_changed`), or when one side fails; a
 * failure is never folded into allow or deny.
 */
import { decisionOfResult, type DecisionMapping } from './decisionMapping.js';
import { parseExactJson, type ExactValue } from './exactJson.js';
import { resultDifferences, sameResult, type ResultDifference } from './resultDiff.js';

export type SideEvaluation =
  | { kind: 'defined'; result: ExactValue }
  | { kind: 'undefined' }
  | { kind: 'error'; message: string }
  /** `pointers`: for `input_not_recorded`, the erased or masked pointers the side reads. */
  | { kind: 'unevaluable'; reason: string; pointers?: readonly string[] };

export type SideDecision = 'allow' | 'deny' | 'unknown' | 'error' | 'none';

/**
 * A defined result read from its exact JSON text, parsed the first time its value is asked for:
 * most records compare equal by their text (the engine and OPA both write compact JSON with sorted
 * keys), and then the value is never needed. The text is kept out of the enumerable fields.
 */
export function definedFromText(text: string): SideEvaluation {
  let value: ExactValue | undefined;
  const side = {
    kind: 'defined' as const,
    get result(): ExactValue {
      return (value ??= parsedResult(text));
    },
  };
  Object.defineProperty(side, 'text', { value: text, enumerable: false });
  return side;
}

/**
 * Results already parsed, by their text: a policy gives a handful of distinct results to most
 * requests (allowed, or denied with one of a few reasons), and every record's decision needs its
 * value. Shared, so a result value is never modified. Bounded: past the limit it starts again.
 */
const parsed = new Map<string, ExactValue>();
const PARSED_MAX_ENTRIES = 4096;
const PARSED_MAX_TEXT = 4096;

function parsedResult(text: string): ExactValue {
  let value = parsed.get(text);
  if (value !== undefined) return value;
  value = parseExactJson(text);
  if (text.length <= PARSED_MAX_TEXT) {
    if (parsed.size >= PARSED_MAX_ENTRIES) parsed.clear();
    parsed.set(text, value);
  }
  return value;
}

const textOf = (side: SideEvaluation): string | undefined => (side as { text?: string }).text;

/**
 * A side's decision for the allowed / denied / unevaluable buckets. An undefined result reads as
 * OPA's integrations read it: no violations for a violation set (allow), no permission for a
 * boolean (deny). `none`: a defined result the mapping cannot read.
 */
export function sideDecision(mapping: DecisionMapping | null, side: SideEvaluation): SideDecision {
  if (side.kind === 'unevaluable') return 'unknown';
  if (side.kind === 'error') return 'error';
  if (mapping === null) return 'none';
  if (side.kind === 'undefined') return mapping.kind === 'deny-when-nonempty' ? 'allow' : 'deny';
  return decisionOfResult(mapping, side.result);
}

export type RegoChangeKind =
  | 'newly_allowed'
  | 'unknown_to_allow'
  | 'newly_denied'
  | 'unknown_to_deny'
  | 'result_changed'
  | 'undefined_to_defined'
  | 'defined_to_undefined'
  | 'error';

export type PairClass =
  | { kind: 'unevaluable' }
  | { kind: 'unchanged' }
  | { kind: 'changed'; change: RegoChangeKind; differences: ResultDifference[] };

const unchanged: PairClass = { kind: 'unchanged' };

/**
 * The base of a request a new policy decides (no base at all): unknown, as a base the record
 * cannot evaluate is, so every request the head decides is a change from unknown.
 */
export const NO_BASE: SideEvaluation = { kind: 'unevaluable', reason: 'no_base' };

export function classifyPair(
  mapping: DecisionMapping | null,
  base: SideEvaluation,
  head: SideEvaluation,
): PairClass {
  if (head.kind === 'unevaluable') return { kind: 'unevaluable' };
  // As for rule documents, `unknown` always differs from a decision: assuming the base allowed
  // would invent a decision the service never made. A head without a decision keeps it unevaluable.
  if (base.kind === 'unevaluable') {
    const to = sideDecision(mapping, head);
    if (to === 'allow') return { kind: 'changed', change: 'unknown_to_allow', differences: [] };
    if (to === 'deny') return { kind: 'changed', change: 'unknown_to_deny', differences: [] };
    return { kind: 'unevaluable' };
  }
  if (base.kind === 'error' || head.kind === 'error') {
    const same = base.kind === 'error' && head.kind === 'error' && base.message === head.message;
    return same ? unchanged : { kind: 'changed', change: 'error', differences: [] };
  }
  if (base.kind === 'undefined' && head.kind === 'undefined') return unchanged;
  if (base.kind === 'defined' && head.kind === 'defined') {
    const text = textOf(base);
    if ((text !== undefined && text === textOf(head)) || sameResult(base.result, head.result))
      return unchanged;
  }
  const differences = resultDifferences(
    base.kind === 'defined' ? base.result : undefined,
    head.kind === 'defined' ? head.result : undefined,
  );
  const [from, to] = [sideDecision(mapping, base), sideDecision(mapping, head)];
  // The decision first: a request denied and now allowed is newly allowed whether a value or the
  // path's absence carried either decision (an undefined `allow` is a deny to the service).
  if (from === 'deny' && to === 'allow') return { kind: 'changed', change: 'newly_allowed', differences };
  if (from === 'allow' && to === 'deny') return { kind: 'changed', change: 'newly_denied', differences };
  // A result the mapping cannot read has no decision: unknown, when the other side has one.
  const decided = (d: SideDecision) => d === 'allow' || d === 'deny';
  if (from === 'none' && decided(to))
    return { kind: 'changed', change: to === 'allow' ? 'unknown_to_allow' : 'unknown_to_deny', differences };
  if (to === 'none' && decided(from)) return { kind: 'unevaluable' };
  if (base.kind === 'undefined') return { kind: 'changed', change: 'undefined_to_defined', differences };
  if (head.kind === 'undefined') return { kind: 'changed', change: 'defined_to_undefined', differences };
  return { kind: 'changed', change: 'result_changed', differences };
}

/**
 * The base's decision of a request the head can no longer decide (unevaluable, or a result the
 * mapping cannot read): not a change, but reported apart (`newly_unevaluable`); null otherwise.
 */
export function lostDecision(
  mapping: DecisionMapping | null,
  base: SideEvaluation,
  head: SideEvaluation,
): 'allow' | 'deny' | null {
  const to = sideDecision(mapping, head);
  if (to !== 'unknown' && to !== 'none') return null;
  const from = sideDecision(mapping, base);
  return from === 'allow' || from === 'deny' ? from : null;
}
