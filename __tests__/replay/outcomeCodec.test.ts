import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { forEachPackedOutcome, packOutcomes } from '../../src/replay/workers/outcomeCodec.js';
import type { ElementOutcome, RecordOutcome } from '../../src/replay/evaluate/recordOutcome.js';

/**
 * Worker threads post their outcomes packed (outcomeCodec.ts); the main thread aggregates what it
 * reads back, so a lossy codec would change reports in worker mode only. Every shape of outcome, with
 * awkward strings (empty, astral, separators, NUL) and positions beyond 2^32, must come back equal.
 */

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', '\u0000', '\ud83d\ude00', '|', '2026-11-27T09:15:02.123456789+01:00'),
);
const nullable = fc.option(text, { nil: null });
const verdict = fc.constantFrom(-1 as const, 0 as const, 1 as const);
const line = fc.oneof(fc.nat(), fc.integer({ min: 0, max: 2 ** 40 }));

const record: fc.Arbitrary<RecordOutcome> = fc.record({
  kind: fc.constant('record' as const),
  line,
  request_id: text,
  occurred_at: nullable,
  manifest_id: nullable,
  recorded_decision: fc.constantFrom(null, 'allow' as const, 'deny' as const),
  policy_revision: nullable,
  evaluated: fc.boolean(),
  error: nullable,
  baseFailed: fc.boolean(),
  primary: verdict,
  reasons: fc.nat({ max: 255 }),
  byReading: fc.boolean(),
  matched: fc.option(fc.array(fc.nat({ max: 500 }), { maxLength: 6 }), { nil: null }),
  base: fc.option(verdict, { nil: null }),
  change: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.record({
        subject: nullable,
        method: nullable,
        tools: fc.array(text, { maxLength: 3 }),
        explain: fc.option(
          fc.record({
            base_matched: fc.array(fc.nat({ max: 500 }), { maxLength: 4 }),
            head_basis: fc.nat({ max: 3 }),
            base_basis: fc.nat({ max: 3 }),
            head_missing: fc.array(fc.nat({ max: 500 }), { maxLength: 3 }),
            base_missing: fc.array(fc.nat({ max: 500 }), { maxLength: 3 }),
            causes: fc.array(fc.nat({ max: 63 }), { maxLength: 4 }),
            joint: fc.boolean(),
          }),
          { nil: null },
        ),
      }),
    },
  ),
  decision_path: nullable,
  signature: nullable,
});

const outcome: fc.Arbitrary<ElementOutcome> = fc.oneof(
  { weight: 6, arbitrary: record },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('skipped' as const), line, otherPath: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      { kind: fc.constant('malformed' as const), line, reason: text, request_id: text },
      { requiredKeys: ['kind', 'line', 'reason'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mixed' as const), line }) },
);

describe('packed outcomes (worker → main thread)', () => {
  it('reads back every outcome as packed, in order, through one reused view', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 40 }), (outcomes) => {
        const seen: unknown[] = [];
        // What the aggregation reads of each outcome while it holds it, as a copy.
        forEachPackedOutcome(structuredClone(packOutcomes(outcomes)), (o) => seen.push(structuredClone(o)));
        expect(seen).toEqual(outcomes);
      }),
      { numRuns: 2_000, seed: 20261201 },
    );
  });

  it('packs records (changes too) as numbers and one text, the rare outcomes as they are', () => {
    const common: RecordOutcome = {
      kind: 'record',
      line: 7,
      request_id: 'r-1',
      occurred_at: null,
      manifest_id: 'm',
      recorded_decision: 'allow',
      policy_revision: null,
      evaluated: true,
      error: null,
      baseFailed: false,
      primary: 1,
      reasons: 0,
      byReading: false,
      matched: [2],
      base: null,
      change: null,
      decision_path: null,
      signature: null,
    };
    const changed: RecordOutcome = {
      ...common,
      line: 8,
      change: { subject: 'ann', method: null, tools: ['t'], explain: null },
    };
    const mixed: ElementOutcome = { kind: 'mixed', line: 10 };
    const packed = packOutcomes([common, { kind: 'skipped', line: 9, otherPath: true }, changed, mixed]);
    expect(packed.text).toBe('r-1mr-1mannt');
    expect(packed.others).toEqual([mixed]);
    expect(packed.count).toBe(4);
  });
});
