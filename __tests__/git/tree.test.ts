import { describe, expect, it } from '@jest/globals';
import { findTreeEntry } from '../../src/git/tree.js';

/** A raw tree object of `[mode, name, id hex]` entries, in the order given. */
function rawTree(entries: [string, string | Buffer, string][]): Buffer {
  return Buffer.concat(
    entries.flatMap(([mode, name, id]) => [
      Buffer.from(`${mode} `, 'latin1'),
      typeof name === 'string' ? Buffer.from(name, 'utf8') : name,
      Buffer.from([0]),
      Buffer.from(id, 'hex'),
    ]),
  );
}

const ID = 'ab'.repeat(20);
const ID256 = 'cd'.repeat(32);

describe('findTreeEntry', () => {
  it("shows each entry as git ls-tree does: git's canonical mode and the type the mode implies", () => {
    const tree = rawTree([
      ['100644', 'plain', ID],
      ['100664', 'group-writable', ID],
      ['100755', 'exec', ID],
      ['120000', 'link', ID],
      ['40000', 'dir', ID],
      ['160000', 'sub', ID],
      ['170000', 'odd', ID],
    ]);
    const shown = ['plain', 'group-writable', 'exec', 'link', 'dir', 'sub', 'odd'].map((name) => {
      const entry = findTreeEntry(tree, name, 20);
      return entry && `${entry.mode} ${entry.type} ${entry.oid}`;
    });
    expect(shown).toEqual([
      `100644 blob ${ID}`,
      `100644 blob ${ID}`,
      `100755 blob ${ID}`,
      `120000 blob ${ID}`,
      `040000 tree ${ID}`,
      `160000 commit ${ID}`,
      `160000 commit ${ID}`,
    ]);
  });

  it('compares names byte for byte: no prefix, no case folding, no pattern, U+FFFD is not an invalid byte', () => {
    const tree = rawTree([
      ['100644', 'a.yaml', ID],
      ['100644', Buffer.from([0x62, 0xff]), ID],
      ['100644', '*', ID],
    ]);
    expect(findTreeEntry(tree, 'a', 20)).toBeNull();
    expect(findTreeEntry(tree, 'A.YAML', 20)).toBeNull();
    expect(findTreeEntry(tree, 'a.yam?', 20)).toBeNull();
    expect(findTreeEntry(tree, 'b\ufffd', 20)).toBeNull();
    expect(findTreeEntry(tree, '*', 20)?.oid).toBe(ID);
    expect(findTreeEntry(tree, '', 20)).toBeNull();
  });

  it('reads 32-byte ids of a SHA-256 repository, and refuses a truncated tree', () => {
    const tree = rawTree([
      ['100644', 'one', ID256],
      ['100644', 'two', ID256],
    ]);
    expect(findTreeEntry(tree, 'two', 32)?.oid).toBe(ID256);
    expect(() => findTreeEntry(tree.subarray(0, tree.length - 1), 'three', 32)).toThrow(/truncated/);
  });
});
