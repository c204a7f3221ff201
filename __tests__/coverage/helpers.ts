import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Basis } from '../../src/coverage/basis.js';
import type { CoverageOptions } from '../../src/coverage/space.js';
import type { Decision, Policy } from '../../src/policy/schema.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import { repoRoot } from '../support/files.js';

/** A horizon covering every time the generated inputs hold (2026, around BASE_INSTANTS). */
export const HORIZON = { start: '2026-01-01T00:00:00Z', days: 366 };

export function options(shape: CoverageOptions['shape']): CoverageOptions {
  return { shape, horizon: HORIZON, maxNodes: 4_000_000 };
}

export function policyOf(text: string, name = 'policy.yaml'): Policy {
  const result = validatePolicyText(text, name, name.endsWith('.json') ? 'json' : 'yaml');
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.errors)}`);
  return result.policy;
}

export function examplePolicy(side: 'base' | 'head'): { text: string; policy: Policy } {
  const text = readFileSync(join(repoRoot, 'fixtures/example/policies', `${side}.yaml`), 'utf8');
  return { text, policy: policyOf(text, `${side}.yaml`) };
}

/**
 * What a decision rested on, read from the reference evaluator's result alone (docs/policy.md
 * "The decision"), to hold the kinds' bases to an oracle independent of the diagrams.
 */
export function basisOfDecision(policy: Policy | null, decision: Decision | null): Basis {
  if (policy === null || decision === null) return { by: 'no_policy', rules: [] };
  const effect = new Map(policy.rules.map((r) => [r.id, r.effect]));
  if ((policy.on_missing_context ?? 'deny') === 'deny' && decision.missing_context_rule_ids.length > 0)
    return { by: 'missing_context', rules: decision.missing_context_rule_ids };
  const denies = decision.matched_rule_ids.filter((id) => effect.get(id) === 'deny');
  if (denies.length > 0) return { by: 'deny_rules', rules: denies };
  if (policy.default_effect === 'allow') return { by: 'default', rules: [] };
  const allows = decision.matched_rule_ids.filter((id) => effect.get(id) === 'allow');
  return allows.length > 0 ? { by: 'allow_rules', rules: allows } : { by: 'default', rules: [] };
}
