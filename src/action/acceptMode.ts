import type { GitHubClient, RepoRef } from '../github/client.js';
import { findStickyComment } from '../github/stickyComment.js';
import { parseAcceptCommand } from '../acceptance/command.js';
import { impactBlock, readImpactBlock } from '../acceptance/hiddenBlock.js';
import { shortDigest } from '../acceptance/impactDigest.js';
import {
  judgeAcceptance,
  type AcceptanceRequest,
  type AcceptanceVerdict,
} from '../acceptance/judgeAcceptance.js';
import { acceptedDescription, statusTargetUrl } from '../acceptance/statusText.js';
import { acceptedHeadline } from '../render/headline.js';
import { ownStatuses, setStatus, type StatusTarget } from './commitStatus.js';
import { standingOf } from './acceptorStanding.js';
import { workflowRunUrl, type RunContext } from './context.js';
import type { Settings } from './settings.js';

/**
 * mode: accept (docs/action.md "Accepting an intended change"): run on `issue_comment: created` and
 * `pull_request_review: submitted` with the base repository's code and a write token; it never
 * checks out the pull request. Everything it decides on is read back from the API, not from the
 * event: the comment or review as it is now, the pull request's head and author, the actor's
 * permission, and policy-replay's own status on the head.
 */

export type AcceptModeResult =
  | { outcome: 'ignored'; why: string }
  | { outcome: 'refused'; reason: string; replyUrl: string }
  | { outcome: 'accepted'; by: string; digest: string; warning: string | null };

interface EventRequest {
  pullNumber: number;
  source: 'comment' | 'review';
  id: number;
  body: string;
}

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9_]|-(?=[A-Za-z0-9_])){0,38}(\[bot\])?$/;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The comment or review the event is about, or why it is none of this mode's business. */
export function eventRequest(context: RunContext): EventRequest | { ignored: string } {
  const event = context.event;
  if (context.eventName === 'issue_comment') {
    if (event.action !== 'created')
      return { ignored: `an issue_comment ${String(event.action)} event, not created` };
    const issue = record(event.issue);
    if (issue.pull_request === undefined) return { ignored: 'a comment on an issue, not on a pull request' };
    const comment = record(event.comment);
    if (typeof issue.number !== 'number' || typeof comment.id !== 'number')
      return { ignored: 'the event names no pull request or comment' };
    return { pullNumber: issue.number, source: 'comment', id: comment.id, body: String(comment.body ?? '') };
  }
  if (context.eventName === 'pull_request_review') {
    if (event.action !== 'submitted')
      return { ignored: `a pull_request_review ${String(event.action)} event, not submitted` };
    const pull = record(event.pull_request);
    const review = record(event.review);
    if (typeof pull.number !== 'number' || typeof review.id !== 'number')
      return { ignored: 'the event names no pull request or review' };
    return { pullNumber: pull.number, source: 'review', id: review.id, body: String(review.body ?? '') };
  }
  return {
    ignored: `mode: accept reads issue_comment and pull_request_review events, not ${context.eventName}`,
  };
}

/** The request as the API holds it now: an event may be older than an edit. */
async function currentRequest(
  client: GitHubClient,
  repo: RepoRef,
  event: EventRequest,
): Promise<AcceptanceRequest | null> {
  if (event.source === 'comment') {
    const c = await client.getIssueComment(repo, event.id);
    return {
      source: 'comment',
      body: c.body,
      actor: { login: c.userLogin, type: c.userType },
      edited: c.updatedAt !== c.createdAt,
      reviewState: null,
      createdAt: c.createdAt,
    };
  }
  const review = (await client.listPullReviews(repo, event.pullNumber)).find((r) => r.id === event.id);
  if (review === undefined) return null;
  return {
    source: 'review',
    body: review.body,
    actor: { login: review.userLogin, type: review.userType },
    edited: review.body !== event.body,
    reviewState: review.state,
    commitId: review.commitId,
  };
}

export async function runAccept(deps: {
  client: GitHubClient;
  settings: Settings;
  context: RunContext;
  log: (m: string) => void;
}): Promise<AcceptModeResult> {
  const { client, context } = deps;
  const repo = { owner: context.owner, repo: context.repo };
  const event = eventRequest(context);
  if ('ignored' in event) return { outcome: 'ignored', why: event.ignored };
  // Most comments are conversation: they cost no API call and get no reply.
  if (parseAcceptCommand(event.body).kind === 'none')
    return { outcome: 'ignored', why: 'the first line is not a /policy-replay command' };
  const request = await currentRequest(client, repo, event);
  if (request === null) return refuse(deps, repo, event.pullNumber, 'the review is gone.');
  if (!LOGIN.test(request.actor.login))
    return refuse(
      deps,
      repo,
      event.pullNumber,
      'the account that sent it has no login policy-replay recognises.',
    );
  const { verdict, headSha } = await judged(deps, repo, event.pullNumber, request);
  if (verdict.outcome === 'ignore')
    return { outcome: 'ignored', why: 'the first line is not a /policy-replay command' };
  if (verdict.outcome === 'refuse') return refuse(deps, repo, event.pullNumber, verdict.reason);
  return accept(deps, repo, { pullNumber: event.pullNumber, headSha }, request.actor.login, verdict.digest);
}

async function judged(
  deps: { client: GitHubClient; settings: Settings; log: (m: string) => void },
  repo: RepoRef,
  pullNumber: number,
  request: AcceptanceRequest,
): Promise<{ verdict: AcceptanceVerdict; headSha: string }> {
  const { client, settings } = deps;
  const pull = await client.getPullRequest(repo, pullNumber);
  const headSha = pull.headSha;
  const standing = await standingOf(client, repo, settings, request.actor.login);
  for (const problem of standing.problems) deps.log(problem);
  const target: StatusTarget = { client, repo, context: settings.statusContext };
  const newest = (await ownStatuses(target, headSha))[0];
  if (newest === null)
    return {
      verdict: {
        outcome: 'refuse',
        reason: `the newest policy-replay status on the head ${headSha.slice(0, 12)} is not one this version can read: re-run the pull request's workflow, then accept its impact.`,
      },
      headSha,
    };
  const status = newest ?? null;
  const command = parseAcceptCommand(request.body);
  const ambiguousPrefix =
    status !== null && command.kind === 'accept' && command.prefix.length < 64
      ? await prefixShared(target, pullNumber, command.prefix, status.digest)
      : false;
  const sticky = await findStickyComment(client, {
    ...repo,
    issueNumber: pullNumber,
    ...(settings.commentId ? { markerId: settings.commentId } : {}),
  });
  const verdict = judgeAcceptance(request, {
    pullAuthor: pull.authorLogin,
    headSha,
    status,
    permission: standing.permission,
    required: settings.acceptPermission,
    listed: standing.listed,
    reportedHead: sticky ? (readImpactBlock(sticky.body)?.head ?? null) : null,
    statusCreatedAt: status?.createdAt ?? null,
    ambiguousPrefix,
  });
  return { verdict, headSha };
}

/** Commits whose statuses are compared for a shared prefix, newest first. */
const MAX_COMMITS_COMPARED = 100;

/** Another impact policy-replay reported on this pull request starts with the same digits. */
async function prefixShared(
  target: StatusTarget,
  pullNumber: number,
  prefix: string,
  digest: string,
): Promise<boolean> {
  const commits = (await target.client.listPullCommits(target.repo, pullNumber)).reverse();
  for (const sha of commits.slice(0, MAX_COMMITS_COMPARED)) {
    const statuses = await ownStatuses(target, sha);
    if (statuses.some((s) => s !== null && s.digest !== digest && s.digest.startsWith(prefix))) return true;
  }
  return false;
}

async function refuse(
  deps: { client: GitHubClient; log: (m: string) => void },
  repo: RepoRef,
  pullNumber: number,
  reason: string,
): Promise<AcceptModeResult> {
  deps.log(`not accepted: ${reason}`);
  const reply = await deps.client.createIssueComment(
    repo,
    pullNumber,
    `**policy-replay did not accept this impact**: ${reason}\n\nNothing changed: the check keeps its verdict.`,
  );
  return { outcome: 'refused', reason, replyUrl: reply.htmlUrl };
}

async function accept(
  deps: { client: GitHubClient; settings: Settings; context: RunContext; log: (m: string) => void },
  repo: RepoRef,
  judgedPull: { pullNumber: number; headSha: string },
  by: string,
  digest: string,
): Promise<AcceptModeResult> {
  const { client, settings, context } = deps;
  const { pullNumber, headSha } = judgedPull;
  // The status goes on the commit that was judged, never on a head pushed in the meantime.
  const now = (await client.getPullRequest(repo, pullNumber)).headSha;
  if (now !== headSha)
    return refuse(
      deps,
      repo,
      pullNumber,
      `the head moved to ${now.slice(0, 12)} while the acceptance was checked: wait for its report, then accept its impact.`,
    );
  const runUrl = workflowRunUrl(context) ?? `${context.serverUrl}/${repo.owner}/${repo.repo}`;
  const target: StatusTarget = { client, repo, context: settings.statusContext };
  const warning = await setStatus(target, headSha, {
    state: 'success',
    description: acceptedDescription(digest, by),
    targetUrl: statusTargetUrl(runUrl, digest),
  });
  if (warning !== null) throw new Error(`${warning}. Give this job permissions: statuses: write.`);
  const sticky = await findStickyComment(client, {
    ...repo,
    issueNumber: pullNumber,
    ...(settings.commentId ? { markerId: settings.commentId } : {}),
  });
  if (sticky === null) {
    deps.log('accepted; the pull request has no policy-replay comment whose headline could say so');
    return { outcome: 'accepted', by, digest, warning: null };
  }
  await client.updateIssueComment(repo, sticky.id, withAcceptedHeadline(sticky.body, by, digest));
  return { outcome: 'accepted', by, digest, warning: null };
}

/** The comment with its headline and hidden block saying who accepted which impact. */
export function withAcceptedHeadline(body: string, by: string, digest: string): string {
  const lines = body.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((line) => line.startsWith('## '));
  if (at >= 0 && !lines[at]!.startsWith('## ✅ accepted by'))
    lines[at] = `## ${acceptedHeadline(lines[at]!.slice(3), by, shortDigest(digest))}`;
  const block = readImpactBlock(body);
  // The block read is the last one (readImpactBlock), so that is the one rewritten.
  let blockAt = -1;
  lines.forEach((line, i) => {
    if (line.startsWith('<!-- policy-replay:impact ')) blockAt = i;
  });
  if (block !== null && blockAt >= 0) lines[blockAt] = impactBlock({ ...block, accepted_by: by });
  return lines.join('\n');
}
