/**
 * The reference evaluator: docs/policy.md's decision semantics implemented directly in TypeScript,
 * from that page rather than from the generated Rego, so that agreement between it, opa-wasm and
 * OPA's Go evaluator is evidence rather than an echo.
 */
import type { ActiveWindow, Condition, Day, Decision, Policy, Rule } from '../policy/schema.js';
import { classifyField, isCallerField, isDirectoryField, type FieldKind } from '../policy/fields.js';
import { BuiltinError, civilTime, parseRfc3339Nanos } from './timeBuiltins.js';
import { loadTimeZone } from '../time/timeZone.js';

/** A looked-up input value; `present: false` when some key on the path does not exist. */
export type Lookup = { present: true; value: unknown } | { present: false };

const ABSENT: Lookup = { present: false };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Walks `path` through objects only: a segment applied to an array, string or other scalar is
 * absent (Rego's `input.a.b` on an array is undefined too). A key holding `undefined` cannot come
 * from JSON and counts as absent.
 */
export function lookup(root: unknown, path: readonly string[]): Lookup {
  let current = root;
  for (const key of path) {
    if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, key)) return ABSENT;
    current = current[key];
  }
  return current === undefined ? ABSENT : { present: true, value: current };
}

/** Whether one array element counts as "in values": strings exactly, numbers/booleans by JSON. */
function elementIn(element: unknown, values: ReadonlySet<string>): boolean {
  if (typeof element === 'string') return values.has(element);
  if (typeof element === 'number' || typeof element === 'boolean') {
    return values.has(JSON.stringify(element));
  }
  return false;
}

/** docs/policy.md "One condition" for every field except is_batch and unparsable_calls. */
function genericHolds(found: Lookup, condition: Condition): boolean {
  if (!found.present) return false;
  const v = found.value;
  const values = new Set(condition.values);
  const positive = condition.operator === 'in';
  if (typeof v === 'string') return values.has(v) === positive;
  if (Array.isArray(v)) return v.some((element) => elementIn(element, values)) === positive;
  if (typeof v === 'number' || typeof v === 'boolean') {
    return values.has(JSON.stringify(v)) === positive;
  }
  return false; // object or null
}

/** is_batch compares as a boolean: only a boolean value can satisfy either operator. */
function isBatchHolds(found: Lookup, condition: Condition): boolean {
  if (!found.present || typeof found.value !== 'boolean') return false;
  const listed = condition.values.some((text) => (text === 'true') === found.value);
  return listed === (condition.operator === 'in');
}

/** unparsable_calls compares as a number: only a number value can satisfy either operator. */
function unparsableCallsHolds(found: Lookup, condition: Condition): boolean {
  if (!found.present || typeof found.value !== 'number') return false;
  const listed = condition.values.some((text) => Number(text) === found.value);
  return listed === (condition.operator === 'in');
}

/** Where a non-call field lives in the input (docs/policy.md "Fields"). */
export function requestPath(kind: Exclude<FieldKind, { kind: 'call' }>): string[] {
  switch (kind.kind) {
    case 'argument':
      return ['request', 'mcp', 'arguments', ...kind.path];
    case 'http':
      return ['request', 'http', kind.name];
    case 'is_batch':
      return ['request', 'jsonrpc', 'is_batch'];
    case 'unparsable_calls':
      return ['request', 'jsonrpc', 'unparsable_calls'];
    case 'identity':
      return ['identity', kind.name];
    case 'group':
      return ['identity', 'groups'];
    case 'tag':
      return ['identity', 'tags'];
    case 'attribute':
      return ['identity', 'attributes', kind.name];
    case 'claim':
      return ['identity', 'claims', ...kind.path];
  }
}

export function conditionHolds(kind: FieldKind, found: Lookup, condition: Condition): boolean {
  if (kind.kind === 'is_batch') return isBatchHolds(found, condition);
  if (kind.kind === 'unparsable_calls') return unparsableCallsHolds(found, condition);
  return genericHolds(found, condition);
}

export interface ClassifiedRule {
  rule: Rule;
  call: { condition: Condition; kind: Extract<FieldKind, { kind: 'call' }> }[];
  request: { condition: Condition; kind: Exclude<FieldKind, { kind: 'call' }> }[];
  readsCaller: boolean;
  readsDirectory: boolean;
}

export function classifyRule(rule: Rule): ClassifiedRule {
  const classified: ClassifiedRule = {
    rule,
    call: [],
    request: [],
    readsCaller: false,
    readsDirectory: false,
  };
  for (const condition of rule.conditions) {
    const kind = classifyField(condition.field);
    if (kind.kind === 'call') classified.call.push({ condition, kind });
    else classified.request.push({ condition, kind });
    if (isCallerField(kind)) classified.readsCaller = true;
    if (isDirectoryField(kind)) classified.readsDirectory = true;
  }
  return classified;
}

/** docs/policy.md "Missing context": decided from what the rule reads, never from its outcome. */
function needsContext(rule: ClassifiedRule, input: unknown): boolean {
  const flag = (path: string[]): boolean => {
    const found = lookup(input, path);
    return found.present && found.value === true;
  };
  if (rule.readsCaller && !flag(['identity', 'verified'])) return true;
  if (rule.readsDirectory && !flag(['identity', 'attributes_resolved'])) return true;
  // A present "time" key counts whatever it holds: rejecting invalid times is the caller's job
  // before evaluation, and the compiled policy would fail on them rather than skip the rule.
  if (rule.rule.active_window !== undefined && !lookup(input, ['request', 'time']).present) {
    return true;
  }
  return false;
}

const DAY_BY_GO_WEEKDAY: readonly Day[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/**
 * docs/policy.md "Windows". From and to are whole minutes, so comparing the local minute of the day
 * is exact: t ≥ from ⇔ minute ≥ from, and t < to ⇔ minute < to, whatever the seconds.
 * Throws a BuiltinError for a time that is not an RFC 3339 string or an unknown zone, as the
 * compiled policy's builtins do.
 */
export function inForce(window: ActiveWindow, time: unknown): boolean {
  if (typeof time !== 'string') {
    throw new BuiltinError('time.parse_rfc3339_ns', [time], 'operand 1 must be string');
  }
  const ns = parseRfc3339Nanos(time);
  const zone = loadTimeZone(window.timezone);
  if (zone === undefined) {
    throw new BuiltinError(
      'time.clock',
      [[Number(ns), window.timezone]],
      `unknown time zone ${window.timezone}`,
    );
  }
  const local = civilTime(ns, zone);
  const day = DAY_BY_GO_WEEKDAY[local.weekday];
  if (day === undefined || !window.days.includes(day)) return false;
  const minute = local.hour * 60 + local.minute;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  return from < to ? from <= minute && minute < to : minute >= from || minute < to;
}

function callMatches(rule: ClassifiedRule, call: unknown): boolean {
  return rule.call.every(({ condition, kind }) => conditionHolds(kind, lookup(call, [kind.name]), condition));
}

function ruleMatches(rule: ClassifiedRule, input: unknown): boolean {
  const requestHolds = rule.request.every(({ condition, kind }) =>
    conditionHolds(kind, lookup(input, requestPath(kind)), condition),
  );
  if (!requestHolds) return false;
  if (rule.call.length > 0) {
    const found = lookup(input, ['request', 'mcp', 'calls']);
    const calls = found.present && Array.isArray(found.value) ? found.value : [];
    // Deny needs some offending call; allow needs every call allowed, so a batch cannot
    // smuggle a denied call beside an allowed one.
    const callsHold =
      rule.rule.effect === 'deny'
        ? calls.some((call) => callMatches(rule, call))
        : calls.length > 0 && calls.every((call) => callMatches(rule, call));
    if (!callsHold) return false;
  }
  const window = rule.rule.active_window;
  if (window === undefined) return true;
  const time = lookup(input, ['request', 'time']);
  return inForce(window, time.present ? time.value : undefined);
}

/** One rule on one input: it lacks context (skipped), matched, or neither. */
export const RULE_NONE = 0;
export const RULE_MATCHED = 1;
export const RULE_LACKS_CONTEXT = 2;
export type RuleOutcome = typeof RULE_NONE | typeof RULE_MATCHED | typeof RULE_LACKS_CONTEXT;

/** docs/policy.md "How a policy decides", for one rule: context first, then the conditions. */
export function ruleOutcome(rule: ClassifiedRule, input: unknown): RuleOutcome {
  if (needsContext(rule, input)) return RULE_LACKS_CONTEXT;
  return ruleMatches(rule, input) ? RULE_MATCHED : RULE_NONE;
}

/** The decision from each rule's outcome, `rules[i]` having `outcomes[i]`: steps 1 to 4. */
export function decideFromOutcomes(
  policy: Pick<Policy, 'default_effect' | 'on_missing_context'>,
  rules: readonly Pick<Rule, 'effect'>[],
  outcomes: readonly RuleOutcome[],
): boolean {
  let lacking = false;
  let denyMatched = false;
  let allowMatched = false;
  rules.forEach((rule, i) => {
    const outcome = outcomes[i];
    if (outcome === RULE_LACKS_CONTEXT) lacking = true;
    else if (outcome === RULE_MATCHED) {
      if (rule.effect === 'deny') denyMatched = true;
      else allowMatched = true;
    }
  });
  if ((policy.on_missing_context ?? 'deny') === 'deny' && lacking) return false;
  if (denyMatched) return false;
  return policy.default_effect === 'allow' || allowMatched;
}

/**
 * Decides `input` under `policy` exactly as docs/policy.md "How a policy decides" says. Every rule is
 * evaluated (a deny does not stop the others), so both id lists are complete and in file order.
 */
export function evaluateReference(policy: Policy, input: unknown): Decision {
  const outcomes = policy.rules.map((rule) => ruleOutcome(classifyRule(rule), input));
  const matched = policy.rules.filter((_, i) => outcomes[i] === RULE_MATCHED).map((r) => r.id);
  const missing = policy.rules.filter((_, i) => outcomes[i] === RULE_LACKS_CONTEXT).map((r) => r.id);
  const allow = decideFromOutcomes(policy, policy.rules, outcomes);
  return { allow, matched_rule_ids: matched, missing_context_rule_ids: missing };
}
