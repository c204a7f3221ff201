import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ReplaySide } from '../../src/replay/replay.js';
import type { ReplayResult } from '../../src/replay/report/report.js';
import { parseShard } from '../../src/replay/evaluate/shard.js';
import { expectInvariants, prepare, repoRoot, replay, run, tempDir } from './helpers.js';
import { SIZES } from '../support/sizes.js';

const EXAMPLE = join(repoRoot, 'fixtures/example');
const BASE = readFileSync(join(EXAMPLE, 'policies/base.yaml'), 'utf8');
const HEAD = readFileSync(join(EXAMPLE, 'policies/head.yaml'), 'utf8');

const tmp = tempDir('replay-shard-');
afterAll(() => tmp.cleanup());

let trafficPath: string;
let head: ReplaySide;
let base: ReplaySide;
let whole: ReplayResult;

beforeAll(async () => {
  // The example plus malformed lines, a repeated id and a line without one, so every count is exercised.
  const sample = gunzipSync(readFileSync(join(EXAMPLE, 'traffic/sample.jsonl.gz'))).toString('utf8');
  const lines = sample.split('\n').filter((l) => l.trim() !== '');
  const extra = [
    'not json at all',
    lines[0]!,
    lines[17]!,
    '{"input": {}}',
    '{"request_id": "x-typo", "input": {}, "unavailible": []}',
  ];
  trafficPath = tmp.file('sample-plus.jsonl');
  writeFileSync(trafficPath, [...lines.slice(0, 3000), ...extra, ...lines.slice(3000)].join('\n') + '\n');
  [head, base] = await Promise.all([prepare(HEAD, 'head.yaml'), prepare(BASE, 'base.yaml')]);
  whole = await replay({ head, base, trafficPath });
  expectInvariants(whole);
  expect(whole.malformed.count).toBeGreaterThanOrEqual(5);
});

const SUMMED = [
  'evaluated',
  'allowed',
  'denied',
  'unevaluable',
  'changes_total',
  'newly_allowed',
  'newly_denied',
  'from_unknown',
  'recorded_mismatch',
] as const;

function addInto(target: Record<string, number>, source: Partial<Record<string, number>>) {
  for (const [k, v] of Object.entries(source)) target[k] = (target[k] ?? 0) + (v ?? 0);
}

describe('--shard K/N', () => {
  // N = 1, 3 and 7 in the full tier; the quick one leaves out 7 (sizes.ts).
  for (const count of SIZES.shardCounts) {
    it(`the ${count} shard${count === 1 ? '' : 's'} together replay exactly the whole sample`, async () => {
      const parts = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          replay({ head, base, trafficPath, shard: { index: i + 1, count } }),
        ),
      );
      const sums: Record<string, number> = {};
      const byReason: Record<string, number> = {};
      const hits: Record<string, number> = {};
      const ids: string[] = [];
      const malformedLines: number[] = [];
      let malformed = 0;
      for (const part of parts) {
        expectInvariants(part);
        if (count > 1) expect(part.evaluated).toBeLessThan(whole.evaluated);
        for (const key of SUMMED) sums[key] = (sums[key] ?? 0) + part[key];
        addInto(byReason, part.unevaluable_by_reason);
        addInto(hits, part.rule_hits);
        ids.push(...part.changes.map((c) => c.request_id));
        malformed += part.malformed.count;
        malformedLines.push(...part.malformed.examples.map((e) => e.line!));
      }
      for (const key of SUMMED) expect([key, sums[key]]).toEqual([key, whole[key]]);
      expect(byReason).toEqual(whole.unevaluable_by_reason);
      expect(hits).toEqual(whole.rule_hits);
      // No change is lost or listed twice.
      expect(ids.sort()).toEqual(whole.changes.map((c) => c.request_id).sort());
      expect(malformed).toBe(whole.malformed.count);
      expect(malformedLines.sort((a, b) => a - b)).toEqual(whole.malformed.examples.map((e) => e.line));
    });
  }

  it('is recorded in meta, and K/N is parsed strictly', async () => {
    const report = await run({ head: HEAD, base: BASE, trafficPath, shard: { index: 2, count: 3 } });
    expect(report.meta.shard).toEqual({ index: 2, count: 3 });
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '1/0', '1', '1/3/2', '-1/3', '01/3', 'a/b'])
      expect(parseShard(bad)).toBeNull();
  });
});
