/**
 * Entries of raw git tree objects (`<mode> <name>\0<binary id>`, as `git cat-file tree` gives
 * them), looked up here so that no path from a pull request is ever handed to git.
 */

/** An entry of a tree as `git ls-tree` shows it: canonical mode, the type the mode implies, id. */
export interface TreeEntry {
  mode: string;
  type: string;
  oid: string;
}

/** git's canon_mode and object_type: what `git ls-tree` prints for a raw mode. */
function canonical(raw: string): { mode: string; type: string } {
  const mode = parseInt(raw, 8);
  switch (mode & 0o170000) {
    case 0o100000:
      return { mode: mode & 0o100 ? '100755' : '100644', type: 'blob' };
    case 0o120000:
      return { mode: '120000', type: 'blob' };
    case 0o040000:
      return { mode: '040000', type: 'tree' };
    default:
      return { mode: '160000', type: 'commit' };
  }
}

/**
 * The entry named `name` in the raw tree `tree` whose ids are `idBytes` long (20 for SHA-1, 32
 * for SHA-256), or null. Names are compared byte for byte, and as text, as `git ls-tree -z`
 * matched and its output was read before.
 */
/** Every entry of a raw tree, in its order, with its name (as UTF-8 text). */
export function treeEntries(tree: Buffer, idBytes: number): { name: string; entry: TreeEntry }[] {
  const out: { name: string; entry: TreeEntry }[] = [];
  forEachRawEntry(tree, idBytes, (name, entry) => void out.push({ name: name.toString('utf8'), entry }));
  return out;
}

export function findTreeEntry(tree: Buffer, name: string, idBytes: number): TreeEntry | null {
  const wanted = Buffer.from(name, 'utf8');
  let found: TreeEntry | null = null;
  forEachRawEntry(tree, idBytes, (entryName, entry) => {
    if (found === null && entryName.equals(wanted) && entryName.toString('utf8') === name) found = entry;
  });
  return found;
}

function forEachRawEntry(tree: Buffer, idBytes: number, fn: (name: Buffer, entry: TreeEntry) => void): void {
  for (let at = 0; at < tree.length;) {
    const space = tree.indexOf(0x20, at);
    const nul = tree.indexOf(0, space + 1);
    if (space === -1 || nul === -1 || nul + 1 + idBytes > tree.length) {
      throw new Error('truncated git tree object');
    }
    const oid = tree.toString('hex', nul + 1, nul + 1 + idBytes);
    fn(tree.subarray(space + 1, nul), { ...canonical(tree.toString('latin1', at, space)), oid });
    at = nul + 1 + idBytes;
  }
}
