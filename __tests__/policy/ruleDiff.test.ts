import { describe, it, expect } from '@jest/globals';
import { ruleDiff } from '../../src/policy/ruleDiff.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import type { Policy } from '../../src/policy/schema.js';

/** docs/explain.md "The rule diff": by meaning, not by text. */

function policy(yaml: string): Policy {
  const result = validatePolicyText(yaml, 'p.yaml', 'yaml');
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.policy;
}

const BASE = `
default_effect: deny
on_missing_context: ignore
rules:
  - id: no-shell
    description: No shell.
    effect: deny
    conditions:
      - field: tool
        operator: in
        values: [run_shell, exec]
  - id: read
    description: Read tools.
    effect: allow
    conditions:
      - field: method
        operator: in
        values: [tools/call]
      - field: tool
        operator: in
        values: [read_file, list_dir]
  - id: deploys
    effect: allow
    conditions:
      - field: tool
        operator: in
        values: [deploy]
    active_window: { days: [mon, tue, wed], from: '09:00', to: '17:00', timezone: Europe/London }
`;

const edit = (from: string, to: string) => {
  expect(BASE).toContain(from);
  return BASE.replace(from, to);
};

const NOTHING = { added: [], removed: [], modified: [], reordered: false, settings: [] };

describe('the rule diff', () => {
  const base = policy(BASE);

  it('is empty for the same document', () => {
    expect(ruleDiff(base, policy(BASE))).toEqual(NOTHING);
  });

  it('ignores formatting, the order and repetition of values, conditions and days', () => {
    const reformatted = policy(`
default_effect: "deny"
on_missing_context: ignore
rules:
  - {id: no-shell, description: No shell., effect: deny, conditions: [{field: tool, operator: in, values: [exec, run_shell, exec]}]}
  - id: read
    description: 'Read tools.'
    effect: allow
    conditions:
      - {field: tool, operator: in, values: [list_dir, read_file, list_dir]}
      - {field: method, operator: in, values: [tools/call]}
      - {field: method, operator: in, values: [tools/call]}
  - id: deploys
    effect: allow
    conditions: [{field: tool, operator: in, values: [deploy]}]
    active_window: { days: [wed, mon, tue], from: '09:00', to: '17:00', timezone: Europe/London }
`);
    expect(ruleDiff(base, reformatted)).toEqual(NOTHING);
  });

  it('reports a description-only edit as such (it changes no decision)', () => {
    expect(ruleDiff(base, policy(edit('description: Read tools.', 'description: Everyday tools.')))).toEqual({
      ...NOTHING,
      modified: [{ id: 'read', what: ['description'] }],
    });
    // Adding a description to a rule that had none is a change; an empty one is none.
    expect(
      ruleDiff(base, policy(edit('  - id: deploys\n', '  - id: deploys\n    description: Bots.\n'))),
    ).toEqual({
      ...NOTHING,
      modified: [{ id: 'deploys', what: ['description'] }],
    });
    expect(
      ruleDiff(base, policy(edit('  - id: deploys\n', "  - id: deploys\n    description: ''\n"))),
    ).toEqual(NOTHING);
  });

  it('names each part a modification touches, in a fixed order', () => {
    expect(
      ruleDiff(
        base,
        policy(edit('values: [read_file, list_dir]', 'values: [read_file, list_dir, write_file]')),
      ).modified,
    ).toEqual([{ id: 'read', what: ['conditions'] }]);
    // not_in is not in: the operator is part of the condition.
    expect(
      ruleDiff(
        base,
        policy(
          edit(
            '        operator: in\n        values: [run_shell',
            '        operator: not_in\n        values: [run_shell',
          ),
        ),
      ).modified,
    ).toEqual([{ id: 'no-shell', what: ['conditions'] }]);
    expect(
      ruleDiff(base, policy(edit('effect: deny\n    conditions', 'effect: allow\n    conditions'))).modified,
    ).toEqual([{ id: 'no-shell', what: ['effect'] }]);
    expect(ruleDiff(base, policy(edit("to: '17:00'", "to: '18:00'"))).modified).toEqual([
      { id: 'deploys', what: ['active_window'] },
    ]);
    expect(ruleDiff(base, policy(edit('days: [mon, tue, wed]', 'days: [mon, tue]'))).modified).toEqual([
      { id: 'deploys', what: ['active_window'] },
    ]);
    const noWindow = edit(
      "\n    active_window: { days: [mon, tue, wed], from: '09:00', to: '17:00', timezone: Europe/London }",
      '',
    );
    expect(ruleDiff(base, policy(noWindow)).modified).toEqual([{ id: 'deploys', what: ['active_window'] }]);
    const allButConditions = edit(
      `    description: Read tools.
    effect: allow
    conditions:
      - field: method`,
      `    description: Read and write.
    effect: deny
    active_window: { days: [sat], from: '01:00', to: '02:00', timezone: UTC }
    conditions:
      - field: method`,
    );
    expect(ruleDiff(base, policy(allButConditions)).modified).toEqual([
      { id: 'read', what: ['effect', 'active_window', 'description'] },
    ]);
  });

  it('lists added and removed rules by id in file order; a renamed id is one of each', () => {
    const head = policy(
      edit('  - id: read\n', '  - id: read-v2\n').replace(
        'rules:\n',
        'rules:\n  - id: first\n    effect: deny\n    conditions: [{field: subject, operator: in, values: [mallory]}]\n',
      ),
    );
    expect(ruleDiff(base, head)).toEqual({ ...NOTHING, added: ['first', 'read-v2'], removed: ['read'] });
  });

  it('notes a reordering, which changes no decision, without calling it a modification', () => {
    const blocks = BASE.split('\n  - id: ');
    const reordered = [blocks[0], blocks[3], blocks[1], blocks[2]].join('\n  - id: ');
    const diff = ruleDiff(base, policy(reordered.replace(/\n*$/, '\n')));
    expect(diff).toEqual({ ...NOTHING, reordered: true });
    // Inserting or deleting rules around the others is not a reordering.
    expect(ruleDiff(base, policy(blocks.slice(0, 3).join('\n  - id: '))).reordered).toBe(false);
  });

  it('lists settings by their meaning: a left-out on_missing_context is deny', () => {
    expect(
      ruleDiff(base, policy(edit('on_missing_context: ignore', 'on_missing_context: deny'))).settings,
    ).toEqual([{ name: 'on_missing_context', from: 'ignore', to: 'deny' }]);
    const explicit = policy(edit('on_missing_context: ignore', 'on_missing_context: deny'));
    const leftOut = policy(edit('on_missing_context: ignore\n', ''));
    expect(ruleDiff(explicit, leftOut)).toEqual(NOTHING);
    expect(ruleDiff(base, policy(edit('default_effect: deny', 'default_effect: allow'))).settings).toEqual([
      { name: 'default_effect', from: 'deny', to: 'allow' },
    ]);
  });

  it('a new policy adds every rule and lists both settings from null; a deleted one removes every rule', () => {
    expect(ruleDiff(null, base)).toEqual({
      added: ['no-shell', 'read', 'deploys'],
      removed: [],
      modified: [],
      reordered: false,
      settings: [
        { name: 'default_effect', from: null, to: 'deny' },
        { name: 'on_missing_context', from: null, to: 'ignore' },
      ],
    });
    expect(ruleDiff(base, null)).toEqual({
      added: [],
      removed: ['no-shell', 'read', 'deploys'],
      modified: [],
      reordered: false,
      settings: [
        { name: 'default_effect', from: 'deny', to: null },
        { name: 'on_missing_context', from: 'ignore', to: null },
      ],
    });
  });
});
