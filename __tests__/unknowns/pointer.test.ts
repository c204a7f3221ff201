import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isInputPointer, parseInputPointer } from '../../src/unknowns/pointer.js';

/** RFC 6901 pointers below /input, the unit of a record's unknown set (docs/unknowns.md). */
describe('parseInputPointer', () => {
  it.each<[string, string[] | null]>([
    ['/input', []],
    ['/input/', ['']],
    ['/input/identity/claims/email', ['identity', 'claims', 'email']],
    ['/input/request/mcp/calls/*/tool', ['request', 'mcp', 'calls', '*', 'tool']],
    ['/input/request/mcp/calls/0', ['request', 'mcp', 'calls', '0']],
    ['/input/identity/claims/a~1b', ['identity', 'claims', 'a/b']],
    ['/input/identity/claims/a~0b', ['identity', 'claims', 'a~b']],
    // "~01" is "~1" as text: ~1 is undone before ~0 (RFC 6901 section 4).
    ['/input/identity/claims/~01', ['identity', 'claims', '~1']],
    ['/input//x', ['', 'x']],
    ['', null],
    ['/', null],
    ['input', null],
    ['/inputs', null],
    ['/inputs/identity', null],
    ['/request/time', null],
    ['#/input', null],
    ['/input/a~', null],
    ['/input/a~2', null],
    ['/Input/identity', null],
  ])('%j → %j', (text, segments) => {
    expect(parseInputPointer(text)).toEqual(segments);
    expect(isInputPointer(text)).toBe(segments !== null);
  });

  it('isInputPointer accepts exactly what parseInputPointer parses', () => {
    const piece = fc.constantFrom('/', '~', '~0', '~1', '~2', 'input', 'a', '*', '0', '', 'inputs');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        expect(isInputPointer(text)).toBe(parseInputPointer(text) !== null);
        expect(isInputPointer(`/input/${text}`)).toBe(parseInputPointer(`/input/${text}`) !== null);
      }),
      { numRuns: 2000, seed: 11 },
    );
  });
});
