import { describe, it, expect, afterAll } from '@jest/globals';
import { expectInvariants, pathRecord, policyYaml, run, specOrder, tempDir, writeJsonl } from './helpers.js';

const tmp = tempDir('replay-changes-');
afterAll(() => tmp.cleanup());

const cond = (field: string, values: string[]) => ({ field, operator: 'in', values });

// The base reads `tool` (so a record without tool names is unknown for it); the head reads a claim
// (so a record without claims is unevaluable for the head only). Both decide by HTTP path.
const BASE = policyYaml({
  default_effect: 'deny',
  rules: [
    { id: 'base-paths', effect: 'allow', conditions: [cond('http_path', ['/base-allow', '/both'])] },
    { id: 'base-no-zzz', effect: 'deny', conditions: [cond('tool', ['zzz'])] },
  ],
});
const HEAD = policyYaml({
  default_effect: 'deny',
  // The records carry no identity: with `deny` the claim rule would deny them all.
  on_missing_context: 'ignore',
  rules: [
    { id: 'head-paths', effect: 'allow', conditions: [cond('http_path', ['/head-allow', '/both'])] },
    { id: 'head-no-root', effect: 'deny', conditions: [cond('claim:role', ['root'])] },
  ],
});

const NO_TOOL = { unavailable: ['mcp.tool'] };
// The records have no calls, so under the default precise mode a missing tool name changes
// nothing: these tests use the static rule to have unknown base decisions to order.
const STATIC = { unevaluable: 'static' } as const;
const at = (occurred_at: string) => ({ occurred_at });

/** deny→allow rows in the exact order docs/report.md gives. */
const DENY_TO_ALLOW = [
  ['da-frac', '2026-11-27T09:00:00.5Z'], // later than 09:00:00Z though it sorts before it as a string
  ['da-nano', '2026-11-27T09:00:00.000000001Z'], // one nanosecond after 09:00Z
  ['da-same-b', '2026-11-27T11:00:00+02:00'], // the same instant as da-z: request_id decides
  ['da-z', '2026-11-27T09:00:00Z'],
  ['da-offset', '2026-11-27T10:00:00+02:00'], // 08:00Z: earlier, though "10:00" > "09:00" as text
  ['da-untimed-1', null],
  ['da-untimed-2', null],
] as const;

const RECORDS = [
  pathRecord('ua-old', '/head-allow', { ...NO_TOOL, ...at('2020-01-01T00:00:00Z') }),
  pathRecord('ad-new', '/base-allow', at('2027-06-01T00:00:00Z')),
  ...DENY_TO_ALLOW.map(([id, t]) => pathRecord(id, '/head-allow', t === null ? {} : at(t))),
  pathRecord('ud-1', '/other', { ...NO_TOOL, ...at('2026-11-27T12:00:00Z') }),
  pathRecord('ua-new', '/head-allow', { ...NO_TOOL, ...at('2026-11-28T00:00:00-05:00') }),
  pathRecord('ad-untimed', '/base-allow'),
  pathRecord('ud-untimed', '/other', NO_TOOL),
  pathRecord('same-allow', '/both', at('2026-11-27T12:00:00Z')),
  pathRecord('same-deny', '/other', at('2026-11-27T12:00:00Z')),
  // Scoreable for the base, unevaluable for the head: not a change (the head cannot decide it).
  pathRecord('head-unevaluable', '/head-allow', { unavailable: ['identity.claims'] }),
].reverse();

const EXPECTED_ORDER = [
  ...DENY_TO_ALLOW.map(([id]) => id),
  'ua-new',
  'ua-old',
  'ad-new',
  'ad-untimed',
  'ud-1',
  'ud-untimed',
];

describe('changes: unknown current decisions, order and cap', () => {
  it('lists every change most dangerous first, comparing instants, untimed last, then request_id', async () => {
    const traffic = writeJsonl(tmp.file('order.jsonl'), RECORDS);
    const report = await run({ head: HEAD, base: BASE, trafficPath: traffic, ...STATIC });
    const r = report.result!;
    expectInvariants(r);
    expect(r.changes.map((c) => c.request_id)).toEqual(EXPECTED_ORDER);
    expect(r.changes.map((c) => `${c.current_decision}→${c.draft_decision}`)).toEqual([
      ...DENY_TO_ALLOW.map(() => 'deny→allow'),
      'unknown→allow',
      'unknown→allow',
      'allow→deny',
      'allow→deny',
      'unknown→deny',
      'unknown→deny',
    ]);
    expect(r.changes_total).toBe(EXPECTED_ORDER.length);
    expect(r).toMatchObject({ newly_allowed: 7, newly_denied: 2, from_unknown: 4 });
    expect(r).toMatchObject({
      evaluated: RECORDS.length,
      unevaluable: 1,
      unevaluable_by_reason: { claims_unavailable: 1 },
    });
    // An unknown base decision is a change even when the head allows: it is never hidden.
    expect(r.changes.find((c) => c.request_id === 'ua-old')).toMatchObject({
      current_decision: 'unknown',
      draft_decision: 'allow',
      occurred_at: '2020-01-01T00:00:00Z',
      subject: null,
      method: null,
      tools: [],
      matched_rule_ids: ['head-paths'],
    });
    expect(r.rule_hits).toEqual({ 'head-paths': 10, 'head-no-root': 0 });
  });

  it('caps the list to the first N of that order while changes_total stays the true count', async () => {
    const traffic = writeJsonl(tmp.file('cap.jsonl'), RECORDS);
    for (const cap of [0, 1, 3, 8, EXPECTED_ORDER.length, 500]) {
      const r = (await run({ head: HEAD, base: BASE, trafficPath: traffic, maxChanges: cap, ...STATIC }))
        .result!;
      expectInvariants(r);
      expect(r.changes.map((c) => c.request_id)).toEqual(EXPECTED_ORDER.slice(0, cap));
      expect(r.changes_total).toBe(EXPECTED_ORDER.length);
      expect(r.newly_allowed + r.newly_denied + r.from_unknown).toBe(EXPECTED_ORDER.length);
    }
  });

  it('keeps the right top N out of many changes offered in random order', async () => {
    // A seeded generator: the same records every run.
    let seed = 0x2f6b3a1;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const paths = ['/head-allow', '/base-allow', '/other', '/both'];
    const offsets = ['Z', '+02:00', '-05:00', '+05:30'];
    const records = Array.from({ length: 600 }, (_, i) => {
      const day = 1 + Math.floor(rand() * 3);
      const hour = String(Math.floor(rand() * 24)).padStart(2, '0');
      const time =
        rand() < 0.1
          ? null
          : `2026-11-0${day}T${hour}:${rand() < 0.5 ? '00' : '30'}:00${offsets[Math.floor(rand() * 4)]}`;
      return pathRecord(
        `r${String(Math.floor(rand() * 1e6)).padStart(6, '0')}-${i}`,
        paths[Math.floor(rand() * 4)]!,
        {
          ...(time === null ? {} : at(time)),
          ...(rand() < 0.3 ? NO_TOOL : {}),
        },
      );
    });
    const traffic = writeJsonl(tmp.file('random.jsonl'), records);
    const [full, capped] = await Promise.all([
      run({ head: HEAD, base: BASE, trafficPath: traffic, maxChanges: 10_000, ...STATIC }),
      run({ head: HEAD, base: BASE, trafficPath: traffic, maxChanges: 25, ...STATIC }),
    ]);
    const all = full.result!.changes;
    expect(all.length).toBe(full.result!.changes_total);
    expect(all.length).toBeGreaterThan(200);
    expect(all.map((c) => c.request_id)).toEqual([...all].sort(specOrder).map((c) => c.request_id));
    expect(capped.result!.changes).toEqual(all.slice(0, 25));
    expect(capped.result!.changes_total).toBe(all.length);
  });
});

describe('new and deleted policy files', () => {
  const traffic = () =>
    writeJsonl(tmp.file('files.jsonl'), [
      pathRecord('a', '/head-allow', at('2026-11-27T09:00:00Z')),
      pathRecord('b', '/base-allow', at('2026-11-27T10:00:00Z')),
      pathRecord('c', '/both', { ...NO_TOOL, recorded_decision: 'allow' }),
      pathRecord('d', '/other', { unavailable: ['identity.claims'], recorded_decision: 'allow' }),
      pathRecord('e', '/base-allow', { recorded_decision: 'deny' }),
    ]);

  it('a new policy (no base): every scoreable record is a change from unknown', async () => {
    const report = await run({ head: HEAD, base: null, trafficPath: traffic(), ...STATIC });
    const r = report.result!;
    expectInvariants(r);
    expect(report.meta.status).toBe('added');
    expect(report.meta.base).toBeNull();
    expect(r).toMatchObject({ evaluated: 5, allowed: 2, denied: 2, unevaluable: 1 });
    expect(r.changes_total).toBe(r.allowed + r.denied);
    expect(r.from_unknown).toBe(r.changes_total);
    expect(r.newly_allowed).toBe(0);
    expect(r.newly_denied).toBe(0);
    expect(r.changes.every((c) => c.current_decision === 'unknown')).toBe(true);
    expect(r.changes.map((c) => c.request_id)).toEqual(['a', 'c', 'b', 'e']);
    // No base, so no base decision to compare a recorded one with.
    expect(r.recorded_mismatch).toBe(0);
  });

  it('a deleted policy (no head): reported as deleted, with what the base decided', async () => {
    const trafficPath = traffic();
    const [deleted, baseAlone] = await Promise.all([
      run({ head: null, base: BASE, trafficPath, ...STATIC }),
      run({ head: BASE, base: null, trafficPath, ...STATIC }),
    ]);
    expect(deleted.meta.status).toBe('deleted');
    expect(deleted.meta.head).toBeNull();
    expect(deleted.meta.base?.path).toBe('policies/base.yaml');
    const r = deleted.result!;
    expectInvariants(r);
    const b = baseAlone.result!;
    expect(r).toMatchObject({ evaluated: 5, allowed: 2, denied: 2, unevaluable: 1 });
    for (const key of [
      'evaluated',
      'allowed',
      'denied',
      'unevaluable',
      'unevaluable_reasons',
      'unevaluable_by_reason',
      'rule_hits',
    ] as const)
      expect(r[key]).toEqual(b[key]);
    expect(r.unevaluable_by_reason).toEqual({ tool_not_recorded: 1 });
    expect(r.changes).toEqual([]);
    expect(r.changes_total).toBe(0);
    // c is unknown for the base; d is allow-recorded but base-denied; e is deny-recorded but base-allowed.
    expect(r.recorded_mismatch).toBe(2);
  });
});

describe('recorded_mismatch', () => {
  it('counts records whose scoreable base decision differs from recorded_decision', async () => {
    const trafficPath = writeJsonl(tmp.file('mismatch.jsonl'), [
      pathRecord('match', '/base-allow', { recorded_decision: 'allow' }),
      pathRecord('match-deny', '/other', { recorded_decision: 'deny' }),
      pathRecord('diff-1', '/base-allow', { recorded_decision: 'deny' }),
      pathRecord('diff-2', '/other', { recorded_decision: 'allow' }),
      pathRecord('unrecorded', '/other'),
      // Unknown for the base: nothing to compare.
      pathRecord('base-unknown', '/other', { ...NO_TOOL, recorded_decision: 'allow' }),
      // Unevaluable for the head only: the base decision still counts.
      pathRecord('head-unevaluable', '/head-allow', {
        unavailable: ['identity.claims'],
        recorded_decision: 'allow',
      }),
    ]);
    const r = (await run({ head: HEAD, base: BASE, trafficPath, ...STATIC })).result!;
    expectInvariants(r);
    expect(r.recorded_mismatch).toBe(3);
    // A head that equals the base changes nothing, and the mismatch is still the base's.
    const same = (await run({ head: BASE, base: BASE, trafficPath, ...STATIC })).result!;
    expect(same.changes_total).toBe(0);
    expect(same.recorded_mismatch).toBe(3);
  });
});
