import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { jsonSyntaxError, parseSource } from '../../src/document/sourceDocument.js';

/** The character at a 1-based line and column. */
function charAt(text: string, line: number, column: number): string | undefined {
  return text.split('\n')[line - 1]?.[column - 1];
}

describe('jsonSyntaxError', () => {
  it('is null for valid JSON', () => {
    expect(jsonSyntaxError('{"a": [1, 2.5e3, null, "x"]}')).toBeNull();
  });

  it.each([
    ['{"a":1,}', 1, 8, 'expected double-quoted property name'],
    ['[1,]', 1, 4, 'unexpected character "]"'],
    ['01', 1, 2, 'unexpected number'],
    ['{"a" 1}', 1, 6, "expected ':' after property name"],
    ['1 2', 1, 3, 'unexpected non-whitespace character after JSON'],
    ['NaN', 1, 1, 'not a JSON value'],
    ['', 1, 1, 'unexpected end of input'],
    ['{"schema":\n', 2, 1, 'unexpected end of input'],
    ['{\n  "schema": "replay-runtime/v2",\n  "id": \n}', 4, 1, 'unexpected character "}"'],
    ['{"a": ], "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb": 1}', 1, 7, 'unexpected character "]"'],
    [
      '{"aaaaaaaaaaaaaaaaaaaa": 1,\n "b": }, "cccccccccccccccccccccccccccc": 2}',
      2,
      7,
      'unexpected character "}"',
    ],
  ])('%j: line %d, column %d, %s', (text, line, column, message) => {
    expect(jsonSyntaxError(text)).toEqual({ line, column, message });
  });

  it('points at the very character it names, wherever a stray one is inserted (seeded)', () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v, null, 1));
    fc.assert(
      fc.property(json, fc.nat(), fc.constantFrom('}', ']', ',', ':'), (text, at, stray) => {
        const i = at % (text.length + 1);
        const broken = `${text.slice(0, i)}${stray}${text.slice(i)}`;
        fc.pre(
          (() => {
            try {
              JSON.parse(broken);
              return false;
            } catch {
              return true;
            }
          })(),
        );
        const error = jsonSyntaxError(broken)!;
        const m = /^unexpected character "(.)"$/.exec(error.message);
        if (m) expect(charAt(broken, error.line, error.column)).toBe(m[1]);
        expect(error.line).toBeLessThanOrEqual(broken.split('\n').length);
      }),
      { seed: 14, numRuns: 500 },
    );
  });
});

describe('parseSource duplicateKeys: list', () => {
  const text = '{\n  "a": 1,\n  "b": [{ "c": 1, "c": 2 }],\n  "a": {"d": true}\n}';

  it('reads the document as JSON.parse does (the last occurrence wins)', () => {
    const source = parseSource(text, 'json', { duplicateKeys: 'list' });
    expect(source.syntaxErrors).toEqual([]);
    expect(source.value).toEqual(JSON.parse(text));
  });

  it('lists every repeat at the repeated key, with its path', () => {
    expect(parseSource(text, 'json', { duplicateKeys: 'list' }).duplicateKeys).toEqual([
      { path: ['b', 0, 'c'], line: 3, column: 19 },
      { path: ['a'], line: 4, column: 3 },
    ]);
  });

  it('locates a path in the occurrence the value holds', () => {
    const source = parseSource(text, 'json', { duplicateKeys: 'list' });
    expect(source.positionOf(['a', 'd'])).toEqual({ line: 4, column: 14 });
  });

  it('keeps a repeat a syntax error by default, as policies need', () => {
    const source = parseSource(text, 'json');
    expect(source.syntaxErrors.length).toBeGreaterThan(0);
    expect(source.duplicateKeys).toEqual([]);
  });
});
