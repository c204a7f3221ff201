/**
 * Who a failed gate rule is on (docs/action.md "Why it fails"): the pull request's own edit, the
 * evidence it was judged on (the sample and its manifests, which the export pipeline produces and
 * the pull request cannot touch), or the run itself failing to judge. Pure.
 */
export type FailureCause = 'pull-request' | 'evidence' | 'error';

const BY_RULE: Readonly<Record<string, FailureCause>> = {
  'invalid-policy': 'pull-request',
  'newly-allowed': 'pull-request',
  'uncovered-newly-allowed': 'pull-request',
  'newly-denied': 'pull-request',
  changes: 'pull-request',
  'newly-unevaluable': 'pull-request',
  // The pull request changed a path its own evidence is read from (src/action/evidence.ts).
  'untrusted-evidence': 'pull-request',
  'blocking-gaps': 'evidence',
  malformed: 'evidence',
  'no-traffic': 'evidence',
  'ambiguous-sample': 'evidence',
  drift: 'evidence',
  'replay-failed': 'error',
};

/**
 * The cause of a failed rule (its canonical `fail-on` spelling or a blocker's rule). An
 * `unevaluable>N%` share is the pull request's when the head leaves more requests unevaluable than
 * the base did (or there is no base to compare with), else the sample's; `fidelity<LEVEL` grades the
 * manifests, so it is the evidence's. A rule this table does not know is counted against the pull
 * request: a reviewer should look rather than wave it through.
 */
export function failureCause(
  rule: string,
  unevaluable?: { head: number; base: number | null },
): FailureCause {
  if (rule.startsWith('unevaluable>')) {
    if (unevaluable === undefined || unevaluable.base === null) return 'pull-request';
    return unevaluable.head > unevaluable.base ? 'pull-request' : 'evidence';
  }
  if (rule.startsWith('fidelity<')) return 'evidence';
  return BY_RULE[rule] ?? 'pull-request';
}
