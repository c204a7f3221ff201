import type { GitHubClient, RepoRef } from '../github/client.js';
import { commitParents, ensureCommits, isShallowRepository, mergeBase } from '../git/repository.js';

/**
 * The two commits a pull request's policies are judged between. The gate judges what merging
 * produces: the merge commit the run checked out (GITHUB_SHA, `refs/pull/N/merge`) against the
 * base tip it was made on, its first parent. Without one (a conflicted pull request, a workflow
 * that checked out something else), the head commit is judged against the merge base, which is
 * what the pull request itself changes, and the run says so.
 */
export interface JudgedCommits {
  against: 'base-tip' | 'merge-base';
  base: string;
  head: string;
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * The merge commit's pair when `checkout` (with its parents) merges the pull request's head into
 * something, else null. GitHub makes the merge with the base tip first and the head second.
 */
export function mergeCommitPair(
  checkout: { sha: string; parents: readonly string[] } | null,
  pullHeadSha: string,
): JudgedCommits | null {
  if (checkout === null || checkout.parents.length !== 2) return null;
  const [baseTip, head] = checkout.parents;
  if (head?.toLowerCase() !== pullHeadSha.toLowerCase() || baseTip === undefined) return null;
  return { against: 'base-tip', base: baseTip, head: checkout.sha };
}

/**
 * The pull request was pushed again after the event that started this run: the workspace holds
 * the merge of the old head, the API already names the new one. The run judges nothing; the newer
 * push has its own run (docs/security.md "What a pull request is judged on").
 */
export class StaleRunError extends Error {
  override readonly name = 'StaleRunError';
  constructor(
    readonly eventHeadSha: string,
    readonly currentHeadSha: string,
  ) {
    super(
      `this run was started for the pull request's head ${eventHeadSha}, but its head is now ${currentHeadSha}: ` +
        'it was pushed again since, and the newer push has its own run. Nothing was judged; re-run the newest ' +
        'run of this pull request instead of this one.',
    );
  }
}

/** The event payload's `pull_request.base.sha` and `head.sha`, when they are commit ids. */
export function eventPullShas(event: Record<string, unknown>): {
  baseSha: string | null;
  headSha: string | null;
} {
  const pr = event.pull_request as { base?: { sha?: unknown }; head?: { sha?: unknown } } | undefined;
  const sha = (value: unknown) => (typeof value === 'string' && SHA.test(value) ? value.toLowerCase() : null);
  return { baseSha: sha(pr?.base?.sha), headSha: sha(pr?.head?.sha) };
}

/**
 * Whether `firstParent` can be the base side of the pull request's merge: the event's base commit
 * itself, or a commit that descends from the merge base of the event's base and the head (the base
 * branch moved on since). When the local history cannot tell (a shallow checkout), it is accepted.
 */
async function plausibleBaseTip(
  workspace: string,
  firstParent: string,
  eventBaseSha: string | null,
  headSha: string,
): Promise<boolean> {
  if (eventBaseSha === null || firstParent.toLowerCase() === eventBaseSha) return true;
  await ensureCommits(workspace, [eventBaseSha, headSha]);
  const fork = await mergeBase(workspace, eventBaseSha, headSha);
  if (fork === null) return true;
  const common = await mergeBase(workspace, fork, firstParent);
  if (common !== null && common.toLowerCase() === fork.toLowerCase()) return true;
  // Not a descendant, or no common history: decisive only when the history is all there.
  return isShallowRepository(workspace);
}

export async function judgedCommits(options: {
  client: GitHubClient;
  repo: RepoRef;
  workspace: string;
  /** GITHUB_SHA, the commit the run checked out; null when the runner did not say. */
  checkoutSha: string | null;
  /** The pull request's base and head as the API reports them now. */
  pull: { baseSha: string; headSha: string };
  /** The base and head the event that started the run names (null: not a pull request event). */
  event?: { baseSha: string | null; headSha: string | null };
}): Promise<JudgedCommits> {
  const { workspace, checkoutSha, pull } = options;
  const eventHead = options.event?.headSha ?? null;
  // The head this run was triggered for is the event's: a newer head belongs to a newer run.
  if (eventHead !== null && eventHead !== pull.headSha.toLowerCase())
    throw new StaleRunError(eventHead, pull.headSha);
  const headSha = pull.headSha;
  if (checkoutSha !== null && SHA.test(checkoutSha)) {
    await ensureCommits(workspace, [checkoutSha]);
    const pair = mergeCommitPair(
      { sha: checkoutSha, parents: await commitParents(workspace, checkoutSha) },
      headSha,
    );
    if (pair !== null) {
      await ensureCommits(workspace, [pair.base]);
      if (await plausibleBaseTip(workspace, pair.base, options.event?.baseSha ?? null, headSha)) return pair;
    }
  }
  await ensureCommits(workspace, [pull.baseSha, headSha]);
  // A shallow checkout cannot find the merge base locally: GitHub can.
  let base = await mergeBase(workspace, pull.baseSha, headSha);
  if (base === null) {
    base = await options.client.getMergeBase(options.repo, pull.baseSha, headSha);
    await ensureCommits(workspace, [base]);
  }
  return { against: 'merge-base', base, head: headSha };
}
