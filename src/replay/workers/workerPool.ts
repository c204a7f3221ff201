import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Policy } from '../../policy/schema.js';
import type { PolicyFeatures } from '../../policy/features.js';
import type { SampleUnit } from '../../traffic/sample.js';
import type { ElementOutcome, OutcomeConfig } from '../evaluate/recordOutcome.js';
import type { OutcomeBatch, PackedOutcomes } from './outcomeCodec.js';
import type { LearnedDecision } from '../decisionCache/decisionCache.js';

/**
 * Worker threads for the replay: the main thread reads, decompresses and cuts the sample into
 * runs of whole lines; each worker evaluates runs with its own engines and decision cache
 * (recordOutcome.ts) and posts the outcomes back; the main thread aggregates them strictly in file
 * order. At most `2 × workers` runs are out at a time, so memory does not grow with the sample.
 */

/** Bytes of whole lines per run handed to a worker (about a thousand records). */
export const WORKER_CHUNK_BYTES = 1 << 20;

/**
 * Each worker's old generation, in MB: uncapped, V8 lets a worker's garbage grow to several times
 * what it holds live (docs/performance.md "Worker threads").
 */
export const WORKER_OLD_GENERATION_MB = 128;

/**
 * Each worker's young generation, in MB: what Node 20's V8 gives a worker by default, set because
 * Node 24's V8 (the Action's runtime) sizes it from the heap limit instead, several times larger
 * (docs/performance.md "Worker threads").
 */
export const WORKER_YOUNG_GENERATION_MB = 48;

/**
 * A run this large (a line of several MB) is evaluated on the main thread instead: parsing it
 * could need more than a worker's capped heap.
 */
export const LOCAL_CHUNK_BYTES = 4 << 20;

/** One policy as a worker loads it. */
export interface WorkerSide {
  /** The engine's name (errors name it). */
  name: string;
  wasm: Uint8Array;
  policy: Policy;
  features: PolicyFeatures;
}

/** The worker's workerData. */
export interface WorkerInit {
  config: OutcomeConfig;
  primary: WorkerSide;
  base: WorkerSide | null;
}

/** Main → worker: a run of lines (its buffer is transferred); positions are `base + line`. */
export interface WorkerRequest {
  seq: number;
  bytes: Uint8Array;
  firstLine: number;
  base: number;
  /** What the other workers evaluated since this worker's last run: its cache takes it first. */
  learned: LearnedDecision[];
}

/** Worker → main: the outcomes of run `seq`, or why it failed. */
export type WorkerReply =
  | { seq: number; outcomes: PackedOutcomes; learned: LearnedDecision[] }
  | { seq: number; error: { name: string; message: string; stack?: string } };

/**
 * Where the worker script is, relative to this module: the one worker bundle lives at
 * dist/cli/replay-worker/index.js, found as `replay-worker/index.js` from the CLI bundle and as
 * `cli/replay-worker/index.js` from the Action bundle (dist/index.js); `worker.js` in the tsc build
 * (build/replay/). null under the TypeScript sources, which a worker thread cannot load.
 */
export function replayWorkerScript(): string | null {
  let dir: string;
  try {
    dir = dirname(fileURLToPath(import.meta.url));
  } catch {
    return null;
  }
  for (const candidate of WORKER_SCRIPTS) {
    const path = join(dir, candidate);
    if (existsSync(path)) return path;
  }
  return null;
}

const WORKER_SCRIPTS = ['replay-worker/index.js', 'cli/replay-worker/index.js', 'worker.js'];

interface Slot {
  worker: Worker;
  /** Runs handed to it and not answered yet. */
  busy: number;
  /** Decisions the other workers evaluated, to send with its next run. */
  pending: LearnedDecision[][];
}

export class ReplayWorkerPool {
  private readonly slots: Slot[];
  private readonly finished = new Map<number, OutcomeBatch>();
  private nextSeq = 0;
  private nextDelivered = 0;
  private failure: Error | null = null;
  private closing = false;
  private wake: (() => void) | null = null;
  private deliver: ((outcomes: OutcomeBatch) => void) | null = null;
  private readonly maxInFlight: number;

  constructor(script: string, count: number, init: WorkerInit) {
    this.maxInFlight = 2 * count;
    this.slots = [];
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script, {
        workerData: init,
        resourceLimits: {
          maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB,
          maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
        },
      });
      const slot: Slot = { worker, busy: 0, pending: [] };
      worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a replay worker stopped (exit code ${code})`));
      });
      this.slots.push(slot);
    }
  }

  /**
   * Hands every run of lines to the workers and calls `deliver` with their outcomes in sample
   * order, packed as the workers sent them (the main thread reads them without unpacking).
   * Resolves when every unit is delivered; rejects with the first failure (a worker's error is
   * rethrown with its name and message). `local` evaluates, in order, what a worker does not
   * take: a run too large for a worker's heap, and the elements of a JSON array.
   */
  async run(
    units: AsyncIterable<SampleUnit>,
    deliver: (outcomes: OutcomeBatch) => void,
    local: (unit: SampleUnit) => ElementOutcome[],
  ): Promise<void> {
    this.deliver = deliver;
    for await (const unit of units) {
      while (this.failure === null && this.nextSeq - this.nextDelivered >= this.maxInFlight)
        await this.progress();
      if (this.failure !== null) throw this.failure;
      if (unit.kind === 'elements' || unit.bytes.length > LOCAL_CHUNK_BYTES)
        this.finish(this.nextSeq++, local(unit));
      else this.submit(unit.bytes, unit.firstLine, unit.base);
    }
    while (this.failure === null && this.nextDelivered < this.nextSeq) await this.progress();
    if (this.failure !== null) throw this.failure;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private submit(run: Buffer, firstLine: number, base: number): void {
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.busy < slot.busy) slot = s;
    slot.busy++;
    // Transfer, not copy: the buffer must be exactly the run (a Buffer may view a larger one).
    let bytes: Uint8Array = run;
    if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) bytes = new Uint8Array(bytes);
    const learned = slot.pending.length === 1 ? slot.pending[0]! : slot.pending.flat();
    slot.pending = [];
    const request: WorkerRequest = { seq: this.nextSeq++, bytes, firstLine, base, learned };
    slot.worker.postMessage(request, [bytes.buffer as ArrayBuffer]);
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    slot.busy--;
    if ('error' in reply) {
      const error = new Error(reply.error.message);
      error.name = reply.error.name;
      if (reply.error.stack !== undefined) error.stack = reply.error.stack;
      this.fail(error);
      return;
    }
    if (reply.learned.length > 0)
      for (const other of this.slots) if (other !== slot) other.pending.push(reply.learned);
    this.finish(reply.seq, reply.outcomes);
  }

  /** Records run `seq`'s outcomes and delivers every run that is now next in order. */
  private finish(seq: number, outcomes: OutcomeBatch): void {
    this.finished.set(seq, outcomes);
    try {
      for (let next = this.finished.get(this.nextDelivered); next !== undefined;) {
        this.finished.delete(this.nextDelivered++);
        this.deliver!(next);
        next = this.finished.get(this.nextDelivered);
      }
    } catch (error) {
      this.fail(error as Error);
    }
    this.signal();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private progress(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }
}
