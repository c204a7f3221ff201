import { afterAll, describe, expect, it } from '@jest/globals';
import type { GitHubClient } from '../../src/github/client.js';
import {
  StaleRunError,
  eventPullShas,
  judgedCommits,
  mergeCommitPair,
} from '../../src/action/judgedCommits.js';
import { commit, git, initRepo, removeDir, tempDir } from '../git/gitRepo.js';

const TIP = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const MERGE = 'c'.repeat(40);

describe('mergeCommitPair', () => {
  it('judges a merge of the pull request head against its first parent, the base tip', () => {
    expect(mergeCommitPair({ sha: MERGE, parents: [TIP, HEAD] }, HEAD)).toEqual({
      against: 'base-tip',
      base: TIP,
      head: MERGE,
    });
  });

  it('has no pair for a checkout that is not a merge of that head', () => {
    expect(mergeCommitPair(null, HEAD)).toBeNull();
    expect(mergeCommitPair({ sha: HEAD, parents: [TIP] }, HEAD)).toBeNull();
    // A merge of something else, or with the head first, is not the pull request's merge.
    expect(mergeCommitPair({ sha: MERGE, parents: [TIP, 'd'.repeat(40)] }, HEAD)).toBeNull();
    expect(mergeCommitPair({ sha: MERGE, parents: [HEAD, TIP] }, HEAD)).toBeNull();
    expect(mergeCommitPair({ sha: MERGE, parents: [TIP, HEAD, 'd'.repeat(40)] }, HEAD)).toBeNull();
  });
});

describe('eventPullShas', () => {
  it("reads the event's base and head commits, lower-cased, and nothing else", () => {
    expect(
      eventPullShas({ pull_request: { base: { sha: TIP.toUpperCase() }, head: { sha: HEAD } } }),
    ).toEqual({ baseSha: TIP, headSha: HEAD });
    expect(eventPullShas({})).toEqual({ baseSha: null, headSha: null });
    expect(eventPullShas({ pull_request: { head: { sha: 'main' } } })).toEqual({
      baseSha: null,
      headSha: null,
    });
  });
});

describe('judgedCommits', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));
  const noClient = {} as GitHubClient;
  const repo = { owner: 'acme', repo: 'policies' };

  it('fails a run whose event names another head than the pull request has now, judging nothing', async () => {
    const newer = 'd'.repeat(40);
    const error = await judgedCommits({
      client: noClient,
      repo,
      workspace: '/nonexistent',
      checkoutSha: MERGE,
      pull: { baseSha: TIP, headSha: newer },
      event: { baseSha: TIP, headSha: HEAD },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleRunError);
    expect((error as Error).message).toContain(
      `started for the pull request's head ${HEAD}, but its head is now ${newer}`,
    );
  });

  function history() {
    const dir = tempDir('judged');
    dirs.push(dir);
    initRepo(dir);
    const root = commit(dir, { 'a.txt': 'root\n' }, 'root');
    const fork = commit(dir, { 'a.txt': 'fork\n' }, 'fork');
    git(dir, 'checkout', '--quiet', '-b', 'feature');
    const head = commit(dir, { 'b.txt': 'head\n' }, 'head');
    git(dir, 'checkout', '--quiet', 'main');
    const tip = commit(dir, { 'c.txt': 'tip\n' }, 'tip');
    const merge = (first: string) => {
      git(dir, 'checkout', '--quiet', '--detach', first);
      git(dir, 'merge', '--quiet', '--no-ff', '--no-edit', head);
      return git(dir, 'rev-parse', 'HEAD');
    };
    return { dir, root, fork, head, tip, merge };
  }

  it('judges a merge whose first parent is the base branch, moved on since the event, against it', async () => {
    const h = history();
    const merge = h.merge(h.tip);
    await expect(
      judgedCommits({
        client: noClient,
        repo,
        workspace: h.dir,
        checkoutSha: merge,
        pull: { baseSha: h.tip, headSha: h.head },
        event: { baseSha: h.fork, headSha: h.head },
      }),
    ).resolves.toEqual({ against: 'base-tip', base: h.tip, head: merge });
  });

  it("does not take a merge of the head into a commit off the base branch's line for the pull request's merge", async () => {
    const h = history();
    git(h.dir, 'checkout', '--quiet', '--detach', h.root);
    const side = commit(h.dir, { 'side.txt': 'side\n' }, 'side, before the fork');
    const merge = h.merge(side);
    await expect(
      judgedCommits({
        client: noClient,
        repo,
        workspace: h.dir,
        checkoutSha: merge,
        pull: { baseSha: h.tip, headSha: h.head },
        event: { baseSha: h.tip, headSha: h.head },
      }),
    ).resolves.toEqual({ against: 'merge-base', base: h.fork, head: h.head });
  });
});
