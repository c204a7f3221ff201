import { sha256OfText } from '../canonical/sha256.js';
import type { ReplayReport, Change } from '../replay/report/report.js';
import { UNEVALUABLE_ADVICE } from './advice.js';
import { cell, escapeMarkdown } from './escape.js';
import { groupsMarkdown } from './groupTable.js';

export interface MarkdownOptions {
  /** Hash subjects (redact: subjects) so the comment never shows who made a request. */
  redactSubjects?: boolean;
  /** Rows of the change table (the report may hold more). */
  maxRows?: number;
  /** Rows of the "What changes, and why" table (default: every group in the report). */
  maxGroupRows?: number;
  /** Heading level of the per-policy title. */
  headingLevel?: number;
}

const n = (value: number) => value.toLocaleString('en-US');

type Result = NonNullable<ReplayReport['result']>;

/** Pure: the markdown sections of one policy's report, each a unit the comment may cut between. */
export function replayMarkdownSections(report: ReplayReport, options: MarkdownOptions = {}): string[] {
  const hashes = '#'.repeat(options.headingLevel ?? 3);
  const path = report.meta.head?.path ?? report.meta.base?.path ?? 'policy';
  const title = `${hashes} ${escapeMarkdown(path)}`;
  if (report.errors.length > 0 || report.result === null) return [invalidPolicySection(report, title)];
  const r = report.result;
  const sections: string[] = [];
  sections.push(summarySection(report, r, title));
  const redact = options.redactSubjects === true;
  const groups = groupsMarkdown(r.change_groups, r.change_groups_total, {
    rows: options.maxGroupRows ?? r.change_groups?.length ?? 0,
    subjectName: (subject) => subjectCell(subject, redact),
  });
  if (groups !== null) sections.push(groups);
  if (r.unevaluable > 0) sections.push(unevaluableSection(r));
  if (r.changes_total > 0) sections.push(changesSection(r, options.maxRows ?? r.changes.length, redact));
  const fidelity = report.result.fidelity as FidelityLike | undefined;
  if (fidelity) sections.push(fidelitySection(fidelity));
  const hits = ruleHitsSection(report, r);
  if (hits !== null) sections.push(hits);
  return sections;
}

function invalidPolicySection(report: ReplayReport, title: string): string {
  const rows = report.errors.map(
    (e) =>
      `| ${escapeMarkdown(e.file)}:${e.line}:${e.column} | ${cell(e.path)} | ${escapeMarkdown(e.message, 400)} |`,
  );
  return [
    title,
    '',
    `**Invalid policy: ${n(report.errors.length)} problem${report.errors.length === 1 ? '' : 's'}, nothing replayed.**`,
    '',
    '| where | path | problem |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The title, the verdict, the filter, the counts table and the notes under it. */
function summarySection(report: ReplayReport, r: Result, title: string): string {
  return [
    title,
    '',
    verdictLine(report),
    ...(report.meta.since !== null || report.meta.limit !== null
      ? [
          '',
          `Replayed ${[
            report.meta.since !== null ? `records since ${escapeMarkdown(report.meta.since)}` : null,
            report.meta.limit !== null ? `the ${n(report.meta.limit)} most recent` : null,
          ]
            .filter((x) => x !== null)
            .join(', ')}; ${n(report.meta.excluded_without_time)} excluded for having no time.`,
        ]
      : []),
    '',
    '| evaluated | allowed | denied | unevaluable | changes | newly allowed | newly denied | from unknown |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${n(r.evaluated)} | ${n(r.allowed)} | ${n(r.denied)} | ${n(r.unevaluable)} | ${n(r.changes_total)} | ${n(r.newly_allowed)} | ${n(r.newly_denied)} | ${n(r.from_unknown)} |`,
    ...decidedDespiteLine(r),
    ...(r.malformed.count > 0
      ? [
          '',
          `${n(r.malformed.count)} malformed record${r.malformed.count === 1 ? ' was' : 's were'} not replayed.`,
        ]
      : []),
    ...(r.recorded_mismatch > 0
      ? [
          '',
          `${n(r.recorded_mismatch)} recorded decision${r.recorded_mismatch === 1 ? '' : 's'} differ from what the base policy decides: the gateway may not be running the base in Git.`,
        ]
      : []),
  ].join('\n');
}

function unevaluableSection(r: Result): string {
  return [
    `**Unevaluable: ${n(r.unevaluable)}** — the sample cannot score these requests, so they are neither allowed nor denied here.`,
    '',
    '| reason | requests | what you can do |',
    '|---|---:|---|',
    ...r.unevaluable_reasons.map(
      (reason) =>
        `| \`${reason}\` | ${n(r.unevaluable_by_reason[reason] ?? 0)} | ${UNEVALUABLE_ADVICE[reason]} |`,
    ),
  ].join('\n');
}

function changesSection(r: Result, maxRows: number, redact: boolean): string {
  const rows = r.changes.slice(0, maxRows);
  // The groups say what changes; one row per request is the evidence, folded away.
  return [
    `<details><summary>Every changed request (showing ${n(rows.length)} of ${n(r.changes_total)})</summary>`,
    '',
    `**Changes: showing ${n(rows.length)} of ${n(r.changes_total)}** (most dangerous first)`,
    '',
    '| request | time | subject | method | tools | current | draft | matched rules |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((c) => changeRow(c, redact)),
    '',
    '</details>',
  ].join('\n');
}

function ruleHitsSection(report: ReplayReport, r: Result): string | null {
  const hits = Object.entries(r.rule_hits);
  if (hits.length === 0) return null;
  return [
    `<details><summary>Rule hits (${report.meta.status === 'deleted' ? 'base policy: deleted' : 'head policy'})</summary>`,
    '',
    '| rule | scoreable requests matched |',
    '|---|---:|',
    ...hits.map(([id, count]) => `| ${cell(id)} | ${n(count)} |`),
    '',
    '</details>',
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

export function renderReplayMarkdown(report: ReplayReport, options: MarkdownOptions = {}): string {
  return `${replayMarkdownSections(report, options).join('\n\n')}\n`;
}

export function verdictLine(report: ReplayReport): string {
  const r = report.result!;
  if (report.meta.status === 'deleted') {
    return `**Policy deleted.** The base decided ${n(r.allowed)} allowed, ${n(r.denied)} denied, ${n(r.unevaluable)} unevaluable of ${n(r.evaluated)} replayed requests.`;
  }
  if (r.changes_total === 0) {
    return `**No decision changes** across ${n(r.evaluated - r.unevaluable)} scoreable requests (${n(r.evaluated)} replayed).`;
  }
  const parts = [];
  if (r.newly_allowed > 0) parts.push(`**${n(r.newly_allowed)} newly allowed**`);
  if (r.newly_denied > 0) parts.push(`${n(r.newly_denied)} newly denied`);
  if (r.from_unknown > 0) parts.push(`${n(r.from_unknown)} from unknown`);
  return `${parts.join(', ')}: **${n(r.changes_total)} request${r.changes_total === 1 ? '' : 's'} decided differently** out of ${n(r.evaluated)} replayed.`;
}

function changeRow(c: Change, redact: boolean): string {
  const subject = c.subject === null ? '—' : subjectCell(c.subject, redact);
  const tools = c.tools.length === 0 ? '—' : c.tools.map((t) => escapeMarkdown(t)).join(', ');
  const rules =
    c.matched_rule_ids.length === 0 ? '—' : c.matched_rule_ids.map((t) => escapeMarkdown(t)).join(', ');
  return `| ${cell(c.request_id)} | ${cell(c.occurred_at)} | ${subject} | ${cell(c.method)} | ${tools} | ${c.current_decision} | **${c.draft_decision}** | ${rules} |`;
}

/** A subject in a table cell: its pseudonym under redaction, else the escaped name. */
export function subjectCell(subject: string, redact: boolean): string {
  return redact ? `\`${subjectHash(subject)}\`` : cell(subject);
}

/** A short stable pseudonym: enough to see that two rows share a caller, not who it is. */
export function subjectHash(subject: string): string {
  return `sha256:${sha256Hex(subject).slice(0, 12)}`;
}

function sha256Hex(text: string): string {
  return sha256OfText(text);
}

interface FidelityLike {
  manifests: number;
  invalid: number;
  levels: Record<string, number>;
  records_by_level: Record<string, number>;
  worst: string | null;
  blocking_gaps: { path: string; reason: string; manifests: number }[];
}

function fidelitySection(f: FidelityLike): string {
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
  return lines.join('\n');
}
