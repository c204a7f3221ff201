import { describe, it, expect, afterAll } from '@jest/globals';
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expectInvariants, policyYaml, run, tempDir } from './helpers.js';
import { SIZES } from '../support/sizes.js';

/**
 * The slow test (~20–40 s in the full tier): replays 200,000 generated records (80,000 in the quick
 * tier, sizes.ts) and measures the heap while it runs.
 * The replay streams, so the heap may grow only by what docs/report.md and docs/traffic.md admit to keeping:
 * counters, the capped change list, and the set of request ids seen (duplicate detection, ~60–90
 * bytes an id). Kept records (≥ 500 bytes each once parsed) would show up as several times that.
 */

// A forced collection before each sample measures what is retained, not garbage awaiting GC.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const COUNT = SIZES.streamingRecords;
// The heap is sampled at eight checkpoints; growth is measured from the second (50k of 200k) on.
const CHECKPOINT = Math.floor(COUNT / 8);
const FROM = 2 * CHECKPOINT;
const TOOLS = ['read_file', 'write_file', 'run_shell', 'list_dir', 'search_docs'];

const tmp = tempDir('replay-streaming-');
afterAll(() => tmp.cleanup());

const cond = (values: string[]) => ({ field: 'tool', operator: 'in', values });
const BASE = policyYaml({
  default_effect: 'deny',
  rules: [
    { id: 'no-shell', effect: 'deny', conditions: [cond(['run_shell'])] },
    { id: 'reads', effect: 'allow', conditions: [cond(['read_file', 'list_dir'])] },
  ],
});
const HEAD = policyYaml({
  default_effect: 'deny',
  rules: [
    { id: 'no-shell', effect: 'deny', conditions: [cond(['run_shell'])] },
    { id: 'reads', effect: 'allow', conditions: [cond(['read_file', 'write_file'])] },
  ],
});

/** Writes the sample with a plain loop (no generator dependency) and returns the expected counts. */
function writeSample(file: string) {
  const fd = openSync(file, 'w');
  const expected = { allowed: 0, denied: 0, unevaluable: 0, newly_allowed: 0, newly_denied: 0 };
  let chunk: string[] = [];
  const start = Date.UTC(2026, 10, 1);
  for (let i = 0; i < COUNT; i++) {
    const tool = TOOLS[i % TOOLS.length]!;
    const hidden = i % 97 === 0;
    const occurredAt = new Date(start + i * 1500).toISOString();
    const record = {
      request_id: `req-${i.toString(36).padStart(6, '0')}`,
      occurred_at: occurredAt,
      recorded_decision: i % 2 === 0 ? 'allow' : 'deny',
      input: {
        request: {
          time: occurredAt,
          http: { method: 'POST', host: 'mcp.internal', path: '/mcp' },
          jsonrpc: { is_batch: false, unparsable_calls: 0 },
          mcp: {
            calls: [hidden ? { method: 'tools/call' } : { method: 'tools/call', tool }],
            arguments: { path: `/srv/data/${i}` },
          },
        },
        identity: {
          verified: true,
          subject: `svc-${i % 50}`,
          issuer: 'https://idp.example',
          groups: ['reporting'],
        },
      },
      ...(hidden ? { unavailable: ['mcp.tool'] } : {}),
    };
    chunk.push(JSON.stringify(record));
    if (hidden) expected.unevaluable++;
    else {
      const before = tool === 'read_file' || tool === 'list_dir';
      const after = tool === 'read_file' || tool === 'write_file';
      if (after) expected.allowed++;
      else expected.denied++;
      if (!before && after) expected.newly_allowed++;
      if (before && !after) expected.newly_denied++;
    }
    if (chunk.length === 5000) {
      writeSync(fd, chunk.join('\n') + '\n');
      chunk = [];
    }
  }
  if (chunk.length > 0) writeSync(fd, chunk.join('\n') + '\n');
  closeSync(fd);
  return expected;
}

describe('streaming (slow)', () => {
  it(`replays ${COUNT.toLocaleString('en-US')} records with a bounded heap`, async () => {
    const trafficPath = tmp.file('big.jsonl');
    const expected = writeSample(trafficPath);
    expect(statSync(trafficPath).size).toBeGreaterThan((COUNT / 200_000) * 50 * 1024 * 1024);

    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline; // sampled without forcing a collection: garbage included
    const retained: Array<[records: number, bytes: number]> = [];
    let nextCheckpoint = CHECKPOINT;
    const started = Date.now();
    const report = await run({
      head: HEAD,
      base: BASE,
      trafficPath,
      maxChanges: 50,
      onProgress: (records) => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        if (records >= nextCheckpoint) {
          gc();
          retained.push([records, process.memoryUsage().heapUsed - baseline]);
          nextCheckpoint += CHECKPOINT;
        }
      },
    });
    const seconds = (Date.now() - started) / 1000;

    const r = report.result!;
    expectInvariants(r);
    expect(r).toMatchObject({
      evaluated: COUNT,
      ...expected,
      from_unknown: 0,
      malformed: { count: 0, examples: [] },
    });
    expect(r.changes_total).toBe(expected.newly_allowed + expected.newly_denied);
    expect(r.changes).toHaveLength(50);
    expect(r.unevaluable_by_reason).toEqual({ tool_not_recorded: expected.unevaluable });

    const MB = 1024 * 1024;
    expect(retained.length).toBeGreaterThanOrEqual(6);
    const at = (n: number) => retained.find(([records]) => records >= n)![1];
    const growth = retained[retained.length - 1]![1] - at(FROM);
    const perRecord = growth / (retained[retained.length - 1]![0] - retained.find(([n]) => n >= FROM)![0]);
    // Progress for whoever reads the CI log; the assertions below are what matter.
    process.stderr.write(
      `streaming: ${COUNT} records in ${seconds.toFixed(1)} s (${Math.round(COUNT / seconds)}/s); ` +
        `retained ${(at(FROM) / MB).toFixed(1)} MB at ${FROM}, ${(retained[retained.length - 1]![1] / MB).toFixed(1)} MB at the end ` +
        `(${perRecord.toFixed(0)} B/record); sampled peak +${((peak - baseline) / MB).toFixed(1)} MB\n`,
    );
    // Between 50k and 200k records only the id set may grow: ~150k ids at well under 250 B each
    // (40 MB for the 150k; in proportion for another count).
    expect(perRecord).toBeLessThan(250);
    expect(growth).toBeLessThan(((COUNT - FROM) / 150_000) * 40 * MB);
    // And the heap never balloons, garbage included.
    expect(peak - baseline).toBeLessThan(150 * MB);
    // 60 s for 200,000 records, in proportion for fewer, but never under 30 s: load on a shared
    // machine slows a short run as much as a long one.
    expect(seconds).toBeLessThan(Math.max(30, (COUNT / 200_000) * 60));
  });
});
