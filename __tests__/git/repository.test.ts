import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  FileTooLargeError,
  GitError,
  checkedOutCommit,
  commitParents,
  diffNameStatus,
  ensureCommits,
  hasCommit,
  mergeBase,
  parseNameStatus,
  readFileAtCommit,
  resolvePathAtCommit,
  symlinksAtCommit,
  treeEntry,
  whyNoFileAtCommit,
} from '../../src/git/repository.js';
import { commit, git, initRepo, removeDir, tempDir } from './gitRepo.js';

let origin: string;
let shallow: string;
let base: string;
let head: string;
let mainTip: string;

beforeAll(() => {
  origin = tempDir('origin');
  initRepo(origin);
  // Lets a clone fetch a commit by id, as GitHub allows.
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  base = commit(
    origin,
    {
      'policies/acme.yaml': 'default_effect: deny\nrules: []\n',
      'policies/old name.yaml': 'default_effect: allow\nrules: []\n',
      'policies/gone.json': '{"default_effect":"deny","rules":[]}\n',
      'docs/readme.md': 'hello\n',
    },
    'base',
  );
  git(origin, 'checkout', '--quiet', '-b', 'feature');
  head = commit(
    origin,
    {
      'policies/acme.yaml': 'default_effect: allow\nrules: []\n',
      'policies/old name.yaml': null,
      'policies/new\tname.yaml': 'default_effect: allow\nrules: []\n',
      'policies/gone.json': null,
      'policies/new.yml': 'default_effect: deny\nrules: []\n',
    },
    'head',
  );
  git(origin, 'checkout', '--quiet', 'main');
  mainTip = commit(origin, { 'docs/readme.md': 'changed on main\n' }, 'main moves on');

  shallow = tempDir('shallow');
  git(shallow, 'clone', '--quiet', '--depth=1', '--branch=main', `file://${origin}`, '.');
});

afterAll(() => {
  removeDir(origin);
  removeDir(shallow);
});

describe('readFileAtCommit', () => {
  it('returns the content at each commit, and null where the file does not exist', async () => {
    expect(await readFileAtCommit(origin, base, 'policies/acme.yaml')).toBe(
      'default_effect: deny\nrules: []\n',
    );
    expect(await readFileAtCommit(origin, head, 'policies/acme.yaml')).toBe(
      'default_effect: allow\nrules: []\n',
    );
    expect(await readFileAtCommit(origin, head, './policies/acme.yaml')).toBe(
      'default_effect: allow\nrules: []\n',
    );
    expect(await readFileAtCommit(origin, head, 'policies/gone.json')).toBeNull();
    expect(await readFileAtCommit(origin, base, 'policies/new.yml')).toBeNull();
  });

  it('refuses a file over maxBytes by its size, before reading it', async () => {
    const text = 'default_effect: allow\nrules: []\n';
    expect(await readFileAtCommit(origin, head, 'policies/acme.yaml', { maxBytes: text.length })).toBe(text);
    const error = await readFileAtCommit(origin, head, 'policies/acme.yaml', {
      maxBytes: text.length - 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as Error).message).toContain(`policies/acme.yaml is ${text.length} bytes, over the`);
  });

  it('names the commit checked out in the work tree', async () => {
    expect(await checkedOutCommit(origin)).toBe(git(origin, 'rev-parse', 'HEAD'));
  });

  it('treats a directory as no file', async () => {
    expect(await readFileAtCommit(origin, head, 'policies')).toBeNull();
  });

  it('fails (does not return null) when the commit itself is missing', async () => {
    await expect(readFileAtCommit(shallow, head, 'policies/acme.yaml')).rejects.toThrow(
      `commit ${head} is not in the checkout`,
    );
  });

  it('refuses anything but a full hex commit id, so no value can act as an option', async () => {
    const error = await readFileAtCommit(origin, '--output=/tmp/x', 'a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitError);
    expect((error as GitError).message).toContain('is not a full commit id');
  });
});

describe('ensureCommits', () => {
  it('fetches missing commits into a shallow clone, keeping it shallow', async () => {
    const clone = tempDir('clone');
    try {
      git(clone, 'clone', '--quiet', '--depth=1', '--branch=main', `file://${origin}`, '.');
      expect(await hasCommit(clone, head)).toBe(false);
      await ensureCommits(clone, [mainTip, head]);
      expect(await hasCommit(clone, head)).toBe(true);
      expect(git(clone, 'rev-parse', '--is-shallow-repository')).toBe('true');
      expect(await readFileAtCommit(clone, head, 'policies/new.yml')).toBe(
        'default_effect: deny\nrules: []\n',
      );
      // Depth 1 on both sides: the merge base is not known locally.
      expect(await mergeBase(clone, mainTip, head)).toBeNull();
    } finally {
      removeDir(clone);
    }
  });

  it('fails with a clear typed error when the commit cannot be fetched', async () => {
    const lonely = tempDir('lonely');
    try {
      initRepo(lonely);
      commit(lonely, { 'a.txt': 'a' }, 'only');
      const error = await ensureCommits(lonely, [head]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitError);
      expect((error as GitError).message).toContain(
        `commit(s) ${head} are not in the checkout and could not be fetched`,
      );
    } finally {
      removeDir(lonely);
    }
  });
});

describe('diffNameStatus', () => {
  it('lists added, modified, removed and renamed files between the merge base and head', async () => {
    const from = await mergeBase(origin, mainTip, head);
    expect(from).toBe(base);
    const files = await diffNameStatus(origin, from ?? '', head);
    expect(files).toEqual([
      { filename: 'policies/acme.yaml', status: 'modified' },
      { filename: 'policies/gone.json', status: 'removed' },
      { filename: 'policies/new\tname.yaml', status: 'renamed', previous_filename: 'policies/old name.yaml' },
      { filename: 'policies/new.yml', status: 'added' },
    ]);
  });
});

describe('parseNameStatus', () => {
  it('parses NUL-separated entries, including copies and type changes', () => {
    expect(parseNameStatus('M\0a b\0C075\0x\0y\0T\0link\0')).toEqual([
      { filename: 'a b', status: 'modified' },
      { filename: 'y', status: 'copied', previous_filename: 'x' },
      { filename: 'link', status: 'changed' },
    ]);
    expect(parseNameStatus('')).toEqual([]);
  });

  it('rejects output it does not understand instead of dropping entries', () => {
    expect(() => parseNameStatus('X\0a\0')).toThrow("unexpected git diff status 'X'");
    expect(() => parseNameStatus('R100\0only-one\0')).toThrow('truncated');
  });
});

describe('commitParents', () => {
  it('reads a merge commit’s parents in order, even from a depth-1 clone that hides them', async () => {
    const repo = tempDir('parents');
    try {
      initRepo(repo);
      git(repo, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
      const fork = commit(repo, { 'a.txt': 'a\n' }, 'fork');
      git(repo, 'checkout', '--quiet', '-b', 'topic');
      const topic = commit(repo, { 'b.txt': 'b\n' }, 'topic');
      git(repo, 'checkout', '--quiet', 'main');
      const tip = commit(repo, { 'c.txt': 'c\n' }, 'tip');
      git(repo, 'merge', '--quiet', '--no-ff', '--no-edit', 'topic');
      const merge = git(repo, 'rev-parse', 'HEAD');
      expect(await commitParents(repo, merge)).toEqual([tip, topic]);
      expect(await commitParents(repo, fork)).toEqual([]);
      const clone = tempDir('parents-shallow');
      try {
        git(clone, 'clone', '--quiet', '--depth=1', `file://${repo}`, '.');
        expect(git(clone, 'rev-parse', 'HEAD')).toBe(merge);
        expect(await commitParents(clone, merge)).toEqual([tip, topic]);
      } finally {
        removeDir(clone);
      }
    } finally {
      removeDir(repo);
    }
  });
});

describe('resolvePathAtCommit', () => {
  it('follows links in directories and files within the commit, and refuses ones that leave it', async () => {
    const repo = tempDir('links');
    try {
      initRepo(repo);
      mkdirSync(join(repo, 'real/team'), { recursive: true });
      writeFileSync(join(repo, 'real/team/acme.yaml'), 'default_effect: deny\nrules: []\n');
      symlinkSync('real', join(repo, 'alias'));
      symlinkSync('../real/team/acme.yaml', join(repo, 'real/up.yaml'));
      symlinkSync('../../outside.yaml', join(repo, 'real/out.yaml'));
      symlinkSync('self.yaml', join(repo, 'self.yaml'));
      const sha = commit(repo, {}, 'links');
      expect((await resolvePathAtCommit(repo, sha, 'alias/team/acme.yaml'))?.path).toBe(
        'real/team/acme.yaml',
      );
      expect(await readFileAtCommit(repo, sha, 'alias/up.yaml')).toBe('default_effect: deny\nrules: []\n');
      expect(await resolvePathAtCommit(repo, sha, 'alias/missing.yaml')).toBeNull();
      await expect(resolvePathAtCommit(repo, sha, 'real/out.yaml')).rejects.toThrow(
        /leads out of the repository/,
      );
      await expect(resolvePathAtCommit(repo, sha, 'self.yaml')).rejects.toThrow(/more than 40 symlinks/);
      expect(await symlinksAtCommit(repo, sha)).toEqual([
        'alias',
        'real/out.yaml',
        'real/up.yaml',
        'self.yaml',
      ]);
    } finally {
      removeDir(repo);
    }
  });
});

describe('paths are looked up in the tree objects, never handed to git', () => {
  it('finds exactly the entry `git ls-tree --full-tree <sha> -- <path>` lists under that path', async () => {
    const repo = tempDir('trees');
    try {
      initRepo(repo);
      const files = {
        'p/a.yaml': 'a\n',
        'p/deep/er/b.yaml': 'b\n',
        'p/[x]*?.yaml': 'glob\n',
        'p/ünï cödé.yaml': 'utf8\n',
        'p/tab\there.yaml': 'tab\n',
        'run.sh': '#!/bin/sh\n',
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(repo, path, '..'), { recursive: true });
        writeFileSync(join(repo, path), text);
      }
      chmodSync(join(repo, 'run.sh'), 0o755);
      symlinkSync('a.yaml', join(repo, 'p/link.yaml'));
      git(repo, 'add', '-A');
      // A submodule entry, as a gitlink to some commit.
      git(repo, 'update-index', '--add', '--cacheinfo', `160000,${base},p/sub`);
      // Committed from the index as it is (commit() would add -A, dropping the gitlink).
      git(repo, 'commit', '--quiet', '-m', 'trees');
      const sha = git(repo, 'rev-parse', 'HEAD');
      const paths = [
        ...Object.keys(files),
        'p',
        'p/deep',
        'p/deep/er',
        'p/link.yaml',
        'p/link.yaml/x',
        'p/sub',
        'p/sub/x',
        'p/a.yaml/x',
        'p/[x]a.yaml',
        'p/missing.yaml',
        'p//a.yaml',
        'p/./a.yaml',
        'p/deep/../a.yaml',
        'p/',
        'P/A.YAML',
      ];
      const mismatches: unknown[] = [];
      for (const path of paths) {
        const listed = git(repo, '--literal-pathspecs', 'ls-tree', '-z', '--full-tree', sha, '--', path)
          .split('\0')
          .filter((record) => record.slice(record.indexOf('\t') + 1) === path)
          .map((record) => {
            const [mode, type, oid] = record.slice(0, record.indexOf('\t')).split(' ');
            return { mode, type, oid };
          });
        const found = await treeEntry(repo, sha, path);
        if (JSON.stringify(found) !== JSON.stringify(listed[0] ?? null))
          mismatches.push({ path, found, listed });
      }
      expect(mismatches).toEqual([]);
      expect((await treeEntry(repo, sha, 'run.sh'))?.mode).toBe('100755');
      expect((await treeEntry(repo, sha, 'p/sub'))?.type).toBe('commit');
      expect(await whyNoFileAtCommit(repo, sha, 'p/sub')).toBe('it is a submodule, not a file');
      expect(await whyNoFileAtCommit(repo, sha, 'p/deep')).toBe('it is a directory, not a file');
    } finally {
      removeDir(repo);
    }
  });

  it('answers many reads at once, each with its own object, from one repository', async () => {
    const reads = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        readFileAtCommit(
          origin,
          i % 2 === 0 ? base : head,
          i % 3 === 0 ? 'policies/acme.yaml' : 'docs/readme.md',
        ),
      ),
    );
    const expected = Array.from({ length: 40 }, (_, i) =>
      i % 3 === 0 ? `default_effect: ${i % 2 === 0 ? 'deny' : 'allow'}\nrules: []\n` : 'hello\n',
    );
    expect(reads).toEqual(expected);
  });

  it('a folder that is not a repository has no commit, as before', async () => {
    const dir = tempDir('not-a-repo');
    try {
      expect(await hasCommit(dir, base)).toBe(false);
      await expect(readFileAtCommit(dir, base, 'policies/acme.yaml')).rejects.toThrow(
        `commit ${base} is not in the checkout`,
      );
      await expect(commitParents(dir, base)).rejects.toBeInstanceOf(GitError);
    } finally {
      removeDir(dir);
    }
  });

  it('a commit the repository does not have fails a lookup with a GitError, not null', async () => {
    await expect(treeEntry(shallow, head, 'policies/acme.yaml')).rejects.toBeInstanceOf(GitError);
    await expect(commitParents(shallow, head)).rejects.toThrow(`Not a valid object name ${head}`);
  });
});
