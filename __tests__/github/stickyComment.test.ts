import { afterEach, describe, expect, it } from '@jest/globals';

import type { GitHubClient } from '../../src/github/client.js';
import { createGitHubClient } from '../../src/github/client.js';
import {
  CommentTooLargeError,
  MAX_COMMENT_LENGTH,
  commentMarker,
  syncStickyComment,
  withMarker,
} from '../../src/github/stickyComment.js';
import type { FakeGitHub } from '../support/fakeGithub.js';
import { startFakeGitHub } from '../support/fakeGithub.js';

const FULL = 'acme/policies';
const PR = 7;
const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);
const MARKER = '<!-- policy-replay:comment -->';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(
  options: Parameters<typeof startFakeGitHub>[0] = {},
): Promise<[FakeGitHub, GitHubClient]> {
  const gh = await startFakeGitHub(options);
  gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
  fake = gh;
  return [gh, createGitHubClient({ token: 't', apiUrl: gh.url, retryDelayScale: 0.001 })];
}

function sync(client: GitHubClient, body: string, markerId?: string) {
  return syncStickyComment(client, { owner: 'acme', repo: 'policies', issueNumber: PR, body, markerId });
}

function writes(gh: FakeGitHub) {
  return gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.route}`);
}

describe('commentMarker', () => {
  it('is a hidden HTML comment, with an optional configuration suffix', () => {
    expect(commentMarker()).toBe(MARKER);
    expect(commentMarker('prod')).toBe('<!-- policy-replay:comment:prod -->');
    expect(() => commentMarker('a-->b')).toThrow("Invalid comment marker id 'a-->b'");
  });

  it('is prepended unless it is already the whole first line', () => {
    expect(withMarker('hello', MARKER)).toBe(`${MARKER}\nhello`);
    expect(withMarker(`${MARKER}\nhello`, MARKER)).toBe(`${MARKER}\nhello`);
    // Anywhere else it is text the body quotes: the real marker still goes first.
    expect(withMarker(`x\n${MARKER}`, MARKER)).toBe(`${MARKER}\nx\n${MARKER}`);
    expect(withMarker(`${MARKER} x`, MARKER)).toBe(`${MARKER}\n${MARKER} x`);
  });
});

describe('syncStickyComment', () => {
  it('creates, then updates in place, then leaves an unchanged comment alone', async () => {
    const [gh, client] = await setup();
    const first = await sync(client, 'report v1');
    expect(first).toMatchObject({ action: 'created', deleted: [] });
    const comments = gh.state.comments(FULL, PR);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toBe(`${MARKER}\nreport v1`);
    expect(comments[0]?.user.login).toBe('github-actions[bot]');

    const second = await sync(client, 'report v2');
    expect(second).toMatchObject({ action: 'updated', commentId: comments[0]?.id, deleted: [] });
    expect(gh.state.comments(FULL, PR).map((c) => c.body)).toEqual([`${MARKER}\nreport v2`]);

    gh.requests.length = 0;
    const third = await sync(client, 'report v2');
    expect(third).toMatchObject({ action: 'unchanged', commentId: comments[0]?.id, deleted: [] });
    expect(writes(gh)).toEqual([]);
    expect(gh.requestsTo('PATCH', /comments/)).toHaveLength(0);
  });

  it('leaves the comment alone when only the link to the workflow run differs', async () => {
    const [gh, client] = await setup();
    const run = (id: number) =>
      `report v1 · [workflow run](https://github.com/acme/policies/actions/runs/${id})`;
    await sync(client, run(101));
    gh.requests.length = 0;
    expect(await sync(client, run(102))).toMatchObject({ action: 'unchanged' });
    expect(writes(gh)).toEqual([]);
    // Anything else that differs is still an edit.
    expect(await sync(client, `${run(103)} v2`)).toMatchObject({ action: 'updated' });
  });

  it('ignores a marked comment written by someone else', async () => {
    const [gh, client] = await setup();
    const foreign = gh.state.addComment(FULL, PR, { body: `${MARKER}\nfake report`, login: 'mallory' });
    const result = await sync(client, 'real report');
    expect(result.action).toBe('created');
    const comments = gh.state.comments(FULL, PR);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ id: foreign.id, body: `${MARKER}\nfake report` });
    expect(writes(gh)).toEqual([`POST /repos/${FULL}/issues/${PR}/comments`]);
  });

  it('keeps the oldest of several marked comments and deletes the others', async () => {
    const [gh, client] = await setup();
    const oldest = gh.state.addComment(FULL, PR, {
      body: `${MARKER}\nold`,
      createdAt: '2024-01-01T00:00:00Z',
    });
    gh.state.addComment(FULL, PR, { body: 'unrelated chatter' });
    const dupA = gh.state.addComment(FULL, PR, {
      body: `${MARKER}\ndup a`,
      createdAt: '2024-01-02T00:00:00Z',
    });
    const dupB = gh.state.addComment(FULL, PR, {
      body: `${MARKER}\ndup b`,
      createdAt: '2024-01-03T00:00:00Z',
    });
    const result = await sync(client, 'new');
    expect(result).toEqual({
      action: 'updated',
      commentId: oldest.id,
      htmlUrl: expect.stringContaining(`#issuecomment-${oldest.id}`),
      deleted: [dupA.id, dupB.id],
    });
    expect(gh.state.comments(FULL, PR).map((c) => c.body)).toEqual([`${MARKER}\nnew`, 'unrelated chatter']);
  });

  it('reconciles a concurrent create: the oldest wins and our newer one is deleted', async () => {
    const [gh, client] = await setup();
    let rival: number | undefined;
    // The rival run's comment lands between our listing and our create.
    gh.inject({
      match: (r) => {
        if (r.method === 'POST' && r.route.endsWith(`/issues/${PR}/comments`) && rival === undefined) {
          rival = gh.state.addComment(FULL, PR, { body: `${MARKER}\nrival report` }).id;
        }
        return false;
      },
      status: 500,
    });
    const result = await sync(client, 'our report');
    const ours = gh.requestsTo('POST', `/repos/${FULL}/issues/${PR}/comments`);
    expect(ours).toHaveLength(1);
    expect(result.action).toBe('updated');
    expect(result).toMatchObject({ commentId: rival });
    expect(result.deleted).toHaveLength(1);
    expect(result.deleted[0]).toBeGreaterThan(rival ?? Infinity);
    expect(gh.state.comments(FULL, PR).map((c) => [c.id, c.body])).toEqual([
      [rival, `${MARKER}\nour report`],
    ]);
  });

  it('two runs racing converge on one comment', async () => {
    const [gh, client] = await setup();
    const other = createGitHubClient({ token: 't', apiUrl: gh.url, retryDelayScale: 0.001 });
    const results = await Promise.all([sync(client, 'same report'), sync(other, 'same report')]);
    // Both listed before either created: a real race, resolved after the fact.
    expect(gh.requestsTo('POST', `/repos/${FULL}/issues/${PR}/comments`)).toHaveLength(2);
    expect(gh.state.comments(FULL, PR)).toHaveLength(1);
    expect(new Set(results.map((r) => (r.action === 'forbidden' ? undefined : r.commentId))).size).toBe(1);
  });

  it("never takes another configuration's comment for its own by a marker quoted in its body", async () => {
    const [gh, client] = await setup();
    // The team's report quotes a rule description holding the security configuration's marker
    // (in the Rego diff), below its own first-line marker.
    const quoted = '```diff\n+# <!-- policy-replay:comment:sec -->\n```';
    const team = await sync(client, `team report\n${quoted}\n<!-- policy-replay:comment:sec -->`, 'team');
    const sec = await sync(client, 'sec report', 'sec');
    expect(sec).toMatchObject({ action: 'created', deleted: [] });
    expect(sec.action !== 'forbidden' && sec.commentId).not.toBe(
      team.action !== 'forbidden' && team.commentId,
    );
    const bodies = gh.state.comments(FULL, PR).map((c) => c.body.split('\n')[0]);
    expect(bodies).toEqual(['<!-- policy-replay:comment:team -->', '<!-- policy-replay:comment:sec -->']);
    // And the team's next run still finds its own comment, whatever its body quotes.
    expect(await sync(client, 'team report v2', 'team')).toMatchObject({ action: 'updated', deleted: [] });
    expect(gh.state.comments(FULL, PR)).toHaveLength(2);
  });

  it('finds its comment by the marker on the first line only, CRLF or not', async () => {
    const [gh, client] = await setup();
    const kept = gh.state.addComment(FULL, PR, { body: `${MARKER}\r\nold`, login: 'github-actions[bot]' });
    gh.state.addComment(FULL, PR, { body: `note\n${MARKER}\nquoted`, login: 'github-actions[bot]' });
    const result = await sync(client, 'new');
    expect(result).toMatchObject({ action: 'updated', commentId: kept.id, deleted: [] });
    expect(gh.state.comments(FULL, PR)).toHaveLength(2);
  });

  it('matches only its own marker suffix', async () => {
    const [gh, client] = await setup();
    await sync(client, 'default config');
    const prod = await sync(client, 'prod config', 'prod');
    expect(prod.action).toBe('created');
    expect(gh.state.comments(FULL, PR).map((c) => c.body)).toEqual([
      `${MARKER}\ndefault config`,
      '<!-- policy-replay:comment:prod -->\nprod config',
    ]);
  });

  it('uses the login GET /user reports when the token may read it', async () => {
    const [gh, client] = await setup({ userEndpoint: 'ok', login: 'policy-bot' });
    gh.state.addComment(FULL, PR, { body: `${MARKER}\nby the actions bot`, login: 'github-actions[bot]' });
    const mine = gh.state.addComment(FULL, PR, { body: `${MARKER}\nmine`, login: 'policy-bot' });
    const result = await sync(client, 'mine v2');
    expect(result).toMatchObject({ action: 'updated', commentId: mine.id, deleted: [] });
  });

  it('pages through many comments to find its own', async () => {
    const [gh, client] = await setup();
    for (let i = 0; i < 230; i++) gh.state.addComment(FULL, PR, { body: `chatter ${i}`, login: 'someone' });
    const mine = gh.state.addComment(FULL, PR, { body: `${MARKER}\nmine` });
    const result = await sync(client, 'mine');
    expect(result).toMatchObject({ action: 'unchanged', commentId: mine.id });
    expect(gh.requestsTo('GET', `/repos/${FULL}/issues/${PR}/comments`)).toHaveLength(3);
  });

  it('turns a 403 on create (fork PR, read-only token) into a warning', async () => {
    const [gh, client] = await setup();
    gh.inject({
      match: { method: 'POST', route: `/repos/${FULL}/issues/${PR}/comments` },
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    const result = await sync(client, 'report');
    expect(result).toMatchObject({ action: 'forbidden', deleted: [] });
    expect(result.action === 'forbidden' && result.warning).toContain(
      'Resource not accessible by integration',
    );
    expect(gh.state.comments(FULL, PR)).toHaveLength(0);
    expect(gh.requestsTo('POST', /comments/)).toHaveLength(1);
  });

  it('turns a 403 on update into a warning too', async () => {
    const [gh, client] = await setup();
    gh.state.addComment(FULL, PR, { body: `${MARKER}\nold` });
    gh.inject({
      match: { method: 'PATCH' },
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    expect((await sync(client, 'new')).action).toBe('forbidden');
  });

  it('survives a secondary rate limit on create', async () => {
    const [gh, client] = await setup();
    gh.inject({
      match: { method: 'POST' },
      status: 403,
      headers: { 'retry-after': '1' },
      body: { message: 'You have exceeded a secondary rate limit' },
    });
    const result = await sync(client, 'report');
    expect(result.action).toBe('created');
    expect(gh.requestsTo('POST', /comments/).map((r) => r.status)).toEqual([403, 201]);
    expect(gh.state.comments(FULL, PR)).toHaveLength(1);
  });

  it('refuses an oversized body before calling the API', async () => {
    const [gh, client] = await setup();
    const error = await sync(client, 'x'.repeat(MAX_COMMENT_LENGTH)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommentTooLargeError);
    expect(error).toMatchObject({
      length: MAX_COMMENT_LENGTH + MARKER.length + 1,
      limit: MAX_COMMENT_LENGTH,
    });
    expect(gh.requests).toHaveLength(0);
  });

  it('accepts a body of exactly the limit, counting code points as GitHub does', async () => {
    const [gh, client] = await setup();
    const body = `${MARKER}\n${'😀'.repeat(MAX_COMMENT_LENGTH - MARKER.length - 1)}`;
    expect(body.length).toBeGreaterThan(MAX_COMMENT_LENGTH);
    expect((await sync(client, body)).action).toBe('created');
    expect(gh.state.comments(FULL, PR)).toHaveLength(1);
  });

  it('maps a 422 "body is too long" from GitHub to the typed error', async () => {
    const [gh, client] = await setup();
    gh.inject({
      match: { method: 'POST' },
      status: 422,
      body: {
        message: 'Validation Failed',
        errors: [
          {
            resource: 'IssueComment',
            code: 'custom',
            field: 'body',
            message: 'body is too long (maximum is 65536 characters)',
          },
        ],
      },
    });
    await expect(sync(client, 'short')).rejects.toBeInstanceOf(CommentTooLargeError);
  });

  it('the fake API itself answers 422 for a body over the limit', async () => {
    const [gh, client] = await setup();
    const error = await client
      .createIssueComment({ owner: 'acme', repo: 'policies' }, PR, 'x'.repeat(MAX_COMMENT_LENGTH + 1))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, message: expect.stringContaining('body is too long') });
    expect(gh.state.comments(FULL, PR)).toHaveLength(0);
  });
});
