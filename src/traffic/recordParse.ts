import { RequestIdTable } from './requestIdTable.js';
import { explainInvalidRecord, isTrafficRecord, type TrafficRecord } from './record.js';
import {
  countMembers,
  findRepeatedKey,
  repeatedKeyReason,
  scanShapeText,
  shapeMembers,
  shapeReason,
  type Shape,
} from './recordShape.js';
import { DEFAULT_MAX_LINE_BYTES } from './bytes.js';

/** One element's text to a traffic item: JSON parsing, record validation and duplicate ids. */

export type TrafficItem =
  | { kind: 'record'; line: number; record: TrafficRecord }
  | { kind: 'malformed'; line: number; reason: string; request_id?: string };

/**
 * Turns parsed values into items: validation plus duplicate detection. One per read; exported so a
 * caller holding values from elsewhere (tests, a shard merge) judges them the same way.
 */
export class RecordClassifier {
  private readonly ids = new RequestIdTable();

  constructor(private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES) {}

  classifyText(text: string, line: number, shape?: Shape): TrafficItem {
    const item = parseRecordText(text, line, shape, this.maxLineBytes);
    return item.kind === 'record' ? this.claim(item.record, line) : item;
  }

  classifyValue(value: unknown, line: number): TrafficItem {
    const item = validateRecordValue(value, line);
    return item.kind === 'record' ? this.claim(item.record, line) : item;
  }

  /** The first valid record with an id keeps it; a later one with the same id is malformed. */
  private claim(value: TrafficRecord, line: number): TrafficItem {
    const id = value.request_id;
    const first = this.ids.claim(id, line);
    if (first !== undefined)
      return { kind: 'malformed', line, reason: duplicateReason(id, first), request_id: id };
    return { kind: 'record', line, record: value };
  }
}

/**
 * One line (or array element) of a sample: parsed once and validated, duplicates not judged. The
 * reader and the replay's per-record step (which judges duplicates in file order on the main
 * thread) share it, so both say the same thing about the same text.
 */
export function parseRecordText(
  text: string,
  line: number,
  shape: Shape = scanShapeText(text),
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): TrafficItem {
  const parsed = parseElementJson(text, shape, maxLineBytes);
  if (parsed.ok) return validateRecordValue(parsed.value, line);
  return parsed.request_id === undefined
    ? { kind: 'malformed', line, reason: parsed.reason }
    : { kind: 'malformed', line, reason: parsed.reason, request_id: parsed.request_id };
}

/**
 * One element parsed, or why it is not usable JSON (with its request_id when it has one, and the
 * value JSON.parse gave when only a repeated key refused it).
 */
export type ParsedElement =
  | { ok: true; value: unknown }
  | { ok: false; reason: string; request_id?: string; repeatedKeyValue?: unknown };

/**
 * One element's JSON, or why it is not usable JSON — its shape refused (too long, invalid UTF-8,
 * too deep), not JSON, or a key repeated in one object: the one parse every sample format shares
 * (records and OPA decision events, docs/decision-logs.md), so they agree on what is malformed.
 */
export function parseElementJson(
  text: string,
  shape: Shape = scanShapeText(text),
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): ParsedElement {
  if (shape < 0) return { ok: false, reason: shapeReason(shape, maxLineBytes) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  if (countMembers(value) !== shapeMembers(shape)) {
    const reason = repeatedKeyReason(findRepeatedKey(text));
    const id = idOf(value);
    return id === undefined
      ? { ok: false, reason, repeatedKeyValue: value }
      : { ok: false, reason, request_id: id, repeatedKeyValue: value };
  }
  return { ok: true, value };
}

export function validateRecordValue(value: unknown, line: number): TrafficItem {
  if (isTrafficRecord(value)) return { kind: 'record', line, record: value };
  const reason = explainInvalidRecord(value) ?? 'not a valid traffic record';
  const id = idOf(value);
  return id === undefined
    ? { kind: 'malformed', line, reason }
    : { kind: 'malformed', line, reason, request_id: id };
}

/** The malformed reason of a second valid record with an id already replayed. */
export function duplicateReason(id: string, firstLine: number): string {
  return `request_id: duplicate ${JSON.stringify(id)} (first on line ${firstLine})`;
}

/** The request_id of a value that is not a valid record, when it has a usable one. */
export function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { request_id?: unknown }).request_id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}
