/**
 * The one door to the GitHub REST API. Everything else in policy-replay talks to GitHub through
 * the narrow `GitHubClient` interface below, never through a raw Octokit: that keeps retries,
 * pagination, error typing and the response shapes in one place, and lets tests run the whole
 * stack against the fake API in `__tests__/support/fakeGithub.ts`.
 *
 * Built on `@actions/github`'s `getOctokit` (proxy-aware fetch, `Authorization` header, user
 * agent, and Octokit's REST pagination, which the listings use). `getOctokit` adds no retry or
 * throttling plugin, and this project installs neither: retries are one request hook of our own
 * (`classifyFailure`), so a single policy covers 5xx answers, 429, primary and secondary rate
 * limits (honouring `retry-after` and `x-ratelimit-reset`) and transport failures, with waits a
 * test can shrink through `retryDelayScale` (docs/github.md).
 *
 * The same hook refuses any request to an origin other than the configured API's: Octokit's
 * pagination follows the `Link: rel="next"` URL a response names, and the token must never be
 * sent to a host a response chose (README "Security model").
 */
import { accessApi } from './access.js';
import { commentsApi } from './comments.js';
import { issuesApi } from './issues.js';
import { tokenLoginOf } from './login.js';
import { apiBaseOf } from './origin.js';
import { pullsApi } from './pulls.js';
import { statusesApi } from './statuses.js';
import { createRequestCore } from './requestCore.js';
import type { GitHubClient, GitHubClientOptions } from './types.js';

export type {
  ApiPullFile,
  CollaboratorPermission,
  CommitStatus,
  GitHubClient,
  GitHubClientOptions,
  Issue,
  IssueComment,
  IssueUpdate,
  Label,
  PullFileStatus,
  PullRequestInfo,
  PullReview,
  StatusState,
  RepoRef,
  RetryNotice,
  TokenLogin,
} from './types.js';
export { GitHubApiError, GitHubOriginError, GitHubResponseError } from './errors.js';
export { classifyFailure } from './retry.js';
export { DEFAULT_FALLBACK_LOGIN } from './login.js';

const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_MAX_RETRY_WAIT_MS = 120_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  if (!options.token)
    throw new Error('github-token is empty: the GitHub API cannot be called without a token');
  const { apiUrl, apiOrigin } = apiBaseOf(options.apiUrl);
  const core = createRequestCore({
    token: options.token,
    apiUrl,
    apiOrigin,
    userAgent: options.userAgent,
    warn: options.onWarning ?? (() => undefined),
    maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    scale: options.retryDelayScale ?? 1,
    maxWait: options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS,
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    onRetry: options.onRetry,
  });
  return {
    apiUrl,
    getTokenLogin: tokenLoginOf(core, options),
    ...pullsApi(core),
    ...commentsApi(core),
    ...issuesApi(core),
    ...statusesApi(core),
    ...accessApi(core),
  };
}
