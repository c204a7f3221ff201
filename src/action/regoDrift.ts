/**
 * Drift of the Rego bundle roots on a schedule (docs/rego.md "The Action"): each root as the
 * checked-out default branch holds it (read from git's objects, symlinks followed within the
 * commit, as on a pull request) replayed against the results its decision logs recorded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { evidenceProblems } from './evidence.js';
import { failedOutcome, sampledOutcome } from './policyOutcome.js';
import { replayFailure } from './policyFailure.js';
import { replayRoot, type RegoReplayDeps } from './regoChanges.js';
import { regoRootsOf, type RegoRoot } from './regoRoots.js';
import { writeRootAtCommit } from './regoTree.js';
import type { PolicyOutcome } from './runReport.js';
import { locateSample, type SampleMapping } from './sampleLocator.js';
import { boundedList } from '../text/listing.js';

export async function replayRegoDrift(
  deps: RegoReplayDeps,
  commit: string,
  mapping: SampleMapping | null,
  tempDir: string,
): Promise<PolicyOutcome[]> {
  const roots = regoRootsOf(deps.settings.policies, mapping);
  if (roots.length === 0) return [];
  const scratch = await mkdtemp(join(tempDir, 'policy-replay-rego-drift-'));
  const outcomes: PolicyOutcome[] = [];
  try {
    for (const [i, root] of roots.entries()) {
      try {
        const outcome = await driftOf(deps, root, commit, mapping, join(scratch, String(i)));
        if (outcome !== null) outcomes.push(outcome);
      } catch (error) {
        const failure = replayFailure(root.path, error);
        deps.log(`${root.path}: ${failure.message}`);
        outcomes.push(failedOutcome({ path: root.path, status: 'scheduled', previous_path: null }, failure));
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return outcomes;
}

/** One root's drift; null when the default branch has no such directory. */
async function driftOf(
  deps: RegoReplayDeps,
  root: RegoRoot,
  commit: string,
  mapping: SampleMapping | null,
  dir: string,
): Promise<PolicyOutcome | null> {
  const { settings, log } = deps;
  if ((await writeRootAtCommit(deps.workspace, commit, root.path, dir)) === null) {
    log(`${root.path}: no such directory at ${commit}: no Rego bundle to replay`);
    return null;
  }
  const key = root.mappingKey ?? root.path;
  const identity = { path: root.path, status: 'scheduled' as const, previous_path: null };
  const sample = await locateSample(deps.workspace, key, settings, mapping);
  // No pull request here: only the ambiguity check applies.
  const evidence = evidenceProblems(sample, null);
  const outcome = sampledOutcome(identity, sample, evidence, log);
  if (evidence.length > 0) return outcome;
  if (sample.traffic === null) {
    log(`${root.path}: no traffic to replay (looked for ${boundedList(sample.looked)})`);
    return outcome;
  }
  log(`${root.path}: drift replay of ${sample.traffic} (Rego)`);
  const { report } = await replayRoot(deps, {
    mode: 'drift',
    root,
    entry: mapping?.policies[key],
    head: dir,
    base: null,
    sample,
  });
  outcome.rego_report = report;
  outcome.errors = report.errors;
  return outcome;
}
