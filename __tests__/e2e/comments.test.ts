/**
 * The comment file and the sticky comments, end to end from dist/index.js: the `comment-file`
 * output, two configurations keeping two comments (`comment-id`), and `mode: post-comment`
 * refusing hostile artifacts (the fork recipe's happy path is forkRecipe.test.ts).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeGitHub } from '../support/fakeGithub.js';
import { modified, runPullRequest, suiteFakeGitHub, twoPoliciesAllowingWrites } from './fixtures.js';
import {
  GitWorkspace,
  MARKER,
  REPOSITORY,
  describeRun,
  jsonl,
  pullRequestEvent,
  runAction,
  scratchDir,
  toolPolicy,
  toolRecord,
  type ActionResult,
} from './harness.js';

const fakeGitHub = suiteFakeGitHub();

let ws: GitWorkspace;
let base: string;
let head: string;

beforeAll(() => {
  ({ ws, base, head } = twoPoliciesAllowingWrites('comments'));
});

function addPull(gh: FakeGitHub, number: number, files = ['policies/a.yaml', 'policies/b.yaml']) {
  return gh.state.addPull(REPOSITORY, {
    number,
    baseSha: base,
    headSha: head,
    headRef: 'allow-writes',
    files: modified(...files),
  });
}

function pullRun(gh: FakeGitHub, number: number, inputs: Record<string, string> = {}): Promise<ActionResult> {
  return runAction({
    apiUrl: gh.url,
    workspace: ws.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ number, baseSha: base, headSha: head }),
    inputs: { 'fail-on': 'none', ...inputs },
  });
}

describe('the comment-file output', () => {
  it('holds the body the sticky comment gets, without its marker', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 1);
    const result = await pullRun(gh, 1);
    expect(result.code).toBe(0);
    const file = result.outputs['comment-file']!;
    const body = readFileSync(file, 'utf8');
    expect(body).toContain('policies/a.yaml');
    expect(gh.state.comments(REPOSITORY, 1).map((c) => c.body)).toEqual([`${MARKER}\n${body}`]);
  });

  it('is written with comment: off too, and nothing is posted', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 2);
    const result = await pullRun(gh, 2, { comment: 'off' });
    expect(result.code).toBe(0);
    expect(readFileSync(result.outputs['comment-file']!, 'utf8')).toContain('newly allowed');
    expect(gh.requests.filter((r) => /comments/.test(r.route))).toEqual([]);
  });

  it('is an empty file when the pull request changes no policy', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 3, ['README.md']);
    const result = await pullRun(gh, 3);
    expect(result.code).toBe(0);
    expect(readFileSync(result.outputs['comment-file']!, 'utf8')).toBe('');
  });
});

describe('comment-id: two configurations, two sticky comments', () => {
  it('each keeps its own comment, found by its own marker, updated in place', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 4);
    const a = await pullRun(gh, 4, { policies: 'policies/a.yaml', 'comment-id': 'team-a' });
    const b = await pullRun(gh, 4, { policies: 'policies/b.yaml', 'comment-id': 'team-b' });
    expect([a.code, b.code]).toEqual([0, 0]);
    // Two steps of one job share RUNNER_TEMP in real runs: the files must not collide.
    expect(a.outputs['comment-file']).toMatch(/comment-\d+\.1\.__acme_policy-replay\.team-a\.md$/);
    const comments = gh.state.comments(REPOSITORY, 4);
    expect(comments).toHaveLength(2);
    expect(comments[0]!.body.startsWith('<!-- policy-replay:comment:team-a -->\n')).toBe(true);
    expect(comments[0]!.body).toContain('policies/a.yaml');
    expect(comments[0]!.body).not.toContain('policies/b.yaml');
    expect(comments[1]!.body.startsWith('<!-- policy-replay:comment:team-b -->\n')).toBe(true);
    expect(comments[1]!.body).toContain('policies/b.yaml');

    // A run without an id keeps a third, unsuffixed comment, and leaves the two others alone.
    const plain = await pullRun(gh, 4);
    expect(plain.code).toBe(0);
    expect(gh.state.comments(REPOSITORY, 4)).toHaveLength(3);

    // A new head for team-a: its comment is edited in place; team-b's is untouched.
    const before = gh.requests.length;
    const again = await pullRun(gh, 4, {
      policies: 'policies/a.yaml',
      'comment-id': 'team-a',
      'max-changes': '0',
    });
    expect(again.code).toBe(0);
    const writes = gh.requests.slice(before).filter((r) => r.method !== 'GET');
    // Each configuration keeps its own status too: the context carries the comment id.
    expect(writes.map((r) => [r.method, r.route, (r.body as { context?: string }).context])).toEqual([
      ['POST', `/repos/acme/policies/statuses/${head}`, 'policy-replay/team-a'],
      ['PATCH', `/repos/acme/policies/issues/comments/${comments[0]!.id}`, undefined],
    ]);
    expect(gh.state.comments(REPOSITORY, 4)[1]!.body).toBe(comments[1]!.body);
  });

  it('rejects an id that could not name a marker or a file', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 5);
    const result = await pullRun(gh, 5, { 'comment-id': 'a -->' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Invalid comment-id/);
    expect(gh.requests).toEqual([]);
  });
});

describe('mode: post-comment refuses a hostile artifact', () => {
  const runEvent = (headSha: string, extra: Record<string, unknown> = {}) => ({
    workflow_run: { id: 77, event: 'pull_request', head_sha: headSha, head_branch: 'allow-writes', ...extra },
    repository: { full_name: REPOSITORY, private: false },
  });

  async function post(
    gh: FakeGitHub,
    files: { comment: string | Uint8Array; number: string },
    event: Record<string, unknown> = runEvent(head),
    eventName = 'workflow_run',
  ): Promise<ActionResult> {
    const dir = scratchDir('artifact');
    writeFileSync(join(dir, 'comment.md'), files.comment);
    writeFileSync(join(dir, 'pr-number'), files.number);
    return runAction({
      apiUrl: gh.url,
      workspace: scratchDir('no-checkout'),
      eventName,
      event,
      inputs: {
        mode: 'post-comment',
        'comment-file': join(dir, 'comment.md'),
        'pull-request-file': join(dir, 'pr-number'),
      },
    });
  }

  const writes = (gh: FakeGitHub) => gh.requests.filter((r) => r.method !== 'GET');

  it('posts a plain body on the pull request the number names', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 10);
    const result = await post(gh, { comment: 'hello\n', number: '10\n' });
    expect(result.code).toBe(0);
    expect(gh.state.comments(REPOSITORY, 10).map((c) => c.body)).toEqual([`${MARKER}\nhello\n`]);
  });

  it.each([
    ['a number that is not one', '10; rm -rf /', /does not hold a pull request number/],
    ['a number with an extra line', '10\nverdict=pass', /does not hold a pull request number/],
    ['no number', '', /does not hold a pull request number/],
  ])('%s: fails, posts nothing', async (_name, number, message) => {
    const gh = await fakeGitHub();
    addPull(gh, 11);
    const result = await post(gh, { comment: 'hello', number });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(message);
    expect(writes(gh)).toEqual([]);
  });

  it("the number of another pull request (not the run's head commit): fails, posts nothing", async () => {
    const gh = await fakeGitHub();
    addPull(gh, 12);
    gh.state.addPull(REPOSITORY, {
      number: 13,
      baseSha: base,
      headSha: base,
      headRef: 'someone-else',
      files: [],
    });
    const result = await post(gh, { comment: 'approved!', number: '13' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/the number does not belong to that run; nothing posted/);
    expect(writes(gh)).toEqual([]);
  });

  it('a pull request that has moved on since the run: a warning, nothing posted, success', async () => {
    const gh = await fakeGitHub();
    const pull = addPull(gh, 14);
    pull.headSha = base; // a newer push on the same branch
    const result = await post(gh, { comment: 'old news', number: '14' });
    expect(result.code).toBe(0);
    expect(result.annotations.map((a) => [a.kind, a.message])).toEqual([
      ['warning', expect.stringMatching(/has moved on .* left to the newer run/)],
    ]);
    expect(writes(gh)).toEqual([]);
  });

  it('a number of a pull request that does not exist: fails', async () => {
    const gh = await fakeGitHub();
    const result = await post(gh, { comment: 'x', number: '404' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/pull request #404 does not exist/);
    expect(writes(gh)).toEqual([]);
  });

  it('an oversized or binary comment file: fails before any API call', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 15);
    const big = await post(gh, { comment: 'x'.repeat(65_536 * 4 + 1), number: '15' });
    expect(big.code).toBe(1);
    expect(big.stdout).toMatch(/larger than 262144 bytes; nothing posted/);
    const binary = await post(gh, { comment: new Uint8Array([0xc3, 0x28]), number: '15' });
    expect(binary.code).toBe(1);
    expect(binary.stdout).toMatch(/not UTF-8/);
    expect(gh.requests).toEqual([]);
  });

  it("another configuration's marker is removed, and the body's workflow commands never reach the log", async () => {
    const gh = await fakeGitHub();
    addPull(gh, 16);
    const other = gh.state.addComment(REPOSITORY, 16, {
      body: '<!-- policy-replay:comment:security -->\nmine',
    });
    const hostile =
      '<!-- policy-replay:comment:security -->\n::error::forged\n::set-output name=verdict::pass\n';
    const result = await post(gh, { comment: hostile, number: '16' });
    expect(result.code).toBe(0);
    expect(result.annotations).toEqual([]);
    expect(result.stdout).not.toContain('forged');
    const comments = gh.state.comments(REPOSITORY, 16);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toEqual(other);
    expect(comments[1]!.body).toBe(`${MARKER}\n\n::error::forged\n::set-output name=verdict::pass\n`);
  });

  it('an empty comment file (no policy changed): nothing posted, success', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 17);
    const result = await post(gh, { comment: '', number: '17' });
    expect(result.code).toBe(0);
    expect(writes(gh)).toEqual([]);
  });

  it('runs only on workflow_run events that followed a pull_request run', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 18);
    const onPull = await post(
      gh,
      { comment: 'x', number: '18' },
      pullRequestEvent({ number: 18, baseSha: base, headSha: head }),
      'pull_request',
    );
    expect(onPull.code).toBe(1);
    expect(onPull.stdout).toMatch(/runs on the workflow_run event/);
    const afterPush = await post(gh, { comment: 'x', number: '18' }, runEvent(head, { event: 'push' }));
    expect(afterPush.code).toBe(1);
    expect(afterPush.stdout).toMatch(/was a 'push' run, not a pull_request run/);
    expect(writes(gh)).toEqual([]);
  });

  it('a token that cannot write fails the run: posting is all this mode does', async () => {
    const gh = await fakeGitHub();
    addPull(gh, 19);
    gh.inject({
      match: { method: 'POST' },
      times: 5,
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    const result = await post(gh, { comment: 'x', number: '19' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/pull-requests: write/);
    expect(describeRun(result)).toContain('403');
  });
});

describe('the comment size', () => {
  it('an emoji-heavy report stays within 65,536 characters counted as code points and as UTF-16 units', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('astral');
    // 600 newly allowed requests, each a tool name of 90 emoji (two UTF-16 units each).
    const tools = Array.from({ length: 600 }, (_, i) => `${'😀'.repeat(90)}${i}`);
    const records = jsonl(tools.map((tool, i) => toolRecord({ id: `r${i}`, tool, minute: i })));
    const closed = toolPolicy([{ id: 'a', effect: 'allow', tools: ['none'] }], 'deny');
    const open = toolPolicy([{ id: 'a', effect: 'allow', tools: ['none'] }], 'allow');
    const base = ws.commit({ 'policies/gw.yaml': closed, 'traffic/gw.jsonl': records }, 'base');
    const head = ws.commit({ 'policies/gw.yaml': open }, 'head');
    const result = await runPullRequest(
      gh,
      ws,
      { number: 40, baseSha: base, headSha: head, files: modified('policies/gw.yaml') },
      { inputs: { 'max-changes': '1000', 'max-groups': '1000' } },
    );
    expect(result.outputs['newly-allowed']).toBe('600');
    const comments = gh.state.comments(REPOSITORY, 40);
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect([...body].length).toBeLessThanOrEqual(65_536);
    // Cut to fit, saying so, with the job summary holding more.
    expect(body).toMatch(/job summary/);
    expect(result.summary.length).toBeGreaterThan(body.length);
  });
});
