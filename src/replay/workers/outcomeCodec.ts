import type { ChangeExplanation } from '../evaluate/changeExplanation.js';
import type { ChangeDetail, ElementOutcome, RecordOutcome, Verdict } from '../evaluate/recordOutcome.js';

/**
 * Outcomes as a worker thread posts them to the main thread: numbers in one Float64Array (whose
 * buffer is transferred, not copied) and every string in one text, instead of an array of objects
 * that the structured clone walks field by field (docs/performance.md "Worker threads"). Records
 * (changes too) and skipped decision-log lines are packed; the rare outcomes (malformed, mixed)
 * travel as objects beside them, at their position.
 *
 * The main thread reads the records through one reused view (forEachPackedOutcome) instead of
 * unpacking a thousand objects per run: under Node 24, whose V8 lets a busy young generation grow
 * large, that allocation shows in the peak memory.
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
      string(outcome.signature);
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
          numbers.list(explain.causes);
          numbers.push(explain.joint ? 1 : 0);
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
  const reader = new PackedReader(packed);
  for (let i = 0; i < packed.count; i++) fn(reader.outcome());
}

/** Reads a packed run front to back: the cursors into its numbers, text and other outcomes. */
class PackedReader {
  private n = 0;
  private t = 0;
  private o = 0;
  /** The view's `matched`, one array per length, refilled per record. */
  private readonly matchedOf: number[][] = [];
  private readonly view: RecordOutcome = {
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
    signature: null,
  };

  constructor(private readonly packed: PackedOutcomes) {}

  /** The next outcome; a record is the reused view. */
  outcome(): ElementOutcome {
    const kind = this.packed.numbers[this.n++];
    if (kind === SKIPPED) return { kind: 'skipped', line: this.number(), otherPath: this.number() === 1 };
    if (kind !== RECORD) return this.packed.others[this.o++]!;
    return this.record();
  }

  private number(): number {
    return this.packed.numbers[this.n++]!;
  }

  /**
   * The next string: a slice of `text`, or (`own`) a copy for what outlives the run — a change's
   * strings, which the change list and its groups keep to the end (ownString).
   */
  private string(own = false): string | null {
    const length = this.number();
    if (length === NULL) return null;
    const value = this.packed.text.slice(this.t, this.t + length);
    this.t += length;
    return own ? ownString(value) : value;
  }

  private list(): number[] {
    const count = this.number();
    const values = new Array<number>(count);
    for (let k = 0; k < count; k++) values[k] = this.number();
    return values;
  }

  private record(): RecordOutcome {
    const view = this.view;
    view.line = this.number();
    const flags = this.number();
    view.primary = this.number() as Verdict;
    view.reasons = this.number();
    const base = this.number();
    view.base = base === NULL - 1 ? null : (base as Verdict);
    view.recorded_decision = RECORDED[this.number()]!;
    const count = this.number();
    if (count === NULL) view.matched = null;
    else {
      const matched = (this.matchedOf[count] ??= new Array<number>(count));
      for (let k = 0; k < count; k++) matched[k] = this.number();
      view.matched = matched;
    }
    const changed = (flags & CHANGED) !== 0;
    view.request_id = this.string(changed)!;
    view.occurred_at = this.string(changed);
    view.manifest_id = this.string();
    view.policy_revision = this.string();
    view.error = this.string();
    view.decision_path = this.string();
    view.signature = this.string();
    view.evaluated = (flags & EVALUATED) !== 0;
    view.byReading = (flags & BY_READING) !== 0;
    view.baseFailed = (flags & BASE_FAILED) !== 0;
    view.change = changed ? this.change(flags) : null;
    return view;
  }

  /** A change's own detail (its strings copied). */
  private change(flags: number): ChangeDetail {
    const subject = this.string(true);
    const method = this.string(true);
    const tools = new Array<string>(this.number());
    for (let k = 0; k < tools.length; k++) tools[k] = this.string(true)!;
    let explain: ChangeExplanation | null = null;
    if ((flags & EXPLAINED) !== 0)
      explain = {
        base_matched: this.list(),
        head_basis: this.number(),
        base_basis: this.number(),
        head_missing: this.list(),
        base_missing: this.list(),
        causes: this.list(),
        joint: this.number() === 1,
      };
    return { subject, method, tools, explain };
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
 * outlives the run is copied first (slices of change strings would keep whole run texts alive).
 * Slicing or concatenating does not copy; a JSON round trip does.
 */
export function ownString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
