/**
 * The three-valued decision every evaluator returns (the generated Rego's second entrypoint, OPA's
 * Go evaluator on it, the reference): docs/unknowns.md "Three-valued evaluation".
 */

/** `allow` is 2 (allow), 0 (deny) or 1 (unevaluable); the id lists are in file order. */
export interface ThreeValuedDecision {
  allow: 0 | 1 | 2;
  /** Rules whose matched is T. */
  matched_rule_ids: string[];
  /** Rules whose needs-context is T. */
  missing_context_rule_ids: string[];
  /** Rules whose matched is U. */
  undecided_rule_ids: string[];
  /** Rules whose needs-context is U. */
  undecided_context_rule_ids: string[];
}
