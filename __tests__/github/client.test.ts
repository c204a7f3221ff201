import { afterEach, describe, expect, it } from '@jest/globals';

import type { GitHubClientOptions, RetryNotice } from '../../src/github/client.js';
import {
  GitHubApiError,
  GitHubOriginError,
  classifyFailure,
  createGitHubClient,
} from '../../src/github/client.js';
import type { FakeGitHub } from '../support/fakeGithub.js';
import { startFakeGitHub } from '../support/fakeGithub.js';

const REPO = { owner: 'acme', repo: 'policies' };
const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function client(gh: FakeGitHub, extra: Partial<GitHubClientOptions> = {}) {
  return createGitHubClient({ token: 'test-token', apiUrl: gh.url, retryDelayScale: 0.001, ...extra });
}

describe('retries', () => {
  it('waits out a secondary rate limit (403 + retry-after) and succeeds, honouring retry-after', async () => {
    fake = await startFakeGitHub();
    fake.state.addPull('acme/policies', { number: 1, baseSha: SHA_A, headSha: SHA_B, files: [] });
    fake.inject({
      match: { method: 'GET', route: '/repos/acme/policies/pulls/1' },
      status: 403,
      headers: { 'retry-after': '2' },
      body: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
    });
    const notices: RetryNotice[] = [];
    const pull = await client(fake, { onRetry: (notice) => notices.push(notice) }).getPullRequest(REPO, 1);
    expect(pull.headSha).toBe(SHA_B);
    expect(fake.requestsTo('GET', '/repos/acme/policies/pulls/1')).toHaveLength(2);
    expect(notices).toEqual([
      expect.objectContaining({ status: 403, attempt: 1, reason: 'secondary-rate-limit', delayMs: 2 }),
    ]);
    expect(notices[0]?.url).toBe(`${fake.url}/repos/acme/policies/pulls/1`);
  });

  it('retries a secondary rate limit announced only by its message, and 429', async () => {
    fake = await startFakeGitHub();
    fake.state.addPull('acme/policies', { number: 1, baseSha: SHA_A, headSha: SHA_B, files: [] });
    fake.inject({
      match: { route: '/repos/acme/policies/pulls/1' },
      status: 403,
      body: { message: 'You have exceeded a secondary rate limit' },
    });
    fake.inject({
      match: { route: '/repos/acme/policies/pulls/1' },
      status: 429,
      body: { message: 'Too many' },
    });
    const notices: RetryNotice[] = [];
    await client(fake, { onRetry: (n) => notices.push(n) }).getPullRequest(REPO, 1);
    expect(fake.requestsTo('GET', '/repos/acme/policies/pulls/1')).toHaveLength(3);
    // No retry-after: GitHub asks for at least a minute (scaled by the test's 0.001).
    expect(notices.map((n) => [n.status, n.delayMs])).toEqual([
      [403, 60],
      [429, 2],
    ]);
  });

  it('retries 5xx with backoff and then succeeds', async () => {
    fake = await startFakeGitHub();
    fake.state.addPull('acme/policies', { number: 1, baseSha: SHA_A, headSha: SHA_B, files: [] });
    fake.inject({
      match: { route: '/repos/acme/policies/pulls/1' },
      times: 2,
      status: 502,
      body: 'Bad gateway',
    });
    const notices: RetryNotice[] = [];
    const pull = await client(fake, { onRetry: (n) => notices.push(n) }).getPullRequest(REPO, 1);
    expect(pull.number).toBe(1);
    expect(fake.requests.map((r) => r.status)).toEqual([502, 502, 200]);
    expect(notices.map((n) => n.delayMs)).toEqual([1, 2]);
  });

  it('gives up after maxAttempts with a typed error naming the request', async () => {
    fake = await startFakeGitHub();
    fake.inject({ match: () => true, times: 10, status: 503, body: { message: 'unavailable' } });
    const error = await client(fake, { maxAttempts: 3 })
      .getPullRequest(REPO, 1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubApiError);
    expect(error).toMatchObject({
      status: 503,
      method: 'GET',
      url: `${fake.url}/repos/acme/policies/pulls/1`,
      message: 'unavailable',
      attempts: 3,
    });
    expect(fake.requests).toHaveLength(3);
  });

  it.each([
    [403, 'Resource not accessible by integration'],
    [404, 'Not Found'],
    [422, 'Validation Failed'],
  ])('does not retry a plain %i', async (status, message) => {
    fake = await startFakeGitHub();
    fake.inject({ match: () => true, status, body: { message } });
    const error = await client(fake)
      .getPullRequest(REPO, 1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status, message, rateLimited: false, attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it('names five of the details of an answer listing thousands, and counts the rest', async () => {
    fake = await startFakeGitHub();
    const errors = Array.from({ length: 5_000 }, (_, i) => ({ message: `detail ${i}` }));
    fake.inject({ match: () => true, status: 422, body: { message: 'Validation Failed', errors } });
    const error = (await client(fake)
      .getPullRequest(REPO, 1)
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      'Validation Failed: detail 0; detail 1; detail 2; detail 3; detail 4; and 4,995 more',
    );
  });

  it('does not wait longer than maxRetryWaitMs', async () => {
    fake = await startFakeGitHub();
    fake.inject({
      match: () => true,
      status: 403,
      headers: { 'retry-after': '3600' },
      body: { message: 'You have exceeded a secondary rate limit' },
    });
    const error = await client(fake)
      .getPullRequest(REPO, 1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, rateLimited: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a refused connection as status 0 after retrying', async () => {
    fake = await startFakeGitHub();
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const error = await createGitHubClient({
      token: 't',
      apiUrl: url,
      retryDelayScale: 0.001,
      maxAttempts: 2,
    })
      .getPullRequest(REPO, 1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubApiError);
    expect(error).toMatchObject({ status: 0, attempts: 2 });
  });
});

describe('classifyFailure', () => {
  it('waits until a primary rate limit resets', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    const verdict = classifyFailure(
      403,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 30) },
      'API rate limit exceeded',
      1,
      now,
    );
    expect(verdict).toEqual({ retry: true, reason: 'rate-limit', delayMs: 31_000, rateLimited: true });
  });

  it('uses exponential backoff for 5xx without retry-after', () => {
    expect([1, 2, 3].map((attempt) => classifyFailure(500, {}, 'boom', attempt).delayMs)).toEqual([
      1000, 2000, 4000,
    ]);
  });
});

describe('GitHub Enterprise and pagination', () => {
  it('uses the /api/v3 base for every call, including Link-header pages', async () => {
    fake = await startFakeGitHub({ prefix: '/api/v3' });
    expect(fake.url).toMatch(/\/api\/v3$/);
    const files = Array.from({ length: 250 }, (_, i) => ({
      filename: `policies/p${String(i).padStart(3, '0')}.yaml`,
      status: 'modified' as const,
    }));
    fake.state.addPull('acme/policies', { number: 9, baseSha: SHA_A, headSha: SHA_B, files });
    const listed = await client(fake).listPullRequestFiles(REPO, 9);
    expect(listed).toEqual(files);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/api/v3/repos/acme/policies/pulls/9/files',
      '/api/v3/repos/acme/policies/pulls/9/files',
      '/api/v3/repos/acme/policies/pulls/9/files',
    ]);
    expect(fake.requests.map((r) => [r.query.per_page, r.query.page ?? '1'])).toEqual([
      ['100', '1'],
      ['100', '2'],
      ['100', '3'],
    ]);
    expect(fake.requests[0]?.headers.authorization).toBe('token test-token');
  });

  it('never follows a Link to another origin: the token stays with GITHUB_API_URL', async () => {
    fake = await startFakeGitHub();
    const elsewhere = await startFakeGitHub();
    try {
      fake.state.addPull('acme/policies', { number: 9, baseSha: SHA_A, headSha: SHA_B, files: [] });
      // Another port on 127.0.0.1 is another origin, as a foreign host would be.
      const foreign = `${elsewhere.url}/repos/acme/policies/pulls/9/files?per_page=100&page=2`;
      fake.inject({
        match: { method: 'GET', route: '/repos/acme/policies/pulls/9/files' },
        status: 200,
        headers: { link: `<${foreign}>; rel="next"` },
        body: [{ filename: 'policies/a.yaml', status: 'modified' }],
      });
      const listing = client(fake).listPullRequestFiles(REPO, 9);
      await expect(listing).rejects.toBeInstanceOf(GitHubOriginError);
      await expect(listing).rejects.toThrow(/not on the GitHub API's origin/);
      expect(elsewhere.requests).toHaveLength(0);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await elsewhere.close();
    }
  });

  it('follows a same-origin Link under the GitHub Enterprise base as before', async () => {
    fake = await startFakeGitHub({ prefix: '/api/v3' });
    fake.state.addIssue('acme/policies', { title: 'one', body: 'x', labels: [] });
    const nextUrl = `${fake.url}/repos/acme/policies/issues?per_page=100&page=1&state=all`;
    fake.inject({
      match: { method: 'GET', route: '/repos/acme/policies/issues' },
      status: 200,
      headers: { link: `<${nextUrl}>; rel="next"` },
      body: [],
    });
    const issues = await client(fake).listIssues(REPO, { state: 'all' });
    expect(issues.map((i) => i.title)).toEqual(['one']);
    expect(fake.requests).toHaveLength(2);
  });

  it('drops pull requests from the issue listing', async () => {
    fake = await startFakeGitHub();
    fake.state.addIssue('acme/policies', { title: 'issue', body: 'x', labels: ['policy-drift'] });
    fake.state.addIssue('acme/policies', {
      title: 'pr',
      body: 'x',
      labels: ['policy-drift'],
      isPullRequest: true,
    });
    const issues = await client(fake).listIssues(REPO, { labels: ['policy-drift'], state: 'all' });
    expect(issues.map((issue) => issue.title)).toEqual(['issue']);
  });
});

describe('token login discovery', () => {
  it('uses GET /user when the token may read it, once', async () => {
    fake = await startFakeGitHub({ userEndpoint: 'ok', login: 'octo-bot' });
    const gh = client(fake);
    expect(await gh.getTokenLogin()).toEqual({ login: 'octo-bot', source: 'api' });
    expect(await gh.getTokenLogin()).toEqual({ login: 'octo-bot', source: 'api' });
    expect(fake.requestsTo('GET', '/user')).toHaveLength(1);
  });

  it('falls back to github-actions[bot] when GET /user is refused (installation token)', async () => {
    fake = await startFakeGitHub({ userEndpoint: 'forbidden' });
    expect(await client(fake).getTokenLogin()).toEqual({ login: 'github-actions[bot]', source: 'fallback' });
    expect(await client(fake, { fallbackLogin: 'my-app[bot]' }).getTokenLogin()).toEqual({
      login: 'my-app[bot]',
      source: 'fallback',
    });
  });

  it('does not mistake a server failure for a refusal', async () => {
    fake = await startFakeGitHub({ userEndpoint: 'forbidden' });
    fake.inject({ match: { route: '/user' }, times: 5, status: 500, body: { message: 'boom' } });
    await expect(client(fake, { maxAttempts: 2 }).getTokenLogin()).rejects.toMatchObject({ status: 500 });
  });

  it('skips discovery when the login is given', async () => {
    fake = await startFakeGitHub();
    expect(await client(fake, { login: 'my-app[bot]' }).getTokenLogin()).toEqual({
      login: 'my-app[bot]',
      source: 'configured',
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('createGitHubClient', () => {
  it('rejects an empty token and a malformed API URL', () => {
    expect(() => createGitHubClient({ token: '', apiUrl: 'https://api.github.com' })).toThrow(
      /token is empty/,
    );
    expect(() => createGitHubClient({ token: 't', apiUrl: 'api.github.com' })).toThrow(
      "Invalid GitHub API URL 'api.github.com'.",
    );
  });
});
