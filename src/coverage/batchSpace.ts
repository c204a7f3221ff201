/**
 * The batch part's space (docs/coverage.md "Calls"): the profiles of lists of two calls or more
 * (batchProfiles.ts) and the universe they give, built apart from the space because only the
 * batches need them and they may not fit the budget (analyse.ts). Throws NodeBudgetExceeded.
 */
import type { Policy } from '../policy/schema.js';
import { FALSE, type Bdd } from './bdd.js';
import { BatchProfiles } from './batchProfiles.js';
import { ruleApplies } from './decision.js';
import { allRules, type AtomSpace } from './space.js';

export function withRealisableBatches(space: AtomSpace, base: Policy | null): AtomSpace {
  const { m, calls } = space;
  const applies = new Map<number, Bdd>();
  // A quieted bit's rules are in both versions alike: the base's copy of each is enough.
  for (const rule of base === null ? [] : allRules(base, null)) {
    const bit = space.ruleCallBit.get(rule);
    if (bit === undefined || !calls.quieted.has(bit.variable)) continue;
    applies.set(bit.variable, m.or(applies.get(bit.variable) ?? FALSE, ruleApplies(space, rule)));
  }
  const profiles = new BatchProfiles(m, calls, applies);
  const universe = m.andAll([space.constraint, m.variable(calls.many), m.variable(calls.quiet), profiles.realisable]);
  return { ...space, batch: { profiles, universe } };
}
