import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ReplaySide } from '../../src/replay/replay.js';
import type { ReplayResult } from '../../src/replay/report/report.js';
import { parseShard } from '../../src/replay/evaluate/shard.js';
import {
  expectInvariants,
  pathRecord,
  policyYaml,
  prepare,
  repoRoot,
  replay,
  run,
  tempDir,
  writeJsonl,
} from './helpers.js';
import { DEFAULT_MAX_COVERAGE_NODES } from '../../src/replay/coverageSection.js';
import { mergeReports } from '../../src/replay/report/merge.js';
import { reportToJson } from '../../src/replay/report/report.js';
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

/**
 * docs/coverage.md "In the report": the horizon starts at the earliest time of every record the
 * run selects, which every shard sees (other shards' records arrive unevaluated), so each shard
 * analyses the same kinds; a record that then fails evaluation still starts it.
 */
describe('--shard K/N with the coverage section', () => {
  const MCP = { field: 'http_path', operator: 'in', values: ['/mcp'] };
  const WINDOW = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00', timezone: 'UTC' };
  const rule = (to: string) => ({
    id: 'office',
    effect: 'allow',
    conditions: [MCP],
    active_window: { ...WINDOW, to },
  });
  const BASE_POLICY = policyYaml({ default_effect: 'deny', rules: [rule('17:00')] });
  const HEAD_POLICY = policyYaml({ default_effect: 'deny', rules: [rule('18:00')] });
  const timed = (id: string, at: string, time = at) => {
    const r = pathRecord(id, '/mcp', { occurred_at: at }) as { input: { request: Record<string, unknown> } };
    r.input.request.time = time;
    return r;
  };
  // The earliest record's time is past OPA's int64 nanoseconds: the head cannot evaluate it.
  const records = [
    timed('early-unreadable', '2026-11-20T08:00:00Z', '2300-01-01T10:00:00Z'),
    ...Array.from({ length: 40 }, (_, i) =>
      timed(
        `r-${i}`,
        `2026-11-${23 + (i % 5)}T${String(8 + (i % 11)).padStart(2, '0')}:${String(i).padStart(2, '0')}:00Z`,
      ),
    ),
  ];
  const options = {
    head: HEAD_POLICY,
    base: BASE_POLICY,
    coverage: { shape: 'mcp' as const, maxNodes: DEFAULT_MAX_COVERAGE_NODES },
  };

  for (const count of SIZES.shardCounts) {
    it(`N = ${count}: every shard starts the horizon alike, and merge gives the single run's section`, async () => {
      const trafficPath = writeJsonl(tmp.file(`coverage-${count}.jsonl`), records);
      const single = await run({ ...options, trafficPath });
      const coverage = single.result!.coverage!;
      expect(single.result!.malformed.count).toBe(1);
      expect(single.result!.sample_window.first_at).toBe('2026-11-23T08:00:00Z');
      expect(coverage.time.horizon!.start).toBe('2026-11-20T08:00:00Z');
      // The 17:00–18:00 extension is newly allowed and the sample covers it.
      const extension = coverage.classes.find((c) => c.direction === 'newly_allowed' && c.covered_by > 0)!;
      expect(extension.covered_by).toBe(
        records.filter((r) => /T17:/.test(r.input.request.time as string)).length,
      );
      const parts = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          run({ ...options, trafficPath, shard: { index: i + 1, count } }),
        ),
      );
      for (const p of parts) expect(p.result!.coverage!.time).toEqual(coverage.time);
      if (count > 1) {
        const covering = parts.filter((p) =>
          p.result!.coverage!.classes.some((c) => c.key === extension.key && c.covered_by > 0),
        );
        expect(covering.length).toBeGreaterThan(1);
      }
      expect(reportToJson(mergeReports([...parts].reverse()))).toBe(reportToJson(single));
    });
  }
});
