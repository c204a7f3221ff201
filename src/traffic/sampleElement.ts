import { mapDecisionEvent, type DecisionLogOptions } from './decisionLog.js';
import { DEFAULT_MAX_LINE_BYTES, idOf, parseElementJson, TrafficReadError } from './reader.js';
import { explainInvalidRecord, isTrafficRecord, type TrafficRecord } from './record.js';
import { scanShapeText, shapeMayHoldRespelledNumber, type Shape } from './recordShape.js';
import { judgeRespelledNumbers, withRespelledNumbers } from './numbers.js';
import type { SampleFormat, SamplePlan } from './samplePlan.js';
import { positionText } from './samplePosition.js';

/** One element of a sample (sample.ts, step 3): a record, malformed, or a skipped log line. */

/**
 * What one element of a sample is. `path`: a decision event's normalized path when no
 * --decision-path chose one (the one-path rule counts malformed events too), else null/absent.
 */
export type SampleElement =
  | { kind: 'record'; record: TrafficRecord; path: string | null }
  | { kind: 'malformed'; reason: string; request_id?: string; path?: string | null }
  /** A log line that is no decision event, or an event of another path: counted, not replayed. */
  | { kind: 'skipped'; otherPath: boolean }
  /** An event in a sample of records, or a record in a decision log: the sample is refused. */
  | { kind: 'mixed' };

const NON_DECISION: SampleElement = Object.freeze({ kind: 'skipped', otherPath: false });
const OTHER_PATH: SampleElement = Object.freeze({ kind: 'skipped', otherPath: true });
const MIXED: SampleElement = Object.freeze({ kind: 'mixed' });
export const EMPTY_ELEMENT: SampleElement = Object.freeze({
  kind: 'malformed',
  reason: 'empty array element (two commas, or a comma before ])',
});

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Classifies elements of one sample; pure, so it runs on any thread. */
export class SampleElementReader {
  private readonly events: boolean;

  constructor(
    format: SampleFormat,
    private readonly options: DecisionLogOptions,
    private readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
  ) {
    this.events = format === 'opa-decision-log';
  }

  /**
   * One element's text (null: an empty array element), with its shape when the reader scanned it
   * (recordShape.ts: too long, invalid UTF-8, too deep, repeated keys).
   */
  read(text: string | null, shape?: Shape): SampleElement {
    if (text === null) return EMPTY_ELEMENT;
    const scanned = shape ?? scanShapeText(text);
    const parsed = parseElementJson(text, scanned, this.maxLineBytes);
    if (!parsed.ok) {
      // A repeated key is JSON still (docs/decision-logs.md "Which lines are events"): an OPA log
      // line with one is skipped as other log lines are, an event of another path too.
      if (this.events && parsed.repeatedKeyValue !== undefined)
        return this.event(parsed.repeatedKeyValue, parsed.reason);
      return parsed.request_id === undefined
        ? { kind: 'malformed', reason: parsed.reason }
        : { kind: 'malformed', reason: parsed.reason, request_id: parsed.request_id };
    }
    const value = parsed.value;
    if (this.events) return this.numbers(this.event(value, null), text, scanned);
    if (isTrafficRecord(value))
      return this.numbers({ kind: 'record', record: value, path: null }, text, scanned);
    // A valid record has no decision_id key, so only a malformed one can be an event.
    if (isObject(value) && Object.hasOwn(value, 'decision_id')) return MIXED;
    const reason = explainInvalidRecord(value) ?? 'not a valid traffic record';
    const id = idOf(value);
    return id === undefined ? { kind: 'malformed', reason } : { kind: 'malformed', reason, request_id: id };
  }

  /** A record with the numbers its text spells otherwise than JavaScript (traffic/numbers.ts). */
  private numbers(element: SampleElement, text: string, shape: Shape): SampleElement {
    if (element.kind !== 'record' || !shapeMayHoldRespelledNumber(shape)) return element;
    const verdict = judgeRespelledNumbers(text, this.events);
    if (!verdict.ok) {
      const reason = verdict.reason;
      const id = element.record.request_id;
      return { kind: 'malformed', reason, request_id: id, path: element.path };
    }
    withRespelledNumbers(element.record, verdict.pointers);
    return element;
  }

  /**
   * A decision-log line's parsed value: not an event, an event of another path, or the event
   * mapped; `repeatedKey` (the reason) makes an event of the path malformed, as it would a record.
   */
  private event(value: unknown, repeatedKey: string | null): SampleElement {
    if (!isObject(value) || !Object.hasOwn(value, 'decision_id'))
      return isObject(value) && Object.hasOwn(value, 'request_id') ? MIXED : NON_DECISION;
    const mapped = mapDecisionEvent(value, this.options);
    if (mapped.kind === 'other_path') return OTHER_PATH;
    if (repeatedKey === null) return mapped;
    const id = value.decision_id;
    return typeof id === 'string' && id !== ''
      ? { kind: 'malformed', reason: repeatedKey, request_id: id, path: mapped.path }
      : { kind: 'malformed', reason: repeatedKey, path: mapped.path };
  }
}

/** The refusal of a sample that mixes records and events, at the element that showed it. */
export function mixedSampleError(plan: SamplePlan, position: number): TrafficReadError {
  const what =
    plan.format === 'records'
      ? 'an OPA decision event (decision_id) in a sample of records of our own format'
      : 'a record of our own format (request_id) in a sample of OPA decision events';
  return new TrafficReadError(
    plan.shown,
    `${positionText(plan, position)}: ${what}; replay them as separate samples`,
  );
}

// The one-path rule.

/** Thrown at the second distinct decision path; `withDecisionPathListing` words it. */
export class SeveralDecisionPaths extends Error {
  override readonly name = 'SeveralDecisionPaths';
}

/** Without --decision-path, every replayed event must have the path of the first. */
export class DecisionPathGuard {
  private first: string | null = null;

  note(path: string | null): void {
    if (path === null) return;
    if (this.first === null) this.first = path;
    else if (path !== this.first) throw new SeveralDecisionPaths(`${this.first} and ${path}`);
  }
}
