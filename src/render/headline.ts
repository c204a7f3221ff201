import type { RegoReport } from '../regoReplay/regoReport.js';
import type { FailureCause } from '../gate/failureCause.js';
import type { ReplayReport } from '../replay/report/report.js';

/**
 * The comment's first line (docs/action.md "The comment"): the verdict and the one number that
 * matters, over every policy of the run. Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');
const requests = (count: number) => `${n(count)} request${count === 1 ? '' : 's'}`;

export interface HeadlineTotals {
  evaluated: number;
  changes: number;
  newlyAllowed: number;
  newlyDenied: number;
  fromUnknown: number;
  newlyUnevaluable: number;
  /** Newly allowed kinds of request no sample record fell in (docs/coverage.md), over every policy. */
  uncoveredNewlyAllowed: number;
  /** Policies whose head is invalid. */
  invalid: number;
  /** Rego changes of the result alone, the decision the same (`result_changed`): counted apart. */
  otherChanges?: number;
}

export interface HeadlineInput {
  verdict: 'pass' | 'fail';
  /** Every failed rule of the run with its cause (whyItFails.ts causeOf). */
  failures: readonly { rule: string; cause: FailureCause }[];
  totals: HeadlineTotals;
}

/** The totals of the run's replay reports. */
export function headlineTotals(reports: readonly (ReplayReport | RegoReport | null)[]): HeadlineTotals {
  const totals: HeadlineTotals = {
    evaluated: 0,
    changes: 0,
    newlyAllowed: 0,
    newlyDenied: 0,
    fromUnknown: 0,
    newlyUnevaluable: 0,
    uncoveredNewlyAllowed: 0,
    invalid: 0,
  };
  for (const report of reports) {
    if (report === null) continue;
    if (report.errors.length > 0) totals.invalid++;
    const r = report.result;
    if (r === null) continue;
    totals.evaluated += r.evaluated;
    // A Rego change that only changed the result is not a changed decision: counted as the gate does.
    const results = 'evaluation' in r ? r.result_changed : 0;
    totals.changes += r.changes_total - results;
    if ('evaluation' in r) totals.otherChanges = (totals.otherChanges ?? 0) + results;
    totals.newlyAllowed += r.newly_allowed;
    totals.newlyDenied += r.newly_denied;
    totals.fromUnknown += 'from_unknown' in r ? r.from_unknown : 0;
    totals.newlyUnevaluable += (r.newly_unevaluable?.from_allow ?? 0) + (r.newly_unevaluable?.from_deny ?? 0);
    if ('coverage' in r && r.coverage)
      totals.uncoveredNewlyAllowed += r.coverage.newly_allowed.kinds - r.coverage.newly_allowed.covered;
  }
  return totals;
}

/** The failures the pull request caused, most important first: what leads the headline. */
const LEAD_ORDER = [
  'newly-allowed',
  'uncovered-newly-allowed',
  'invalid-policy',
  'untrusted-evidence',
  'newly-denied',
  'changes',
  'newly-unevaluable',
] as const;

function pullRequestHeadline(rule: string, t: HeadlineTotals): string {
  switch (rule) {
    case 'newly-allowed':
      return `${requests(t.newlyAllowed)} newly allowed — review needed`;
    case 'uncovered-newly-allowed':
      return t.uncoveredNewlyAllowed > 0
        ? `${n(t.uncoveredNewlyAllowed)} kind${t.uncoveredNewlyAllowed === 1 ? '' : 's'} of request newly allowed that the sample never contained — review needed`
        : 'the coverage analysis could not rule out unseen newly allowed requests — review needed';
    case 'invalid-policy':
      return `${t.invalid > 1 ? `${n(t.invalid)} invalid policies` : 'invalid policy'} — nothing replayed`;
    case 'untrusted-evidence':
      return 'this pull request changes the evidence that gates it — not judged';
    case 'newly-denied':
      return `${requests(t.newlyDenied)} newly denied — review needed`;
    case 'changes':
      return `${requests(t.changes)} decided differently — review needed`;
    case 'newly-unevaluable':
      return `${requests(t.newlyUnevaluable)} the head can no longer judge — review needed`;
    default:
      return rule.startsWith('unevaluable>')
        ? 'more requests unevaluable than the gate allows — review needed'
        : `gate rule ${rule} failed — review needed`;
  }
}

/** What changed, without a verdict: the CLI's headline and a policy's title in a run of several. */
export function changeSummary(
  t: Pick<HeadlineTotals, 'changes' | 'newlyAllowed' | 'newlyDenied' | 'fromUnknown'>,
): string {
  if (t.changes === 0) return 'no request decided differently';
  const parts = [
    t.newlyAllowed > 0 ? `${n(t.newlyAllowed)} newly allowed` : null,
    t.newlyDenied > 0 ? `${n(t.newlyDenied)} newly denied` : null,
    t.fromUnknown > 0 ? `${n(t.fromUnknown)} from unknown` : null,
  ].filter((x) => x !== null);
  return `${requests(t.changes)} decided differently (${parts.join(', ')})`;
}

function passHeadline(t: HeadlineTotals): string {
  if (t.changes === 0) {
    if (t.evaluated === 0) return '✅ no request replayed';
    const others = [
      t.newlyUnevaluable > 0 ? `${requests(t.newlyUnevaluable)} the head can no longer judge` : null,
      (t.otherChanges ?? 0) > 0 ? `${requests(t.otherChanges!)} with a changed result` : null,
    ].filter((x) => x !== null);
    return ['✅ no request decided differently', ...others].join('; ');
  }
  const parts = [
    t.newlyAllowed > 0 ? `${n(t.newlyAllowed)} newly allowed` : null,
    t.newlyDenied > 0 ? `${n(t.newlyDenied)} newly denied` : null,
    t.fromUnknown > 0 ? `${n(t.fromUnknown)} from unknown` : null,
  ].filter((x) => x !== null);
  const what =
    parts.length === 1
      ? `${requests(t.changes)} ${parts[0]!.replace(/^[0-9,]+ /, '')}`
      : `${requests(t.changes)} decided differently (${parts.join(', ')})`;
  return `✅ ${what} — within the gate`;
}

/** The headline, without markdown heading marks. */
export function headline(input: HeadlineInput): string {
  if (input.verdict === 'pass') return passHeadline(input.totals);
  const caused = input.failures.filter((f) => f.cause === 'pull-request').map((f) => f.rule);
  if (caused.length > 0) {
    const lead = LEAD_ORDER.find((rule) => caused.includes(rule)) ?? caused[0]!;
    return `❌ ${pullRequestHeadline(lead, input.totals)}`;
  }
  if (input.failures.some((f) => f.cause === 'error')) return '❌ could not be judged — the replay failed';
  const changed =
    input.totals.changes === 0
      ? 'no request decided differently'
      : `${requests(input.totals.changes)} decided differently`;
  return `❌ evidence problem not caused by this pull request — ${changed}`;
}

/**
 * The headline of a failing impact a maintainer accepted: what failed, without the call for
 * review, under who accepted which impact (docs/review.md "Accepting an intended change").
 */
export function acceptedHeadline(failingHeadline: string, acceptor: string, shortDigest: string): string {
  const what = failingHeadline.replace(/^❌\s*/, '').replace(/\s+—\s+review needed$/, '');
  return `✅ accepted by @${acceptor} for ${shortDigest} — ${what}`;
}
