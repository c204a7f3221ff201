/**
 * Finding a request in a set of requests (a BDD over the request atoms) whose quantified call bits
 * some list of calls realises, and building that list (batchProfiles.ts `realise`). The batch
 * part's universe holds only the profiles lists realise, so the first path normally succeeds: the
 * search is the guard that makes a wrong universe an empty kind rather than a false witness (and
 * the tests would then miss a kind). The set's paths are searched depth first, a branch that leads
 * nowhere never tried. A node from which no realisable path leads is remembered while no bit is
 * fixed above it (the bits come before the request's other atoms, so below them the answer
 * depends on the bits fixed). The search is bounded by `maxSteps` node visits; past it
 * `SearchBudgetExceeded` is thrown (the enumeration then says `capped`).
 */
import { FALSE, TRUE, type Bdd, type Cube } from './bdd.js';
import type { AtomSpace } from './space.js';

export interface Point {
  /** A path of the set: the atoms it fixes. */
  readonly cube: Cube;
  /** A list of two calls or more realising the path's quantified bits; [] when it needs none. */
  readonly calls: readonly Cube[];
}

export class SearchBudgetExceeded extends Error {
  constructor(readonly maxSteps: number) {
    super(`more than ${maxSteps} steps searching for a realisable request of one kind`);
  }
}

export class PointSearch {
  private readonly failed = new Set<Bdd>();
  private readonly callVariables: Set<number>;
  private steps = 0;

  constructor(
    private readonly space: AtomSpace,
    private readonly maxSteps: number,
  ) {
    this.callVariables = new Set([space.calls.many, ...space.calls.bits.map((b) => b.variable)]);
  }

  /** A realisable point of `set`, or null when none is. */
  find(set: Bdd): Point | null {
    this.steps = 0;
    return this.walk(set, new Map(), false);
  }

  private walk(node: Bdd, cube: Map<number, boolean>, callFixed: boolean): Point | null {
    if (node === FALSE) return null;
    if (++this.steps > this.maxSteps) throw new SearchBudgetExceeded(this.maxSteps);
    if (node === TRUE) return this.point(cube);
    if (!callFixed && this.failed.has(node)) return null;
    const m = this.space.m;
    const variable = m.level(node);
    const isCall = this.callVariables.has(variable);
    for (const value of [true, false]) {
      const child = value ? m.high(node) : m.low(node);
      // An empty branch needs no calls built to be ruled out (a batch's set meets its bits first,
      // many of them with one empty branch).
      if (child === FALSE) continue;
      cube.set(variable, value);
      const found = this.walk(child, cube, callFixed || isCall);
      cube.delete(variable);
      if (found !== null) return found;
    }
    if (!callFixed) this.failed.add(node);
    return null;
  }

  /** The point of a path: one call or none is in the path itself, a batch needs its list. */
  private point(cube: Map<number, boolean>): Point | null {
    if (cube.get(this.space.calls.many) !== true) return { cube: new Map(cube), calls: [] };
    const list = this.space.batch?.profiles.realise(cube) ?? null;
    return list === null ? null : { cube: new Map([...cube, ...list.fixed]), calls: list.calls };
  }
}
