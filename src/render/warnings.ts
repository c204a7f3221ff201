import type { ReplayReport } from '../replay/report/report.js';
import { linked } from './links.js';

/**
 * The warnings of one policy, in one place (docs/action.md "The comment"): requests the head can
 * no longer judge, recorded decisions that disagree with the base, the unevaluable share, and
 * what else the reader should weigh before trusting the numbers. Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

/** The share as a reader wants it: one decimal, `<0.1%` rather than a misleading `0.0%`. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  const share = (part / whole) * 100;
  if (share > 0 && share < 0.1) return '<0.1%';
  return `${Number(share.toFixed(1))}%`;
}

function newlyUnevaluableLine(report: ReplayReport): string | null {
  const u = report.result?.newly_unevaluable;
  if (!u || u.from_allow + u.from_deny === 0) return null;
  return (
    `**${plural(u.from_allow + u.from_deny, 'request', 'requests')} the head can no longer judge** ` +
    `(${n(u.from_allow)} the base allowed, ${n(u.from_deny)} the base denied): the head reads data the sample ` +
    `lacks for them${u.from_deny > 0 ? ', and one the base denied may be one the head would allow' : ''}.`
  );
}

function mismatchLine(report: ReplayReport, driftIssue: string | null): string | null {
  const count = report.result?.recorded_mismatch ?? 0;
  if (count === 0) return null;
  const issue = driftIssue === null ? '' : ` (${linked('the drift issue', driftIssue)})`;
  return `${plural(count, 'recorded decision disagrees', 'recorded decisions disagree')} with the base: the gateway may not be running the base in Git${issue}.`;
}

/**
 * Lines of the section; `extra` are notes the caller already made safe markdown (an invalid base,
 * records decided despite missing data).
 */
export function warningLines(
  report: ReplayReport,
  extra: readonly string[],
  driftIssue: string | null,
): string[] {
  const r = report.result;
  if (r === null) return [...extra];
  const lines = [newlyUnevaluableLine(report), mismatchLine(report, driftIssue)];
  if (r.unevaluable > 0) {
    lines.push(
      `${percent(r.unevaluable, r.evaluated)} of the replayed requests are unevaluable (${n(r.unevaluable)} of ${n(r.evaluated)}): neither allowed nor denied here, whatever the edit does to them.`,
    );
  }
  if (r.malformed.count > 0) {
    lines.push(
      `${plural(r.malformed.count, 'malformed record was', 'malformed records were')} not replayed.`,
    );
  }
  return [...lines.filter((x) => x !== null), ...extra];
}

/** The section, or null when there is nothing to warn about. */
export function warningsMarkdown(
  report: ReplayReport,
  extra: readonly string[],
  driftIssue: string | null,
): string | null {
  const lines = warningLines(report, extra, driftIssue);
  if (lines.length === 0) return null;
  return ['**Warnings**', '', ...lines.map((line) => `- ${line}`)].join('\n');
}
