/**
 * Rego bundle roots on a pull request (docs/rego.md "The Action"): each root read at the two judged
 * commits (the base tip and the merge commit, or the merge base and the head), a changed one
 * replayed on the sample `.policy-replay.yml` (on the base branch) or the inputs name for it, with
 * every rule of the rule documents: the evidence never from what the pull request changed, a
 * renamed file inside the root keeps the root's evidence, symlinks followed within the repository,
 * anything that cannot be read or replayed as the service would failing closed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureCommits, readFileAtCommit } from '../git/repository.js';
import { parseDecisionField, type DecisionMapping } from '../regoPolicy/decisionMapping.js';
import { runRegoReplay } from '../regoReplay/regoRun.js';
import { DEFAULT_MAX_ATTRIBUTION_EDITS } from '../replay/evaluate/attribution.js';
import { evidenceProblems } from './evidence.js';
import { impactPartsOf, manifestsDigest, sampleFilesDigest } from './impact.js';
import { failedOutcome, sampledOutcome } from './policyOutcome.js';
import { replayFailure } from './policyFailure.js';
import { regoRootsOf, type RegoRoot } from './regoRoots.js';
import { regoAnnotations } from './regoAnnotations.js';
import { writeRootAtCommit, type WrittenRoot } from './regoTree.js';
import type { PolicyOutcome } from './runReport.js';
import {
  locateSample,
  MAPPING_FILE,
  parseSampleMapping,
  type SampleLocation,
  type SampleMapping,
} from './sampleLocator.js';
import type { Settings } from './settings.js';
import type { RegoReport } from '../regoReplay/regoReport.js';

export interface RegoRootChange {
  root: RegoRoot;
  status: 'added' | 'modified' | 'removed';
  /** Where each side was written (null: the root is not there at that commit). */
  base: { dir: string; written: WrittenRoot } | null;
  head: { dir: string; written: WrittenRoot } | null;
}

export interface RegoListing {
  changes: RegoRootChange[];
  /** Roots that could not be read at a judged commit: each fails closed. */
  failures: PolicyOutcome[];
  mapping: SampleMapping | null;
  /** Removes the written trees. */
  cleanup: () => Promise<void>;
}

/** The roots whose files differ between the judged commits, each side written out. */
export async function listRegoChanges(
  workspace: string,
  commits: { base: string; head: string; baseTip: string },
  settings: Pick<Settings, 'policies'>,
  tempDir: string,
): Promise<RegoListing> {
  await ensureCommits(workspace, [commits.base, commits.head, commits.baseTip]);
  const mappingText = await readFileAtCommit(workspace, commits.baseTip, MAPPING_FILE);
  const mapping = mappingText === null ? null : parseSampleMapping(mappingText);
  const roots = regoRootsOf(settings.policies, mapping);
  const scratch = roots.length === 0 ? null : await mkdtemp(join(tempDir, 'policy-replay-rego-'));
  const listing: RegoListing = {
    changes: [],
    failures: [],
    mapping,
    cleanup: async () => {
      if (scratch !== null) await rm(scratch, { recursive: true, force: true });
    },
  };
  for (const [i, root] of roots.entries()) {
    try {
      const side = async (sha: string, name: string) => {
        const dir = join(scratch!, String(i), name);
        const written = await writeRootAtCommit(workspace, sha, root.path, dir);
        return written === null ? null : { dir, written };
      };
      const [base, head] = [await side(commits.base, 'base'), await side(commits.head, 'head')];
      if (base?.written.sha256 === head?.written.sha256) continue;
      const status = base === null ? 'added' : head === null ? 'removed' : 'modified';
      listing.changes.push({ root, status, base, head });
    } catch (error) {
      const identity = { path: root.path, status: 'modified' as const, previous_path: null };
      listing.failures.push(failedOutcome(identity, replayFailure(root.path, error)));
    }
  }
  return listing;
}

/** A root's decision path, mapping and Rego version: its mapping entry's, else the inputs'; null without a path. */
export function decisionOfRoot(
  entry: SampleMapping['policies'][string] | undefined,
  settings: Pick<Settings, 'decisionPath' | 'decisionField'>,
): { decisionPath: string; mapping: DecisionMapping; regoVersion: 'v0' | 'v1' | null } | null {
  const decisionPath = entry?.['decision-path'] ?? settings.decisionPath;
  if (decisionPath === null || decisionPath === undefined) return null;
  const regoVersion = entry?.['rego-version'] ?? null;
  if (entry?.['deny-when-nonempty'] === true)
    return { decisionPath, mapping: { kind: 'deny-when-nonempty' }, regoVersion };
  const field = entry?.['decision-field'] ?? settings.decisionField;
  const path = field === null || field === undefined ? null : parseDecisionField(field);
  return {
    decisionPath,
    mapping: path === null ? { kind: 'boolean' } : { kind: 'field', path },
    regoVersion,
  };
}

export interface RegoReplayDeps {
  workspace: string;
  settings: Settings;
  enginePath: () => Promise<string>;
  log: (message: string) => void;
}

/** One changed root replayed: its outcome, with the Rego report in `rego_report`. */
export async function replayRegoChange(
  deps: RegoReplayDeps,
  change: RegoRootChange,
  mapping: SampleMapping | null,
  touched: readonly string[],
): Promise<PolicyOutcome> {
  const { settings, log } = deps;
  const { root } = change;
  const identity = { path: root.path, status: change.status, previous_path: null };
  const key = root.mappingKey ?? root.path;
  // Looked up by the root's own path: a pull request that adds a directory does not pick its sample.
  const sample = await locateSample(deps.workspace, key, settings, mapping);
  const evidence = evidenceProblems(sample, touched);
  const outcome = sampledOutcome(identity, sample, evidence, log);
  const digests = { base: change.base?.written.sha256 ?? null, head: change.head?.written.sha256 ?? null };
  const manifests = await manifestsDigest(sample.manifestsPath);
  outcome.impact = impactPartsOf(digests, {
    manifests,
    changes: null,
    // A blocked sample is not replayed, but an acceptance of that failure is of these bytes.
    sample: evidence.length > 0 ? await sampleFilesDigest(sample.trafficFiles) : null,
  });
  // A removed root is no missing sample: there is nothing left to gate.
  if (change.head === null && sample.traffic === null) outcome.no_traffic = false;
  if (sample.traffic === null || evidence.length > 0) return outcome;
  log(
    `${root.path}: replaying ${sample.traffic} (Rego)${change.head === null ? ': removed, the base alone' : ''}`,
  );
  const replay = replayRoot(deps, {
    mode: 'compare',
    root,
    entry: mapping?.policies[key],
    // As for a deleted rule document: what the base decided, reported as deleted (no change).
    head: change.head?.dir ?? change.base!.dir,
    base: change.base?.dir ?? null,
    sample,
  });
  const replayed = change.head === null ? await removedReplay(replay, root.path, log) : await replay;
  if (replayed === null) {
    outcome.no_traffic = false;
    return outcome;
  }
  const { changeSet } = replayed;
  const report =
    change.head === null
      ? {
          ...replayed.report,
          meta: { ...replayed.report.meta, status: 'deleted' as const, head: null },
          result: replayed.report.result && { ...replayed.report.result, base_counts: null },
        }
      : replayed.report;
  outcome.rego_report = report;
  outcome.errors = report.errors;
  outcome.annotations = regoAnnotations(root.path, report);
  // As for rule documents: bound to the sample and manifests replayed and to every change, not
  // only the listed ones.
  outcome.impact = impactPartsOf(digests, {
    manifests,
    changes: report.result === null ? null : changeSet,
    sample: report.meta.traffic.sha256,
  });
  return outcome;
}

/**
 * A removed root's base replayed, or null when it cannot be (refused, invalid): nothing of the
 * root is left to gate, so its base's problems block nothing; they are logged.
 */
async function removedReplay(
  replay: ReturnType<typeof replayRoot>,
  path: string,
  log: (message: string) => void,
): Promise<Awaited<ReturnType<typeof replayRoot>> | null> {
  try {
    const replayed = await replay;
    if (replayed.report.errors.length === 0) return replayed;
    log(`${path}: removed; its base does not compile, so what it decided is not shown`);
  } catch (error) {
    log(`${path}: removed; its base could not be replayed (${(error as Error).message})`);
  }
  return null;
}

/** Each changed root replayed; one root's failure is its own (the others are still replayed). */
export async function replayRegoChanges(
  deps: RegoReplayDeps,
  listing: RegoListing,
  touched: readonly string[],
): Promise<PolicyOutcome[]> {
  const outcomes: PolicyOutcome[] = [];
  for (const change of listing.changes) {
    try {
      outcomes.push(await replayRegoChange(deps, change, listing.mapping, touched));
    } catch (error) {
      const failure = replayFailure(change.root.path, error);
      deps.log(`${change.root.path}: ${failure.message}`);
      outcomes.push(
        failedOutcome({ path: change.root.path, status: change.status, previous_path: null }, failure),
      );
    }
  }
  return outcomes;
}

/**
 * A root's bundle (and its base's) replayed by the engine on its sample: the report, or an error
 * naming every refusal or the missing decision path (the caller's blocker: it fails closed).
 */
export async function replayRoot(
  deps: RegoReplayDeps,
  run: {
    mode: 'compare' | 'drift';
    root: RegoRoot;
    entry: SampleMapping['policies'][string] | undefined;
    head: string;
    base: string | null;
    /** Where its sample and manifests are, and how its decision log is read. */
    sample: SampleLocation;
  },
): Promise<{ report: RegoReport; changeSet: string | null }> {
  const { settings } = deps;
  const decision = decisionOfRoot(run.entry, settings);
  if (decision === null)
    throw new Error(`a Rego bundle root needs a decision-path (its ${MAPPING_FILE} entry or the input)`);
  const result = await runRegoReplay({
    mode: run.mode,
    head: { path: run.head, shown: run.root.path },
    base: run.base === null ? null : { path: run.base, shown: run.root.path },
    ...decision,
    traffic: run.sample.trafficFiles ?? [],
    manifests: run.sample.manifestsPath,
    manifestIdField: run.sample.decisionLog.manifestIdField,
    bundle: run.sample.decisionLog.bundle,
    since: null,
    unevaluable: settings.unevaluable,
    maxChanges: Math.max(settings.maxChanges, 0),
    maxGroups: settings.maxGroups,
    maxAttributionEdits: DEFAULT_MAX_ATTRIBUTION_EDITS,
    maxLineBytes: settings.limits.maxLineBytes,
    enginePath: await deps.enginePath(),
  });
  if (result.kind === 'refused')
    throw new Error(`refused (${result.refusals.map((r) => `${r.code}: ${r.message}`).join('; ')})`);
  return { report: result.report, changeSet: result.changeSet ?? null };
}
