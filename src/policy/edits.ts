import type { RuleDiff, SettingName } from './ruleDiff.js';

/**
 * An edit: one element of the rule diff (docs/review.md "Edits, described by value") — a rule
 * added, removed or modified, or a setting changed. It is also how `because` and `by_edit` name
 * a cause, so its JSON form is part of the report.
 */
export type RuleChange = 'added' | 'removed' | 'modified';

export type Edit =
  { rule: string; change: RuleChange } | { setting: SettingName; from: string | null; to: string | null };

/**
 * The edits of a diff in one fixed order — modified rules (head order), added rules (head
 * order), removed rules (base order), then the settings — which is the order a cause set lists
 * them in. A description-only modification is no edit: it decides nothing.
 */
export function editsOf(diff: RuleDiff): Edit[] {
  const edits: Edit[] = [];
  for (const m of diff.modified)
    if (m.what.some((part) => part !== 'description')) edits.push({ rule: m.id, change: 'modified' });
  for (const id of diff.added) edits.push({ rule: id, change: 'added' });
  for (const id of diff.removed) edits.push({ rule: id, change: 'removed' });
  for (const s of diff.settings) edits.push({ setting: s.name, from: s.from, to: s.to });
  return edits;
}
