import { compareStrings } from '../../canonical/compare.js';
import { SETTING_NAMES, type RuleDiff, type SettingName } from '../../policy/ruleDiff.js';
import type { Edit, RuleChange } from '../../policy/edits.js';
import { BASIS_DEFAULT, BASIS_MISSING_CONTEXT } from '../evaluate/changeExplanation.js';

/**
 * The syntactic `because` (docs/explain.md), kept as the fallback of docs/review.md for a change
 * with more edits than `--max-attribution-edits` and for a new policy (no base to revert to):
 * the edited rules among a group's matched rules, and the settings its decisions rested on.
 */

/** What a group's requests rested on, gathered while they arrive. */
export interface GroupBasis {
  headRules: readonly string[];
  baseRules: readonly string[];
  /** BASIS_* bits of the head's and the base's decisions, or-ed over the group. */
  basis: number;
  /** Rules that lacked context where a side's decision came from missing context. */
  missing: ReadonlySet<string>;
}

/** How the rule diff names each rule's edit; a description-only edit explains nothing. */
function ruleChanges(diff: RuleDiff): Map<string, RuleChange> {
  const changes = new Map<string, RuleChange>();
  for (const id of diff.added) changes.set(id, 'added');
  for (const id of diff.removed) changes.set(id, 'removed');
  for (const m of diff.modified) if (m.what.some((w) => w !== 'description')) changes.set(m.id, 'modified');
  return changes;
}

const ruleChangeCache = new WeakMap<RuleDiff, Map<string, RuleChange>>();

/**
 * The edited rules among the group's head and base rules, each changed setting a side's decision
 * rested on, and — where a decision came from missing context while `on_missing_context` stayed
 * the same — the edited rules that lacked the context; each once, in compareBecause's order.
 */
export function syntacticBecause(group: GroupBasis, diff: RuleDiff): Edit[] {
  let changes = ruleChangeCache.get(diff);
  if (changes === undefined) {
    changes = ruleChanges(diff);
    ruleChangeCache.set(diff, changes);
  }
  const out = new Map<string, Edit>();
  const rule = (id: string) => {
    const change = changes.get(id);
    if (change !== undefined) out.set(`rule\0${id}`, { rule: id, change });
  };
  for (const id of group.headRules) rule(id);
  for (const id of group.baseRules) rule(id);
  const setting = (name: SettingName) => diff.settings.find((s) => s.name === name);
  const defaultEffect = setting('default_effect');
  if (defaultEffect && (group.basis & BASIS_DEFAULT) !== 0)
    out.set('setting\0default_effect', {
      setting: 'default_effect',
      from: defaultEffect.from,
      to: defaultEffect.to,
    });
  const missing = setting('on_missing_context');
  if (missing) {
    if ((group.basis & BASIS_MISSING_CONTEXT) !== 0)
      out.set('setting\0on_missing_context', {
        setting: 'on_missing_context',
        from: missing.from,
        to: missing.to,
      });
  } else for (const id of group.missing) rule(id);
  return [...out.values()].sort(compareBecause);
}

/** Rules first, by id in code-unit order, then settings in the order of the policy document. */
function compareBecause(a: Edit, b: Edit): number {
  if ('rule' in a && 'rule' in b) return compareStrings(a.rule, b.rule);
  if ('rule' in a !== 'rule' in b) return 'rule' in a ? -1 : 1;
  const aName = (a as { setting: SettingName }).setting;
  const bName = (b as { setting: SettingName }).setting;
  return SETTING_NAMES.indexOf(aName) - SETTING_NAMES.indexOf(bName);
}
