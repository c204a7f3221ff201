import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { packOutcomes, unpackOutcomes } from '../../src/replay/outcomeCodec.js';
import type { ElementOutcome, RecordOutcome } from '../../src/replay/recordOutcome.js';

/**
 * Worker threads post their outcomes packed (outcomeCodec.ts); the main thread aggregates what it
 * unpacks, so a lossy codec would change reports in worker mode only. Every shape of outcome, with
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
        explain: fc.constant(null),
      }),
    },
  ),
  decision_path: nullable,
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
  it('unpack(pack(outcomes)) equals the outcomes, in order', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 40 }), (outcomes) => {
        const packed = packOutcomes(outcomes);
        expect(unpackOutcomes(structuredClone(packed))).toEqual(outcomes);
      }),
      { numRuns: 2_000, seed: 20261130 },
    );
  });

  it('packs the common outcomes as numbers and one text, the rare ones as they are', () => {
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
      primary: 1,
      reasons: 0,
      byReading: false,
      matched: [2],
      base: null,
      change: null,
      decision_path: null,
    };
    const changed: RecordOutcome = {
      ...common,
      line: 8,
      change: { subject: null, method: null, tools: [], explain: null },
    };
    const packed = packOutcomes([common, { kind: 'skipped', line: 9, otherPath: true }, changed]);
    expect(packed.text).toBe('r-1m');
    expect(packed.others).toEqual([changed]);
    expect(packed.count).toBe(3);
  });
});
