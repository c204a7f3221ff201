import type { Edit } from '../policy/edits.js';
import { editLine, editText } from '../policy/editText.js';
import type { RuleDiff } from '../policy/ruleDiff.js';

/**
 * One edit as a reader names it and the head file line it sits at (src/policy/editText.ts), for a
 * report that may have no rule diff (drift, a report from an older version): then the edit is
 * named by what the cause set itself says, and has no line. Raw text: the caller escapes it.
 */
export function editLabel(edit: Edit, diff: RuleDiff | null): string {
  if (diff !== null) return editText(edit, diff);
  if ('rule' in edit) return `${edit.rule} (${edit.change})`;
  return `${edit.setting}: ${edit.from ?? '(none)'} → ${edit.to ?? '(none)'}`;
}

export function editLineOf(edit: Edit, diff: RuleDiff | null): number | null {
  return diff === null ? null : editLine(edit, diff);
}
