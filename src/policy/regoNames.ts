/**
 * The documented id → Rego name mapping: `rule_` + the id with `-` and `.` turned into `_`.
 * Keeping the id recognisable makes a Rego diff read like the policy diff. Ids that differ only
 * in `-`/`.`/`_` collide and are rejected by validation rather than renamed.
 */
export function regoRuleName(id: string): string {
  return `rule_${id.replace(/[-.]/g, '_')}`;
}

/** The companion rule that says the rule cannot be evaluated on this input. */
export function regoNeedsContextName(id: string): string {
  return `needs_context_${id.replace(/[-.]/g, '_')}`;
}
