/**
 * Every kind of request the two sides decide differently (docs/coverage.md "Kinds").
 *
 * The changed requests of one direction are a BDD over the request atoms (the base's decision
 * against the head's, under the space's constraint). It is split by what each side's decision
 * rested on (basis.ts), then into single requests and batches, and by the edited constants that
 * matter (split.ts). A kind is kept only when some request
 * realises it, call list included (points.ts). So the kinds partition exactly the realisable
 * changed requests of the space.
 *
 * Bounded: past `maxNodes` diagram nodes, `maxKinds` kinds or `maxSearchSteps` for one kind,
 * enumeration stops and the result says `capped` with the kinds found so far.
 */
import { NodeBudgetExceeded, TRUE, type Bdd } from './bdd.js';
import type { Policy } from '../policy/schema.js';
import { bases, compareBases, type Basis } from './basis.js';
import type { CallPart } from './callModel.js';
import type { SideModel } from './decision.js';
import { bitOf } from './fieldAtoms.js';
import { PointSearch, SearchBudgetExceeded, type Point } from './points.js';
import { partUniverse, type AtomSpace } from './space.js';
import { constantSplitter, type ConstantSplit } from './split.js';

export type Direction = 'newly_allowed' | 'newly_denied';

/**
 * An edited constant a kind tests: a request field holds it (`request`), the request's one call
 * does (`call`), or some call of a list of two or more does (`batch`).
 */
export interface KindConstant {
  readonly field: string;
  readonly value: string;
  readonly scope: 'request' | 'call' | 'batch';
  readonly holds: boolean;
}

export interface Kind {
  readonly key: string;
  readonly direction: Direction;
  readonly base: Basis;
  readonly head: Basis;
  /** Requests of two calls or more (otherwise one call or none). */
  readonly batch: boolean;
  /** The edited constants that separate this kind from the others of the same bases. */
  readonly constants: readonly KindConstant[];
  /** The kind's requests, within its part's universe (space.ts `partUniverse`). */
  readonly set: Bdd;
  /** One request of the kind: a path of its set and the calls that realise its call bits. */
  readonly point: Point;
}

export interface KindLimits {
  maxKinds: number;
  /** Node visits searching for a realisable request of one kind (points.ts). */
  maxSearchSteps: number;
}

export interface Enumeration {
  mode: 'exact' | 'capped';
  /** Why it is capped. */
  capped: string | null;
  kinds: Kind[];
}

class Capped extends Error {}

/** What each edited-constant variable stands for. */
function constantLabels(space: AtomSpace): Map<number, Omit<KindConstant, 'holds'>> {
  const labels = new Map<number, Omit<KindConstant, 'holds'>>();
  for (const atoms of space.fields)
    for (const value of atoms.edited) labels.set(bitOf(atoms, value)!, { field: atoms.field, value, scope: 'request' });
  for (const atoms of space.calls.fields.values()) {
    for (const value of atoms.edited) {
      const own = bitOf(atoms, value)!;
      labels.set(own, { field: atoms.field, value, scope: 'call' });
      const some = space.calls.bitFor('exists', space.m.variable(own));
      labels.set(some.variable, { field: atoms.field, value, scope: 'batch' });
    }
  }
  return labels;
}

function basisText(b: Basis): string {
  return b.rules.length > 0 ? `${b.by}(${b.rules.join(',')})` : b.by;
}

function constantText(c: KindConstant): string {
  const what = `${c.field}=${c.value}`;
  if (c.scope === 'request') return c.holds ? what : `not ${what}`;
  return c.holds ? `call ${what}` : `no call ${what}`;
}

export function kindKey(
  direction: Direction,
  base: Basis,
  head: Basis,
  batch: boolean,
  constants: readonly KindConstant[],
): string {
  const parts = [direction, `base ${basisText(base)}`, `head ${basisText(head)}`];
  if (batch) parts.push('batch');
  if (constants.length > 0) parts.push(constants.map(constantText).join(', '));
  return parts.join(' | ');
}

/** The order `enumerateKinds` finds kinds in, for merging those found in the two parts. */
export function kindOrder(base: Policy | null, head: Policy | null): (a: Kind, b: Kind) => number {
  const directions: Direction[] = ['newly_allowed', 'newly_denied'];
  return (a, b) =>
    directions.indexOf(a.direction) - directions.indexOf(b.direction) ||
    compareBases(base, a.base, b.base) ||
    compareBases(head, a.head, b.head) ||
    Number(a.batch) - Number(b.batch);
}

/** The changed requests of each direction within one part's universe. */
function changed(space: AtomSpace, base: SideModel | null, head: SideModel, universe: Bdd): Record<Direction, Bdd> {
  const { m } = space;
  const baseAllow = base === null ? null : base.allow;
  return {
    newly_allowed: m.andAll([universe, head.allow, baseAllow === null ? TRUE : m.not(baseAllow)]),
    newly_denied: m.andAll([universe, m.not(head.allow), baseAllow === null ? TRUE : baseAllow]),
  };
}

/**
 * The kinds of one part (the sides' models are that part's), `before` kinds having been found in
 * the other: `maxKinds` bounds both together.
 */
export function enumerateKinds(
  space: AtomSpace,
  base: SideModel | null,
  head: SideModel | null,
  limits: KindLimits,
  part: CallPart,
  before = 0,
): Enumeration {
  const kinds: Kind[] = [];
  if (head === null) return { mode: 'exact', capped: null, kinds };
  const { m } = space;
  const labels = constantLabels(space);
  const search = new PointSearch(space, limits.maxSearchSteps);
  let splitParts: (set: Bdd) => Iterable<ConstantSplit> = () => [];
  const add = (direction: Direction, b: Basis, h: Basis, set: Bdd): void => {
    for (const split of splitParts(set)) {
      const point = search.find(split.set);
      if (point === null) continue;
      if (before + kinds.length >= limits.maxKinds) throw new Capped(`more than ${limits.maxKinds} kinds`);
      // The request's constants first, then the calls': the key reads from the caller to the call.
      const constants = [...split.cube]
        .map(([v, holds]) => ({ ...labels.get(v)!, holds, v }))
        .sort((x, y) => Number(x.scope !== 'request') - Number(y.scope !== 'request') || x.v - y.v)
        .map(({ v: _, ...constant }) => constant);
      const key = kindKey(direction, b, h, split.batch, constants);
      kinds.push({ key, direction, base: b, head: h, batch: split.batch, constants, set: split.set, point });
    }
  };
  try {
    const universe = partUniverse(space, part);
    splitParts = constantSplitter(space, part, universe);
    const sets = changed(space, base, head, universe);
    // Each side's bases are sets within the one they split, so the last is the kind's requests.
    for (const direction of ['newly_allowed', 'newly_denied'] as const)
      for (const b of bases(m, base, sets[direction]))
        for (const h of bases(m, head, b.set)) add(direction, b.basis, h.basis, h.set);
  } catch (error) {
    if (error instanceof NodeBudgetExceeded) return { mode: 'capped', capped: error.message, kinds };
    if (error instanceof Capped || error instanceof SearchBudgetExceeded)
      return { mode: 'capped', capped: error.message, kinds };
    throw error;
  }
  return { mode: 'exact', capped: null, kinds };
}
