import { isRfc3339Instant } from '../time/rfc3339.js';
import { explainInvalidRecord, isTrafficRecord, type TrafficRecord } from './record.js';

/**
 * One OPA decision event → one record of our own format (docs/decision-logs.md "The mapping"),
 * so that everything after the reading — buckets, reasons, changes, drift, fidelity — is the
 * replay of records. Pure: no I/O, no state; runs on the main thread and in the workers alike.
 *
 * Decisions the contract leaves open (docs/decision-logs.md "Decisions"):
 * - The path filter runs first: an event of another path is skipped whatever else is wrong with
 *   it. Then `decision_id`, `timestamp`, `erased`/`masked` and `input` are checked, in that order.
 * - An erased `/input` (OPA then writes no `input` key) maps to an empty input whose `/input` is
 *   unknown: every read of it is unknown, so the replay never guesses.
 * - The recorded decision is none when an `erased`/`masked` pointer is the decision field or
 *   above it (`/result`, `/result/allow` for `result.allow`): the value read is not the real one.
 *   The same holds for `--manifest-id-field`.
 * - An explicit `--decision-field` accepts a boolean, or the strings `allow`/`deny`.
 * - A bundle revision that is an empty string counts as none.
 */

/** The decision-log options (CLI flags, Action inputs), parsed. Plain data: posted to workers. */
export interface DecisionLogOptions {
  /** `--decision-path`, normalized (`policy_replay/decision`); null: any path, but only one. */
  decisionPath: string | null;
  /** `--decision-field`: keys into `result`; null: the default chain. */
  decisionField: string[] | null;
  /** `--bundle`: which entry of `bundles` names the revision; null: the only entry. */
  bundle: string | null;
  /** `--manifest-id-field`: keys into the event; null: no manifest ids. */
  manifestIdField: string[] | null;
}

export const NO_DECISION_LOG_OPTIONS: DecisionLogOptions = Object.freeze({
  decisionPath: null,
  decisionField: null,
  bundle: null,
  manifestIdField: null,
});

/** The options as written (flags, inputs, `.policy-replay.yml`); null or absent: not given. */
export interface DecisionLogOptionsText {
  decisionPath?: string | null;
  decisionField?: string | null;
  bundle?: string | null;
  manifestIdField?: string | null;
}

/** The option names as the CLI and the Action spell them. */
export const DECISION_LOG_OPTION_NAMES = {
  decisionPath: 'decision-path',
  decisionField: 'decision-field',
  bundle: 'bundle',
  manifestIdField: 'manifest-id-field',
} as const;

/** A decision-log option whose value cannot be used; `option` is its CLI / Action name. */
export class DecisionLogOptionError extends Error {
  override readonly name = 'DecisionLogOptionError';
  constructor(
    readonly option: (typeof DECISION_LOG_OPTION_NAMES)[keyof typeof DECISION_LOG_OPTION_NAMES],
    readonly value: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A decision path as OPA's `path` and the user's `--decision-path` compare: a leading `/` and a
 * `data.` / `data/` prefix dropped, dots and slashes equal (`/data/policy_replay.decision` →
 * `policy_replay/decision`).
 */
export function normalizeDecisionPath(path: string): string {
  let p = path.replace(/^\/+/, '');
  if (p === 'data') p = '';
  else if (p.startsWith('data/') || p.startsWith('data.')) p = p.slice(5);
  return p.includes('.') ? p.replace(/\./g, '/') : p;
}

function dottedPath(option: 'decisionField' | 'manifestIdField', text: string, example: string): string[] {
  const segments = text.split('.');
  if (text === '' || segments.some((s) => s === '')) {
    const name = DECISION_LOG_OPTION_NAMES[option];
    throw new DecisionLogOptionError(
      name,
      text,
      `Invalid ${name} '${text}'. Expected a dotted path of keys, e.g. ${example}.`,
    );
  }
  return segments;
}

/** Parses the options; an unusable value throws DecisionLogOptionError naming the option. */
export function parseDecisionLogOptions(text: DecisionLogOptionsText): DecisionLogOptions {
  let decisionPath: string | null = null;
  if (text.decisionPath !== undefined && text.decisionPath !== null) {
    decisionPath = normalizeDecisionPath(text.decisionPath);
    if (decisionPath === '' || decisionPath.split('/').some((s) => s === '')) {
      throw new DecisionLogOptionError(
        'decision-path',
        text.decisionPath,
        `Invalid decision-path '${text.decisionPath}'. Expected the path of a decision under data, e.g. policy_replay/decision.`,
      );
    }
  }
  const bundle = text.bundle ?? null;
  if (bundle === '')
    throw new DecisionLogOptionError('bundle', bundle, "Invalid bundle ''. Expected a bundle name.");
  return {
    decisionPath,
    decisionField:
      text.decisionField === undefined || text.decisionField === null
        ? null
        : dottedPath('decisionField', text.decisionField, 'allow or decision.allowed'),
    bundle,
    manifestIdField:
      text.manifestIdField === undefined || text.manifestIdField === null
        ? null
        : dottedPath('manifestIdField', text.manifestIdField, 'input.request.mcp.session_id'),
  };
}

/** Whether any option is set (a record-format sample refuses them). */
export function hasDecisionLogOptions(options: DecisionLogOptions): boolean {
  return (
    options.decisionPath !== null ||
    options.decisionField !== null ||
    options.bundle !== null ||
    options.manifestIdField !== null
  );
}

/** The options back as flags, for messages: `--decision-path x --bundle y`. */
export function describeDecisionLogOptions(options: DecisionLogOptions): string {
  const parts: string[] = [];
  if (options.decisionPath !== null) parts.push(`--decision-path ${options.decisionPath}`);
  if (options.decisionField !== null) parts.push(`--decision-field ${options.decisionField.join('.')}`);
  if (options.bundle !== null) parts.push(`--bundle ${options.bundle}`);
  if (options.manifestIdField !== null)
    parts.push(`--manifest-id-field ${options.manifestIdField.join('.')}`);
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * What one decision event is for the replay. `path`: the event's normalized path, for the
 * one-path rule (null under --decision-path, which already chose one).
 */
export type EventMapping =
  | { kind: 'record'; record: TrafficRecord; path: string | null }
  | { kind: 'malformed'; reason: string; request_id?: string; path: string | null }
  /** Another decision path, or none (an ad-hoc query): skipped, counted as other_path. */
  | { kind: 'other_path' };

const OTHER_PATH: EventMapping = Object.freeze({ kind: 'other_path' });

/** RFC 6901 pointer → keys (`~1` → `/`, `~0` → `~`); null when it is not a pointer. */
export function pointerSegments(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (pointer[0] !== '/') return null;
  const parts = pointer.slice(1).split('/');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.includes('~')) parts[i] = part.replace(/~1/g, '/').replace(/~0/g, '~');
  }
  return parts;
}

/** Whether `pointer` names `segments` or something above it. */
function coversSegments(pointer: string, segments: readonly string[]): boolean {
  const p = pointerSegments(pointer);
  if (p === null || p.length > segments.length) return false;
  for (let i = 0; i < p.length; i++) if (p[i] !== segments[i]) return false;
  return true;
}

/**
 * Whether a pointer names `/input` or something in it. Only the prefix is checked: a malformed
 * pointer under /input goes into unknown_paths and makes the record malformed there, rather than
 * being dropped here.
 */
function isUnderInput(pointer: string): boolean {
  return pointer === '/input' || pointer.startsWith('/input/');
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let v = root;
  for (const key of segments) {
    if (!isObj(v) || !Object.hasOwn(v, key)) return undefined;
    v = v[key];
  }
  return v;
}

/**
 * The `erased` and `masked` pointers of an event, erased first; a reason when either is not a
 * list of strings (OPA always writes one).
 */
function hiddenPointers(event: Obj): string[] | string {
  const out: string[] = [];
  for (const key of ['erased', 'masked'] as const) {
    const list = event[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${key}: must be a list of JSON pointers`;
    for (let i = 0; i < list.length; i++) {
      const pointer: unknown = list[i];
      if (typeof pointer !== 'string') return `${key}[${i}]: must be a JSON pointer (a string)`;
      out.push(pointer);
    }
  }
  return out;
}

function anyCovers(hidden: readonly string[], segments: readonly string[]): boolean {
  for (const pointer of hidden) if (coversSegments(pointer, segments)) return true;
  return false;
}

const RESULT = ['result'];
const RESULT_ALLOW = ['result', 'allow'];
const RESULT_DECISION = ['result', 'decision'];

/** The recorded decision of docs/decision-logs.md "The mapping", or undefined for none. */
export function recordedDecisionOf(
  event: Obj,
  field: readonly string[] | null,
  hidden: readonly string[],
): 'allow' | 'deny' | undefined {
  if (event.error !== undefined && event.error !== null) return undefined;
  const result = event.result;
  let decision: 'allow' | 'deny' | undefined;
  let at: readonly string[];
  if (field !== null) {
    at = ['result', ...field];
    const v = valueAt(result, field);
    decision =
      typeof v === 'boolean' ? (v ? 'allow' : 'deny') : v === 'allow' || v === 'deny' ? v : undefined;
  } else if (typeof result === 'boolean') {
    at = RESULT;
    decision = result ? 'allow' : 'deny';
  } else if (isObj(result) && typeof result.allow === 'boolean') {
    at = RESULT_ALLOW;
    decision = result.allow ? 'allow' : 'deny';
  } else if (isObj(result) && (result.decision === 'allow' || result.decision === 'deny')) {
    at = RESULT_DECISION;
    decision = result.decision;
  } else return undefined;
  // An erased or masked result (or the field itself) is not what OPA decided.
  if (decision !== undefined && hidden.length > 0 && anyCovers(hidden, at)) return undefined;
  return decision;
}

/** The policy revision: `bundles` (the only entry, else the one `--bundle` names), else `revision`. */
export function policyRevisionOf(event: Obj, bundle: string | null): string | undefined {
  const bundles = event.bundles;
  if (isObj(bundles)) {
    // The only entry decided, whatever --bundle names: it chooses among several.
    const names = Object.keys(bundles);
    let entry: unknown;
    if (names.length === 1) entry = bundles[names[0]!];
    else if (bundle !== null) entry = Object.hasOwn(bundles, bundle) ? bundles[bundle] : undefined;
    if (isObj(entry) && typeof entry.revision === 'string' && entry.revision !== '') return entry.revision;
  }
  const revision = event.revision;
  return typeof revision === 'string' && revision !== '' ? revision : undefined;
}

/** Turns the record validator's reason into the event's words (`timestamp`, not `occurred_at`). */
function eventReason(reason: string): string {
  return reason
    .split('; ')
    .map((part) =>
      part.startsWith('unknown_paths') ? `erased/masked${part.slice('unknown_paths'.length)}` : part,
    )
    .join('; ');
}

/**
 * Maps one decision event (an object with a `decision_id` key) under the options. The record it
 * makes is validated exactly as a record of our own format is.
 */
export function mapDecisionEvent(event: Obj, options: DecisionLogOptions): EventMapping {
  const rawPath = event.path;
  if (typeof rawPath !== 'string') return OTHER_PATH;
  let path: string | null = null;
  if (options.decisionPath !== null) {
    if (rawPath !== options.decisionPath && normalizeDecisionPath(rawPath) !== options.decisionPath)
      return OTHER_PATH;
  } else {
    path = normalizeDecisionPath(rawPath);
    if (path === '') return OTHER_PATH;
  }

  const id = event.decision_id;
  if (typeof id !== 'string' || id === '')
    return { kind: 'malformed', reason: 'decision_id: must be a non-empty string', path };
  const timestamp = event.timestamp;
  if (timestamp !== undefined && (typeof timestamp !== 'string' || !isRfc3339Instant(timestamp))) {
    return {
      kind: 'malformed',
      reason: 'timestamp: must be an RFC 3339 instant with an offset, e.g. 2026-11-27T09:15:02.120Z',
      request_id: id,
      path,
    };
  }
  const hidden = hiddenPointers(event);
  if (typeof hidden === 'string') return { kind: 'malformed', reason: hidden, request_id: id, path };
  let input = event.input;
  if (input === undefined) {
    // Only an erased /input removes it; a masked one was replaced, so OPA would have written it.
    const erased = event.erased;
    if (!Array.isArray(erased) || !erased.includes('/input'))
      return { kind: 'malformed', reason: 'no input', request_id: id, path };
    input = {};
  }

  const record: Obj = { request_id: id };
  if (timestamp !== undefined) record.occurred_at = timestamp;
  const decision = recordedDecisionOf(event, options.decisionField, hidden);
  if (decision !== undefined) record.recorded_decision = decision;
  const revision = policyRevisionOf(event, options.bundle);
  if (revision !== undefined) record.policy_revision = revision;
  const fieldPath = options.manifestIdField;
  if (fieldPath !== null) {
    const manifest = valueAt(event, fieldPath);
    if (typeof manifest === 'string' && manifest !== '' && !anyCovers(hidden, fieldPath))
      record.manifest_id = manifest;
  }
  record.input = input;
  if (hidden.length > 0) {
    const unknown: string[] = [];
    // A hostile event lists ~100k pointers in 1 MiB: deduplicating by scanning would be quadratic.
    const seen = new Set<string>();
    for (const pointer of hidden) {
      if (!isUnderInput(pointer) || seen.has(pointer)) continue;
      seen.add(pointer);
      unknown.push(pointer);
    }
    if (unknown.length > 0) record.unknown_paths = unknown;
  }
  if (isTrafficRecord(record)) return { kind: 'record', record, path };
  const reason = explainInvalidRecord(record) ?? 'not a valid traffic record';
  return { kind: 'malformed', reason: eventReason(reason), request_id: id, path };
}
