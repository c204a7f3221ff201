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
import { boundedList } from '../text/listing.js';
import { getOctokit } from '@actions/github';
import { z } from 'zod';
import type { FileChangeStatus } from '../git/repository.js';
import { humanText } from '../text/bidi.js';

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface PullRequestInfo {
  number: number;
  changedFiles: number;
  baseSha: string;
  headSha: string;
  baseRef: string;
  headRef: string;
  /** The head repository differs from the base one (a fork): the token is read-only there. */
  fromFork: boolean;
}

export type PullFileStatus = FileChangeStatus;

export interface ApiPullFile {
  filename: string;
  status: PullFileStatus;
  previous_filename?: string;
}

export interface IssueComment {
  id: number;
  body: string;
  userLogin: string;
  createdAt: string;
  htmlUrl: string;
}

export interface Issue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: string[];
  userLogin: string;
  createdAt: string;
  htmlUrl: string;
}

export interface IssueUpdate {
  title?: string;
  body?: string;
  state?: 'open' | 'closed';
  state_reason?: 'completed' | 'not_planned' | 'reopened';
}

/**
 * Every title and body this client writes is text people read on GitHub: no bidi control in it
 * (src/text/bidi.ts), whichever caller built it.
 */
function humanUpdate(update: IssueUpdate): IssueUpdate {
  const out = { ...update };
  if (out.title !== undefined) out.title = humanText(out.title);
  if (out.body !== undefined) out.body = humanText(out.body);
  return out;
}

export interface Label {
  name: string;
  color: string;
  description: string | null;
}

/** How the client learnt whose token it holds (see `docs/github.md`). */
export interface TokenLogin {
  login: string;
  /**
   * `configured`: given in the options; `api`: GET /user answered; `fallback`: GET /user refused
   * (installation tokens such as GITHUB_TOKEN) and the fallback login is assumed.
   */
  source: 'configured' | 'api' | 'fallback';
}

export interface GitHubClient {
  readonly apiUrl: string;
  /** Cached after the first call. */
  getTokenLogin(): Promise<TokenLogin>;
  getPullRequest(repo: RepoRef, pullNumber: number): Promise<PullRequestInfo>;
  /** Every page of `GET /repos/{o}/{r}/pulls/{n}/files` (the API itself stops at 3000 files). */
  listPullRequestFiles(repo: RepoRef, pullNumber: number): Promise<ApiPullFile[]>;
  /** The merge base of two commits, from `GET /repos/{o}/{r}/compare/{base}...{head}`. */
  getMergeBase(repo: RepoRef, base: string, head: string): Promise<string>;
  listIssueComments(repo: RepoRef, issueNumber: number): Promise<IssueComment[]>;
  createIssueComment(repo: RepoRef, issueNumber: number, body: string): Promise<IssueComment>;
  updateIssueComment(repo: RepoRef, commentId: number, body: string): Promise<IssueComment>;
  deleteIssueComment(repo: RepoRef, commentId: number): Promise<void>;
  /** Issues only: pull requests, which the issues API also returns, are dropped. */
  listIssues(
    repo: RepoRef,
    filter: { labels?: string[]; state: 'open' | 'closed' | 'all' },
  ): Promise<Issue[]>;
  createIssue(repo: RepoRef, issue: { title: string; body: string; labels?: string[] }): Promise<Issue>;
  updateIssue(repo: RepoRef, issueNumber: number, update: IssueUpdate): Promise<Issue>;
  addLabels(repo: RepoRef, issueNumber: number, labels: string[]): Promise<void>;
  /** null when the label does not exist. */
  getLabel(repo: RepoRef, name: string): Promise<Label | null>;
  createLabel(repo: RepoRef, label: Label): Promise<Label>;
}

/** A request GitHub answered with an error status (after retries), or that never got an answer. */
export class GitHubApiError extends Error {
  override readonly name = 'GitHubApiError';
  readonly kind = 'github-api' as const;
  constructor(
    /** HTTP status; 0 when no response arrived (network failure, timeout). */
    readonly status: number,
    readonly method: string,
    readonly url: string,
    message: string,
    /** The last answer was a rate limit (primary or secondary) that retries could not outlast. */
    readonly rateLimited = false,
    readonly attempts = 1,
  ) {
    super(message);
  }
}

/**
 * A request the client refused to send because its URL is not on the configured API's origin
 * (a `Link` header pointing elsewhere): the token stays home.
 */
export class GitHubOriginError extends Error {
  override readonly name = 'GitHubOriginError';
  readonly kind = 'github-origin' as const;
  constructor(
    readonly method: string,
    readonly url: string,
    readonly apiOrigin: string,
  ) {
    super(
      `refused to send ${method} ${url}: it is not on the GitHub API's origin ${apiOrigin} ` +
        '(a response linked to another host; the token is only ever sent to GITHUB_API_URL)',
    );
  }
}

/** A response body that does not have the shape the REST API documents. */
export class GitHubResponseError extends Error {
  override readonly name = 'GitHubResponseError';
  readonly kind = 'github-response' as const;
  constructor(
    readonly method: string,
    readonly url: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RetryNotice {
  method: string;
  url: string;
  status: number;
  /** The attempt that failed, 1-based. */
  attempt: number;
  delayMs: number;
  reason: 'server-error' | 'secondary-rate-limit' | 'rate-limit' | 'network';
}

export interface GitHubClientOptions {
  token: string;
  /** The REST base, e.g. `https://api.github.com` or `https://ghe.example/api/v3` (GITHUB_API_URL). */
  apiUrl: string;
  userAgent?: string;
  /** Attempts per request including the first; default 4. */
  maxAttempts?: number;
  /** Multiplies every wait (retry-after and backoff); tests pass a small value. Default 1. */
  retryDelayScale?: number;
  /** A wait longer than this (before scaling) is not attempted: the error is thrown. Default 120 s. */
  maxRetryWaitMs?: number;
  /** Per-attempt timeout; default 60 s. */
  requestTimeoutMs?: number;
  /** Login assumed when GET /user is refused (installation tokens); default `github-actions[bot]`. */
  fallbackLogin?: string;
  /** Skip discovery and use this login (e.g. a GitHub App's `my-app[bot]`). */
  login?: string;
  onRetry?: (notice: RetryNotice) => void;
  onWarning?: (message: string) => void;
}

export const DEFAULT_FALLBACK_LOGIN = 'github-actions[bot]';
const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_MAX_RETRY_WAIT_MS = 120_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** GitHub asks clients to wait at least a minute after a secondary limit that names no retry-after. */
const SECONDARY_LIMIT_FALLBACK_MS = 60_000;
const BACKOFF_BASE_MS = 1_000;
/** A runaway Link chain must not loop forever: 1000 pages of 100 is far past any API cap. */
const MAX_PAGES = 1000;

type Headers = Record<string, string | number | undefined>;
interface RawResponse {
  status: number;
  headers: Headers;
  data: unknown;
  url: string;
}
type RawRequest = (route: string, params?: Record<string, unknown>) => Promise<RawResponse>;
type PageIterator = (route: string, params: Record<string, unknown>) => AsyncIterable<RawResponse>;

interface RequestErrorLike {
  status?: unknown;
  message?: unknown;
  response?: { headers?: Headers; data?: unknown };
  name?: unknown;
}

interface Classified {
  retry: boolean;
  reason: RetryNotice['reason'];
  delayMs: number;
  rateLimited: boolean;
}

function headerValue(headers: Headers | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return value === undefined ? undefined : String(value);
}

function messageOf(error: RequestErrorLike): string {
  const data = error.response?.data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message, errors } = data as { message: unknown; errors?: unknown };
    if (typeof message === 'string') {
      // 422 answers say "Validation Failed" and put the reason (e.g. "body is too long") in errors[].
      const details = Array.isArray(errors)
        ? errors
            .map((item: unknown) =>
              typeof item === 'string'
                ? item
                : typeof item === 'object' && item !== null && 'message' in item
                  ? String((item as { message: unknown }).message)
                  : JSON.stringify(item),
            )
            .filter((detail) => detail !== '')
        : [];
      // Bounded: an answer listing thousands of errors gives one short message.
      return details.length > 0 ? `${message}: ${boundedList(details, '; ', 1_000)}` : message;
    }
  }
  return typeof error.message === 'string' ? error.message : 'unknown error';
}

/**
 * Decides whether a failed attempt is worth repeating and after how long. Plain 4xx answers
 * (403 permission, 404, 422 validation) are final: repeating them only burns rate limit.
 */
export function classifyFailure(
  status: number,
  headers: Headers | undefined,
  message: string,
  attempt: number,
  now: number = Date.now(),
): Classified {
  const retryAfter = Number(headerValue(headers, 'retry-after'));
  const retryAfterMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined;
  const backoffMs = BACKOFF_BASE_MS * 2 ** (attempt - 1);
  const secondary = /secondary rate limit|abuse detection/i.test(message);
  if (status === 403 || status === 429) {
    if (secondary || (retryAfterMs !== undefined && status === 403)) {
      return {
        retry: true,
        reason: 'secondary-rate-limit',
        delayMs: retryAfterMs ?? SECONDARY_LIMIT_FALLBACK_MS,
        rateLimited: true,
      };
    }
    if (headerValue(headers, 'x-ratelimit-remaining') === '0') {
      const reset = Number(headerValue(headers, 'x-ratelimit-reset'));
      const untilReset = Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) + 1000 : backoffMs;
      return { retry: true, reason: 'rate-limit', delayMs: retryAfterMs ?? untilReset, rateLimited: true };
    }
    if (status === 429) {
      return { retry: true, reason: 'rate-limit', delayMs: retryAfterMs ?? backoffMs, rateLimited: true };
    }
    return { retry: false, reason: 'rate-limit', delayMs: 0, rateLimited: false };
  }
  if (status === 0) return { retry: true, reason: 'network', delayMs: backoffMs, rateLimited: false };
  if (status >= 500) {
    return { retry: true, reason: 'server-error', delayMs: retryAfterMs ?? backoffMs, rateLimited: false };
  }
  return { retry: false, reason: 'server-error', delayMs: 0, rateLimited: false };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Response shapes: only the fields we use, so GitHub adding fields never breaks us.
const userSchema = z.object({ login: z.string() });
const pullSchema = z.object({
  number: z.number(),
  changed_files: z.number(),
  base: z.object({ sha: z.string(), ref: z.string(), repo: z.object({ full_name: z.string() }).nullish() }),
  head: z.object({ sha: z.string(), ref: z.string(), repo: z.object({ full_name: z.string() }).nullish() }),
});
const pullFileSchema = z.object({
  filename: z.string(),
  status: z.enum(['added', 'modified', 'removed', 'renamed', 'copied', 'changed', 'unchanged']),
  previous_filename: z.string().optional(),
});
const commentSchema = z.object({
  id: z.number(),
  body: z.string().nullish(),
  user: z.object({ login: z.string() }).nullish(),
  created_at: z.string(),
  html_url: z.string().default(''),
});
const issueSchema = z.object({
  number: z.number(),
  title: z.string(),
  body: z.string().nullish(),
  state: z.enum(['open', 'closed']),
  labels: z.array(z.union([z.string(), z.object({ name: z.string() })])).default([]),
  user: z.object({ login: z.string() }).nullish(),
  created_at: z.string(),
  html_url: z.string().default(''),
  pull_request: z.unknown().optional(),
});
const labelSchema = z.object({ name: z.string(), color: z.string(), description: z.string().nullish() });
const compareSchema = z.object({ merge_base_commit: z.object({ sha: z.string() }) });

function toComment(raw: z.infer<typeof commentSchema>): IssueComment {
  return {
    id: raw.id,
    body: raw.body ?? '',
    userLogin: raw.user?.login ?? '',
    createdAt: raw.created_at,
    htmlUrl: raw.html_url,
  };
}

function toIssue(raw: z.infer<typeof issueSchema>): Issue {
  return {
    number: raw.number,
    title: raw.title,
    body: raw.body ?? '',
    state: raw.state,
    labels: raw.labels.map((label) => (typeof label === 'string' ? label : label.name)),
    userLogin: raw.user?.login ?? '',
    createdAt: raw.created_at,
    htmlUrl: raw.html_url,
  };
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  if (!options.token)
    throw new Error('github-token is empty: the GitHub API cannot be called without a token');
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiUrl) || !URL.canParse(apiUrl))
    throw new Error(`Invalid GitHub API URL '${options.apiUrl}'.`);
  const apiOrigin = new URL(apiUrl).origin;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const scale = options.retryDelayScale ?? 1;
  const maxWait = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const warn = options.onWarning ?? (() => undefined);
  const silent = () => undefined;

  const octokit = getOctokit(options.token, {
    baseUrl: apiUrl,
    userAgent: options.userAgent ?? 'policy-replay',
    log: { debug: silent, info: silent, warn: (message: string) => warn(message), error: silent },
  });

  octokit.hook.wrap('request', async (request, requestOptions) => {
    const method = String(requestOptions.method);
    // The options still hold the URL template; errors should name the URL that was called.
    const url = octokit.request.endpoint(requestOptions as unknown as { method: string; url: string }).url;
    // Before any attempt: a URL a response chose (a Link header) must not take the token elsewhere.
    if (!URL.canParse(url) || new URL(url).origin !== apiOrigin)
      throw new GitHubOriginError(method, url, apiOrigin);
    for (let attempt = 1; ; attempt++) {
      try {
        return await request({
          ...requestOptions,
          request: { ...requestOptions.request, signal: AbortSignal.timeout(timeoutMs) },
        });
      } catch (caught) {
        const error = caught as RequestErrorLike;
        const aborted = error.name === 'AbortError' || error.name === 'TimeoutError';
        // Octokit reports transport failures as status 500 with no response; keep them apart.
        const status = !aborted && typeof error.status === 'number' && error.response ? error.status : 0;
        const message = status === 0 ? `no response: ${String(error.message)}` : messageOf(error);
        const verdict = classifyFailure(status, error.response?.headers, message, attempt);
        const canWait = verdict.delayMs <= maxWait;
        if (!verdict.retry || attempt >= maxAttempts || !canWait) {
          throw new GitHubApiError(status, method, url, message, verdict.rateLimited, attempt);
        }
        const delayMs = Math.round(verdict.delayMs * scale);
        options.onRetry?.({ method, url, status, attempt, delayMs, reason: verdict.reason });
        await sleep(delayMs);
      }
    }
  });

  const raw = octokit.request as unknown as RawRequest;

  function parse<T>(schema: z.ZodType<T>, data: unknown, method: string, url: string): T {
    const result = schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape';
      throw new GitHubResponseError(method, url, `unexpected response from ${method} ${url}: ${where}`);
    }
    return result.data;
  }

  async function call<T>(route: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    const response = await raw(route, params);
    return parse(schema, response.data, route.split(' ')[0] ?? 'GET', response.url);
  }

  const pages = octokit.paginate.iterator as unknown as PageIterator;

  /** Every page of a listing, through Octokit's pagination (the hook above vets each next URL). */
  async function paginate<T>(
    route: string,
    params: Record<string, unknown>,
    schema: z.ZodType<T>,
  ): Promise<T[]> {
    const items: T[] = [];
    const pageSchema = z.array(schema);
    let page = 0;
    for await (const response of pages(route, { ...params, per_page: 100 })) {
      items.push(...parse(pageSchema, response.data, 'GET', response.url));
      if (++page >= MAX_PAGES) break;
    }
    return items;
  }

  let loginPromise: Promise<TokenLogin> | undefined;
  async function discoverLogin(): Promise<TokenLogin> {
    if (options.login) return { login: options.login, source: 'configured' };
    try {
      const user = await call('GET /user', {}, userSchema);
      return { login: user.login, source: 'api' };
    } catch (error) {
      // GITHUB_TOKEN and other installation tokens may not read /user ("Resource not accessible by
      // integration", 403); a 401/404 has the same meaning here. Anything else is a real failure.
      if (error instanceof GitHubApiError && [401, 403, 404].includes(error.status) && !error.rateLimited) {
        return { login: options.fallbackLogin ?? DEFAULT_FALLBACK_LOGIN, source: 'fallback' };
      }
      throw error;
    }
  }

  const repoParams = (repo: RepoRef) => ({ owner: repo.owner, repo: repo.repo });

  return {
    apiUrl,
    getTokenLogin() {
      loginPromise ??= discoverLogin();
      // A failed discovery must not poison the cache for a later retry.
      loginPromise.catch(() => (loginPromise = undefined));
      return loginPromise;
    },
    async getPullRequest(repo, pullNumber) {
      const pull = await call(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}',
        { ...repoParams(repo), pull_number: pullNumber },
        pullSchema,
      );
      const baseRepo = pull.base.repo?.full_name;
      const headRepo = pull.head.repo?.full_name;
      return {
        number: pull.number,
        changedFiles: pull.changed_files,
        baseSha: pull.base.sha,
        headSha: pull.head.sha,
        baseRef: pull.base.ref,
        headRef: pull.head.ref,
        fromFork: baseRepo !== undefined && headRepo !== baseRepo,
      };
    },
    async listPullRequestFiles(repo, pullNumber) {
      const files = await paginate(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
        { ...repoParams(repo), pull_number: pullNumber },
        pullFileSchema,
      );
      return files.map((file) =>
        file.previous_filename === undefined
          ? { filename: file.filename, status: file.status }
          : { filename: file.filename, status: file.status, previous_filename: file.previous_filename },
      );
    },
    async getMergeBase(repo, base, head) {
      const compare = await call(
        'GET /repos/{owner}/{repo}/compare/{basehead}',
        { ...repoParams(repo), basehead: `${base}...${head}`, per_page: 1 },
        compareSchema,
      );
      return compare.merge_base_commit.sha;
    },
    async listIssueComments(repo, issueNumber) {
      const comments = await paginate(
        'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { ...repoParams(repo), issue_number: issueNumber },
        commentSchema,
      );
      return comments.map(toComment);
    },
    async createIssueComment(repo, issueNumber, body) {
      const comment = await call(
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { ...repoParams(repo), issue_number: issueNumber, body: humanText(body) },
        commentSchema,
      );
      return toComment(comment);
    },
    async updateIssueComment(repo, commentId, body) {
      const comment = await call(
        'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
        { ...repoParams(repo), comment_id: commentId, body: humanText(body) },
        commentSchema,
      );
      return toComment(comment);
    },
    async deleteIssueComment(repo, commentId) {
      await raw('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        ...repoParams(repo),
        comment_id: commentId,
      });
    },
    async listIssues(repo, filter) {
      const params: Record<string, unknown> = { ...repoParams(repo), state: filter.state };
      if (filter.labels && filter.labels.length > 0) params.labels = filter.labels.join(',');
      const issues = await paginate('GET /repos/{owner}/{repo}/issues', params, issueSchema);
      return issues.filter((issue) => issue.pull_request === undefined).map(toIssue);
    },
    async createIssue(repo, issue) {
      const created = await call(
        'POST /repos/{owner}/{repo}/issues',
        {
          ...repoParams(repo),
          title: humanText(issue.title),
          body: humanText(issue.body),
          labels: issue.labels ?? [],
        },
        issueSchema,
      );
      return toIssue(created);
    },
    async updateIssue(repo, issueNumber, update) {
      const updated = await call(
        'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
        { ...repoParams(repo), issue_number: issueNumber, ...humanUpdate(update) },
        issueSchema,
      );
      return toIssue(updated);
    },
    async addLabels(repo, issueNumber, labels) {
      await raw('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
        ...repoParams(repo),
        issue_number: issueNumber,
        labels,
      });
    },
    async getLabel(repo, name) {
      try {
        const label = await call(
          'GET /repos/{owner}/{repo}/labels/{name}',
          { ...repoParams(repo), name },
          labelSchema,
        );
        return { name: label.name, color: label.color, description: label.description ?? null };
      } catch (error) {
        if (error instanceof GitHubApiError && error.status === 404) return null;
        throw error;
      }
    },
    async createLabel(repo, label) {
      const created = await call(
        'POST /repos/{owner}/{repo}/labels',
        { ...repoParams(repo), name: label.name, color: label.color, description: label.description ?? '' },
        labelSchema,
      );
      return { name: created.name, color: created.color, description: created.description ?? null };
    },
  };
}
