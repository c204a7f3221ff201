/**
 * A Rego bundle root as it is at one commit, written to a directory of its own for the replay
 * (docs/rego.md "The Action"): every file below the root read from git's objects (never from the
 * checkout, which is one commit only), symlinks followed within that commit's tree as a checkout
 * would (a link out of the repository, a submodule or a dangling link fails closed: the bundle
 * cannot be read as the service would), each directory once, within the bundle limits.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { FileTooLargeError, readBlob, readTreeEntries, resolvePathAtCommit } from '../git/repository.js';
import type { TreeEntry } from '../git/tree.js';
import { REGO_READ_LIMITS, type RegoReadLimits } from '../regoPolicy/readRegoPolicy.js';

export class RegoTreeError extends Error {
  override readonly name = 'RegoTreeError';
}

export interface WrittenRoot {
  files: number;
  bytes: number;
  /** SHA-256 over every file's path and bytes, in path order: equal exactly when the trees read alike. */
  sha256: string;
}

/** Writes `root` at `sha` under `dest`; null when the commit has no directory there. */
export async function writeRootAtCommit(
  workspace: string,
  sha: string,
  root: string,
  dest: string,
  limits: RegoReadLimits = REGO_READ_LIMITS,
): Promise<WrittenRoot | null> {
  const top = await resolvePathAtCommit(workspace, sha, root);
  if (top === null || top.entry.type !== 'tree') return null;
  const walk = new RootWalk(workspace, sha, root, dest, limits);
  await walk.directory(top.entry, top.path, '');
  return walk.done();
}

class RootWalk {
  private files = 0;
  private bytes = 0;
  private readonly seen = new Set<string>();
  private readonly digests: [string, string][] = [];

  constructor(
    private readonly workspace: string,
    private readonly sha: string,
    private readonly root: string,
    private readonly dest: string,
    private readonly limits: RegoReadLimits,
  ) {}

  /** The directory `resolved` (its path with links resolved) written as `relative` under dest. */
  async directory(entry: TreeEntry, resolved: string, relative: string): Promise<void> {
    if (this.seen.has(resolved)) return;
    this.seen.add(resolved);
    await mkdir(join(this.dest, relative), { recursive: true });
    for (const { name, entry: child } of await readTreeEntries(this.workspace, entry.oid)) {
      if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0'))
        throw new RegoTreeError(`${this.root}/${relative}: a tree entry named ${JSON.stringify(name)}`);
      const shown = relative === '' ? name : `${relative}/${name}`;
      await this.entry(child, `${resolved}/${name}`, shown);
    }
  }

  private async entry(entry: TreeEntry, resolved: string, shown: string): Promise<void> {
    const where = `${this.root}/${shown}`;
    if (entry.type === 'tree') return this.directory(entry, resolved, shown);
    if (entry.type === 'commit')
      throw new RegoTreeError(
        `${where} is a submodule at ${this.sha}: a bundle's files must be in the repository`,
      );
    if (entry.mode === '120000') {
      // Throws SymlinkError for a link out of the repository or a loop of links.
      const target = await resolvePathAtCommit(this.workspace, this.sha, resolved);
      if (target === null) throw new RegoTreeError(`${where} is a symlink to nothing at ${this.sha}`);
      if (target.entry.type === 'tree') return this.directory(target.entry, target.path, shown);
      if (target.entry.type !== 'blob')
        throw new RegoTreeError(`${where} leads to a submodule at ${this.sha}`);
      return this.file(target.entry, shown);
    }
    return this.file(entry, shown);
  }

  private async file(entry: TreeEntry, shown: string): Promise<void> {
    if (++this.files > this.limits.maxFiles)
      throw new RegoTreeError(`${this.root} holds more than ${this.limits.maxFiles} files at ${this.sha}`);
    const left = this.limits.maxBytes - this.bytes;
    const bytes = await readBlob(this.workspace, entry.oid, `${this.root}/${shown}`, left).catch(
      (error: unknown) => {
        if (!(error instanceof FileTooLargeError)) throw error;
        throw new RegoTreeError(
          `${this.root} is over the ${this.limits.maxBytes}-byte limit of a bundle at ${this.sha}`,
        );
      },
    );
    this.bytes += bytes.length;
    this.digests.push([shown, createHash('sha256').update(bytes).digest('hex')]);
    await writeFile(join(this.dest, shown), bytes);
  }

  done(): WrittenRoot {
    const hash = createHash('sha256');
    for (const [path, digest] of this.digests.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      hash.update(`${path}\0${digest}\n`);
    return { files: this.files, bytes: this.bytes, sha256: hash.digest('hex') };
  }
}
