/**
 * Numbers a record spells in a way JavaScript does not keep (docs/unknowns.md "Numbers JavaScript
 * cannot hold").
 *
 * OPA keeps a JSON number as its text, and the generated Rego compares numbers by that text (and
 * `unparsable_calls` by its exact value). The replay holds numbers as IEEE doubles, whose text is
 * the shortest one that reads back to the same double. The two agree exactly when the recorded
 * text *is* that shortest text; any other spelling (`1e309`, which reads as Infinity;
 * `12345678901234567890`, beyond 2^53; `0.1000000000000000055511151231257827`; `10.0`; `1E2`; `-0`)
 * may be judged differently by OPA, so the replay treats the value there as unknown rather than
 * decide on a number OPA never saw.
 *
 * Finding them needs the element's text (JSON.parse has already rounded). The reader's shape scan
 * (recordShape.ts) flags an element that may hold one; only such an element is scanned token by
 * token here.
 */
import { MAX_UNKNOWN_PATHS, type TrafficRecord } from './record.js';
import { INEXACT_NUMBERS } from '../unknowns/recordUnknowns.js';

/** A number token and where it sits: keys and array indices from the element's root. */
export interface SpelledNumber {
  path: string[];
  token: string;
}

/** Whether JavaScript writes the number `token` reads as with exactly these characters. */
export function isShortestForm(token: string): boolean {
  return String(Number(token)) === token;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isNumberChar(c: number): boolean {
  // 0-9 . - + e E
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x2b || c === 0x65 || c === 0x45;
}

interface Frame {
  array: boolean;
  /** The key being read (objects) or the index (arrays, as text). */
  key: string;
  index: number;
  expectKey: boolean;
}

/**
 * The number tokens of `text` (valid JSON, as the reader has already parsed it) that the replay
 * cannot judge as OPA does, in text order: every token not in its shortest form, and every token
 * equal in value to one of those. The second kind is in its shortest form yet OPA may still see
 * the other spelling there: within one evaluation OPA reuses a function's result for arguments
 * equal in value (`10` after `1E1` takes the text "1E1"), so its decision on either depends on
 * which it met first. Values are compared as doubles: numbers OPA finds equal are equal doubles.
 * Depth is bounded by the reader's shape check.
 */
export function respelledNumbers(text: string): SpelledNumber[] {
  const all: SpelledNumber[] = [];
  const respelled = new Set<number>();
  const stack: Frame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let j = i + 1;
      let escaped = false;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === BACKSLASH) {
          escaped = true;
          j++;
        } else if (d === QUOTE) break;
      }
      const top = stack[stack.length - 1];
      if (top !== undefined && !top.array && top.expectKey) {
        top.key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        top.expectKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push({ array: c === 0x5b, key: '', index: 0, expectKey: c === 0x7b });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top !== undefined) {
        if (top.array) top.index++;
        else top.expectKey = true;
      }
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < n && isNumberChar(text.charCodeAt(j))) j++;
      const token = text.slice(i, j);
      if (!isShortestForm(token)) respelled.add(Number(token));
      all.push({ path: stack.map((f) => (f.array ? String(f.index) : f.key)), token });
      i = j;
      continue;
    }
    i++;
  }
  if (respelled.size === 0) return [];
  // A Set compares by SameValueZero: -0 and 0 are one value, as they are to OPA.
  return all.filter(({ token }) => respelled.has(Number(token)));
}

/** Where a record's numbers not in their shortest form go: the input's, or why it is malformed. */
export type RespelledVerdict = { ok: true; pointers: string[][] } | { ok: false; reason: string };

const NONE: RespelledVerdict = Object.freeze({ ok: true, pointers: [] }) as RespelledVerdict;

/**
 * Judges the numbers of an element (a record, or an OPA decision event when `event`) that the
 * replay cannot judge as OPA does (respelledNumbers). One in the replayed input (`input.request`,
 * `input.identity`) becomes a pointer of the unknown set (segments below `/input`). A record's
 * `unpaired.call_count` is the export's own count, never OPA's: spelled otherwise (`2.0`, `2e0`)
 * it makes the record malformed. Numbers anywhere else (an event's metrics, other top-level input
 * keys) never reach a policy and are left alone. More than MAX_UNKNOWN_PATHS pointers is
 * malformed: each is matched against every location a policy reads.
 */
export function judgeRespelledNumbers(text: string, event: boolean): RespelledVerdict {
  const found = respelledNumbers(text);
  if (found.length === 0) return NONE;
  const pointers: string[][] = [];
  for (const { path, token } of found) {
    if (path[0] === 'input' && (path[1] === 'request' || path[1] === 'identity'))
      pointers.push(path.slice(1));
    else if (!event && path[0] === 'unpaired' && path.length === 2 && !isShortestForm(token))
      return {
        ok: false,
        reason: `unpaired.${path[1]}: must be a whole number written plainly, got ${token}`,
      };
  }
  if (pointers.length > MAX_UNKNOWN_PATHS)
    return {
      ok: false,
      reason: `input: holds ${pointers.length} numbers not written in their shortest form; at most ${MAX_UNKNOWN_PATHS} are replayed`,
    };
  return pointers.length === 0 ? NONE : { ok: true, pointers };
}

/** The record with its pointers of numbers not in shortest form (kept under a symbol: no JSON sets it). */
export function withRespelledNumbers(record: TrafficRecord, pointers: readonly string[][]): TrafficRecord {
  if (pointers.length > 0) record[INEXACT_NUMBERS] = pointers;
  return record;
}
