import type { Condition, Rule } from './schema.js';
import { distinctConditions, windowText, type DistinctCondition } from './ruleText.js';
import { compareStrings } from '../canonical/compare.js';

/**
 * What a modification changed, in the rule's own terms (docs/explain.md "What changed, by
 * value"): values added to or removed from a condition, an operator changed, a condition added or
 * removed, the effect, the window. Pure.
 */

type Operator = Condition['operator'];
type Effect = Rule['effect'];

/** The values of one (field, operator) condition, compared as sets; each list sorted. */
export interface ValuesChange {
  field: string;
  op: Operator;
  added: string[];
  removed: string[];
}

/** The one condition on a field kept its place but not its operator. */
export interface OperatorChange {
  field: string;
  from_op: Operator;
  to_op: Operator;
}

/** A condition with no counterpart on the other side; `value` as the document gives it. */
export interface ConditionPresence {
  field: string;
  op: Operator;
  value: string[];
  change: 'added' | 'removed';
}

export interface EffectChange {
  effect: { from: Effect; to: Effect };
}

/** Each side's window in its text form (ruleText.ts windowText); null: no window. */
export interface WindowChange {
  active_window: { from: string | null; to: string | null };
}

export type RuleValueChange = ValuesChange | OperatorChange | ConditionPresence | EffectChange | WindowChange;

/**
 * The changes from `before` to `after`: the effect, then the conditions (fieldCondtionChanges'
 * order), then the window — the order of `what`. A description is not a value: a
 * description-only edit has no changes.
 */
export function ruleChanges(before: Rule, after: Rule): RuleValueChange[] {
  const changes: RuleValueChange[] = [];
  if (before.effect !== after.effect) changes.push({ effect: { from: before.effect, to: after.effect } });
  changes.push(...conditionChanges(before.conditions, after.conditions));
  const from = windowText(before.active_window);
  const to = windowText(after.active_window);
  if (from !== to) changes.push({ active_window: { from, to } });
  return changes;
}

/** The condition changes of a rule, field by field in compareStrings order. */
export function conditionChanges(
  before: readonly Condition[],
  after: readonly Condition[],
): RuleValueChange[] {
  const base = distinctConditions(before);
  const head = distinctConditions(after);
  const fields = [...new Set([...base, ...head].map((c) => c.field))].sort(compareStrings);
  return fields.flatMap((field) =>
    fieldChanges(
      base.filter((c) => c.field === field),
      head.filter((c) => c.field === field),
    ),
  );
}

const OPERATORS: readonly Operator[] = ['in', 'not_in'];

/**
 * How the conditions on one field pair between the versions. A condition both sides hold (same
 * operator, same set of values) is unchanged. Of the rest, a (field, operator) held once on each
 * side pairs as a values change; then, if the field has one condition left on each side (their
 * operators differ), they pair as an operator change, followed by a values change under the
 * head's operator when the sets differ too. Anything left is a removed or an added condition.
 * Order: the operator change (and its values), values changes (`in`, then `not_in`), removed
 * conditions (base order), added conditions (head order).
 */
function fieldChanges(baseAll: DistinctCondition[], headAll: DistinctCondition[]): RuleValueChange[] {
  const headKeys = new Set(headAll.map((c) => c.key));
  const baseKeys = new Set(baseAll.map((c) => c.key));
  let base = baseAll.filter((c) => !headKeys.has(c.key));
  let head = headAll.filter((c) => !baseKeys.has(c.key));
  const values: RuleValueChange[] = [];
  for (const op of OPERATORS) {
    const b = base.filter((c) => c.op === op);
    const h = head.filter((c) => c.op === op);
    if (b.length !== 1 || h.length !== 1) continue;
    values.push(valuesChange(b[0]!, h[0]!));
    base = base.filter((c) => c !== b[0]);
    head = head.filter((c) => c !== h[0]);
  }
  const operator: RuleValueChange[] = [];
  if (base.length === 1 && head.length === 1) {
    const [b, h] = [base[0]!, head[0]!];
    operator.push({ field: h.field, from_op: b.op, to_op: h.op });
    const change = valuesChange(b, h);
    if (change.added.length > 0 || change.removed.length > 0) operator.push(change);
    base = [];
    head = [];
  }
  const presence = (c: DistinctCondition, change: 'added' | 'removed'): ConditionPresence => ({
    field: c.field,
    op: c.op,
    value: c.values,
    change,
  });
  return [
    ...operator,
    ...values,
    ...base.map((c) => presence(c, 'removed')),
    ...head.map((c) => presence(c, 'added')),
  ];
}

/** The values `after` has and `before` lacks, and the reverse, under `after`'s operator. */
function valuesChange(before: DistinctCondition, after: DistinctCondition): ValuesChange {
  const was = new Set(before.values);
  const is = new Set(after.values);
  return {
    field: after.field,
    op: after.op,
    added: after.values.filter((v) => !was.has(v)).sort(compareStrings),
    removed: before.values.filter((v) => !is.has(v)).sort(compareStrings),
  };
}
