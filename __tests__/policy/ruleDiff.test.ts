import { describe, it, expect } from '@jest/globals';
import { ruleDiff, type RuleDiff } from '../../src/policy/ruleDiff.js';
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

const NOTHING = {
  added: [],
  added_rules: [],
  removed: [],
  removed_rules: [],
  modified: [],
  reordered: false,
  settings: [],
};

/** The modified rules by the parts they touch (their changes are tested in ruleChanges.test.ts). */
const parts = (diff: RuleDiff) => diff.modified.map(({ id, what }) => ({ id, what }));

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
      modified: [{ id: 'read', what: ['description'], line: null, changes: [] }],
    });
    // Adding a description to a rule that had none is a change; an empty one is none.
    expect(
      ruleDiff(base, policy(edit('  - id: deploys\n', '  - id: deploys\n    description: Bots.\n'))),
    ).toEqual({
      ...NOTHING,
      modified: [{ id: 'deploys', what: ['description'], line: null, changes: [] }],
    });
    expect(
      ruleDiff(base, policy(edit('  - id: deploys\n', "  - id: deploys\n    description: ''\n"))),
    ).toEqual(NOTHING);
  });

  it('names each part a modification touches, in a fixed order', () => {
    expect(
      parts(
        ruleDiff(
          base,
          policy(edit('values: [read_file, list_dir]', 'values: [read_file, list_dir, write_file]')),
        ),
      ),
    ).toEqual([{ id: 'read', what: ['conditions'] }]);
    // not_in is not in: the operator is part of the condition.
    expect(
      parts(
        ruleDiff(
          base,
          policy(
            edit(
              '        operator: in\n        values: [run_shell',
              '        operator: not_in\n        values: [run_shell',
            ),
          ),
        ),
      ),
    ).toEqual([{ id: 'no-shell', what: ['conditions'] }]);
    expect(
      parts(ruleDiff(base, policy(edit('effect: deny\n    conditions', 'effect: allow\n    conditions')))),
    ).toEqual([{ id: 'no-shell', what: ['effect'] }]);
    expect(parts(ruleDiff(base, policy(edit("to: '17:00'", "to: '18:00'"))))).toEqual([
      { id: 'deploys', what: ['active_window'] },
    ]);
    expect(parts(ruleDiff(base, policy(edit('days: [mon, tue, wed]', 'days: [mon, tue]'))))).toEqual([
      { id: 'deploys', what: ['active_window'] },
    ]);
    const noWindow = edit(
      "\n    active_window: { days: [mon, tue, wed], from: '09:00', to: '17:00', timezone: Europe/London }",
      '',
    );
    expect(parts(ruleDiff(base, policy(noWindow)))).toEqual([{ id: 'deploys', what: ['active_window'] }]);
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
    expect(parts(ruleDiff(base, policy(allButConditions)))).toEqual([
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
    expect(ruleDiff(base, head)).toEqual({
      ...NOTHING,
      added: ['first', 'read-v2'],
      added_rules: [
        { id: 'first', effect: 'deny', summary: 'subject in [mallory]', line: null },
        {
          id: 'read-v2',
          effect: 'allow',
          summary: 'method in [tools/call] and tool in [read_file, list_dir]',
          line: null,
        },
      ],
      removed: ['read'],
      removed_rules: [
        { id: 'read', effect: 'allow', summary: 'method in [tools/call] and tool in [read_file, list_dir]' },
      ],
    });
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
    ).toEqual([{ name: 'on_missing_context', from: 'ignore', to: 'deny', line: null }]);
    const explicit = policy(edit('on_missing_context: ignore', 'on_missing_context: deny'));
    const leftOut = policy(edit('on_missing_context: ignore\n', ''));
    expect(ruleDiff(explicit, leftOut)).toEqual(NOTHING);
    expect(ruleDiff(base, policy(edit('default_effect: deny', 'default_effect: allow'))).settings).toEqual([
      { name: 'default_effect', from: 'deny', to: 'allow', line: null },
    ]);
  });

  it('a new policy adds every rule and lists both settings from null; a deleted one removes every rule', () => {
    const summaries = [
      { id: 'no-shell', effect: 'deny', summary: 'tool in [run_shell, exec]' },
      { id: 'read', effect: 'allow', summary: 'method in [tools/call] and tool in [read_file, list_dir]' },
      {
        id: 'deploys',
        effect: 'allow',
        summary: 'tool in [deploy] during mon-wed 09:00-17:00 Europe/London',
      },
    ];
    expect(ruleDiff(null, base)).toEqual({
      ...NOTHING,
      added: ['no-shell', 'read', 'deploys'],
      added_rules: summaries.map((r) => ({ ...r, line: null })),
      settings: [
        { name: 'default_effect', from: null, to: 'deny', line: null },
        { name: 'on_missing_context', from: null, to: 'ignore', line: null },
      ],
    });
    expect(ruleDiff(base, null)).toEqual({
      ...NOTHING,
      removed: ['no-shell', 'read', 'deploys'],
      removed_rules: summaries,
      settings: [
        { name: 'default_effect', from: 'deny', to: null, line: null },
        { name: 'on_missing_context', from: 'ignore', to: null, line: null },
      ],
    });
  });
});
