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

const TERMINAL_LEVEL = Number.MAX_SAFE_INTEGER;
/** Node ids stay below 2^26, well inside the int32 slots of the tables below. */
export const MAX_NODES = 2 ** 26;

/** Slot of a hash of up to three int32 values in a power-of-two table. */
function slotOf(x: number, y: number, z: number, mask: number): number {
  let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) & mask;
}

/**
 * The unique table: one node id per (variable, low, high), open addressing over an Int32Array
 * of ids (0, a terminal, marks an empty slot: only inner nodes are stored), where a Map keyed by
 * a packed number would box every key.
 */
class UniqueTable {
  private slots = new Int32Array(1024);
  private count = 0;

  constructor(
    private readonly vars: number[],
    private readonly lows: number[],
    private readonly highs: number[],
  ) {}

  /** The node (variable, low, high), or 0 when there is none. */
  find(variable: number, low: Bdd, high: Bdd): Bdd {
    const mask = this.slots.length - 1;
    for (let i = slotOf(variable, low, high, mask); ; i = (i + 1) & mask) {
      const id = this.slots[i]!;
      if (id === 0) return 0;
      if (this.vars[id] === variable && this.lows[id] === low && this.highs[id] === high) return id;
    }
  }

  /** Records the node `id` (created with its triple after `find` returned 0). */
  add(id: Bdd): void {
    if (2 * (this.count + 1) > this.slots.length) this.grow();
    this.place(this.slots, id);
    this.count++;
  }

  private place(slots: Int32Array, id: Bdd): void {
    const mask = slots.length - 1;
    let i = slotOf(this.vars[id]!, this.lows[id]!, this.highs[id]!, mask);
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = id;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    for (const id of this.slots) if (id !== 0) this.place(slots, id);
    this.slots = slots;
  }
}

/** (f, g) → f ∧ g for inner nodes f < g, open addressing over Int32Arrays (f = 0: empty). */
class PairCache {
  private firsts = new Int32Array(1024);
  private seconds = new Int32Array(1024);
  private results = new Int32Array(1024);
  private count = 0;

  /** The cached result, or -1. */
  get(f: Bdd, g: Bdd): number {
    const mask = this.firsts.length - 1;
    for (let i = slotOf(f, g, 0, mask); ; i = (i + 1) & mask) {
      const first = this.firsts[i]!;
      if (first === 0) return -1;
      if (first === f && this.seconds[i] === g) return this.results[i]!;
    }
  }

  set(f: Bdd, g: Bdd, result: Bdd): void {
    if (2 * (this.count + 1) > this.firsts.length) this.grow();
    this.place(this.firsts, this.seconds, this.results, f, g, result);
    this.count++;
  }

  private place(firsts: Int32Array, seconds: Int32Array, results: Int32Array, f: Bdd, g: Bdd, r: Bdd): void {
    const mask = firsts.length - 1;
    let i = slotOf(f, g, 0, mask);
    while (firsts[i] !== 0) i = (i + 1) & mask;
    firsts[i] = f;
    seconds[i] = g;
    results[i] = r;
  }

  private grow(): void {
    const size = this.firsts.length * 2;
    const firsts = new Int32Array(size);
    const seconds = new Int32Array(size);
    const results = new Int32Array(size);
    for (let i = 0; i < this.firsts.length; i++) {
      const f = this.firsts[i]!;
      if (f !== 0) this.place(firsts, seconds, results, f, this.seconds[i]!, this.results[i]!);
    }
    this.firsts = firsts;
    this.seconds = seconds;
    this.results = results;
  }
}

export class BddManager {
  private readonly vars: number[] = [TERMINAL_LEVEL, TERMINAL_LEVEL];
  private readonly lows: number[] = [0, 1];
  private readonly highs: number[] = [0, 1];
  private readonly unique = new UniqueTable(this.vars, this.lows, this.highs);
  /** (smaller, larger) → their conjunction. */
  private readonly andCache = new PairCache();
  private readonly notCache = new Map<Bdd, Bdd>();

  constructor(readonly maxNodes: number) {
    if (!(maxNodes <= MAX_NODES)) throw new Error(`maxNodes is at most ${MAX_NODES}`);
  }

  /** Nodes created so far, the two terminals included. */
  get size(): number {
    return this.vars.length;
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
    const found = this.unique.find(variable, low, high);
    if (found !== 0) return found;
    if (this.vars.length >= this.maxNodes) throw new NodeBudgetExceeded(this.maxNodes);
    const id = this.vars.length;
    this.vars.push(variable);
    this.lows.push(low);
    this.highs.push(high);
    this.unique.add(id);
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
    const cached = this.notCache.get(f);
    if (cached !== undefined) return cached;
    const result = this.node(this.level(f), this.not(this.low(f)), this.not(this.high(f)));
    this.notCache.set(f, result);
    return result;
  }

  and(f: Bdd, g: Bdd): Bdd {
    if (f === FALSE || g === FALSE) return FALSE;
    if (f === TRUE) return g;
    if (g === TRUE || f === g) return f;
    const a = f < g ? f : g;
    const b = f < g ? g : f;
    const cached = this.andCache.get(a, b);
    if (cached !== -1) return cached;
    const levelA = this.vars[a]!;
    const levelB = this.vars[b]!;
    const level = levelA < levelB ? levelA : levelB;
    // The cofactors of a and b at `level`: a node not testing it is the same on both sides.
    const low = this.and(levelA === level ? this.lows[a]! : a, levelB === level ? this.lows[b]! : b);
    const high = this.and(levelA === level ? this.highs[a]! : a, levelB === level ? this.highs[b]! : b);
    const result = this.node(level, low, high);
    this.andCache.set(a, b, result);
    return result;
  }

  or(f: Bdd, g: Bdd): Bdd {
    return this.not(this.and(this.not(f), this.not(g)));
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

  /** f with one variable fixed (the cofactor). */
  restrict(f: Bdd, variable: number, value: boolean): Bdd {
    const memo = new Map<Bdd, Bdd>();
    const walk = (g: Bdd): Bdd => {
      if (g <= 1 || this.level(g) > variable) return g;
      const cached = memo.get(g);
      if (cached !== undefined) return cached;
      const result =
        this.level(g) === variable
          ? value
            ? this.high(g)
            : this.low(g)
          : this.node(this.level(g), walk(this.low(g)), walk(this.high(g)));
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
}
