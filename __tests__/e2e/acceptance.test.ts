/**
 * Accepting an intended change, end to end from dist/index.js against the fake GitHub API
 * (docs/review.md "Accepting an intended change"): the pull-request run's impact digest and commit
 * status, `mode: accept` on issue_comment and pull_request_review events, and re-runs after a push
 * that keeps or changes the impact. Every write the Action makes is asserted.
 *
 * The pull-request runs are real (OPA, the replay); the accept-mode scenarios start from the
 * status and the comment one real run left (copied into a fresh fake per scenario: accept mode
 * never replays), so each scenario is one accept run.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeGitHub } from '../support/fakeGithub.js';
import type { FakeRole } from '../support/fakeGithubReview.js';
import { READ_ONLY, READ_WRITE, modified, suiteFakeGitHub } from './fixtures.js';
import {
  GitWorkspace,
  MARKER,
  REPOSITORY,
  jsonl,
  pullRequestEvent,
  runAction,
  scratchDir,
  toolPolicy,
  toolRecord,
  type ActionResult,
} from './harness.js';

const fakeGitHub = suiteFakeGitHub();
const ACTION_LOGIN = 'github-actions[bot]';
const AUTHOR = 'dev';
const PULL = 7;
const FILES = modified('policies/a.yaml');

let ws: GitWorkspace;
let base: string;
let head: string;
/** What the first pull-request run left: its status and its sticky comment. */
let judged: { description: string; targetUrl: string; digest: string; short: string; comment: string };
let firstRun: ActionResult;

function registerPull(gh: FakeGitHub, headSha = head, author = AUTHOR, headRepo?: string) {
  return gh.state.addPull(REPOSITORY, {
    number: PULL,
    baseSha: base,
    headSha,
    files: FILES,
    author,
    ...(headRepo ? { headRepo } : {}),
  });
}

function pullRun(
  gh: FakeGitHub,
  headSha: string,
  inputs: Record<string, string> = {},
): Promise<ActionResult> {
  return runAction({
    apiUrl: gh.url,
    workspace: ws.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ number: PULL, baseSha: base, headSha }),
    inputs,
  });
}

function commentEvent(
  comment: { id: number; body: string; login: string; type?: string },
  action = 'created',
) {
  return {
    action,
    issue: { number: PULL, pull_request: { url: `https://api.example/repos/${REPOSITORY}/pulls/${PULL}` } },
    comment: {
      id: comment.id,
      body: comment.body,
      user: { login: comment.login, type: comment.type ?? 'User' },
    },
    repository: { full_name: REPOSITORY, private: false, default_branch: 'main' },
  };
}

function acceptRun(
  gh: FakeGitHub,
  eventName: 'issue_comment' | 'pull_request_review',
  event: Record<string, unknown>,
  inputs: Record<string, string> = {},
): Promise<ActionResult> {
  // Accept mode never checks out the pull request: an empty workspace.
  return runAction({ apiUrl: gh.url, workspace: scratchDir('accept-ws'), eventName, event, inputs });
}

/** A fake where the pull-request run already judged `head`: its own status and comment. */
async function judgedFake(options: { author?: string; headRepo?: string } = {}): Promise<FakeGitHub> {
  const gh = await fakeGitHub();
  registerPull(gh, head, options.author ?? AUTHOR, options.headRepo);
  addJudgement(gh);
  return gh;
}

/** The status and the comment the first pull-request run left, as the Action's own. */
function addJudgement(gh: FakeGitHub): void {
  gh.state.addStatus(REPOSITORY, head, {
    state: 'failure',
    context: 'policy-replay',
    description: judged.description,
    targetUrl: judged.targetUrl,
    login: ACTION_LOGIN,
  });
  gh.state.addComment(REPOSITORY, PULL, { body: judged.comment, login: ACTION_LOGIN });
}

/** Posts `body` as `login` and runs accept mode on it. */
async function commentAndAccept(
  gh: FakeGitHub,
  login: string,
  body: string,
  inputs: Record<string, string> = {},
): Promise<ActionResult> {
  const comment = gh.state.addComment(REPOSITORY, PULL, { body, login });
  return acceptRun(gh, 'issue_comment', commentEvent({ id: comment.id, body, login }), inputs);
}

/** An approving (or commenting) review by lead, submitted on `commitId`, and accept mode run on it. */
async function reviewAndAccept(
  gh: FakeGitHub,
  state: 'APPROVED' | 'COMMENTED',
  body: string,
  commitId: string = head,
): Promise<ActionResult> {
  const stored = gh.state.addReview(REPOSITORY, PULL, { login: 'lead', body, state, commitId });
  return acceptRun(gh, 'pull_request_review', {
    action: 'submitted',
    review: { id: stored.id, body, state: state.toLowerCase(), user: { login: 'lead', type: 'User' } },
    pull_request: { number: PULL, head: { sha: head } },
    repository: { full_name: REPOSITORY, private: false, default_branch: 'main' },
  });
}

/** Every write the Action made, as `METHOD route`. */
function writes(gh: FakeGitHub): string[] {
  return gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.route}`);
}

function newestStatus(gh: FakeGitHub, sha = head) {
  return gh.state.statuses(REPOSITORY, sha)[0]!;
}

function stickyBody(gh: FakeGitHub): string {
  return gh.state.comments(REPOSITORY, PULL).find((c) => c.body.startsWith(MARKER))!.body;
}

/** The reply accept mode posted (the newest comment by the Action that is not the sticky one). */
function reply(gh: FakeGitHub): string {
  const own = gh.state
    .comments(REPOSITORY, PULL)
    .filter((c) => c.user.login === ACTION_LOGIN && !c.body.startsWith(MARKER));
  return own.at(-1)?.body ?? '';
}

function expectRefused(gh: FakeGitHub, result: ActionResult, reason: RegExp): void {
  expect(result.code).toBe(0);
  expect(writes(gh)).toEqual([`POST /repos/${REPOSITORY}/issues/${PULL}/comments`]);
  expect(reply(gh)).toMatch(/^\*\*policy-replay did not accept this impact\*\*: /);
  expect(reply(gh)).toMatch(reason);
  expect(newestStatus(gh).state).toBe('failure');
  expect(result.outputs['accepted-by']).toBe('');
}

function expectAccepted(gh: FakeGitHub, result: ActionResult, by: string): void {
  expect(result.code).toBe(0);
  const sticky = gh.state.comments(REPOSITORY, PULL).find((c) => c.body.startsWith(MARKER))!;
  expect(writes(gh)).toEqual([
    `POST /repos/${REPOSITORY}/statuses/${head}`,
    `PATCH /repos/${REPOSITORY}/issues/comments/${sticky.id}`,
  ]);
  const status = newestStatus(gh);
  expect(status).toMatchObject({
    state: 'success',
    context: 'policy-replay',
    description: `accepted by @${by} for ${judged.short}`,
    creator: { login: ACTION_LOGIN },
  });
  expect(status.targetUrl).toMatch(new RegExp(`#policy-replay-impact=${judged.digest}$`));
  expect(sticky.body).toContain(`## ✅ accepted by @${by} for ${judged.short} — 1 request newly allowed`);
  expect(result.outputs['accepted-by']).toBe(by);
  expect(result.outputs['impact-digest']).toBe(judged.digest);
}

beforeAll(async () => {
  const traffic = jsonl([
    toolRecord({ id: 'r1', tool: 'read_file' }),
    toolRecord({ id: 'r2', tool: 'write_file', minute: 1 }),
  ]);
  ws = new GitWorkspace('acceptance');
  base = ws.commit(
    { 'policies/a.yaml': READ_ONLY, 'traffic/a.jsonl': traffic, 'README.md': 'policies\n' },
    'base',
  );
  head = ws.commit({ 'policies/a.yaml': READ_WRITE }, 'allow writes');
  const gh = await fakeGitHub();
  registerPull(gh);
  firstRun = await pullRun(gh, head);
  const status = newestStatus(gh);
  const digest = firstRun.outputs['impact-digest'] ?? '';
  judged = {
    description: status.description ?? '',
    targetUrl: status.targetUrl ?? '',
    digest,
    short: digest.slice(0, 12),
    comment: stickyBody(gh),
  };
  // The run's own writes: its status on the pull request's head, then its comment.
  expect(writes(gh)).toEqual([
    `POST /repos/${REPOSITORY}/statuses/${head}`,
    `POST /repos/${REPOSITORY}/issues/${PULL}/comments`,
  ]);
});

describe('the pull-request run', () => {
  it('fails, and sets its own failure status on the head, the digest in its description and target', () => {
    expect(firstRun.code).not.toBe(0);
    expect(firstRun.outputs.verdict).toBe('fail');
    expect(judged.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(judged.description).toBe(`impact ${judged.short}: failed newly-allowed, uncovered-newly-allowed`);
    expect(judged.targetUrl).toMatch(/\/actions\/runs\/[0-9]+#policy-replay-impact=[0-9a-f]{64}$/);
  });

  it('shows the impact and how to accept it, and ends with the hidden block', () => {
    expect(judged.comment).toContain(`Impact \`${judged.short}\`. If this change is intended`);
    expect(judged.comment).toContain(`\`/policy-replay accept ${judged.short}\``);
    const last = judged.comment.trimEnd().split('\n').at(-1)!;
    expect(last).toMatch(/^<!-- policy-replay:impact \{.*\} -->$/);
    expect(JSON.parse(last.slice('<!-- policy-replay:impact '.length, -' -->'.length))).toEqual({
      digest: judged.digest,
      head,
      judged: { against: 'merge-base', base, head },
      failed: ['newly-allowed', 'uncovered-newly-allowed'],
      accepted_by: null,
    });
  });

  it('reports the digest in the run report', () => {
    expect(firstRun.report?.verdict).toBe('fail');
    expect((firstRun.report as unknown as { impact: unknown }).impact).toEqual({
      digest: judged.digest,
      accepted_by: null,
      voided: null,
    });
  });

  it('warns, and still judges, when the token may not set statuses (no statuses: write)', async () => {
    const gh = await fakeGitHub();
    registerPull(gh);
    gh.inject({
      match: { method: 'POST', route: /^\/repos\/[^/]+\/[^/]+\/statuses\// },
      times: Infinity,
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    const result = await pullRun(gh, head, { comment: 'off' });
    expect(result.outputs.verdict).toBe('fail');
    expect(result.outputs['impact-digest']).toBe(judged.digest);
    expect(result.stdout).toMatch(
      /::warning::.*could not set the commit status policy-replay.*statuses: write/,
    );
    expect(gh.state.statuses(REPOSITORY, head)).toEqual([]);
  });
});

describe("a fork's pull request", () => {
  it('sets no status: its token is read-only, and nothing it left could be trusted', async () => {
    const gh = await fakeGitHub();
    registerPull(gh, head, 'forker', 'forker/policies');
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: PULL, baseSha: base, headSha: head, headRepo: 'forker/policies' }),
      inputs: { comment: 'off' },
    });
    expect(result.outputs.verdict).toBe('fail');
    expect(result.outputs['impact-digest']).toBe(judged.digest);
    expect(writes(gh)).toEqual([]);
    expect(result.stdout).toContain("a fork's pull request: its token cannot set commit statuses");
  });
});

describe('mode: accept, by comment', () => {
  it.each<[FakeRole, boolean]>([
    ['none', false],
    ['read', false],
    ['triage', false],
    ['write', false],
    ['maintain', true],
    ['admin', true],
  ])('a %s collaborator accepts: %s', async (role, accepts) => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', role);
    const result = await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.short}`);
    if (accepts) expectAccepted(gh, result, 'lead');
    else
      expectRefused(
        gh,
        result,
        new RegExp(`@lead has ${role} permission on this repository; accepting needs maintain`),
      );
  });

  it('accept-permission: write lets a writer accept', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'write');
    const result = await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.short}`, {
      'accept-permission': 'write',
    });
    expectAccepted(gh, result, 'lead');
  });

  it('the author cannot accept their own change, whatever their permission', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, AUTHOR, 'admin');
    const result = await commentAndAccept(gh, AUTHOR, `/policy-replay accept ${judged.short}`);
    expectRefused(gh, result, /the author of a pull request cannot accept its impact/);
  });

  it("a fork's author cannot accept: neither the author nor a maintainer", async () => {
    const gh = await judgedFake({ author: 'forker', headRepo: 'forker/policies' });
    const result = await commentAndAccept(gh, 'forker', `/policy-replay accept ${judged.short}`);
    expectRefused(gh, result, /the author of a pull request cannot accept/);
  });

  it('a fork owner who is not the author has only read permission', async () => {
    const gh = await judgedFake({ author: 'forker', headRepo: 'forker/policies' });
    const result = await commentAndAccept(gh, 'friend-of-forker', `/policy-replay accept ${judged.short}`);
    expectRefused(gh, result, /@friend-of-forker has read permission/);
  });

  it('a bot is refused unless accept-users names it', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'release-bot[bot]', 'admin');
    const refused = await commentAndAccept(gh, 'release-bot[bot]', `/policy-replay accept ${judged.short}`);
    expectRefused(
      gh,
      refused,
      /@release-bot\[bot\] is a bot; a bot accepts only when `accept-users` names it/,
    );

    const listed = await judgedFake();
    const result = await commentAndAccept(
      listed,
      'release-bot[bot]',
      `/policy-replay accept ${judged.short}`,
      {
        'accept-users': 'release-bot[bot]',
      },
    );
    expectAccepted(listed, result, 'release-bot[bot]');
  });

  it('accept-users: a team member accepts with read permission; a failed team lookup does not', async () => {
    const gh = await judgedFake();
    gh.state.addTeamMember('acme', 'policy-owners', 'owner1');
    const result = await commentAndAccept(gh, 'owner1', `/policy-replay accept ${judged.short}`, {
      'accept-users': '@acme/policy-owners',
    });
    expectAccepted(gh, result, 'owner1');

    const hidden = await judgedFake();
    hidden.state.addTeamMember('acme', 'policy-owners', 'owner1');
    hidden.inject({
      match: { route: /^\/orgs\/acme\/teams\// },
      times: Infinity,
      status: 403,
      body: { message: 'Forbidden' },
    });
    const refused = await commentAndAccept(hidden, 'owner1', `/policy-replay accept ${judged.short}`, {
      'accept-users': '@acme/policy-owners',
    });
    expectRefused(hidden, refused, /@owner1 has read permission/);
  });

  it('a wrong digest is refused, naming the impact on the head', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const wrong = judged.short.startsWith('0') ? '1'.repeat(12) : '0'.repeat(12);
    const result = await commentAndAccept(gh, 'lead', `/policy-replay accept ${wrong}`);
    expectRefused(
      gh,
      result,
      new RegExp(`the impact on the head ${head.slice(0, 12)} is ${judged.short}, not ${wrong}`),
    );
  });

  it('a malformed command gets the usage; conversation gets nothing at all', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const malformed = await commentAndAccept(gh, 'lead', '/policy-replay accept please');
    expectRefused(gh, malformed, /the first line is not an acceptance; write `\/policy-replay accept/);

    const quiet = await judgedFake();
    const before = quiet.requests.length;
    const chat = await commentAndAccept(
      quiet,
      'lead',
      `looks good, I will /policy-replay accept ${judged.short} later`,
    );
    expect(chat.code).toBe(0);
    expect(quiet.requests.length).toBe(before);
  });

  it('a stale head: the head moved and has no status of its own yet', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const moved = 'c'.repeat(40);
    gh.state.pushHead(REPOSITORY, PULL, moved);
    const result = await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.short}`);
    expectRefused(
      gh,
      result,
      new RegExp(`the head moved to ${moved.slice(0, 12)} after the report you accepted`),
    );
    expect(gh.state.statuses(REPOSITORY, moved)).toEqual([]);
  });

  it('an edited acceptance comment does not count', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const body = `/policy-replay accept ${judged.short}`;
    const comment = gh.state.addComment(REPOSITORY, PULL, { body: 'lgtm', login: 'lead' });
    gh.state.editComment(REPOSITORY, comment.id, body);
    const result = await acceptRun(
      gh,
      'issue_comment',
      commentEvent({ id: comment.id, body, login: 'lead' }),
    );
    expectRefused(gh, result, /this comment was edited after it was posted/);
  });

  it('a forged success status by another account is not policy-replay’s: the status it reads is its own', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    gh.state.addStatus(REPOSITORY, head, {
      state: 'success',
      context: 'policy-replay',
      description: `accepted by @mallory for ${judged.short}`,
      targetUrl: judged.targetUrl,
      login: 'mallory',
    });
    const result = await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.short}`);
    expect(writes(gh)[0]).toBe(`POST /repos/${REPOSITORY}/statuses/${head}`);
    expect(gh.state.statuses(REPOSITORY, head)[0]).toMatchObject({
      description: `accepted by @lead for ${judged.short}`,
      creator: { login: ACTION_LOGIN },
    });
    expect(result.outputs['accepted-by']).toBe('lead');
  });

  it('a forged hidden block in an edited sticky comment changes nothing: the status decides', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const sticky = gh.state.comments(REPOSITORY, PULL)[0]!;
    const forged = judged.comment
      .replace(judged.digest, 'f'.repeat(64))
      .replace(`"head":"${head}"`, `"head":"${'d'.repeat(40)}"`);
    gh.state.editComment(REPOSITORY, sticky.id, forged, { login: 'mallory' });
    const wrong = await commentAndAccept(gh, 'lead', `/policy-replay accept ${'f'.repeat(12)}`);
    expectRefused(gh, wrong, new RegExp(`is ${judged.short}, not ffffffffffff`));
  });
});

describe('mode: accept binds to what the acceptor could have read', () => {
  it('a comment posted before the impact was judged is refused', async () => {
    const gh = await fakeGitHub();
    registerPull(gh);
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const body = `/policy-replay accept ${judged.short}`;
    const early = gh.state.addComment(REPOSITORY, PULL, { body, login: 'lead' });
    addJudgement(gh);
    const result = await acceptRun(gh, 'issue_comment', commentEvent({ id: early.id, body, login: 'lead' }));
    expectRefused(gh, result, /was judged after this comment was posted/);
  });

  it('digits another impact of the pull request shares are refused (an author can collide 48 bits)', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const earlier = 'e'.repeat(40);
    gh.state.pushHead(REPOSITORY, PULL, earlier);
    gh.state.pushHead(REPOSITORY, PULL, head);
    const twin =
      `${judged.short}${'0'.repeat(52)}` === judged.digest
        ? `${judged.short}${'1'.repeat(52)}`
        : `${judged.short}${'0'.repeat(52)}`;
    gh.state.addStatus(REPOSITORY, earlier, {
      state: 'failure',
      context: 'policy-replay',
      description: `impact ${judged.short}: failed newly-allowed, uncovered-newly-allowed`,
      targetUrl: `https://github.example/${REPOSITORY}/actions/runs/1#policy-replay-impact=${twin}`,
      login: ACTION_LOGIN,
    });
    const result = await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.short}`);
    expectRefused(
      gh,
      result,
      new RegExp(`another impact of this pull request also starts with ${judged.short}`),
    );

    const whole = await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.digest}`);
    expect(whole.outputs['accepted-by']).toBe('lead');
  });
});

describe('mode: accept, by review', () => {
  it('an approving review accepts', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    expectAccepted(
      gh,
      await reviewAndAccept(gh, 'APPROVED', `/policy-replay accept ${judged.short}\n\nIntended: writes.`),
      'lead',
    );
  });

  it('a review submitted on another commit than the head does not', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const result = await reviewAndAccept(gh, 'APPROVED', `/policy-replay accept ${judged.short}`, base);
    expectRefused(
      gh,
      result,
      new RegExp(`this review was submitted on ${base.slice(0, 12)}, not on the head`),
    );
  });

  it('a review that does not approve does not', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const result = await reviewAndAccept(gh, 'COMMENTED', `/policy-replay accept ${judged.short}`);
    expectRefused(gh, result, /only an approving review accepts an impact/);
  });
});

describe('an acceptance by review, after a push that keeps the impact', () => {
  // Before the re-runs below, which move the workspace to a head with another policy.
  it('is kept: the review is bound to the commit its acceptance was set on', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const accepted = await reviewAndAccept(gh, 'APPROVED', `/policy-replay accept ${judged.short}`, head);
    expect(accepted.outputs['accepted-by']).toBe('lead');
    const docs = ws.commit({ 'README.md': 'policies, reviewed by review\n' }, 'docs again');
    gh.state.pushHead(REPOSITORY, PULL, docs);
    const result = await pullRun(gh, docs);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.outputs['accepted-by']).toBe('lead');
    expect(newestStatus(gh, docs).description).toBe(`accepted by @lead for ${judged.short}`);
  });
});

describe('re-runs after an acceptance', () => {
  let gh: FakeGitHub;
  let sameImpact: string;

  beforeAll(async () => {
    gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    const accepted = await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.short}`);
    expect(accepted.outputs['accepted-by']).toBe('lead');
  });

  it('a push that keeps the impact (a README edit) keeps the acceptance, and says so', async () => {
    sameImpact = ws.commit({ 'README.md': 'policies, reviewed\n' }, 'docs');
    gh.state.pushHead(REPOSITORY, PULL, sameImpact);
    const before = gh.requests.length;
    const result = await pullRun(gh, sameImpact);
    expect(result.code).toBe(0);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.outputs['impact-digest']).toBe(judged.digest);
    expect(result.outputs['accepted-by']).toBe('lead');
    expect(newestStatus(gh, sameImpact)).toMatchObject({
      state: 'success',
      description: `accepted by @lead for ${judged.short}`,
      creator: { login: ACTION_LOGIN },
    });
    expect(stickyBody(gh)).toContain(`## ✅ accepted by @lead for ${judged.short} — 1 request newly allowed`);
    const sticky = gh.state.comments(REPOSITORY, PULL).find((c) => c.body.startsWith(MARKER))!;
    expect(
      gh.requests
        .slice(before)
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.route}`),
    ).toEqual([
      `POST /repos/${REPOSITORY}/statuses/${sameImpact}`,
      `PATCH /repos/${REPOSITORY}/issues/comments/${sticky.id}`,
    ]);
    expect((result.report as unknown as { impact: unknown }).impact).toEqual({
      digest: judged.digest,
      accepted_by: 'lead',
      voided: null,
    });
  });

  it('a push that changes the impact voids it: the run fails and says the acceptance was for another impact', async () => {
    const changed = ws.commit(
      {
        'policies/a.yaml': toolPolicy([
          { id: 'allow-read', effect: 'allow', tools: ['read_file', 'write_file', 'delete_file'] },
        ]),
      },
      'allow deletes too',
    );
    gh.state.pushHead(REPOSITORY, PULL, changed);
    const result = await pullRun(gh, changed);
    expect(result.code).not.toBe(0);
    expect(result.outputs.verdict).toBe('fail');
    expect(result.outputs['impact-digest']).not.toBe(judged.digest);
    expect(result.outputs['accepted-by']).toBe('');
    const status = newestStatus(gh, changed);
    expect(status.state).toBe('failure');
    expect(status.description).toBe(
      `impact ${result.outputs['impact-digest']!.slice(0, 12)}: failed newly-allowed, uncovered-newly-allowed`,
    );
    expect(stickyBody(gh)).toContain(
      `**The acceptance by @lead was for impact \`${judged.short}\`, another impact**`,
    );
    expect(stickyBody(gh)).toMatch(/^## ❌ 1 request newly allowed — review needed$/m);
  }, 60_000);
});

describe('an acceptance comment edited after the fact', () => {
  it('no longer keeps a re-run green', async () => {
    const gh = await judgedFake();
    gh.state.setPermission(REPOSITORY, 'lead', 'maintain');
    await commentAndAccept(gh, 'lead', `/policy-replay accept ${judged.short}`);
    const acceptance = gh.state.comments(REPOSITORY, PULL).find((c) => c.user.login === 'lead')!;
    gh.state.editComment(REPOSITORY, acceptance.id, `/policy-replay accept ${judged.short}\nedited`);
    const result = await pullRun(gh, head);
    expect(result.outputs.verdict).toBe('fail');
    expect(newestStatus(gh).state).toBe('failure');
    expect(stickyBody(gh)).toContain('comment or review was edited or removed since');
  });
});
