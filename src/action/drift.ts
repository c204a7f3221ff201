import { checkedOutCommit, readFileAtCommit, trackedFiles } from '../git/repository.js';
import { runReplay } from '../replay/run.js';
import { toDriftReport } from '../replay/drift.js';
import { policyMatcher } from './inputPaths.js';
import type { Settings } from './settings.js';
import type { RunContext } from './context.js';
import { locateSample, readSampleMapping, type SampleMapping } from './sampleLocator.js';
import { evidenceProblems } from './evidence.js';
import { replayFailure } from './policyFailure.js';
import { failedOutcome, logManifestProblems, sampledOutcome } from './policyOutcome.js';
import type { PolicyOutcome } from './runReport.js';
import { boundedList } from '../text/listing.js';
import { replayRegoDrift } from './regoDrift.js';

/** The policy files at the checked-out default branch, as Git tracks them. */
export async function trackedPolicies(workspace: string, globs: readonly string[]): Promise<string[]> {
  const matches = policyMatcher(globs);
  return (await trackedFiles(workspace)).filter(matches).sort();
}

/** Replays each saved policy against its sample's recorded decisions. */
export async function replayDrift(
  context: RunContext,
  settings: Settings,
  opa: { path: string; version: string },
  log: (message: string) => void,
  enginePath: () => Promise<string>,
): Promise<PolicyOutcome[]> {
  const mapping = readSampleMapping(context.workspace);
  // Policies are read through git at the checked-out commit, never through the file system: a
  // symlink is followed inside that commit's tree only (one leaving the repository, or a loop,
  // fails closed), and a policy over the size limit is refused before a byte of it is read.
  const commit = await checkedOutCommit(context.workspace);
  const outcomes: PolicyOutcome[] = [];
  for (const path of await trackedPolicies(context.workspace, settings.policies)) {
    // One policy's failure is its own: the others are still replayed and reported.
    try {
      outcomes.push(await replayDriftOf(path, commit, context, settings, opa, log, mapping));
    } catch (error) {
      const failure = replayFailure(path, error);
      log(`${path}: ${failure.message}`);
      outcomes.push(failedOutcome({ path, status: 'scheduled', previous_path: null }, failure));
    }
  }
  outcomes.push(
    ...(await replayRegoDrift(
      { workspace: context.workspace, settings, log, enginePath },
      commit,
      mapping,
      context.tempDir,
    )),
  );
  return outcomes;
}

async function replayDriftOf(
  path: string,
  commit: string,
  context: RunContext,
  settings: Settings,
  opa: { path: string; version: string },
  log: (message: string) => void,
  mapping: SampleMapping | null,
): Promise<PolicyOutcome> {
  const sample = await locateSample(context.workspace, path, settings, mapping);
  // No pull request here: only the ambiguity check applies.
  const evidence = evidenceProblems(sample, null);
  const outcome = sampledOutcome({ path, status: 'scheduled', previous_path: null }, sample, evidence, log);
  if (evidence.length > 0) return outcome;
  if (sample.traffic === null) {
    log(`${path}: no traffic to replay (looked for ${boundedList(sample.looked)})`);
    return outcome;
  }
  log(`${path}: drift replay of ${sample.traffic}`);
  const text = await readFileAtCommit(context.workspace, commit, path, {
    maxBytes: settings.limits.maxPolicyBytes,
  });
  if (text === null) throw new Error(`${path} is not a file in the checked-out commit ${commit}`);
  const result = await runReplay({
    head: { displayPath: path, text, ref: context.sha },
    base: null,
    mode: 'drift',
    trafficPath: sample.trafficFiles!.map((f) => f.path),
    traffic: sample.trafficFiles!,
    trafficDisplayPath: sample.traffic,
    decisionLog: sample.decisionLog,
    manifests: sample.manifestsPath,
    maxChanges: settings.maxChanges,
    maxGroups: settings.maxGroups,
    unevaluable: settings.unevaluable,
    opa,
    limits: settings.limits,
  });
  logManifestProblems(path, result.manifestProblems, context.workspace, log);
  outcome.drift = toDriftReport(result);
  outcome.errors = result.report.errors;
  return outcome;
}
