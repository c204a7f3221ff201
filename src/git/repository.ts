/**
 * The project's one way of reading git: policy files, file lists and the tracked files of the
 * workspace's repository. Commands run through `execFile('git', [...])` with an argument array
 * (gitProcess.ts): no shell, so no value from a pull request (paths, refs) can be interpreted as
 * shell syntax, and commit ids are checked to be hex first so none can be read as an option
 * either. Objects are read by id from one `git cat-file` process per repository (catFile.ts), and
 * paths are looked up in the tree objects here (tree.ts): no path is ever handed to git.
 */
import { objectInfo, readObject, type GitObject } from './catFile.js';
import { GitError, SHA_PATTERN, checkSha, runGit } from './gitProcess.js';
import { findTreeEntry, treeEntries, type TreeEntry } from './tree.js';

export { GitError };

/** How a file changed, in the pull-request files API's words. */
export type FileChangeStatus =
  'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';

export interface GitChangedFile {
  filename: string;
  status: FileChangeStatus;
  previous_filename?: string;
}

/** True when the commit object is in the local repository. */
export async function hasCommit(cwd: string, sha: string): Promise<boolean> {
  checkSha(sha);
  try {
    return (await objectInfo(cwd, `${sha}^{commit}`)) !== null;
  } catch (error) {
    if (error instanceof GitError && error.exitCode !== null) return false;
    throw error;
  }
}

/**
 * Makes sure every commit is present, fetching the missing ones from `remote` in one call. A
 * shallow checkout (actions/checkout's default depth 1) gets `--depth=1` so the fetch stays
 * small; a full clone must not get it, or the fetch would make it shallow.
 */
export async function ensureCommits(cwd: string, shas: readonly string[], remote = 'origin'): Promise<void> {
  const missing: string[] = [];
  for (const sha of new Set(shas)) {
    if (!(await hasCommit(cwd, sha))) missing.push(sha);
  }
  if (missing.length === 0) return;
  const shallow = (await runGit(cwd, ['rev-parse', '--is-shallow-repository'])).stdout
    .toString('utf8')
    .trim();
  const depth = shallow === 'true' ? ['--depth=1'] : [];
  try {
    await runGit(cwd, ['fetch', '--no-tags', '--no-recurse-submodules', ...depth, remote, ...missing]);
  } catch (error) {
    const detail = error instanceof GitError ? error.stderr || error.message : String(error);
    throw new GitError(
      ['fetch', remote, ...missing],
      error instanceof GitError ? error.exitCode : null,
      detail,
      `commit(s) ${missing.join(', ')} are not in the checkout and could not be fetched from '${remote}': ${detail}`,
    );
  }
  for (const sha of missing) {
    if (!(await hasCommit(cwd, sha))) {
      throw new GitError(
        ['cat-file', '-e', sha],
        null,
        '',
        `commit ${sha} is still missing after fetching it`,
      );
    }
  }
}

/**
 * A symlink in a commit's tree that cannot be followed: it leads out of the repository (an
 * absolute target, or `..` past the root), or through more links than MAX_SYMLINKS (a loop).
 */
export class SymlinkError extends Error {
  override readonly name = 'SymlinkError';
  readonly kind = 'symlink' as const;
  constructor(
    /** The path asked for, repository-relative. */
    readonly path: string,
    readonly problem: 'leaves-repository' | 'too-many-links',
    message: string,
  ) {
    super(message);
  }
}

/** As Linux's MAXSYMLINKS: more links than this on one path is taken for a loop. */
export const MAX_SYMLINKS = 40;

const SYMLINK_MODE = '120000';

/** As `git cat-file` fails on an object it does not have (exit code 128). */
function missingObject(args: readonly string[], name: string): GitError {
  const stderr = `fatal: Not a valid object name ${name}`;
  return new GitError(args, 128, stderr, `git ${args[0] ?? ''} failed: ${stderr}`);
}

/** The object `oid` read whole, as `git cat-file <type> <oid>` would, or a GitError. */
async function readTyped(cwd: string, type: string, oid: string): Promise<GitObject> {
  const object = await readObject(cwd, oid);
  if (object === null) throw missingObject(['cat-file', type, oid], oid);
  if (object.type !== type) {
    const stderr = `fatal: git cat-file ${oid}: bad file`;
    throw new GitError(['cat-file', type, oid], 128, stderr, `git cat-file failed: ${stderr}`);
  }
  return object;
}

/**
 * The entry at `path` (no symlink on the way) in the tree of `sha`, or null when there is none:
 * what `git ls-tree --full-tree <sha> -- <path>` lists under that exact path, found by reading the
 * trees on the way (a path naming no entry, such as `a//b` or `a/./b`, finds none).
 */
export async function treeEntry(cwd: string, sha: string, path: string): Promise<TreeEntry | null> {
  if (path === '') {
    const stderr =
      'fatal: empty string is not a valid pathspec. please use . instead if you meant to match all paths';
    throw new GitError(['ls-tree'], 128, stderr, `git ls-tree failed: ${stderr}`);
  }
  let tree = await readObject(cwd, `${sha}^{tree}`);
  if (tree === null) throw missingObject(['ls-tree', sha], sha);
  const names = path.split('/');
  for (let i = 0; ; i++) {
    const entry = findTreeEntry(tree.content, names[i] ?? '', tree.oid.length / 2);
    if (entry === null || i === names.length - 1) return entry;
    if (entry.type !== 'tree') return null;
    tree = await readTyped(cwd, 'tree', entry.oid);
  }
}

/**
 * Where `path` leads at commit `sha`, following every symlink on the way (in directories too)
 * within that commit's tree, as the file system would after checking it out: the final entry and
 * its symlink-free path, or null when nothing is there. A link out of the repository or a chain
 * longer than MAX_SYMLINKS is a SymlinkError.
 */
export async function resolvePathAtCommit(
  cwd: string,
  sha: string,
  path: string,
): Promise<{ path: string; entry: TreeEntry } | null> {
  checkSha(sha);
  const asked = path.replace(/^\.?\/+/, '');
  const parts = (p: string) => p.split('/').filter((c) => c !== '' && c !== '.');
  let pending = parts(asked);
  const resolved: string[] = [];
  let links = 0;
  while (pending.length > 0) {
    const [name, ...rest] = pending as [string, ...string[]];
    pending = rest;
    if (name === '..') {
      if (resolved.length === 0)
        throw new SymlinkError(
          asked,
          'leaves-repository',
          `${asked} leads out of the repository (through "..")`,
        );
      resolved.pop();
      continue;
    }
    const at = [...resolved, name].join('/');
    const entry = await treeEntry(cwd, sha, at);
    if (entry === null) return null;
    if (entry.mode === SYMLINK_MODE) {
      if (++links > MAX_SYMLINKS)
        throw new SymlinkError(
          asked,
          'too-many-links',
          `${asked} goes through more than ${MAX_SYMLINKS} symlinks at ${sha} (a loop?)`,
        );
      const target = (await readTyped(cwd, 'blob', entry.oid)).content.toString('utf8');
      if (target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target))
        throw new SymlinkError(
          asked,
          'leaves-repository',
          `${asked} is a symlink at ${sha} to the absolute path ${JSON.stringify(target)}, outside the repository`,
        );
      pending = [...parts(target), ...pending];
      continue;
    }
    if (pending.length > 0 && entry.type !== 'tree') return null;
    resolved.push(name);
    if (pending.length === 0) return { path: at, entry };
  }
  return null;
}

/**
 * The content of `path` (relative to the repository root) at commit `sha`, or null when no file
 * exists there at that commit. A symlink is followed within the commit's tree (resolvePathAtCommit),
 * so a policy that is a link is read from its target. A missing commit is an error, not null:
 * reporting "absent" for a commit we simply do not have would make a changed policy look deleted
 * or added.
 */
export async function readFileAtCommit(
  cwd: string,
  sha: string,
  path: string,
  options: { maxBytes?: number } = {},
): Promise<string | null> {
  if (!(await hasCommit(cwd, sha))) {
    throw new GitError(['cat-file', '-e', sha], null, '', `commit ${sha} is not in the checkout`);
  }
  const found = await resolvePathAtCommit(cwd, sha, path);
  // A directory (or submodule) by that name is not a policy file.
  if (found === null || found.entry.type !== 'blob') return null;
  if (options.maxBytes !== undefined) {
    // The blob's size from its header, before a byte of it is read.
    const info = await objectInfo(cwd, found.entry.oid);
    if (info === null) throw missingObject(['cat-file', '-s', found.entry.oid], found.entry.oid);
    const size = info.size;
    if (!(size <= options.maxBytes)) throw new FileTooLargeError(path, size, options.maxBytes);
  }
  return (await readTyped(cwd, 'blob', found.entry.oid)).content.toString('utf8');
}

/** A blob's bytes by id, after its size is checked against `maxBytes` (FileTooLargeError). */
export async function readBlob(cwd: string, oid: string, path: string, maxBytes: number): Promise<Buffer> {
  const info = await objectInfo(cwd, oid);
  if (info === null) throw missingObject(['cat-file', '-s', oid], oid);
  if (!(info.size <= maxBytes)) throw new FileTooLargeError(path, info.size, maxBytes);
  return (await readTyped(cwd, 'blob', oid)).content;
}

/** The entries of a tree object by id. */
export async function readTreeEntries(
  cwd: string,
  oid: string,
): Promise<{ name: string; entry: TreeEntry }[]> {
  const tree = await readTyped(cwd, 'tree', oid);
  return treeEntries(tree.content, tree.oid.length / 2);
}

/**
 * Why readFileAtCommit found no file at `path` at commit `sha`, in words for an error: nothing is
 * there, a symlink whose target is not there, a directory or a submodule.
 */
export async function whyNoFileAtCommit(cwd: string, sha: string, path: string): Promise<string> {
  const asked = path.replace(/^\.?\/+/, '');
  const found = await resolvePathAtCommit(cwd, sha, asked);
  if (found !== null) {
    const what =
      found.entry.type === 'tree'
        ? 'a directory'
        : found.entry.type === 'commit'
          ? 'a submodule'
          : `a ${found.entry.type}`;
    return found.path === asked
      ? `it is ${what}, not a file`
      : `it leads to ${found.path}, ${what}, not a file`;
  }
  const own = await treeEntry(cwd, sha, asked);
  if (own?.mode === SYMLINK_MODE) {
    const target = (await readTyped(cwd, 'blob', own.oid)).content.toString('utf8');
    return `it is a symlink to ${JSON.stringify(target)}, which does not exist at that commit`;
  }
  return own === null ? 'nothing is there (or a symlink on the way leads nowhere)' : 'it is not a file';
}

/** A file at a commit is larger than the caller's bound; it was not read. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  constructor(
    readonly path: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(
      `${path} is ${bytes.toLocaleString('en-US')} bytes, over the ${limit.toLocaleString('en-US')}-byte limit ` +
        "for a policy (raise it with --max-policy-bytes, or max-policy-bytes in the Action's limits input)",
    );
  }
}

/** Whether the repository at `cwd` is a shallow clone (part of its history is missing). */
export async function isShallowRepository(cwd: string): Promise<boolean> {
  return (
    (await runGit(cwd, ['rev-parse', '--is-shallow-repository'])).stdout.toString('utf8').trim() === 'true'
  );
}

/** The commit checked out in the work tree at `cwd` (HEAD). */
export async function checkedOutCommit(cwd: string): Promise<string> {
  const { stdout } = await runGit(cwd, ['rev-parse', '--verify', '--end-of-options', 'HEAD^{commit}']);
  return stdout.toString('utf8').trim();
}

/** The paths of every symlink in the tree of `sha`. */
export async function symlinksAtCommit(cwd: string, sha: string): Promise<string[]> {
  checkSha(sha);
  const { stdout } = await runGit(cwd, ['ls-tree', '-r', '-z', '--full-tree', sha]);
  const links: string[] = [];
  for (const record of stdout.toString('utf8').split('\0')) {
    const tab = record.indexOf('\t');
    if (tab !== -1 && record.startsWith(`${SYMLINK_MODE} `)) links.push(record.slice(tab + 1));
  }
  return links;
}

/**
 * The parents of a present commit, in order, as the commit object records them. Read from the
 * object itself, so a shallow checkout (where git hides the parents beyond its depth) still tells.
 */
export async function commitParents(cwd: string, sha: string): Promise<string[]> {
  checkSha(sha);
  const object = await readObject(cwd, `${sha}^{commit}`);
  if (object === null) throw missingObject(['cat-file', 'commit', sha], sha);
  const text = object.content.toString('utf8');
  const header = text.slice(0, text.indexOf('\n\n') === -1 ? text.length : text.indexOf('\n\n'));
  return header
    .split('\n')
    .filter((line) => line.startsWith('parent '))
    .map((line) => line.slice('parent '.length).trim())
    .filter((parent) => SHA_PATTERN.test(parent));
}

/** The merge base of two present commits, or null when the local history cannot tell (shallow). */
export async function mergeBase(cwd: string, base: string, head: string): Promise<string | null> {
  checkSha(base);
  checkSha(head);
  try {
    const out = (await runGit(cwd, ['merge-base', base, head])).stdout.toString('utf8').trim();
    return SHA_PATTERN.test(out) ? out : null;
  } catch (error) {
    if (error instanceof GitError && error.exitCode !== null) return null;
    throw error;
  }
}

function statusOf(code: string): FileChangeStatus | undefined {
  switch (code[0]) {
    case 'A':
      return 'added';
    case 'M':
      return 'modified';
    case 'D':
      return 'removed';
    case 'R':
      return 'renamed';
    case 'C':
      return 'copied';
    case 'T':
      return 'changed';
    default:
      return undefined;
  }
}

/** Parses `git diff --name-status -z` output: status NUL path [NUL path] per entry. */
export function parseNameStatus(output: string): GitChangedFile[] {
  const fields = output.split('\0');
  if (fields[fields.length - 1] === '') fields.pop();
  const files: GitChangedFile[] = [];
  for (let i = 0; i < fields.length;) {
    const code = fields[i++] ?? '';
    const status = statusOf(code);
    if (status === undefined) throw new GitError(['diff'], null, '', `unexpected git diff status '${code}'`);
    if (status === 'renamed' || status === 'copied') {
      const from = fields[i++];
      const to = fields[i++];
      if (from === undefined || to === undefined) {
        throw new GitError(['diff'], null, '', `truncated git diff entry for status '${code}'`);
      }
      files.push({ filename: to, status, previous_filename: from });
    } else {
      const name = fields[i++];
      if (name === undefined)
        throw new GitError(['diff'], null, '', `truncated git diff entry for status '${code}'`);
      files.push({ filename: name, status });
    }
  }
  return files;
}

/**
 * The files changed between two commits, as the pull-request files API reports them: the diff
 * from `from` to `to` with rename detection. Pass the merge base as `from` to get the PR's view
 * (`base...head`). Both commits must be present (see `ensureCommits`).
 */
export async function diffNameStatus(cwd: string, from: string, to: string): Promise<GitChangedFile[]> {
  checkSha(from);
  checkSha(to);
  const { stdout } = await runGit(cwd, [
    // Past git's rename limit renames come out as add + delete: both names are still listed, so no
    // policy is missed, and an exhaustive rename search over thousands of files could take minutes.
    'diff',
    '--no-ext-diff',
    '--no-textconv',
    '--name-status',
    '-z',
    '-M',
    from,
    to,
    '--',
  ]);
  return parseNameStatus(stdout.toString('utf8'));
}

/** The files git tracks in the work tree at `cwd` (repository-relative, `/`-separated). */
export async function trackedFiles(cwd: string): Promise<string[]> {
  const { stdout } = await runGit(cwd, ['ls-files', '-z']);
  return stdout
    .toString('utf8')
    .split('\0')
    .filter((p) => p !== '');
}
