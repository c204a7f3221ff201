import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { jsonObjectMembers, scanValue } from '../../src/regoPolicy/jsonMembers.js';
import { parseRegoEvent } from '../../src/regoPolicy/regoEvent.js';

/**
 * The event scanner (jsonMembers.ts) against JSON.parse: it accepts exactly the texts JSON.parse
 * accepts (valid JSON of every shape, and the same texts with one character changed, dropped or
 * doubled), and splits an object into the members JSON.parse finds, each as its exact text.
 */
const accepts = (text: string): boolean => {
  try {
    return scanValue(text, 0) === text.length;
  } catch {
    return false;
  }
};
const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const spaced = fc
  .tuple(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t'))
  .map(([v, space]) => JSON.stringify(v, null, space));

const RUNS = 3000;

describe('the event scanner', () => {
  it('accepts what JSON.parse accepts, and only that', () => {
    fc.assert(
      fc.property(
        spaced,
        fc.nat(),
        fc.constantFrom('drop', 'double', 'change'),
        fc.string({ minLength: 1, maxLength: 1 }),
        (text, at, how, ch) => {
          expect(accepts(text)).toBe(true);
          const i = text.length === 0 ? 0 : at % text.length;
          const mutated =
            how === 'drop'
              ? text.slice(0, i) + text.slice(i + 1)
              : how === 'double'
                ? text.slice(0, i + 1) + text.slice(i)
                : text.slice(0, i) + ch + text.slice(i + 1);
          expect({ mutated, ok: accepts(mutated) }).toEqual({ mutated, ok: parses(mutated) });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('accepts and refuses the corner cases as JSON.parse does', () => {
    for (const text of [
      '01',
      '-',
      '1.',
      '.5',
      '1e',
      '1e+',
      '-0',
      '0.0e-0',
      '"\\u12"',
      '"\\x"',
      '"a\tb"',
      'tru',
      'nul',
      '[1,]',
      '{"a":1,}',
      '{"a" 1}',
      '{1:2}',
      '[]',
      '{}',
      ' [ ] ',
      '"\\ud800"',
      'true false',
      '',
      '['.repeat(5000) + ']'.repeat(5000),
    ])
      expect({ text: text.slice(0, 20), ok: accepts(text) }).toEqual({
        text: text.slice(0, 20),
        ok: parses(text),
      });
  });

  it("splits an object into JSON.parse's members, each as its exact text", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.constantFrom(undefined, 2),
        (object, space) => {
          const text = JSON.stringify(object, null, space);
          const members = jsonObjectMembers(text);
          expect(Object.fromEntries([...members].map(([k, v]) => [k, JSON.parse(v) as unknown]))).toEqual(
            JSON.parse(text),
          );
        },
      ),
      { numRuns: RUNS },
    );
    // Digits beyond 2^53 stay as written; a repeated key keeps its last value.
    expect(jsonObjectMembers('{"t": 1764688800123456789 , "k":1,"k":2}')).toEqual(
      new Map([
        ['t', '1764688800123456789'],
        ['k', '2'],
      ]),
    );
  });

  it('gives an event the reasons it gave before', () => {
    expect(parseRegoEvent('[1]')).toEqual({ ok: false, reason: 'a decision event is a JSON object' });
    expect(parseRegoEvent('{"decision_id":')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not JSON: /),
    });
    expect(parseRegoEvent('{"decision_id":"a","nd_builtin_cache":[1]}')).toMatchObject({ ok: false });
    expect(parseRegoEvent('{"decision_id":"a","timestamp":7}')).toMatchObject({ ok: false });
  });
});
