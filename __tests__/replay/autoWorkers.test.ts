/**
 * When the replay starts worker threads on its own (src/replay/replay.ts). A unit test of the
 * sources; that the threads give the in-process report byte for byte is replay/workers.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { autoWorkerCount, AUTO_WORKERS_MIN_BYTES } from '../../src/replay/workers/workerCount.js';

describe('autoWorkerCount', () => {
  it('stays in-process for small samples, one core, and .json arrays', () => {
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES - 1, 8)).toBe(0);
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES, 1)).toBe(0);
    expect(autoWorkerCount('t.json', 1 << 30, 8)).toBe(0);
    expect(autoWorkerCount('t.json.gz', 1 << 30, 8)).toBe(0);
  });
  it('uses up to 4 threads on a large JSON Lines sample; gzip counts as ~8× its size', () => {
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES, 2)).toBe(2);
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES, 16)).toBe(4);
    expect(autoWorkerCount('t.jsonl.gz', AUTO_WORKERS_MIN_BYTES / 8, 2)).toBe(2);
    expect(autoWorkerCount('t.jsonl.gz', AUTO_WORKERS_MIN_BYTES / 8 - 1, 2)).toBe(0);
  });
});
