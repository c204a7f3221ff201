import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Policy, Rule } from '../../src/policy/schema.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import { generateRego } from '../../src/rego/generate.js';
import { regoRuleName } from '../../src/policy/regoNames.js';
import { repoRoot } from '../support/opa.js';

/** docs/policy.md "The generated Rego": deterministic, and a one-rule edit is a one-rule diff. */

function valid(policy: Policy): Policy {
  const result = validatePolicyText(JSON.stringify(policy), 'p.json', 'json');
  if (!result.ok) throw new Error(`test bug: invalid policy ${JSON.stringify(result.errors)}`);
  return result.policy;
}

const base: Policy = {
  default_effect: 'deny',
  on_missing_context: 'deny',
  rules: [
    { id: 'ops', effect: 'allow', conditions: [{ field: 'group', operator: 'in', values: ['ops'] }] },
    {
      id: 'no-shell',
      description: 'Never a shell.',
      effect: 'deny',
      conditions: [{ field: 'tool', operator: 'in', values: ['run_shell'] }],
    },
    {
      id: 'readers.v2',
      effect: 'allow',
      conditions: [
        { field: 'tool', operator: 'in', values: ['read_file', 'list_dir'] },
        { field: 'http_method', operator: 'in', values: ['POST'] },
      ],
    },
    {
      id: 'night',
      effect: 'deny',
      conditions: [{ field: 'tool', operator: 'in', values: ['deploy'] }],
      active_window: { days: ['fri'], from: '22:00', to: '06:00', timezone: 'Europe/London' },
    },
    { id: 'vip', effect: 'allow', conditions: [{ field: 'claim:tier', operator: 'in', values: ['gold'] }] },
  ],
};

/** Splits generated Rego into the shared header and one section per rule (by its exact header line). */
function sections(rego: string, policy: Policy): string[][] {
  const lines = rego.split('\n');
  const starts: number[] = [];
  let from = 0;
  for (const rule of policy.rules) {
    const at = lines.indexOf(`# Rule ${rule.id} (${rule.effect})`, from);
    if (at < 0) throw new Error(`no section for rule ${rule.id}`);
    starts.push(at);
    from = at + 1;
  }
  const bounds = [0, ...starts, lines.length];
  return bounds.slice(0, -1).map((start, i) => lines.slice(start, bounds[i + 1]));
}

/** Generates before and after and asserts that only rule `index`'s section differs. */
function expectOnlyRuleChanges(before: Policy, after: Policy, index: number): void {
  const a = sections(generateRego(valid(before)), before);
  const b = sections(generateRego(valid(after)), after);
  expect(b.length).toBe(a.length);
  a.forEach((section, s) => {
    // Section 0 is the shared header; rule i is section i + 1.
    if (s === index + 1) expect(b[s]).not.toEqual(section);
    else expect({ section: s, lines: b[s] }).toEqual({ section: s, lines: section });
  });
}

function editRule(policy: Policy, index: number, edit: (rule: Rule) => Rule): Policy {
  return { ...policy, rules: policy.rules.map((r, i) => (i === index ? edit(structuredClone(r)) : r)) };
}

describe('generateRego determinism', () => {
  it('the same document gives byte-identical Rego', () => {
    const text = readFileSync(join(repoRoot, 'fixtures/policies/valid-windows.json'), 'utf8');
    const first = validatePolicyText(text, 'a.json', 'json');
    const second = validatePolicyText(text, 'a.json', 'json');
    if (!first.ok || !second.ok) throw new Error('fixture invalid');
    const rego = generateRego(first.policy);
    expect(generateRego(second.policy)).toBe(rego);
    expect(generateRego(first.policy)).toBe(rego);
  });

  it('JSON and YAML spellings of one policy, and any key order, give the same Rego', () => {
    const policy = valid(base);
    const yaml = validatePolicyText(stringify(base), 'p.yaml', 'yaml');
    const reordered = validatePolicyText(
      JSON.stringify({
        rules: base.rules.map((r) => Object.fromEntries(Object.entries(r).reverse())),
        on_missing_context: base.on_missing_context,
        default_effect: base.default_effect,
      }),
      'p.json',
      'json',
    );
    if (!yaml.ok || !reordered.ok) throw new Error('test bug: invalid');
    expect(generateRego(yaml.policy)).toBe(generateRego(policy));
    expect(generateRego(reordered.policy)).toBe(generateRego(policy));
  });

  it('rule names follow the documented id mapping', () => {
    expect(regoRuleName('readers.v2')).toBe('rule_readers_v2');
    expect(regoRuleName('no-shell')).toBe('rule_no_shell');
    expect(regoRuleName('9.9')).toBe('rule_9_9');
    const rego = generateRego(valid(base));
    for (const rule of base.rules) expect(rego).toContain(`\n${regoRuleName(rule.id)} if`);
  });
});

describe('editing one rule changes only that rule’s lines', () => {
  const edits: [string, (rule: Rule) => Rule][] = [
    [
      'values',
      (r) => ({ ...r, conditions: [{ ...r.conditions[0]!, values: ['cat'] }, ...r.conditions.slice(1)] }),
    ],
    [
      'operator',
      (r) => ({ ...r, conditions: [{ ...r.conditions[0]!, operator: 'not_in' }, ...r.conditions.slice(1)] }),
    ],
    [
      'a call condition added',
      (r) => ({
        ...r,
        conditions: [...r.conditions, { field: 'resource_uri', operator: 'not_in', values: ['x'] }],
      }),
    ],
    ['a condition removed', (r) => ({ ...r, conditions: r.conditions.slice(0, 1) })],
    [
      'a caller condition added',
      (r) => ({ ...r, conditions: [...r.conditions, { field: 'group', operator: 'in', values: ['ops'] }] }),
    ],
    [
      'a window added',
      (r) => ({ ...r, active_window: { days: ['mon'], from: '09:00', to: '17:00', timezone: 'UTC' } }),
    ],
    ['the effect', (r) => ({ ...r, effect: r.effect === 'allow' ? 'deny' : 'allow' })],
    ['a description added', (r) => ({ ...r, description: 'now described\nover two lines' })],
    ['the id', (r) => ({ ...r, id: 'readers.v3' })],
  ];
  it.each(edits)('%s', (_name, edit) => expectOnlyRuleChanges(base, editRule(base, 2, edit), 2));

  it('window timezone and description of a windowed rule', () => {
    expectOnlyRuleChanges(
      base,
      editRule(base, 3, (r) => ({
        ...r,
        active_window: { ...r.active_window!, timezone: 'America/New_York' },
      })),
      3,
    );
    expectOnlyRuleChanges(
      base,
      editRule(base, 1, (r) => ({ ...r, description: 'changed' })),
      1,
    );
  });

  // docs/policy.md: editing one rule changes only that rule's lines, holds even when the edit makes
  // it the policy's first (or last) rule that can miss context.
  it('making the first rule that reads caller data', () => {
    const plain: Policy = {
      default_effect: 'deny',
      rules: [
        { id: 'a', effect: 'allow', conditions: [{ field: 'tool', operator: 'in', values: ['x'] }] },
        { id: 'b', effect: 'deny', conditions: [{ field: 'tool', operator: 'in', values: ['y'] }] },
      ],
    };
    expectOnlyRuleChanges(
      plain,
      editRule(plain, 1, (r) => ({
        ...r,
        conditions: [...r.conditions, { field: 'claim:role', operator: 'in', values: ['x'] }],
      })),
      1,
    );
  });
});

describe('the three-valued entrypoint beside the two-valued one (docs/unknowns.md)', () => {
  /** The generated module as top-level definitions: the name each starts with, and its lines. */
  function definitions(rego: string): { name: string; text: string }[] {
    const out: { name: string; text: string }[] = [];
    for (const line of rego.split('\n')) {
      const head = /^(?:default )?([A-Za-z_][A-Za-z0-9_]*)/.exec(line);
      if (head && !line.startsWith('package') && !line.startsWith('import'))
        out.push({ name: head[1]!, text: line });
      else if (out.length > 0 && line !== '' && !line.startsWith('#'))
        out[out.length - 1]!.text += `\n${line}`;
    }
    return out;
  }

  const rego = generateRego(valid(base));
  const defs = definitions(rego);
  const threeValued = (name: string) => name.startsWith('tv_') || name === 'three_valued_decision';

  it('the two-valued decision reads nothing of the three-valued half, nor the unknown set', () => {
    const twoValued = defs.filter((d) => !threeValued(d.name));
    expect(twoValued.length).toBeGreaterThan(10);
    for (const d of twoValued) {
      expect({ [d.name]: /\btv_|three_valued|input\.policy_replay/.test(d.text) }).toEqual({
        [d.name]: false,
      });
    }
  });

  it('only the three-valued half reads the unknown set, under input.policy_replay', () => {
    const readers = defs.filter((d) => d.text.includes('input.policy_replay')).map((d) => d.name);
    expect(readers.length).toBeGreaterThan(0);
    for (const name of readers) expect(threeValued(name)).toBe(true);
    // No condition reads it: every policy field is rooted at input.request or input.identity.
    expect([...new Set(rego.match(/input\.policy_replay\.(\w+)/g))].sort()).toEqual([
      'input.policy_replay.unknown',
      'input.policy_replay.unpaired',
    ]);
  });

  it('has one three-valued matched value per rule, in that rule’s section', () => {
    for (const rule of base.rules) {
      const name = `tv_${regoRuleName(rule.id)}`;
      expect(rego).toContain(`\n${name} := `);
      const section = rego.slice(rego.indexOf(`# Rule ${rule.id} (`));
      expect(section).toContain(`\n${name} := `);
    }
  });
});
