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
/** Node ids stay below 2^26 (MAX_NODES), so two of them pack exactly into one number key. */
const PAIR = 2 ** 26;
export const MAX_NODES = PAIR;

export class BddManager {
  private readonly vars: number[] = [TERMINAL_LEVEL, TERMINAL_LEVEL];
  private readonly lows: number[] = [0, 1];
  private readonly highs: number[] = [0, 1];
  /** Per variable: (low · 2^26 + high) → node. */
  private readonly unique = new Map<number, Map<number, Bdd>>();
  /** (smaller · 2^26 + larger) → their conjunction. */
  private readonly andCache = new Map<number, Bdd>();
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
    let table = this.unique.get(variable);
    if (table === undefined) {
      table = new Map();
      this.unique.set(variable, table);
    }
    const key = low * PAIR + high;
    const found = table.get(key);
    if (found !== undefined) return found;
    if (this.vars.length >= this.maxNodes) throw new NodeBudgetExceeded(this.maxNodes);
    const id = this.vars.length;
    this.vars.push(variable);
    this.lows.push(low);
    this.highs.push(high);
    table.set(key, id);
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
    const [a, b] = f < g ? [f, g] : [g, f];
    const key = a * PAIR + b;
    const cached = this.andCache.get(key);
    if (cached !== undefined) return cached;
    const level = Math.min(this.level(a), this.level(b));
    const [a0, a1] = this.cofactors(a, level);
    const [b0, b1] = this.cofactors(b, level);
    const result = this.node(level, this.and(a0, b0), this.and(a1, b1));
    this.andCache.set(key, result);
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

  private cofactors(f: Bdd, level: number): [Bdd, Bdd] {
    return this.level(f) === level ? [this.low(f), this.high(f)] : [f, f];
  }
}
