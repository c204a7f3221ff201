import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { inertJson, inertLogLine, inertText } from '../../src/text/workflowCommands.js';
import { HOSTILE, runnerCommands } from '../support/runnerCommands.js';

/** Strings rich in what the runner reacts to. */
const hostileText = fc
  .array(
    fc.constantFrom(
      ':',
      '::',
      '#',
      '##[',
      '[',
      ']',
      ' ',
      '\t',
      '\u2003',
      '\u00a0',
      '\r',
      '\n',
      '\r\n',
      '\u0085',
      'x',
      'error',
      '\ufeff',
    ),
    {
      maxLength: 24,
    },
  )
  .map((parts) => parts.join(''));

describe('the runner model (support/runnerCommands.ts)', () => {
  it('finds v2 commands after leading whitespace and v1 commands anywhere in a line', () => {
    const output = [
      '::error::a',
      '  \t::warning file=x::b',
      'text ##[group]c',
      'x::y',
      'a\r::notice::d',
    ].join('\n');
    expect(runnerCommands(output).map((c) => [c.form, c.name])).toEqual([
      ['v2', 'error'],
      ['v2', 'warning'],
      ['v1', 'group'],
      ['v2', 'notice'],
    ]);
  });
});

describe('inertText', () => {
  it('leaves text without :: or ##[ untouched', () => {
    const text = 'policy-replay 0.1.0\n  request  r-1  alice\n';
    expect(inertText(text)).toBe(text);
  });

  it('keeps every hostile value from issuing a command, keeping its line breaks', () => {
    for (const value of Object.values(HOSTILE)) {
      const text = `  ${value}\n${value}`;
      expect(runnerCommands(inertText(text))).toEqual([]);
      expect(inertText(text).split('\n')).toHaveLength(text.split('\n').length);
      // Only invisible characters were added.
      expect(inertText(text).replaceAll('\u200b', '')).toBe(text);
    }
  });

  it('holds for any text (property)', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(runnerCommands(inertText(text))).toEqual([]);
        expect(inertText(text).replaceAll('\u200b', '')).toBe(text);
      }),
      { seed: 10, numRuns: 2000 },
    );
  });
});

describe('inertLogLine', () => {
  it('makes one line that issues no command', () => {
    const path = 'policies/x\n::warning title=t::All verified\r\n::stop-commands::deadbeef\n.yaml';
    const line = inertLogLine(`${path}: replaying traffic/x.jsonl`);
    expect(line.split(/\r|\n/)).toHaveLength(1);
    expect(runnerCommands(line)).toEqual([]);
    expect(line).toBe(
      'policies/x␤::warning title=t::All verified␤::stop-commands::deadbeef␤.yaml: replaying traffic/x.jsonl',
    );
    expect(runnerCommands(inertLogLine('::error::x'))).toEqual([]);
    expect(runnerCommands(inertLogLine(' \u00a0::error::x'))).toEqual([]);
    expect(inertLogLine('a\u2028::b')).toBe('a␤::b');
  });

  it('holds for any text (property)', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const line = inertLogLine(text);
        expect(line.split(/\r\n|\r|\n/)).toHaveLength(1);
        expect(runnerCommands(line)).toEqual([]);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });
});

describe('inertJson', () => {
  it('issues no command and parses back to the same value (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(hostileText, fc.oneof(hostileText, fc.array(hostileText))), (value) => {
        const json = inertJson(JSON.stringify(value, null, 2));
        expect(runnerCommands(json)).toEqual([]);
        expect(JSON.parse(json)).toEqual(value);
      }),
      { seed: 12, numRuns: 1000 },
    );
  });

  it('escapes ##[ inside strings as \\u0023', () => {
    expect(inertJson('{"id": "###[x"}')).toBe('{"id": "##\\u0023[x"}');
  });
});
