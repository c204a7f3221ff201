import type { GateFailure } from '../gate/gate.js';
import type { ReplayReport } from '../replay/report/report.js';
import { byEditMarkdown } from './byEditTable.js';
import { countsTable } from './countsTable.js';
import { coverageMarkdown } from './coverageMarkdown.js';
import {
  changesSection,
  fidelitySection,
  groupsSection,
  ruleHitsSection,
  unevaluableSection,
  type DetailOptions,
} from './detailSections.js';
import { editFlowchart } from './editFlowchart.js';
import { changeSummary } from './headline.js';
import { cell, escapeMarkdown } from './escape.js';
import { NO_LINKS, provenanceLine, type RunLinks } from './provenance.js';
import { subjectShown } from './subjects.js';
import { warningsMarkdown } from './warnings.js';
import { whyItFailsMarkdown } from './whyItFails.js';

export { subjectCell, subjectHash } from './subjects.js';

export interface MarkdownOptions {
  /** Hash subjects (redact: subjects) so the comment never shows who made a request. */
  redactSubjects?: boolean;
  /** Rows of the change table (the report may hold more). */
  maxRows?: number;
  /** Rows of the "What changes, and why" and "By edit" tables (default: every row in the report). */
  maxGroupRows?: number;
  /** Heading level of the per-policy title. */
  headingLevel?: number;
  /** Leave out the per-policy title: the comment of a run that changed one policy. */
  untitled?: boolean;
  /** Where links go and which commits were judged (the Action); none for the CLI. */
  links?: RunLinks;
  /** The policy's path on the base, when the pull request renamed it. */
  previousPath?: string | null;
  /** More warnings, already safe markdown (an invalid base). */
  warnings?: readonly string[];
  /** This policy's failed gate rules, and where its manifests were read from. */
  failures?: readonly GateFailure[];
  manifests?: string | null;
  /** The job summary: every folded section open. */
  expanded?: boolean;
  /** Draw the by-edit flowchart (left out of a comment it would not fit). */
  flowchart?: boolean;
}

const n = (value: number) => value.toLocaleString('en-US');

/**
 * Pure: the markdown sections of one policy's report, each a unit the comment may cut between, in
 * the decision-first order of docs/action.md "The comment": provenance and base | head | Δ, by
 * edit, beyond the sample, warnings, why it fails, then the folded detail.
 */
export function replayMarkdownSections(report: ReplayReport, options: MarkdownOptions = {}): string[] {
  const path = report.meta.head?.path ?? report.meta.base?.path ?? 'policy';
  const r0 = report.result;
  // In a run of several policies, each title says what changed in that policy.
  const what =
    r0 === null || report.errors.length > 0
      ? ''
      : `: ${changeSummary({ changes: r0.changes_total, newlyAllowed: r0.newly_allowed, newlyDenied: r0.newly_denied, fromUnknown: r0.from_unknown })}`;
  const title =
    options.untitled === true
      ? []
      : [`${'#'.repeat(options.headingLevel ?? 3)} ${escapeMarkdown(path)}${what}`, ''];
  const links = options.links ?? NO_LINKS;
  const provenance = provenanceLine(report, links, options.previousPath ?? null);
  const why = whyItFailsMarkdown(options.failures ?? [], {
    path,
    report,
    manifests: options.manifests ?? null,
  });
  if (report.errors.length > 0 || report.result === null) {
    const warnings = warningsMarkdown(report, options.warnings ?? [], null);
    return [
      [...title, provenance, '', invalidPolicySection(report)].join('\n'),
      ...[warnings, why].filter((s): s is string => s !== null),
    ];
  }
  const r = report.result;
  const redact = options.redactSubjects === true;
  const open = options.expanded === true;
  const detail: DetailOptions = { open, redact, subjectName: (subject) => subjectShown(subject, redact) };
  const groupRows = options.maxGroupRows ?? Math.max(r.change_groups.length, r.by_edit?.length ?? 0);
  const headSha = links.judged?.head_sha ?? null;
  const head =
    report.meta.head === null
      ? null
      : { repository: links.repository, sha: headSha, path: report.meta.head.path };
  const sections: (string | null)[] = [
    [...title, provenance, '', countsTable(report)].join('\n'),
    byEditMarkdown(r.by_edit, r.rule_diff, report.meta.attribution, {
      rows: groupRows,
      subjectName: detail.subjectName,
      head,
    }),
    options.flowchart === true ? editFlowchart(r.by_edit, r.rule_diff, groupRows) : null,
    coverageMarkdown(r.coverage, r.rule_diff, { head, open, rows: groupRows }),
    warningsMarkdown(
      report,
      [...decidedDespiteLine(r).slice(1), ...(options.warnings ?? [])],
      links.driftIssue ?? null,
    ),
    why,
    groupsSection(r, groupRows, detail),
    r.changes_total > 0 ? changesSection(r, options.maxRows ?? r.changes.length, detail) : null,
    r.unevaluable > 0 ? unevaluableSection(r, open) : null,
    r.fidelity ? fidelitySection(r.fidelity, open) : null,
    ruleHitsSection(report, r, open),
  ];
  return sections.filter((s): s is string => s !== null);
}

function invalidPolicySection(report: ReplayReport): string {
  const rows = report.errors.map(
    (e) =>
      `| ${escapeMarkdown(e.file)}:${e.line}:${e.column} | ${cell(e.path)} | ${escapeMarkdown(e.message, 400)} |`,
  );
  return [
    `**Invalid policy: ${n(report.errors.length)} problem${report.errors.length === 1 ? '' : 's'}, nothing replayed.**`,
    '',
    '| where | path | problem |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

/**
 * docs/unknowns.md: how many records lacked data a rule reads yet were decided, because the
 * missing data could not change their decision (none in static mode, where the two counts agree).
 */
export function decidedDespiteLine(r: { unevaluable: number; unevaluable_by_reading: number }): string[] {
  const decided = r.unevaluable_by_reading - r.unevaluable;
  if (decided <= 0) return [];
  return [
    '',
    `${n(decided)} request${decided === 1 ? '' : 's'} lacked recorded data a rule reads yet ${decided === 1 ? 'was' : 'were'} decided: the missing data could not change the decision (the static rule would call ${n(r.unevaluable_by_reading)} unevaluable).`,
  ];
}

/** The CLI's `--format markdown`: the policy's sections as the comment shows them, unfolded. */
export function renderReplayMarkdown(report: ReplayReport, options: MarkdownOptions = {}): string {
  return `${replayMarkdownSections(report, { flowchart: true, ...options }).join('\n\n')}\n`;
}
