import type { GitHubClient } from '../github/client.js';
import { closeOrphanedDriftIssues, syncDriftIssue } from '../github/driftIssue.js';
import { MAX_COMMENT_LENGTH } from '../github/stickyComment.js';
import { driftResolvedComment } from '../render/driftMarkdown.js';
import { parseDriftTrend, driftTrendMarkdown, withLatestRun, type DriftRun } from '../render/driftTrend.js';
import { fitWithFewerRows, utf16Length } from '../render/fitSections.js';
import { policyMatcher } from './inputPaths.js';
import type { Settings } from './settings.js';
import { workflowRunUrl, type RunContext } from './context.js';
import { logInfo, logWarning } from './log.js';
import type { PolicyOutcome } from './runReport.js';

/** Room for the hidden marker and a little slack under GitHub's limit (counted as main.ts does). */
const ISSUE_LIMIT = MAX_COMMENT_LENGTH - 200;

/** One policy's drift issue: its rendered sections (by row budget) and this run's totals. */
export interface DriftIssueDraft {
  path: string;
  driftTotal: number;
  /** The report's sections for a row budget, the issue's first line first. */
  sections: (rows: number) => string[];
  rowBudget: number;
  /** This run's entry of the trend; null off a runner (no run id). */
  run: DriftRun | null;
}

/** This run's totals for the trend, or null when the runner gave no run id. */
export function trendEntry(
  context: RunContext,
  drift: { result: { evaluated: number; drift_total: number } | null },
  now: Date,
): DriftRun | null {
  const r = drift.result;
  if (r === null || context.runId === null || !/^[0-9]{1,20}$/.test(context.runId)) return null;
  return {
    run: context.runId,
    at: `${now.toISOString().slice(0, 19)}Z`,
    records: r.evaluated,
    drifted: r.drift_total,
  };
}

/**
 * The issue body given the body it replaces: the report fitted to the limit with the trend (the
 * earlier runs read back from that body, this run last) kept whole at its end.
 */
export function driftIssueBody(
  draft: DriftIssueDraft,
  context: RunContext,
  previousBody: string | null,
): string {
  const earlier = parseDriftTrend(previousBody);
  const runs = draft.run === null ? earlier : withLatestRun(earlier, draft.run);
  const trend = runs.length === 0 ? '' : driftTrendMarkdown(runs, (id) => workflowRunUrl(context, id));
  const fitted = fitWithFewerRows(
    draft.sections,
    draft.rowBudget,
    ISSUE_LIMIT - utf16Length(trend) - 2,
    utf16Length,
    (omitted) => `_${omitted} more section(s): see the job summary._`,
  ).body;
  return trend === '' ? fitted : `${fitted}\n${trend}\n`;
}

/** GitHub caps issue titles at 256 characters, and a title is one line. */
export function driftIssueTitle(path: string): string {
  const title = `Policy drift: ${path.replace(/[\r\n\u2028\u2029]/g, ' ')}`;
  return [...title].length <= 256 ? title : `${[...title].slice(0, 255).join('')}…`;
}

/** Each policy's drift issue, then the sweep of deleted policies' issues; the failures, worded. */
export async function keepDriftIssues(
  client: GitHubClient,
  settings: Settings,
  context: RunContext,
  policies: PolicyOutcome[],
  drafts: DriftIssueDraft[],
): Promise<string[]> {
  const issueFailures: string[] = [];
  for (const draft of drafts) {
    try {
      const issue = await syncDriftIssue(client, {
        owner: context.owner,
        repo: context.repo,
        policyPath: draft.path,
        title: driftIssueTitle(draft.path),
        body: (previous) => driftIssueBody(draft, context, previous),
        driftTotal: draft.driftTotal,
        closeComment: driftResolvedComment(draft.path),
      });
      for (const w of issue.warnings) logWarning(w);
      logInfo(
        `${draft.path}: drift issue ${issue.action}${issue.issueNumber ? ` #${issue.issueNumber}` : ''}`,
      );
    } catch (error) {
      issueFailures.push(`${draft.path}: ${(error as Error).message}`);
    }
  }
  // Only when issues can be written at all: after a failure above, the sweep would fail the same way.
  if (issueFailures.length === 0) {
    try {
      const closed = await closeOrphanedDriftIssues(client, {
        owner: context.owner,
        repo: context.repo,
        livePolicyPaths: policies.map((p) => p.path),
        replays: policyMatcher(settings.policies),
      });
      for (const number of closed) logInfo(`closed drift issue #${number}: its policy no longer exists`);
    } catch (error) {
      issueFailures.push(`closing the issues of deleted policies: ${(error as Error).message}`);
    }
  }
  return issueFailures;
}
