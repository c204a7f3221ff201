import type { Edit } from '../policy/edits.js';
import type { RuleDiff } from '../policy/ruleDiff.js';

/**
 * One edit as a reader names it, and the head file line it sits at. A stand-in for
 * src/policy/editText.ts (`editText`, `editLine`), which says what changed inside a modified rule;
 * until that lands this names the rule and how it changed, and a line only when the rule diff
 * carries one. Raw text: the caller escapes it for its medium.
 */
export function editLabel(edit: Edit, _diff: RuleDiff | null): string {
  if ('rule' in edit) return edit.change === 'modified' ? edit.rule : `${edit.rule} (${edit.change})`;
  return `${edit.setting}: ${edit.from ?? 'none'} → ${edit.to ?? 'none'}`;
}

/** The head file line of a modified rule when the rule diff records it; null otherwise. */
export function editLineOf(edit: Edit, diff: RuleDiff | null): number | null {
  if (!('rule' in edit) || edit.change !== 'modified' || diff === null) return null;
  const entry = diff.modified.find((m) => m.id === edit.rule) as { line?: unknown } | undefined;
  return typeof entry?.line === 'number' && Number.isInteger(entry.line) && entry.line > 0
    ? entry.line
    : null;
}
