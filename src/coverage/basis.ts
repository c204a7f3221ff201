/**
 * What one side's decision rested on (docs/coverage.md "Kinds"), as a partition of the requests:
 *
 * - `missing_context`: step 1 denied (`on_missing_context: deny`); the rules lacking context;
 * - `deny_rules`: step 2 denied; the deny rules that matched;
 * - `default`: step 3 allowed (`default_effect: allow`), or step 4 found no allow rule;
 * - `allow_rules`: step 4 allowed; the allow rules that matched;
 * - `no_policy`: the side does not exist (a new policy's base).
 *
 * Each basis is a BDD; the rule sets are enumerated by splitting on each rule in document order,
 * keeping only branches that meet `within`, so no empty basis is produced and the sets partition
 * `within`.
 */
import { FALSE, type Bdd, type BddManager } from './bdd.js';
import type { Policy } from '../policy/schema.js';
import type { RuleModel, SideModel } from './decision.js';

export type BasisBy = 'missing_context' | 'deny_rules' | 'default' | 'allow_rules' | 'no_policy';

export interface Basis {
  readonly by: BasisBy;
  /** The rule ids of the basis, in document order (empty for `default` and `no_policy`). */
  readonly rules: readonly string[];
}

export interface BasisSet {
  readonly basis: Basis;
  readonly set: Bdd;
}

/** Every subset of `rules` whose `pick` holds together with `start`, within `within`. */
function* subsets(
  m: BddManager,
  by: BasisBy,
  rules: readonly RuleModel[],
  pick: (r: RuleModel) => Bdd,
  start: Bdd,
  within: Bdd,
): Generator<BasisSet> {
  // Walked within `within` from the start: the conjunction of a path's rule tests alone, outside
  // the set being split, is what grew (a 200-rule pair's single calls: 12.8 million nodes
  // against 2.9 million within).
  // A rule that holds nowhere in the set holds on no path of it: one conjunction each rules it
  // out of every path (most of a 200-rule side, for a batch's set).
  const top = m.and(start, within);
  const live = rules.filter((r) => m.and(top, pick(r)) !== FALSE);
  const walk = function* (i: number, current: Bdd, ids: string[]): Generator<BasisSet> {
    if (current === FALSE) return;
    if (i === live.length) {
      yield { basis: { by, rules: ids }, set: current };
      return;
    }
    const rule = live[i]!;
    const test = pick(rule);
    const holds = m.and(current, test);
    // Where the rule holds nowhere or everywhere in the set, one branch is the set itself.
    if (holds !== FALSE) yield* walk(i + 1, holds, [...ids, rule.rule.id]);
    if (holds !== current) yield* walk(i + 1, holds === FALSE ? current : m.and(current, m.not(test)), ids);
  };
  yield* walk(0, top, []);
}

interface Steps {
  /** Step 2 denies. */
  readonly denied: Bdd;
  /** Neither step 1 nor step 2 denies. */
  readonly undenied: Bdd;
  /** Step 4 allows. */
  readonly allowed: Bdd;
  /** Step 4 finds no allow rule. */
  readonly fallthrough: Bdd;
}

/**
 * Each side's steps, once: `bases` splits many sets by them (the head's for every basis of the
 * base), and a side's diagrams are far larger than the sets, so recomputing them per set, when
 * the lossy cache has dropped them, cost seconds on 200-rule pairs.
 */
const stepsOf = new WeakMap<SideModel, Steps>();

function steps(m: BddManager, side: SideModel): Steps {
  let found = stepsOf.get(side);
  if (found === undefined) {
    const afterContext = m.not(side.missingContextDenies);
    const undenied = m.and(afterContext, m.not(side.denyMatched));
    found = {
      denied: m.and(afterContext, side.denyMatched),
      undenied,
      allowed: m.and(undenied, side.allowMatched),
      fallthrough: m.and(undenied, m.not(side.allowMatched)),
    };
    stepsOf.set(side, found);
  }
  return found;
}

export function* bases(m: BddManager, side: SideModel | null, within: Bdd): Generator<BasisSet> {
  if (side === null) {
    yield { basis: { by: 'no_policy', rules: [] }, set: within };
    return;
  }
  const denies = side.rules.filter((r) => r.rule.effect === 'deny');
  const allows = side.rules.filter((r) => r.rule.effect === 'allow');
  const step = steps(m, side);
  yield* subsets(m, 'missing_context', side.rules, (r) => r.lacks, side.missingContextDenies, within);
  yield* subsets(m, 'deny_rules', denies, (r) => r.matched, step.denied, within);
  if (side.policy.default_effect === 'allow') {
    const set = m.and(step.undenied, within);
    if (set !== FALSE) yield { basis: { by: 'default', rules: [] }, set };
    return;
  }
  yield* subsets(m, 'allow_rules', allows, (r) => r.matched, step.allowed, within);
  const fallthrough = m.and(step.fallthrough, within);
  if (fallthrough !== FALSE) yield { basis: { by: 'default', rules: [] }, set: fallthrough };
}

/** Where `bases` yields a basis of this kind for `policy`. */
function rank(policy: Policy, by: BasisBy): number {
  if (by === 'default') return policy.default_effect === 'allow' ? 2 : 4;
  return { no_policy: 0, missing_context: 0, deny_rules: 1, allow_rules: 3 }[by];
}

/**
 * The order `bases` yields two bases of one side in (negative: `a` first): by kind, then as the
 * walk over the rules meets them, a set holding a rule before one without it. Kinds found apart
 * (one call, then batches) are merged into it.
 */
export function compareBases(policy: Policy | null, a: Basis, b: Basis): number {
  if (policy === null || a.by !== b.by) return policy === null ? 0 : rank(policy, a.by) - rank(policy, b.by);
  const inA = new Set(a.rules);
  const inB = new Set(b.rules);
  for (const rule of policy.rules) {
    const holds = inA.has(rule.id);
    if (holds !== inB.has(rule.id)) return holds ? -1 : 1;
  }
  return 0;
}

/** The basis of a concrete decision's side, from the rule outcomes (for placing a request). */
export function basisOfOutcome(
  side: SideModel | null,
  holds: (f: Bdd) => boolean,
): Basis {
  if (side === null) return { by: 'no_policy', rules: [] };
  const ids = (rules: readonly RuleModel[], f: (r: RuleModel) => Bdd): string[] =>
    rules.filter((r) => holds(f(r))).map((r) => r.rule.id);
  if (holds(side.missingContextDenies)) return { by: 'missing_context', rules: ids(side.rules, (r) => r.lacks) };
  const denies = side.rules.filter((r) => r.rule.effect === 'deny');
  if (holds(side.denyMatched)) return { by: 'deny_rules', rules: ids(denies, (r) => r.matched) };
  if (side.policy.default_effect === 'allow') return { by: 'default', rules: [] };
  const allows = side.rules.filter((r) => r.rule.effect === 'allow');
  if (holds(side.allowMatched)) return { by: 'allow_rules', rules: ids(allows, (r) => r.matched) };
  return { by: 'default', rules: [] };
}
