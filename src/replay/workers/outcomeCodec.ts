import type { ChangeExplanation } from '../evaluate/changeExplanation.js';
import type { ChangeDetail, ElementOutcome, RecordOutcome, Verdict } from '../evaluate/recordOutcome.js';

/**
 * Outcomes as a worker thread posts them to the main thread: numbers in one Float64Array (whose
 * buffer is transferred, not copied) and every string in one text, instead of an array of objects
 * that the structured clone walks field by field (measured: about 2.5 µs per record to serialise
 * and 1.4 µs to deserialise, a twentieth of a worker's time). Records (changes too) and skipped
 * decision-log lines are packed; the rare outcomes (malformed, mixed) travel as objects beside
 * them, at their position.
 *
 * The main thread reads the records through one reused view (forEachPackedOutcome) instead of
 * unpacking a thousand objects per run. Under Node 24, whose V8 lets a busy young generation grow
 * large, that allocation cost 30–40 MB of peak RSS at a million records; a change's seven objects
 * also cost a structured clone each way (~150 µs per run).
 */
export interface PackedOutcomes {
  count: number;
  numbers: Float64Array;
  text: string;
  /** The outcomes not packed, in order; `numbers` marks their places. */
  others: ElementOutcome[];
}

const RECORD = 0;
const SKIPPED = 1;
const OTHER = 2;
const NULL = -1;

/** A record's flag bits. */
const EVALUATED = 1;
const BY_READING = 2;
const CHANGED = 4;
const EXPLAINED = 8;
const BASE_FAILED = 16;

const RECORDED = [null, 'allow', 'deny'] as const;

/** Growable numbers, so a run of any length packs without a second pass. */
class Numbers {
  private array = new Float64Array(1_024);
  length = 0;

  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = new Float64Array(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }

  list(values: readonly number[]): void {
    this.push(values.length);
    for (const value of values) this.push(value);
  }

  done(): Float64Array {
    return this.array.slice(0, this.length);
  }
}

export function packOutcomes(outcomes: readonly ElementOutcome[]): PackedOutcomes {
  const numbers = new Numbers();
  const texts: string[] = [];
  const others: ElementOutcome[] = [];
  const string = (value: string | null) => {
    if (value === null) numbers.push(NULL);
    else {
      numbers.push(value.length);
      texts.push(value);
    }
  };
  for (const outcome of outcomes) {
    if (outcome.kind === 'skipped') {
      numbers.push(SKIPPED);
      numbers.push(outcome.line);
      numbers.push(outcome.otherPath ? 1 : 0);
    } else if (outcome.kind === 'record') {
      const change = outcome.change;
      numbers.push(RECORD);
      numbers.push(outcome.line);
      numbers.push(
        (outcome.evaluated ? EVALUATED : 0) |
          (outcome.byReading ? BY_READING : 0) |
          (change !== null ? CHANGED : 0) |
          (change?.explain ? EXPLAINED : 0) |
          (outcome.baseFailed ? BASE_FAILED : 0),
      );
      numbers.push(outcome.primary);
      numbers.push(outcome.reasons);
      numbers.push(outcome.base ?? NULL - 1);
      numbers.push(RECORDED.indexOf(outcome.recorded_decision));
      if (outcome.matched === null) numbers.push(NULL);
      else numbers.list(outcome.matched);
      string(outcome.request_id);
      string(outcome.occurred_at);
      string(outcome.manifest_id);
      string(outcome.policy_revision);
      string(outcome.error);
      string(outcome.decision_path);
      if (change !== null) {
        string(change.subject);
        string(change.method);
        numbers.push(change.tools.length);
        for (const tool of change.tools) string(tool);
        const explain = change.explain;
        if (explain !== null) {
          numbers.list(explain.base_matched);
          numbers.push(explain.head_basis);
          numbers.push(explain.base_basis);
          numbers.list(explain.head_missing);
          numbers.list(explain.base_missing);
        }
      }
    } else {
      numbers.push(OTHER);
      others.push(outcome);
    }
  }
  return { count: outcomes.length, numbers: numbers.done(), text: texts.join(''), others };
}

/**
 * Calls `fn` with each outcome of `packed`, in order. A record is one view, reused for the next
 * record (its `matched` too): `fn` must copy what it keeps. A change's `change` is its own.
 */
export function forEachPackedOutcome(packed: PackedOutcomes, fn: (outcome: ElementOutcome) => void): void {
  const { numbers, text, others } = packed;
  let n = 0;
  let t = 0;
  let o = 0;
  /**
   * The next string: a slice of `text`, or (`own`) a copy for what outlives the run — a change's
   * strings, which the change list and its groups keep to the end (ownString).
   */
  const string = (own = false): string | null => {
    const length = numbers[n++]!;
    if (length === NULL) return null;
    const value = text.slice(t, t + length);
    t += length;
    return own ? ownString(value) : value;
  };
  const list = (): number[] => {
    const count = numbers[n++]!;
    const values = new Array<number>(count);
    for (let k = 0; k < count; k++) values[k] = numbers[n++]!;
    return values;
  };
  /** The view's `matched`, one array per length, refilled per record. */
  const matchedOf: number[][] = [];
  const view: RecordOutcome = {
    kind: 'record',
    line: 0,
    request_id: '',
    occurred_at: null,
    manifest_id: null,
    recorded_decision: null,
    policy_revision: null,
    evaluated: false,
    error: null,
    baseFailed: false,
    primary: -1,
    reasons: 0,
    byReading: false,
    matched: null,
    base: null,
    change: null,
    decision_path: null,
  };
  for (let i = 0; i < packed.count; i++) {
    const kind = numbers[n++];
    if (kind === SKIPPED) {
      fn({ kind: 'skipped', line: numbers[n++]!, otherPath: numbers[n++] === 1 });
      continue;
    }
    if (kind !== RECORD) {
      fn(others[o++]!);
      continue;
    }
    view.line = numbers[n++]!;
    const flags = numbers[n++]!;
    view.primary = numbers[n++] as Verdict;
    view.reasons = numbers[n++]!;
    const base = numbers[n++]!;
    view.base = base === NULL - 1 ? null : (base as Verdict);
    view.recorded_decision = RECORDED[numbers[n++]!]!;
    const count = numbers[n++]!;
    if (count === NULL) view.matched = null;
    else {
      const matched = (matchedOf[count] ??= new Array<number>(count));
      for (let k = 0; k < count; k++) matched[k] = numbers[n++]!;
      view.matched = matched;
    }
    const changed = (flags & CHANGED) !== 0;
    view.request_id = string(changed)!;
    view.occurred_at = string(changed);
    view.manifest_id = string();
    view.policy_revision = string();
    view.error = string();
    view.decision_path = string();
    view.evaluated = (flags & EVALUATED) !== 0;
    view.byReading = (flags & BY_READING) !== 0;
    view.baseFailed = (flags & BASE_FAILED) !== 0;
    view.change = null;
    if (changed) {
      const subject = string(true);
      const method = string(true);
      const tools = new Array<string>(numbers[n++]!);
      for (let k = 0; k < tools.length; k++) tools[k] = string(true)!;
      let explain: ChangeExplanation | null = null;
      if ((flags & EXPLAINED) !== 0)
        explain = {
          base_matched: list(),
          head_basis: numbers[n++]!,
          base_basis: numbers[n++]!,
          head_missing: list(),
          base_missing: list(),
        };
      const change: ChangeDetail = { subject, method, tools, explain };
      view.change = change;
    }
    fn(view);
  }
}

/** What a worker's run comes back as: packed, or (a run evaluated on the main thread) objects. */
export type OutcomeBatch = readonly ElementOutcome[] | PackedOutcomes;

export function outcomeCount(batch: OutcomeBatch): number {
  return isPacked(batch) ? batch.count : batch.length;
}

/** Each outcome of a batch in order; a packed record is a reused view (forEachPackedOutcome). */
export function forEachOutcome(batch: OutcomeBatch, fn: (outcome: ElementOutcome) => void): void {
  if (isPacked(batch)) forEachPackedOutcome(batch, fn);
  else for (const outcome of batch) fn(outcome);
}

function isPacked(batch: OutcomeBatch): batch is PackedOutcomes {
  return !Array.isArray(batch);
}

/**
 * `text` as a string of its own. A string read from a packed run is a slice of the run's whole
 * text (13 characters or more, in V8), and keeps all of it alive as long as it is kept: what
 * outlives the run is copied first (slices of change strings kept a few hundred texts alive,
 * +50 MB of peak RSS at a million records). Slicing or concatenating does not copy; a JSON round
 * trip does.
 */
export function ownString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
