import type { ReplayReport } from '../replay/report/report.js';

import { humanTime } from '../text/times.js';
import { escapeMarkdown } from './escape.js';
import { linked } from './links.js';

/** What the line reads of a report: its meta, and the result's count and window (a Rego report too). */
type Provenanced = Pick<ReplayReport, 'meta'> & {
  result: Pick<NonNullable<ReplayReport['result']>, 'evaluated' | 'sample_window'> | null;
};

/**
 * The provenance line under the headline (docs/action.md "The comment"): which policy, judged
 * between which commits, on which sample (path, records, first–last time, digest), by which run.
 * Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');
const HEX = /^[0-9a-f]+$/i;

/** What the Action knows beyond the report: where links go and which commits were judged. */
export interface RunLinks {
  /** `$GITHUB_SERVER_URL/<owner>/<repo>` (links.ts); null: no links (the CLI). */
  repository: string | null;
  /** The workflow run's page. */
  run: string | null;
  /** The commits the policies were judged between (docs/action.md "What is judged"). */
  judged: { against: 'base-tip' | 'merge-base'; base_sha: string; head_sha: string } | null;
  /** The open drift issue of this policy, when the run knows one. */
  driftIssue?: string | null;
  /** The open drift issues the run found, by policy path (the run's comment links each policy's). */
  driftIssues?: Readonly<Record<string, string>>;
}

export const NO_LINKS: RunLinks = { repository: null, run: null, judged: null };

function commit(sha: string, repository: string | null): string {
  if (!HEX.test(sha)) return escapeMarkdown(sha, 80);
  return linked(`\`${sha.slice(0, 7)}\``, repository === null ? null : `${repository}/commit/${sha}`);
}

function commitsPart(report: Provenanced, links: RunLinks): string | null {
  const judged = links.judged;
  if (judged !== null) {
    const head = commit(judged.head_sha, links.repository);
    const base = commit(judged.base_sha, links.repository);
    return judged.against === 'base-tip'
      ? `head ${head} (the merge commit) against base ${base} (the base branch tip)`
      : `head ${head} (the pull request's head: no merge commit) against base ${base} (the merge base)`;
  }
  const ref = report.meta.base?.ref ?? null;
  return ref !== null && ref !== '' ? `base ${commit(ref, links.repository)}` : null;
}

function policyPart(report: Provenanced, previousPath: string | null): string {
  const path = report.meta.head?.path ?? report.meta.base?.path ?? 'policy';
  const notes: string[] = [];
  if (previousPath !== null && previousPath !== path)
    notes.push(`renamed from ${escapeMarkdown(previousPath)}`);
  if (report.meta.status === 'added') notes.push('new: no base');
  if (report.meta.status === 'deleted') notes.push('deleted: the counts are the base’s');
  return `**${escapeMarkdown(path)}**${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

function samplePart(report: Provenanced): string | null {
  const traffic = report.meta.traffic;
  if (traffic.path === '') return null;
  const counts = traffic.files.map((f) => f.count);
  const records = counts.every((c): c is number => c !== null)
    ? counts.reduce((sum, c) => sum + c, 0)
    : (report.result?.evaluated ?? null);
  const details: string[] = [];
  if (records !== null) details.push(`${n(records)} record${records === 1 ? '' : 's'}`);
  const window = report.result?.sample_window;
  if (window !== undefined) {
    details.push(
      window.first_at === null && window.last_at === null
        ? 'no record times'
        : `${escapeMarkdown(humanTime(window.first_at))} – ${escapeMarkdown(humanTime(window.last_at))}`,
    );
  }
  if (HEX.test(traffic.sha256)) details.push(`sha256 \`${traffic.sha256.slice(0, 12)}\``);
  const filter = [
    report.meta.since !== null ? `since ${escapeMarkdown(humanTime(report.meta.since))}` : null,
    report.meta.limit !== null ? `the ${n(report.meta.limit)} most recent` : null,
  ].filter((x) => x !== null);
  if (filter.length > 0) {
    details.push(
      `replayed: ${filter.join(', ')}, ${n(report.meta.excluded_without_time)} excluded for having no time`,
    );
  }
  return `sample ${escapeMarkdown(traffic.path, 300)}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/** The one line; each part is left out when the run does not know it. */
export function provenanceLine(
  report: Provenanced,
  links: RunLinks,
  previousPath: string | null = null,
): string {
  return [
    policyPart(report, previousPath),
    commitsPart(report, links),
    samplePart(report),
    links.run === null ? null : linked('workflow run', links.run),
  ]
    .filter((x) => x !== null)
    .join(' · ');
}
