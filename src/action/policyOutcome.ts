import { relative } from 'node:path';
import type { ManifestProblem } from '../fidelity/manifest.js';
import type { EvidenceProblem } from './evidence.js';
import { blocker } from './policyFailure.js';
import type { SampleLocation } from './sampleLocator.js';
import type { PolicyBlocker, PolicyOutcome } from './runReport.js';
import { boundedList } from '../text/listing.js';

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
      `${policy.path}: no manifests (looked for ${boundedList(sample.manifestsLooked)}): no fidelity grading`,
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

/** Lines of manifest problems logged per policy; the rest are counted (the report has the total). */
const MAX_MANIFEST_PROBLEM_LINES = 20;

/**
 * The problems of a policy's invalid manifests, in the log: the report only counts invalid
 * manifests (graded unreplayable), so this is where an operator sees what to fix. Paths are
 * shown relative to the workspace.
 */
export function logManifestProblems(
  policyPath: string,
  problems: readonly ManifestProblem[],
  workspace: string,
  log: (message: string) => void,
): void {
  for (const p of problems.slice(0, MAX_MANIFEST_PROBLEM_LINES)) {
    const file = relative(workspace, p.file) || p.file;
    log(
      `${policyPath}: invalid manifest ${file}:${p.line}:${p.column}: ${p.path || '(document)'}: ${p.message}`,
    );
  }
  if (problems.length > MAX_MANIFEST_PROBLEM_LINES)
    log(`${policyPath}: … and ${problems.length - MAX_MANIFEST_PROBLEM_LINES} more manifest problems`);
}
