import type { GitHubClient, RepoRef } from '../github/client.js';
import { parseAcceptCommand } from '../acceptance/command.js';
import { readImpactBlock } from '../acceptance/hiddenBlock.js';
import { screenRequest, type AcceptanceRequest } from '../acceptance/judgeAcceptance.js';
import { isBot, mayAccept, sameLogin } from '../acceptance/permission.js';
import type { OwnStatus } from '../acceptance/statusText.js';
import { ownStatuses, type StatusTarget } from './commitStatus.js';
import { standingOf } from './acceptorStanding.js';
import type { Settings } from './settings.js';

/**
 * Whether a failing impact was already accepted (docs/review.md "Accepting an intended change"):
 * policy-replay's own latest acceptance status on the pull request's commits (newest first), for
 * this very digest, backed by its acceptance comment or approving review, unedited, whose author
 * still may accept. A newer acceptance of another digest is reported as voided.
 */

/** Commits looked at, newest first: a pull request with more pushes than this is re-accepted. */
export const MAX_COMMITS_SEARCHED = 100;

export type KeptAcceptance =
  | { kind: 'accepted'; by: string }
  | { kind: 'voided'; by: string; digest: string }
  | { kind: 'none'; note: string | null };

export async function keptAcceptance(
  deps: {
    client: GitHubClient;
    repo: RepoRef;
    settings: Settings;
    pullNumber: number;
    log: (m: string) => void;
  },
  digest: string,
): Promise<KeptAcceptance> {
  const { client, repo, pullNumber } = deps;
  const { requests, reportedHeads } = await acceptanceRequests(client, repo, pullNumber);
  if (requests.length === 0) return { kind: 'none', note: null };
  const pull = await client.getPullRequest(repo, pullNumber);
  const target: StatusTarget = { client, repo, context: deps.settings.statusContext };
  // The heads policy-replay's comments last reported on first: a force-push drops them from the
  // commit list. Where to look only: what is found there is checked like any status.
  const commits = (await client.listPullCommits(repo, pullNumber)).reverse();
  const shas = [...new Set([...reportedHeads, ...commits])];
  const latest = await latestAcceptedStatus(target, shas);
  if (latest === null) return { kind: 'none', note: null };
  if (latest.digest !== digest) return { kind: 'voided', by: latest.acceptedBy!, digest: latest.digest };
  const by = latest.acceptedBy!;
  const backing = requests.find((r) => {
    if (!sameLogin(r.request.actor.login, by) || !digest.startsWith(r.prefix)) return false;
    // A review's body carries no edit time: its commit, where the acceptance was set, binds it.
    if (r.request.source === 'review' && r.request.commitId !== latest.sha) return false;
    return screenRequest(r.request, pull.authorLogin).outcome === 'screened';
  });
  if (backing === undefined)
    return {
      kind: 'none',
      note: `@${by} accepted this impact, but that acceptance's comment or review was edited or removed since: it no longer counts.`,
    };
  const standing = await standingOf(client, repo, deps.settings, by);
  for (const problem of standing.problems) deps.log(problem);
  const botUnlisted = isBot(by, backing.request.actor.type) && !standing.listed;
  if (botUnlisted || !mayAccept(standing, deps.settings.acceptPermission))
    return {
      kind: 'none',
      note: `@${by} accepted this impact but may no longer accept: it no longer counts.`,
    };
  return { kind: 'accepted', by };
}

interface CommandRequest {
  request: AcceptanceRequest;
  prefix: string;
}

async function acceptanceRequests(
  client: GitHubClient,
  repo: RepoRef,
  pullNumber: number,
): Promise<{ requests: CommandRequest[]; reportedHeads: string[] }> {
  const comments = await client.listIssueComments(repo, pullNumber);
  const { login } = await client.getTokenLogin();
  const reportedHeads = comments
    .filter((c) => sameLogin(c.userLogin, login))
    .map((c) => readImpactBlock(c.body)?.head)
    .filter((head): head is string => typeof head === 'string' && /^[0-9a-f]{40,64}$/.test(head));
  const reviews = await client.listPullReviews(repo, pullNumber);
  const requests: AcceptanceRequest[] = [
    ...comments.map((c) => ({
      source: 'comment' as const,
      body: c.body,
      actor: { login: c.userLogin, type: c.userType },
      edited: c.updatedAt !== c.createdAt,
      reviewState: null,
    })),
    ...reviews.map((r) => ({
      source: 'review' as const,
      body: r.body,
      actor: { login: r.userLogin, type: r.userType },
      edited: false,
      reviewState: r.state,
      commitId: r.commitId,
    })),
  ];
  const commands = requests.flatMap((request) => {
    const command = parseAcceptCommand(request.body);
    return command.kind === 'accept' ? [{ request, prefix: command.prefix }] : [];
  });
  return { requests: commands, reportedHeads };
}

async function latestAcceptedStatus(
  target: StatusTarget,
  newestFirst: readonly string[],
): Promise<(OwnStatus & { sha: string }) | null> {
  for (const sha of newestFirst.slice(0, MAX_COMMITS_SEARCHED)) {
    const accepted = (await ownStatuses(target, sha)).find((s) => s !== null && s.acceptedBy !== null);
    if (accepted) return { ...accepted, sha };
  }
  return null;
}
