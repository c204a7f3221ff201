/**
 * The symbolic comparison of a policy pair (docs/coverage.md): the atoms, each side's decision
 * over them, and every kind of request the two decide differently, with a witness for each and a
 * way to place a concrete request in its kind. Pure: no I/O, no clock (the time horizon is given).
 */
import type { Decision, Policy } from '../policy/schema.js';
import { NodeBudgetExceeded, type Bdd } from './bdd.js';
import { assignmentOf } from './concrete.js';
import { sideModel, symbolicDecision, type SideModel } from './decision.js';
import type { CallPart } from './callModel.js';
import { enumerateKinds, kindOrder, type Kind, type KindLimits } from './kinds.js';
import {
  buildSpace,
  nonCanonicalNumbers,
  overlappingPaths,
  type AtomSpace,
  type CoverageOptions,
} from './space.js';
import { enumerateBatchKinds } from './batchKinds.js';
import { withRealisableBatches } from './batchSpace.js';
import { witnessOf, type WitnessRecord } from './witness.js';

export type CoverageMode = 'exact' | 'capped' | 'not_analysed';

/** Why kinds of one call may be listed without those of batches (capped). */
const BATCHES_NOT_ANALYSED = 'every kind of one call or none listed; lists of two calls or more not analysed';
const BATCHES_NOT_ALL_ANALYSED = 'every kind of one call or none listed; lists of two calls or more not all analysed';
const BATCHES_NOT_REACHED = 'lists of two calls or more not analysed';

export const DEFAULT_LIMITS: KindLimits = { maxKinds: 10_000, maxSearchSteps: 1_000_000 };

/** Each side's decision among the requests of one part (null: no such side). */
export interface Sides {
  base: SideModel | null;
  head: SideModel | null;
}

export interface CoverageAnalysis {
  mode: CoverageMode;
  options: CoverageOptions;
  /**
   * Null when not analysed, or when the budget ran out building the diagrams of one call. It has
   * the batch part (`space.batch`) when `batches` is true.
   */
  space: AtomSpace | null;
  /** The sides among requests of one call or none. */
  single: Sides | null;
  /** Whether lists of two calls or more were analysed (not when the budget ran out before them). */
  batches: boolean;
  kinds: Kind[];
  /**
   * The changed requests of each part analysed, every kind's within them; null when the
   * enumeration stopped before they were known. Placing a record tests them first (covered.ts).
   * Kept apart, never joined: a join would need nodes the budget may no longer have.
   */
  changed: readonly Bdd[] | null;
  /** Why the enumeration stopped early (`capped`). */
  capped: string | null;
  /** Why nothing was analysed (`not_analysed`). */
  notAnalysed: string[];
  /** Diagram nodes created. */
  nodes: number;
}

function notAnalysedReasons(base: Policy | null, head: Policy | null): string[] {
  const policies = [base, head].filter((p): p is Policy => p !== null);
  return [
    ...overlappingPaths(policies).map((path) => `overlapping paths: ${path} and a path below it`),
    ...nonCanonicalNumbers(policies).map(
      (value) => `a number not in its shortest form: ${value} (OPA compares a number by the text it is written in)`,
    ),
  ];
}

export function analyseCoverage(
  base: Policy | null,
  head: Policy | null,
  options: CoverageOptions,
  limits: KindLimits = DEFAULT_LIMITS,
): CoverageAnalysis {
  const empty = { options, space: null, single: null, batches: false, changed: null, kinds: [], capped: null, notAnalysed: [], nodes: 0 };
  const reasons = notAnalysedReasons(base, head);
  if (reasons.length > 0) return { ...empty, mode: 'not_analysed', notAnalysed: reasons };
  let space: AtomSpace;
  let single: Sides;
  try {
    space = buildSpace(base, head, options);
    single = sidesOf(space, base, head, 'single');
  } catch (error) {
    if (!(error instanceof NodeBudgetExceeded)) throw error;
    return { ...empty, mode: 'capped', capped: `${error.message}; ${BATCHES_NOT_REACHED}`, nodes: error.maxNodes };
  }
  const first = enumerateKinds(space, single.base, single.head, limits, 'single');
  const partial = { options, space, single, batches: false, changed: first.changed === null ? null : [first.changed], notAnalysed: [], nodes: space.m.size };
  if (first.mode === 'capped')
    return { ...partial, mode: 'capped', kinds: first.kinds, capped: `${first.capped}; ${BATCHES_NOT_REACHED}` };
  // The batches apart, under what the budget has left: they grow far faster with the rules than
  // one call, and when they do not fit, the kinds of one call are still every kind of one call.
  let batchSpace: AtomSpace;
  try {
    batchSpace = withRealisableBatches(space, base);
  } catch (error) {
    if (!(error instanceof NodeBudgetExceeded)) throw error;
    // A deleted policy decides nothing, so no batch of it changes: nothing is missing.
    if (head === null) return { ...partial, mode: 'exact', kinds: [], capped: null };
    const capped = `${BATCHES_NOT_ANALYSED}: ${error.message}`;
    return { ...partial, mode: 'capped', kinds: first.kinds, capped, nodes: error.maxNodes };
  }
  const second = enumerateBatchKinds(batchSpace, base, head, limits, first.kinds.length);
  return {
    mode: second.mode,
    options,
    space: batchSpace,
    single,
    batches: true,
    kinds: [...first.kinds, ...second.kinds].sort(kindOrder(base, head)),
    changed: first.changed === null || second.changed === null ? null : [first.changed, second.changed],
    capped: second.capped === null ? null : `${BATCHES_NOT_ALL_ANALYSED}: ${second.capped}`,
    notAnalysed: [],
    nodes: batchSpace.m.size,
  };
}

function sidesOf(space: AtomSpace, base: Policy | null, head: Policy | null, part: CallPart): Sides {
  return {
    base: base === null ? null : sideModel(space, base, part),
    head: head === null ? null : sideModel(space, head, part),
  };
}

/**
 * The sides over lists of two calls or more, every bit read as it is: built when first asked for,
 * as the kinds are enumerated profile by profile without them (batchKinds.ts).
 */
const batchSides = new WeakMap<CoverageAnalysis, Sides>();

/** Both sides' decisions of a concrete input, computed from its atoms alone. */
export function symbolicDecisions(
  analysis: CoverageAnalysis,
  input: unknown,
): { base: Decision | null; head: Decision | null } {
  const space = analysis.space;
  if (space === null) throw new Error('symbolicDecisions: nothing was analysed');
  const a = assignmentOf(space, input);
  const value = (v: number): boolean => a.get(v) ?? false;
  let sides = analysis.single;
  if (value(space.calls.many)) {
    if (!analysis.batches) throw new Error('symbolicDecisions: lists of two calls or more were not analysed');
    const policies = { base: sides?.base?.policy ?? null, head: sides?.head?.policy ?? null };
    sides = batchSides.get(analysis) ?? sidesOf(space, policies.base, policies.head, 'batch');
    batchSides.set(analysis, sides);
  }
  if (sides === null) throw new Error('symbolicDecisions: nothing was analysed');
  return {
    base: sides.base === null ? null : symbolicDecision(space, sides.base, value),
    head: sides.head === null ? null : symbolicDecision(space, sides.head, value),
  };
}

/**
 * The kinds a concrete input falls in: one for a changed request of the space, none for an
 * unchanged one or one outside the space's shape (the tests hold that it is never more).
 */
export function kindsHolding(analysis: CoverageAnalysis, input: unknown): Kind[] {
  const space = analysis.space;
  if (space === null) return [];
  const a = assignmentOf(space, input);
  const value = (v: number): boolean => a.get(v) ?? false;
  return analysis.kinds.filter((k) => space.m.evaluate(k.set, value));
}

/** The kind a concrete input falls in, or null (not changed, or outside the space's shape). */
export function kindOf(analysis: CoverageAnalysis, input: unknown): Kind | null {
  return kindsHolding(analysis, input)[0] ?? null;
}

/** The witness of each kind, in kind order (`witness-001` for the first). */
export function witnesses(analysis: CoverageAnalysis): WitnessRecord[] {
  const space = analysis.space;
  if (space === null) return [];
  return analysis.kinds.map((kind, i) => witnessOf(space, kind, i + 1));
}
