import type { Decision, Policy } from '../policy/schema.js';
import { DAYS, clockMinutes } from '../policy/schema.js';
import { classifyField, inputPathOf, type FieldKind } from '../policy/fields.js';
import { civilTime, parseRfc3339Nanos, type CivilTime } from '../engine/timeBuiltins.js';
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
 *    into (timeBuiltins.ts). The cache key therefore carries whether the time is present and, per
 *    window, whether it is open (folded into each rule's value, or one bit per window in a key by
 *    classes), not the instant: records minutes apart still share an evaluation, while the wasm
 *    input keeps the real time.
 *
 * On top of these, a key is folded to what each rule comes to (foldedKey): the rule bodies of
 * generate.ts and threeValued.ts are ANDs of parts the key computes, and the decision reads
 * nothing else of the input.
 */

/** A tree of input keys: `true` reads the whole value below the key. */
type ReadTree = Map<string, ReadTree | true>;

/** A ReadTree in the form the per-record code walks (project): the keys in a fixed order. */
interface KeyNode {
  key: string;
  children: KeyNode[] | null;
}

function keyNodes(tree: ReadTree): KeyNode[] {
  return [...tree].map(([key, sub]) => ({ key, children: sub === true ? null : keyNodes(sub) }));
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
 * How a condition compares the value at one path: `sets` (the policies' distinct value sets on
 * that path) for the generic comparison of strings and string arrays; `exact` for `is_batch`,
 * `unparsable_calls` and the context flags, whose few values are keyed as they are.
 */
class ValueLeaf {
  /** Each string any set holds → the token (classToken) of the sets holding it. */
  private readonly codes = new Map<string, string>();
  private readonly indices = new Map<string, number[]>();
  /** A set's content (LeafSets' id) → its index. */
  private readonly setIds = new Map<string, number>();
  /** Whether the sets an array meets fit in one bit mask (arrayClass). */
  private readonly maskable: boolean;

  constructor(
    readonly path: readonly string[],
    readonly exact: boolean,
    sets: readonly ReadonlySet<string>[],
  ) {
    sets.forEach((set, i) => {
      this.setIds.set(setId(set), i);
      for (const value of set) {
        const list = this.indices.get(value) ?? [];
        list.push(i);
        this.indices.set(value, list);
      }
    });
    // Values held by the same sets share one token: the lists are numbered in first-seen order,
    // which depends on the policies alone, so every worker of a replay makes the same keys.
    const tokenOf = new Map<string, string>();
    for (const [value, list] of this.indices) {
      const id = list.join('.');
      let token = tokenOf.get(id);
      if (token === undefined) {
        token = classToken(tokenOf.size, `s${id}`);
        tokenOf.set(id, token);
      }
      this.codes.set(value, token);
    }
    this.maskable = sets.length <= 30;
  }

  /** The decision class of `value` (undefined: absent). */
  classOf(value: unknown): string {
    if (value === undefined) return '-';
    if (this.exact) return exactClass('e', value);
    if (typeof value === 'string') return this.codes.get(value) ?? 's';
    if (Array.isArray(value)) return this.arrayClass(value);
    if (value === null) return 'z';
    if (typeof value === 'object') return 'o';
    // Numbers and booleans compare by their JSON text: rare, keyed exactly.
    return exactClass('n', value);
  }

  /** The index of the set holding exactly `values` (LeafSets added it). */
  indexOf(values: readonly string[]): number {
    const index = this.setIds.get(setId(new Set(values)));
    if (index === undefined)
      throw new Error(`no value set ${JSON.stringify(values)} at ${this.path.join('.')}`);
    return index;
  }

  /**
   * The sets a value meets, for the conjunctions (callSetsAt, leafValuesOf): a string, its sets; an array of strings, the
   * sets some element is in; `NO_SETS` for what no condition ever holds on (absent, null, an
   * object); null for numbers, booleans and other arrays (compared by their JSON text: the caller
   * falls back to keying them exactly).
   */
  setsOf(value: unknown): readonly number[] | null {
    if (typeof value === 'string') return this.indices.get(value) ?? NONE_OF_THE_SETS;
    if (value === undefined || value === null) return NO_SETS;
    if (Array.isArray(value)) {
      let hit: number[] | null = null;
      for (const element of value) {
        if (typeof element !== 'string') return null;
        const list = this.indices.get(element);
        if (list === undefined) continue;
        hit = hit === null ? [...list] : hit.concat(list);
      }
      return hit ?? NONE_OF_THE_SETS;
    }
    return typeof value === 'object' ? NO_SETS : null;
  }

  /** An array of strings meets a set when some element is in it; other arrays are keyed exactly. */
  private arrayClass(values: readonly unknown[]): string {
    if (!this.maskable) return this.arrayClassBySet(values);
    let mask = 0;
    for (const element of values) {
      if (typeof element !== 'string') return exactClass('A', values);
      const list = this.indices.get(element);
      if (list !== undefined) for (const i of list) mask |= 1 << i;
    }
    // `b` and the mask in base 36: bit i is set i.
    return mask === 0 ? 'a' : `b${mask.toString(36)}`;
  }

  /** arrayClass for a leaf of more than 30 sets: the indices listed. */
  private arrayClassBySet(values: readonly unknown[]): string {
    let hit: Set<number> | null = null;
    for (const element of values) {
      if (typeof element !== 'string') return exactClass('A', values);
      const list = this.indices.get(element);
      if (list === undefined) continue;
      hit ??= new Set();
      for (const i of list) hit.add(i);
    }
    return hit === null ? 'a' : `a${[...hit].sort((x, y) => x - y).join('.')}`;
  }
}

/**
 * The tokens of a key's classes. Each is told apart from every other token of its leaf: the
 * single characters from U+0100 on (below the surrogates) name a leaf's lists of sets by number,
 * and every other token starts with an ASCII tag (`s`, `a`, `b`, `e`, `n`, `A`, `X`, `-`, `z`, `o`),
 * its variable part either free of the key's `,` separator (`s0.2`, `a0.2`, `b3`) or
 * length-prefixed (exactClass). Short tokens keep the key short, which is most of what hashing it
 * for the cache lookup costs.
 */
const FIRST_TOKEN_CHAR = 0x100;
const TOKEN_CHARS = 0xd800 - FIRST_TOKEN_CHAR;

function classToken(id: number, verbose: string): string {
  return id < TOKEN_CHARS ? String.fromCharCode(FIRST_TOKEN_CHAR + id) : verbose;
}

/** A value that compares (a string or string array) but is in none of the sets: `not_in` holds. */
const NONE_OF_THE_SETS: readonly number[] = Object.freeze([]);
/** A value no condition holds on, `in` or `not_in` (absent, null, an object). */
const NO_SETS: readonly number[] = Object.freeze([]);

/** A call, request or caller field an unknown pointer names (callSetsAt, leafValuesOf). */
const UNKNOWN_FIELD: readonly number[] = Object.freeze([]);
/** Kleene's truth values as the keys write them (two-valued keys use only F and T). */
const F = 0;
const U = 1;
const T = 2;

/** LeafSets' identity of a value set: its distinct values, sorted. */
function setId(set: ReadonlySet<string>): string {
  return JSON.stringify([...set].sort());
}

/** A value keyed as it is: a tag, the length of its JSON text and the text (unambiguous). */
function exactClass(tag: string, value: unknown): string {
  // Booleans are most of these (is_batch, the context flags): their tokens are made once.
  if (tag === 'e' && typeof value === 'boolean') return value ? E_TRUE : E_FALSE;
  // Numbers: their JSON text without JSON.stringify. Finite numbers only come from JSON, and
  // String gives the same digits.
  const json =
    typeof value === 'boolean'
      ? value
        ? 'true'
        : 'false'
      : typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);
  return `${tag}${json.length}:${json}`;
}

const E_TRUE = 'e4:true';
const E_FALSE = 'e5:false';

/** The value at `path` below `root`, through plain objects only (as a Rego reference reads it). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (!isPlainObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

function ownValue(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Distinct value sets (by content) per path, in first-seen order. */
class LeafSets {
  private readonly byPath = new Map<
    string,
    { path: string[]; exact: boolean; sets: Map<string, Set<string>> }
  >();

  add(path: readonly string[], exact: boolean, values: readonly string[]): void {
    const id = JSON.stringify(path);
    let entry = this.byPath.get(id);
    if (!entry) {
      entry = { path: [...path], exact, sets: new Map() };
      this.byPath.set(id, entry);
    }
    const set = new Set(values);
    entry.sets.set(setId(set), set);
  }

  leaves(): ValueLeaf[] {
    return [...this.byPath.values()]
      .sort((a, b) => (JSON.stringify(a.path) < JSON.stringify(b.path) ? -1 : 1))
      .map((e) => new ValueLeaf(e.path, e.exact, [...e.sets.values()]));
  }
}

/**
 * How a key counts the calls: `set` (two-valued: the distinct kinds of call), `ordered` (three-valued
 * on paired calls: unknown pointers name calls by index), `per-field` (three-valued on an unpaired
 * batch: which values each call field holds, whatever the pairing).
 */
export type CallsKeying = 'set' | 'ordered' | 'per-field';

/**
 * One condition as a conjunction tests it: the set `set` of leaf `leaf`, `in` or `not_in`. The leaf
 * is a call leaf (callValuesOf) or a request or caller leaf (leafValuesOf's `setLeaves`).
 */
interface SetTest {
  leaf: number;
  set: number;
  negate: boolean;
}

/** An is_batch or unparsable_calls condition: `boolean_in`/`number_in` of the generated Rego. */
interface ExactTest {
  /** Its leaf, an index into InputProjection's `exactLeaves`. */
  leaf: number;
  /** The JSON type the value must have for `in` or `not_in` to hold at all. */
  type: 'boolean' | 'number';
  values: ReadonlySet<boolean | number>;
  negate: boolean;
}

/** A rule's body as a folded key judges it: its parts, each an index (-1: the rule has none). */
interface RuleBody {
  /** Into InputProjection's `windows`. */
  window: number;
  /** Into `leafRules`: the conjunction of its request and caller set conditions. */
  leaf: number;
  /** Into `callRules`: some call satisfies it (deny) or every call of a non-empty batch (allow). */
  call: number;
  deny: boolean;
  /** Its call conditions read two or more call fields (an unpaired batch's deny part differs). */
  combined: boolean;
  exact: ExactTest[];
}

/** A leaf compared with value sets, and where its value and its mask bit are. */
interface SetLeaf {
  leaf: ValueLeaf;
  root: 'request' | 'identity';
  /** Its index in requestLeaves or identityLeaves (KeyMask.request / KeyMask.identity). */
  index: number;
}

/** Which parts of a three-valued key are unknown (InputProjection.maskOf). */
export interface KeyMask {
  time: boolean;
  request: readonly boolean[];
  identity: readonly boolean[];
  callList: boolean;
  callFields: readonly boolean[];
  /** The pointers below the call list, from the call index on (`[index | '*', field?, …]`). */
  callPointers: readonly (readonly (string | number)[])[];
}

/** Whether one of two paths is a prefix of the other; `*` in `pointer` matches any number. */
function prefixes(pointer: readonly (string | number)[], location: readonly (string | number)[]): boolean {
  const n = Math.min(pointer.length, location.length);
  for (let i = 0; i < n; i++) {
    const p = pointer[i];
    const l = location[i];
    if (p === l || String(p) === String(l)) continue;
    if (p === '*' && typeof l === 'number') continue;
    return false;
  }
  return true;
}

/** The part of the input a set of policies' decisions depend on, and a cache key for it. */
export class InputProjection {
  private readonly request: KeyNode[];
  private readonly identity: KeyNode[];
  /** The call fields the policies read, in a fixed order. */
  private readonly callFields: KeyNode[];
  private readonly windows: WindowTest[];
  private readonly requestLeaves: ValueLeaf[];
  private readonly identityLeaves: ValueLeaf[];
  private readonly callLeaves: ValueLeaf[];
  /** Each distinct conjunction of call conditions some rule has: the tests callValuesOf makes per call. */
  private readonly callRules: SetTest[][];
  /** The request and caller leaves compared with value sets (not is_batch, unparsable_calls, flags). */
  private readonly setLeaves: SetLeaf[];
  /**
   * The other request and caller leaves (is_batch, unparsable_calls, the context flags): keyed by
   * their class in a key by classes; a folded key keeps the flags' classes and reads the others
   * through its rules' conditions (exactValue).
   */
  private readonly exactLeaves: SetLeaf[];
  /** Each distinct conjunction of request and caller set conditions some rule has. */
  private readonly leafRules: SetTest[][];
  /** key()'s parts, reused: the time, each leaf's class, the calls. */
  private readonly parts: string[];
  /** leafValuesOf's scratch: per set leaf, the sets its value meets (or UNKNOWN_FIELD). */
  private readonly leafSets: (readonly number[])[];
  /** leafValuesOf's result: per conjunction of leafRules, F, U or T. */
  private readonly leafValues: Uint8Array;
  /** The time's open (1) or closed (0) bit per window, when key() computed them. */
  private readonly windowOpen: Uint8Array;
  /** The context flags (identity.verified, identity.attributes_resolved): kept in a folded key. */
  private readonly flags: SetLeaf[];
  /** Each distinct rule body of the policies, as a folded key judges it. */
  private readonly ruleBodies: RuleBody[];
  /** A folded key's parts, reused: the time's state, the flags, the rules. */
  private readonly foldedParts: string[];
  /** unpairedDenyPart's scratch: per condition of a conjunction, its OR and AND over the calls. */
  private readonly testSome: Uint8Array;
  private readonly testAll: Uint8Array;
  /** callValuesOf's result: per call conjunction the OR and the AND over the calls. */
  private readonly some: Uint8Array;
  private readonly every: Uint8Array;
  /** callSetsAt's result: per call leaf, the sets one call's value meets (or UNKNOWN_FIELD). */
  private readonly callSets: (readonly number[])[];

  /** The union of what `policies` read: one key serves every one of them. */
  constructor(policies: readonly Policy[]) {
    const request: ReadTree = new Map();
    const identity: ReadTree = new Map();
    const callFields = new Set<string>();
    const requestSets = new LeafSets();
    const identitySets = new LeafSets();
    const callSets = new LeafSets();
    // The context flags: `verified == true`, `attributes_resolved == true`.
    identitySets.add(['verified'], true, []);
    identitySets.add(['attributes_resolved'], true, []);
    // The helpers every generated module has (generate.ts HELPERS).
    addPath(identity, ['verified']);
    addPath(identity, ['attributes_resolved']);
    addPath(request, ['time']);
    // `calls` is read whatever the policy's fields (count(calls) > 0 in allow rules); it is
    // projected on its own (projectCalls), below an `mcp` object read in part.
    request.set('mcp', new Map());
    const windows = new Map<string, WindowTest>();
    const callRules = new Map<string, { field: string; values: string[]; negate: boolean }[]>();
    const leafRules = new Map<string, { path: string[]; values: string[]; negate: boolean }[]>();
    /** Each rule's parts, by the ids of the conjunctions and window above (numbered below). */
    const bodies: {
      window: string | null;
      leaf: string | null;
      call: string | null;
      deny: boolean;
      combined: boolean;
      exact: { path: string[]; values: (boolean | number)[]; negate: boolean }[];
    }[] = [];
    for (const policy of policies) {
      for (const rule of policy.rules) {
        const tests: { field: string; values: string[]; negate: boolean }[] = [];
        const leafTests: { path: string[]; values: string[]; negate: boolean }[] = [];
        for (const condition of rule.conditions) {
          const kind = classifyField(condition.field);
          if (kind.kind === 'call') {
            callFields.add(kind.name);
            callSets.add([kind.name], false, condition.values);
            tests.push({
              field: kind.name,
              values: condition.values,
              negate: condition.operator === 'not_in',
            });
            continue;
          }
          const path = requestPath(kind)!;
          addPath(path[0] === 'request' ? request : identity, path.slice(1));
          const exact = kind.kind === 'is_batch' || kind.kind === 'unparsable_calls';
          (path[0] === 'request' ? requestSets : identitySets).add(path.slice(1), exact, condition.values);
          if (!exact)
            leafTests.push({ path, values: condition.values, negate: condition.operator === 'not_in' });
        }
        if (tests.length > 0) callRules.set(JSON.stringify(tests), tests);
        if (leafTests.length > 0) leafRules.set(JSON.stringify(leafTests), leafTests);
        const window = rule.active_window;
        const windowId =
          window &&
          JSON.stringify([
            DAYS.filter((d) => window.days.includes(d)),
            window.timezone,
            window.from,
            window.to,
          ]);
        bodies.push({
          window: windowId ?? null,
          leaf: leafTests.length > 0 ? JSON.stringify(leafTests) : null,
          call: tests.length > 0 ? JSON.stringify(tests) : null,
          deny: rule.effect === 'deny',
          combined: new Set(tests.map((t) => t.field)).size >= 2,
          exact: rule.conditions.flatMap((condition) => {
            const kind = classifyField(condition.field);
            if (kind.kind !== 'is_batch' && kind.kind !== 'unparsable_calls') return [];
            const values = condition.values.map((v) => (kind.kind === 'is_batch' ? v === 'true' : Number(v)));
            return [{ path: requestPath(kind)!, values, negate: condition.operator === 'not_in' }];
          }),
        });
        if (window) {
          const days = DAYS.filter((d) => window.days.includes(d));
          const id = windowId!;
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
    // Sorted by zone so that key() converts the time once per zone.
    const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const sortedWindows = [...windows.entries()].sort(
      ([a, x], [b, y]) => order(x.zone.name, y.zone.name) || order(a, b),
    );
    this.windows = sortedWindows.map(([, w]) => w);
    this.windowOpen = new Uint8Array(this.windows.length);
    this.requestLeaves = requestSets.leaves();
    this.identityLeaves = identitySets.leaves();
    this.callLeaves = callSets.leaves();
    this.parts = new Array<string>(this.requestLeaves.length + this.identityLeaves.length + 2).fill('');
    const rooted = (root: 'request' | 'identity', leaves: ValueLeaf[]): SetLeaf[] =>
      leaves.map((leaf, index) => ({ leaf, root, index }));
    const all = [...rooted('request', this.requestLeaves), ...rooted('identity', this.identityLeaves)];
    this.setLeaves = all.filter((l) => !l.leaf.exact);
    this.exactLeaves = all.filter((l) => l.leaf.exact);
    this.leafRules = [...leafRules.values()].map((tests) =>
      tests.map((t) => {
        const leaf = this.setLeaves.findIndex(
          (l) => l.root === t.path[0] && JSON.stringify(l.leaf.path) === JSON.stringify(t.path.slice(1)),
        );
        return { leaf, set: this.setLeaves[leaf]!.leaf.indexOf(t.values), negate: t.negate };
      }),
    );
    this.leafValues = new Uint8Array(this.leafRules.length);
    this.flags = this.exactLeaves.filter(
      (l) =>
        l.root === 'identity' &&
        (l.leaf.path.join('.') === 'verified' || l.leaf.path.join('.') === 'attributes_resolved'),
    );
    this.foldedParts = new Array<string>(this.flags.length + 2).fill('');
    const leafIds = [...leafRules.keys()];
    const callIds = [...callRules.keys()];
    const windowIds = sortedWindows.map(([id]) => id);
    const distinct = new Map<string, RuleBody>();
    for (const b of bodies) {
      const body: RuleBody = {
        window: b.window === null ? -1 : windowIds.indexOf(b.window),
        leaf: b.leaf === null ? -1 : leafIds.indexOf(b.leaf),
        call: b.call === null ? -1 : callIds.indexOf(b.call),
        deny: b.deny,
        combined: b.combined,
        exact: b.exact.map((t) => ({
          leaf: this.exactLeaves.findIndex(
            (l) => l.root === t.path[0] && l.leaf.path.join('.') === t.path.slice(1).join('.'),
          ),
          type: typeof t.values[0] === 'boolean' ? ('boolean' as const) : ('number' as const),
          values: new Set(t.values),
          negate: t.negate,
        })),
      };
      distinct.set(JSON.stringify({ ...body, exact: b.exact }), body);
    }
    this.ruleBodies = [...distinct.values()];
    this.leafSets = new Array<readonly number[]>(this.setLeaves.length).fill(NO_SETS);
    this.callRules = [...callRules.values()].map((tests) =>
      tests.map((t) => {
        const leaf = this.callLeaves.findIndex((l) => l.path[0] === t.field);
        return { leaf, set: this.callLeaves[leaf]!.indexOf(t.values), negate: t.negate };
      }),
    );
    const longest = Math.max(0, ...this.callRules.map((tests) => tests.length));
    this.testSome = new Uint8Array(longest);
    this.testAll = new Uint8Array(longest);
    this.some = new Uint8Array(this.callRules.length);
    this.every = new Uint8Array(this.callRules.length);
    this.callSets = new Array<readonly number[]>(this.callLeaves.length).fill(NO_SETS);
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
   * construction; null when the time cannot be judged here (the record is then evaluated on its
   * own, errors and all). The key names, for each value a policy reads, its **decision class**
   * (docs/performance.md "The decision cache"), not the value. A decision key (`byRule`: `set`
   * without a mask, `ordered` or `per-field` with one) is folded to what each rule comes to
   * (foldedKey) whenever it can be. Otherwise, and for `byRule: false` (what the reasons of an
   * unevaluable record depend on: each value's and call's classes, UnknownsJudge), it is a key by
   * classes: every condition compares a value with a fixed set of strings, so two strings in the
   * same sets of the policies' value sets are interchangeable, and so are two string arrays that
   * meet the same sets; `resource_uri`s, prompts and subjects that no rule names share one class.
   * Values of any other shape (numbers, booleans, mixed arrays) are keyed exactly. The calls are
   * then keyed by their kinds: `ordered` keeps them in order, one entry per call (unknown pointers
   * name calls by index), `per-field` the classes each call field holds (an unpaired batch), `set`
   * the distinct kinds (`some call` and `every call` do not depend on order or repetition).
   */
  key(
    input: TrafficInput,
    calls: CallsKeying = 'set',
    mask: KeyMask | null = null,
    byRule = true,
  ): string | null {
    const request = (input as Json).request;
    const time = isPlainObject(request) && Object.hasOwn(request, 'time') ? request.time : undefined;
    let text: string;
    if (mask?.time) text = '?';
    else if (time === undefined) text = '-';
    else if (this.windows.length === 0) text = '+';
    else {
      if (typeof time !== 'string') return null;
      let ns: bigint;
      try {
        ns = parseRfc3339Nanos(time);
      } catch {
        return null;
      }
      // The bits are in windowOpen; a key by classes writes them out below.
      text = '';
      // Windows of one zone are adjacent (the constructor sorts them): one civil time per zone.
      let zone: TimeZone | null = null;
      let local: CivilTime | null = null;
      const open = this.windowOpen;
      for (let i = 0; i < this.windows.length; i++) {
        const w = this.windows[i]!;
        if (w.zone !== zone) {
          zone = w.zone;
          local = civilTime(ns, zone);
        }
        open[i] = windowOpen(w, local!) ? 1 : 0;
      }
    }
    const identity = (input as Json).identity;
    if (byRule && (calls === 'set') === (mask === null)) {
      const folded = this.foldedKey(request, identity, text, mask, calls === 'per-field');
      if (folded !== null) return folded;
    }
    if (text === '')
      for (let i = 0; i < this.windows.length; i++) text += this.windowOpen[i] === 1 ? '1' : '0';
    // The parts are joined once: one flat string, which the cache's Map hashes without first
    // flattening a chain of concatenations.
    const parts = this.parts;
    parts[0] = text;
    let n = 1;
    const leaves = this.requestLeaves;
    for (let i = 0; i < leaves.length; i++)
      parts[n++] = mask?.request[i] ? '?' : leaves[i]!.classOf(valueAt(request, leaves[i]!.path));
    const people = this.identityLeaves;
    for (let i = 0; i < people.length; i++)
      parts[n++] = mask?.identity[i] ? '?' : people[i]!.classOf(valueAt(identity, people[i]!.path));
    if (mask?.callList) parts[n] = '|?';
    else {
      const mcp = isPlainObject(request) ? request.mcp : undefined;
      const callList = isPlainObject(mcp) && Object.hasOwn(mcp, 'calls') ? mcp.calls : undefined;
      parts[n] = `|${this.callsClass(callList, calls, mask?.callFields ?? null)}`;
    }
    return parts.join(',');
  }

  /**
   * Fills `leafValues`: for each conjunction of request and caller set conditions some rule has,
   * its value (Kleene's, U on a leaf the mask covers). false: a compared value is a number, a
   * boolean or a mixed array (compared by its JSON text), which only a key by classes keeps apart.
   */
  private leafValuesOf(request: unknown, identity: unknown, mask: KeyMask | null): boolean {
    const leaves = this.setLeaves;
    const held = this.leafSets;
    for (let i = 0; i < leaves.length; i++) {
      const { leaf, root, index } = leaves[i]!;
      if (mask !== null && (root === 'request' ? mask.request[index] : mask.identity[index])) {
        held[i] = UNKNOWN_FIELD;
        continue;
      }
      const sets = leaf.setsOf(valueAt(root === 'request' ? request : identity, leaf.path));
      if (sets === null) return false;
      held[i] = sets;
    }
    const rules = this.leafRules;
    for (let r = 0; r < rules.length; r++) this.leafValues[r] = conjunction(rules[r]!, held);
    return true;
  }

  /**
   * A key of the decision's own terms (a **folded** key): per distinct rule body of the policies,
   * whether the rule's conditions, calls and window hold (F, U or T, the Kleene AND of its parts,
   * as generate.ts and threeValued.ts build the rule), beside what the rest of the decision reads:
   * the context flags and whether the time is there (what a rule's `needs` turn on). Two inputs
   * whose rules all come out alike decide alike, whatever their values. `time` is key()'s time
   * part. Null when a compared value is keyed exactly (a number, a boolean or a mixed array where
   * strings are compared): the caller keys by parts then.
   */
  private foldedKey(
    request: unknown,
    identity: unknown,
    time: string,
    mask: KeyMask | null,
    unpaired: boolean,
  ): string | null {
    if (!this.leafValuesOf(request, identity, mask)) return null;
    // The call parts: U when the call list is unknown, F without a list (the Rego's `calls` is
    // undefined, its three-valued `tv_calls` empty), else each conjunction's OR and AND.
    let calls = F;
    let list: readonly unknown[] = [];
    if (mask?.callList) calls = U;
    else {
      const mcp = isPlainObject(request) ? request.mcp : undefined;
      const value = isPlainObject(mcp) && Object.hasOwn(mcp, 'calls') ? mcp.calls : undefined;
      if (Array.isArray(value)) {
        if (this.callRules.length > 0 && !this.callValuesOf(value, mask)) return null;
        calls = -1;
        list = value;
      }
    }
    // key()'s time part: '?', '-', '+', or '' when the window bits are in windowOpen.
    const state = time === '?' || time === '-' ? time : '+';
    let digits = '';
    for (const body of this.ruleBodies) {
      let value = T;
      if (body.window >= 0)
        value = state === '?' ? U : state === '-' || this.windowOpen[body.window] === 0 ? F : T;
      if (value !== F && body.leaf >= 0) value = Math.min(value, this.leafValues[body.leaf]!);
      for (let i = 0; value !== F && i < body.exact.length; i++)
        value = Math.min(value, this.exactValue(body.exact[i]!, request, mask));
      if (value !== F && body.call >= 0) {
        let part: number;
        if (calls !== -1) part = calls;
        else if (!body.deny) part = list.length > 0 ? this.every[body.call]! : F;
        else if (unpaired && body.combined)
          part = this.unpairedDenyPart(this.callRules[body.call]!, list, mask);
        else part = this.some[body.call]!;
        value = Math.min(value, part);
      }
      digits += String(value);
    }
    const parts = this.foldedParts;
    parts[0] = `#${state}`;
    let n = 1;
    for (const { leaf, index } of this.flags)
      parts[n++] = mask?.identity[index] ? '?' : leaf.classOf(valueAt(identity, leaf.path));
    parts[n] = digits;
    return parts.join(',');
  }

  /** `boolean_in` / `number_in` (or `_not_in`) of the generated Rego on an exact leaf's value. */
  private exactValue(test: ExactTest, request: unknown, mask: KeyMask | null): number {
    const { leaf, index } = this.exactLeaves[test.leaf]!;
    if (mask?.request[index]) return U;
    const value = valueAt(request, leaf.path);
    // Neither `in` nor `not_in` holds on a value of another type (or an absent one).
    if (typeof value !== test.type) return F;
    return test.values.has(value as boolean | number) !== test.negate ? T : F;
  }

  /**
   * Fills `callSets` for call `index`: per call field, the sets its value meets, or UNKNOWN_FIELD
   * where an unknown pointer names the field for this call (by index or `*`). false: a field holds
   * a number, a boolean or a mixed array (compared by its JSON text).
   */
  private callSetsAt(call: unknown, index: number, mask: KeyMask | null): boolean {
    const leaves = this.callLeaves;
    const sets = this.callSets;
    for (let i = 0; i < leaves.length; i++) {
      const name = leaves[i]!.path[0]!;
      if (
        mask !== null &&
        (mask.callFields[i] || mask.callPointers.some((p) => prefixes(p, [index, name])))
      ) {
        sets[i] = UNKNOWN_FIELD;
        continue;
      }
      const held = leaves[i]!.setsOf(isPlainObject(call) ? ownValue(call, name) : undefined);
      if (held === null) return false;
      sets[i] = held;
    }
    return true;
  }

  /**
   * The call part of a deny rule combining two or more call fields over an unpaired batch
   * (threeValued.ts callPartLines): F when some condition holds on no call, T when one holds on
   * some call and every other on every call, else U. Pairing the fields by position would be a
   * guess, so no call is judged whole. `calls` passed callValuesOf already.
   */
  private unpairedDenyPart(
    tests: readonly SetTest[],
    calls: readonly unknown[],
    mask: KeyMask | null,
  ): number {
    const some = this.testSome.fill(F, 0, tests.length);
    const all = this.testAll.fill(T, 0, tests.length);
    for (let index = 0; index < calls.length; index++) {
      this.callSetsAt(calls[index], index, mask);
      for (let t = 0; t < tests.length; t++) {
        const v = testValue(tests[t]!, this.callSets);
        if (v > some[t]!) some[t] = v;
        if (v < all[t]!) all[t] = v;
      }
    }
    for (let t = 0; t < tests.length; t++) if (some[t] === F) return F;
    for (let k = 0; k < tests.length; k++) {
      if (some[k] !== T) continue;
      let others = true;
      for (let m = 0; m < tests.length && others; m++) if (m !== k && all[m] !== T) others = false;
      if (others) return T;
    }
    return U;
  }

  /**
   * Fills `some` and `every` for a call list: for each conjunction of call conditions some rule
   * has, its value over the calls as a deny rule reads it (`some call`: the OR) and as an allow
   * rule does (`every call`: the AND). Two-valued without a mask; with one a call's value is the
   * Kleene AND of its conditions, U on a field an unknown pointer names for that call (by index or
   * `*`), and the OR and AND are Kleene's. false (the key is then by classes) when a call field
   * holds a number, a boolean or an array of other than strings, which compare by their JSON text.
   */
  private callValuesOf(calls: readonly unknown[], mask: KeyMask | null): boolean {
    const rules = this.callRules;
    // Scratch space reused from record to record (nothing here nests).
    const some = this.some.fill(F);
    const every = this.every.fill(T);
    // Per call field: the sets its value meets, or UNKNOWN_FIELD.
    const sets = this.callSets;
    for (let index = 0; index < calls.length; index++) {
      if (!this.callSetsAt(calls[index], index, mask)) return false;
      for (let r = 0; r < rules.length; r++) {
        const value = conjunction(rules[r]!, sets);
        // Kleene: OR is T if any is T, else U if any is U; AND is F if any is F, else U if any is U.
        if (value === T) some[r] = T;
        else if (value === U && some[r] === F) some[r] = U;
        if (value === F) every[r] = F;
        else if (value === U && every[r] === T) every[r] = U;
      }
    }
    return true;
  }

  private callsClass(calls: unknown, keying: CallsKeying, masked: readonly boolean[] | null): string {
    if (calls === undefined) return '-';
    if (!Array.isArray(calls)) return exactClass('X', calls);
    const leaves = this.callLeaves;
    if (leaves.length === 0) return calls.length === 0 ? '[]' : '[+]';
    if (keying === 'per-field') return this.perFieldClass(calls as unknown[], masked);
    const classes: string[] = [];
    for (const call of calls as unknown[]) {
      let tuple = '';
      // A call that is not an object reads like one without the fields: undefined in the Rego.
      for (let i = 0; i < leaves.length; i++) {
        const leaf = leaves[i]!;
        tuple += masked?.[i]
          ? '?;'
          : `${leaf.classOf(isPlainObject(call) ? ownValue(call, leaf.path[0]!) : undefined)};`;
      }
      classes.push(tuple);
    }
    if (keying === 'set') {
      const distinct = classes.length > 1 ? [...new Set(classes)].sort() : classes;
      return `{${distinct.join('|')}}`;
    }
    return `[${classes.join('|')}]`;
  }

  /**
   * What a three-valued key may leave out for an unknown set: the locations it makes unknown,
   * whose values the three-valued evaluation never reads (docs/unknowns.md: a condition on an
   * unknown location is U whatever the value). Pointers are segments below `/input`; a pointer
   * is "at" a location when one is a prefix of the other (equal, inside or containing), `*`
   * matching a call index. The call list itself only when a pointer equals or contains it; a
   * call field only when the pointer names it on every call (`*`): one naming a single call keeps
   * the classes, which stays exact.
   */
  maskOf(pointers: readonly (readonly (string | number)[])[]): KeyMask {
    const at = (location: readonly string[]) => pointers.some((p) => prefixes(p, location));
    const callsPath = ['request', 'mcp', 'calls'];
    return {
      time: at(['request', 'time']),
      request: this.requestLeaves.map((leaf) => at(['request', ...leaf.path])),
      identity: this.identityLeaves.map((leaf) => at(['identity', ...leaf.path])),
      callList: pointers.some((p) => p.length <= callsPath.length && prefixes(p, callsPath)),
      callFields: this.callLeaves.map((leaf) =>
        pointers.some(
          (p) =>
            p.length > callsPath.length &&
            prefixes(p.slice(0, callsPath.length), callsPath) &&
            p[callsPath.length] === '*' &&
            (p.length === callsPath.length + 1 || p[callsPath.length + 1] === leaf.path[0]),
        ),
      ),
      callPointers: pointers
        .filter((p) => p.length > callsPath.length && prefixes(p.slice(0, callsPath.length), callsPath))
        .map((p) => p.slice(callsPath.length)),
    };
  }

  /**
   * An unpaired batch (paired by position for the evaluation): per call field, the set of classes
   * its calls hold (`-` for a call lacking the key). The three-valued rules of an unpaired batch
   * read nothing else: `all(c)` and `some(c)` per condition, and whether there is a call.
   */
  private perFieldClass(calls: readonly unknown[], masked: readonly boolean[] | null): string {
    let text = calls.length === 0 ? '<0' : '<+';
    for (let i = 0; i < this.callLeaves.length; i++) {
      const leaf = this.callLeaves[i]!;
      if (masked?.[i]) {
        text += ';?';
        continue;
      }
      const classes = new Set<string>();
      for (const call of calls)
        classes.add(leaf.classOf(isPlainObject(call) ? ownValue(call, leaf.path[0]!) : undefined));
      text += `;${[...classes].sort().join('|')}`;
    }
    return `${text}>`;
  }

  private projectCalls(calls: unknown): unknown {
    if (!Array.isArray(calls)) return calls;
    return calls.map((call: unknown) => (isPlainObject(call) ? projectObject(call, this.callFields) : call));
  }
}

/**
 * One condition on the sets its leaf's value meets (`held`, UNKNOWN_FIELD for an unknown one):
 * `in` holds when the value meets the set; `not_in` when it is a string or string array that does
 * not, never on a value no condition holds on (NO_SETS: absent, null, an object). F, U or T.
 */
function testValue(test: SetTest, held: readonly (readonly number[])[]): number {
  const sets = held[test.leaf]!;
  if (sets === UNKNOWN_FIELD) return U;
  const member = sets.includes(test.set);
  return (test.negate ? sets === NO_SETS || member : !member) ? F : T;
}

/** Kleene's AND of `tests` (testValue), stopping at the first F. */
function conjunction(tests: readonly SetTest[], held: readonly (readonly number[])[]): number {
  let value = T;
  for (const test of tests) {
    const v = testValue(test, held);
    if (v === F) return F;
    if (v === U) value = U;
  }
  return value;
}

/**
 * The unknown set as the three-valued evaluation receives it (UnknownsPayload), as text: equal for
 * two records whose payloads differ only in the pointers' order or repetition (the Rego reads them
 * as a set) — and so for two that differ only in what unknownsPayload leaves out, such as an
 * unpaired batch's call_count (its calls are in the rest of the key) or a pointer past its calls.
 */
export function payloadText(payload: UnknownsPayload): string {
  const pointers = [...new Set(payload.unknown.map((p) => JSON.stringify(p)))].sort();
  return `${payload.unpaired ? 'u' : 'p'}[${pointers.join(',')}]`;
}

/** `window_open(days, zone, from, to)` of generate.ts, on the civil-time functions the wasm uses. */
function windowOpen(w: WindowTest, t: CivilTime): boolean {
  if (!w.days.has(t.weekday)) return false;
  const minute = t.hour * 60 + t.minute;
  if (w.from < w.to) return minute >= w.from && minute < w.to;
  if (w.from > w.to) return minute >= w.from || minute < w.to;
  return false;
}

/**
 * How many inputs one generation of the cache holds; two generations are kept. It bounds memory,
 * not correctness. Measured on the 1M-record example sample in-process: 16,384 holds every distinct
 * two-valued key (18,006 evaluations against 25,744 with 4,096, 20.9 s against 22.9 s) at the same
 * peak RSS; 65,536 gained nothing more. (With keys by value, before decision classes, 4,096 won:
 * bigger caches kept keys long enough to reach V8's old space.)
 */
export const DECISION_CACHE_LIMIT = 16_384;
/** Keys longer than this (UTF-16 units) are evaluated uncached: they almost never repeat. */
export const MAX_KEY_LENGTH = 512;
/**
 * A generation also turns over once its keys hold this many UTF-16 units, so hostile keys cannot
 * take a worker past its capped heap: keys take at most 2 stores × 2 generations × 2 MiB.
 */
export const KEY_UNITS_PER_GENERATION = 1 << 20;

/** One side of a DecisionCache: a policy and its loaded wasm. */
export interface CachedSide {
  policy: Policy;
  engine: WasmPolicy;
}

/** The unknown set of a record as the three-valued evaluation takes it. */
export interface CachedUnknowns {
  /**
   * traffic/unknowns.ts unknownKey: equal for equal unknown sets and pairing. It names the set for
   * the mask and for reasonKey; a decision key names it by its payload (payloadText), coarser.
   */
  key: string;
  payload: UnknownsPayload;
}

type Entry = (Decision | ThreeValuedDecision | undefined)[];

/**
 * A decision one cache evaluated, as another cache of the same replay takes it (learn): worker
 * threads share what they evaluate, so a class is evaluated about once per replay instead of once
 * per worker. Exact by construction: equal keys decide alike on the same policies.
 */
export interface LearnedDecision {
  threeValued: boolean;
  key: string;
  index: number;
  decision: Decision | ThreeValuedDecision;
}

/** Two generations of cached decisions (DecisionCache). */
interface Generations {
  young: Map<string, Entry>;
  old: Map<string, Entry>;
  /** The UTF-16 units of the young generation's keys. */
  youngChars: number;
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
  private readonly twoValued: Generations = { young: new Map(), old: new Map(), youngChars: 0 };
  /**
   * The three-valued decisions keep generations of their own: records with unknown data are few,
   * and would otherwise be pushed out by the many two-valued keys between two of them.
   */
  private readonly threeValued: Generations = { young: new Map(), old: new Map(), youngChars: 0 };
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
  /** The projection key of the last input keyed, per way of keying the calls. */
  private readonly keyed = {
    set: {
      input: null as TrafficInput | null,
      unknownKey: null as string | null,
      text: null as string | null,
    },
    ordered: {
      input: null as TrafficInput | null,
      unknownKey: null as string | null,
      text: null as string | null,
    },
    'per-field': {
      input: null as TrafficInput | null,
      unknownKey: null as string | null,
      text: null as string | null,
    },
  };
  /**
   * Per unknown set seen (few per sample; bounded all the same): its mask, and its payload's text,
   * the part of a three-valued decision key that names it (payloadText).
   */
  private readonly unknownSets = new Map<string, { mask: KeyMask; text: string }>();

  private unknownSetOf(unknowns: CachedUnknowns): { mask: KeyMask; text: string } {
    let set = this.unknownSets.get(unknowns.key);
    if (set === undefined) {
      set = { mask: this.projection.maskOf(unknowns.payload.unknown), text: payloadText(unknowns.payload) };
      if (this.unknownSets.size >= 1_024) this.unknownSets.clear();
      this.unknownSets.set(unknowns.key, set);
    }
    return set;
  }

  private maskOf(unknowns: CachedUnknowns): KeyMask {
    return this.unknownSetOf(unknowns).mask;
  }
  /** An input evaluated on its own, uncached (alone()); one at a time, like the records. */
  private aloneInput: TrafficInput | null = null;

  /**
   * Evaluates `input` (the next record's) without the cache, neither taking nor giving a decision:
   * for a record whose values opa-wasm may refuse (a lone surrogate), where a decision cached from
   * another record would hide the failure in one order and not in another.
   */
  alone(input: TrafficInput): void {
    this.aloneInput = input;
  }
  hits = 0;
  misses = 0;
  /** What this cache evaluated since the last `learned()`, when sharing (else null). */
  private fresh: LearnedDecision[] | null = null;

  /** From now on, remember every evaluation for `learned()`. */
  share(): void {
    this.fresh ??= [];
  }

  /** The decisions evaluated here since the last call (share() first), for other caches to learn. */
  learned(): LearnedDecision[] {
    const out = this.fresh ?? [];
    if (this.fresh !== null) this.fresh = [];
    return out;
  }

  /** Takes decisions another cache of the same policies evaluated (its learned()). */
  learn(decisions: readonly LearnedDecision[]): void {
    for (const d of decisions) {
      const store = d.threeValued ? this.threeValued : this.twoValued;
      let entry = this.lookup(store, d.key);
      if (entry === null) {
        entry = [];
        this.remember(store, d.key, entry);
      }
      entry[d.index] ??= d.decision;
    }
  }

  constructor(
    private readonly sides: readonly CachedSide[],
    private readonly limit = DECISION_CACHE_LIMIT,
  ) {
    this.projection = new InputProjection(sides.map((s) => s.policy));
  }

  /** The decision of side `index` on `input`. */
  evaluate(index: number, input: TrafficInput, requestId?: string): Decision {
    const last = this.last;
    if (input !== last.input) this.select(last, input, null, 'set');
    const cached = last.entry?.[index] as Decision | undefined;
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const decision = this.sides[index]!.engine.evaluate(this.inputBuffer(last, input, null), requestId);
    this.store(last, index, decision, false);
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
    if (input !== last.input || unknowns.key !== last.unknownKey)
      // A three-valued key reads the calls as the rules do, paired or unpaired (a pointer there
      // names the field on every call); its fallback by classes keeps calls by index or, unpaired,
      // each field's values.
      this.select(last, input, unknowns, unknowns.payload.unpaired ? 'per-field' : 'ordered');
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
    this.store(last, index, decision, true);
    return decision;
  }

  /**
   * A key under which records with unknowns share their unevaluable reasons: the unknown set and
   * each value's and call's classes (not what each rule comes to, as the decision's key has: two
   * records can agree on that while different conditions of theirs are U). Null: the input cannot
   * be keyed, the reasons are computed for the record alone.
   */
  reasonKey(input: TrafficInput, unknowns: CachedUnknowns): string | null {
    const keying = unknowns.payload.unpaired ? 'per-field' : 'ordered';
    const projected = this.projection.key(input, keying, this.maskOf(unknowns), false);
    return projected === null ? null : `${unknowns.key}\0${projected}`;
  }

  private select(last: Last, input: TrafficInput, unknowns: CachedUnknowns | null, calls: CallsKeying): void {
    const unknownKey = unknowns?.key ?? null;
    last.input = input;
    last.unknownKey = unknownKey;
    const keyed = this.keyed[calls];
    if (input !== keyed.input || keyed.unknownKey !== unknownKey) {
      keyed.input = input;
      keyed.unknownKey = unknownKey;
      keyed.text = this.projection.key(input, calls, unknowns === null ? null : this.maskOf(unknowns));
    }
    const projected = keyed.text;
    // The payload's text is JSON after a one-letter tag (no NUL can occur in it), so the NUL
    // separates the two parts unambiguously; two-valued keys carry no NUL at all.
    const key =
      projected === null
        ? null
        : unknowns === null
          ? projected
          : `${this.unknownSetOf(unknowns).text}\0${projected}`;
    // Long keys (a policy reading a large argument) almost never repeat, and caching them would
    // let memory grow with value size: bounded by count × MAX_KEY_LENGTH instead.
    last.key = key !== null && key.length <= MAX_KEY_LENGTH && input !== this.aloneInput ? key : null;
    last.entry = last.key === null ? null : this.lookup(last.store, last.key);
    last.buffer = null;
  }

  private store(
    last: Last,
    index: number,
    decision: Decision | ThreeValuedDecision,
    threeValued: boolean,
  ): void {
    if (last.key === null) return;
    if (last.entry === null) {
      last.entry = [];
      this.remember(last.store, last.key, last.entry);
    }
    last.entry[index] = decision;
    this.fresh?.push({ threeValued, key: last.key, index, decision });
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
    if (store.young.size >= this.limit || store.youngChars >= KEY_UNITS_PER_GENERATION) {
      store.old = store.young;
      store.young = new Map();
      store.youngChars = 0;
    }
    store.young.set(key, entry);
    store.youngChars += key.length;
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
