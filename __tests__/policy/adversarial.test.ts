import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Decision, Policy, Rule } from '../../src/policy/schema.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import { generateRego } from '../../src/rego/generate.js';
import { runOpa } from '../../src/opa/build.js';
import { testOpaPath } from '../support/opa.js';
import { evaluateThreeWays, type PolicyBatch, type ThreeWayResult } from '../support/threeWay.js';

/**
 * Valid documents built to break a careless generator: ids with dots and dashes, descriptions
 * that try to leave their comment, values full of quoting characters, and claim/argument/attribute
 * names that are Rego keywords. Each must compile (`opa check --strict`, `opa fmt --fail`) and keep
 * its meaning on all three evaluators.
 */

const HOSTILE_VALUES = [
  'a"b',
  '"',
  '\\',
  'C:\\dir\\file',
  '\\"',
  '{x}',
  '}',
  '{',
  'a\nb',
  'a\r\nb',
  'tab\there',
  'é',
  '日本語',
  '🚀 launch',
  '\u2028',
  '${x}',
  '%s',
  '" || true || "',
  '"} allow := true {"',
  'in',
  'true',
  '',
  ' ',
  '#',
  '# not a comment',
  '`raw`',
] as const;

const HOSTILE_DESCRIPTIONS = [
  'first line\nallow := true\ndefault allow := true',
  'windows\r\nline }\r\n# still a comment',
  'old mac\rallow := true',
  'unicode line\u2028allow := true\u2029deny_matched := false',
  'next line\u0085package evil',
  'vertical\u000btab\u000cform feed',
  'nul \u0000 and bell \u0007',
  '"quoted" \'single\' `back` \\ backslash',
  '} } } import future.keywords',
  'package x\nimport rego.v1\nallow if true',
  '\n\n\n',
  '   trailing spaces   \n\t',
];

/** Claim/argument/attribute names that are Rego keywords or need quoting as path segments. */
const KEYWORD_FIELDS: { field: string; place: (input: Record<string, unknown>, value: string) => void }[] = [
  { field: 'claim:in.if', place: (i, v) => setPath(i, ['identity', 'claims', 'in', 'if'], v) },
  { field: 'claim:default', place: (i, v) => setPath(i, ['identity', 'claims', 'default'], v) },
  { field: 'claim:input.data', place: (i, v) => setPath(i, ['identity', 'claims', 'input', 'data'], v) },
  { field: 'claim:0.1', place: (i, v) => setPath(i, ['identity', 'claims', '0', '1'], v) },
  {
    field: 'claim:some.as.with',
    place: (i, v) => setPath(i, ['identity', 'claims', 'some', 'as', 'with'], v),
  },
  { field: 'argument:default', place: (i, v) => setPath(i, ['request', 'mcp', 'arguments', 'default'], v) },
  {
    field: 'argument:not.every',
    place: (i, v) => setPath(i, ['request', 'mcp', 'arguments', 'not', 'every'], v),
  },
  { field: 'argument:_', place: (i, v) => setPath(i, ['request', 'mcp', 'arguments', '_'], v) },
  {
    field: 'argument:contains-x',
    place: (i, v) => setPath(i, ['request', 'mcp', 'arguments', 'contains-x'], v),
  },
  { field: 'attribute:package', place: (i, v) => setPath(i, ['identity', 'attributes', 'package'], v) },
  { field: 'attribute:import', place: (i, v) => setPath(i, ['identity', 'attributes', 'import'], v) },
  { field: 'attribute:-x', place: (i, v) => setPath(i, ['identity', 'attributes', '-x'], v) },
  { field: 'attribute:null', place: (i, v) => setPath(i, ['identity', 'attributes', 'null'], v) },
];

function setPath(root: Record<string, unknown>, path: string[], value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

const ids = ['a.b-c', 'x.y.z-1', '9.9', 'Rule.With.Dots', 'under_score', 'trailing-', 'trailing.'];

/** Validates a policy written as JSON and as YAML; both must pass and read the same. */
function validated(policy: Policy): Policy {
  const json = validatePolicyText(JSON.stringify(policy, null, 2), 'adversarial.json', 'json');
  const yaml = validatePolicyText(stringify(policy), 'adversarial.yaml', 'yaml');
  if (!json.ok) throw new Error(`JSON rejected: ${JSON.stringify(json.errors)}`);
  if (!yaml.ok) throw new Error(`YAML rejected: ${JSON.stringify(yaml.errors)}`);
  expect(yaml.policy).toEqual(json.policy);
  return json.policy;
}

// ---- the documents ----------------------------------------------------------------------------

/** One allow rule per hostile value: `tool in [value]`, ids with dots and dashes. */
const valuesPolicy: Policy = {
  default_effect: 'deny',
  rules: HOSTILE_VALUES.map((value, i) => ({
    id: `${ids[i % ids.length]}.v${i}`,
    effect: 'allow' as const,
    conditions: [{ field: 'tool', operator: 'in' as const, values: [value] }],
  })),
};

/** One deny rule per keyword-named field, each with a hostile value. */
const keywordPolicy: Policy = {
  default_effect: 'allow',
  on_missing_context: 'ignore',
  rules: KEYWORD_FIELDS.map(({ field }, i) => ({
    id: `kw-${i}.${field.replace(/[^A-Za-z0-9]/g, '_')}`,
    effect: 'deny' as const,
    conditions: [{ field, operator: 'in' as const, values: [HOSTILE_VALUES[i % HOSTILE_VALUES.length]!] }],
  })),
};

/** Rules whose descriptions try to escape; the same rules without descriptions for comparison. */
const describedRules: Rule[] = HOSTILE_DESCRIPTIONS.map((description, i) => ({
  id: `d${i}-${ids[i % ids.length]}`,
  description,
  effect: i % 2 === 0 ? ('deny' as const) : ('allow' as const),
  conditions: [{ field: 'tool', operator: 'in' as const, values: [`t${i}`] }],
}));
const describedPolicy: Policy = { default_effect: 'deny', rules: describedRules };
const undescribedPolicy: Policy = {
  default_effect: 'deny',
  rules: describedRules.map(({ description: _description, ...rule }) => rule),
};

/**
 * Ids whose Rego names read like the generated helpers' (`tv_calls_unknown`, `tv_allow`, …): the
 * rule-derived names (`rule_`, `needs_context_`, `tv_rule_`, `tv_needs_context_`, `tv_call_part_`
 * prefixes) must never collide with a helper. Deny rules on two call fields, so every kind of
 * three-valued rule is generated.
 */
const helperLikePolicy: Policy = {
  default_effect: 'allow',
  rules: [
    'unknown',
    'calls',
    'allow',
    'deny',
    'decision',
    'matched',
    'unpaired',
    'value_in',
    'part',
    'needs',
  ].map((id, i) => ({
    id,
    effect: i % 2 === 0 ? ('deny' as const) : ('allow' as const),
    conditions: [
      { field: 'tool', operator: 'in' as const, values: ['x'] },
      { field: 'method', operator: 'in' as const, values: ['y'] },
      { field: 'claim:a', operator: 'in' as const, values: ['z'] },
    ],
  })),
};

const call = (tool: string) => ({ request: { mcp: { calls: [{ tool }] } } });

/** Exact value, then near misses: the value must match itself and nothing else. */
function nearMisses(value: string): string[] {
  return [
    `${value} `,
    ` ${value}`,
    value.slice(0, -1),
    JSON.stringify(value),
    JSON.stringify(value).slice(1, -1),
    value.replace(/\\/g, '\\\\'),
    value.toUpperCase(),
  ];
}

const valueInputs = HOSTILE_VALUES.flatMap((v) => [v, ...nearMisses(v)]).map(call);
const keywordInputs = KEYWORD_FIELDS.flatMap(({ place }, i) => {
  const value = HOSTILE_VALUES[i % HOSTILE_VALUES.length]!;
  return [value, ...nearMisses(value)].map((candidate) => {
    const input: Record<string, unknown> = { identity: { verified: true, attributes_resolved: true } };
    place(input, candidate);
    return input;
  });
});
const descriptionInputs = [...describedRules.map((_, i) => call(`t${i}`)), call('t0x'), call('allow'), {}];

// ---- the tests --------------------------------------------------------------------------------

let results: ThreeWayResult;
let batches: PolicyBatch[];

beforeAll(async () => {
  batches = [
    { policy: validated(valuesPolicy), inputs: valueInputs },
    { policy: validated(keywordPolicy), inputs: keywordInputs },
    { policy: validated(describedPolicy), inputs: descriptionInputs },
    { policy: validated(undescribedPolicy), inputs: descriptionInputs },
  ];
  results = await evaluateThreeWays(batches);
});

function expectAllThree(b: number, i: number, want: Decision, what: string): void {
  const got = { wasm: results.wasm[b]![i], go: results.go[b]![i], reference: results.reference[b]![i] };
  expect({ what, ...got }).toEqual({ what, wasm: want, go: want, reference: want });
}

describe('adversarial but valid documents', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'policy-replay-adversarial-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generate Rego that passes opa check --strict and opa fmt --fail (one opa run each)', async () => {
    const policies = [valuesPolicy, keywordPolicy, describedPolicy, undescribedPolicy, helperLikePolicy].map(
      validated,
    );
    await Promise.all(
      policies.map((policy, i) =>
        writeFile(join(dir, `p${i}.rego`), generateRego(policy, { packageName: `adversarial.p${i}` })),
      ),
    );
    const opa = testOpaPath();
    await expect(runOpa(opa, ['check', '--strict', dir])).resolves.toBeDefined();
    const fmt = await runOpa(opa, ['fmt', '--list', '--fail', dir]);
    expect(fmt.stdout.trim()).toBe('');
  });

  it('a hostile value matches exactly itself and nothing else', () => {
    let i = 0;
    HOSTILE_VALUES.forEach((value) => {
      for (const candidate of [value, ...nearMisses(value)]) {
        const matched = valuesPolicy.rules
          .filter((r) => r.conditions[0]!.values[0] === candidate)
          .map((r) => r.id);
        expectAllThree(
          0,
          i,
          { allow: matched.length > 0, matched_rule_ids: matched, missing_context_rule_ids: [] },
          `tool ${JSON.stringify(candidate)}`,
        );
        i += 1;
      }
    });
  });

  it('keyword-named claims, arguments and attributes read the right path', () => {
    let i = 0;
    KEYWORD_FIELDS.forEach(({ field }, f) => {
      const value = HOSTILE_VALUES[f % HOSTILE_VALUES.length]!;
      for (const candidate of [value, ...nearMisses(value)]) {
        // Only this field is set in the input, so only its rule can match.
        const matched = candidate === value ? [keywordPolicy.rules[f]!.id] : [];
        expectAllThree(
          1,
          i,
          { allow: matched.length === 0, matched_rule_ids: matched, missing_context_rule_ids: [] },
          `${field} = ${JSON.stringify(candidate)}`,
        );
        i += 1;
      }
    });
  });

  it('a description cannot add, remove or change a rule', () => {
    descriptionInputs.forEach((_, i) => {
      const matched = describedRules.filter(
        (r) => i < describedRules.length && r.conditions[0]!.values[0] === `t${i}`,
      );
      const ids = matched.map((r) => r.id);
      const want: Decision = {
        allow: matched.length > 0 && matched.every((r) => r.effect === 'allow'),
        matched_rule_ids: ids,
        missing_context_rule_ids: [],
      };
      expectAllThree(2, i, want, `described, input ${i}`);
      expectAllThree(3, i, want, `undescribed, input ${i}`);
    });
  });

  it('a description only adds comment lines', () => {
    const withText = generateRego(validated(describedPolicy)).split('\n');
    const withoutText = generateRego(validated(undescribedPolicy)).split('\n');
    // Removing every comment line that is not in the undescribed output gives that output back.
    const baseline = new Set(withoutText);
    const added = withText.filter((line) => !baseline.has(line));
    for (const line of added) expect(line).toMatch(/^#( |$)/);
    expect(withText.filter((line) => baseline.has(line) || !line.startsWith('#'))).toEqual(withoutText);
    // No comment line can carry a line break the Rego parser would honour, nor a NUL.
    // eslint-disable-next-line no-control-regex
    for (const line of withText) expect(line).not.toMatch(/[\r\u2028\u2029\u0085\u000b\u000c\u0000]/);
  });
});
