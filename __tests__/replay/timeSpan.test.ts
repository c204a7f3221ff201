import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { TimeSpan } from '../../src/replay/report/timeSpan.js';
import { instantNanos } from '../../src/time/rfc3339.js';
import { SIZES } from '../support/sizes.js';

/** The span by the rule alone: parse every text, keep the extremes, the smaller text on a tie. */
function reference(texts: readonly (string | null)[]): { first_at: string | null; last_at: string | null } {
  let first: [bigint, string] | null = null;
  let last: [bigint, string] | null = null;
  for (const text of texts) {
    const ns = text === null ? null : instantNanos(text);
    if (text === null || ns === null) continue;
    if (first === null || ns < first[0] || (ns === first[0] && text < first[1])) first = [ns, text];
    if (last === null || ns > last[0] || (ns === last[0] && text < last[1])) last = [ns, text];
  }
  return { first_at: first?.[1] ?? null, last_at: last?.[1] ?? null };
}

const two = (n: number) => String(n).padStart(2, '0');
const timeArb = fc
  .record({
    day: fc.integer({ min: 22, max: 24 }),
    hour: fc.integer({ min: 0, max: 23 }),
    second: fc.integer({ min: 0, max: 60 }),
    fraction: fc.constantFrom('', '.5', '.500', '.123', '.999999999'),
    zone: fc.constantFrom('Z', 'Z', 'Z', '+01:00', '-23:59', 'z'),
    garbage: fc.constantFrom(null, 'yesterday', '2026-11-2xT00:00:00.000Z', '2026-11-23T00:00:61.000Z'),
  })
  .map(
    ({ day, hour, second, fraction, zone, garbage }) =>
      garbage ?? `2026-11-${two(day)}T${two(hour)}:00:${two(second)}${fraction}${zone}`,
  );

describe('TimeSpan', () => {
  it('keeps the earliest and latest instant, whatever the forms and the order', () => {
    fc.assert(
      fc.property(fc.array(fc.option(timeArb, { nil: null }), { maxLength: 40 }), (texts) => {
        const span = new TimeSpan();
        for (const t of texts) span.add(t);
        expect(span.toJSON()).toEqual(reference(texts));
      }),
      { numRuns: SIZES.fastCheckRuns * 10 },
    );
  });

  it('skips the parse only for a same-form time strictly inside the span', () => {
    const span = new TimeSpan();
    for (const t of ['2026-11-23T00:00:00.0000Z', '2026-11-29T00:00:00.0000Z', '2026-11-25T12:00:00.0000Z'])
      span.add(t);
    // The ends' length and inside them as text, but an offset, not Z: later than the end as an instant.
    span.add('2026-11-28T23:00:00-09:00');
    expect(span.toJSON()).toEqual({
      first_at: '2026-11-23T00:00:00.0000Z',
      last_at: '2026-11-28T23:00:00-09:00',
    });
  });
});
