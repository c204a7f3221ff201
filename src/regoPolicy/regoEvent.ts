/**
 * One OPA decision-log event, as the Rego replay needs it (docs/rego.md): the decision path, the
 * input and the recorded result as exact JSON text, the recorded non-deterministic built-in
 * results, and the parts of the input the service's mask policy erased or masked (unknown).
 * Console lines and upload bodies carry the same event fields (docs/decision-logs.md). Pure.
 */
import type { JsonText } from './engineProcess.js';
import { jsonObjectMembers, JsonScanError, scanValue } from './jsonMembers.js';
import { isRfc3339Instant } from '../time/rfc3339.js';
import { policyRevisionOf } from '../traffic/decisionLog.js';

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
  unknowns: readonly string[];
  /** The policy revision the service decided with (when asked for), else null. */
  revision?: string | null;
  /** The replay-runtime manifest id at the event's `manifestIdField` (a string), else null. */
  manifestId?: string | null;
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

interface HiddenParts {
  resultHidden: boolean;
  unknowns: readonly string[];
}

/**
 * What `erased` and `masked` hide, by their texts: a mask policy hides the same parts of most
 * events, so each distinct pair is read once. Shared, never modified; bounded (past the limit it
 * starts again).
 */
const hiddenByText = new Map<string, HiddenParts | null>();
const HIDDEN_MAX_ENTRIES = 1024;

function hiddenParts(erased: string | undefined, masked: string | undefined): HiddenParts | null {
  const key = `${erased ?? ''}\u0000${masked ?? ''}`;
  const known = hiddenByText.get(key);
  if (known !== undefined) return known;
  const parse = (text: string | undefined): unknown => (text === undefined ? undefined : JSON.parse(text));
  const lists = [pointers(parse(erased)), pointers(parse(masked))];
  const all = lists.every((l) => l !== null) ? lists.flat() : null;
  const parts =
    all === null
      ? null
      : {
          resultHidden: all.some((p) => p === '/result' || p.startsWith('/result/')),
          unknowns: all.filter((p) => p === '/input' || p.startsWith('/input/')).sort(),
        };
  if (hiddenByText.size >= HIDDEN_MAX_ENTRIES) hiddenByText.clear();
  hiddenByText.set(key, parts);
  return parts;
}

/** The string at `path` inside `value`, or null (the manifest id of an event, when it has one). */
function fieldString(value: unknown, path: readonly string[]): string | null {
  let node = value;
  for (const key of path) node = isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  return typeof node === 'string' ? node : null;
}

/** Why `text` is no event: not JSON at all, or JSON of another kind than an object. */
function notAnObject(text: string, error: JsonScanError): string {
  if (/^\s*\{/.test(text)) return `not JSON: ${error.message}`;
  try {
    if (scanValue(text, 0) === text.length) return 'a decision event is a JSON object';
  } catch {
    // Not JSON either.
  }
  return `not JSON: ${error.message}`;
}

/**
 * The event checked as JSON and split into its members in one pass that builds no values
 * (jsonMembers.ts); only the small members are parsed. The input, the result and the cache stay
 * their text, since JSON.parse rounds numbers beyond 2^53.
 */
export interface EventReading {
  /** Where the event names its replay-runtime manifest id (`--manifest-id-field`). */
  manifestIdField?: readonly string[] | null;
  /** Read the policy revision: the bundle named (null: the only one), as for rule documents. */
  revisions?: { bundle: string | null };
}

export function parseRegoEvent(text: string, reading: EventReading = {}): EventParse {
  const manifestIdField = reading.manifestIdField ?? null;
  let members: Map<string, string>;
  try {
    members = jsonObjectMembers(text);
  } catch (error) {
    if (error instanceof JsonScanError) return { ok: false, reason: notAnObject(text, error) };
    throw error;
  }
  const small = (key: string): unknown => {
    const member = members.get(key);
    return member === undefined ? undefined : (JSON.parse(member) as unknown);
  };
  const hidden = hiddenParts(members.get('erased'), members.get('masked'));
  if (hidden === null) return { ok: false, reason: '`erased` and `masked` must list JSON pointers' };
  const cache = members.get('nd_builtin_cache');
  if (cache !== undefined && cache !== 'null' && !cache.startsWith('{'))
    return { ok: false, reason: '`nd_builtin_cache` must be an object' };
  const timestamp = small('timestamp');
  if (timestamp !== undefined && (typeof timestamp !== 'string' || !isRfc3339Instant(timestamp)))
    return { ok: false, reason: 'timestamp: must be an RFC 3339 instant with an offset' };
  const decisionId = small('decision_id');
  const path = small('path');
  return {
    ok: true,
    event: {
      decisionId: typeof decisionId === 'string' ? decisionId : null,
      timestamp: timestamp ?? null,
      path: typeof path === 'string' && path !== '' ? path : null,
      input: members.get('input') ?? null,
      result: members.get('result') ?? null,
      resultHidden: hidden.resultHidden,
      ndBuiltinCache: cache === undefined || cache === 'null' ? null : cache,
      unknowns: hidden.unknowns,
      ...(reading.revisions === undefined
        ? {}
        : {
            revision:
              policyRevisionOf(
                { bundles: small('bundles'), revision: small('revision') },
                reading.revisions.bundle,
              ) ?? null,
          }),
      ...(manifestIdField === null
        ? {}
        : { manifestId: fieldString(small(manifestIdField[0]!), manifestIdField.slice(1)) }),
    },
  };
}
