import type { Edit } from './edits.js';
import type { RuleDiff } from './ruleDiff.js';
import type { RuleValueChange, WindowChange } from './ruleChanges.js';
import { valueText, windowParts } from './ruleText.js';

/**
 * An edit as one short line for people (docs/explain.md "An edit in one line"):
 * `allow-read-tools: tool + fetch_url, write_file`, `allow-deploys-office-hours: window 17:30 →
 * 18:00`, `on_missing_context: ignore → deny`, `deny-contractor-exports (added, deny)`. Plain
 * text, not escaped for any output (the renderers do that), but always one line. Pure.
 */

/** Values removed: U+2212, which a value's or an id's own hyphen cannot be taken for. */
export const MINUS = '\u2212';
/** A side that has no value (no base, no head, no window). */
const NONE = '(none)';
/** Values listed per list before the rest are counted: the line stays short. */
export const MAX_LISTED_VALUES = 10;

export function editText(edit: Edit, diff: RuleDiff): string {
  return oneLine(rawText(edit, diff));
}

/**
 * The line of the head file an edit points at: a modified or added rule's `id` key, a setting's
 * key; null for a removed rule (the head no longer holds it) or when the diff has no lines.
 */
export function editLine(edit: Edit, diff: RuleDiff): number | null {
  if ('setting' in edit) return diff.settings.find((s) => s.name === edit.setting)?.line ?? null;
  if (edit.change === 'added') return diff.added_rules.find((r) => r.id === edit.rule)?.line ?? null;
  if (edit.change === 'modified') return diff.modified.find((r) => r.id === edit.rule)?.line ?? null;
  return null;
}

function rawText(edit: Edit, diff: RuleDiff): string {
  if ('setting' in edit) return `${edit.setting}: ${edit.from ?? NONE} → ${edit.to ?? NONE}`;
  const id = edit.rule;
  if (edit.change === 'added') {
    const rule = diff.added_rules.find((r) => r.id === id);
    return `${id} (added${rule ? `, ${rule.effect}` : ''})`;
  }
  if (edit.change === 'removed') {
    const rule = diff.removed_rules.find((r) => r.id === id);
    return `${id} (removed${rule ? `, ${rule.effect}` : ''})`;
  }
  const changes = diff.modified.find((r) => r.id === id)?.changes ?? [];
  // A description-only edit (never an Edit of editsOf) still reads as something.
  return changes.length === 0 ? `${id} (modified)` : `${id}: ${changes.map(changeText).join('; ')}`;
}

function changeText(change: RuleValueChange): string {
  if ('effect' in change) return `effect ${change.effect.from} → ${change.effect.to}`;
  if ('active_window' in change) return windowChangeText(change.active_window);
  if ('from_op' in change) return `${change.field} ${change.from_op} → ${change.to_op}`;
  if ('change' in change) {
    const sign = change.change === 'added' ? '+' : MINUS;
    return `${sign} ${change.field} ${change.op} [${listText(change.value)}]`;
  }
  // `in` is the common operator and goes unsaid; adding to a `not_in` narrows, so it is said.
  const field = change.op === 'in' ? change.field : `${change.field} ${change.op}`;
  const parts = [field];
  if (change.added.length > 0) parts.push(`+ ${listText(change.added)}`);
  if (change.removed.length > 0) parts.push(`${MINUS} ${listText(change.removed)}`);
  return parts.join(' ');
}

/**
 * Only the parts of a window that changed: `days mon-fri → mon-sat`, the end time alone
 * `17:30 → 18:00`, the start alone `start 09:00 → 08:00`, both `09:00-17:30 → 08:00-18:00`,
 * `zone UTC → Europe/Berlin`; a window added or removed whole, `(none) → mon-fri 09:00-17:30 UTC`.
 */
function windowChangeText({ from, to }: WindowChange['active_window']): string {
  if (from === null || to === null) return `window ${from ?? NONE} → ${to ?? NONE}`;
  const a = windowParts(from);
  const b = windowParts(to);
  const parts: string[] = [];
  if (a.days !== b.days) parts.push(`days ${a.days} → ${b.days}`);
  if (a.from !== b.from && a.to !== b.to) parts.push(`${a.from}-${a.to} → ${b.from}-${b.to}`);
  else if (a.to !== b.to) parts.push(`${a.to} → ${b.to}`);
  else if (a.from !== b.from) parts.push(`start ${a.from} → ${b.from}`);
  if (a.timezone !== b.timezone) parts.push(`zone ${a.timezone} → ${b.timezone}`);
  return `window ${parts.join(', ')}`;
}

/** `a, b, c`; past MAX_LISTED_VALUES, `…, j, … (5 more)`. */
function listText(values: readonly string[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).map(valueText);
  const rest = values.length - shown.length;
  return rest > 0 ? `${shown.join(', ')}, … (${rest} more)` : shown.join(', ');
}

/** Whatever reached the line unquoted: a control or line-separator character shows as U+FFFD. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\ufffd');
}
