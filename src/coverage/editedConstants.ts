/**
 * The constants an edit introduces or withdraws, per field (docs/coverage.md "Kinds"): for a
 * modified rule (same id, different conditions), the values one version compares a field with
 * and the other does not; for an added or removed rule, every value it names. Kinds are split by
 * these constants only, so that "the head also allows delete_file" is a kind of its own while
 * constants no edit touched do not multiply the kinds.
 */
import type { Policy, Rule } from '../policy/schema.js';

function valuesByField(rule: Rule): Map<string, Set<string>> {
  const byField = new Map<string, Set<string>>();
  for (const c of rule.conditions) {
    const values = byField.get(c.field) ?? new Set<string>();
    for (const v of c.values) values.add(v);
    byField.set(c.field, values);
  }
  return byField;
}

function add(into: Map<string, Set<string>>, field: string, values: Iterable<string>): void {
  const set = into.get(field) ?? new Set<string>();
  for (const v of values) set.add(v);
  into.set(field, set);
}

export function editedConstants(base: Policy | null, head: Policy | null): Map<string, Set<string>> {
  const edited = new Map<string, Set<string>>();
  const baseRules = new Map((base?.rules ?? []).map((r) => [r.id, r]));
  const headRules = new Map((head?.rules ?? []).map((r) => [r.id, r]));
  for (const [id, rule] of headRules) {
    const before = baseRules.get(id);
    const after = valuesByField(rule);
    if (before === undefined) {
      for (const [field, values] of after) add(edited, field, values);
      continue;
    }
    const old = valuesByField(before);
    for (const field of new Set([...after.keys(), ...old.keys()])) {
      const a = after.get(field) ?? new Set<string>();
      const b = old.get(field) ?? new Set<string>();
      add(edited, field, [...a].filter((v) => !b.has(v)));
      add(edited, field, [...b].filter((v) => !a.has(v)));
    }
  }
  for (const [id, rule] of baseRules) {
    if (!headRules.has(id)) for (const [field, values] of valuesByField(rule)) add(edited, field, values);
  }
  return edited;
}
