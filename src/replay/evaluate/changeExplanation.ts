import type { Decision, Policy } from '../../policy/schema.js';
import type { Causes } from './attribution.js';

/**
 * What one side's decision rested on, beyond the rules it matched (docs/explain.md "because"),
 * read from the decision the engine returned and the policy's settings — the order of
 * docs/policy.md "The decision":
 * 1. `on_missing_context: deny` and some rule lacked context → deny (missing context);
 * 2. a deny rule matched → deny (the rule);
 * 3. `default_effect: allow` → allow (the default);
 * 4. an allow rule matched → allow (the rule); otherwise deny (the default).
 */

/** No matched rule decided it: step 3, or the "otherwise deny" of step 4. */
export const BASIS_DEFAULT = 1;
/**
 * It came from missing context: step 1, or, under `on_missing_context: ignore`, an allow while
 * some rule was skipped for lacking context (under `deny` that request would have been denied).
 */
export const BASIS_MISSING_CONTEXT = 2;

/** One policy's rules as the explanation reads them. */
export class RuleTable {
  readonly ids: readonly string[];
  private readonly index: Map<string, number>;
  private readonly denies: readonly boolean[];
  private readonly defaultAllow: boolean;
  private readonly missingDenies: boolean;

  constructor(policy: Policy) {
    this.ids = policy.rules.map((r) => r.id);
    this.index = new Map(this.ids.map((id, i) => [id, i]));
    this.denies = policy.rules.map((r) => r.effect === 'deny');
    this.defaultAllow = policy.default_effect === 'allow';
    this.missingDenies = (policy.on_missing_context ?? 'deny') === 'deny';
  }

  /** Rule ids as indices into the policy's rules, in the order given. */
  indicesOf(ids: readonly string[]): number[] {
    const out: number[] = [];
    for (const id of ids) {
      const index = this.index.get(id);
      // The generated Rego only ever names the policy's own rules.
      if (index === undefined) throw new Error(`the policy matched an unknown rule ${JSON.stringify(id)}`);
      out.push(index);
    }
    return out;
  }

  /** BASIS_* bits of one decision of this policy. */
  basisOf(decision: Decision): number {
    const lacking = decision.missing_context_rule_ids.length > 0;
    if (this.missingDenies && lacking) return BASIS_MISSING_CONTEXT;
    let denyMatched = false;
    let allowMatched = false;
    for (const index of this.indicesOf(decision.matched_rule_ids)) {
      if (this.denies[index]) denyMatched = true;
      else allowMatched = true;
    }
    let basis = 0;
    if (!denyMatched && (this.defaultAllow || !allowMatched)) basis |= BASIS_DEFAULT;
    if (!this.missingDenies && lacking && decision.allow) basis |= BASIS_MISSING_CONTEXT;
    return basis;
  }
}

/**
 * What a change's group and `because` need beyond the change row, computed only for changes in
 * compare mode (outcomes cross threads, so they stay small).
 */
export interface ChangeExplanation {
  /** The base's matched rules, as indices into its rules; [] when the base decided nothing. */
  base_matched: number[];
  /** BASIS_* bits of the head's decision, and of the base's (0 when it decided nothing). */
  head_basis: number;
  base_basis: number;
  /**
   * For a side whose decision came from missing context under `on_missing_context: deny`: the
   * rules (indices) that lacked it. They matched nothing, yet one of them decided the request.
   */
  head_missing: number[];
  base_missing: number[];
  /**
   * The counterfactual causes (attribution.ts): indices into the replay's edit list (editsOf);
   * [] when the replay attributes syntactically (meta.attribution).
   */
  causes: number[];
  joint: boolean;
}

/** `headDecision` null: the head cannot judge the record (docs/review.md "newly_unevaluable"). */
export function explainChange(
  head: RuleTable,
  headDecision: Decision | null,
  base: RuleTable | null,
  baseDecision: Decision | null,
  causes: Causes | null,
): ChangeExplanation {
  const headBasis = headDecision === null ? 0 : head.basisOf(headDecision);
  const baseBasis = base !== null && baseDecision !== null ? base.basisOf(baseDecision) : 0;
  return {
    base_matched: base !== null && baseDecision !== null ? base.indicesOf(baseDecision.matched_rule_ids) : [],
    head_basis: headBasis,
    base_basis: baseBasis,
    head_missing: headDecision === null ? [] : missingOf(head, headDecision, headBasis),
    base_missing: base !== null && baseDecision !== null ? missingOf(base, baseDecision, baseBasis) : [],
    causes: causes?.causes ?? [],
    joint: causes?.joint ?? false,
  };
}

function missingOf(table: RuleTable, decision: Decision, basis: number): number[] {
  if ((basis & BASIS_MISSING_CONTEXT) === 0 || decision.allow) return [];
  return table.indicesOf(decision.missing_context_rule_ids);
}
