import { DEFAULT_MAX_COVERAGE_NODES } from '../replay/coverageSection.js';
import type { GitHubClient } from '../github/client.js';
import { listPullFiles, type PullFile } from '../github/pullFiles.js';
import { diffNameStatus, ensureCommits, readFileAtCommit, whyNoFileAtCommit } from '../git/repository.js';
import { runReplay, preparePolicy, policyRef, type PolicySource } from '../replay/run.js';
import type { ReplayReport } from '../replay/report/report.js';
import type { UnevaluableMode } from '../replay/evaluate/unknownSides.js';
import { TOOL_VERSION } from '../version.js';
import { policyMatcher } from './inputPaths.js';
import type { Settings } from './settings.js';
import type { RunContext } from './context.js';
import { locateSample, MAPPING_FILE, parseSampleMapping, type SampleMapping } from './sampleLocator.js';
import { evidenceProblems, touchedPaths } from './evidence.js';
import { replayFailure } from './policyFailure.js';
import { failedOutcome, logManifestProblems, sampledOutcome } from './policyOutcome.js';
import { unifiedDiff } from './regoDiff.js';
import type { PolicyOutcome } from './runReport.js';
import { changeAnnotations } from './annotations.js';
import { eventPullShas, judgedCommits, type JudgedCommits } from './judgedCommits.js';
import { symlinkedPolicyChanges } from './symlinkedPolicies.js';
import { boundedList } from '../text/listing.js';
import { impactPartsOf, manifestsDigest, sampleFilesDigest } from './impact.js';

import type { PolicyChange } from './policyChange.js';
export type { PolicyChange } from './policyChange.js';

/**
 * The PR's policy files. A rename within the policy globs is a rename (base at the old name); a
 * move into the globs is a new policy, and a move out of them is a deleted one (under its old
 * name): to the gateway, a file that stops or starts being a policy is exactly that.
 */
export function selectPolicyChanges(files: readonly PullFile[], globs: readonly string[]): PolicyChange[] {
  const matches = policyMatcher(globs);
  const changes: PolicyChange[] = [];
  for (const file of files) {
    if (file.status === 'unchanged') continue;
    const previous = file.previous_filename ?? null;
    const isPolicy = matches(file.filename);
    const wasPolicy = previous !== null && matches(previous);
    if (file.status === 'renamed' && previous !== null) {
      if (isPolicy && wasPolicy)
        changes.push({ path: file.filename, status: 'renamed', previousPath: previous });
      else if (isPolicy) changes.push({ path: file.filename, status: 'added', previousPath: null });
      else if (wasPolicy) changes.push({ path: previous, status: 'removed', previousPath: null });
      continue;
    }
    if (!isPolicy) continue;
    const status =
      file.status === 'added' || file.status === 'copied'
        ? 'added'
        : file.status === 'removed'
          ? 'removed'
          : 'modified';
    changes.push({ path: file.filename, status, previousPath: null });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export interface PullRequestDeps {
  client: GitHubClient;
  settings: Settings;
  context: RunContext;
  pullNumber: number;
  opa: { path: string; version: string };
  log: (message: string) => void;
}

/**
 * The policies to judge and what they are judged between (judgedCommits.ts): the policies that
 * differ between the judged commits, so a policy the base branch changed after the fork is judged
 * as merging leaves it. The evidence check still uses every path the pull request itself changed.
 */
export async function listPolicyChanges(deps: Omit<PullRequestDeps, 'opa'>): Promise<{
  /** The pull request's base and head, as GitHub reports them. */
  baseSha: string;
  headSha: string;
  judged: JudgedCommits;
  /** The base branch's tip, where `.policy-replay.yml` is read. */
  baseTipSha: string;
  changes: PolicyChange[];
  mappingChanged: boolean;
  /** Every path the pull request touched (evidence.ts). */
  touched: string[];
}> {
  const { client, context, pullNumber, settings } = deps;
  const files = await listPullFiles(client, {
    owner: context.owner,
    repo: context.repo,
    pullNumber,
    workspace: context.workspace,
  });
  deps.log(`pull request #${pullNumber}: ${files.files.length} changed files (listed via ${files.source})`);
  const judged = await judgedCommits({
    client,
    repo: { owner: context.owner, repo: context.repo },
    workspace: context.workspace,
    checkoutSha: context.sha,
    pull: { baseSha: files.baseSha, headSha: files.headSha },
    event: eventPullShas(context.event),
  });
  // Between the merge base and the head, the judged files are the pull request's own list.
  const judgedFiles =
    judged.against === 'merge-base'
      ? files.files
      : await diffNameStatus(context.workspace, judged.base, judged.head);
  deps.log(
    judged.against === 'base-tip'
      ? `judging the merge commit ${judged.head} against the base tip ${judged.base}`
      : `no merge commit of the head (GITHUB_SHA ${context.sha ?? 'unset'}): judging the head commit ${judged.head} against the merge base ${judged.base}`,
  );
  const listed = selectPolicyChanges(judgedFiles, settings.policies);
  const linked = await symlinkedPolicyChanges(context.workspace, judged, settings.policies, listed);
  for (const change of linked) deps.log(`${change.path}: a symlink whose target changed`);
  return {
    baseSha: files.baseSha,
    headSha: files.headSha,
    judged,
    baseTipSha: judged.against === 'base-tip' ? judged.base : files.baseSha,
    changes: [...listed, ...linked].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    mappingChanged: files.files.some(
      (f) => f.filename === MAPPING_FILE || f.previous_filename === MAPPING_FILE,
    ),
    touched: touchedPaths(files.files),
  };
}

export async function replayPolicyChanges(
  deps: PullRequestDeps,
  commits: { base: string; head: string; baseTip: string },
  changes: readonly PolicyChange[],
  touched: readonly string[] = [],
): Promise<PolicyOutcome[]> {
  const { context } = deps;
  const { base: baseSha, head: headSha } = commits;
  await ensureCommits(context.workspace, [baseSha, headSha, commits.baseTip]);
  // The mapping is read on the base branch: a pull request must not choose the sample that gates it.
  const mappingText = await readFileAtCommit(context.workspace, commits.baseTip, MAPPING_FILE);
  const mapping = mappingText === null ? null : parseSampleMapping(mappingText);
  const outcomes: PolicyOutcome[] = [];
  for (const change of changes) {
    // One policy's failure is its own: the others are still replayed and reported.
    try {
      outcomes.push(await replayPolicyChange(deps, change, { baseSha, headSha, mapping, touched }));
    } catch (error) {
      const failure = replayFailure(change.path, error);
      deps.log(`${change.path}: ${failure.message}`);
      const failed = failedOutcome(
        { path: change.path, status: change.status, previous_path: change.previousPath },
        failure,
      );
      // An accepted failure stays bound to the texts that failed (the impact digest).
      failed.impact = impactPartsOf(await policyTexts(context.workspace, change, { baseSha, headSha }), {
        manifests: null,
        changes: null,
      });
      outcomes.push(failed);
    }
  }
  return outcomes;
}

async function replayPolicyChange(
  deps: PullRequestDeps,
  change: PolicyChange,
  at: { baseSha: string; headSha: string; mapping: SampleMapping | null; touched: readonly string[] },
): Promise<PolicyOutcome> {
  const { context, settings, opa } = deps;
  const { baseSha, headSha } = at;
  const headPath = change.status === 'removed' ? null : change.path;
  const basePath = change.status === 'added' ? null : (change.previousPath ?? change.path);
  const { head, base } = await policySides(context.workspace, change, { baseSha, headSha });
  // A renamed policy keeps the evidence of the path it had on the base: by its new name it could
  // borrow another policy's sample.
  const sample = await locateSample(context.workspace, basePath ?? change.path, settings, at.mapping);
  const evidence = evidenceProblems(sample, at.touched);
  const outcome = sampledOutcome(
    { path: change.path, status: change.status, previous_path: change.previousPath },
    sample,
    evidence,
    deps.log,
  );
  outcome.impact = impactPartsOf(textsOf({ base, head }), {
    manifests: await manifestsDigest(sample.manifestsPath),
    changes: null,
    // A blocked sample is not replayed, but an acceptance of that failure is of these bytes.
    sample: evidence.length > 0 ? await sampleFilesDigest(sample.trafficFiles) : null,
  });
  if (sample.traffic === null || evidence.length > 0) {
    if (evidence.length === 0)
      deps.log(`${change.path}: no traffic to replay (looked for ${boundedList(sample.looked)})`);
    // Still validate and compile the head: an invalid policy fails whether or not there is traffic.
    if (head) await validateHeadOnly(deps, change.path, { head, base }, outcome);
    return outcome;
  }
  deps.log(`${change.path}: replaying ${sample.traffic}`);
  const run = await runReplay({
    head,
    base,
    trafficPath: sample.trafficFiles!.map((f) => f.path),
    traffic: sample.trafficFiles!,
    trafficDisplayPath: sample.traffic,
    decisionLog: sample.decisionLog,
    manifests: sample.manifestsPath,
    maxChanges: Math.max(settings.maxChanges, 0),
    maxGroups: settings.maxGroups,
    unevaluable: settings.unevaluable,
    invalidBase: 'unknown',
    opa,
    limits: settings.limits,
    digestChanges: true,
    coverage: { shape: settings.coverageShape, maxNodes: DEFAULT_MAX_COVERAGE_NODES },
  });
  logManifestProblems(change.path, run.manifestProblems, context.workspace, deps.log);
  outcome.report = run.report;
  outcome.errors = run.report.errors;
  if (run.witnesses !== null) outcome.witnesses = run.witnesses;
  outcome.impact = { ...outcome.impact, changes_sha256: run.outcome?.changeSetDigest ?? null };
  if (run.baseErrors.length > 0) outcome.base_errors = run.baseErrors;
  if (run.outcome) {
    outcome.annotations = changeAnnotations({
      groups: run.outcome.groups,
      headPath,
      headText: head?.text ?? null,
      basePath,
    });
  }
  // Only when every side that exists compiled: a diff against a failed side would read as if the
  // policy had been emptied.
  if (run.report.errors.length === 0 && (run.head || run.base)) {
    outcome.rego_diff = unifiedDiff(
      run.base?.rego ?? '',
      run.head?.rego ?? '',
      basePath ? `a/${basePath} (Rego)` : '/dev/null',
      headPath ? `b/${headPath} (Rego)` : '/dev/null',
    );
  }
  return outcome;
}

/**
 * The policy at the base and at the judged head. A modified or renamed policy exists on both
 * sides: one that reads as nothing there (a dangling symlink, a symlink to a directory, a
 * directory) is not a deleted or a new policy, and taking it for one would skip the head's checks
 * or make every base decision unknown.
 */
async function policySides(
  workspace: string,
  change: PolicyChange,
  commits: { baseSha: string; headSha: string },
): Promise<{ head: PolicySource | null; base: PolicySource | null }> {
  const { baseSha, headSha } = commits;
  const headPath = change.status === 'removed' ? null : change.path;
  const basePath = change.status === 'added' ? null : (change.previousPath ?? change.path);
  const headText = headPath ? await readFileAtCommit(workspace, headSha, headPath) : null;
  const baseText = basePath ? await readFileAtCommit(workspace, baseSha, basePath) : null;
  if (change.status === 'modified' || change.status === 'renamed') {
    if (headText === null) throw await unreadablePolicy(workspace, headSha, headPath!);
    if (baseText === null) throw await unreadablePolicy(workspace, baseSha, basePath!);
  }
  return {
    head: headText === null ? null : { displayPath: headPath!, text: headText, ref: headSha },
    base: baseText === null ? null : { displayPath: basePath!, text: baseText, ref: baseSha },
  };
}

function textsOf(sides: { head: PolicySource | null; base: PolicySource | null }) {
  return { base: sides.base?.text ?? null, head: sides.head?.text ?? null };
}

/** Both sides' texts for a policy whose replay failed (null: absent or unreadable). */
async function policyTexts(
  workspace: string,
  change: PolicyChange,
  commits: { baseSha: string; headSha: string },
): Promise<{ base: string | null; head: string | null }> {
  return textsOf(await policySides(workspace, change, commits).catch(() => ({ head: null, base: null })));
}

/** A policy replayed against no traffic still has its head validated and compiled. */
async function validateHeadOnly(
  deps: PullRequestDeps,
  path: string,
  sides: { head: PolicySource; base: PolicySource | null },
  outcome: PolicyOutcome,
): Promise<void> {
  const { settings, opa } = deps;
  const { head, base } = sides;
  const prepared = await preparePolicy(head, opa.path, settings.limits);
  if (!prepared.ok) {
    outcome.errors = prepared.errors.map((e) => ({
      file: e.file,
      path: e.path,
      line: e.line,
      column: e.column,
      message: e.message,
    }));
    outcome.report = errorReport(path, head, base, opa.version, outcome.errors, settings.unevaluable);
  }
}

/** The error of a policy side that should be a file at `sha` and is not. */
async function unreadablePolicy(workspace: string, sha: string, path: string): Promise<Error> {
  return new Error(`${path} cannot be read at ${sha}: ${await whyNoFileAtCommit(workspace, sha, path)}`);
}

function errorReport(
  path: string,
  head: PolicySource,
  base: PolicySource | null,
  opaVersion: string,
  errors: PolicyOutcome['errors'],
  unevaluable: UnevaluableMode,
): ReplayReport {
  return {
    meta: {
      tool: 'policy-replay',
      version: TOOL_VERSION,
      opa_version: opaVersion,
      head: { ...policyRef(head, 'head'), path },
      base: base ? policyRef(base, 'base') : null,
      traffic: { path: '', sha256: '', format: 'records', files: [] },
      skipped: { non_decision: 0, other_path: 0 },
      since: null,
      limit: null,
      status: base ? 'changed' : 'added',
      excluded_without_time: 0,
      max_changes: 0,
      max_groups: 0,
      unevaluable_mode: unevaluable,
    },
    errors,
    result: null,
  };
}
