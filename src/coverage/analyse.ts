/**
 * The symbolic comparison of a policy pair (docs/coverage.md): the atoms, each side's decision
 * over them, and every kind of request the two decide differently, with a witness for each and a
 * way to place a concrete request in its kind. Pure: no I/O, no clock (the time horizon is given).
 */
import type { Decision, Policy } from '../policy/schema.js';
import { NodeBudgetExceeded } from './bdd.js';
import { assignmentOf } from './concrete.js';
import { sideModel, symbolicDecision, type SideModel } from './decision.js';
import type { CallPart } from './callModel.js';
import { enumerateKinds, kindOrder, type Kind, type KindLimits } from './kinds.js';
import {
  buildSpace,
  nonCanonicalNumbers,
  overlappingPaths,
  type AtomSpace,
  withRealisableBatches,
  type CoverageOptions,
} from './space.js';
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
   * Null when not analysed, or when the budget ran out building the diagrams of one call. Its
   * constraint holds only realisable batches when `batch` is not null.
   */
  space: AtomSpace | null;
  /** The sides among requests of one call or none. */
  single: Sides | null;
  /** The sides among lists of two calls or more; null when the budget ran out before them. */
  batch: Sides | null;
  kinds: Kind[];
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
  const empty = { options, space: null, single: null, batch: null, kinds: [], capped: null, notAnalysed: [], nodes: 0 };
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
  const partial = { options, space, single, batch: null, notAnalysed: [], nodes: space.m.size };
  if (first.mode === 'capped')
    return { ...partial, mode: 'capped', kinds: first.kinds, capped: `${first.capped}; ${BATCHES_NOT_REACHED}` };
  // The batches apart, under what the budget has left: their realisability and their decisions
  // over the quantified bits grow far faster with the rules than one call's, and when they do not
  // fit, the kinds of one call are still every kind of one call.
  let batchSpace: AtomSpace;
  let batch: Sides;
  try {
    batchSpace = withRealisableBatches(space);
    batch = sidesOf(batchSpace, base, head, 'batch');
  } catch (error) {
    if (!(error instanceof NodeBudgetExceeded)) throw error;
    // A deleted policy decides nothing, so no batch of it changes: nothing is missing.
    if (head === null) return { ...partial, mode: 'exact', kinds: [], capped: null };
    const capped = `${BATCHES_NOT_ANALYSED}: ${error.message}`;
    return { ...partial, mode: 'capped', kinds: first.kinds, capped, nodes: error.maxNodes };
  }
  const second = enumerateKinds(batchSpace, batch.base, batch.head, limits, 'batch', first.kinds.length);
  return {
    mode: second.mode,
    options,
    space: batchSpace,
    single,
    batch,
    kinds: [...first.kinds, ...second.kinds].sort(kindOrder(base, head)),
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

/** Both sides' decisions of a concrete input, computed from its atoms alone. */
export function symbolicDecisions(
  analysis: CoverageAnalysis,
  input: unknown,
): { base: Decision | null; head: Decision | null } {
  const space = analysis.space;
  if (space === null) throw new Error('symbolicDecisions: nothing was analysed');
  const a = assignmentOf(space, input);
  const value = (v: number): boolean => a.get(v) ?? false;
  const sides = value(space.calls.many) ? analysis.batch : analysis.single;
  if (sides === null) throw new Error('symbolicDecisions: lists of two calls or more were not analysed');
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
