/**
 * One side's decision as a function of the atoms (docs/coverage.md "Decision"), written from
 * docs/policy.md "How a policy decides" like src/engine/reference.ts, whose decisions it must equal
 * on every concrete request of the analysed space (under `any` every request; under `mcp` those of
 * the gateway's shape, the others sending the run to `any`; the conformance suite checks it): a rule lacks context from what it
 * reads and the three flags; it matches when it does not lack context, its request conditions
 * hold, its calls hold (some call for deny, a non-empty list of only matching calls for allow:
 * callModel.ts) and its window atom holds; then the four steps of the decision.
 */
import type { Decision, Policy, Rule } from '../policy/schema.js';
import { classifyField, isCallerField, isDirectoryField } from '../policy/fields.js';
import { FALSE, TRUE, type Bdd } from './bdd.js';
import type { CallPart } from './callModel.js';
import { conditionBdd } from './fieldAtoms.js';
import { windowVariable, type AtomSpace } from './space.js';

export interface RuleModel {
  readonly rule: Rule;
  readonly lacks: Bdd;
  readonly matched: Bdd;
}

export interface SideModel {
  readonly policy: Policy;
  readonly rules: readonly RuleModel[];
  /** Step 1 applies: `on_missing_context: deny` and some rule lacks context. */
  readonly missingContextDenies: Bdd;
  readonly denyMatched: Bdd;
  readonly allowMatched: Bdd;
  readonly allow: Bdd;
}

export function lacksContext(space: AtomSpace, rule: Rule): Bdd {
  const { m, flags } = space;
  const kinds = rule.conditions.map((c) => classifyField(c.field));
  return m.orAll([
    kinds.some(isCallerField) ? m.not(m.variable(flags.verified)) : FALSE,
    kinds.some(isDirectoryField) ? m.not(m.variable(flags.resolved)) : FALSE,
    rule.active_window ? m.not(m.variable(flags.timePresent)) : FALSE,
  ]);
}

/** Where a rule matches but for its call conditions: context, request conditions, window. */
export function ruleApplies(space: AtomSpace, rule: Rule): Bdd {
  const { m } = space;
  const request = rule.conditions
    .filter((c) => classifyField(c.field).kind !== 'call')
    .map((c) => conditionBdd(m, space.fields.find((f) => f.field === c.field)!, c));
  return m.andAll([
    m.not(lacksContext(space, rule)),
    ...request,
    rule.active_window ? m.variable(windowVariable(space, rule.active_window)) : TRUE,
  ]);
}

function ruleModel(space: AtomSpace, rule: Rule, part: CallPart): RuleModel {
  const callBit = space.ruleCallBit.get(rule);
  const calls = callBit === undefined ? TRUE : space.calls.view(callBit, part);
  return { rule, lacks: lacksContext(space, rule), matched: space.m.and(ruleApplies(space, rule), calls) };
}

/**
 * One side's decision among the requests of one part (callModel.ts `CallPart`): outside them the
 * diagrams mean nothing, and the enumeration never looks there.
 */
export function sideModel(space: AtomSpace, policy: Policy, part: CallPart): SideModel {
  const rules = policy.rules.map((rule) => ruleModel(space, rule, part));
  return sideOf(space, policy, rules);
}

/** The four steps of a side from its rules' models. */
export function sideOf(space: AtomSpace, policy: Policy, rules: readonly RuleModel[]): SideModel {
  const { m } = space;
  const anyLacks = m.orAll(rules.map((r) => r.lacks));
  const missingContextDenies = (policy.on_missing_context ?? 'deny') === 'deny' ? anyLacks : FALSE;
  const denyMatched = m.orAll(rules.filter((r) => r.rule.effect === 'deny').map((r) => r.matched));
  const allowMatched = m.orAll(rules.filter((r) => r.rule.effect === 'allow').map((r) => r.matched));
  const allow = m.andAll([
    m.not(missingContextDenies),
    m.not(denyMatched),
    policy.default_effect === 'allow' ? TRUE : allowMatched,
  ]);
  return { policy, rules, missingContextDenies, denyMatched, allowMatched, allow };
}

/** The decision, with the matched and lacking rules in document order, under a total assignment. */
export function symbolicDecision(
  space: AtomSpace,
  side: SideModel,
  value: (variable: number) => boolean,
): Decision {
  const holds = (f: Bdd): boolean => space.m.evaluate(f, value);
  return {
    allow: holds(side.allow),
    matched_rule_ids: side.rules.filter((r) => holds(r.matched)).map((r) => r.rule.id),
    missing_context_rule_ids: side.rules.filter((r) => holds(r.lacks)).map((r) => r.rule.id),
  };
}
