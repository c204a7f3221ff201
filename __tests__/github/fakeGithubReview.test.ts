/**
 * The fake GitHub's review routes (statuses, permissions, team memberships, pull commits, reviews,
 * comments edited by others), over real HTTP with plain fetch, so the end-to-end tests of
 * accepting an intended change stand on something that answers as GitHub does.
 */
import { afterEach, describe, expect, it } from '@jest/globals';

import type { FakeGitHub, FakeGitHubOptions } from '../support/fakeGithub.js';
import { startFakeGitHub } from '../support/fakeGithub.js';
import { FAKE_PULL_COMMITS_CAP, FAKE_ROLES } from '../support/fakeGithubReview.js';

const FULL = 'acme/policies';
const PR = 7;
const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);
const SHA_C = 'c'.repeat(40);

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  fake = await startFakeGitHub(options);
  return fake;
}

interface Answer {
  status: number;
  body: unknown;
  link: string | null;
}

async function call(
  gh: FakeGitHub,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${gh.url}${path}`, {
    method,
    headers: {
      authorization: `token ${options.token ?? 't'}`,
      accept: 'application/vnd.github+json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    link: response.headers.get('link'),
  };
}

/** A list answer's items. */
function items(answer: Answer): Array<Record<string, unknown>> {
  expect(Array.isArray(answer.body)).toBe(true);
  return answer.body as Array<Record<string, unknown>>;
}

function record(answer: Answer): Record<string, unknown> {
  expect(typeof answer.body).toBe('object');
  return answer.body as Record<string, unknown>;
}

describe('commit statuses', () => {
  it('creates a status with 201 and GitHub’s shape, the creator being the token’s login', async () => {
    const gh = await start({ prefix: '/api/v3', tokens: { 'maintainer-token': 'alice' } });
    const answer = await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, {
      token: 'maintainer-token',
      body: {
        state: 'success',
        context: 'policy-replay/accept',
        description: 'Accepted by @alice',
        target_url: 'https://example.test/run/1',
      },
    });
    expect(answer.status).toBe(201);
    const status = record(answer);
    expect(status).toEqual({
      id: expect.any(Number),
      node_id: expect.any(String),
      url: `${gh.url}/repos/${FULL}/statuses/${SHA_B}`,
      state: 'success',
      description: 'Accepted by @alice',
      target_url: 'https://example.test/run/1',
      context: 'policy-replay/accept',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: status.created_at,
      creator: { login: 'alice', type: 'User' },
    });
    expect(gh.state.statuses(FULL, SHA_B).map((s) => s.id)).toEqual([status.id]);
  });

  it('defaults the context to `default` and answers null for an absent description and target_url', async () => {
    const gh = await start();
    const status = record(
      await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, { body: { state: 'pending' } }),
    );
    expect(status.context).toBe('default');
    expect(status.description).toBeNull();
    expect(status.target_url).toBeNull();
    // A token not in `tokens` is the default login, a bot.
    expect(status.creator).toEqual({ login: 'github-actions[bot]', type: 'Bot' });
  });

  it('gives each of two tokens its own creator', async () => {
    const gh = await start({ tokens: { ta: 'alice', tb: 'bob' } });
    await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, { token: 'ta', body: { state: 'success' } });
    await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, { token: 'tb', body: { state: 'failure' } });
    const listed = items(await call(gh, 'GET', `/repos/${FULL}/commits/${SHA_B}/statuses`));
    expect(listed.map((s) => [s.state, (s.creator as { login: string }).login])).toEqual([
      ['failure', 'bob'],
      ['success', 'alice'],
    ]);
  });

  it.each(['ok', 'SUCCESS', '', undefined, 3])('answers 422 for the state %p', async (state) => {
    const gh = await start();
    const answer = await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, { body: { state } });
    expect(answer.status).toBe(422);
    expect(record(answer).message).toBe('Validation Failed');
    expect(gh.state.statuses(FULL, SHA_B)).toEqual([]);
  });

  it('accepts a 140-character description and answers 422 for 141 (characters, not bytes)', async () => {
    const gh = await start();
    const at = await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, {
      body: { state: 'success', description: 'é'.repeat(140) },
    });
    expect(at.status).toBe(201);
    const over = await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, {
      body: { state: 'success', description: 'x'.repeat(141) },
    });
    expect(over.status).toBe(422);
    expect(record(over).errors).toEqual([
      expect.objectContaining({
        resource: 'Status',
        field: 'description',
        message: 'description is too long (maximum is 140 characters)',
      }),
    ]);
    expect(gh.state.statuses(FULL, SHA_B)).toHaveLength(1);
  });

  it('lists one commit’s statuses newest first, every context, paginated with per_page', async () => {
    const gh = await start();
    for (const [i, context] of ['a', 'b', 'a', 'c', 'b'].entries()) {
      await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, {
        body: { state: 'pending', context, description: `#${i}` },
      });
    }
    gh.state.addStatus(FULL, SHA_C, { state: 'success' });
    expect(gh.state.statuses(FULL, SHA_C)[0]?.context).toBe('default');
    const first = await call(gh, 'GET', `/repos/${FULL}/commits/${SHA_B}/statuses?per_page=2`);
    expect(first.status).toBe(200);
    expect(items(first).map((s) => s.description)).toEqual(['#4', '#3']);
    expect(first.link).toContain('rel="next"');
    expect(first.link).toContain('page=3');
    const third = await call(gh, 'GET', `/repos/${FULL}/commits/${SHA_B}/statuses?per_page=2&page=3`);
    expect(items(third).map((s) => [s.description, s.context])).toEqual([['#0', 'a']]);
    expect(third.link).not.toContain('rel="next"');
    const all = items(await call(gh, 'GET', `/repos/${FULL}/commits/${SHA_B}/statuses`));
    expect(all.map((s) => s.context)).toEqual(['b', 'c', 'a', 'b', 'a']);
    expect(items(await call(gh, 'GET', `/repos/${FULL}/commits/${SHA_A}/statuses`))).toEqual([]);
  });

  it('lets a test forge a status by another creator, listed among the real ones', async () => {
    const gh = await start();
    await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, { body: { state: 'failure', context: 'x' } });
    const forged = gh.state.addStatus(FULL, SHA_B, {
      state: 'success',
      context: 'x',
      description: 'looks legit',
      targetUrl: 'https://evil.test',
      login: 'mallory',
    });
    const listed = items(await call(gh, 'GET', `/repos/${FULL}/commits/${SHA_B}/statuses`));
    expect(listed[0]).toMatchObject({
      id: forged.id,
      state: 'success',
      description: 'looks legit',
      target_url: 'https://evil.test',
      creator: { login: 'mallory', type: 'User' },
    });
    expect(gh.state.statuses(FULL, SHA_B).map((s) => s.creator.login)).toEqual([
      'mallory',
      'github-actions[bot]',
    ]);
  });

  it('answers 403 to a fork PR’s token through a route fault, under a prefix too', async () => {
    const gh = await start({ prefix: '/api/v3' });
    const fault = gh.inject({
      match: { method: 'POST', route: /^\/repos\/[^/]+\/[^/]+\/statuses\// },
      times: Infinity,
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    for (let i = 0; i < 2; i++) {
      const answer = await call(gh, 'POST', `/repos/${FULL}/statuses/${SHA_B}`, {
        body: { state: 'success' },
      });
      expect(answer.status).toBe(403);
      expect(record(answer).message).toBe('Resource not accessible by integration');
    }
    expect(fault.remaining()).toBe(Infinity);
    expect(gh.state.statuses(FULL, SHA_B)).toEqual([]);
    // Reading is not faulted.
    expect((await call(gh, 'GET', `/repos/${FULL}/commits/${SHA_B}/statuses`)).status).toBe(200);
    expect(gh.requestsTo('POST', /\/statuses\//).every((r) => r.faulted && r.status === 403)).toBe(true);
  });
});

describe('collaborator permission', () => {
  const table: Array<[string, string, Record<string, boolean>]> = [
    ['admin', 'admin', { admin: true, maintain: true, push: true, triage: true, pull: true }],
    ['maintain', 'write', { admin: false, maintain: true, push: true, triage: true, pull: true }],
    ['write', 'write', { admin: false, maintain: false, push: true, triage: true, pull: true }],
    ['triage', 'read', { admin: false, maintain: false, push: false, triage: true, pull: true }],
    ['read', 'read', { admin: false, maintain: false, push: false, triage: false, pull: true }],
    ['none', 'none', { admin: false, maintain: false, push: false, triage: false, pull: false }],
  ];

  it('covers every role', () => {
    expect(table.map(([role]) => role)).toEqual([...FAKE_ROLES]);
  });

  it.each(table)('maps the role %s to permission %s and cumulative booleans', async (role, legacy, perms) => {
    const gh = await start();
    gh.state.setPermission(FULL, 'Alice', role as (typeof FAKE_ROLES)[number]);
    // Logins are case-insensitive; the answer spells the login as it was set.
    const answer = await call(gh, 'GET', `/repos/${FULL}/collaborators/alice/permission`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      permission: legacy,
      role_name: role,
      user: { login: 'Alice', type: 'User', permissions: perms, role_name: role },
    });
  });

  it('answers read for a user never set, and keeps repositories apart', async () => {
    const gh = await start();
    gh.state.setPermission('acme/other', 'bob', 'admin');
    const answer = record(await call(gh, 'GET', `/repos/${FULL}/collaborators/bob/permission`));
    expect(answer.permission).toBe('read');
    expect(answer.role_name).toBe('read');
    expect(answer.user).toEqual({
      login: 'bob',
      type: 'User',
      permissions: { admin: false, maintain: false, push: false, triage: false, pull: true },
      role_name: 'read',
    });
  });

  it('types a [bot] login as a Bot', async () => {
    const gh = await start();
    const answer = record(
      await call(gh, 'GET', `/repos/${FULL}/collaborators/dependabot%5Bbot%5D/permission`),
    );
    expect(answer.user).toMatchObject({ login: 'dependabot[bot]', type: 'Bot' });
  });
});

describe('team membership', () => {
  it('answers 200 with state, role and url for a member, 404 otherwise', async () => {
    const gh = await start({ prefix: '/api/v3' });
    gh.state.addTeamMember('acme', 'policy-owners', 'alice');
    gh.state.addTeamMember('acme', 'policy-owners', 'Carol', { state: 'pending', role: 'maintainer' });
    const alice = await call(gh, 'GET', '/orgs/acme/teams/policy-owners/memberships/alice');
    expect(alice.status).toBe(200);
    expect(alice.body).toEqual({
      state: 'active',
      role: 'member',
      url: expect.stringMatching(new RegExp(`^${gh.url}/teams/\\d+/memberships/alice$`)),
    });
    const carol = await call(gh, 'GET', '/orgs/ACME/teams/Policy-Owners/memberships/carol');
    expect(carol.status).toBe(200);
    expect(record(carol)).toMatchObject({ state: 'pending', role: 'maintainer' });

    expect((await call(gh, 'GET', '/orgs/acme/teams/policy-owners/memberships/bob')).status).toBe(404);
    expect((await call(gh, 'GET', '/orgs/acme/teams/other/memberships/alice')).status).toBe(404);
    expect((await call(gh, 'GET', '/orgs/umbrella/teams/policy-owners/memberships/alice')).status).toBe(404);
  });

  it('simulates a token that cannot read org teams with a route fault', async () => {
    const gh = await start();
    gh.state.addTeamMember('acme', 'policy-owners', 'alice');
    gh.inject({ match: { route: /^\/orgs\/acme\/teams\// }, status: 403, body: { message: 'Forbidden' } });
    expect((await call(gh, 'GET', '/orgs/acme/teams/policy-owners/memberships/alice')).status).toBe(403);
    expect((await call(gh, 'GET', '/orgs/acme/teams/policy-owners/memberships/alice')).status).toBe(200);
  });
});

describe('pull request author, head and commits', () => {
  it('carries the author, default octocat, and the head repository’s owner', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    gh.state.addPull(FULL, {
      number: 8,
      baseSha: SHA_A,
      headSha: SHA_C,
      files: [],
      author: 'renovate[bot]',
      headRepo: 'forker/policies',
    });
    const seven = record(await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}`));
    expect(seven.user).toEqual({ login: 'octocat', type: 'User' });
    expect(seven.head).toMatchObject({ sha: SHA_B, repo: { full_name: FULL, owner: { login: 'acme' } } });
    const eight = record(await call(gh, 'GET', `/repos/${FULL}/pulls/8`));
    expect(eight.user).toEqual({ login: 'renovate[bot]', type: 'Bot' });
    expect(eight.head).toMatchObject({ repo: { full_name: 'forker/policies', owner: { login: 'forker' } } });
  });

  it('moves the head with pushHead and lists the commits oldest first', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    gh.state.pushHead(FULL, PR, SHA_C, { message: 'tighten the rule' });
    const pull = record(await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}`));
    expect(pull.head).toMatchObject({ sha: SHA_C });
    expect(pull.commits).toBe(2);
    const answer = await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/commits`);
    expect(answer.status).toBe(200);
    const commits = items(answer);
    expect(commits.map((c) => c.sha)).toEqual([SHA_B, SHA_C]);
    expect(commits[1]).toMatchObject({
      sha: SHA_C,
      commit: { message: 'tighten the rule' },
      parents: [{ sha: SHA_B }],
    });
    expect((await call(gh, 'GET', `/repos/${FULL}/pulls/99/commits`)).status).toBe(404);
  });

  it('paginates the commits and stops at 250, as GitHub does', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: 'sha-0', files: [] });
    for (let i = 1; i < 260; i++) gh.state.pushHead(FULL, PR, `sha-${i}`);
    expect(gh.state.pullOf(FULL, PR)?.headSha).toBe('sha-259');
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/commits?per_page=100&page=${page}`);
      pages.push(...items(answer).map((c) => String(c.sha)));
      if (page === 3) expect(answer.link).not.toContain('rel="next"');
    }
    expect(pages).toHaveLength(FAKE_PULL_COMMITS_CAP);
    expect(pages[0]).toBe('sha-0');
    expect(pages.at(-1)).toBe('sha-249');
  });
});

describe('reviews', () => {
  it('lists reviews oldest first and gets one by id, in GitHub’s shape', async () => {
    const gh = await start({ tokens: { tb: 'bob' } });
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    gh.state.setPermission(FULL, 'alice', 'write');
    const first = gh.state.addReview(FULL, PR, {
      login: 'alice',
      body: 'looks wrong',
      state: 'CHANGES_REQUESTED',
    });
    gh.state.pushHead(FULL, PR, SHA_C);
    const second = gh.state.addReview(FULL, PR, { login: 'alice', body: '', state: 'APPROVED' });
    const old = gh.state.addReview(FULL, PR, {
      login: 'carol',
      body: 'hm',
      state: 'COMMENTED',
      commitId: SHA_B,
    });

    const listed = await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews`);
    expect(listed.status).toBe(200);
    expect(items(listed).map((r) => [r.id, r.state, r.commit_id])).toEqual([
      [first.id, 'CHANGES_REQUESTED', SHA_B],
      [second.id, 'APPROVED', SHA_C],
      [old.id, 'COMMENTED', SHA_B],
    ]);
    const got = await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews/${second.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id: second.id,
      node_id: expect.any(String),
      user: { login: 'alice', type: 'User' },
      body: '',
      state: 'APPROVED',
      html_url: expect.stringContaining(`/pull/${PR}#pullrequestreview-${second.id}`),
      pull_request_url: `${gh.url}/repos/${FULL}/pulls/${PR}`,
      author_association: 'COLLABORATOR',
      submitted_at: expect.stringMatching(/Z$/),
      commit_id: SHA_C,
    });
    expect(
      record(await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews/${old.id}`)).author_association,
    ).toBe('NONE');
    expect((await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews/1`)).status).toBe(404);
    expect((await call(gh, 'GET', `/repos/${FULL}/pulls/99/reviews`)).status).toBe(404);
  });

  it('paginates reviews with per_page', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    for (let i = 0; i < 5; i++)
      gh.state.addReview(FULL, PR, { login: 'alice', body: `r${i}`, state: 'COMMENTED' });
    const second = await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews?per_page=2&page=2`);
    expect(items(second).map((r) => r.body)).toEqual(['r2', 'r3']);
    expect(second.link).toContain('rel="prev"');
  });

  it('edits a body without any updated_at, and dismisses', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    const review = gh.state.addReview(FULL, PR, { login: 'alice', body: 'accept', state: 'APPROVED' });
    gh.state.editReview(FULL, review.id, 'accept everything');
    const edited = record(await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews/${review.id}`));
    expect(edited.body).toBe('accept everything');
    expect(edited.submitted_at).toBe(review.submittedAt);
    expect(edited).not.toHaveProperty('updated_at');
    gh.state.dismissReview(FULL, review.id, 'stale');
    const dismissed = record(await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews/${review.id}`));
    expect(dismissed.state).toBe('DISMISSED');
    expect(dismissed.body).toBe('accept everything');
  });

  it('shows a PENDING review, without submitted_at, to its author only', async () => {
    const gh = await start({ tokens: { ta: 'alice', tb: 'bob' } });
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    const pending = gh.state.addReview(FULL, PR, { login: 'alice', body: 'draft', state: 'PENDING' });
    const mine = items(await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews`, { token: 'ta' }));
    expect(mine.map((r) => r.state)).toEqual(['PENDING']);
    expect(mine[0]).not.toHaveProperty('submitted_at');
    expect(items(await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews`, { token: 'tb' }))).toEqual([]);
    expect(
      (await call(gh, 'GET', `/repos/${FULL}/pulls/${PR}/reviews/${pending.id}`, { token: 'tb' })).status,
    ).toBe(404);
  });
});

describe('comments edited by others', () => {
  it('changes the body and moves updated_at past created_at', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    const comment = gh.state.addComment(FULL, PR, { body: 'report' });
    const before = record(await call(gh, 'GET', `/repos/${FULL}/issues/comments/${comment.id}`));
    expect(before.updated_at).toBe(before.created_at);
    gh.state.editComment(FULL, comment.id, 'report, edited', { login: 'mallory' });
    const after = record(await call(gh, 'GET', `/repos/${FULL}/issues/comments/${comment.id}`));
    expect(after.body).toBe('report, edited');
    expect(after.created_at).toBe(before.created_at);
    expect(Date.parse(String(after.updated_at))).toBeGreaterThan(Date.parse(String(after.created_at)));
    // The author stays the author; the editor is kept in the state only.
    expect(after.user).toEqual({ login: 'github-actions[bot]', type: 'Bot' });
    expect(gh.state.commentOf(FULL, comment.id)?.editor?.login).toBe('mallory');
    expect(() => gh.state.editComment(FULL, 1, 'x')).toThrow('no comment 1');
  });

  it('answers author_association: OWNER, MEMBER, COLLABORATOR (triage or more), else NONE', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    gh.state.addTeamMember('acme', 'devs', 'mia');
    gh.state.addTeamMember('acme', 'devs', 'pete', { state: 'pending' });
    gh.state.setPermission(FULL, 'tina', 'triage');
    gh.state.setPermission(FULL, 'rita', 'read');
    const cases: Array<[string, string]> = [
      ['acme', 'OWNER'],
      ['mia', 'MEMBER'],
      ['pete', 'NONE'],
      ['tina', 'COLLABORATOR'],
      ['rita', 'NONE'],
      ['github-actions[bot]', 'NONE'],
    ];
    for (const [login, association] of cases) {
      const comment = gh.state.addComment(FULL, PR, { body: login, login });
      const got = record(await call(gh, 'GET', `/repos/${FULL}/issues/comments/${comment.id}`));
      expect([login, got.author_association]).toEqual([login, association]);
    }
  });

  it('lets addComment override the user type', async () => {
    const gh = await start();
    gh.state.addPull(FULL, { number: PR, baseSha: SHA_A, headSha: SHA_B, files: [] });
    const comment = gh.state.addComment(FULL, PR, { body: 'hi', login: 'ci-app', userType: 'Bot' });
    const got = record(await call(gh, 'GET', `/repos/${FULL}/issues/comments/${comment.id}`));
    expect(got.user).toEqual({ login: 'ci-app', type: 'Bot' });
    const listed = items(await call(gh, 'GET', `/repos/${FULL}/issues/${PR}/comments`));
    expect(listed[0]).toMatchObject({ user: { login: 'ci-app', type: 'Bot' }, author_association: 'NONE' });
  });
});
