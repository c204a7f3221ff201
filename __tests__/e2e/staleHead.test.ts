/**
 * A run started for one push of a pull request, when the pull request has been pushed again
 * before the run asked the API: the workspace holds the merge of the old head, the API names the
 * new one. The run judges nothing and fails with a message saying so (the newer push has its own
 * run); it never judges the new head against the merge base while saying the pull request "may
 * have conflicts". The committed dist/index.js runs on a real git repository with the real OPA.
 */
import { describe, expect, it } from '@jest/globals';
import { git } from '../git/gitRepo.js';
import { READ_ONLY, READ_WRITE, modified, runPullRequest, suiteFakeGitHub } from './fixtures.js';
import {
  GitWorkspace,
  REPOSITORY,
  describeRun,
  jsonl,
  pullRequestEvent,
  runAction,
  toolRecord,
} from './harness.js';

const fakeGitHub = suiteFakeGitHub();

const POLICY = 'policies/acme.yaml';
const READ = toolRecord({ id: 'r1', tool: 'read_file' });
const WRITE = toolRecord({ id: 'w1', tool: 'write_file' });

function history() {
  const ws = new GitWorkspace('stale');
  const base = ws.commit({ [POLICY]: READ_ONLY, 'traffic/acme.jsonl': jsonl([READ, WRITE]) }, 'base');
  git(ws.dir, 'checkout', '--quiet', '-b', 'feature');
  const oldHead = ws.commit({ 'notes.md': 'first push\n' }, 'first push');
  const newHead = ws.commit({ [POLICY]: READ_WRITE }, 'second push: allow writes');
  // refs/pull/7/merge as GitHub made it for the first push.
  git(ws.dir, 'checkout', '--quiet', '--detach', base);
  git(ws.dir, 'merge', '--quiet', '--no-ff', '--no-edit', oldHead);
  const oldMerge = git(ws.dir, 'rev-parse', 'HEAD');
  return { ws, base, oldHead, newHead, oldMerge };
}

describe('a run for a head the pull request no longer has', () => {
  it('fails, judging nothing and posting nothing, and says a newer push has its own run', async () => {
    const { ws, base, oldHead, newHead, oldMerge } = history();
    const gh = await fakeGitHub();
    // The API already reports the second push.
    gh.state.addPull(REPOSITORY, {
      number: 7,
      baseSha: base,
      headSha: newHead,
      files: modified(POLICY),
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      // The event that started this run: the first push, and its merge checked out.
      event: pullRequestEvent({ number: 7, baseSha: base, headSha: oldHead }),
      sha: oldMerge,
    });
    expect(result.code).toBe(1);
    const errors = result.annotations.filter((a) => a.kind === 'error').map((a) => a.message);
    expect(errors).toEqual([
      expect.stringContaining(
        `this run was started for the pull request's head ${oldHead}, but its head is now ${newHead}`,
      ),
    ]);
    expect(errors[0]).toContain('the newer push has its own run');
    expect(gh.state.comments(REPOSITORY, 7)).toEqual([]);
    expect(result.summary).not.toContain('may have conflicts');
    expect(result.stdout).not.toContain('judging the head commit');
  });

  it('the same run, when the pull request still has that head, judges its merge against the base tip', async () => {
    const { ws, base, oldHead, oldMerge } = history();
    const result = await runPullRequest(
      await fakeGitHub(),
      ws,
      { baseSha: base, headSha: oldHead, files: [{ filename: 'notes.md', status: 'added' }] },
      { sha: oldMerge },
    );
    expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
      code: 0,
      log: '',
    });
    expect((result.report as unknown as { judged?: { against: string } })?.judged?.against).toBe('base-tip');
  });
});
