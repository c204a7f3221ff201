import { describe, expect, it } from '@jest/globals';
import { utcTimeText } from '../../src/text/times.js';

describe('utcTimeText', () => {
  it('writes UTC to the second with a space for the T', () => {
    expect(utcTimeText('2026-11-29T22:41:29.548Z')).toBe('2026-11-29 22:41:29Z');
    expect(utcTimeText('2026-11-23T08:01:12Z')).toBe('2026-11-23 08:01:12Z');
  });

  it('converts an offset to UTC, across a day and a year boundary', () => {
    expect(utcTimeText('2027-01-01T01:30:00+02:00')).toBe('2026-12-31 23:30:00Z');
    expect(utcTimeText('2026-02-28T23:59:59.999-01:00')).toBe('2026-03-01 00:59:59Z');
  });

  it('handles instants before 1970 by flooring the fraction', () => {
    expect(utcTimeText('1969-12-31T23:59:59.5Z')).toBe('1969-12-31 23:59:59Z');
  });

  it('returns text that is no instant unchanged', () => {
    expect(utcTimeText('yesterday')).toBe('yesterday');
    expect(utcTimeText('')).toBe('');
  });
});
