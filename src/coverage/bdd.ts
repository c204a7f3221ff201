/**
 * A small reduced ordered binary decision diagram (BDD) manager: the exact representation of the
 * boolean functions over atom variables that the coverage analysis compares (docs/coverage.md).
 * Node 0 is false, node 1 is true; a variable's index is its level (lower indices nearer the
 * root). Every node is created through `node`, which counts them against `maxNodes`: past it the
 * manager throws `NodeBudgetExceeded`, so a diagram is never silently truncated.
 */
export type Bdd = number;

export const FALSE: Bdd = 0;
export const TRUE: Bdd = 1;

/** Thrown when creating one more node would exceed the manager's budget. */
export class NodeBudgetExceeded extends Error {
  constructor(readonly maxNodes: number) {
    super(`the decision diagram needs more than ${maxNodes} nodes`);
  }
}

/** A partial assignment: variable index → value; a variable not in it is free. */
export type Cube = ReadonlyMap<number, boolean>;

const TERMINAL_LEVEL = 0x7fffffff;
/** Node ids stay below 2^26 (MAX_NODES), so an operation and two ids fit one cache entry. */
export const MAX_NODES = 2 ** 26;

/** Operation tags of the cache, above every node id. */
const OP_AND = 0;
const OP_OR = 1 << 27;
const OP_NOT = 2 << 27;

/**
 * The operation cache is lossy (a colliding entry overwrites the older one, as in CUDD): its
 * memory stays bounded however long an analysis runs, and a lost entry is only recomputed. It
 * grows with the diagram, to at most 2^22 entries (48 MiB).
 */
const MIN_CACHE_BITS = 12;
const MAX_CACHE_BITS = 22;

function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}

export class BddManager {
  /** Per node: its variable, low and high child; nodes 0 and 1 are the terminals. */
  private vars = new Int32Array(1024);
  private lows = new Int32Array(1024);
  private highs = new Int32Array(1024);
  private count = 2;
  /** Work done outside the diagrams, in nodes' worth (`charge`): it counts against the budget. */
  private spent = 0;
  /** Open addressing over (variable, low, high) → node; 0 is an empty slot (no terminal is stored). */
  private unique = new Int32Array(2048);
  private uniqueMask = 2047;
  /** Entries of (a, b | op, result); a lost entry is recomputed. */
  private cache = new Int32Array(3 << MIN_CACHE_BITS).fill(-1);
  private cacheBits = MIN_CACHE_BITS;

  /** The triples `dependsWithin` found to lead nowhere, kept between calls to reuse its memory. */
  private readonly failedTriples = new TripleSet();

  constructor(readonly maxNodes: number) {
    if (!(maxNodes <= MAX_NODES)) throw new Error(`maxNodes is at most ${MAX_NODES}`);
    this.vars[0] = TERMINAL_LEVEL;
    this.vars[1] = TERMINAL_LEVEL;
    this.lows[1] = 1;
    this.highs[1] = 1;
  }

  /** Nodes created so far, the two terminals and the work charged included. */
  get size(): number {
    return this.count + this.spent;
  }

  /** Counts work done outside the diagrams (in nodes' worth) against the budget. */
  charge(nodes: number): void {
    this.spent += nodes;
    if (this.size > this.maxNodes) throw new NodeBudgetExceeded(this.maxNodes);
  }

  level(f: Bdd): number {
    return this.vars[f]!;
  }

  low(f: Bdd): Bdd {
    return this.lows[f]!;
  }

  high(f: Bdd): Bdd {
    return this.highs[f]!;
  }

  /** The reduced node (variable, low, high): no redundant test, one node per triple. */
  node(variable: number, low: Bdd, high: Bdd): Bdd {
    if (low === high) return low;
    const mask = this.uniqueMask;
    let slot = hash3(variable, low, high) & mask;
    for (;;) {
      const id = this.unique[slot]!;
      if (id === 0) break;
      if (this.vars[id] === variable && this.lows[id] === low && this.highs[id] === high) return id;
      slot = (slot + 1) & mask;
    }
    if (this.count + this.spent >= this.maxNodes) throw new NodeBudgetExceeded(this.maxNodes);
    const id = this.count++;
    if (id >= this.vars.length) this.growNodes();
    this.vars[id] = variable;
    this.lows[id] = low;
    this.highs[id] = high;
    this.unique[slot] = id;
    // Kept at most half full, so probes stay short.
    if (this.count * 2 > mask) this.growUnique();
    if (this.count > 1 << this.cacheBits && this.cacheBits < MAX_CACHE_BITS) this.growCache();
    return id;
  }

  variable(index: number): Bdd {
    return this.node(index, FALSE, TRUE);
  }

  literal(index: number, value: boolean): Bdd {
    return value ? this.node(index, FALSE, TRUE) : this.node(index, TRUE, FALSE);
  }

  not(f: Bdd): Bdd {
    if (f <= 1) return 1 - f;
    const cached = this.cached(f, OP_NOT);
    if (cached >= 0) return cached;
    const result = this.node(this.vars[f]!, this.not(this.lows[f]!), this.not(this.highs[f]!));
    this.remember(f, OP_NOT, result);
    return result;
  }

  and(f: Bdd, g: Bdd): Bdd {
    if (f === FALSE || g === FALSE) return FALSE;
    if (f === TRUE) return g;
    if (g === TRUE || f === g) return f;
    return this.apply(f < g ? f : g, f < g ? g : f, OP_AND);
  }

  or(f: Bdd, g: Bdd): Bdd {
    if (f === TRUE || g === TRUE) return TRUE;
    if (f === FALSE) return g;
    if (g === FALSE || f === g) return f;
    return this.apply(f < g ? f : g, f < g ? g : f, OP_OR);
  }

  /** `and` or `or` of two non-terminal nodes, a < b. */
  private apply(a: Bdd, b: Bdd, op: number): Bdd {
    const cached = this.cached(a, b | op);
    if (cached >= 0) return cached;
    const va = this.vars[a]!;
    const vb = this.vars[b]!;
    const level = va < vb ? va : vb;
    const a0 = va === level ? this.lows[a]! : a;
    const a1 = va === level ? this.highs[a]! : a;
    const b0 = vb === level ? this.lows[b]! : b;
    const b1 = vb === level ? this.highs[b]! : b;
    const result =
      op === OP_AND
        ? this.node(level, this.and(a0, b0), this.and(a1, b1))
        : this.node(level, this.or(a0, b0), this.or(a1, b1));
    this.remember(a, b | op, result);
    return result;
  }

  implies(f: Bdd, g: Bdd): Bdd {
    return this.or(this.not(f), g);
  }

  andAll(fs: Iterable<Bdd>): Bdd {
    let result = TRUE;
    for (const f of fs) result = this.and(result, f);
    return result;
  }

  orAll(fs: Iterable<Bdd>): Bdd {
    let result = FALSE;
    for (const f of fs) result = this.or(result, f);
    return result;
  }

  /** At most one of `fs` holds. */
  atMostOne(fs: readonly Bdd[]): Bdd {
    let none = TRUE;
    let one = FALSE;
    for (const f of fs) {
      one = this.or(this.and(one, this.not(f)), this.and(none, f));
      none = this.and(none, this.not(f));
    }
    return this.or(none, one);
  }

  /** The function of the cube's literals (their conjunction). */
  cube(cube: Cube): Bdd {
    return this.andAll([...cube].map(([v, value]) => this.literal(v, value)));
  }

  /** ∃ variables: f with every variable in `quantified` projected away. */
  exists(f: Bdd, quantified: ReadonlySet<number>): Bdd {
    const memo = new Map<Bdd, Bdd>();
    const walk = (g: Bdd): Bdd => {
      if (g <= 1) return g;
      const cached = memo.get(g);
      if (cached !== undefined) return cached;
      const lo = walk(this.low(g));
      const hi = walk(this.high(g));
      const result = quantified.has(this.level(g)) ? this.or(lo, hi) : this.node(this.level(g), lo, hi);
      memo.set(g, result);
      return result;
    };
    return walk(f);
  }



  /**
   * Whether some x of u has g(x) false and g true once `variable` is flipped: whether g (within
   * u) differs from u ∧ ∃variable.g, found without making a node. Building ∃variable.g would
   * remake g above the variable once for every variable tested (split.ts tests dozens a set).
   */
  dependsWithin(u: Bdd, g: Bdd, variable: number): boolean {
    const failed = this.failedTriples;
    failed.clear();
    const { vars, lows, highs } = this;
    const cofactor = (f: Bdd, level: number, value: number): Bdd =>
      vars[f] === level ? (value === 1 ? highs[f]! : lows[f]!) : f;
    // a follows g at x, b follows g at x with `variable` flipped; `below` once past it.
    const walk = (x: Bdd, a: Bdd, b: Bdd, below: number): boolean => {
      if (x === FALSE || a === TRUE || b === FALSE) return false;
      if (below === 1 && x === TRUE && a === FALSE && b === TRUE) return true;
      const inner = b * 2 + below;
      if (failed.has(x, a, inner)) return false;
      const level = Math.min(vars[x]!, vars[a]!, vars[b]!);
      const found =
        below === 0 && level >= variable
          ? walk(cofactor(x, variable, 1), cofactor(a, variable, 1), cofactor(b, variable, 0), 1) ||
            walk(cofactor(x, variable, 0), cofactor(a, variable, 0), cofactor(b, variable, 1), 1)
          : walk(cofactor(x, level, 1), cofactor(a, level, 1), cofactor(b, level, 1), below) ||
            walk(cofactor(x, level, 0), cofactor(a, level, 0), cofactor(b, level, 0), below);
      if (!found) failed.add(x, a, inner);
      return found;
    };
    return walk(u, g, g, 0);
  }

  /** f with the cube's variables fixed (the cofactor). */
  restrict(f: Bdd, cube: Cube): Bdd {
    const last = Math.max(...cube.keys());
    const memo = new Map<Bdd, Bdd>();
    const walk = (g: Bdd): Bdd => {
      if (g <= 1 || this.level(g) > last) return g;
      const cached = memo.get(g);
      if (cached !== undefined) return cached;
      const value = cube.get(this.level(g));
      const result =
        value === undefined
          ? this.node(this.level(g), walk(this.low(g)), walk(this.high(g)))
          : walk(value ? this.high(g) : this.low(g));
      memo.set(g, result);
      return result;
    };
    return walk(f);
  }

  /** The value of f under a total assignment (a variable the function reads must be given). */
  evaluate(f: Bdd, value: (variable: number) => boolean): boolean {
    let g = f;
    while (g > 1) g = value(this.level(g)) ? this.high(g) : this.low(g);
    return g === TRUE;
  }

  /**
   * The paths to TRUE, each a cube (the variables tested on the path): disjoint, and together
   * exactly f. Lazy, so a caller can stop early.
   */
  *paths(f: Bdd): Generator<Cube> {
    yield* this.walkPaths(f, new Map());
  }

  /** The paths below g, `cube` holding the path above it (restored on return). */
  private *walkPaths(g: Bdd, cube: Map<number, boolean>): Generator<Cube> {
    if (g === FALSE) return;
    if (g === TRUE) {
      yield new Map(cube);
      return;
    }
    const v = this.level(g);
    cube.set(v, true);
    yield* this.walkPaths(this.high(g), cube);
    cube.set(v, false);
    yield* this.walkPaths(this.low(g), cube);
    cube.delete(v);
  }

  /** The variables f depends on. */
  support(f: Bdd): Set<number> {
    const seen = new Set<Bdd>();
    const found = new Set<number>();
    const stack = [f];
    while (stack.length > 0) {
      const g = stack.pop()!;
      if (g <= 1 || seen.has(g)) continue;
      seen.add(g);
      found.add(this.level(g));
      stack.push(this.low(g), this.high(g));
    }
    return found;
  }

  private cached(a: number, key: number): number {
    const at = (hash3(a, key, 0) >>> (32 - this.cacheBits)) * 3;
    const cache = this.cache;
    return cache[at] === a && cache[at + 1] === key ? cache[at + 2]! : -1;
  }

  private remember(a: number, key: number, result: number): void {
    const at = (hash3(a, key, 0) >>> (32 - this.cacheBits)) * 3;
    this.cache[at] = a;
    this.cache[at + 1] = key;
    this.cache[at + 2] = result;
  }

  private growNodes(): void {
    const grow = (old: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const next = new Int32Array(Math.min(old.length * 2, this.maxNodes));
      next.set(old);
      return next;
    };
    this.vars = grow(this.vars);
    this.lows = grow(this.lows);
    this.highs = grow(this.highs);
  }

  private growUnique(): void {
    const size = this.unique.length * 2;
    const mask = size - 1;
    const unique = new Int32Array(size);
    for (let id = 2; id < this.count; id++) {
      let slot = hash3(this.vars[id]!, this.lows[id]!, this.highs[id]!) & mask;
      while (unique[slot] !== 0) slot = (slot + 1) & mask;
      unique[slot] = id;
    }
    this.unique = unique;
    this.uniqueMask = mask;
  }

  /** A larger cache, empty: entries are only ever a saving, never needed. */
  private growCache(): void {
    this.cacheBits++;
    this.cache = new Int32Array(3 << this.cacheBits).fill(-1);
  }
}


/**
 * Whether some assignment agreeing with `known` takes f to TRUE and g to `gives`; if so `found`
 * gets the choices of one such path (any value of the variables it leaves out will do). A walk of
 * the two diagrams side by side, remembering the pairs that failed: no node is made.
 */
export function completes(m: BddManager, f: Bdd, g: Bdd, gives: boolean, known: Cube, found: Map<number, boolean>): boolean {
  const failed = new Set<number>();
  const level = (x: Bdd) => (x <= TRUE ? Infinity : m.level(x));
  const cofactor = (x: Bdd, v: number, value: boolean) =>
    x <= TRUE || m.level(x) !== v ? x : value ? m.high(x) : m.low(x);
  const walk = (a: Bdd, b: Bdd): boolean => {
    if (a === FALSE || (b <= TRUE && (b === TRUE) !== gives)) return false;
    if (a === TRUE && b <= TRUE) return true;
    const key = a * 2 ** 27 + b;
    if (failed.has(key)) return false;
    const v = Math.min(level(a), level(b));
    const fixed = known.get(v);
    for (const value of fixed === undefined ? [true, false] : [fixed]) {
      if (walk(cofactor(a, v, value), cofactor(b, v, value))) {
        found.set(v, value);
        return true;
      }
    }
    failed.add(key);
    return false;
  };
  return walk(f, g);
}

/** A set of triples of ids (open addressing), emptied in constant time by a generation stamp. */
class TripleSet {
  private a = new Int32Array(1 << 12);
  private b = new Int32Array(1 << 12);
  private c = new Int32Array(1 << 12);
  private stamp = new Uint32Array(1 << 12);
  private generation = 1;
  private size = 0;

  clear(): void {
    this.size = 0;
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  private slotOf(a: number, b: number, c: number): number {
    const mask = this.stamp.length - 1;
    let slot = hash3(a, b, c) & mask;
    while (this.stamp[slot] === this.generation) {
      if (this.a[slot] === a && this.b[slot] === b && this.c[slot] === c) return slot;
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  has(a: number, b: number, c: number): boolean {
    return this.stamp[this.slotOf(a, b, c)] === this.generation;
  }

  add(a: number, b: number, c: number): void {
    if ((this.size + 1) * 2 > this.stamp.length) this.grow();
    const slot = this.slotOf(a, b, c);
    if (this.stamp[slot] === this.generation) return;
    this.stamp[slot] = this.generation;
    this.a[slot] = a;
    this.b[slot] = b;
    this.c[slot] = c;
    this.size++;
  }

  private grow(): void {
    const [a, b, c, stamp, generation] = [this.a, this.b, this.c, this.stamp, this.generation];
    const size = stamp.length * 2;
    this.a = new Int32Array(size);
    this.b = new Int32Array(size);
    this.c = new Int32Array(size);
    this.stamp = new Uint32Array(size);
    this.generation = 1;
    this.size = 0;
    for (let i = 0; i < stamp.length; i++) if (stamp[i] === generation) this.add(a[i]!, b[i]!, c[i]!);
  }
}
