import { compareStrings } from '../../canonical/compare.js';
import { editText } from '../../policy/editText.js';
import type { RuleDiff } from '../../policy/ruleDiff.js';
import { compareSubjects, type GroupTally } from './changeGroups.js';
import type { ByEditRow, SubjectCount } from './report.js';

/**
 * `result.by_edit` (docs/review.md): the changes by cause set, one row per distinct set. Built
 * from the uncapped change groups — the cause set is part of a group's key, so each change is in
 * exactly one row and the rows sum to `changes_total`, and a shard merge, which rebuilds the
 * groups exactly, rebuilds the rows exactly.
 */

export const MAX_TOP_CALLS = 3;
export const MAX_TOP_ROW_SUBJECTS = 3;

interface RowAccumulator {
  row: ByEditRow;
  calls: Map<string, { method: string | null; tools: string[]; count: number }>;
  subjects: Map<string | null, number>;
}

export function byEditRows(all: readonly GroupTally[], diff: RuleDiff): ByEditRow[] {
  const rows = new Map<string, RowAccumulator>();
  for (const { group, subjects } of all) {
    const key = JSON.stringify([group.joint, group.because]);
    let acc = rows.get(key);
    if (acc === undefined) {
      acc = {
        row: {
          edits: group.because,
          joint: group.joint,
          newly_allowed: 0,
          newly_denied: 0,
          unknown_to_allow: 0,
          unknown_to_deny: 0,
          top: { calls: [], subjects: [] },
        },
        calls: new Map(),
        subjects: new Map(),
      };
      rows.set(key, acc);
    }
    acc.row[group.direction] += group.count;
    const callKey = JSON.stringify([group.method, group.tools]);
    const call = acc.calls.get(callKey);
    if (call === undefined)
      acc.calls.set(callKey, { method: group.method, tools: group.tools, count: group.count });
    else call.count += group.count;
    for (const [subject, count] of subjects)
      acc.subjects.set(subject, (acc.subjects.get(subject) ?? 0) + count);
  }
  const out = [...rows.values()].map(({ row, calls, subjects }) => {
    row.top.calls = [...calls.values()].sort(compareCalls).slice(0, MAX_TOP_CALLS);
    const counted: SubjectCount[] = [...subjects].map(([subject, count]) => ({ subject, count }));
    row.top.subjects = counted.sort(compareSubjects).slice(0, MAX_TOP_ROW_SUBJECTS);
    return row;
  });
  const text = (row: ByEditRow) => row.edits.map((e) => editText(e, diff)).join(' + ');
  return out.sort(
    (a, b) =>
      b.newly_allowed - a.newly_allowed ||
      b.newly_denied - a.newly_denied ||
      compareStrings(text(a), text(b)) ||
      Number(a.joint) - Number(b.joint),
  );
}

/** By count (descending), then method (none first), then tools element by element. */
function compareCalls(
  a: { method: string | null; tools: string[]; count: number },
  b: { method: string | null; tools: string[]; count: number },
): number {
  if (a.count !== b.count) return b.count - a.count;
  if (a.method !== b.method) {
    if (a.method === null) return -1;
    if (b.method === null) return 1;
    return compareStrings(a.method, b.method);
  }
  return compareStrings(JSON.stringify(a.tools), JSON.stringify(b.tools));
}
