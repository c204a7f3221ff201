/**
 * One OPA decision-log event, as the Rego replay needs it (docs/rego.md): the decision path, the
 * input and the recorded result as exact JSON text, the recorded non-deterministic built-in
 * results, and the parts of the input the service's mask policy erased or masked (unknown).
 * Console lines and upload bodies carry the same event fields (docs/decision-logs.md). Pure.
 */
import { ExactJsonError, ExactNumber, parseExactJson, stringifyExact, type ExactValue } from './exactJson.js';
import type { JsonText } from './engineProcess.js';

export interface RegoEvent {
  decisionId: string | null;
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

type Obj = { [key: string]: ExactValue };

const isObject = (v: ExactValue | undefined): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof ExactNumber);

function member(o: Obj, key: string): ExactValue | undefined {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** The pointers of `erased` and `masked` (strings, or OPA's `{"op","path"}` records). */
function pointers(value: ExactValue | undefined): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const out: string[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') out.push(entry);
    else if (isObject(entry) && typeof member(entry, 'path') === 'string')
      out.push(member(entry, 'path') as string);
    else return null;
  }
  return out;
}

export function parseRegoEvent(text: string): EventParse {
  let value: ExactValue;
  try {
    value = parseExactJson(text);
  } catch (error) {
    if (error instanceof ExactJsonError) return { ok: false, reason: `not JSON: ${error.reason}` };
    throw error;
  }
  if (!isObject(value)) return { ok: false, reason: 'a decision event is a JSON object' };
  const hidden = [pointers(member(value, 'erased')), pointers(member(value, 'masked'))];
  if (hidden.some((p) => p === null))
    return { ok: false, reason: '`erased` and `masked` must list JSON pointers' };
  const all = hidden.flat() as string[];
  const unknowns = all.filter((p) => p === '/input' || p.startsWith('/input/')).sort();
  const resultHidden = all.some((p) => p === '/result' || p.startsWith('/result/'));
  const text_ = (key: string): JsonText | null => {
    const v = member(value as Obj, key);
    return v === undefined ? null : stringifyExact(v);
  };
  const path = member(value, 'path');
  const id = member(value, 'decision_id');
  const cache = member(value, 'nd_builtin_cache');
  if (cache !== undefined && cache !== null && !isObject(cache))
    return { ok: false, reason: '`nd_builtin_cache` must be an object' };
  return {
    ok: true,
    event: {
      decisionId: typeof id === 'string' ? id : null,
      path: typeof path === 'string' && path !== '' ? path : null,
      input: text_('input'),
      result: text_('result'),
      resultHidden,
      ndBuiltinCache: cache === undefined || cache === null ? null : stringifyExact(cache),
      unknowns,
    },
  };
}
