import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalize, CanonicalJsonError, sha256Canonical } from '../../src/canonical/jcs.js';

/** IEEE-754 bit pattern (16 hex digits) to the double it encodes, as RFC 8785 Appendix B lists them. */
function fromIeeeHex(hex: string): number {
  const buffer = Buffer.from(hex, 'hex');
  return buffer.readDoubleBE(0);
}

describe('canonicalize: RFC 8785 published examples', () => {
  it('serialises the §3.2.2 structured example exactly', () => {
    // Parsed from the RFC's input text, so number and escape handling is exercised end to end.
    const input = JSON.parse(
      '{\n' +
        '  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n' +
        '  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n' +
        '  "literals": [null, true, false]\n' +
        '}',
    ) as unknown;
    const expected =
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
      '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}';
    expect(canonicalize(input)).toBe(expected);
    // The RFC also gives the UTF-8 bytes; check the start and the multi-byte euro sign.
    const bytes = Buffer.from(canonicalize(input), 'utf8').toString('hex');
    expect(bytes.startsWith('7b226c69746572616c73223a5b6e756c6c2c747275652c66616c73655d')).toBe(true);
    expect(bytes).toContain('22e282ac245c7530303066');
  });

  it('sorts keys by UTF-16 code units (§3.2.3 example)', () => {
    const input = JSON.parse(
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh",' +
        '"1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control",' +
        '"\\u00f6":"Latin Small Letter O With Diaeresis"}',
    ) as Record<string, string>;
    // Compared as text: JSON.parse would re-order the integer-like key "1" first.
    expect(canonicalize(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    // The emoji (a surrogate pair, 0xD83D…) sorts before U+FB33 although its code point is larger.
    expect(canonicalize({ '\ufb33': 1, '\ud83d\ude00': 2 })).toBe('{"😀":2,"דּ":1}');
  });

  // RFC 8785 Appendix B: IEEE-754 bits → expected text.
  const numberVectors: Array<[string, string]> = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  it.each(numberVectors)('serialises the double %s as %s', (bits, expected) => {
    expect(canonicalize(fromIeeeHex(bits))).toBe(expected);
  });

  it('serialises the number examples named in the brief', () => {
    expect(
      [1e21, 1e-7, 0.000001, -0, 333333333.3333333, 9007199254740992].map((n) => canonicalize(n)),
    ).toEqual(['1e+21', '1e-7', '0.000001', '0', '333333333.3333333', '9007199254740992']);
  });

  it.each([
    ['7fffffffffffffff', 'NaN'],
    ['7ff0000000000000', 'Infinity'],
    ['fff0000000000000', '-Infinity'],
  ])('rejects the non-finite double %s (%s) with a typed error', (bits) => {
    expect(() => canonicalize({ n: [fromIeeeHex(bits)] })).toThrow(CanonicalJsonError);
    try {
      canonicalize({ n: [fromIeeeHex(bits)] });
    } catch (error) {
      expect(error).toMatchObject({ kind: 'non_finite_number', path: 'n[0]' });
    }
  });
});

describe('canonicalize: strings and structure', () => {
  it('escapes controls as lowercase \\u00xx and the short escapes, and leaves the rest literal', () => {
    expect(canonicalize('\u0000\u001f\b\t\n\f\r"\\/\u007f\u2028é')).toBe(
      '"\\u0000\\u001f\\b\\t\\n\\f\\r\\"\\\\/\u007f\u2028é"',
    );
  });

  it.each([
    ['a lone high surrogate', '\ud800x'],
    ['a lone low surrogate', 'x\udc00'],
    ['a high surrogate at the end', 'x\udbff'],
    ['two high surrogates', '\ud800\ud800'],
  ])('rejects %s in a value', (_name, text) => {
    expect(() => canonicalize({ a: text })).toThrow(
      expect.objectContaining({ kind: 'lone_surrogate', path: 'a' }),
    );
  });

  it('rejects a lone surrogate in a key', () => {
    expect(() => canonicalize({ ['k\udc00']: 1 })).toThrow(
      expect.objectContaining({ kind: 'lone_surrogate' }),
    );
  });

  it('accepts a well-formed surrogate pair', () => {
    expect(canonicalize('\ud83d\ude00')).toBe('"😀"');
  });

  it('rejects values with no JSON form', () => {
    expect(() => canonicalize(undefined)).toThrow(expect.objectContaining({ kind: 'unsupported_type' }));
    expect(() => canonicalize({ a: undefined })).toThrow(
      expect.objectContaining({ kind: 'unsupported_type', path: 'a' }),
    );
    expect(() => canonicalize([1n])).toThrow(
      expect.objectContaining({ kind: 'unsupported_type', path: '[0]' }),
    );
    expect(() => canonicalize(new Date(0))).toThrow(expect.objectContaining({ kind: 'unsupported_type' }));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalize(cyclic)).toThrow(expect.objectContaining({ kind: 'cycle', path: 'self' }));
  });

  it('accepts plain objects from any realm and null-prototype objects; refuses class instances', () => {
    expect(canonicalize(runInNewContext('({ b: 1, a: [2] })'))).toBe('{"a":[2],"b":1}');
    expect(canonicalize(structuredClone({ b: 1, a: [2] }))).toBe('{"a":[2],"b":1}');
    const bare = Object.create(null) as Record<string, unknown>;
    bare.x = 1;
    expect(canonicalize(bare)).toBe('{"x":1}');
    class Point {
      x = 1;
    }
    expect(() => canonicalize(new Point())).toThrow(expect.objectContaining({ kind: 'unsupported_type' }));
    expect(() => canonicalize(new Map())).toThrow(expect.objectContaining({ kind: 'unsupported_type' }));
  });

  it('keeps array order and nests sorting', () => {
    expect(canonicalize({ b: [3, { z: 1, a: 2 }], a: {} })).toBe('{"a":{},"b":[3,{"a":2,"z":1}]}');
  });

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { x: 1 };
    expect(canonicalize([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });

  it('is a fixed point of JSON.parse for any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalize(value);
        expect(canonicalize(JSON.parse(text))).toBe(text);
      }),
      { seed: 8785, numRuns: 300 },
    );
  });
});

describe('sha256Canonical', () => {
  it('hashes the UTF-8 bytes of the canonical form, lowercase hex', () => {
    const value = { b: 'é', a: [1, 2.5] };
    const expected = createHash('sha256').update('{"a":[1,2.5],"b":"é"}', 'utf8').digest('hex');
    expect(sha256Canonical(value)).toBe(expected);
    expect(sha256Canonical(value)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is independent of key order and whitespace', () => {
    expect(sha256Canonical(JSON.parse('{ "a" : 1, "b" : 2 }'))).toBe(sha256Canonical({ b: 2, a: 1 }));
  });

  it('matches the known SHA-256 of the empty object', () => {
    expect(sha256Canonical({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
