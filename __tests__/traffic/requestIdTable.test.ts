/**
 * RequestIdTable keeps the first line of each request id (duplicate detection, on the main thread
 * and in every worker: src/traffic/requestIdTable.ts). Unit tests of the sources.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { RequestIdTable } from '../../src/traffic/requestIdTable.js';
import { SIZES } from '../support/sizes.js';

describe('RequestIdTable', () => {
  it('keeps the first line of each id, exactly, through growth', () => {
    const table = new RequestIdTable();
    const ids = Array.from({ length: SIZES.requestIds }, (_, i) => `req-${i.toString(36)}`);
    // One assertion over every id (the mismatches collected), not one expect() per id.
    const firstClaims = ids.flatMap((id, i) => {
      const got = table.claim(id, i + 1);
      return got === undefined ? [] : [{ id, got }];
    });
    expect(firstClaims).toEqual([]);
    const repeats = ids.flatMap((id, i) => {
      const got = table.claim(id, 99_999);
      return got === i + 1 ? [] : [{ id, expected: i + 1, got }];
    });
    expect(repeats).toEqual([]);
    expect(table.size).toBe(ids.length);
  });
  it('tells apart ids that UTF-8 or a hash could confuse: lone surrogates, long ids, prefixes', () => {
    const table = new RequestIdTable();
    const long = 'x'.repeat((1 << 20) + 5);
    const cases = ['\ud800', '\udc00', '\ufffd', 'é', 'e\u0301', long, `${long}y`, 'a', 'aa', ''];
    expect(cases.map((id, i) => table.claim(id, i + 1))).toEqual(cases.map(() => undefined));
    expect(cases.map((id) => table.claim(id, 0))).toEqual(cases.map((_, i) => i + 1));
  });
  it('agrees with a Map on random ids', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { maxLength: 300 }), (ids) => {
        const table = new RequestIdTable();
        const map = new Map<string, number>();
        const got: (number | undefined)[] = [];
        const expected: (number | undefined)[] = [];
        ids.forEach((id, i) => {
          expected.push(map.get(id));
          if (!map.has(id)) map.set(id, i);
          got.push(table.claim(id, i));
        });
        expect(got).toEqual(expected);
      }),
      { numRuns: SIZES.fastCheckRuns },
    );
  });
});
