import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { instantNanos, isRfc3339Instant } from '../../src/time/rfc3339.js';
import { parseRfc3339Nanos } from '../../src/engine/timeBuiltins.js';

/**
 * An independent reading of the record dialect, written with a regex and Date: epoch
 * milliseconds, or undefined when the text is no instant of the dialect.
 */
function oracleMillis(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return undefined;
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined;
  let offset = 0;
  if (m[8] !== 'Z') {
    if (Number(m[10]) > 23 || Number(m[11]) > 59) return undefined;
    offset = (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  }
  date.setUTCHours(hour!, minute!, second!, 0);
  return date.getTime() - offset * 60_000;
}

describe('RFC 3339 instants', () => {
  it.each([
    '2026-11-27T09:15:02Z',
    '2026-11-27T09:15:02.120Z',
    '2026-11-27T09:15:02.123456789+01:00',
    '2024-02-29T23:59:59-23:59',
    '0001-01-01T00:00:00Z',
  ])('accepts %s', (s) => expect(isRfc3339Instant(s)).toBe(true));

  it.each([
    '2026-11-27',
    '2026-11-27 09:15:02Z',
    '2026-11-27t09:15:02z',
    '2026-11-27T09:15:02',
    '2026-11-31T10:00:00Z',
    '2025-02-29T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-11-27T24:00:00Z',
    '2026-11-27T23:60:00Z',
    '2026-11-27T23:59:60Z',
    '2026-11-27T09:15:02.Z',
    '2026-11-27T09:15:02+24:00',
    '2026-11-27T09:15:02+0100',
    ' 2026-11-27T09:15:02Z',
  ])('rejects %s', (s) => expect(isRfc3339Instant(s)).toBe(false));

  it('the fast check agrees with the parser on perturbed timestamps', () => {
    const template = '2024-02-29T23:59:59.120+05:30';
    const alphabet = '0123456789-:.TZtz+ 9';
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.nat(template.length),
            fc.constantFrom(...alphabet),
            fc.constantFrom('set', 'cut', 'add'),
          ),
          {
            maxLength: 3,
          },
        ),
        (edits) => {
          let s = template;
          for (const [at, ch, op] of edits) {
            if (op === 'set') s = s.slice(0, at) + ch + s.slice(at + 1);
            else if (op === 'cut') s = s.slice(0, at) + s.slice(at + 1);
            else s = s.slice(0, at) + ch + s.slice(at);
          }
          expect(isRfc3339Instant(s)).toBe(oracleMillis(s) !== undefined);
          // The record dialect is a subset of Go's, with the same instant (Go's range is int64 ns).
          const ns = instantNanos(s);
          if (ns !== null && ns >= -(2n ** 63n) && ns < 2n ** 63n) expect(parseRfc3339Nanos(s)).toBe(ns);
        },
      ),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('parses to nanoseconds since 1970, offsets and fractions included', () => {
    const ms = (n: number) => BigInt(n) * 1_000_000n;
    expect(instantNanos('2026-11-27T09:15:02.120Z')).toBe(ms(Date.UTC(2026, 10, 27, 9, 15, 2, 120)));
    expect(instantNanos('2026-11-27T10:15:02.120+01:00')).toBe(ms(Date.UTC(2026, 10, 27, 9, 15, 2, 120)));
    expect(instantNanos('2026-11-27T04:15:02-05:00')).toBe(ms(Date.UTC(2026, 10, 27, 9, 15, 2)));
    expect(instantNanos('2026-11-27T09:15:02.0005Z')).toBe(ms(Date.UTC(2026, 10, 27, 9, 15, 2)) + 500_000n);
    expect(instantNanos('2026-11-27T09:15:02.1234567891Z')).toBe(
      ms(Date.UTC(2026, 10, 27, 9, 15, 2)) + 123_456_789n,
    );
    // Years below 100 are not shifted into the 1900s, and no int64 limit applies.
    expect(instantNanos('0050-06-01T00:00:00Z')).toBe(ms(oracleMillis('0050-06-01T00:00:00Z')!));
    expect(instantNanos('2026-11-31T00:00:00Z')).toBeNull();
  });

  it('the go dialect also takes what Go takes and the record dialect does not', () => {
    for (const s of ['2026-11-27T9:15:02Z', '2026-11-27T09:15:02,5Z', '2026-11-27T09:15:02+24:00']) {
      expect(isRfc3339Instant(s)).toBe(false);
      expect(() => parseRfc3339Nanos(s)).not.toThrow();
    }
  });
});
