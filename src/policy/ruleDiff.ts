import type { Condition, Policy, Rule } from './schema.js';
import { compareStrings } from '../canonical/compare.js';
import { NO_LINES, type PolicyLines } from './policyLines.js';
import { ruleChanges, type RuleValueChange } from './ruleChanges.js';
import { ruleSummary, windowText } from './ruleText.js';

/**
 * What a policy edit changed, by meaning rather than by text (docs/explain.md "The rule diff").
 * Pure: it reads two validated documents.
 */

/** The parts of a rule a modification is reported by, in the order `what` lists them. */
export const RULE_PARTS = ['effect', 'conditions', 'active_window', 'description'] as const;
export type RulePart = (typeof RULE_PARTS)[number];

/** The policy-wide settings, in the order `settings` lists them. */
export const SETTING_NAMES = ['default_effect', 'on_missing_context'] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export interface SettingChange {
  name: SettingName;
  /** The base's value (its default when the key is left out); null: there is no base. */
  from: string | null;
  /** The head's value; null: there is no head (a deleted policy). */
  to: string | null;
  /** The line of the setting's key in the head file; null when the head leaves it out. */
  line: number | null;
}

/** A rule in both versions whose meaning (or description) differs. */
export interface ModifiedRule {
  id: string;
  what: RulePart[];
  /** The line of the rule's `id` key in the head file (null: no head text was given). */
  line: number | null;
  /** What changed, by value ([] for a description-only edit). */
  changes: RuleValueChange[];
}

/** An added rule: its effect, its conditions in one line (ruleText.ts ruleSummary), its head line. */
export interface AddedRule {
  id: string;
  effect: Rule['effect'];
  summary: string;
  line: number | null;
}

/** A removed rule: as an added one, without a line (the head no longer holds it). */
export type RemovedRule = Omit<AddedRule, 'line'>;

/** Key order is the report's: each list of ids is followed by its rules' details. */
export interface RuleDiff {
  /** Head rules whose id the base lacks, in head file order. */
  added: string[];
  /** The same rules with their effect, summary and line. */
  added_rules: AddedRule[];
  /** Base rules whose id the head lacks, in base file order. */
  removed: string[];
  /** The same rules with their effect and summary. */
  removed_rules: RemovedRule[];
  /** Rules in both whose meaning differs, in head file order. */
  modified: ModifiedRule[];
  /** The rules both versions hold appear in a different order (never changes a decision). */
  reordered: boolean;
  settings: SettingChange[];
}

/**
 * The diff from `base` to `head`. No base (a new policy): every head rule is added and both
 * settings are listed `from: null`; no head (a deleted policy): every base rule is removed and
 * both settings are listed `to: null`. `headLines`: where the head file holds its rules and
 * settings (policyLines.ts); without it every line is null.
 */
export function ruleDiff(
  base: Policy | null,
  head: Policy | null,
  headLines: PolicyLines = NO_LINES,
): RuleDiff {
  const baseRules = base?.rules ?? [];
  const headRules = head?.rules ?? [];
  const baseById = new Map(baseRules.map((r) => [r.id, r]));
  const headIds = new Set(headRules.map((r) => r.id));
  const lineOf = (id: string) => headLines.rules.get(id) ?? null;
  const added: AddedRule[] = [];
  const modified: ModifiedRule[] = [];
  for (const rule of headRules) {
    const before = baseById.get(rule.id);
    if (before === undefined) {
      added.push({ id: rule.id, effect: rule.effect, summary: ruleSummary(rule), line: lineOf(rule.id) });
      continue;
    }
    const what = changedParts(before, rule);
    if (what.length > 0)
      modified.push({ id: rule.id, what, line: lineOf(rule.id), changes: ruleChanges(before, rule) });
  }
  const removed = baseRules
    .filter((r) => !headIds.has(r.id))
    .map((r) => ({ id: r.id, effect: r.effect, summary: ruleSummary(r) }));
  const commonInBase = baseRules.filter((r) => headIds.has(r.id)).map((r) => r.id);
  const commonInHead = headRules.filter((r) => baseById.has(r.id)).map((r) => r.id);
  const reordered = commonInBase.some((id, i) => commonInHead[i] !== id);
  return {
    added: added.map((r) => r.id),
    added_rules: added,
    removed: removed.map((r) => r.id),
    removed_rules: removed,
    modified,
    reordered,
    settings: settingChanges(base, head, headLines),
  };
}

function settingChanges(base: Policy | null, head: Policy | null, headLines: PolicyLines): SettingChange[] {
  const value = (policy: Policy | null, name: SettingName): string | null => {
    if (policy === null) return null;
    return name === 'default_effect' ? policy.default_effect : (policy.on_missing_context ?? 'deny');
  };
  const changes: SettingChange[] = [];
  for (const name of SETTING_NAMES) {
    const from = value(base, name);
    const to = value(head, name);
    // A deleted head has no file to point into.
    const line = head === null ? null : (headLines.settings.get(name) ?? null);
    if (from !== to) changes.push({ name, from, to, line });
  }
  return changes;
}

/** Which parts of a rule differ in meaning; [] when the edit changes nothing. */
export function changedParts(before: Rule, after: Rule): RulePart[] {
  const what: RulePart[] = [];
  if (before.effect !== after.effect) what.push('effect');
  if (conditionsKey(before.conditions) !== conditionsKey(after.conditions)) what.push('conditions');
  if (windowText(before.active_window) !== windowText(after.active_window)) what.push('active_window');
  // A missing description and an empty one both say nothing.
  if ((before.description ?? '') !== (after.description ?? '')) what.push('description');
  return what;
}

/**
 * A rule's conditions as a canonical text. A rule's conditions are a conjunction and each
 * condition tests membership in a set, so the conditions compare as a set of
 * (field, operator, set of values): the order of conditions, the order of values and repeated
 * values or conditions change no decision. Anything else — even a rewrite that is logically
 * equivalent, such as splitting `in [a, b]` into two rules — is reported as a modification.
 */
function conditionsKey(conditions: readonly Condition[]): string {
  const keys = conditions.map((c) =>
    JSON.stringify([c.field, c.operator, [...new Set(c.values)].sort(compareStrings)]),
  );
  return JSON.stringify([...new Set(keys)].sort(compareStrings));
}
