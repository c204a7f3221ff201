import { describe, expect, it } from '@jest/globals';
import { humanTime } from '../../src/text/times.js';

describe('humanTime (docs/action.md "The comment")', () => {
  it('writes UTC to the second with a space and a Z', () => {
    expect(humanTime('2026-11-29T22:41:29Z')).toBe('2026-11-29 22:41:29Z');
  });

  it('drops fractional seconds without rounding up', () => {
    expect(humanTime('2026-11-29T22:41:29.548Z')).toBe('2026-11-29 22:41:29Z');
    expect(humanTime('2026-11-29T23:59:59.999999999Z')).toBe('2026-11-29 23:59:59Z');
  });

  it('converts an offset to UTC, across a day and a year', () => {
    expect(humanTime('2026-11-30T01:41:29+03:00')).toBe('2026-11-29 22:41:29Z');
    expect(humanTime('2026-12-31T23:30:00-01:00')).toBe('2027-01-01 00:30:00Z');
    expect(humanTime('1970-01-01T00:00:00.5+00:01')).toBe('1969-12-31 23:59:00Z');
  });

  it('floors an instant before 1970 to its second', () => {
    expect(humanTime('1969-12-31T23:59:59.5Z')).toBe('1969-12-31 23:59:59Z');
  });

  it('reads null as a dash and leaves anything else as it was', () => {
    expect(humanTime(null)).toBe('—');
    expect(humanTime('yesterday')).toBe('yesterday');
    expect(humanTime('2026-11-29 22:41:29Z')).toBe('2026-11-29 22:41:29Z');
  });
});
