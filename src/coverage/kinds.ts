/**
 * Every kind of request the two sides decide differently (docs/coverage.md "Kinds").
 *
 * The changed requests of one direction are a BDD over the request atoms (the base's decision
 * against the head's, within one part's universe: requests of one call or none here, lists of two
 * calls or more in batchKinds.ts). It is split by what each side's decision rested on (basis.ts)
 * and by the edited constants that matter (split.ts). A kind is kept only when some request
 * realises it, call list included (points.ts). So the kinds partition exactly the realisable
 * changed requests of the space.
 *
 * Bounded: past `maxNodes` diagram nodes, `maxKinds` kinds or `maxSearchSteps` for one kind,
 * enumeration stops and the result says `capped` with the kinds found so far.
 */
import { FALSE, NodeBudgetExceeded, TRUE, type Bdd } from './bdd.js';
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
  /**
   * The changed requests of the part, every kind's within them (null when the enumeration stopped
   * before they were known): one test rules most records out before the kinds are tried.
   */
  changed: Bdd | null;
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

type Ordered = Pick<Kind, 'direction' | 'base' | 'head' | 'batch'>;

/** The order `enumerateKinds` finds kinds in, for merging those found in the two parts. */
export function kindOrder(base: Policy | null, head: Policy | null): (a: Ordered, b: Ordered) => number {
  const directions: Direction[] = ['newly_allowed', 'newly_denied'];
  return (a, b) =>
    directions.indexOf(a.direction) - directions.indexOf(b.direction) ||
    compareBases(base, a.base, b.base) ||
    compareBases(head, a.head, b.head) ||
    Number(a.batch) - Number(b.batch);
}

/** The changed requests of each direction within `universe`. */
export function changed(space: AtomSpace, base: SideModel | null, head: SideModel, universe: Bdd): Record<Direction, Bdd> {
  const { m } = space;
  const baseAllow = base === null ? null : base.allow;
  return {
    newly_allowed: m.andAll([universe, head.allow, baseAllow === null ? TRUE : m.not(baseAllow)]),
    newly_denied: m.andAll([universe, m.not(head.allow), baseAllow === null ? TRUE : baseAllow]),
  };
}

/**
 * Turns the changed requests of one direction and pair of bases into kinds: split by the edited
 * constants (split.ts), each kept when some request realises it (points.ts). `before` kinds
 * having been found in the other part, `maxKinds` bounds both together.
 */
export class KindCollector {
  readonly kinds: Kind[] = [];
  /** Set by the enumeration once known (`Enumeration.changed`). */
  changed: Bdd | null = null;
  private readonly labels: Map<number, Omit<KindConstant, 'holds'>>;
  private readonly search: PointSearch;
  private readonly split: (set: Bdd) => Iterable<ConstantSplit>;

  constructor(
    space: AtomSpace,
    part: CallPart,
    private readonly limits: KindLimits,
    private readonly before: number,
  ) {
    this.labels = constantLabels(space);
    this.search = new PointSearch(space, limits.maxSearchSteps);
    this.split = constantSplitter(space, part, partUniverse(space, part));
  }

  add(direction: Direction, b: Basis, h: Basis, set: Bdd): void {
    const { kinds, limits } = this;
    for (const split of this.split(set)) {
      const point = this.search.find(split.set);
      if (point === null) continue;
      if (this.before + kinds.length >= limits.maxKinds) throw new Capped(`more than ${limits.maxKinds} kinds`);
      // The request's constants first, then the calls': the key reads from the caller to the call.
      const constants = [...split.cube]
        .map(([v, holds]) => ({ ...this.labels.get(v)!, holds, v }))
        .sort((x, y) => Number(x.scope !== 'request') - Number(y.scope !== 'request') || x.v - y.v)
        .map(({ v: _, ...constant }) => constant);
      const key = kindKey(direction, b, h, split.batch, constants);
      kinds.push({ key, direction, base: b, head: h, batch: split.batch, constants, set: split.set, point });
    }
  }
}

/** Runs an enumeration into `collector`: `capped` with the kinds so far when a limit is met. */
export function collectKinds(collector: () => KindCollector, run: (into: KindCollector) => void): Enumeration {
  let into: KindCollector | null = null;
  try {
    into = collector();
    run(into);
  } catch (error) {
    const capped =
      error instanceof NodeBudgetExceeded || error instanceof Capped || error instanceof SearchBudgetExceeded;
    if (!capped) throw error;
    return { mode: 'capped', capped: (error as Error).message, kinds: into?.kinds ?? [], changed: into?.changed ?? null };
  }
  return { mode: 'exact', capped: null, kinds: into.kinds, changed: into.changed };
}

/**
 * The kinds of one part from the sides' models of that part, `before` kinds having been found in
 * the other.
 */
export function enumerateKinds(
  space: AtomSpace,
  base: SideModel | null,
  head: SideModel | null,
  limits: KindLimits,
  part: CallPart,
  before = 0,
): Enumeration {
  if (head === null) return { mode: 'exact', capped: null, kinds: [], changed: FALSE };
  const { m } = space;
  return collectKinds(
    () => new KindCollector(space, part, limits, before),
    (into) => {
      const sets = changed(space, base, head, partUniverse(space, part));
      into.changed = m.or(sets.newly_allowed, sets.newly_denied);
      // Each side's bases are sets within the one they split, so the last is the kind's requests.
      for (const direction of ['newly_allowed', 'newly_denied'] as const)
        for (const b of bases(m, base, sets[direction]))
          for (const h of bases(m, head, b.set)) into.add(direction, b.basis, h.basis, h.set);
    },
  );
}
