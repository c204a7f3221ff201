import { stat } from 'node:fs/promises';
import { looksGzipped, trafficFormatOf } from '../../traffic/reader.js';
import type { SamplePlan } from '../../traffic/sample.js';

/**
 * Below this many (decompressed) bytes a sample is replayed in-process: starting threads and
 * loading the wasm in each costs about as much as a few thousand records.
 */
export const AUTO_WORKERS_MIN_BYTES = 8 << 20;
/** A JSON Lines export compresses about 8:1 or better; the threshold is on the estimate. */
const GZIP_RATIO_ESTIMATE = 8;
/** More threads than this stop paying: the main thread's reading and aggregation is serial. */
export const MAX_AUTO_WORKERS = 4;

/** How many worker threads the replay of a sample of `bytes` bytes (on disk) uses by default. */
export function autoWorkerCount(trafficPath: string, bytes: number, parallelism: number): number {
  const format = trafficFormatOf(trafficPath);
  if (!format.startsWith('jsonl')) return 0;
  return workersForEstimate(format.endsWith('.gz') ? bytes * GZIP_RATIO_ESTIMATE : bytes, parallelism);
}

export function workersForEstimate(estimate: number, parallelism: number): number {
  if (estimate < AUTO_WORKERS_MIN_BYTES || parallelism < 2) return 0;
  return Math.min(parallelism, MAX_AUTO_WORKERS);
}

/** The decompressed bytes of the sample's files of lines, estimated from their size on disk. */
export async function linesEstimate(plan: SamplePlan): Promise<number> {
  let estimate = 0;
  for (const file of plan.files) {
    if (file.layout !== 'lines') continue;
    const size = await stat(file.path).then(
      (s) => s.size,
      () => 0, // the reader reports a missing file the usual way
    );
    estimate += looksGzipped(file.path) ? size * GZIP_RATIO_ESTIMATE : size;
  }
  return estimate;
}
