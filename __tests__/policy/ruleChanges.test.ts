import { describe, it, expect } from '@jest/globals';
import { ruleChanges } from '../../src/policy/ruleChanges.js';
import { ruleDiff } from '../../src/policy/ruleDiff.js';
import type { Condition, Rule } from '../../src/policy/schema.js';

/** docs/explain.md "What changed, by value": a modification in the rule's own terms. */

const cond = (field: string, values: string[], operator: Condition['operator'] = 'in'): Condition => ({
  field,
  operator,
  values,
});

const rule = (conditions: Condition[], extra: Partial<Rule> = {}): Rule => ({
  id: 'r',
  effect: 'allow',
  conditions,
  ...extra,
});

const OFFICE: NonNullable<Rule['active_window']> = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  from: '09:00',
  to: '17:30',
  timezone: 'Europe/Berlin',
};

describe('changes by value', () => {
  it('compares a condition’s values as sets: added and removed, each sorted', () => {
    const before = rule([cond('tool', ['read_file', 'list_dir', 'exec'])]);
    const after = rule([cond('tool', ['write_file', 'read_file', 'fetch_url', 'list_dir'])]);
    expect(ruleChanges(before, after)).toEqual([
      { field: 'tool', op: 'in', added: ['fetch_url', 'write_file'], removed: ['exec'] },
    ]);
  });

  it('sees no change in reformatting, reordering or repeating values and conditions', () => {
    const before = rule([cond('tool', ['a', 'b']), cond('subject', ['alice'])]);
    const after = rule([
      cond('subject', ['alice']),
      cond('tool', ['b', 'a', 'b']),
      cond('subject', ['alice']),
    ]);
    expect(ruleChanges(before, after)).toEqual([]);
  });

  it('an operator changed on the field’s one condition, with the values it also changed', () => {
    expect(ruleChanges(rule([cond('tool', ['a'])]), rule([cond('tool', ['a'], 'not_in')]))).toEqual([
      { field: 'tool', from_op: 'in', to_op: 'not_in' },
    ]);
    expect(ruleChanges(rule([cond('tool', ['a', 'b'])]), rule([cond('tool', ['b', 'c'], 'not_in')]))).toEqual(
      [
        { field: 'tool', from_op: 'in', to_op: 'not_in' },
        { field: 'tool', op: 'not_in', added: ['c'], removed: ['a'] },
      ],
    );
  });

  it('a condition added or removed, its values as the document gives them, repeats dropped', () => {
    const before = rule([cond('tool', ['a']), cond('subject', ['zed', 'bob', 'zed'])]);
    const after = rule([cond('tool', ['a']), cond('group', ['ops', 'dev', 'ops'], 'not_in')]);
    expect(ruleChanges(before, after)).toEqual([
      { field: 'group', op: 'not_in', value: ['ops', 'dev'], change: 'added' },
      { field: 'subject', op: 'in', value: ['zed', 'bob'], change: 'removed' },
    ]);
  });

  it('pairs conditions that cannot be told apart as added and removed, never guessing', () => {
    // Two `in` conditions on the head's side: neither is "the" one the base's became.
    const before = rule([cond('tool', ['a'])]);
    const after = rule([cond('tool', ['a', 'b']), cond('tool', ['a', 'c'])]);
    expect(ruleChanges(before, after)).toEqual([
      { field: 'tool', op: 'in', value: ['a'], change: 'removed' },
      { field: 'tool', op: 'in', value: ['a', 'b'], change: 'added' },
      { field: 'tool', op: 'in', value: ['a', 'c'], change: 'added' },
    ]);
    // A condition both sides hold is set aside first, so the other pairs by its operator.
    const twoBefore = rule([cond('tool', ['x'], 'not_in'), cond('tool', ['a'])]);
    const twoAfter = rule([cond('tool', ['a', 'b']), cond('tool', ['x'], 'not_in')]);
    expect(ruleChanges(twoBefore, twoAfter)).toEqual([
      { field: 'tool', op: 'in', added: ['b'], removed: [] },
    ]);
    // Same field, one operator each side changed and another kept: the changed pair is an operator change.
    const opBefore = rule([cond('tool', ['x'], 'not_in'), cond('tool', ['a'])]);
    const opAfter = rule([cond('tool', ['x'], 'not_in'), cond('tool', ['a'], 'not_in')]);
    expect(ruleChanges(opBefore, opAfter)).toEqual([{ field: 'tool', from_op: 'in', to_op: 'not_in' }]);
  });

  it('orders changes: effect, conditions by field, window', () => {
    const before = rule([cond('tool', ['a']), cond('method', ['tools/call'])], { effect: 'deny' });
    const after = rule([cond('tool', ['b']), cond('method', ['tools/list'])], {
      effect: 'allow',
      active_window: OFFICE,
    });
    expect(ruleChanges(before, after)).toEqual([
      { effect: { from: 'deny', to: 'allow' } },
      { field: 'method', op: 'in', added: ['tools/list'], removed: ['tools/call'] },
      { field: 'tool', op: 'in', added: ['b'], removed: ['a'] },
      { active_window: { from: null, to: 'mon-fri 09:00-17:30 Europe/Berlin' } },
    ]);
  });

  it('gives each window in its text form; the same window written differently is no change', () => {
    const before = rule([cond('tool', ['a'])], { active_window: OFFICE });
    const later = rule([cond('tool', ['a'])], { active_window: { ...OFFICE, to: '18:00' } });
    expect(ruleChanges(before, later)).toEqual([
      {
        active_window: {
          from: 'mon-fri 09:00-17:30 Europe/Berlin',
          to: 'mon-fri 09:00-18:00 Europe/Berlin',
        },
      },
    ]);
    const shuffled = rule([cond('tool', ['a'])], {
      active_window: { ...OFFICE, days: ['fri', 'mon', 'thu', 'tue', 'wed'] },
    });
    expect(ruleChanges(before, shuffled)).toEqual([]);
    expect(ruleChanges(before, rule([cond('tool', ['a'])]))).toEqual([
      { active_window: { from: 'mon-fri 09:00-17:30 Europe/Berlin', to: null } },
    ]);
  });

  it('has no changes for a description-only edit, which the diff still lists', () => {
    const before = rule([cond('tool', ['a'])], { description: 'old' });
    const after = rule([cond('tool', ['a'])], { description: 'new' });
    expect(ruleChanges(before, after)).toEqual([]);
    const policy = (r: Rule) => ({ default_effect: 'deny' as const, rules: [r] });
    expect(ruleDiff(policy(before), policy(after)).modified).toEqual([
      { id: 'r', what: ['description'], line: null, changes: [] },
    ]);
  });

  it('agrees with `what`: conditions changes exactly when `what` names conditions', () => {
    const before = rule([cond('tool', ['a', 'b'])]);
    const after = rule([cond('tool', ['b', 'a'], 'not_in')]);
    const policy = (r: Rule) => ({ default_effect: 'deny' as const, rules: [r] });
    expect(ruleDiff(policy(before), policy(after)).modified).toEqual([
      {
        id: 'r',
        what: ['conditions'],
        line: null,
        changes: [{ field: 'tool', from_op: 'in', to_op: 'not_in' }],
      },
    ]);
  });
});
