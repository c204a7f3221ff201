import { describe, it, expect, afterAll, beforeAll } from '@jest/globals';
import { expectInvariants, pathRecord, policyYaml, run, tempDir, writeJsonl } from './helpers.js';

const tmp = tempDir('replay-selection-');
afterAll(() => tmp.cleanup());

// A head-only replay of an allow-all policy: every replayed record is a change, so the change list
// names exactly the records the filter kept.
const POLICY = policyYaml({
  default_effect: 'deny',
  rules: [
    { id: 'all', effect: 'allow', conditions: [{ field: 'http_path', operator: 'in', values: ['/mcp'] }] },
  ],
});

const TIMES: Record<string, string | null> = {
  's-before': '2026-11-27T08:59:59.999Z',
  's-offset-before': '2026-11-27T10:30:00+02:00', // 08:30Z, though later as text
  's-eq': '2026-11-27T09:00:00Z',
  's-eq-offset': '2026-11-27T11:00:00+02:00', // the same instant as s-eq
  's-after': '2026-11-27T09:00:00.000000001Z',
  's-offset-after': '2026-11-27T04:30:00-05:00', // 09:30Z, though earlier as text
  's-late': '2026-11-28T00:00:00Z',
  'u-2': null,
  'u-1': null,
};

let trafficPath: string;
beforeAll(() => {
  trafficPath = writeJsonl(
    tmp.file('times.jsonl'),
    Object.entries(TIMES).map(([id, t]) => pathRecord(id, '/mcp', t === null ? {} : { occurred_at: t })),
  );
});

async function kept(since: string | null, limit: number | null) {
  const report = await run({ head: POLICY, base: null, trafficPath, since, limit });
  const r = report.result!;
  expectInvariants(r);
  expect(r.evaluated).toBe(r.changes.length);
  expect(report.meta.since).toBe(since);
  expect(report.meta.limit).toBe(limit);
  return { ids: r.changes.map((c) => c.request_id), excluded: report.meta.excluded_without_time };
}

describe('--since and --limit', () => {
  it('without them, the whole sample is replayed', async () => {
    expect((await kept(null, null)).ids).toHaveLength(9);
  });

  it('--since keeps occurred_at ≥ since as instants; untimed records are excluded and counted', async () => {
    const expected = { ids: ['s-late', 's-offset-after', 's-after', 's-eq', 's-eq-offset'], excluded: 2 };
    expect(await kept('2026-11-27T09:00:00Z', null)).toEqual(expected);
    // The same instant written with an offset selects the same records.
    expect(await kept('2026-11-27T10:00:00+01:00', null)).toEqual(expected);
  });

  it('--limit keeps the N most recent, ties by request_id, untimed after every timed record', async () => {
    expect(await kept(null, 3)).toEqual({ ids: ['s-late', 's-offset-after', 's-after'], excluded: 0 });
    expect((await kept(null, 4)).ids).toEqual(['s-late', 's-offset-after', 's-after', 's-eq']);
    expect((await kept(null, 8)).ids).toEqual([
      's-late',
      's-offset-after',
      's-after',
      's-eq',
      's-eq-offset',
      's-before',
      's-offset-before',
      'u-1',
    ]);
    expect((await kept(null, 100)).ids).toHaveLength(9);
    expect((await kept(null, 0)).ids).toEqual([]);
  });

  it('both together: the N most recent of what --since kept', async () => {
    expect(await kept('2026-11-27T09:00:00Z', 2)).toEqual({ ids: ['s-late', 's-offset-after'], excluded: 2 });
    expect(await kept('2026-11-27T09:00:00Z', 4)).toEqual({
      ids: ['s-late', 's-offset-after', 's-after', 's-eq'],
      excluded: 2,
    });
    expect(await kept('2026-11-27T08:00:00Z', 100)).toEqual({
      ids: ['s-late', 's-offset-after', 's-after', 's-eq', 's-eq-offset', 's-before', 's-offset-before'],
      excluded: 2,
    });
  });
});

describe('instants outside the int64-nanosecond range are still instants', () => {
  // docs/traffic.md accepts any RFC 3339 instant for occurred_at; only OPA's time builtins are limited
  // to 1677–2262, and occurred_at is never given to OPA.
  let farPath: string;
  beforeAll(() => {
    farPath = writeJsonl(tmp.file('far.jsonl'), [
      pathRecord('far-future', '/mcp', { occurred_at: '2300-01-01T00:00:00Z' }),
      pathRecord('now', '/mcp', { occurred_at: '2026-11-27T09:00:00Z' }),
      pathRecord('far-past', '/mcp', { occurred_at: '1600-01-01T00:00:00Z' }),
      pathRecord('untimed', '/mcp'),
    ]);
  });

  it('order by time: the far future first, the far past before the untimed', async () => {
    const r = (await run({ head: POLICY, base: null, trafficPath: farPath })).result!;
    expect(r.changes.map((c) => c.request_id)).toEqual(['far-future', 'now', 'far-past', 'untimed']);
  });

  it('--since keeps a far-future record and excludes a far-past one', async () => {
    const report = await run({
      head: POLICY,
      base: null,
      trafficPath: farPath,
      since: '2026-01-01T00:00:00Z',
    });
    expect(report.result!.changes.map((c) => c.request_id)).toEqual(['far-future', 'now']);
    expect(report.meta.excluded_without_time).toBe(1);
  });

  it('a --since beyond 2262 still filters (it keeps only what is later)', async () => {
    const report = await run({
      head: POLICY,
      base: null,
      trafficPath: farPath,
      since: '2299-01-01T00:00:00Z',
    });
    expect(report.result!.changes.map((c) => c.request_id)).toEqual(['far-future']);
  });

  it('--limit 1 keeps the far-future record', async () => {
    const report = await run({ head: POLICY, base: null, trafficPath: farPath, limit: 1 });
    expect(report.result!.changes.map((c) => c.request_id)).toEqual(['far-future']);
  });
});
