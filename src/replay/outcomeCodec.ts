import type { ElementOutcome, RecordOutcome, Verdict } from './recordOutcome.js';

/**
 * Outcomes as a worker thread posts them to the main thread: numbers in one Float64Array (whose
 * buffer is transferred, not copied) and every string in one text, instead of an array of objects
 * that the structured clone walks field by field (measured: about 2.5 µs per record to serialise
 * and 1.4 µs to deserialise, a twentieth of a worker's time). Only the common outcomes are packed
 * (a record without a change, a skipped decision-log line); the rare ones (changes, malformed,
 * mixed) travel as objects beside them, at their position.
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
    } else if (outcome.kind === 'record' && outcome.change === null) {
      numbers.push(RECORD);
      numbers.push(outcome.line);
      numbers.push((outcome.evaluated ? 1 : 0) | (outcome.byReading ? 2 : 0));
      numbers.push(outcome.primary);
      numbers.push(outcome.reasons);
      numbers.push(outcome.base ?? NULL - 1);
      numbers.push(RECORDED.indexOf(outcome.recorded_decision));
      if (outcome.matched === null) numbers.push(NULL);
      else {
        numbers.push(outcome.matched.length);
        for (const index of outcome.matched) numbers.push(index);
      }
      string(outcome.request_id);
      string(outcome.occurred_at);
      string(outcome.manifest_id);
      string(outcome.policy_revision);
      string(outcome.error);
      string(outcome.decision_path);
    } else {
      numbers.push(OTHER);
      others.push(outcome);
    }
  }
  return { count: outcomes.length, numbers: numbers.done(), text: texts.join(''), others };
}

export function unpackOutcomes(packed: PackedOutcomes): ElementOutcome[] {
  const { numbers, text, others } = packed;
  const out: ElementOutcome[] = new Array<ElementOutcome>(packed.count);
  let n = 0;
  let t = 0;
  let o = 0;
  const string = (): string | null => {
    const length = numbers[n++]!;
    if (length === NULL) return null;
    const value = text.slice(t, t + length);
    t += length;
    return value;
  };
  for (let i = 0; i < packed.count; i++) {
    const kind = numbers[n++];
    if (kind === SKIPPED) {
      out[i] = { kind: 'skipped', line: numbers[n++]!, otherPath: numbers[n++] === 1 };
    } else if (kind === RECORD) {
      const line = numbers[n++]!;
      const flags = numbers[n++]!;
      const primary = numbers[n++] as Verdict;
      const reasons = numbers[n++]!;
      const base = numbers[n++]!;
      const recorded = RECORDED[numbers[n++]!]!;
      const count = numbers[n++]!;
      let matched: number[] | null = null;
      if (count !== NULL) {
        matched = new Array<number>(count);
        for (let k = 0; k < count; k++) matched[k] = numbers[n++]!;
      }
      const outcome: RecordOutcome = {
        kind: 'record',
        line,
        request_id: string()!,
        occurred_at: string(),
        manifest_id: string(),
        recorded_decision: recorded,
        policy_revision: string(),
        evaluated: (flags & 1) !== 0,
        error: string(),
        primary,
        reasons,
        byReading: (flags & 2) !== 0,
        matched,
        base: base === NULL - 1 ? null : (base as Verdict),
        change: null,
        decision_path: string(),
      };
      out[i] = outcome;
    } else {
      out[i] = others[o++]!;
    }
  }
  return out;
}
