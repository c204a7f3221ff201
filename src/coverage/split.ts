/**
 * Splitting a set of changed requests by the edited constants that separate them (docs/coverage.md
 * "Kinds"). A constant c is irrelevant to a set G of requests when G is the requests of the
 * universe U (every real request: the space's constraint) that satisfy some condition not
 * mentioning c, which holds exactly when G = U ∧ ∃c.G (atoms are not independent: a constant
 * held implies a value present, so comparing the two cofactors of G would find every constant
 * relevant). The set is projected onto its relevant constants, and each path of that projection
 * (a cube testing only the constants that matter once the ones above it on the path are fixed)
 * is one part: the parts are disjoint and cover the set, a constant no decision in the set
 * depends on never multiplies them, and a decision tree's worth of parts is usually far fewer
 * than every combination of the relevant constants.
 *
 * Each part (one call or none; two calls or more) is split on its own (its sets are enumerated
 * apart, analyse.ts): for one call the constants are the call's own atoms, for a batch the bits
 * "some call holds it"; each is fixed false in the other part, so looking at both in one part
 * would make every constant look relevant.
 */
import { FALSE, type Bdd, type Cube } from './bdd.js';
import type { CallPart } from './callModel.js';
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

/**
 * The splitter of one part's sets (each within `universe`, the part's real requests: space.ts
 * `partUniverse`), its candidate constants found once for every set it splits.
 */
export function constantSplitter(
  space: AtomSpace,
  part: CallPart,
  universe: Bdd,
): (set: Bdd) => Generator<ConstantSplit> {
  const { m } = space;
  const batch = part === 'batch';
  const constants = candidates(space, batch);
  return function* (set) {
    if (set === FALSE) return;
    const support = m.support(set);
    const keep = new Set(constants.filter((v) => support.has(v) && m.dependsWithin(universe, set, v)));
    const projected = m.exists(set, new Set([...support].filter((v) => !keep.has(v))));
    for (const cube of m.paths(projected)) yield { batch, cube, set: m.and(set, m.cube(cube)) };
  };
}
