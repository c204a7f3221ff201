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

/** The top-level input key that carries the unknown set to the three-valued entrypoint. */
export const UNKNOWNS_KEY = 'policy_replay';

/** The name of the three-valued decision in every generated package. */
export const THREE_VALUED_DECISION = 'three_valued_decision';

/** The payload under UNKNOWNS_KEY. */
export interface UnknownsPayload {
  /**
   * Pointers as segments relative to `/input`; the call index of a pointer under
   * `/input/request/mcp/calls` is a number (so it compares with the call's index), `*` any index.
   */
  unknown: (string | number)[][];
  /** The calls were recorded unpaired (traffic.md "Unpaired batches"). */
  unpaired: boolean;
}

function isArrayIndex(segment: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(segment);
}

/**
 * The payload of a record's unknown set. On an unpaired batch a pointer naming one call names
 * that field on every call (`*`), and one beyond `callCount` changes nothing (dropped).
 */
export function unknownsPayload(
  pointers: readonly (readonly string[])[],
  unpaired: { call_count: number } | null,
): UnknownsPayload {
  const unknown: (string | number)[][] = [];
  for (const pointer of pointers) {
    const underCalls =
      pointer.length >= 4 && pointer[0] === 'request' && pointer[1] === 'mcp' && pointer[2] === 'calls';
    if (!underCalls || !isArrayIndex(pointer[3]!)) {
      unknown.push([...pointer]);
      continue;
    }
    const index = Number(pointer[3]);
    if (unpaired === null) unknown.push(['request', 'mcp', 'calls', index, ...pointer.slice(4)]);
    else if (index < unpaired.call_count) unknown.push(['request', 'mcp', 'calls', '*', ...pointer.slice(4)]);
  }
  return { unknown, unpaired: unpaired !== null };
}

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

/** A reference in the form `opa fmt` prints a JSON array of path segments. */
function location(segments: readonly (string | number)[]): string {
  return `[${segments.map((s) => (typeof s === 'number' ? String(s) : JSON.stringify(s))).join(', ')}]`;
}

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

/** One rule's three-valued lines: its needs, its matched value, and what they feed. */
export function threeValuedRuleLines(rule: Rule, index: number): string[] {
  const name = `tv_${regoRuleName(rule.id)}`;
  const needsName = `tv_${regoNeedsContextName(rule.id)}`;
  const features = ruleFeatures(rule);
  const needsParts: string[] = [];
  if (features.caller) needsParts.push('tv_caller_needs');
  if (features.directory) needsParts.push('tv_directory_needs');
  if (features.window) needsParts.push('tv_window_needs');

  const parts: string[] = [];
  if (needsParts.length > 0) parts.push(`2 - ${needsName}`);
  const window = windowPart(rule);
  if (window !== null) parts.push(window);
  const callTests: string[] = [];
  for (const condition of rule.conditions) {
    const kind = classifyField(condition.field);
    const test = testOf(kind, condition);
    const values = valuesOf(kind, condition);
    if (kind.kind === 'call') {
      callTests.push(`tv_call(i, call, ${JSON.stringify(kind.name)}, ${JSON.stringify(test)}, ${values})`);
    } else {
      parts.push(`tv_condition(${location(inputPathOf(kind).path)}, ${JSON.stringify(test)}, ${values})`);
    }
  }
  if (callTests.length > 0) {
    const rows = `[[${callTests.join(', ')}] | some i, call in tv_calls]`;
    if (rule.effect === 'allow') parts.push(`tv_every_call(${rows})`);
    else if (features.combinesCallFields)
      parts.push(`tv_some_call_unpaired(${rows}, [${callTests.map((_, k) => k).join(', ')}])`);
    else parts.push(`tv_some_call(${rows})`);
  }

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
  out.push(
    '',
    ...(parts.length === 1
      ? [`${name} := ${parts[0]}`]
      : [`${name} := min([`, ...parts.map((p) => `\t${p},`), '])']),
    '',
    `${rule.effect === 'deny' ? 'tv_deny_values' : 'tv_allow_values'} contains ${name}`,
    '',
    `tv_matched contains ${id} if ${name} == 2`,
    '',
    `tv_undecided contains ${id} if ${name} == 1`,
  );
  return out;
}

/** Shared three-valued definitions, after the two-valued helpers they build on. */
export const THREE_VALUED_HELPERS: string[] = `
# Three-valued evaluation (docs/unknowns.md). A location is unknown when a pointer of the unknown
# set names it, lies inside it or contains it; "*" matches a call's index.
tv_unknown_at(location) if {
	some pointer in input.${UNKNOWNS_KEY}.unknown
	every i, segment in pointer {
		tv_segment_fits(segment, location, i)
	}
}

tv_segment_fits(_, location, i) if i >= count(location)

tv_segment_fits(segment, location, i) if segment == location[i]

tv_segment_fits("*", location, i) if is_number(location[i])

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

tv_holds("value_in", v, values) if value_in(v, values)

tv_holds("value_not_in", v, values) if value_not_in(v, values)

tv_holds("boolean_in", v, values) if boolean_in(v, values)

tv_holds("boolean_not_in", v, values) if boolean_not_in(v, values)

tv_holds("number_in", v, values) if number_in(v, values)

tv_holds("number_not_in", v, values) if number_not_in(v, values)

# A request or caller condition; an absent key (object.get's null) holds for no test.
tv_condition(location, test, values) := 1 if {
	tv_unknown_at(location)
} else := 2 if {
	tv_holds(test, object.get(input, location, null), values)
} else := 0

# A condition on call i.
tv_call(i, call, field, test, values) := 1 if {
	tv_unknown_at(["request", "mcp", "calls", i, field])
} else := 2 if {
	tv_holds(test, call[field], values)
} else := 0

# Each row holds one call's condition values. A deny rule needs some call...
tv_some_call(rows) := 1 if {
	tv_calls_unknown
} else := max({0} | {min(row) | some row in rows})

# ...an allow rule every call of a non-empty list (also exact on an unpaired batch).
tv_every_call(rows) := 1 if {
	tv_calls_unknown
} else := 0 if {
	count(rows) == 0
} else := min({min(row) | some row in rows})

# A deny rule on two or more call fields over an unpaired batch: some(c) and all(c) per condition.
tv_some_call_unpaired(rows, columns) := 1 if {
	tv_calls_unknown
} else := tv_some_call(rows) if {
	not tv_unpaired
} else := 0 if {
	some k in columns
	tv_some_column(rows, k) == 0
} else := 2 if {
	some k in columns
	tv_some_column(rows, k) == 2
	every j in columns {
		tv_all_column_unless(rows, j, k)
	}
} else := 1

tv_some_column(rows, k) := max({0} | {row[k] | some row in rows})

tv_all_column_unless(_, j, k) if j == k

tv_all_column_unless(rows, j, _) if min({2} | {row[j] | some row in rows}) == 2

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
  .split('\n');
