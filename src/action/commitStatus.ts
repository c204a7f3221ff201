import type { GitHubClient, RepoRef, StatusState } from '../github/client.js';
import { GitHubApiError } from '../github/client.js';
import { readOwnStatus, type OwnStatus } from '../acceptance/statusText.js';

/**
 * policy-replay's commit statuses (docs/review.md "The commit status"). Reading keeps only the
 * statuses this token's own identity created under the configured context: anyone with write
 * access can post a status with any context and description, but not as another creator.
 */

export interface StatusTarget {
  client: GitHubClient;
  repo: RepoRef;
  context: string;
}

/**
 * policy-replay's own statuses on `sha`, newest first, each as this version reads it (null: one it
 * cannot read, which is never skipped over to reach an older one).
 */
export async function ownStatuses(target: StatusTarget, sha: string): Promise<(OwnStatus | null)[]> {
  const { login } = await target.client.getTokenLogin();
  const all = await target.client.listCommitStatuses(target.repo, sha);
  return all
    .filter((s) => s.context === target.context && s.creatorLogin?.toLowerCase() === login.toLowerCase())
    .map((s) => readOwnStatus(s));
}

/**
 * Sets the status; a token that may not (a fork's read-only token, no `statuses: write`) is a
 * warning returned, not a failure: the required check then stays unset, which blocks a merge.
 */
export async function setStatus(
  target: StatusTarget,
  sha: string,
  status: { state: StatusState; description: string; targetUrl: string },
): Promise<string | null> {
  try {
    await target.client.createCommitStatus(target.repo, sha, { ...status, context: target.context });
    return null;
  } catch (error) {
    if (error instanceof GitHubApiError && [403, 404].includes(error.status) && !error.rateLimited)
      return `could not set the commit status ${target.context} on ${sha} (${error.status}: ${error.message}); the token needs statuses: write, which a fork's pull request never has`;
    throw error;
  }
}
