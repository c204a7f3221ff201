import * as core from '@actions/core';
import { join } from 'node:path';
import { createGitHubClient, type GitHubClient } from '../github/client.js';
import { syncStickyComment } from '../github/stickyComment.js';
import { openDriftIssues } from '../github/driftIssue.js';
import { ensureOpa } from '../opa/install.js';
import { driftMarkdownSections } from '../render/driftMarkdown.js';
import { escapeMarkdown } from '../render/escape.js';
import { readSettings } from './inputs.js';
import { resolveMode } from './inputValues.js';
import type { Settings } from './settings.js';
import {
  offDefaultBranch,
  readRunContext,
  pullRequestNumber,
  workflowRunUrl,
  type RunContext,
} from './context.js';
import { keepDriftIssues, trendEntry, type DriftIssueDraft } from './driftIssues.js';
import { evaluateGate, type GateFacts } from '../gate/gate.js';
import { gateFactsOf, gateFactsOfRego } from '../gate/gateFacts.js';
import { listRegoChanges, replayRegoChanges } from './regoChanges.js';
import { obtainEngine } from './regoEngine.js';
import { renderRegoMarkdown } from '../render/regoMarkdown.js';
import { listPolicyChanges, replayPolicyChanges } from './pullRequest.js';
import { replayDrift } from './drift.js';
import { blockerSection, renderedOrFailure, runMarkdownSections } from './runMarkdown.js';
import { blockersOf, shownBlockers } from './policyFailure.js';
import { failStep, logError, logInfo, logWarning, writeJobSummary } from './log.js';
import { postCommentFile } from './postComment.js';
import { splitRowBudget } from '../render/fitSections.js';
import { fitComment, fittedSummary, runLinks } from './fitBody.js';
import { capAnnotations, emitAnnotations } from './annotations.js';
import { writeWitnessFiles } from './witnessFiles.js';
import type { PolicyOutcome } from './runReport.js';
import { MAX_LISTED, boundedList } from '../text/listing.js';
import { impactCommentBlock, impactVerdict, publishImpactStatus } from './impactVerdict.js';
import { runAcceptMode } from './acceptRun.js';
import {
  pullOf,
  runReport,
  setImpactOutputs,
  setOutputs,
  stepIdentity,
  writeCommentFile,
  writeRunReport,
} from './runOutputs.js';

/** Longest single failure a run's final message quotes whole: it holds a path and its cause. */
const MAX_MESSAGE_LENGTH = 2_000;

/** Said whenever the run could not judge what merging produces. */
const MERGE_BASE_NOTE =
  '**Judged: the head commit against the merge base.** The run did not check out a merge commit of this pull request (it may have conflicts), so what merging produces could not be judged: changes the base branch made since the fork are not part of this verdict.';

/** The Action: parse inputs once, run the mode, publish; any error fails the step with its message. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const settings = readSettings(env);
    const context = readRunContext(env);
    const mode = resolveMode(settings.mode, context.eventName);
    const client = createGitHubClient({
      token: settings.githubToken,
      apiUrl: context.apiUrl,
      ...(settings.tokenLogin ? { login: settings.tokenLogin } : {}),
    });
    if (mode === 'drift') await runDriftMode(settings, context, client);
    else if (mode === 'post-comment') await runPostCommentMode(settings, context, client);
    else if (mode === 'accept') await runAcceptMode(settings, context, client);
    else await runPullRequestMode(settings, context, client);
  } catch (error) {
    failStep(`policy-replay: ${(error as Error).message}`);
  }
}

async function obtainOpa(settings: Settings) {
  const opa = await ensureOpa(
    {
      opaPath: settings.opaPath,
      opaVersion: settings.opaVersion,
      opaSha256: settings.opaSha256,
      downloadBaseUrl: settings.opaDownloadUrl,
      platform: process.platform,
      arch: process.arch,
    },
    // Its messages quote paths and what a binary printed: through the one log door, as all others.
    { info: logInfo, warning: (message) => logWarning(message) },
  );
  logInfo(`OPA ${opa.version} at ${opa.path} (${opa.source})`);
  return { path: opa.path, version: opa.version };
}

function annotateErrors(policies: readonly PolicyOutcome[]): void {
  for (const policy of policies) {
    const { shown, more } = shownBlockers(policy.blockers ?? []);
    for (const b of shown) {
      logError(`${policy.path}: ${b.message}`, {
        title: `policy-replay: ${b.rule}`,
        file: b.file,
        startLine: b.line,
        startColumn: b.column,
      });
    }
    if (more > 0)
      logError(
        `${policy.path}: and ${more.toLocaleString('en-US')} more blockers (the run report lists them all)`,
        {
          title: 'policy-replay: more blockers',
        },
      );
    for (const e of policy.errors) {
      logError(`${e.path ? `${e.path}: ` : ''}${e.message}`, {
        title: 'invalid policy',
        file: e.file,
        startLine: e.line,
        startColumn: e.column,
      });
    }
  }
}

async function writeSummary(render: (rows: number) => readonly string[], maxRows: number): Promise<void> {
  await writeJobSummary(fittedSummary(render, maxRows));
}

function finish(verdict: 'pass' | 'fail', failed: { reason: string }[]): void {
  if (verdict !== 'fail') return;
  const count = failed.length > MAX_LISTED ? `${failed.length} gate failures: ` : '';
  failStep(
    `policy-replay: ${count}${boundedList(
      failed.map((f) => f.reason),
      '; ',
      MAX_MESSAGE_LENGTH,
    )}`,
  );
}

async function runPullRequestMode(
  settings: Settings,
  context: RunContext,
  client: GitHubClient,
): Promise<void> {
  const pullNumber = pullRequestNumber(context);
  if (pullNumber === null) throw new Error(`no pull request in the '${context.eventName}' event payload`);
  const listing = await listPolicyChanges({ client, settings, context, pullNumber, log: logInfo });
  const commits = { base: listing.judged.base, head: listing.judged.head, baseTip: listing.baseTipSha };
  const rego = await listRegoChanges(context.workspace, commits, settings, context.tempDir);
  try {
    if (listing.changes.length === 0 && rego.changes.length === 0 && rego.failures.length === 0)
      return await noPolicyChanged(settings, context, client, pullNumber, listing);
    const opa = listing.changes.length > 0 ? await obtainOpa(settings) : null;
    const policies = [
      ...(opa === null
        ? []
        : await replayPolicyChanges(
            { client, settings, context, pullNumber, opa, log: logInfo },
            commits,
            listing.changes,
            listing.touched,
          )),
      ...rego.failures,
      ...(await replayRegoChanges(
        { workspace: context.workspace, settings, log: logInfo, enginePath: engineOf(settings, context) },
        rego,
        listing.touched,
      )),
    ];
    await judgePullRequest({
      settings,
      context,
      client,
      pullNumber,
      listing,
      policies,
      opaVersion: opa?.version ?? null,
    });
  } finally {
    await rego.cleanup();
  }
}

/** The engine, obtained the first time a Rego root needs it. */
function engineOf(settings: Settings, context: RunContext): () => Promise<string> {
  let engine: Promise<string> | null = null;
  return () => (engine ??= obtainEngine(settings, process.env, context.tempDir, logInfo));
}

/** A pull request's run once its policies are replayed. */
interface PullRequestRun {
  settings: Settings;
  context: RunContext;
  client: GitHubClient;
  pullNumber: number;
  listing: Awaited<ReturnType<typeof listPolicyChanges>>;
  policies: PolicyOutcome[];
}

/** The gate, the impact, the run report, the outputs, the status and the comment of a pull request. */
async function judgePullRequest(run: PullRequestRun & { opaVersion: string | null }): Promise<void> {
  const { settings, context, client, pullNumber, listing, policies } = run;
  annotateErrors(policies);
  emitAnnotations(capAnnotations(policies.flatMap((p) => p.annotations ?? [])));
  const gate = evaluateGate(settings.failOn, policies.map(factsOf));
  const pull = pullOf(pullNumber, listing);
  const impactDeps = { client, settings, context, pullNumber, log: logInfo, warn: logWarning };
  const impact = await impactVerdict(impactDeps, policies, gate.verdict, run.opaVersion);
  const file = await writeRunReport(
    context,
    settings,
    runReport(
      context,
      'pull-request',
      { verdict: impact.verdict, failed: gate.failed },
      policies,
      pull,
      impact,
    ),
  );
  setOutputs(file, impact.verdict, policies);
  setImpactOutputs(impact.digest, impact.acceptedBy);
  const witnessDir = join(context.tempDir, 'policy-replay');
  const witnesses = policies.map((p) => p.witnesses);
  core.setOutput(
    'witnesses',
    (await writeWitnessFiles(witnessDir, stepIdentity(context, settings), witnesses)) ?? '',
  );
  // The status is the verdict teams require: set before the comment, whose failure must not hide it.
  await publishImpactStatus(impactDeps, listing.headSha, impact, gate.failed);

  await publishPullRequest({ settings, context, client, pullNumber, listing, policies, gate, impact });
  if (impact.acceptedBy !== null)
    logInfo(`the gate failed, and @${impact.acceptedBy} accepted this impact: passing`);
  finish(impact.verdict, gate.failed);
}

/** The job summary, the comment file and the sticky comment of a pull-request run. */
async function publishPullRequest(
  run: PullRequestRun & {
    gate: ReturnType<typeof evaluateGate>;
    impact: Awaited<ReturnType<typeof impactVerdict>>;
  },
): Promise<void> {
  const { settings, context, client, pullNumber, listing, policies, gate, impact } = run;
  // One row budget: change rows go before any group row, and rows before whole sections.
  const rowBudget = settings.maxGroups + settings.maxChanges;
  const links = {
    ...runLinks(context, listing.judged),
    ...(await driftIssueLinks(client, context, policies)),
  };
  const render = (summary: boolean, flowchart: boolean) => (budget: number) => {
    const rows = splitRowBudget(budget, settings.maxGroups, settings.maxChanges);
    return runMarkdownSections({
      verdict: gate.verdict,
      failed: gate.failed,
      ...(impact.acceptedBy !== null ? { accepted: { by: impact.acceptedBy, digest: impact.digest } } : {}),
      policies,
      redactSubjects: settings.redactSubjects,
      maxRows: rows.second,
      maxGroupRows: rows.first,
      links,
      summary,
      flowchart,
      notes: [
        ...impact.notes,
        ...(listing.judged.against === 'merge-base' ? [MERGE_BASE_NOTE] : []),
        ...(listing.mappingChanged
          ? [
              'This pull request changes `.policy-replay.yml`: samples were located with the base branch version, so a pull request cannot choose the traffic that gates it.',
            ]
          : []),
      ],
    });
  };
  await writeSummary(render(true, true), rowBudget);
  const fitted = fitComment(
    (flowchart) => render(false, flowchart),
    rowBudget,
    settings.maxGroups,
    settings.maxChanges,
    links.run,
  );
  const block = impactCommentBlock(
    impact,
    { pullHead: listing.headSha, judged: listing.judged },
    gate.failed,
  );
  const body = `${fitted.replace(/\n*$/, '')}\n\n${block}\n`;
  await writeCommentFile(context, settings, body);
  if (settings.comment === 'update') await updateComment(client, settings, context, pullNumber, body);
}

/**
 * The open drift issues of the policies whose recorded decisions disagree with the base, for the
 * comment's warning to link (docs/review.md "Warnings"); nothing is looked up otherwise.
 */
async function driftIssueLinks(
  client: GitHubClient,
  context: RunContext,
  policies: readonly PolicyOutcome[],
): Promise<{ driftIssues?: Record<string, string> }> {
  const paths = policies.filter((p) => (p.report?.result?.recorded_mismatch ?? 0) > 0).map((p) => p.path);
  if (paths.length === 0) return {};
  const found = await openDriftIssues(client, { owner: context.owner, repo: context.repo }, paths);
  if (found === null) logInfo('the open drift issues could not be listed: the comment links none');
  return found === null ? {} : { driftIssues: found };
}

/** No policy file changed: a passing report, an empty comment file and a one-line summary. */
async function noPolicyChanged(
  settings: Settings,
  context: RunContext,
  client: GitHubClient,
  pullNumber: number,
  listing: Awaited<ReturnType<typeof listPolicyChanges>>,
): Promise<void> {
  const pull = pullOf(pullNumber, listing);
  const impactDeps = { client, settings, context, pullNumber, log: logInfo, warn: logWarning };
  // A required status must be set on every pull request, or those that change no policy never merge.
  const impact = await impactVerdict(impactDeps, [], 'pass', null);
  const file = await writeRunReport(
    context,
    settings,
    runReport(context, 'pull-request', { verdict: 'pass', failed: [] }, [], pull, impact),
  );
  setOutputs(file, 'pass', []);
  setImpactOutputs(impact.digest, null);
  await publishImpactStatus(impactDeps, listing.headSha, impact, []);
  await writeCommentFile(context, settings, '');
  await writeJobSummary('policy-replay: no policy file changed in this pull request; nothing to replay.\n');
  logInfo('no policy file changed: nothing to replay');
}

async function updateComment(
  client: GitHubClient,
  settings: Settings,
  context: RunContext,
  pullNumber: number,
  body: string,
): Promise<void> {
  const result = await syncStickyComment(client, {
    owner: context.owner,
    repo: context.repo,
    issueNumber: pullNumber,
    body,
    ...(settings.commentId ? { markerId: settings.commentId } : {}),
  });
  if (result.action === 'forbidden') logWarning(`policy-replay could not comment: ${result.warning}`);
  else logInfo(`comment ${result.action} (${result.htmlUrl})`);
}

/** Posts the comment file a pull_request run left (docs/action.md "Fork pull requests"). */
async function runPostCommentMode(
  settings: Settings,
  context: RunContext,
  client: GitHubClient,
): Promise<void> {
  const outcome = await postCommentFile({
    client,
    context,
    commentFile: settings.commentFile ?? '',
    pullRequestFile: settings.pullRequestFile ?? '',
    commentId: settings.commentId,
  });
  switch (outcome.action) {
    case 'empty':
      logInfo('the comment file is empty: the pull request changes no policy, so nothing is posted');
      return;
    case 'stale':
      logWarning(outcome.warning);
      return;
    case 'forbidden':
      // Posting is this mode's whole job: a token that cannot write is a misconfiguration.
      throw new Error(`${outcome.warning} Give this job permissions: pull-requests: write.`);
    default:
      logInfo(`comment ${outcome.action} on pull request #${outcome.pullNumber} (${outcome.htmlUrl})`);
  }
}

/** The gate's facts of one policy: from its replay or drift report, or empty when it has none. */
/** A policy's drift counts: a rule document's drift report, or a Rego root's (its changes are drifts). */
function driftOf(p: PolicyOutcome): { evaluated: number; drift_total: number } | null {
  const rego = p.rego_report?.result;
  if (rego) return { evaluated: rego.evaluated, drift_total: rego.changes_total };
  return p.drift?.result ?? null;
}

function factsOf(p: PolicyOutcome): GateFacts {
  if (p.rego_report)
    return {
      ...gateFactsOfRego(p.rego_report),
      path: p.path,
      noTraffic: p.no_traffic,
      blockers: blockersOf(p),
    };
  const report = p.report ?? p.drift;
  if (report) return gateFactsOf(report, { path: p.path, noTraffic: p.no_traffic, blockers: blockersOf(p) });
  return {
    path: p.path,
    invalid: p.errors.length > 0,
    noTraffic: p.no_traffic,
    deleted: p.status === 'removed',
    evaluated: 0,
    unevaluable: 0,
    changesTotal: 0,
    newlyAllowed: 0,
    newlyDenied: 0,
    malformed: 0,
    fidelityWorst: null,
    blockingGaps: 0,
    blockers: blockersOf(p),
  };
}

async function runDriftMode(settings: Settings, context: RunContext, client: GitHubClient): Promise<void> {
  // Drift is the saved policy's (docs/action.md "Drift"): a dispatch on another branch would put
  // that branch's policies into the default branch's issues, and close theirs.
  const off = offDefaultBranch(context);
  if (off !== null)
    throw new Error(
      `drift reports the default branch's policies, but ${off}: dispatch the workflow on the default branch (a branch's drift: the CLI's drift command)`,
    );
  const opa = await obtainOpa(settings);
  const policies = await replayDrift(context, settings, opa, logInfo, engineOf(settings, context));
  annotateErrors(policies);
  const gate = evaluateGate(settings.failOn, policies.map(factsOf));
  const file = await writeRunReport(context, settings, runReport(context, 'drift', gate, policies));
  setOutputs(file, gate.verdict, policies);
  const heading = [
    `## ${gate.verdict === 'pass' ? '✅' : '❌'} policy-replay drift: ${gate.verdict}`,
    ...(gate.failed.length ? ['', ...gate.failed.map((f) => `- ${escapeMarkdown(f.reason, 400)}`)] : []),
  ].join('\n');
  const rowBudget = settings.maxGroups + settings.maxChanges;
  const runUrl = workflowRunUrl(context);
  const policySections = (policy: PolicyOutcome, budget: number, title = true): string[] => {
    if (policy.blockers?.length) return [blockerSection(policy)];
    const rego = policy.rego_report;
    if (rego)
      return renderedOrFailure(policy, () => [
        renderRegoMarkdown(rego, { title, maxGroupRows: settings.maxGroups }).trimEnd(),
      ]);
    if (!policy.drift) return [`### ${escapeMarkdown(policy.path)}\n\n**No traffic to replay.**`];
    const drift = policy.drift;
    const rows = splitRowBudget(budget, settings.maxGroups, settings.maxChanges);
    return renderedOrFailure(policy, () =>
      driftMarkdownSections(drift, {
        redactSubjects: settings.redactSubjects,
        maxRows: rows.second,
        maxGroupRows: rows.first,
        title,
        runUrl,
      }),
    );
  };
  const renderSummary = (maxRows: number) => [
    heading,
    ...policies.flatMap((p) => policySections(p, maxRows)),
  ];
  const now = new Date();
  const drafts: DriftIssueDraft[] = policies.flatMap((policy) => {
    const drift = driftOf(policy);
    if (drift === null) return [];
    // The issue's title names the policy: its body opens with the count that matters.
    const sections = (rows: number) => policySections(policy, rows, false);
    return [
      {
        path: policy.path,
        driftTotal: drift.drift_total,
        sections,
        rowBudget,
        run: trendEntry(context, { result: drift }, now),
      },
    ];
  });
  // The report, outputs and summary land before any issue is touched, so an issue failure (issues
  // disabled, a read-only token) never hides the drift itself.
  await writeSummary(renderSummary, rowBudget);
  const issueFailures = await keepDriftIssues(client, settings, context, policies, drafts);
  if (issueFailures.length > 0) {
    failStep(
      `policy-replay: could not keep the drift issues (${issueFailures.length}): ${boundedList(issueFailures, '; ', MAX_MESSAGE_LENGTH)}`,
    );
    return;
  }
  finish(gate.verdict, gate.failed);
}
