/**
 * What a run leaves behind besides the comment (docs/action.md "Outputs"): the run report file,
 * the comment file, the step outputs, each named by its step so two steps never share one.
 */
import * as core from '@actions/core';
import { join } from 'node:path';
import { reportToJson } from '../replay/report/report.js';
import { humanText } from '../text/bidi.js';
import { TOOL_VERSION } from '../version.js';
import type { RunContext } from './context.js';
import type { JudgedCommits } from './judgedCommits.js';
import type { listPolicyChanges } from './pullRequest.js';
import { runTotals, type PolicyOutcome, type RunReport } from './runReport.js';
import type { Settings } from './settings.js';
import { createStepFile, type StepIdentity } from './stepFiles.js';
import { impactOfReport } from './impactVerdict.js';
import { toRegoDriftReport } from '../regoReplay/regoDriftReport.js';

export function stepIdentity(context: RunContext, settings: Settings): StepIdentity {
  return {
    runId: context.runId,
    runAttempt: context.runAttempt,
    step: context.step,
    commentId: settings.commentId,
  };
}

export async function writeRunReport(
  context: RunContext,
  settings: Settings,
  report: RunReport,
): Promise<string> {
  const dir = join(context.tempDir, 'policy-replay');
  return createStepFile(dir, 'report', '.json', stepIdentity(context, settings), reportToJson(report));
}

/**
 * The comment body as this run would post it (without the hidden marker, which the poster adds),
 * written whether or not `comment: off`: the fork recipe uploads it for mode: post-comment. Empty
 * when the pull request changes no policy, as no comment is posted then either.
 */
export async function writeCommentFile(
  context: RunContext,
  settings: Settings,
  body: string,
): Promise<string> {
  const dir = join(context.tempDir, 'policy-replay');
  // What a later job posts as the comment: the same human text the comment would carry.
  const file = await createStepFile(dir, 'comment', '.md', stepIdentity(context, settings), humanText(body));
  core.setOutput('comment-file', file);
  return file;
}

export function setOutputs(file: string, verdict: 'pass' | 'fail', policies: readonly PolicyOutcome[]): void {
  const totals = runTotals(policies);
  core.setOutput('report', file);
  core.setOutput('verdict', verdict);
  core.setOutput('evaluated', totals.evaluated);
  core.setOutput('allowed', totals.allowed);
  core.setOutput('denied', totals.denied);
  core.setOutput('unevaluable', totals.unevaluable);
  core.setOutput('changes-total', totals.changesTotal);
  core.setOutput('newly-allowed', totals.newlyAllowed);
  core.setOutput('fidelity', totals.worstFidelity ?? '');
}

export function setImpactOutputs(digest: string, acceptedBy: string | null): void {
  core.setOutput('impact-digest', digest);
  core.setOutput('accepted-by', acceptedBy ?? '');
}

export function runReport(
  context: RunContext,
  mode: RunReport['mode'],
  gate: { verdict: 'pass' | 'fail'; failed: RunReport['failed'] },
  policies: readonly PolicyOutcome[],
  pull?: { number: number; baseSha: string; headSha: string; judged: JudgedCommits },
  impact?: Parameters<typeof impactOfReport>[0],
): RunReport {
  return {
    tool: 'policy-replay',
    version: TOOL_VERSION,
    mode,
    repository: `${context.owner}/${context.repo}`,
    pull_request: pull?.number ?? null,
    base_sha: pull?.baseSha ?? null,
    head_sha: pull?.headSha ?? context.sha,
    judged: pull
      ? { against: pull.judged.against, base_sha: pull.judged.base, head_sha: pull.judged.head }
      : null,
    verdict: gate.verdict,
    failed: gate.failed,
    impact: impact ? impactOfReport(impact) : null,
    policies: policies.map(
      ({ rego_diff: _diff, annotations: _annotations, impact: _impact, witnesses: _witnesses, ...rest }) =>
        rest.rego_report?.meta.status === 'drift'
          ? { ...rest, rego_report: toRegoDriftReport(rest.rego_report) }
          : rest,
    ),
  };
}

/** The pull request and the commits the run judged, as the run report names them. */
export function pullOf(pullNumber: number, listing: Awaited<ReturnType<typeof listPolicyChanges>>) {
  return {
    number: pullNumber,
    baseSha: listing.baseSha,
    headSha: listing.headSha,
    judged: listing.judged,
  };
}
