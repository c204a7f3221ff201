import type { Decision, Policy } from '../policy/schema.js';
import { DAYS, clockMinutes } from '../policy/schema.js';
import { classifyField, inputPathOf, type FieldKind } from '../policy/fields.js';
import { civilTime, parseRfc3339Nanos } from '../engine/timeBuiltins.js';
import { loadTimeZone, type TimeZone } from '../time/timeZone.js';
import type { WasmPolicy } from '../engine/wasmEngine.js';
import type { ThreeValuedDecision } from '../engine/unknowns.js';
import { UNKNOWNS_KEY, type UnknownsPayload } from '../rego/threeValued.js';
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

/**
 * A ReadTree in the form the per-record code walks: the keys in a fixed order, each with the
 * marker that stands for it in a cache key (its position, so keys stay short).
 */
interface KeyNode {
  key: string;
  marker: string;
  children: KeyNode[] | null;
}

function keyNodes(tree: ReadTree): KeyNode[] {
  return [...tree].map(([key, sub], i) => ({
    key,
    marker: `${i}:`,
    children: sub === true ? null : keyNodes(sub),
  }));
}

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

/** The input path of a request-level field; call fields are read apart, per call. */
function requestPath(kind: FieldKind): string[] | null {
  const { base, path } = inputPathOf(kind);
  return base === 'input' ? path : null;
}

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies what `nodes` read of `value` (a plain object) into a fresh object. */
function projectObject(value: Json, nodes: readonly KeyNode[]): Json {
  // A null prototype: a key named __proto__ becomes an own property like any other.
  const out = Object.create(null) as Json;
  for (const node of nodes) {
    if (!Object.hasOwn(value, node.key)) continue;
    const child = value[node.key];
    out[node.key] =
      node.children === null || !isPlainObject(child) ? child : projectObject(child, node.children);
  }
  return out;
}

/**
 * The key text of what `nodes` read of `value`: `{` then, for each key present, its marker
 * (position), its value as JSON text and `,`, then `}`. Unambiguous, hence collision-free: the
 * markers come in a fixed order and every value is JSON text ended by a `,` (or, for an object
 * read in part, this same form).
 */
function keyOfObject(value: Json, nodes: readonly KeyNode[], skip: string | null): string {
  let text = '{';
  for (const node of nodes) {
    // hasOwn, not `in`: a key such as "constructor" must not find Object.prototype's.
    if (node.key === skip || !Object.hasOwn(value, node.key)) continue;
    const child = value[node.key];
    text +=
      node.marker +
      (node.children === null || !isPlainObject(child)
        ? JSON.stringify(child)
        : keyOfObject(child, node.children, null)) +
      ',';
  }
  return `${text}}`;
}

/** The part of the input a set of policies' decisions depend on, and a cache key for it. */
export class InputProjection {
  private readonly request: KeyNode[];
  private readonly identity: KeyNode[];
  /** The call fields the policies read, in a fixed order. */
  private readonly callFields: KeyNode[];
  private readonly windows: WindowTest[];

  /** The union of what `policies` read: one key serves every one of them. */
  constructor(policies: readonly Policy[]) {
    const request: ReadTree = new Map();
    const identity: ReadTree = new Map();
    const callFields = new Set<string>();
    // The helpers every generated module has (generate.ts HELPERS).
    addPath(identity, ['verified']);
    addPath(identity, ['attributes_resolved']);
    addPath(request, ['time']);
    // `calls` is read whatever the policy's fields (count(calls) > 0 in allow rules); it is
    // projected on its own (projectCalls), below an `mcp` object read in part.
    request.set('mcp', new Map());
    const windows = new Map<string, WindowTest>();
    for (const policy of policies) {
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
          const days = DAYS.filter((d) => window.days.includes(d));
          const id = JSON.stringify([days, window.timezone, window.from, window.to]);
          if (windows.has(id)) continue;
          const zone = loadTimeZone(window.timezone);
          // Validation rejects unknown zones; the check keeps this class honest on its own.
          if (!zone) throw new Error(`unknown time zone ${window.timezone}`);
          windows.set(id, {
            days: new Set(days.map((d) => WEEKDAY_OF[d])),
            zone,
            from: clockMinutes(window.from),
            to: clockMinutes(window.to),
          });
        }
      }
    }
    this.request = keyNodes(request);
    this.identity = keyNodes(identity);
    this.callFields = keyNodes(new Map([...callFields].sort().map((f) => [f, true as const])));
    this.windows = [...windows.values()];
  }

  /** The input reduced to what the policies read, the request time included. */
  project(input: TrafficInput): Json {
    const out = Object.create(null) as Json;
    const request = (input as Json).request;
    if (request !== undefined) {
      if (!isPlainObject(request)) out.request = request;
      else {
        const projected = projectObject(request, this.request);
        const mcp = request.mcp;
        if (isPlainObject(mcp) && Object.hasOwn(mcp, 'calls')) {
          // projectObject made `mcp` a fresh object (its node has children): safe to extend.
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

  /**
   * A string equal for two inputs only when every policy decides them the same way by
   * construction (same projection, same time presence, same open windows); null when the time
   * cannot be judged here (the record is then evaluated on its own, errors and all).
   */
  key(input: TrafficInput): string | null {
    const request = (input as Json).request;
    const time = isPlainObject(request) && Object.hasOwn(request, 'time') ? request.time : undefined;
    let text: string;
    if (time === undefined) text = '-';
    else if (this.windows.length === 0) text = '+';
    else {
      if (typeof time !== 'string') return null;
      let ns: bigint;
      try {
        ns = parseRfc3339Nanos(time);
      } catch {
        return null;
      }
      text = '';
      for (const w of this.windows) text += windowOpen(w, ns) ? '1' : '0';
    }
    // The projection without the time, written straight from the input (no intermediate objects:
    // this runs for every record). `r`, `c`, `i` mark its three parts.
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
      text += isPlainObject(call) ? keyOfObject(call, this.callFields, null) : JSON.stringify(call);
      text += ',';
    }
    return `${text}]`;
  }

  private projectCalls(calls: unknown): unknown {
    if (!Array.isArray(calls)) return calls;
    return calls.map((call: unknown) => (isPlainObject(call) ? projectObject(call, this.callFields) : call));
  }
}

/** `window_open(days, zone, from, to)` of generate.ts, on the civil-time functions the wasm uses. */
function windowOpen(w: WindowTest, ns: bigint): boolean {
  const t = civilTime(ns, w.zone);
  if (!w.days.has(t.weekday)) return false;
  const minute = t.hour * 60 + t.minute;
  if (w.from < w.to) return minute >= w.from && minute < w.to;
  if (w.from > w.to) return minute >= w.from || minute < w.to;
  return false;
}

/**
 * How many inputs one generation of the cache holds; two generations are kept. It bounds memory,
 * not correctness. Measured on the 1M-record example sample: 4,096 beat 8,192 and 50,000 on both
 * wall time and peak RSS (bigger caches keep keys long enough to reach V8's old space).
 */
export const DECISION_CACHE_LIMIT = 4_096;
/** Keys longer than this (UTF-16 units) are evaluated uncached: 2 × 4,096 × 2 KiB ≈ 32 MiB at most. */
export const MAX_KEY_LENGTH = 2_048;

/** One side of a DecisionCache: a policy and its loaded wasm. */
export interface CachedSide {
  policy: Policy;
  engine: WasmPolicy;
}

/** The unknown set of a record as the three-valued evaluation takes it, with its cache key part. */
export interface CachedUnknowns {
  /** traffic/unknowns.ts unknownKey: equal for equal unknown sets and pairing. */
  key: string;
  payload: UnknownsPayload;
}

type Entry = (Decision | ThreeValuedDecision | undefined)[];

/** Two generations of cached decisions (DecisionCache). */
interface Generations {
  young: Map<string, Entry>;
  old: Map<string, Entry>;
}

/** What belongs to the last input seen: the sides of one record share one key and one buffer. */
interface Last {
  store: Generations;
  input: TrafficInput | null;
  unknownKey: string | null;
  key: string | null;
  entry: Entry | null;
  buffer: ArrayBuffer | null;
}

/**
 * The wasm engines of one replay behind one decision cache keyed by the input's projection onto
 * what any of the policies reads: a record costs one key, and each policy is evaluated once per
 * distinct key. Decisions are shared between records: callers must not mutate them. Evaluation
 * errors are not cached. Three-valued decisions (records with unknown data, docs/unknowns.md) are
 * cached beside the two-valued ones, under keys that add the unknown set.
 */
export class DecisionCache {
  private readonly projection: InputProjection;
  /**
   * Two generations: lookups try the young one, then the old one (moving a hit back to the young
   * one); when the young one is full it becomes the old one. Frequent projections survive the
   * turnover, unlike with a cache that starts over.
   */
  private readonly twoValued: Generations = { young: new Map(), old: new Map() };
  /**
   * The three-valued decisions keep generations of their own: records with unknown data are few,
   * and would otherwise be pushed out by the many two-valued keys between two of them.
   */
  private readonly threeValued: Generations = { young: new Map(), old: new Map() };
  private readonly encoder = new TextEncoder();
  private readonly last: Last = {
    store: this.twoValued,
    input: null,
    unknownKey: null,
    key: null,
    entry: null,
    buffer: null,
  };
  private readonly last3: Last = {
    store: this.threeValued,
    input: null,
    unknownKey: null,
    key: null,
    entry: null,
    buffer: null,
  };
  /** The projection key of the last input keyed: a record's two- and three-valued sides share it. */
  private keyedInput: TrafficInput | null = null;
  private keyedText: string | null = null;
  hits = 0;
  misses = 0;

  constructor(
    private readonly sides: readonly CachedSide[],
    private readonly limit = DECISION_CACHE_LIMIT,
  ) {
    this.projection = new InputProjection(sides.map((s) => s.policy));
  }

  /** The decision of side `index` on `input`. */
  evaluate(index: number, input: TrafficInput, requestId?: string): Decision {
    const last = this.last;
    if (input !== last.input) this.select(last, input, null);
    const cached = last.entry?.[index] as Decision | undefined;
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const decision = this.sides[index]!.engine.evaluate(this.inputBuffer(last, input, null), requestId);
    this.store(last, index, decision);
    return decision;
  }

  /** The three-valued decision of side `index` on `input` with `unknowns` unknown. */
  evaluateThreeValued(
    index: number,
    input: TrafficInput,
    unknowns: CachedUnknowns,
    requestId?: string,
  ): ThreeValuedDecision {
    const last = this.last3;
    if (input !== last.input || unknowns.key !== last.unknownKey) this.select(last, input, unknowns.key);
    const cached = last.entry?.[index] as ThreeValuedDecision | undefined;
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const decision = this.sides[index]!.engine.evaluateThreeValued(
      this.inputBuffer(last, input, unknowns.payload),
      requestId,
    );
    this.store(last, index, decision);
    return decision;
  }

  private select(last: Last, input: TrafficInput, unknownKey: string | null): void {
    last.input = input;
    last.unknownKey = unknownKey;
    if (input !== this.keyedInput) {
      this.keyedInput = input;
      this.keyedText = this.projection.key(input);
    }
    const projected = this.keyedText;
    // The unknown key is JSON text after a one-letter tag (no NUL can occur in it), so the NUL
    // separates the two parts unambiguously; two-valued keys carry no NUL at all.
    const key = projected === null ? null : unknownKey === null ? projected : `${unknownKey}\0${projected}`;
    // Long keys (a policy reading a large argument) almost never repeat, and caching them would
    // let memory grow with value size: bounded by count × MAX_KEY_LENGTH instead.
    last.key = key !== null && key.length <= MAX_KEY_LENGTH ? key : null;
    last.entry = last.key === null ? null : this.lookup(last.store, last.key);
    last.buffer = null;
  }

  private store(last: Last, index: number, decision: Decision | ThreeValuedDecision): void {
    if (last.key === null) return;
    if (last.entry === null) {
      last.entry = [];
      this.remember(last.store, last.key, last.entry);
    }
    last.entry[index] = decision;
  }

  private lookup(store: Generations, key: string): Entry | null {
    const young = store.young.get(key);
    if (young !== undefined) return young;
    const old = store.old.get(key);
    if (old === undefined) return null;
    this.remember(store, key, old);
    return old;
  }

  private remember(store: Generations, key: string, entry: Entry): void {
    if (store.young.size >= this.limit) {
      store.old = store.young;
      store.young = new Map();
    }
    store.young.set(key, entry);
  }

  /**
   * The projected input (with the unknown set under UNKNOWNS_KEY for the three-valued decision) as
   * JSON bytes in an ArrayBuffer, which opa-wasm copies into its memory without re-serialising;
   * made once per record for all sides. The buffer is allocated here (not taken from
   * TextEncoder.encode) so it belongs to this realm, the one opa-wasm's `instanceof ArrayBuffer`
   * checks against. The projection keeps only `request` and `identity`, so a record's own input
   * can never supply the unknown set.
   */
  private inputBuffer(last: Last, input: TrafficInput, payload: UnknownsPayload | null): ArrayBuffer {
    if (last.buffer === null) {
      const projected = this.projection.project(input);
      if (payload !== null) projected[UNKNOWNS_KEY] = payload;
      const text = JSON.stringify(projected);
      last.buffer = new ArrayBuffer(Buffer.byteLength(text, 'utf8'));
      this.encoder.encodeInto(text, new Uint8Array(last.buffer));
    }
    return last.buffer;
  }
}
