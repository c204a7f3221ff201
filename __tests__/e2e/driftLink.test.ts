/**
 * docs/review.md "Warnings": when the sample's recorded decisions disagree with the base, the
 * pull request's comment links the policy's open drift issue — the one the Action's own identity
 * keeps (its marker, its login, open) — and no other. Against the fake GitHub API.
 */
import { describe, expect, it } from '@jest/globals';
import { driftMarker } from '../../src/github/driftIssue.js';
import { GitWorkspace, REPOSITORY, jsonl, toolRecord } from './harness.js';
import { READ_ONLY, READ_WRITE, modified, runPullRequest, suiteFakeGitHub } from './fixtures.js';

const POLICY = 'policies/a.yaml';
const start = suiteFakeGitHub();

/** A base that denies writes, a sample where the live gateway allowed one, a head allowing writes. */
function repository(): { ws: GitWorkspace; base: string; head: string } {
  const ws = new GitWorkspace('drift-link-');
  const base = ws.commit(
    {
      [POLICY]: READ_ONLY,
      'traffic/a.jsonl': jsonl([
        toolRecord({ id: 'r1', tool: 'read_file', recorded: 'allow' }),
        toolRecord({ id: 'r2', tool: 'write_file', minute: 1, recorded: 'allow' }),
      ]),
    },
    'base',
  );
  const head = ws.commit({ [POLICY]: READ_WRITE }, 'allow writes');
  return { ws, base, head };
}

const commentOf = (gh: Awaited<ReturnType<typeof start>>, number: number) =>
  gh.state.comments(REPOSITORY, number)[0]!.body;

describe('the comment links the open drift issue of a policy whose recorded decisions disagree with the base', () => {
  it('links the open issue the Action keeps, not a closed one or one another user opened', async () => {
    const gh = await start();
    const body = `${driftMarker(POLICY)}\nrecorded decisions drift`;
    gh.state.addIssue(REPOSITORY, { title: 'old drift', body, labels: ['policy-drift'], state: 'closed' });
    gh.state.addIssue(REPOSITORY, { title: 'forged', body, labels: ['policy-drift'], login: 'mallory' });
    const own = gh.state.addIssue(REPOSITORY, { title: 'drift', body, labels: ['policy-drift'] });
    const { ws, base, head } = repository();
    const run = await runPullRequest(gh, ws, {
      number: 21,
      baseSha: base,
      headSha: head,
      files: modified(POLICY),
    });
    expect(run.code).toBe(1);
    const comment = commentOf(gh, 21);
    expect(comment).toContain('1 recorded decision');
    expect(comment).toContain(`[the drift issue](https://github.example/${REPOSITORY}/issues/${own.number})`);
    expect(comment.match(/\/issues\/\d+\)/g)).toEqual([`/issues/${own.number})`]);
    // Looking the issue up wrote nothing: the status and the comment are the only writes.
    expect(gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.route}`)).toEqual([
      `POST /repos/${REPOSITORY}/statuses/${head}`,
      `POST /repos/${REPOSITORY}/issues/21/comments`,
    ]);
  });

  it('names the disagreement without a link when no drift issue is open', async () => {
    const gh = await start();
    const { ws, base, head } = repository();
    const run = await runPullRequest(gh, ws, {
      number: 22,
      baseSha: base,
      headSha: head,
      files: modified(POLICY),
    });
    expect(run.code).toBe(1);
    const comment = commentOf(gh, 22);
    expect(comment).toContain('1 recorded decision');
    expect(comment).not.toContain('drift issue');
  });
});
