/**
 * The three-valued half of a generated module (docs/unknowns.md "Three-valued evaluation"): a
 * second entrypoint, `three_valued_decision`, beside the two-valued `decision`, which it leaves
 * untouched. F, U, T are 0, 1, 2, so AND is min, OR is max and NOT is 2 - x; every value is total
 * (else chains, `max` over a set that always holds 0), so an absent key is a defined F, never an
 * undefined rule.
 *
 * The unknown set travels in the evaluation input under `input.policy_replay` (UNKNOWNS_KEY), a
 * key no policy field can reach: every field is rooted at `input.request` or `input.identity`
 * (policy/fields.ts). The replay builds that input itself from a record's `request` and `identity`
 * (threeValuedInput), so a record cannot supply or spoof it.
 */
import type { Condition, Rule } from '../policy/schema.js';
import { classifyField, inputPathOf, type FieldKind } from '../policy/fields.js';
import { ruleFeatures } from '../policy/features.js';
import { regoNeedsContextName, regoRuleName } from '../policy/regoNames.js';
import { UNKNOWNS_KEY } from '../unknowns/payload.js';

/** The name of the three-valued decision in every generated package. */
export const THREE_VALUED_DECISION = 'three_valued_decision';

/** The decision's header lines; they depend on the policy's two settings, never on its rules. */
export function threeValuedHeader(
  pkg: string,
  defaultEffect: 'allow' | 'deny',
  onMissingContext: 'deny' | 'ignore',
): string[] {
  const ids = (set: string) => `[pair[1] | some pair in sort(data.${pkg}.${set})]`;
  const values = (set: string) => `max({0} | {v | some v in data.${pkg}.${set}})`;
  return [
    `${THREE_VALUED_DECISION} := {`,
    '\t"allow": tv_allow,',
    `\t"matched_rule_ids": ${ids('tv_matched')},`,
    `\t"missing_context_rule_ids": ${ids('tv_missing_context')},`,
    `\t"undecided_rule_ids": ${ids('tv_undecided')},`,
    `\t"undecided_context_rule_ids": ${ids('tv_undecided_context')},`,
    '}',
    '',
    '# docs/unknowns.md "The decision", with F, U, T as 0, 1, 2.',
    'tv_allow := min([2 - tv_by_missing, 2 - tv_deny_hit, tv_allow_hit])',
    '',
    `tv_by_missing := ${onMissingContext === 'deny' ? values('tv_needs_values') : '0'}`,
    '',
    `tv_deny_hit := ${values('tv_deny_values')}`,
    '',
    `tv_allow_hit := ${defaultEffect === 'allow' ? '2' : values('tv_allow_values')}`,
  ];
}

/** A JSON array of path segments as Rego prints it. */
function location(segments: readonly (string | number)[]): string {
  return `[${segments.map((s) => (typeof s === 'number' ? String(s) : JSON.stringify(s))).join(', ')}]`;
}

/** The helper of a condition's test: the two-valued helper's name with a `tv_` prefix. */
function testOf(kind: FieldKind, condition: Condition): string {
  const negate = condition.operator === 'not_in';
  if (kind.kind === 'is_batch') return negate ? 'boolean_not_in' : 'boolean_in';
  if (kind.kind === 'unparsable_calls') return negate ? 'number_not_in' : 'number_in';
  return negate ? 'value_not_in' : 'value_in';
}

/** The values as the two-valued helper of the same test takes them. */
function valuesOf(kind: FieldKind, condition: Condition): string {
  const unique = [...new Set(condition.values)];
  if (kind.kind === 'is_batch' || kind.kind === 'unparsable_calls') return `{${unique.join(', ')}}`;
  return `{${unique.map((v) => JSON.stringify(v)).join(', ')}}`;
}

function windowPart(rule: Rule): string | null {
  const w = rule.active_window;
  if (!w) return null;
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].filter((d) =>
    (w.days as readonly string[]).includes(d),
  );
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  return `tv_window({${days.map((d) => JSON.stringify(d)).join(', ')}}, ${JSON.stringify(w.timezone)}, ${minutes(w.from)}, ${minutes(w.to)})`;
}

/** `head := value if { body } else := …` chains, in the form `opa fmt` prints them. */
function elseChain(head: string, branches: { value: string; body: string[] }[], last: string): string[] {
  const out: string[] = [];
  branches.forEach(({ value, body }, i) => {
    const open = i === 0 ? `${head} := ${value} if {` : `} else := ${value} if {`;
    out.push(open, ...indent(body));
  });
  out.push(`} else := ${last}`);
  return out;
}

function indent(lines: readonly string[]): string[] {
  return lines.map((line) => `\t${line}`);
}

/**
 * The call part of a rule (docs/unknowns.md "Call part") as a complete rule, so it is computed
 * once. Each branch is a search that stops at its first failing test, as the two-valued rule's.
 */
function callPartLines(name: string, rule: Rule, calls: ((i: string, call: string) => string)[]): string[] {
  const on = (i: string, call: string, test: string) => calls.map((c) => `${c(i, call)} ${test}`);
  const known = { value: '1', body: ['tv_calls_unknown'] };
  if (rule.effect === 'allow') {
    // (calls non-empty) AND (AND over calls): the same on an unpaired batch, with any pairing.
    return elseChain(
      name,
      [
        known,
        { value: '0', body: ['count(tv_calls) == 0'] },
        ...calls.map((c) => ({ value: '0', body: ['some i, call in tv_calls', `${c('i', 'call')} == 0`] })),
        { value: '2', body: ['every i, call in tv_calls {', ...indent(on('i', 'call', '== 2')), '}'] },
      ],
      '1',
    );
  }
  // OR over calls of (AND over the call's conditions).
  const paired = (guard: string[]) => [
    { value: '2', body: [...guard, 'some i, call in tv_calls', ...on('i', 'call', '== 2')] },
    { value: '1', body: [...guard, 'some i, call in tv_calls', ...on('i', 'call', '!= 0')] },
  ];
  if (!ruleFeatures(rule).combinesCallFields) return elseChain(name, [known, ...paired([])], '0');
  // Two or more call fields over an unpaired batch: F when some(c) is F for some c; T when
  // some(c0) is T and all(c) is T for every other c; else U.
  return elseChain(
    name,
    [
      known,
      ...paired(['not tv_unpaired']),
      { value: '0', body: ['not tv_unpaired'] },
      ...calls.map((c) => ({
        value: '0',
        body: ['every i, call in tv_calls {', `\t${c('i', 'call')} == 0`, '}'],
      })),
      ...calls.map((c, k) => ({
        value: '2',
        body: [
          'some i, call in tv_calls',
          `${c('i', 'call')} == 2`,
          'every j, other in tv_calls {',
          ...indent(calls.filter((_, m) => m !== k).map((o) => `${o('j', 'other')} == 2`)),
          '}',
        ],
      })),
    ],
    '1',
  );
}

/** One rule's three-valued lines: its needs, its call part, its matched value, and what they feed. */
export function threeValuedRuleLines(rule: Rule, index: number): string[] {
  const name = `tv_${regoRuleName(rule.id)}`;
  const needsName = `tv_${regoNeedsContextName(rule.id)}`;
  const callsName = `tv_call_part_${regoRuleName(rule.id).slice('rule_'.length)}`;
  const features = ruleFeatures(rule);
  const needsParts: string[] = [];
  if (features.caller) needsParts.push('tv_caller_needs');
  if (features.directory) needsParts.push('tv_directory_needs');
  if (features.window) needsParts.push('tv_window_needs');

  // Each part with the test that makes it F and the one that makes it T, in the order of the
  // two-valued rule's body (so the common case stops as early).
  const parts: { value: string; isFalse: string; isTrue: string }[] = [];
  if (needsParts.length > 0)
    parts.push({ value: `2 - ${needsName}`, isFalse: `${needsName} == 2`, isTrue: `${needsName} == 0` });
  const part = (value: string) => ({ value, isFalse: `${value} == 0`, isTrue: `${value} == 2` });
  const calls: ((i: string, call: string) => string)[] = [];
  for (const condition of rule.conditions) {
    const kind = classifyField(condition.field);
    const test = testOf(kind, condition);
    const values = valuesOf(kind, condition);
    if (kind.kind === 'call') {
      calls.push((i, call) => `tv_call_${test}(${i}, ${call}, ${JSON.stringify(kind.name)}, ${values})`);
    } else parts.push(part(`tv_${test}(${location(inputPathOf(kind).path)}, ${values})`));
  }
  if (calls.length > 0) parts.push(part(callsName));
  const window = windowPart(rule);
  if (window !== null) parts.push(part(window));

  const id = `[${index}, ${JSON.stringify(rule.id)}]`;
  const out: string[] = [];
  if (needsParts.length > 0) {
    out.push(
      '',
      needsParts.length === 1
        ? `${needsName} := ${needsParts[0]}`
        : `${needsName} := max([${needsParts.join(', ')}])`,
      '',
      `tv_needs_values contains ${needsName}`,
      '',
      `tv_missing_context contains ${id} if ${needsName} == 2`,
      '',
      `tv_undecided_context contains ${id} if ${needsName} == 1`,
    );
  }
  if (calls.length > 0) out.push('', ...callPartLines(callsName, rule, calls));
  // Kleene AND, stopping at the first F part; T only when every part is T.
  out.push(
    '',
    ...(parts.length === 1
      ? [`${name} := ${parts[0]!.value}`]
      : elseChain(
          name,
          [
            ...parts.map((p) => ({ value: '0', body: [p.isFalse] })),
            { value: '2', body: parts.map((p) => p.isTrue) },
          ],
          '1',
        )),
    '',
    `${rule.effect === 'deny' ? 'tv_deny_values' : 'tv_allow_values'} contains ${name}`,
    '',
    `tv_matched contains ${id} if ${name} == 2`,
    '',
    `tv_undecided contains ${id} if ${name} == 1`,
  );
  return out;
}

/** The three-valued condition helpers, one per two-valued test: U when the location is unknown. */
const CONDITION_TESTS = [
  'value_in',
  'value_not_in',
  'boolean_in',
  'boolean_not_in',
  'number_in',
  'number_not_in',
];

function conditionHelpers(): string[] {
  const out: string[] = [
    "# A request or caller condition; an absent key (object.get's null) holds for no test.",
  ];
  for (const test of CONDITION_TESTS) {
    out.push(
      `tv_${test}(location, values) := 1 if {`,
      '\ttv_unknown_at(location)',
      '} else := 2 if {',
      `\t${test}(object.get(input, location, null), values)`,
      '} else := 0',
      '',
    );
  }
  out.push('# A condition on call i.');
  for (const test of ['value_in', 'value_not_in']) {
    out.push(
      `tv_call_${test}(i, call, field, values) := 1 if {`,
      '\ttv_call_unknown(i, field)',
      '} else := 2 if {',
      `\t${test}(call[field], values)`,
      '} else := 0',
      '',
    );
  }
  return out;
}

/** Shared three-valued definitions, after the two-valued helpers they build on. */
export const THREE_VALUED_HELPERS: string[] = [
  ...`
# Three-valued evaluation (docs/unknowns.md). A location is unknown when a pointer of the unknown
# set names it, lies inside it or contains it: they agree on their common length.
tv_unknown_at(location) if {
	some pointer in input.${UNKNOWNS_KEY}.unknown
	n := min([count(pointer), count(location)])
	array.slice(pointer, 0, n) == array.slice(location, 0, n)
}

# Call i's field: "*" matches any index. A pointer naming or containing the call list is
# tv_calls_unknown, which the call parts test first.
tv_call_unknown(i, field) if {
	some pointer in tv_call_pointers
	tv_index_fits(pointer[3], i)
	tv_field_fits(pointer, field)
}

tv_call_pointers contains pointer if {
	some pointer in input.${UNKNOWNS_KEY}.unknown
	count(pointer) >= 4
	array.slice(pointer, 0, 3) == ["request", "mcp", "calls"]
}

tv_index_fits("*", _)

tv_index_fits(index, i) if index == i

tv_field_fits(pointer, _) if count(pointer) == 4

tv_field_fits(pointer, field) if pointer[4] == field

# The call list is unknown only through a pointer that names or contains it.
tv_calls_unknown if {
	some pointer in input.${UNKNOWNS_KEY}.unknown
	count(pointer) <= 3
	pointer == array.slice(["request", "mcp", "calls"], 0, count(pointer))
}

tv_unpaired if input.${UNKNOWNS_KEY}.unpaired == true

tv_calls := input.request.mcp.calls if {
	is_array(input.request.mcp.calls)
} else := []
`
    .trim()
    .split('\n'),
  '',
  ...conditionHelpers(),
  ...`
tv_time_unknown if tv_unknown_at(["request", "time"])

tv_window(days, zone, from, to) := 1 if {
	tv_time_unknown
} else := 2 if {
	window_open(days, zone, from, to)
} else := 0

tv_caller_needs := 1 if {
	tv_unknown_at(["identity", "verified"])
} else := 0 if {
	identity_verified
} else := 2

tv_directory_needs := 1 if {
	tv_unknown_at(["identity", "attributes_resolved"])
} else := 0 if {
	attributes_resolved
} else := 2

# A lost time does not make a window rule need context: the gateway had one.
tv_window_needs := 0 if {
	tv_time_unknown
} else := 0 if {
	request_has_time
} else := 2`
    .trim()
    .split('\n'),
];
