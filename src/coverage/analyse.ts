/**
 * The symbolic comparison of a policy pair (docs/coverage.md): the atoms, each side's decision
 * over them, and every kind of request the two decide differently, with a witness for each and a
 * way to place a concrete request in its kind. Pure: no I/O, no clock (the time horizon is given).
 */
import type { Decision, Policy } from '../policy/schema.js';
import { NodeBudgetExceeded } from './bdd.js';
import { assignmentOf } from './concrete.js';
import { sideModel, symbolicDecision, type SideModel } from './decision.js';
import { enumerateKinds, type Kind, type KindLimits } from './kinds.js';
import {
  buildSpace,
  nonCanonicalNumbers,
  overlappingPaths,
  type AtomSpace,
  type CoverageOptions,
} from './space.js';
import { witnessOf, type WitnessRecord } from './witness.js';

export type CoverageMode = 'exact' | 'capped' | 'not_analysed';

export const DEFAULT_LIMITS: KindLimits = { maxKinds: 10_000, maxSearchSteps: 1_000_000 };

export interface CoverageAnalysis {
  mode: CoverageMode;
  options: CoverageOptions;
  /** Null when not analysed, or when the budget ran out building the diagrams. */
  space: AtomSpace | null;
  base: SideModel | null;
  head: SideModel | null;
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
  const empty = { options, space: null, base: null, head: null, kinds: [], capped: null, notAnalysed: [], nodes: 0 };
  const reasons = notAnalysedReasons(base, head);
  if (reasons.length > 0) return { ...empty, mode: 'not_analysed', notAnalysed: reasons };
  let space: AtomSpace;
  let sides: { base: SideModel | null; head: SideModel | null };
  try {
    space = buildSpace(base, head, options);
    sides = {
      base: base === null ? null : sideModel(space, base),
      head: head === null ? null : sideModel(space, head),
    };
  } catch (error) {
    if (!(error instanceof NodeBudgetExceeded)) throw error;
    return { ...empty, mode: 'capped', capped: error.message, nodes: error.maxNodes };
  }
  const result = enumerateKinds(space, sides.base, sides.head, limits);
  return {
    mode: result.mode,
    options,
    space,
    ...sides,
    kinds: result.kinds,
    capped: result.capped,
    notAnalysed: [],
    nodes: space.m.size,
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
  return {
    base: analysis.base === null ? null : symbolicDecision(space, analysis.base, value),
    head: analysis.head === null ? null : symbolicDecision(space, analysis.head, value),
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
