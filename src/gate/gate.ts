/**
 * The `fail-on` gate: which configured rules a run's per-policy facts cross. Pure; the rules come
 * from the `fail-on` input (see inputs.ts) and the facts from the replay and fidelity reports.
 */

import { FIDELITY_LEVELS, type FidelityLevel } from '../fidelity/analyze.js';

/** Rules that fail when a count is above zero or a flag is set. */
export const SIMPLE_RULES = [
  'invalid-policy',
  'newly-allowed',
  'uncovered-newly-allowed',
  'newly-denied',
  'changes',
  'newly-unevaluable',
  'blocking-gaps',
  'malformed',
  'no-traffic',
  'drift',
  'result-changed',
] as const;
export type SimpleRuleKind = (typeof SIMPLE_RULES)[number];

export type FailOnRule =
  | { kind: SimpleRuleKind }
  /** `unevaluable>N%`: unevaluable / evaluated × 100 strictly greater than `percent` (0–100). */
  | { kind: 'unevaluable'; percent: number }
  /** `fidelity<LEVEL`: the worst fidelity level is strictly worse than `below`. */
  | { kind: 'fidelity'; below: FidelityLevel };

/** What the gate knows about one policy of the run. */
export interface GateFacts {
  /** Repository-relative path of the policy file. */
  path: string;
  /** The head version failed validation or compilation. */
  invalid: boolean;
  /** No traffic sample was found for the policy. */
  noTraffic: boolean;
  /** The PR deletes the policy file: nothing to validate and no sample is expected. */
  deleted?: boolean;
  evaluated: number;
  unevaluable: number;
  changesTotal: number;
  newlyAllowed: number;
  newlyDenied: number;
  /** Requests the base decides and the head cannot (docs/review.md); 0 when not counted. */
  newlyUnevaluable?: number;
  malformed: number;
  /** Worst fidelity level over the sample's manifests; null/absent when none were shipped. */
  fidelityWorst?: FidelityLevel | null;
  blockingGaps: number;
  /** Manifests that failed validation: graded `unreplayable` for gating (docs/fidelity.md). */
  invalidManifests?: number;
  /**
   * The coverage analysis (docs/coverage.md): how many newly allowed kinds of request no sample
   * record fell in, and why the analysis is incomplete (`capped`, `not_analysed`). Absent: the
   * report has no coverage section (drift, an added or deleted policy, a CLI run without it).
   */
  coverage?: CoverageFacts;
  /** Rego policies (docs/rego.md): requests whose result differs though their decision does not. */
  resultChanged?: number;
  /** Drift mode only: scoreable records whose replayed decision differs from the recorded one. */
  driftTotal?: number;
  /**
   * Why the policy could not be judged at all: evidence the pull request touched, or a replay that
   * failed. Each fails the run whatever `fail-on` says, `none` included (README "Security model").
   */
  blockers?: { rule: string; reason: string }[];
}

export interface CoverageFacts {
  mode: 'exact' | 'capped' | 'not_analysed';
  uncoveredNewlyAllowed: number;
  /** The section's `not_analysed` reasons. */
  reasons: readonly string[];
}

export interface GateFailure {
  /** The rule as written in `fail-on`, canonical spelling (`newly-allowed`, `unevaluable>5%`). */
  rule: string;
  /** One human line: `policies/acme.yaml: 12 requests newly allowed (newly-allowed)`. */
  reason: string;
  /** The policy the failure is about; absent for run-wide failures added by the caller. */
  policy?: string;
}

export interface GateVerdict {
  verdict: 'pass' | 'fail';
  failed: GateFailure[];
}

/** The canonical `fail-on` spelling of a rule. */
export function ruleText(rule: FailOnRule): string {
  switch (rule.kind) {
    case 'unevaluable':
      return `unevaluable>${rule.percent}%`;
    case 'fidelity':
      return `fidelity<${rule.below}`;
    default:
      return rule.kind;
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `n` as an exact fraction numerator/denominator, from its shortest decimal spelling. */
function toFraction(n: number): { num: bigint; den: bigint } {
  const [whole = '0', frac = ''] = String(n).split('.');
  const den = 10n ** BigInt(frac.length);
  return { num: BigInt(whole) * den + BigInt(frac === '' ? '0' : frac), den };
}

/**
 * unevaluable / evaluated × 100 > percent, in exact integer arithmetic: floating point would
 * make 7 of 100 look like 7.000000000000001% and cross an `unevaluable>7%` it only meets.
 * Nothing evaluated → nothing crossed (a missing sample is what `no-traffic` is for).
 */
export function unevaluableAbove(unevaluable: number, evaluated: number, percent: number): boolean {
  if (evaluated <= 0) return false;
  // Exponent spellings (1e-7) only come from thresholds the input parser never produces.
  if (!/^\d+(\.\d+)?$/.test(String(percent))) return (unevaluable / evaluated) * 100 > percent;
  const { num, den } = toFraction(percent);
  return BigInt(unevaluable) * 100n * den > num * BigInt(evaluated);
}

/** The share as shown in a reason: enough decimals that it visibly differs from the threshold. */
function formatShare(unevaluable: number, evaluated: number, threshold: number): string {
  const share = (unevaluable / evaluated) * 100;
  for (let digits = 0; digits <= 6; digits++) {
    const shown = Number(share.toFixed(digits));
    if (shown !== threshold) return `${shown}%`;
  }
  return `${share}%`;
}

/**
 * Rules that judge the replayed traffic. A gate holding any of them cannot pass a policy that
 * replayed nothing, so they imply `no-traffic` (docs/action.md "The gate").
 */
const TRAFFIC_RULES: ReadonlySet<FailOnRule['kind']> = new Set([
  'newly-allowed',
  'uncovered-newly-allowed',
  'newly-denied',
  'changes',
  'result-changed',
  'newly-unevaluable',
  'blocking-gaps',
  'malformed',
  'drift',
  'unevaluable',
  'fidelity',
]);

/**
 * The rules as applied: `no-traffic` added when a traffic rule is there without it, and
 * `invalid-policy` when a traffic rule or `no-traffic` is there without it: an invalid head
 * replays nothing, so a gate that judges traffic cannot pass it either (docs/action.md "The gate").
 */
function effectiveRules(rules: readonly FailOnRule[]): { rule: FailOnRule; impliedBy: string | null }[] {
  const applied = rules.map((rule) => ({ rule, impliedBy: null as string | null }));
  const judging = rules.find((r) => TRAFFIC_RULES.has(r.kind));
  if (judging && !rules.some((r) => r.kind === 'no-traffic'))
    applied.push({ rule: { kind: 'no-traffic' }, impliedBy: ruleText(judging) });
  const replaying = judging ?? rules.find((r) => r.kind === 'no-traffic');
  if (replaying && !rules.some((r) => r.kind === 'invalid-policy'))
    applied.push({ rule: { kind: 'invalid-policy' }, impliedBy: ruleText(replaying) });
  return applied;
}

function fidelityRank(level: FidelityLevel): number {
  return FIDELITY_LEVELS.indexOf(level);
}

/** Why `rule` fails for `facts`, or null when it does not. */
function check(rule: FailOnRule, facts: GateFacts): string | null {
  switch (rule.kind) {
    case 'invalid-policy':
      return facts.invalid && !facts.deleted ? 'the policy is invalid' : null;
    case 'newly-allowed':
      return facts.newlyAllowed > 0
        ? `${plural(facts.newlyAllowed, 'request', 'requests')} newly allowed`
        : null;
    case 'uncovered-newly-allowed':
      return uncoveredReason(facts.coverage);
    case 'newly-denied':
      return facts.newlyDenied > 0
        ? `${plural(facts.newlyDenied, 'request', 'requests')} newly denied`
        : null;
    case 'changes':
      return facts.changesTotal > 0
        ? `${plural(facts.changesTotal, 'request', 'requests')} decided differently by the head policy`
        : null;
    case 'result-changed': {
      const n = facts.resultChanged ?? 0;
      return n > 0
        ? `${plural(n, 'request', 'requests')} with a changed result (the decision the same)`
        : null;
    }
    case 'newly-unevaluable': {
      const lost = facts.newlyUnevaluable ?? 0;
      return lost > 0
        ? `${plural(lost, 'request', 'requests')} the base decides can no longer be judged by the head`
        : null;
    }
    case 'blocking-gaps': {
      // An invalid manifest is graded unreplayable, the level a blocking gap sets: it fails too.
      const invalid = facts.invalidManifests ?? 0;
      const why = [
        ...(facts.blockingGaps > 0
          ? [`${plural(facts.blockingGaps, 'fidelity gap blocks', 'fidelity gaps block')} replay`]
          : []),
        ...(invalid > 0 ? [`${plural(invalid, 'manifest is', 'manifests are')} invalid (unreplayable)`] : []),
      ];
      return why.length > 0 ? why.join('; ') : null;
    }
    case 'malformed':
      return facts.malformed > 0
        ? `${plural(facts.malformed, 'malformed traffic record', 'malformed traffic records')}`
        : null;
    case 'no-traffic':
      if (facts.deleted) return null;
      if (facts.noTraffic) return 'no traffic to replay';
      // A sample that replayed nothing (empty, all malformed, all filtered) judged nothing either.
      return facts.evaluated === 0 && !facts.invalid && !facts.blockers?.length
        ? 'the sample replayed no record'
        : null;
    case 'drift': {
      const drift = facts.driftTotal ?? 0;
      return drift > 0
        ? `${plural(drift, 'recorded decision is', 'recorded decisions are')} no longer reproduced`
        : null;
    }
    case 'unevaluable':
      return unevaluableAbove(facts.unevaluable, facts.evaluated, rule.percent)
        ? `${facts.unevaluable} of ${plural(facts.evaluated, 'request', 'requests')} unevaluable ` +
            `(${formatShare(facts.unevaluable, facts.evaluated, rule.percent)}, above ${rule.percent}%)`
        : null;
    case 'fidelity': {
      const worst = facts.fidelityWorst ?? null;
      return worst !== null && fidelityRank(worst) > fidelityRank(rule.below)
        ? `worst replay fidelity is ${worst}, below ${rule.below}`
        : null;
    }
  }
}

/**
 * Fails on a newly allowed kind no sample record fell in, and closed when the analysis could not
 * rule one out: a capped enumeration may have stopped before it, and a pair not analysed says
 * nothing. A witness the compiled policies decided otherwise (listed in `not_analysed` of an exact
 * analysis) leaves its kind counted, so the rule still sees it.
 */
function uncoveredReason(coverage: CoverageFacts | undefined): string | null {
  if (coverage === undefined) return null;
  const why = coverage.reasons.length > 0 ? `: ${boundedReasons(coverage.reasons)}` : '';
  if (coverage.mode === 'not_analysed')
    return `the coverage analysis could not be done, so an unseen newly allowed kind of request cannot be ruled out${why}`;
  const uncovered =
    coverage.uncoveredNewlyAllowed > 0
      ? `${plural(coverage.uncoveredNewlyAllowed, 'kind', 'kinds')} of request newly allowed that the sample never contained`
      : null;
  if (coverage.mode === 'capped') {
    const capped = `the coverage analysis was capped, so more unseen newly allowed kinds cannot be ruled out${why}`;
    return uncovered === null ? capped : `${uncovered}; ${capped}`;
  }
  return uncovered;
}

function boundedReasons(reasons: readonly string[]): string {
  const shown = reasons.slice(0, 3).join('; ');
  return reasons.length > 3 ? `${shown}; and ${reasons.length - 3} more` : shown;
}

/**
 * Applies every rule to every policy. Failures are ordered by policy path (code-unit order), then
 * the policy's blockers, then the rules' order in `fail-on` (an implied `no-traffic`, then an
 * implied `invalid-policy`, last), so
 * the same inputs always give the same list.
 */
export function evaluateGate(rules: readonly FailOnRule[], facts: readonly GateFacts[]): GateVerdict {
  const failed: GateFailure[] = [];
  const policies = [...facts].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const applied = effectiveRules(rules);
  for (const policy of policies) {
    for (const blocker of policy.blockers ?? []) {
      failed.push({
        rule: blocker.rule,
        reason: `${policy.path}: ${blocker.reason} (${blocker.rule})`,
        policy: policy.path,
      });
    }
    for (const { rule, impliedBy } of applied) {
      const why = check(rule, policy);
      if (why === null) continue;
      const text = ruleText(rule);
      const label = impliedBy === null ? text : `${text}, implied by ${impliedBy}`;
      failed.push({ rule: text, reason: `${policy.path}: ${why} (${label})`, policy: policy.path });
    }
  }
  return { verdict: failed.length > 0 ? 'fail' : 'pass', failed };
}
