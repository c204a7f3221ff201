/**
 * One OPA decision-log event, as the Rego replay needs it (docs/rego.md): the decision path, the
 * input and the recorded result as exact JSON text, the recorded non-deterministic built-in
 * results, and the parts of the input the service's mask policy erased or masked (unknown).
 * Console lines and upload bodies carry the same event fields (docs/decision-logs.md). Pure.
 */
import { topLevelMembers, type JsonText } from './engineProcess.js';
import { isRfc3339Instant } from '../time/rfc3339.js';

export interface RegoEvent {
  decisionId: string | null;
  /** The event's `timestamp` as logged (an RFC 3339 instant); null when none was. */
  timestamp: string | null;
  /** The decision's path (`httpapi/authz/allow`); null: an ad-hoc query, or none logged. */
  path: string | null;
  /** The input as logged; null when none was (or all of it was erased). */
  input: JsonText | null;
  /** The logged result; null when the decision was undefined, or the result was erased. */
  result: JsonText | null;
  /** Whether the mask erased or masked the result: no recorded decision to compare with. */
  resultHidden: boolean;
  /** `nd_builtin_cache` as logged, never printed (it holds secrets); null when absent. */
  ndBuiltinCache: JsonText | null;
  /** JSON pointers under /input whose recorded values are not the service's: unknown. */
  unknowns: string[];
}

export type EventParse = { ok: true; event: RegoEvent } | { ok: false; reason: string };

type Parsed = Record<string, unknown>;

const isRecord = (v: unknown): v is Parsed => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pointers of `erased` and `masked` (strings, or OPA's `{"op","path"}` records). */
function pointers(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const out: string[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') out.push(entry);
    else if (isRecord(entry) && typeof entry.path === 'string') out.push(entry.path);
    else return null;
  }
  return out;
}

/**
 * The JSON.parse is for validity and the small fields; the input, the result and the cache are
 * taken as their text (topLevelMembers), since JSON.parse rounds numbers beyond 2^53.
 */
export function parseRegoEvent(text: string): EventParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  if (!isRecord(value)) return { ok: false, reason: 'a decision event is a JSON object' };
  const hidden = [pointers(value.erased), pointers(value.masked)];
  if (hidden.some((p) => p === null))
    return { ok: false, reason: '`erased` and `masked` must list JSON pointers' };
  const all = hidden.flat() as string[];
  const cache = value.nd_builtin_cache;
  if (cache !== undefined && cache !== null && !isRecord(cache))
    return { ok: false, reason: '`nd_builtin_cache` must be an object' };
  const timestamp = value.timestamp;
  if (timestamp !== undefined && (typeof timestamp !== 'string' || !isRfc3339Instant(timestamp)))
    return { ok: false, reason: 'timestamp: must be an RFC 3339 instant with an offset' };
  const members = topLevelMembers(text);
  const own = (key: string): JsonText | null =>
    Object.prototype.hasOwnProperty.call(value, key) ? (members.get(key) ?? null) : null;
  return {
    ok: true,
    event: {
      decisionId: typeof value.decision_id === 'string' ? value.decision_id : null,
      timestamp: timestamp ?? null,
      path: typeof value.path === 'string' && value.path !== '' ? value.path : null,
      input: own('input'),
      result: own('result'),
      resultHidden: all.some((p) => p === '/result' || p.startsWith('/result/')),
      ndBuiltinCache: cache === undefined || cache === null ? null : own('nd_builtin_cache'),
      unknowns: all.filter((p) => p === '/input' || p.startsWith('/input/')).sort(),
    },
  };
}
