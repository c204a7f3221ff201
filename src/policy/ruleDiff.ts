import type { ActiveWindow, Condition, Policy, Rule } from './schema.js';
import { DAYS } from './schema.js';
import { compareStrings } from '../canonical/compare.js';

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
}

export interface RuleDiff {
  /** Head rules whose id the base lacks, in head file order. */
  added: string[];
  /** Base rules whose id the head lacks, in base file order. */
  removed: string[];
  /** Rules in both whose meaning differs, in head file order. */
  modified: { id: string; what: RulePart[] }[];
  /** The rules both versions hold appear in a different order (never changes a decision). */
  reordered: boolean;
  settings: SettingChange[];
}

/**
 * The diff from `base` to `head`. No base (a new policy): every head rule is added and both
 * settings are listed `from: null`; no head (a deleted policy): every base rule is removed and
 * both settings are listed `to: null`.
 */
export function ruleDiff(base: Policy | null, head: Policy | null): RuleDiff {
  const baseRules = base?.rules ?? [];
  const headRules = head?.rules ?? [];
  const baseById = new Map(baseRules.map((r) => [r.id, r]));
  const headIds = new Set(headRules.map((r) => r.id));
  const added: string[] = [];
  const modified: RuleDiff['modified'] = [];
  for (const rule of headRules) {
    const before = baseById.get(rule.id);
    if (before === undefined) {
      added.push(rule.id);
      continue;
    }
    const what = changedParts(before, rule);
    if (what.length > 0) modified.push({ id: rule.id, what });
  }
  const removed = baseRules.filter((r) => !headIds.has(r.id)).map((r) => r.id);
  const commonInBase = baseRules.filter((r) => headIds.has(r.id)).map((r) => r.id);
  const commonInHead = headRules.filter((r) => baseById.has(r.id)).map((r) => r.id);
  const reordered = commonInBase.some((id, i) => commonInHead[i] !== id);
  return { added, removed, modified, reordered, settings: settingChanges(base, head) };
}

function settingChanges(base: Policy | null, head: Policy | null): SettingChange[] {
  const value = (policy: Policy | null, name: SettingName): string | null => {
    if (policy === null) return null;
    return name === 'default_effect' ? policy.default_effect : (policy.on_missing_context ?? 'deny');
  };
  const changes: SettingChange[] = [];
  for (const name of SETTING_NAMES) {
    const from = value(base, name);
    const to = value(head, name);
    if (from !== to) changes.push({ name, from, to });
  }
  return changes;
}

/** Which parts of a rule differ in meaning; [] when the edit changes nothing. */
export function changedParts(before: Rule, after: Rule): RulePart[] {
  const what: RulePart[] = [];
  if (before.effect !== after.effect) what.push('effect');
  if (conditionsKey(before.conditions) !== conditionsKey(after.conditions)) what.push('conditions');
  if (windowKey(before.active_window) !== windowKey(after.active_window)) what.push('active_window');
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

/** A window as canonical text: its days as a set, the clock times and the zone name as written. */
function windowKey(window: ActiveWindow | undefined): string {
  if (window === undefined) return '';
  const days = DAYS.filter((d) => window.days.includes(d));
  return JSON.stringify([days, window.from, window.to, window.timezone]);
}
