import type { DriftReport } from '../replay/drift.js';
import { UNEVALUABLE_ADVICE } from './advice.js';
import { cell, escapeMarkdown } from './escape.js';
import { decidedDespiteLine, subjectCell } from './markdown.js';
import { groupsMarkdown } from './groupTable.js';
import { countText as n, percentText } from './numbers.js';
import { humanTime } from '../text/times.js';

type Result = NonNullable<DriftReport['result']>;

export interface DriftMarkdownOptions {
  redactSubjects?: boolean;
  maxRows?: number;
  maxGroupRows?: number;
  /**
   * `### path` before the rest (default true). The issue leaves it out: its title names the
   * policy, and its first line is the count that matters.
   */
  title?: boolean;
  /** The workflow run that replayed, linked beside the sample. */
  runUrl?: string | null;
}

/**
 * Pure: the drift report of one policy as markdown sections (issue body, job summary), in the
 * order of docs/drift.md: what the live gateway let through first.
 */
export function driftMarkdownSections(report: DriftReport, options: DriftMarkdownOptions = {}): string[] {
  const path = report.meta.head?.path ?? 'policy';
  const title = options.title === false ? [] : [`### ${escapeMarkdown(path)}`, ''];
  if (!report.result) {
    return [
      [
        ...title,
        `**Invalid policy: ${n(report.errors.length)} problem(s), nothing replayed.**`,
        '',
        ...report.errors.map(
          (e) => `- ${escapeMarkdown(`${e.file}:${e.line}:${e.column} ${e.path}: ${e.message}`, 400)}`,
        ),
      ].join('\n'),
    ];
  }
  const r = report.result;
  const sections = [[...title, ...summaryLines(report, r, options.runUrl ?? null)].join('\n')];
  const redact = options.redactSubjects === true;
  const groups = groupsMarkdown(r.drift_groups, r.drift_groups_total, {
    rows: options.maxGroupRows ?? r.drift_groups?.length ?? 0,
    subjectName: (subject) => subjectCell(subject, redact),
    context: 'drift',
  });
  if (groups !== null) sections.push(groups);
  if (r.policy_revisions.length > 0) sections.push(revisionSection(r));
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

/**
 * The first line: how many requests the live gateway allowed that the head denies — or, with no
 * drift at all, that there is none.
 */
export function driftHeadline(
  r: Pick<Result, 'newly_denied' | 'drift_total' | 'evaluated' | 'unevaluable' | 'without_recorded_decision'>,
  live = 'the live gateway',
): string {
  const count = r.newly_denied;
  if (r.drift_total === 0) {
    const compared = r.evaluated - r.unevaluable - r.without_recorded_decision;
    return `**No drift**: the head (saved policy) reproduces every recorded decision it can score (${n(compared)} compared).`;
  }
  return count === 0
    ? `**0 requests ${live} allowed are denied by the head (saved policy).**`
    : `**🚨 ${n(count)} request${count === 1 ? '' : 's'} ${live} allowed ${count === 1 ? 'is' : 'are'} denied by the head (saved policy)**: an exposure that already happened.`;
}

/** The headline, the drift in words, the sample and the run, and the counts table. */
function summaryLines(report: DriftReport, r: Result, runUrl: string | null): string[] {
  const window = r.sample_window;
  const sample = [
    `Sample: ${cell(report.meta.traffic.path)}, ${n(r.evaluated)} records`,
    window?.first_at && window.last_at
      ? `, ${escapeMarkdown(humanTime(window.first_at))} – ${escapeMarkdown(humanTime(window.last_at))}`
      : '',
    runUrl === null ? '' : ` · [workflow run](${runUrl})`,
  ].join('');
  return [
    driftHeadline(r),
    '',
    ...(r.drift_total === 0
      ? []
      : [
          `${n(r.drift_total)} recorded decision${r.drift_total === 1 ? '' : 's'} the head no longer reproduces: ${n(r.newly_denied)} recorded allow, now denied; ${n(r.newly_allowed)} recorded deny, now allowed.`,
          '',
        ]),
    sample,
    '',
    '| evaluated | unevaluable (the recorded data cannot decide it) | without recorded decision | drifted | recorded allow, now denied | recorded deny, now allowed |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${n(r.evaluated)} | ${n(r.unevaluable)} | ${n(r.without_recorded_decision)} | ${n(r.drift_total)} | ${n(r.newly_denied)} | ${n(r.newly_allowed)} |`,
    ...decidedDespiteLine(r),
  ];
}

/** Per recorded bundle revision: drift on one revision points at the deployment that differs. */
function revisionSection(r: Result): string {
  return [
    '**By recorded `policy_revision`** (drift on one revision points at the deployment that differs)',
    '',
    '| policy_revision | records | drifted | drifted % |',
    '|---|---:|---:|---:|',
    ...r.policy_revisions.map((v) => {
      const name = v.revision === null ? '(none)' : cell(v.revision);
      // Records without a revision name no deployment: nothing to mark.
      const mark = v.revision !== null && v.drift === 0 && v.records > 0 ? ' ✅ matches the head' : '';
      return `| ${name}${mark} | ${n(v.records)} | ${n(v.drift)} | ${percentText(v.drift, v.records)} |`;
    }),
  ].join('\n');
}

function driftsSection(r: Result, maxRows: number, redact: boolean): string {
  const rows = r.drifts.slice(0, maxRows);
  return [
    `<details><summary>Every drifted request (showing ${n(rows.length)} of ${n(r.drift_total)})</summary>`,
    '',
    `**Drifts: showing ${n(rows.length)} of ${n(r.drift_total)}**`,
    '',
    '| request | time | subject | method | tools | recorded | head | head rules matched |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (d) =>
        `| ${cell(d.request_id)} | ${d.occurred_at === null ? '—' : escapeMarkdown(humanTime(d.occurred_at))} | ${d.subject === null ? '(none)' : subjectCell(d.subject, redact)} | ${cell(d.method)} | ${d.tools.map((t) => escapeMarkdown(t)).join(', ') || '—'} | ${d.recorded_decision} | **${d.replayed_decision}** | ${d.matched_rule_ids.map((t) => escapeMarkdown(t)).join(', ') || '—'} |`,
    ),
    '',
    '</details>',
  ].join('\n');
}

/** The comment that closes a policy's drift issue when its drift returns to zero. */
export function driftResolvedComment(policyPath: string): string {
  return (
    `Drift returned to zero: the head's replayed decisions of ${escapeMarkdown(policyPath)} match the recorded ` +
    `ones again. Closing; policy-replay reopens this issue if drift comes back.`
  );
}
