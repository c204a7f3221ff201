import { resolvePathAtCommit, SymlinkError, symlinksAtCommit } from '../git/repository.js';
import { policyMatcher } from './inputPaths.js';
import type { PolicyChange } from './policyChange.js';

/**
 * A policy that is a symlink is its target: a pull request that edits only the target changes
 * the policy, though the link itself is not in its file list. So every policy path that is a
 * symlink at `head` and not already listed is compared by what it leads to at each commit; one
 * that leads elsewhere (or that cannot be followed, which reading it then reports) is a change.
 */
export async function symlinkedPolicyChanges(
  cwd: string,
  commits: { base: string; head: string },
  globs: readonly string[],
  listed: readonly PolicyChange[],
): Promise<PolicyChange[]> {
  const matches = policyMatcher(globs);
  const known = new Set(
    listed.flatMap((c) => [c.path, ...(c.previousPath === null ? [] : [c.previousPath])]),
  );
  const target = async (sha: string, path: string): Promise<string | null> => {
    try {
      return (await resolvePathAtCommit(cwd, sha, path))?.entry.oid ?? null;
    } catch (error) {
      if (error instanceof SymlinkError) return `unfollowable:${error.message}`;
      throw error;
    }
  };
  const changes: PolicyChange[] = [];
  for (const link of await symlinksAtCommit(cwd, commits.head)) {
    if (!matches(link) || known.has(link)) continue;
    const [before, after] = [await target(commits.base, link), await target(commits.head, link)];
    if (before !== after || after?.startsWith('unfollowable:'))
      changes.push({ path: link, status: 'modified', previousPath: null });
  }
  return changes;
}
