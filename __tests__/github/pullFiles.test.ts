import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';

import { createGitHubClient } from '../../src/github/client.js';
import { PullFilesIncompleteError, listPullFiles } from '../../src/github/pullFiles.js';
import type { FakeGitHub, FakePullFile } from '../support/fakeGithub.js';
import { startFakeGitHub } from '../support/fakeGithub.js';
import { commit, git, initRepo, removeDir, tempDir } from '../git/gitRepo.js';

const FILE_COUNT = 3500;

let fake: FakeGitHub | undefined;
let origin: string;
let base: string;
let head: string;
let mainTip: string;
let apiFiles: FakePullFile[];

function name(i: number): string {
  return `policies/p${String(i).padStart(4, '0')}.yaml`;
}

beforeAll(() => {
  origin = tempDir('bigpr');
  initRepo(origin);
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  base = commit(origin, { 'README.md': 'base\n', 'policies/removed.yaml': 'x: 1\n' }, 'base');
  git(origin, 'checkout', '--quiet', '-b', 'feature');
  const added: Record<string, string | null> = { 'policies/removed.yaml': null };
  for (let i = 0; i < FILE_COUNT - 1; i++) added[name(i)] = `default_effect: deny\nid: ${i}\n`;
  head = commit(origin, added, 'a huge PR');
  git(origin, 'checkout', '--quiet', 'main');
  mainTip = commit(origin, { 'README.md': 'main moved\n' }, 'main moves on');
  // What GitHub would list: alphabetical, capped by the fake at 3000.
  apiFiles = [
    ...Array.from({ length: FILE_COUNT - 1 }, (_, i) => ({ filename: name(i), status: 'added' as const })),
    { filename: 'policies/removed.yaml', status: 'removed' as const },
  ];
});

afterAll(() => removeDir(origin));
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function clientFor(gh: FakeGitHub) {
  return createGitHubClient({ token: 't', apiUrl: gh.url, retryDelayScale: 0.001 });
}

describe('listPullFiles', () => {
  it('pages through 250 files with per_page=100 and keeps renames', async () => {
    fake = await startFakeGitHub();
    const files: FakePullFile[] = Array.from({ length: 249 }, (_, i) => ({
      filename: name(i),
      status: 'modified',
    }));
    files.push({ filename: 'policies/new.yaml', status: 'renamed', previous_filename: 'policies/old.yaml' });
    fake.state.addPull('acme/policies', { number: 4, baseSha: base, headSha: head, files });
    const result = await listPullFiles(clientFor(fake), {
      owner: 'acme',
      repo: 'policies',
      pullNumber: 4,
      workspace: '/nonexistent',
    });
    expect(result.source).toBe('api');
    expect(result.files).toHaveLength(250);
    expect(result.files[249]).toEqual({
      filename: 'policies/new.yaml',
      status: 'renamed',
      previous_filename: 'policies/old.yaml',
    });
    expect(result).toMatchObject({ baseSha: base, headSha: head, changedFiles: 250 });
    expect(
      fake.requestsTo('GET', '/repos/acme/policies/pulls/4/files').map((r) => r.query.page ?? '1'),
    ).toEqual(['1', '2', '3']);
  });

  it('falls back to git diff when the API stops at 3000 of 3500 files (full clone)', async () => {
    fake = await startFakeGitHub();
    fake.state.addPull('acme/policies', { number: 5, baseSha: mainTip, headSha: head, files: apiFiles });
    const result = await listPullFiles(clientFor(fake), {
      owner: 'acme',
      repo: 'policies',
      pullNumber: 5,
      workspace: origin,
    });
    expect(fake.requestsTo('GET', '/repos/acme/policies/pulls/5/files')).toHaveLength(30);
    expect(result.source).toBe('git');
    expect(result.changedFiles).toBe(FILE_COUNT);
    expect(result.files).toHaveLength(FILE_COUNT);
    // Listed from the merge base: main's README change is not part of the PR.
    expect(result.files.some((file) => file.filename === 'README.md')).toBe(false);
    expect(result.files).toContainEqual({ filename: name(FILE_COUNT - 2), status: 'added' });
    expect(result.files).toContainEqual({ filename: 'policies/removed.yaml', status: 'removed' });
  });

  it('in a shallow checkout fetches the commits and asks GitHub for the merge base', async () => {
    fake = await startFakeGitHub();
    fake.state.addPull('acme/policies', { number: 5, baseSha: mainTip, headSha: head, files: apiFiles });
    fake.state.setMergeBase('acme/policies', mainTip, head, base);
    const clone = tempDir('shallow-big');
    try {
      git(clone, 'clone', '--quiet', '--depth=1', '--branch=main', `file://${origin}`, '.');
      const result = await listPullFiles(clientFor(fake), {
        owner: 'acme',
        repo: 'policies',
        pullNumber: 5,
        workspace: clone,
      });
      expect(result.source).toBe('git');
      expect(result.files).toHaveLength(FILE_COUNT);
      expect(fake.requestsTo('GET', `/repos/acme/policies/compare/${mainTip}...${head}`)).toHaveLength(1);
    } finally {
      removeDir(clone);
    }
  });

  it('falls back when changed_files exceeds the listing even below 3000', async () => {
    fake = await startFakeGitHub();
    fake.state.addPull('acme/policies', {
      number: 6,
      baseSha: mainTip,
      headSha: head,
      files: apiFiles.slice(0, 10),
      changedFiles: FILE_COUNT,
    });
    const result = await listPullFiles(clientFor(fake), {
      owner: 'acme',
      repo: 'policies',
      pullNumber: 6,
      workspace: origin,
    });
    expect(result.source).toBe('git');
    expect(result.files).toHaveLength(FILE_COUNT);
  });

  it('fails closed with a typed error when git lacks the commits', async () => {
    fake = await startFakeGitHub();
    fake.state.addPull('acme/policies', { number: 5, baseSha: mainTip, headSha: head, files: apiFiles });
    const lonely = tempDir('lonely');
    try {
      initRepo(lonely);
      commit(lonely, { 'a.txt': 'a' }, 'unrelated');
      const error = await listPullFiles(clientFor(fake), {
        owner: 'acme',
        repo: 'policies',
        pullNumber: 5,
        workspace: lonely,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PullFilesIncompleteError);
      expect(error).toMatchObject({
        kind: 'pull-files-incomplete',
        pullNumber: 5,
        listed: 3000,
        changedFiles: 3500,
      });
      expect((error as Error).message).toContain('changes 3500 files but the GitHub API listed only 3000');
      expect((error as Error).message).toContain('fetch-depth: 0');
    } finally {
      removeDir(lonely);
    }
  });
});
