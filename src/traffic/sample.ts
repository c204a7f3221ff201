import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { normalizeDecisionPath } from './decisionLog.js';
import { parseElementJson, TrafficReadError } from './reader.js';
import type { TrafficRecord } from './record.js';
import type { Shape } from './recordShape.js';
import { RequestIdTable } from './requestIdTable.js';
import type { SampleFile } from './sampleFiles.js';
import {
  DecisionPathGuard,
  isObject,
  mixedSampleError,
  SampleElementReader,
  SeveralDecisionPaths,
} from './sampleElement.js';
import type { SamplePlan } from './samplePlan.js';
import { sampleDuplicateReason } from './samplePosition.js';
import { forEachUnitElement, sampleUnits } from './sampleStream.js';
import { boundedList } from '../text/listing.js';

/**
 * A traffic sample as the replay reads it (docs/decision-logs.md): one or more files, each a
 * stream of JSON Lines or one JSON array, plain or gzip, holding either records of our own format
 * or OPA decision events (console log lines mixed with other log lines, or upload bodies). The
 * format is found from the content, never from the name:
 *
 * 1. `planSample` lists the files and reads each up to its first record (an object with
 *    `request_id`) or decision event (an object with `decision_id`). Usually that is the first
 *    line; a file holding neither is read whole (an OPA log without decisions). Records in one
 *    file and events in another: the sample is refused.
 * 2. `sampleUnits` streams the files in order as units: runs of whole lines (what a worker thread
 *    evaluates) or batches of array elements (evaluated on the main thread, as for our own
 *    `.json` arrays).
 * 3. `SampleElementReader` turns one element's text into a record, a malformed element, or a
 *    skipped log line; `decisionLog.ts` maps an event to a record.
 *
 * Every element has a position: `file index × 2^32 + line` (or `+ element index` for the arrays
 * of a decision log, whose upload bodies are one line). One number orders the sample, keys the
 * shards and the repeated-id table, and becomes `file:line` / `file:[index]` only in the report.
 */

// The sample's steps, re-exported so importers keep one entry point.
export {
  DecisionPathGuard,
  EMPTY_ELEMENT,
  mixedSampleError,
  SampleElementReader,
  SeveralDecisionPaths,
  type SampleElement,
} from './sampleElement.js';
export {
  FILE_STRIDE,
  fileIndexOf,
  planSample,
  type PlannedFile,
  type SampleFormat,
  type SamplePlan,
} from './samplePlan.js';
export {
  describePosition,
  positionOf,
  positionText,
  sampleDuplicateReason,
  type SamplePosition,
} from './samplePosition.js';
export {
  forEachUnitElement,
  sampleUnits,
  type ElementsUnit,
  type LinesUnit,
  type SampleUnit,
} from './sampleStream.js';

// ---------------------------------------------------------------------------------------------
// The one-path rule over the whole sample.

/**
 * Runs a pass over the sample; when it meets a second decision path, counts every event's path
 * (one more streaming pass, only on this error) and fails with the list.
 */
export async function withDecisionPathListing<T>(plan: SamplePlan, pass: () => Promise<T>): Promise<T> {
  try {
    return await pass();
  } catch (error) {
    if (!(error instanceof SeveralDecisionPaths)) throw error;
    const counts = await countDecisionPaths(plan);
    const listed = [...counts.paths.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([path, n]) => `${path} (${n})`);
    const without = counts.withoutPath > 0 ? `; ${counts.withoutPath} without a path` : '';
    throw new TrafficReadError(
      plan.shown,
      `the decision log holds decisions of ${counts.paths.size} paths: ${boundedList(listed)}${without}. Replaying one policy against another's decisions is meaningless: choose one with --decision-path (the Action: decision-path)`,
    );
  }
}

/** Decision events per normalized path, and those without a path. */
export async function countDecisionPaths(
  plan: SamplePlan,
): Promise<{ paths: Map<string, number>; withoutPath: number }> {
  const paths = new Map<string, number>();
  let withoutPath = 0;
  for await (const unit of sampleUnits(plan, 0)) {
    const count = (text: string | null, shape: Shape | undefined) => {
      if (text === null) return;
      const parsed = parseElementJson(text, shape, plan.maxLineBytes);
      const value = parsed.ok ? parsed.value : parsed.repeatedKeyValue;
      if (!isObject(value) || !Object.hasOwn(value, 'decision_id')) return;
      const path = value.path;
      const normalized = typeof path === 'string' ? normalizeDecisionPath(path) : '';
      if (normalized === '') withoutPath++;
      else paths.set(normalized, (paths.get(normalized) ?? 0) + 1);
    };
    forEachUnitElement(unit, plan.maxLineBytes, (text, _position, shape) => count(text, shape));
  }
  return { paths, withoutPath };
}

// ---------------------------------------------------------------------------------------------
// Items.

export type SampleItem =
  | { kind: 'record'; position: number; record: TrafficRecord }
  | { kind: 'malformed'; position: number; reason: string; request_id?: string };

/**
 * Every record and malformed element of the sample, in order, judged as the replay judges them:
 * skipped lines are dropped, a repeated id is malformed, a mixed sample or a second decision path
 * throws. In-process.
 */
export async function* readSampleItems(plan: SamplePlan): AsyncGenerator<SampleItem[], void, undefined> {
  const reader = new SampleElementReader(plan.format, plan.options, plan.maxLineBytes);
  const ids = new RequestIdTable();
  const guard = new DecisionPathGuard();
  for await (const unit of sampleUnits(plan, 0)) {
    const items: SampleItem[] = [];
    forEachUnitElement(unit, plan.maxLineBytes, (text, position, shape) => {
      const element = reader.read(text, shape);
      switch (element.kind) {
        case 'skipped':
          return;
        case 'mixed':
          throw mixedSampleError(plan, position);
        case 'malformed':
          guard.note(element.path ?? null);
          items.push(
            element.request_id === undefined
              ? { kind: 'malformed', position, reason: element.reason }
              : { kind: 'malformed', position, reason: element.reason, request_id: element.request_id },
          );
          return;
        case 'record': {
          guard.note(element.path);
          const id = element.record.request_id;
          const first = ids.claim(id, position);
          if (first === undefined) items.push({ kind: 'record', position, record: element.record });
          else
            items.push({
              kind: 'malformed',
              position,
              reason: sampleDuplicateReason(plan, id, first),
              request_id: id,
            });
        }
      }
    });
    if (items.length > 0) yield items;
  }
}

// ---------------------------------------------------------------------------------------------
// Digests.

/**
 * SHA-256 of each file as stored, and of the sample: the files' bytes concatenated in sample
 * order (so one file's sample digest is that file's, and `cat` of the files in order through
 * `sha256sum` reproduces it).
 */
export async function sampleDigest(
  files: readonly SampleFile[],
): Promise<{ sha256: string; files: string[] }> {
  // One file's sample digest is its own digest: no second hash of the same bytes.
  const whole = files.length === 1 ? null : createHash('sha256');
  const each: string[] = [];
  for (const file of files) {
    const hash = createHash('sha256');
    try {
      for await (const chunk of createReadStream(file.path, { highWaterMark: 1 << 20 })) {
        hash.update(chunk as Buffer);
        whole?.update(chunk as Buffer);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new TrafficReadError(
        file.shown,
        code === 'ENOENT' ? 'no such file' : `cannot read: ${(error as Error).message}`,
      );
    }
    each.push(hash.digest('hex'));
  }
  return { sha256: whole === null ? each[0]! : whole.digest('hex'), files: each };
}
