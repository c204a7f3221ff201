import type { EvidenceProblem } from './evidence.js';
import { blocker } from './policyFailure.js';
import type { SampleLocation } from './sampleLocator.js';
import type { PolicyBlocker, PolicyOutcome } from './runReport.js';

/** Which policy an outcome is about, as the pull-request and drift runs name it. */
export type PolicyIdentity = Pick<PolicyOutcome, 'path' | 'status' | 'previous_path'>;

/**
 * The outcome a policy starts from once its sample is located: nothing replayed yet, "no traffic"
 * when no sample was found and nothing blocks it, and a blocker (logged) for every evidence
 * problem, which then keeps the policy from being replayed.
 */
export function sampledOutcome(
  policy: PolicyIdentity,
  sample: SampleLocation,
  evidence: readonly EvidenceProblem[],
  log: (message: string) => void,
): PolicyOutcome {
  const outcome: PolicyOutcome = {
    ...policy,
    traffic: sample.traffic,
    traffic_looked: sample.looked,
    manifests: sample.manifests,
    no_traffic: sample.traffic === null && evidence.length === 0,
    errors: [],
    report: null,
  };
  if (evidence.length > 0) {
    outcome.blockers = evidence.map((p) => blocker(p.rule, p.error));
    for (const b of outcome.blockers) log(`${policy.path}: not replayed: ${b.message}`);
  } else if (sample.traffic !== null && sample.manifests === null) {
    // Without manifests there is no fidelity section, and the fidelity rules have nothing to
    // judge: the log says where they were looked for, so a mistyped `manifests` shows.
    log(
      `${policy.path}: no manifests (looked for ${sample.manifestsLooked.join(', ')}): no fidelity grading`,
    );
  }
  return outcome;
}

/** The outcome of a policy whose processing threw: nothing replayed, its one blocker `failure`. */
export function failedOutcome(policy: PolicyIdentity, failure: PolicyBlocker): PolicyOutcome {
  return {
    ...policy,
    traffic: null,
    traffic_looked: [],
    manifests: null,
    no_traffic: false,
    errors: [],
    report: null,
    blockers: [failure],
  };
}
