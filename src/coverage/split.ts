/**
 * Splitting a set of changed requests by the edited constants that separate them (docs/coverage.md
 * "Kinds"). A constant c is irrelevant to a set G of requests when G is the requests of the
 * universe U (every real request: the space's constraint) that satisfy some condition not
 * mentioning c, which holds exactly when G = U ∧ ∃c.G (atoms are not independent: a constant
 * held implies a value present, so comparing the two cofactors of G would find every constant
 * relevant). The set is split by every assignment of the relevant constants that some request
 * of the set has. The split does not depend on the variable order, and a constant no decision in
 * the set depends on never multiplies the kinds.
 *
 * Requests of one call and requests of two or more are split apart: for one call the constants are
 * the call's own atoms, for a batch the bits "some call holds it"; each is fixed false in the
 * other part, so looking at both in one part would make every constant look relevant.
 */
import { FALSE, type Bdd, type BddManager, type Cube } from './bdd.js';
import type { AtomSpace } from './space.js';

export interface ConstantSplit {
  /** Whether the part holds lists of two calls or more. */
  readonly batch: boolean;
  /** The relevant edited-constant variables and their values. */
  readonly cube: Cube;
  readonly set: Bdd;
}

/** The edited-constant variables of one part: request fields, plus the call's or the batch's. */
function candidates(space: AtomSpace, batch: boolean): number[] {
  const callVariables = new Set([...space.calls.fields.values()].flatMap((f) => f.bits));
  const batchVariables = new Set(space.calls.bits.map((b) => b.variable));
  return [...space.editBits]
    .filter((v) => (batch ? !callVariables.has(v) : !batchVariables.has(v)))
    .sort((a, b) => a - b);
}

/** Every assignment of `variables` within `f`, each with f restricted to it. */
function* assignments(
  m: BddManager,
  f: Bdd,
  variables: readonly number[],
  i = 0,
  cube: ReadonlyMap<number, boolean> = new Map(),
): Generator<{ cube: Cube; set: Bdd }> {
  if (f === FALSE) return;
  if (i === variables.length) {
    yield { cube, set: f };
    return;
  }
  const v = variables[i]!;
  for (const value of [true, false]) {
    yield* assignments(m, m.restrict(f, v, value), variables, i + 1, new Map(cube).set(v, value));
  }
}

export function* splitByConstants(space: AtomSpace, set: Bdd): Generator<ConstantSplit> {
  const { m } = space;
  const many = m.variable(space.calls.many);
  for (const batch of [false, true]) {
    const part = m.and(set, batch ? many : m.not(many));
    if (part === FALSE) continue;
    const universe = m.and(space.constraint, batch ? many : m.not(many));
    const support = m.support(part);
    const relevant = candidates(space, batch).filter(
      (v) => support.has(v) && m.and(universe, m.exists(part, new Set([v]))) !== part,
    );
    for (const { cube } of assignments(m, part, relevant)) yield { batch, cube, set: m.and(part, m.cube(cube)) };
  }
}
