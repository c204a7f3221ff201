import type { Edit } from '../policy/edits.js';
import type { RuleDiff } from '../policy/ruleDiff.js';
import type { ByEditRow, ReportMeta } from '../replay/report/report.js';
import { editLabel, editLineOf } from './editLabel.js';
import { cell, escapeMarkdown } from './escape.js';
import { blobUrl, linked } from './links.js';

/**
 * The "By edit" table (docs/action.md "The comment"): one row per cause set of `result.by_edit`,
 * each edit linked to its line in the head file at the head commit, with what the set newly
 * allows, newly denies and decides from unknown, and the requests it mostly touches. Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');

export interface ByEditOptions {
  /** Rows shown; the heading says "showing N of M". */
  rows: number;
  /** How a subject reads (pseudonyms under redaction, `(none)`). */
  subjectName: (subject: string | null) => string;
  /** Where the head file is: a repository URL, the head commit and path; null: no links. */
  head: { repository: string | null; sha: string | null; path: string } | null;
}

/** One cause set's edits as linked, escaped text: `A + B`, or `A + B, together` when joint. */
export function causeSetText(
  row: Pick<ByEditRow, 'edits' | 'joint'>,
  diff: RuleDiff | null,
  head: ByEditOptions['head'],
): string {
  const texts = row.edits.map((edit) => linkedEdit(edit, diff, head));
  const joined =
    texts.length === 0 ? '_unexplained (a policy-replay bug: please report it)_' : texts.join(' + ');
  return row.joint ? `${joined}, together` : joined;
}

function linkedEdit(edit: Edit, diff: RuleDiff | null, head: ByEditOptions['head']): string {
  const text = escapeMarkdown(editLabel(edit, diff), 160);
  // A removed rule or a setting without a line has nowhere in the head file to point at.
  const line = editLineOf(edit, diff);
  if (head === null || line === null) return text;
  return linked(text, blobUrl(head.repository, head.sha, head.path, line));
}

/** The top kinds of request and subjects of one row, escaped. */
function mostly(row: ByEditRow, subjectName: ByEditOptions['subjectName']): string {
  const calls = row.top.calls.map((c) => {
    const tools = c.tools.map((t) => escapeMarkdown(t, 100)).join(', ');
    const kind = [c.method === null ? '(no method)' : cell(c.method), tools]
      .filter((x) => x !== '')
      .join(' ');
    return `${kind} (${n(c.count)})`;
  });
  const subjects = row.top.subjects.map((s) => `${subjectName(s.subject)} (${n(s.count)})`);
  return [calls.join(', '), subjects.join(', ')].filter((x) => x !== '').join('; ') || '—';
}

/** The section, or null when no row is there (no change, drift, or a report without `by_edit`). */
export function byEditMarkdown(
  rows: readonly ByEditRow[] | null | undefined,
  diff: RuleDiff | null,
  attribution: ReportMeta['attribution'],
  options: ByEditOptions,
): string | null {
  if (!rows || rows.length === 0) return null;
  const shown = rows.slice(0, Math.max(0, options.rows));
  const lines = [`**By edit** (showing ${n(shown.length)} of ${n(rows.length)}, most newly allowed first)`];
  if (shown.length > 0) {
    lines.push(
      '',
      '| edit | newly allowed | newly denied | from unknown | mostly |',
      '|---|---:|---:|---:|---|',
      ...shown.map(
        (row) =>
          `| ${causeSetText(row, diff, options.head)} | ${row.newly_allowed > 0 ? `**${n(row.newly_allowed)}**` : '0'} | ${n(row.newly_denied)} | ${n(row.unknown_to_allow + row.unknown_to_deny)} | ${mostly(row, options.subjectName)} |`,
      ),
    );
  }
  if (attribution?.method === 'syntactic') {
    lines.push(
      '',
      attribution.edits > attribution.max_edits
        ? `_Attributed by the edited rules each request matched, not by reverting each edit: this change has ${n(attribution.edits)} edits, more than the ${n(attribution.max_edits)} counterfactual attribution handles (\`--max-attribution-edits\`)._`
        : '_Attributed by the edited rules each request matched, not by reverting each edit (there is no base to revert to)._',
    );
  }
  return lines.join('\n');
}
