import type { Decision, Policy } from '../policy/schema.js';
import { DAYS } from '../policy/schema.js';
import { classifyField, type FieldKind } from '../policy/fields.js';
import { civilTime, parseRfc3339Nanos } from '../engine/timeBuiltins.js';
import { loadTimeZone, type TimeZone } from '../engine/timeZone.js';
import type { WasmPolicy } from '../engine/wasmEngine.js';
import type { TrafficInput } from '../traffic/record.js';

/**
 * A policy's decision depends only on the parts of the input its Rego reads. Most of a recorded
 * request (user agents, session ids, the JSON-RPC id, scopes, other claims) is never read, so
 * records that agree on the parts a policy reads share one evaluation, and a record that does need
 * the wasm hands it only those parts (less JSON for the module to parse).
 *
 * Exactness rests on three facts about the generated Rego (src/rego/generate.ts), each checked by
 * __tests__/replay/projection.test.ts against the generated text and against full-input
 * evaluation:
 * 1. It reads `input.request.mcp.calls` (each call only through the call fields of its
 *    conditions), `input.identity.verified`, `input.identity.attributes_resolved`,
 *    `input.request.time`, and the one input reference of each condition field — nothing else.
 * 2. A value the Rego reads is copied whole; where the path meets something that is not an object
 *    (an array, a scalar) that whole value is copied, so any lookup into it behaves as before.
 * 3. The request time matters only through `request_has_time` (is it present) and, per active
 *    window, `window_open(...)`, which is computed here with the very functions the wasm calls back
 *    into (timeBuiltins.ts). The cache key therefore carries "time present" and one open/closed bit
 *    per window, not the instant: records minutes apart still share an evaluation, while the wasm
 *    input keeps the real time.
 */

/** A tree of input keys: `true` reads the whole value below the key. */
type ReadTree = Map<string, ReadTree | true>;

interface WindowTest {
  days: ReadonlySet<number>;
  zone: TimeZone;
  from: number;
  to: number;
}

/** Go's weekday numbering (0 = Sunday) of the policy's day names. */
const WEEKDAY_OF: Record<(typeof DAYS)[number], number> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 0,
};

function addPath(tree: ReadTree, path: readonly string[]): void {
  let node = tree;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const existing = node.get(key);
    if (existing === true) return; // an ancestor is read whole already
    if (i === path.length - 1) {
      node.set(key, true);
      return;
    }
    let child = existing;
    if (child === undefined) {
      child = new Map();
      node.set(key, child);
    }
    node = child;
  }
}

/** The input path of a request-level field (the generator's `inputRef`); call fields are apart. */
function requestPath(kind: FieldKind): string[] | null {
  switch (kind.kind) {
    case 'argument':
      return ['request', 'mcp', 'arguments', ...kind.path];
    case 'http':
      return ['request', 'http', kind.name];
    case 'is_batch':
      return ['request', 'jsonrpc', 'is_batch'];
    case 'unparsable_calls':
      return ['request', 'jsonrpc', 'unparsable_calls'];
    case 'identity':
      return ['identity', kind.name];
    case 'group':
      return ['identity', 'groups'];
    case 'tag':
      return ['identity', 'tags'];
    case 'attribute':
      return ['identity', 'attributes', kind.name];
    case 'claim':
      return ['identity', 'claims', ...kind.path];
    case 'call':
      return null;
  }
}

function minutes(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
}

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies what `tree` reads of `value` (a plain object) into a fresh object, in tree order. */
function projectObject(value: Json, tree: ReadTree): Json {
  // A null prototype: a key named __proto__ becomes an own property like any other.
  const out = Object.create(null) as Json;
  for (const [key, sub] of tree) {
    if (!Object.hasOwn(value, key)) continue;
    const child = value[key];
    out[key] = sub === true || !isPlainObject(child) ? child : projectObject(child, sub);
  }
  return out;
}

/** The key text of what `tree` reads of `value`; see InputProjection.keyOfInput. */
function keyOfObject(value: Json, tree: ReadTree, skip: string | null): string {
  let text = '{';
  for (const [key, sub] of tree) {
    // hasOwn, not `in`: a key such as "constructor" must not find Object.prototype's.
    if (key === skip || !Object.hasOwn(value, key)) continue;
    const child = value[key];
    text += `${JSON.stringify(key)}:${sub === true || !isPlainObject(child) ? JSON.stringify(child) : keyOfObject(child, sub, null)},`;
  }
  return `${text}}`;
}

/** The part of a policy's input its decision depends on, and a cache key for it. */
export class InputProjection {
  private readonly request: ReadTree;
  private readonly identity: ReadTree;
  /** The call fields the policy reads, in a fixed order. */
  private readonly callFields: string[];
  private readonly windows: WindowTest[];

  constructor(policy: Policy) {
    const request: ReadTree = new Map();
    const identity: ReadTree = new Map();
    const callFields = new Set<string>();
    // The helpers every generated module has (generate.ts HELPERS).
    addPath(identity, ['verified']);
    addPath(identity, ['attributes_resolved']);
    addPath(request, ['time']);
    const windows: WindowTest[] = [];
    for (const rule of policy.rules) {
      for (const condition of rule.conditions) {
        const kind = classifyField(condition.field);
        if (kind.kind === 'call') {
          callFields.add(kind.name);
          continue;
        }
        const path = requestPath(kind)!;
        addPath(path[0] === 'request' ? request : identity, path.slice(1));
      }
      const window = rule.active_window;
      if (window) {
        const zone = loadTimeZone(window.timezone);
        // Validation rejects unknown zones; without one no key can be computed, so never cache.
        if (!zone) throw new Error(`unknown time zone ${window.timezone}`);
        windows.push({
          days: new Set(DAYS.filter((d) => window.days.includes(d)).map((d) => WEEKDAY_OF[d])),
          zone,
          from: minutes(window.from),
          to: minutes(window.to),
        });
      }
    }
    // `calls` is read whatever the policy's fields (count(calls) > 0 in allow rules).
    const mcp = request.get('mcp');
    if (mcp === undefined) request.set('mcp', new Map());
    this.request = request;
    this.identity = identity;
    this.callFields = [...callFields].sort();
    this.windows = windows;
  }

  /** The input reduced to what the policy reads, the request time included. */
  project(input: TrafficInput): Json {
    return this.build(input);
  }

  /**
   * A string equal for two inputs exactly when the policy decides them the same way by
   * construction (same projection, same time presence, same open windows); null when the time
   * cannot be judged here (the record is then evaluated on its own, errors and all).
   */
  key(input: TrafficInput): string | null {
    const time = (input.request as Json | undefined)?.time;
    let prefix: string;
    if (time === undefined || !isPlainObject(input.request)) prefix = '-';
    else if (this.windows.length === 0) prefix = '+';
    else {
      if (typeof time !== 'string') return null;
      let ns: bigint;
      try {
        ns = parseRfc3339Nanos(time);
      } catch {
        return null;
      }
      prefix = '';
      for (const w of this.windows) prefix += this.windowOpen(w, ns) ? '1' : '0';
    }
    return prefix + this.keyOfInput(input);
  }

  /**
   * The JSON-like text of the projection without the time, written straight from the input (no
   * intermediate objects: this runs for every record). Unambiguous, hence collision-free: keys
   * come in the tree's fixed order, each one a JSON string literal, each value JSON text ended by
   * `,`.
   */
  private keyOfInput(input: TrafficInput): string {
    let text = '';
    const request = (input as Json).request;
    if (request !== undefined) {
      if (!isPlainObject(request)) text += `r${JSON.stringify(request)}`;
      else {
        text += `r${keyOfObject(request, this.request, 'time')}`;
        const mcp = request.mcp;
        if (isPlainObject(mcp) && Object.hasOwn(mcp, 'calls')) text += `c${this.keyOfCalls(mcp.calls)}`;
      }
    }
    const identity = (input as Json).identity;
    if (identity !== undefined) {
      text += `i${isPlainObject(identity) ? keyOfObject(identity, this.identity, null) : JSON.stringify(identity)}`;
    }
    return text;
  }

  private keyOfCalls(calls: unknown): string {
    if (!Array.isArray(calls)) return JSON.stringify(calls);
    let text = '[';
    for (const call of calls as unknown[]) {
      if (!isPlainObject(call)) text += `${JSON.stringify(call)},`;
      else {
        text += '{';
        for (const field of this.callFields) {
          if (Object.hasOwn(call, field)) text += `${JSON.stringify(field)}:${JSON.stringify(call[field])},`;
        }
        text += '},';
      }
    }
    return `${text}]`;
  }

  /** `window_open(days, zone, from, to)` of generate.ts, on the same civil-time functions. */
  private windowOpen(w: WindowTest, ns: bigint): boolean {
    const t = civilTime(ns, w.zone);
    if (!w.days.has(t.weekday)) return false;
    const minute = t.hour * 60 + t.minute;
    if (w.from < w.to) return minute >= w.from && minute < w.to;
    if (w.from > w.to) return minute >= w.from || minute < w.to;
    return false;
  }

  private build(input: TrafficInput): Json {
    const out = Object.create(null) as Json;
    const request = (input as Json).request;
    if (request !== undefined) {
      if (!isPlainObject(request)) out.request = request;
      else {
        const projected = projectObject(request, this.request);
        const mcp = request.mcp;
        if (isPlainObject(mcp) && Object.hasOwn(mcp, 'calls')) {
          (projected.mcp as Json).calls = this.projectCalls(mcp.calls);
        }
        out.request = projected;
      }
    }
    const identity = (input as Json).identity;
    if (identity !== undefined) {
      out.identity = isPlainObject(identity) ? projectObject(identity, this.identity) : identity;
    }
    return out;
  }

  private projectCalls(calls: unknown): unknown {
    if (!Array.isArray(calls)) return calls;
    return calls.map((call: unknown) => {
      if (!isPlainObject(call)) return call;
      const out = Object.create(null) as Json;
      for (const field of this.callFields) if (Object.hasOwn(call, field)) out[field] = call[field];
      return out;
    });
  }
}

/** How many decisions one cache keeps before it starts over (bounds memory, not correctness). */
export const DECISION_CACHE_LIMIT = 50_000;

/**
 * A policy's wasm engine behind a decision cache keyed by the input's projection. Decisions are
 * shared between records: callers must not mutate them. Evaluation errors are not cached.
 */
export class CachedPolicy {
  private readonly projection: InputProjection;
  private readonly cache = new Map<string, Decision>();
  private readonly encoder = new TextEncoder();
  hits = 0;
  misses = 0;

  constructor(
    policy: Policy,
    private readonly engine: WasmPolicy,
    private readonly limit = DECISION_CACHE_LIMIT,
  ) {
    this.projection = new InputProjection(policy);
  }

  evaluate(input: TrafficInput, requestId?: string): Decision {
    const key = this.projection.key(input);
    if (key !== null) {
      const cached = this.cache.get(key);
      if (cached !== undefined) {
        this.hits++;
        return cached;
      }
    }
    this.misses++;
    // JSON bytes in an ArrayBuffer: opa-wasm copies them into its memory without re-serialising.
    // The buffer is made here (not taken from TextEncoder.encode) so it belongs to this realm,
    // the one opa-wasm's `instanceof ArrayBuffer` checks against.
    const text = JSON.stringify(this.projection.project(input));
    const buffer = new ArrayBuffer(Buffer.byteLength(text, 'utf8'));
    this.encoder.encodeInto(text, new Uint8Array(buffer));
    const decision = this.engine.evaluate(buffer, requestId);
    if (key !== null) {
      if (this.cache.size >= this.limit) this.cache.clear();
      this.cache.set(key, decision);
    }
    return decision;
  }
}
