import { join } from 'node:path';
import { trackedFiles } from '../git/repository.js';
import { runReplay } from '../replay/run.js';
import { toDriftReport } from '../replay/drift.js';
import { readFile } from 'node:fs/promises';
import { policyMatcher, type Settings } from './inputs.js';
import type { RunContext } from './context.js';
import { locateSample, readSampleMapping, type SampleMapping } from './sampleLocator.js';
import { evidenceProblems } from './evidence.js';
import { replayFailure } from './policyFailure.js';
import { failedOutcome, logManifestProblems, sampledOutcome } from './policyOutcome.js';
import type { PolicyOutcome } from './runReport.js';
import { boundedList } from '../text/listing.js';

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
): Promise<PolicyOutcome[]> {
  const mapping = readSampleMapping(context.workspace);
  const outcomes: PolicyOutcome[] = [];
  for (const path of await trackedPolicies(context.workspace, settings.policies)) {
    // One policy's failure is its own: the others are still replayed and reported.
    try {
      outcomes.push(await replayDriftOf(path, context, settings, opa, log, mapping));
    } catch (error) {
      const failure = replayFailure(path, error);
      log(`${path}: ${failure.message}`);
      outcomes.push(failedOutcome({ path, status: 'scheduled', previous_path: null }, failure));
    }
  }
  return outcomes;
}

async function replayDriftOf(
  path: string,
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
  const text = await readFile(join(context.workspace, path), 'utf8');
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
