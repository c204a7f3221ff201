import { describe, it, expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ChangeSetDigest } from '../../src/replay/report/changeSetDigest.js';
import { SIZES } from '../support/sizes.js';

type Change = [string, string, string];

function digestOf(changes: readonly Change[]): string {
  const set = new ChangeSetDigest();
  for (const [id, base, head] of changes) set.add(id, base, head);
  return set.digest();
}

const DECISION = fc.constantFrom('allow', 'deny', 'unknown');
const CHANGE = fc.tuple(fc.string({ maxLength: 12 }), DECISION, DECISION);

describe('ChangeSetDigest', () => {
  it('of no changes is the SHA-256 of nothing', () => {
    expect(new ChangeSetDigest().digest()).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('of one change is the SHA-256 of the hash of the JSON array `[id, base, head]`', () => {
    const entry = createHash('sha256').update('["req-1","deny","allow"]', 'utf8').digest();
    expect(digestOf([['req-1', 'deny', 'allow']])).toBe(createHash('sha256').update(entry).digest('hex'));
  });

  it('does not depend on the order the changes arrive in', () => {
    fc.assert(
      fc.property(
        fc
          .array(CHANGE, { maxLength: 90 })
          .chain((changes) =>
            fc.tuple(fc.constant(changes), fc.shuffledSubarray(changes, { minLength: changes.length })),
          ),
        ([changes, shuffled]) => {
          expect(digestOf(shuffled)).toBe(digestOf(changes));
        },
      ),
      { numRuns: SIZES.fastCheckRuns },
    );
  });

  it('differs for distinct sets', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(CHANGE, { maxLength: 20, selector: (c) => c.join('\u0001') }),
        fc.uniqueArray(CHANGE, { maxLength: 20, selector: (c) => c.join('\u0001') }),
        (a, b) => {
          const key = (s: Change[]) =>
            s
              .map((c) => JSON.stringify(c))
              .sort()
              .join('\n');
          fc.pre(key(a) !== key(b));
          expect(digestOf(a)).not.toBe(digestOf(b));
        },
      ),
      { numRuns: SIZES.fastCheckRuns },
    );
  });

  it('tells apart each field of a change', () => {
    const digests = [
      digestOf([['r1', 'deny', 'allow']]),
      digestOf([['r2', 'deny', 'allow']]),
      digestOf([['r1', 'allow', 'allow']]),
      digestOf([['r1', 'deny', 'deny']]),
      digestOf([['r1', 'allow', 'deny']]),
      digestOf([
        ['r1', 'deny', 'allow'],
        ['r1', 'deny', 'allow'],
      ]),
    ];
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('separates the request id from the decisions (no concatenation ambiguity)', () => {
    // Concatenated without structure, each pair below would hash the same bytes.
    expect(digestOf([['ab', 'allow', 'deny']])).not.toBe(digestOf([['a', 'ballow', 'deny']]));
    expect(digestOf([['a', 'allow', 'deny']])).not.toBe(digestOf([['aallow', '', 'deny']]));
    expect(digestOf([['r', 'allow', 'deny']])).not.toBe(digestOf([['r', 'allowdeny', '']]));
    // An id holding a separator cannot pose as another id with other decisions.
    expect(digestOf([['a\u0000allow', 'deny', 'allow']])).not.toBe(digestOf([['a', 'allow', 'deny']]));
    expect(digestOf([['a\u0000deny', 'allow', 'deny']])).not.toBe(
      digestOf([
        ['a', 'deny', 'allow'],
        ['a', 'allow', 'deny'],
      ]),
    );
  });

  it('keeps every change past its first 64 (it grows)', () => {
    const changes: Change[] = Array.from({ length: 300 }, (_, i) => [`req-${i}`, 'deny', 'allow']);
    const all = digestOf(changes);
    // Each change past the first 64 still counts...
    expect(digestOf(changes.slice(0, 299))).not.toBe(all);
    expect(digestOf(changes.slice(0, 65))).not.toBe(digestOf(changes.slice(0, 64)));
    expect(digestOf([...changes.slice(0, 64), ['req-x', 'deny', 'allow']])).not.toBe(
      digestOf(changes.slice(0, 65)),
    );
    // ...and the order still does not matter after growing.
    expect(digestOf([...changes].reverse())).toBe(all);
    // The digest is the hash of the sorted entry hashes, however many there are.
    const entries = changes
      .map(([id, b, h]) =>
        createHash('sha256')
          .update(JSON.stringify([id, b, h]), 'utf8')
          .digest(),
      )
      .sort(Buffer.compare);
    const expected = createHash('sha256');
    for (const e of entries) expected.update(e);
    expect(all).toBe(expected.digest('hex'));
  });

  it('may be read more than once, and keeps counting after a read', () => {
    const set = new ChangeSetDigest();
    set.add('a', 'deny', 'allow');
    const first = set.digest();
    expect(set.digest()).toBe(first);
    set.add('b', 'allow', 'deny');
    expect(set.digest()).toBe(
      digestOf([
        ['b', 'allow', 'deny'],
        ['a', 'deny', 'allow'],
      ]),
    );
  });
});

describe('ChangeSetDigest, ids holding separators', () => {
  it('keeps fields apart even when they hold NUL', () => {
    const one = new ChangeSetDigest();
    one.add('a', 'b\u0000c', 'd');
    const other = new ChangeSetDigest();
    other.add('a\u0000b', 'c', 'd');
    expect(one.digest()).not.toBe(other.digest());
  });
});
