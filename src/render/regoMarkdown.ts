/**
 * The markdown of a Rego replay (docs/rego.md "The report"), decision first: what the change does
 * to the decision (newly allowed first), then the buckets of both sides, the edits with what each
 * caused, the changed requests with their result differences, and how the sides were evaluated.
 * Every value from the log or the policy is escaped (escape.ts): no markup, HTML or mention. Pure.
 */
import type { RegoReport, RegoResult } from '../regoReplay/regoReport.js';
import { directionOrder, fallbackNote, REGO_DIRECTIONS } from '../regoReplay/regoReport.js';
import { cell, escapeMarkdown } from './escape.js';
import { countText as n, percentText } from './numbers.js';
import {
  becauseWords,
  differenceWords,
  DIRECTION_WORDS,
  editWords,
  fidelityWords,
  listedEdits,
  mappingWords,
} from './regoText.js';
import { regoGroupTable, regoWarningLines } from './regoSections.js';
import { driftHeadline } from './driftMarkdown.js';
import { provenanceLine, type RunLinks } from './provenance.js';

export interface RegoMarkdownOptions {
  /** The `###` heading (a drift issue, whose title names the root, goes without it). */
  title?: boolean;
  /** Groups shown per table (the comment's size budget); 50 by default, as `--max-groups`. */
  maxGroupRows?: number;
  /** The Action's: where links go and which commits were judged (the provenance line). */
  links?: RunLinks;
  /** Why the policy fails the gate, placed after the warnings (docs/review.md's order). */
  whyItFails?: string | null;
}

export function renderRegoMarkdown(report: RegoReport, options: RegoMarkdownOptions = {}): string {
  const { meta } = report;
  const r = report.result;
  const drift = meta.status === 'drift';
  const maxRows = options.maxGroupRows ?? 50;
  const title = drift
    ? `drift of \`${escapeMarkdown(meta.head?.path ?? '')}\``
    : meta.status === 'deleted'
      ? `${cell(meta.base?.path ?? '')} (deleted: the counts are the base’s)`
      : meta.base?.path === meta.head?.path
        ? cell(meta.head?.path ?? '')
        : `${cell(meta.base?.path ?? '(new)')} → ${cell(meta.head?.path ?? '')}`;
  const out = [
    ...(options.title === false ? [] : [`### policy-replay (Rego): ${title}`, '']),
    `Decision ${cell(meta.rego.decision_path)}: ${escapeMarkdown(mappingWords(report))}.`,
  ];
  if (r === null) {
    out.push('', `**${n(report.errors.length)} problem(s) in the policies; nothing replayed.**`, '');
    for (const e of report.errors) out.push(`- ${cell(e.file)}:${e.line}:${e.column}: ${cell(e.message)}`);
    return `${out.join('\n')}\n`;
  }
  // Decision first: a drift opens with the exposure that already happened (docs/drift.md).
  if (drift)
    out.splice(
      options.title === false ? 0 : 2,
      0,
      driftHeadline(
        {
          newly_denied: r.newly_denied,
          drift_total: r.changes_total,
          evaluated: r.evaluated,
          unevaluable: r.unevaluable,
          without_recorded_decision: r.without_recorded_result ?? 0,
        },
        'the service',
      ),
      '',
    );
  const warnings = regoWarningLines(r, drift);
  out.push(
    ...(options.links === undefined ? [] : ['', provenanceLine(report, options.links)]),
    '',
    verdictLine(r, drift),
    ...(warnings.length === 0 ? [] : ['', '**Warnings**', '', ...warnings.map((w) => `- ${w}`)]),
    ...(options.whyItFails ? ['', options.whyItFails] : []),
    '',
    ...countTable(r, meta.status === 'deleted' ? 'base' : 'head'),
    ...edits(r),
    ...fallbackNote(meta).flatMap((line) => ['', `_${escapeMarkdown(line)}_`]),
    ...regoGroupTable(
      drift ? 'Drifts by direction' : 'What changes, and why',
      r.change_groups,
      r.change_groups_total,
      { maxRows, because: !drift },
    ),
    ...(r.newly_unevaluable === null
      ? []
      : regoGroupTable(
          'Requests the head can no longer judge',
          r.newly_unevaluable.groups,
          r.newly_unevaluable.groups_total,
          { maxRows, because: true },
        )),
    ...changes(r, drift),
    ...evaluation(r),
  );
  if (r.policy_revisions !== null && r.policy_revisions.length > 0)
    out.push(
      '',
      '| policy revision | events | drifted |',
      '|---|---:|---:|',
      ...r.policy_revisions.map((row) => `| ${cell(row.revision)} | ${n(row.records)} | ${n(row.drift)} |`),
    );
  const fidelity = fidelityWords(r);
  if (fidelity.length > 0)
    out.push('', '**Fidelity**', '', ...fidelity.map((w) => `- ${escapeMarkdown(w, 400)}`));
  if (r.malformed.count > 0) out.push('', `${n(r.malformed.count)} malformed event(s) not replayed.`);
  return `${out.join('\n')}\n`;
}

function verdictLine(r: RegoResult, drift: boolean): string {
  if (r.changes_total === 0) return `**No ${drift ? 'drift' : 'change'}** over ${n(r.evaluated)} events.`;
  const parts = directionOrder(drift ? 'drift' : 'compare')
    .filter((d) => r[d] > 0)
    .map((d) => `${n(r[d])} ${DIRECTION_WORDS[d]}`);
  const noun = `${drift ? 'drift' : 'change'}${r.changes_total === 1 ? '' : 's'}`;
  return `**${n(r.changes_total)} ${noun}** over ${n(r.evaluated)} events: ${parts.join(', ')}.`;
}

function countTable(r: RegoResult, side: 'base' | 'head'): string[] {
  const share = (x: number) => percentText(x, r.evaluated);
  const b = r.base_counts;
  const rows: [string, number, number | null][] = [
    ['allowed', r.allowed, b?.allowed ?? null],
    ['denied', r.denied, b?.denied ?? null],
    ['unevaluable', r.unevaluable, b?.unevaluable ?? null],
  ];
  return b === null
    ? [
        `| | ${side} | share |`,
        '|---|---:|---:|',
        ...rows.map(([k, h]) => `| ${k} | ${n(h)} | ${share(h)} |`),
      ]
    : [
        '| | base | head | Δ |',
        '|---|---:|---:|---:|',
        ...rows.map(([k, h, x]) => `| ${k} | ${n(x!)} | ${n(h)} | ${h - x! >= 0 ? '+' : ''}${n(h - x!)} |`),
      ];
}

function edits(r: RegoResult): string[] {
  if (r.edits === null || r.edits.length === 0) return [];
  const out = ['', `**Edits** (${n(r.edits.length)})`, ''];
  const { shown, more } = listedEdits(r.edits);
  for (const e of shown) out.push(`- ${escapeMarkdown(editWords(e))}`);
  for (const line of more) out.push(`- ${escapeMarkdown(line)}`);
  if (r.by_edit !== null && r.by_edit.length > 0) {
    const dirs = REGO_DIRECTIONS.filter((d) => r[d] > 0);
    out.push(
      '',
      `| because | ${dirs.map((d) => DIRECTION_WORDS[d]).join(' | ')} |`,
      `|---|${dirs.map(() => '---:').join('|')}|`,
    );
    for (const row of r.by_edit)
      out.push(`| ${cell(becauseWords(row.edits, row.joint))} | ${dirs.map((d) => n(row[d])).join(' | ')} |`);
  }
  return out;
}

function changes(r: RegoResult, drift: boolean): string[] {
  if (r.changes.length === 0) return [];
  const more = r.changes_total - r.changes.length;
  const out = [
    '',
    `<details><summary>${drift ? 'Drifts' : 'Changed requests'}${more > 0 ? ` (first ${n(r.changes.length)} of ${n(r.changes_total)})` : ` (${n(r.changes.length)})`}</summary>`,
    '',
    `| request | change | ${drift ? 'recorded' : 'base'} | ${drift ? 'replayed' : 'head'} | ${drift ? '' : 'because | '}difference |`,
    `|---|---|---|---|${drift ? '' : '---|'}---|`,
  ];
  // A drift has no edit to name: no because column.
  for (const c of r.changes)
    out.push(
      `| ${cell(c.request_id)} | ${c.change} | ${c.current_decision} | ${c.draft_decision} | ${drift ? '' : `${cell(becauseWords(c.because, c.joint))} | `}${cell(differenceWords(c))} |`,
    );
  out.push('', '</details>');
  return out;
}

function evaluation(r: RegoResult): string[] {
  const e = r.evaluation;
  const lines = (['base', 'head'] as const)
    .filter((s) => e.partial[s] > 0)
    .map(
      (s) =>
        `- ${s}: ${n(e.partial[s])} events read an erased or masked part; ${n(e.partial_unevaluable[s])} left unevaluable${e.whole_input[s] ? ' (the policy reads the whole input: some may be imprecision)' : ''}`,
    );
  for (const [name, count] of Object.entries(e.nd_builtin_not_recorded))
    lines.push(`- ${cell(name)} not recorded in the event's cache: ${n(count)} evaluations`);
  for (const [pointer, count] of Object.entries(e.input_not_recorded))
    lines.push(
      `- ${cell(pointer)} erased or masked, read by the policy: ${n(count)} evaluations left unevaluable`,
    );
  return lines.length === 0 ? [] : ['', '**Evaluation**', '', ...lines];
}
