import type { Policy } from './schema.js';
import type { Edit } from './edits.js';

/**
 * The policies the counterfactual `because` decides with (docs/review.md "Which edit caused each
 * change"): the head with one edit reverted, and the base with one edit applied. Rule order never
 * changes a decision (docs/policy.md), so a restored or added rule goes last.
 */

/** The head with `edit` undone: an added rule dropped, a removed one restored, a modified one back to its base version, a setting back to its base value. */
export function withEditReverted(head: Policy, base: Policy, edit: Edit): Policy {
  if ('setting' in edit) return withSetting(head, edit.setting, edit.from);
  const baseRule = base.rules.find((r) => r.id === edit.rule);
  const rules = head.rules.filter((r) => r.id !== edit.rule);
  if (edit.change === 'added') return { ...head, rules };
  if (baseRule === undefined) throw new Error(`the base has no rule ${JSON.stringify(edit.rule)} to restore`);
  if (edit.change === 'removed') return { ...head, rules: [...rules, baseRule] };
  return { ...head, rules: head.rules.map((r) => (r.id === edit.rule ? baseRule : r)) };
}

/** The base with only `edit` made: the head's version of the rule or setting. */
export function withEditApplied(base: Policy, head: Policy, edit: Edit): Policy {
  if ('setting' in edit) return withSetting(base, edit.setting, edit.to);
  const headRule = head.rules.find((r) => r.id === edit.rule);
  const rules = base.rules.filter((r) => r.id !== edit.rule);
  if (edit.change === 'removed') return { ...base, rules };
  if (headRule === undefined) throw new Error(`the head has no rule ${JSON.stringify(edit.rule)} to apply`);
  if (edit.change === 'added') return { ...base, rules: [...rules, headRule] };
  return { ...base, rules: base.rules.map((r) => (r.id === edit.rule ? headRule : r)) };
}

function withSetting(
  policy: Policy,
  name: 'default_effect' | 'on_missing_context',
  value: string | null,
): Policy {
  if (value === null) throw new Error(`no value of ${name} to set`);
  if (name === 'default_effect') return { ...policy, default_effect: value as Policy['default_effect'] };
  return { ...policy, on_missing_context: value as NonNullable<Policy['on_missing_context']> };
}
