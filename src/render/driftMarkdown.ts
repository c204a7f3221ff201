import type { DriftReport } from '../replay/drift.js';
import { UNEVALUABLE_ADVICE } from './advice.js';
import { cell, escapeMarkdown } from './escape.js';
import { decidedDespiteLine, subjectCell } from './markdown.js';
import { groupsMarkdown } from './groupTable.js';

type Result = NonNullable<DriftReport['result']>;

const n = (value: number) => value.toLocaleString('en-US');

/** Pure: the drift report of one policy as markdown sections (issue body, job summary). */
export function driftMarkdownSections(
  report: DriftReport,
  options: { redactSubjects?: boolean; maxRows?: number; maxGroupRows?: number } = {},
): string[] {
  const path = report.meta.head?.path ?? 'policy';
  const title = `### ${escapeMarkdown(path)}`;
  if (!report.result) {
    return [
      [
        title,
        '',
        `**Invalid policy: ${n(report.errors.length)} problem(s), nothing replayed.**`,
        '',
        ...report.errors.map(
          (e) => `- ${escapeMarkdown(`${e.file}:${e.line}:${e.column} ${e.path}: ${e.message}`, 400)}`,
        ),
      ].join('\n'),
    ];
  }
  const r = report.result;
  const sections = [summarySection(r, title)];
  const redact = options.redactSubjects === true;
  const groups = groupsMarkdown(r.drift_groups, r.drift_groups_total, {
    rows: options.maxGroupRows ?? r.drift_groups?.length ?? 0,
    subjectName: (subject) => subjectCell(subject, redact),
    context: 'drift',
  });
  if (groups !== null) sections.push(groups);
  if (r.policy_revisions.length > 0) {
    sections.push(
      [
        'Drift by recorded `policy_revision` (drift on one revision points at the deployment that differs):',
        '',
        '| policy_revision | records | drift |',
        '|---|---:|---:|',
        ...r.policy_revisions.map((v) => `| ${cell(v.revision)} | ${n(v.records)} | ${n(v.drift)} |`),
      ].join('\n'),
    );
  }
  if (r.unevaluable > 0) {
    sections.push(
      [
        '| unevaluable reason | requests | what you can do |',
        '|---|---:|---|',
        ...r.unevaluable_reasons.map(
          (x) => `| \`${x}\` | ${n(r.unevaluable_by_reason[x] ?? 0)} | ${UNEVALUABLE_ADVICE[x]} |`,
        ),
      ].join('\n'),
    );
  }
  if (r.drift_total > 0) sections.push(driftsSection(r, options.maxRows ?? r.drifts.length, redact));
  return sections;
}

/** The title, the verdict and the counts table. */
function summarySection(r: Result, title: string): string {
  return [
    title,
    '',
    r.drift_total === 0
      ? `**No drift**: the saved policy reproduces every recorded decision it can score (${n(r.evaluated - r.unevaluable - r.without_recorded_decision)} compared).`
      : `**${n(r.drift_total)} recorded decision${r.drift_total === 1 ? '' : 's'} the saved policy no longer reproduces**: ${n(r.newly_allowed)} recorded deny now allowed, ${n(r.newly_denied)} recorded allow now denied.`,
    '',
    '| evaluated | unevaluable | without recorded decision | drift | recorded deny → allow | recorded allow → deny |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${n(r.evaluated)} | ${n(r.unevaluable)} | ${n(r.without_recorded_decision)} | ${n(r.drift_total)} | ${n(r.newly_allowed)} | ${n(r.newly_denied)} |`,
    ...decidedDespiteLine(r),
  ].join('\n');
}

function driftsSection(r: Result, maxRows: number, redact: boolean): string {
  const rows = r.drifts.slice(0, maxRows);
  return [
    `<details><summary>Every drifted request (showing ${n(rows.length)} of ${n(r.drift_total)})</summary>`,
    '',
    `**Drifts: showing ${n(rows.length)} of ${n(r.drift_total)}**`,
    '',
    '| request | time | subject | method | tools | recorded | replayed | matched rules |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (d) =>
        `| ${cell(d.request_id)} | ${cell(d.occurred_at)} | ${d.subject === null ? '—' : subjectCell(d.subject, redact)} | ${cell(d.method)} | ${d.tools.map((t) => escapeMarkdown(t)).join(', ') || '—'} | ${d.recorded_decision} | **${d.replayed_decision}** | ${d.matched_rule_ids.map((t) => escapeMarkdown(t)).join(', ') || '—'} |`,
    ),
    '',
    '</details>',
  ].join('\n');
}

/** The comment that closes a policy's drift issue when its drift returns to zero. */
export function driftResolvedComment(policyPath: string): string {
  return (
    `Drift returned to zero: the replayed decisions of ${escapeMarkdown(policyPath)} match the recorded ` +
    `ones again. Closing; policy-replay reopens this issue if drift comes back.`
  );
}
