import type { GitHubClient, RepoRef } from '../github/client.js';
import { commitParents, ensureCommits, mergeBase } from '../git/repository.js';

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

export async function judgedCommits(options: {
  client: GitHubClient;
  repo: RepoRef;
  workspace: string;
  /** GITHUB_SHA, the commit the run checked out; null when the runner did not say. */
  checkoutSha: string | null;
  pull: { baseSha: string; headSha: string };
}): Promise<JudgedCommits> {
  const { workspace, checkoutSha, pull } = options;
  if (checkoutSha !== null && SHA.test(checkoutSha)) {
    await ensureCommits(workspace, [checkoutSha]);
    const pair = mergeCommitPair(
      { sha: checkoutSha, parents: await commitParents(workspace, checkoutSha) },
      pull.headSha,
    );
    if (pair !== null) {
      await ensureCommits(workspace, [pair.base]);
      return pair;
    }
  }
  await ensureCommits(workspace, [pull.baseSha, pull.headSha]);
  // A shallow checkout cannot find the merge base locally: GitHub can.
  let base = await mergeBase(workspace, pull.baseSha, pull.headSha);
  if (base === null) {
    base = await options.client.getMergeBase(options.repo, pull.baseSha, pull.headSha);
    await ensureCommits(workspace, [base]);
  }
  return { against: 'merge-base', base, head: pull.headSha };
}
