import { describe, it, expect } from '@jest/globals';
import { checkReport } from '../../src/replay/report/reportSchema.js';
import type { RuleDiff } from '../../src/policy/ruleDiff.js';
import { report } from '../render/fixtures.js';

/** docs/explain.md "The rule diff": the report's schema takes every shape of the diff, and only those. */

const DIFF: RuleDiff = {
  added: ['deny-contractor-exports'],
  added_rules: [
    { id: 'deny-contractor-exports', effect: 'deny', summary: 'group in [contractors]', line: 12 },
  ],
  removed: ['allow-finance-exports'],
  removed_rules: [{ id: 'allow-finance-exports', effect: 'allow', summary: 'group in [finance]' }],
  modified: [
    {
      id: 'allow-read-tools',
      what: ['effect', 'conditions', 'active_window'],
      line: 30,
      changes: [
        { effect: { from: 'allow', to: 'deny' } },
        { field: 'subject', op: 'not_in', value: ['bob'], change: 'added' },
        { field: 'tool', from_op: 'in', to_op: 'not_in' },
        { field: 'tool', op: 'not_in', added: ['x'], removed: [] },
        { active_window: { from: null, to: 'mon-fri 09:00-17:30 UTC' } },
      ],
    },
    { id: 'described', what: ['description'], line: null, changes: [] },
  ],
  reordered: false,
  settings: [
    { name: 'default_effect', from: 'deny', to: 'allow', line: 1 },
    { name: 'on_missing_context', from: 'ignore', to: 'deny', line: null },
  ],
};

/** The render fixture, made consistent (no changes at all), holding `diff`. */
const withDiff = (diff: unknown) =>
  report([], {
    changes_total: 0,
    newly_allowed: 0,
    newly_denied: 0,
    from_unknown: 0,
    rule_diff: diff as RuleDiff,
  });

describe('the rule diff in the report schema', () => {
  it('accepts every shape of change, lines and null lines', () => {
    expect(checkReport(withDiff(DIFF))).toEqual({ ok: true, report: withDiff(DIFF) });
  });

  it.each([
    [
      'a change of no known shape',
      { ...DIFF.modified[0]!, changes: [{ field: 'tool', op: 'in', added: [] }] },
    ],
    [
      'an extra key in a change',
      { ...DIFF.modified[0]!, changes: [{ effect: { from: 'allow', to: 'deny' }, why: 1 }] },
    ],
    ['a line of 0', { ...DIFF.modified[0]!, line: 0 }],
    ['a modified rule without its changes', { id: 'x', what: ['effect'], line: null }],
  ])('refuses %s', (_name, modified) => {
    const check = checkReport(withDiff({ ...DIFF, modified: [modified] }));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems.join('\n')).toMatch(/^result\.rule_diff\.modified\[0\]/m);
  });

  it('refuses added_rules or removed_rules that do not list the added or removed ids', () => {
    for (const diff of [
      { ...DIFF, added_rules: [] },
      { ...DIFF, removed: ['another'] },
    ]) {
      const check = checkReport(withDiff(diff));
      expect(check).toMatchObject({ ok: false });
      if (!check.ok) expect(check.problems.join('\n')).toContain('must list the ids of added and removed');
    }
  });
});
