import type { ActiveWindow, Condition, Day, Rule } from './schema.js';
import { DAYS } from './schema.js';
import { compareStrings } from '../canonical/compare.js';

/**
 * A rule's parts as one line of plain text (docs/explain.md "The rule diff"): the window's text
 * form, a condition, a rule's summary. Values come from the policy document, which a pull request
 * controls, so each keeps the line whole: a value that could be misread (empty, with a space,
 * a comma, a bracket, a quote or a control character) is written as a JSON string. The text is
 * not escaped for any output: the renderers do that.
 */

/** Consecutive days (ISO order) from this many on are written as a range, `mon-fri`. */
const MIN_DAY_RANGE = 3;

/** A value that reads the same bare: no space, separator, bracket, quote or control character. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BARE_VALUE = /^[^\s,[\]"'\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/u;

/** One condition value as written in a line of text: bare when unambiguous, else a JSON string. */
export function valueText(value: string): string {
  if (BARE_VALUE.test(value)) return value;
  // JSON.stringify leaves C1 controls and the two Unicode line separators as they are.
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Values in document order with repeats dropped (a repeat changes no decision). */
export function distinctValues(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** A condition as the diff compares it: its values as a set, and as the document gives them. */
export interface DistinctCondition {
  field: string;
  op: Condition['operator'];
  /** Document order, repeats dropped. */
  values: string[];
  /** (field, operator, sorted values): equal for conditions that mean the same. */
  key: string;
}

/**
 * A rule's conditions in document order, a condition that repeats an earlier one (the same field,
 * operator and set of values) dropped: the conditions are a conjunction, so a repeat says nothing.
 */
export function distinctConditions(conditions: readonly Condition[]): DistinctCondition[] {
  const seen = new Set<string>();
  const out: DistinctCondition[] = [];
  for (const c of conditions) {
    const values = distinctValues(c.values);
    const key = JSON.stringify([c.field, c.operator, [...values].sort(compareStrings)]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field: c.field, op: c.operator, values, key });
  }
  return out;
}

/** `tool in [read_file, list_dir]`. */
export function conditionText(field: string, op: Condition['operator'], values: readonly string[]): string {
  return `${field} ${op} [${values.map(valueText).join(', ')}]`;
}

/** The days of a window, ISO order, runs of three or more as ranges: `mon-fri`, `mon,wed,sat,sun`. */
export function daysText(days: readonly Day[]): string {
  const present = DAYS.map((d) => days.includes(d));
  const parts: string[] = [];
  for (let i = 0; i < DAYS.length; i++) {
    if (!present[i]) continue;
    let end = i;
    while (end + 1 < DAYS.length && present[end + 1]) end++;
    if (end - i + 1 >= MIN_DAY_RANGE) parts.push(`${DAYS[i]}-${DAYS[end]}`);
    else for (let d = i; d <= end; d++) parts.push(DAYS[d]!);
    i = end;
  }
  return parts.join(',');
}

/**
 * A window's text form: `mon-fri 09:00-17:30 Europe/Berlin` — the days as a set, the clock
 * times and the zone as written. null: the rule has no window.
 */
export function windowText(window: ActiveWindow | undefined): string | null {
  if (window === undefined) return null;
  return `${daysText(window.days)} ${window.from}-${window.to} ${window.timezone}`;
}

/** The parts of a window's text form (windowText's inverse; none of its parts holds a space). */
export function windowParts(text: string): { days: string; from: string; to: string; timezone: string } {
  const [days = '', times = '', timezone = ''] = text.split(' ');
  const [from = '', to = ''] = times.split('-');
  return { days, from, to, timezone };
}

/**
 * A rule's conditions in one line: each distinct condition in document order, joined by `and`,
 * then its window: `group in [contractors] and tool in [export_report] during mon-fri 09:00-17:30 UTC`.
 */
export function ruleSummary(rule: Pick<Rule, 'conditions' | 'active_window'>): string {
  const parts = distinctConditions(rule.conditions).map((c) => conditionText(c.field, c.op, c.values));
  const window = windowText(rule.active_window);
  return window === null ? parts.join(' and ') : `${parts.join(' and ')} during ${window}`;
}
