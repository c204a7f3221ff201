import { describe, it, expect } from '@jest/globals';
import { daysText, ruleSummary, valueText, windowParts, windowText } from '../../src/policy/ruleText.js';
import type { Day } from '../../src/policy/schema.js';

/** docs/explain.md "What changed, by value": the window's text form and a rule's summary. */

describe('the text of a rule’s parts', () => {
  it('writes days in ISO order, runs of three or more as ranges', () => {
    const cases: [Day[], string][] = [
      [['fri', 'thu', 'wed', 'tue', 'mon'], 'mon-fri'],
      [['sun', 'sat'], 'sat,sun'],
      [['mon', 'wed', 'fri'], 'mon,wed,fri'],
      [['mon', 'tue', 'wed', 'sat', 'sun'], 'mon-wed,sat,sun'],
      [['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 'mon-sun'],
    ];
    for (const [days, text] of cases) expect(daysText(days)).toBe(text);
  });

  it('writes a window on one line, and reads its parts back', () => {
    const window = {
      days: ['mon', 'tue', 'wed', 'thu', 'fri'] as Day[],
      from: '09:00',
      to: '17:30',
      timezone: 'America/Argentina/Buenos_Aires',
    };
    const text = windowText(window)!;
    expect(text).toBe('mon-fri 09:00-17:30 America/Argentina/Buenos_Aires');
    expect(windowParts(text)).toEqual({
      days: 'mon-fri',
      from: '09:00',
      to: '17:30',
      timezone: 'America/Argentina/Buenos_Aires',
    });
    expect(windowText(undefined)).toBeNull();
  });

  it('writes a value bare when it cannot be misread, as a JSON string otherwise', () => {
    expect(valueText('read_file')).toBe('read_file');
    expect(valueText('tools/call')).toBe('tools/call');
    expect(valueText('')).toBe('""');
    expect(valueText('a, b')).toBe('"a, b"');
    expect(valueText('x]')).toBe('"x]"');
    expect(valueText('two\nlines')).toBe('"two\\nlines"');
    expect(valueText('bell\u0007')).toBe('"bell\\u0007"');
    expect(valueText('next\u0085line\u2028sep')).toBe('"next\\u0085line\\u2028sep"');
  });

  it('summarises a rule: distinct conditions in document order, then its window', () => {
    expect(
      ruleSummary({
        conditions: [
          { field: 'attribute:employment', operator: 'in', values: ['contractor', 'contractor'] },
          { field: 'tool', operator: 'not_in', values: ['a', 'b'] },
          { field: 'tool', operator: 'not_in', values: ['b', 'a'] },
        ],
        active_window: { days: ['sat', 'sun'], from: '00:00', to: '23:59', timezone: 'UTC' },
      }),
    ).toBe('attribute:employment in [contractor] and tool not_in [a, b] during sat,sun 00:00-23:59 UTC');
    const summary = ruleSummary({
      conditions: [{ field: 'subject', operator: 'in', values: ['line\nbreak'] }],
    });
    expect(summary).toBe('subject in ["line\\nbreak"]');
    expect(summary).not.toMatch(/\n/);
  });
});
