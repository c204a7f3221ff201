import { describe, it, expect } from '@jest/globals';
import { NO_LINES, policyLines } from '../../src/policy/policyLines.js';
import { ruleDiff } from '../../src/policy/ruleDiff.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import type { Policy } from '../../src/policy/schema.js';

/** docs/explain.md "The rule diff": edits point at the head file's lines. */

function policy(text: string, format: 'json' | 'yaml'): Policy {
  const result = validatePolicyText(text, `p.${format}`, format);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.policy;
}

const BASE_YAML = `default_effect: deny
rules:
  - id: read
    effect: allow
    conditions: [{ field: tool, operator: in, values: [read_file] }]
  - id: gone
    effect: allow
    conditions: [{ field: tool, operator: in, values: [x] }]
`;

const HEAD_YAML = `# a comment moves every line down
default_effect: allow
on_missing_context: ignore
rules:
  - effect: deny
    id: new-rule
    conditions: [{ field: subject, operator: in, values: [mallory] }]
  - id: read
    effect: allow
    conditions: [{ field: tool, operator: in, values: [read_file, write_file] }]
`;

const HEAD_JSON = `{
  "rules": [
    {
      "id": "new-rule", "effect": "deny",
      "conditions": [{ "field": "subject", "operator": "in", "values": ["mallory"] }]
    },
    {
      "id": "read",
      "effect": "allow",
      "conditions": [{ "field": "tool", "operator": "in", "values": ["read_file", "write_file"] }]
    }
  ],
  "default_effect": "allow",
  "on_missing_context": "ignore"
}
`;

describe('the lines of a policy file', () => {
  it('finds each rule’s id key and each setting’s key in YAML', () => {
    const lines = policyLines(HEAD_YAML, 'yaml');
    expect(Object.fromEntries(lines.rules)).toEqual({ 'new-rule': 6, read: 8 });
    expect(lines.settings.get('default_effect')).toBe(2);
    expect(lines.settings.get('on_missing_context')).toBe(3);
  });

  it('finds them in JSON, and after a byte-order mark', () => {
    const lines = policyLines(`\ufeff${HEAD_JSON}`, 'json');
    expect(Object.fromEntries(lines.rules)).toEqual({ 'new-rule': 4, read: 8 });
    expect(lines.settings.get('default_effect')).toBe(13);
    expect(lines.settings.get('on_missing_context')).toBe(14);
  });

  it('has no lines for a text that does not parse as a mapping', () => {
    expect(policyLines('rules: [', 'yaml')).toEqual(NO_LINES);
    expect(policyLines('- a list', 'yaml')).toEqual(NO_LINES);
  });
});

describe('the rule diff’s lines', () => {
  it.each([
    ['yaml', HEAD_YAML, { added: 6, modified: 8, default_effect: 2, on_missing_context: 3 }],
    ['json', HEAD_JSON, { added: 4, modified: 8, default_effect: 13, on_missing_context: 14 }],
  ] as const)('points edits at the head’s lines (%s)', (format, text, at) => {
    const diff = ruleDiff(policy(BASE_YAML, 'yaml'), policy(text, format), policyLines(text, format));
    expect(diff.added_rules.map((r) => [r.id, r.line])).toEqual([['new-rule', at.added]]);
    expect(diff.modified.map((r) => [r.id, r.line])).toEqual([['read', at.modified]]);
    expect(diff.removed_rules).toEqual([{ id: 'gone', effect: 'allow', summary: 'tool in [x]' }]);
    expect(diff.settings.map((s) => [s.name, s.line])).toEqual([
      ['default_effect', at.default_effect],
      ['on_missing_context', at.on_missing_context],
    ]);
  });

  it('a setting the head leaves out has no line; a deleted head has none at all', () => {
    const head = HEAD_YAML.replace('on_missing_context: ignore\n', '');
    const base = BASE_YAML.replace(
      'default_effect: deny\n',
      'default_effect: deny\non_missing_context: ignore\n',
    );
    const diff = ruleDiff(policy(base, 'yaml'), policy(head, 'yaml'), policyLines(head, 'yaml'));
    expect(diff.settings).toEqual([
      { name: 'default_effect', from: 'deny', to: 'allow', line: 2 },
      { name: 'on_missing_context', from: 'ignore', to: 'deny', line: null },
    ]);
    const deleted = ruleDiff(policy(base, 'yaml'), null, policyLines(HEAD_YAML, 'yaml'));
    expect(deleted.settings.map((s) => s.line)).toEqual([null, null]);
  });
});
