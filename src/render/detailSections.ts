import type { Change, ReplayReport } from '../replay/report/report.js';
import { humanTime } from '../text/times.js';
import { UNEVALUABLE_ADVICE } from './advice.js';
import { cell, escapeHtmlText, escapeMarkdown } from './escape.js';
import { groupsMarkdown } from './groupTable.js';

/**
 * The folded part of a policy's report (docs/action.md "The comment"): change groups, change rows,
 * unevaluable reasons, fidelity and rule hits, each in its own `<details>` — open in the job
 * summary, which is the long version. Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');

type Result = NonNullable<ReplayReport['result']>;

/** A folded block; `open` in the job summary. The summary text is the caller's, already safe. */
export function folded(summary: string, body: string, open: boolean): string {
  return [`<details${open ? ' open' : ''}><summary>${summary}</summary>`, '', body, '', '</details>'].join(
    '\n',
  );
}

export interface DetailOptions {
  open: boolean;
  redact: boolean;
  subjectName: (subject: string | null) => string;
}

export function groupsSection(r: Result, rows: number, options: DetailOptions): string | null {
  const table = groupsMarkdown(r.change_groups, r.change_groups_total, {
    rows,
    subjectName: (subject) => options.subjectName(subject),
  });
  if (table === null) return null;
  return folded(
    `What changes, and why: ${n(r.change_groups_total)} group${r.change_groups_total === 1 ? '' : 's'}`,
    table,
    options.open,
  );
}

export function changesSection(r: Result, maxRows: number, options: DetailOptions): string {
  const rows = r.changes.slice(0, maxRows);
  // The groups say what changes; one row per request is the evidence.
  return folded(
    `Every changed request (showing ${n(rows.length)} of ${n(r.changes_total)})`,
    [
      `**Changes: showing ${n(rows.length)} of ${n(r.changes_total)}** (most dangerous first)`,
      '',
      '| request | time | subject | method | tools | base | head | matched rules |',
      '|---|---|---|---|---|---|---|---|',
      ...rows.map((c) => changeRow(c, options)),
    ].join('\n'),
    options.open,
  );
}

function changeRow(c: Change, options: DetailOptions): string {
  const tools = c.tools.length === 0 ? '—' : c.tools.map((t) => escapeMarkdown(t)).join(', ');
  const rules =
    c.matched_rule_ids.length === 0 ? '—' : c.matched_rule_ids.map((t) => escapeMarkdown(t)).join(', ');
  const time = c.occurred_at === null ? '—' : escapeMarkdown(humanTime(c.occurred_at));
  return `| ${cell(c.request_id)} | ${time} | ${options.subjectName(c.subject)} | ${cell(c.method)} | ${tools} | ${c.current_decision} | **${c.draft_decision}** | ${rules} |`;
}

export function unevaluableSection(r: Result, open: boolean): string {
  return folded(
    `Unevaluable reasons (${n(r.unevaluable)} request${r.unevaluable === 1 ? '' : 's'})`,
    [
      `**Unevaluable: ${n(r.unevaluable)}** — the recorded data cannot decide these requests, so they are neither allowed nor denied here.`,
      '',
      '| reason | requests | what you can do |',
      '|---|---:|---|',
      ...r.unevaluable_reasons.map(
        (reason) =>
          `| \`${reason}\` | ${n(r.unevaluable_by_reason[reason] ?? 0)} | ${UNEVALUABLE_ADVICE[reason]} |`,
      ),
    ].join('\n'),
    open,
  );
}

export function ruleHitsSection(report: ReplayReport, r: Result, open: boolean): string | null {
  const hits = Object.entries(r.rule_hits);
  if (hits.length === 0) return null;
  return folded(
    `Rule hits (${report.meta.status === 'deleted' ? 'base policy: deleted' : 'head policy'})`,
    [
      '| rule | scoreable requests matched |',
      '|---|---:|',
      ...hits.map(([id, count]) => `| ${cell(id)} | ${n(count)} |`),
    ].join('\n'),
    open,
  );
}

interface FidelityLike {
  manifests: number;
  invalid: number;
  levels: Record<string, number>;
  records_by_level: Record<string, number>;
  worst: string | null;
  blocking_gaps: { path: string; reason: string; manifests: number }[];
}

export function fidelitySection(fidelity: object, open: boolean): string {
  const f = fidelity as FidelityLike;
  const levels = ['exact', 'controlled', 'partial', 'unreplayable'];
  const lines = [
    `**Replay fidelity:** worst level \`${f.worst ?? 'none'}\` over ${n(f.manifests)} manifest${f.manifests === 1 ? '' : 's'}${f.invalid > 0 ? ` (${n(f.invalid)} invalid)` : ''}.`,
    '',
    '| level | manifests | records |',
    '|---|---:|---:|',
    ...levels.map((l) => `| ${l} | ${n(f.levels[l] ?? 0)} | ${n(f.records_by_level[l] ?? 0)} |`),
    `| no manifest | — | ${n(f.records_by_level.no_manifest ?? 0)} |`,
  ];
  if (f.blocking_gaps.length > 0) {
    lines.push(
      '',
      'Gaps that block replay:',
      '',
      '| evidence | reason | manifests |',
      '|---|---|---:|',
      ...f.blocking_gaps.map(
        (g) => `| \`${g.path.replace(/`/g, '')}\` | ${escapeMarkdown(g.reason)} | ${n(g.manifests)} |`,
      ),
    );
  }
  return folded(`Replay fidelity: worst level ${escapeHtmlText(f.worst ?? 'none')}`, lines.join('\n'), open);
}
