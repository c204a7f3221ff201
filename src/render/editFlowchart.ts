import type { RuleDiff } from '../policy/ruleDiff.js';
import type { ByEditRow } from '../replay/report/report.js';
import { editLabel } from './editLabel.js';

/**
 * The small picture of docs/action.md "The comment": when two or more cause sets changed
 * decisions, a mermaid `flowchart LR` (GitHub draws it) from each to "newly allowed" and
 * "newly denied", the counts on the edges. Pure.
 */

const MAX_LABEL = 80;

/** The edges' ends: the table's three columns. */
const TARGETS = [
  ['allowed', 'newly allowed'],
  ['denied', 'newly denied'],
  ['unknown', 'decided from unknown'],
] as const;

/**
 * A node label that cannot leave its quotes: policy text is anyone's, and mermaid reads quotes,
 * brackets, pipes, `;`, `%%` and HTML in labels. Only [A-Za-z0-9 _.:+-] is kept (an arrow reads
 * `to`, parentheses spaces, anything else `_`), runs of spaces collapse, and the label is cut to 80 characters.
 */
export function mermaidLabel(text: string): string {
  const plain = text
    .replace(/→/g, ' to ')
    .replace(/[()]/g, ' ')
    .replace(/[^A-Za-z0-9 _.:+-]/g, '_')
    .replace(/ +/g, ' ')
    .trim();
  const cut = plain.length > MAX_LABEL ? `${plain.slice(0, MAX_LABEL - 3)}...` : plain;
  return cut === '' ? '_' : cut;
}

/** The ```mermaid block, or null when fewer than two cause sets changed anything. */
export function editFlowchart(
  rows: readonly ByEditRow[] | null | undefined,
  diff: RuleDiff | null,
  max: number,
): string | null {
  if (!rows) return null;
  const shown = rows
    .filter((r) => r.newly_allowed + r.newly_denied + r.unknown_to_allow + r.unknown_to_deny > 0)
    .slice(0, max);
  if (shown.length < 2) return null;
  const lines = ['```mermaid', 'flowchart LR'];
  const used = new Set<string>();
  shown.forEach((row, i) => {
    const label = row.edits.map((e) => editLabel(e, diff)).join(' + ') + (row.joint ? ' together' : '');
    lines.push(`  e${i}["${mermaidLabel(label)}"]`);
    const edges: [number, string][] = [
      [row.newly_allowed, 'allowed'],
      [row.newly_denied, 'denied'],
      [row.unknown_to_allow + row.unknown_to_deny, 'unknown'],
    ];
    for (const [count, target] of edges) {
      if (count === 0) continue;
      lines.push(`  e${i} -->|${count}| ${target}`);
      used.add(target);
    }
  });
  for (const [target, label] of TARGETS) if (used.has(target)) lines.push(`  ${target}(["${label}"])`);
  lines.push('```');
  return lines.join('\n');
}
