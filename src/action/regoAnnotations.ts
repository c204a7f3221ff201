/**
 * Annotations on the edited Rego rules (docs/rego.md "The Action"): one per rule edit that caused
 * some change, on the first line of the rule in the head file (in the base's when the rule was
 * removed: then without a line, since the head has none), saying what it caused by direction. As
 * for rule documents (docs/explain.md "Where the groups are shown"), a rule that lets anything
 * through the base did not (newly allowed, or allowed where the base was unknown) is a warning
 * counting those requests; any other is a notice counting its newly denied ones (or, when it
 * only changed results, all it changed). A change caused by several edits counts for each; a joint
 * cause is said as such. Data edits have no line of their own to annotate: the comment's by-edit
 * table names them. Pure.
 */
import type { RegoChangeKind } from '../regoPolicy/classify.js';
import { REGO_DIRECTIONS, type RegoByEditRow, type RegoReport } from '../regoReplay/regoReport.js';
import { humanText } from '../text/bidi.js';
import type { ChangeAnnotation } from './annotations.js';

const WORDS: Record<RegoChangeKind, string> = {
  newly_allowed: 'newly allowed',
  unknown_to_allow: 'allowed where the base was unknown',
  undefined_to_defined: 'now defined',
  newly_denied: 'newly denied',
  unknown_to_deny: 'denied where the base was unknown',
  defined_to_undefined: 'now undefined',
  error: 'now failing on one side',
  result_changed: 'with a changed result',
};

const n = (value: number) => value.toLocaleString('en-US');

export function regoAnnotations(root: string, report: RegoReport): ChangeAnnotation[] {
  const rows = report.result?.by_edit ?? [];
  const byRule = new Map<
    string,
    { row: Record<RegoChangeKind, number>; joint: boolean; file: string; line: number; removed: boolean }
  >();
  for (const row of rows)
    for (const edit of row.edits) {
      if (edit.kind !== 'rule') continue;
      const known = byRule.get(edit.ref) ?? {
        row: Object.fromEntries(REGO_DIRECTIONS.map((d) => [d, 0])) as Record<RegoChangeKind, number>,
        joint: false,
        file: edit.file,
        line: edit.line,
        removed: edit.change === 'removed',
      };
      for (const d of REGO_DIRECTIONS) known.row[d] += (row as RegoByEditRow)[d];
      known.joint ||= row.joint;
      byRule.set(edit.ref, known);
    }
  return [...byRule.entries()].map(([ref, a]): ChangeAnnotation => {
    const parts = REGO_DIRECTIONS.filter((d) => a.row[d] > 0).map((d) => `${n(a.row[d])} ${WORDS[d]}`);
    const allowed = a.row.newly_allowed + a.row.unknown_to_allow;
    const denied = a.row.newly_denied + a.row.unknown_to_deny;
    const widens = allowed > 0;
    const requests = widens
      ? allowed
      : denied > 0
        ? denied
        : REGO_DIRECTIONS.reduce((sum, d) => sum + a.row[d], 0);
    return {
      severity: widens ? 'warning' : 'notice',
      file: humanText(`${root}/${a.file}`),
      line: a.removed ? null : a.line,
      title: humanText(`policy-replay: ${ref}${a.removed ? ' (removed)' : ''}`),
      message: humanText(
        `This edit of ${ref} decides sampled requests differently: ${parts.join(', ')}${a.joint ? ' (some only together with other edits)' : ''}.`,
      ),
      requests,
      name: ref,
    };
  });
}
