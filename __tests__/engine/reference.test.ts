/**
 * The reference evaluator against docs/policy.md's "How a policy decides", one rule of the spec at a
 * time. Every expectation here is read off the spec, not off the implementation.
 */
import { describe, it, expect } from '@jest/globals';
import type { ActiveWindow, Condition, Policy, Rule } from '../../src/policy/schema.js';
import { evaluateReference } from '../../src/engine/reference.js';
import { BuiltinError } from '../../src/engine/timeBuiltins.js';

const cond = (field: string, operator: 'in' | 'not_in', ...values: string[]): Condition => ({
  field,
  operator,
  values,
});

let counter = 0;
function rule(
  effect: 'allow' | 'deny',
  conditions: Condition[],
  extra: { id?: string; window?: ActiveWindow } = {},
): Rule {
  counter += 1;
  return {
    id: extra.id ?? `r${counter}`,
    effect,
    conditions,
    ...(extra.window === undefined ? {} : { active_window: extra.window }),
  };
}

function policy(
  rules: Rule[],
  defaultEffect: 'allow' | 'deny' = 'deny',
  onMissing?: 'deny' | 'ignore',
): Policy {
  return {
    default_effect: defaultEffect,
    ...(onMissing === undefined ? {} : { on_missing_context: onMissing }),
    rules,
  };
}

/** A verified, directory-resolved caller with the given identity fields. */
function input(request: Record<string, unknown>, identity: Record<string, unknown> = {}): unknown {
  return { request, identity: { verified: true, attributes_resolved: true, ...identity } };
}

/** Whether the single rule of `p` matched `i` (and nothing needed context). */
function matches(r: Rule, i: unknown): boolean {
  const decision = evaluateReference(policy([r]), i);
  expect(decision.missing_context_rule_ids).toEqual([]);
  return decision.matched_rule_ids.includes(r.id);
}

/** Evaluates one deny rule with one request-scoped condition against `identity`/`request`. */
function denyMatches(condition: Condition, i: unknown): boolean {
  return matches(rule('deny', [condition]), i);
}

const oneCall = (call: Record<string, unknown>) => ({ mcp: { calls: [call] } });

describe('one condition', () => {
  it('an absent value is false for in and for not_in', () => {
    const i = input({ http: { host: 'h' } });
    expect(denyMatches(cond('http_path', 'in', '/a'), i)).toBe(false);
    expect(denyMatches(cond('http_path', 'not_in', '/a'), i)).toBe(false);
    // A call without resource_uri is invisible to a resource_uri condition.
    const call = input(oneCall({ tool: 't' }));
    expect(denyMatches(cond('resource_uri', 'in', 'file:///x'), call)).toBe(false);
    expect(denyMatches(cond('resource_uri', 'not_in', 'file:///x'), call)).toBe(false);
  });

  it('a string compares exactly and case-sensitively', () => {
    const i = input({ http: { method: 'POST' } });
    expect(denyMatches(cond('http_method', 'in', 'POST', 'PUT'), i)).toBe(true);
    expect(denyMatches(cond('http_method', 'in', 'post'), i)).toBe(false);
    expect(denyMatches(cond('http_method', 'not_in', 'post'), i)).toBe(true);
    expect(denyMatches(cond('http_method', 'not_in', 'POST'), i)).toBe(false);
    expect(denyMatches(cond('http_method', 'in', 'POST '), i)).toBe(false);
  });

  it('an array: in when some element is listed, not_in when none is', () => {
    const i = input({}, { groups: ['eng', 'ops'] });
    expect(denyMatches(cond('group', 'in', 'ops'), i)).toBe(true);
    expect(denyMatches(cond('group', 'in', 'sales'), i)).toBe(false);
    expect(denyMatches(cond('group', 'not_in', 'sales', 'hr'), i)).toBe(true);
    expect(denyMatches(cond('group', 'not_in', 'sales', 'eng'), i)).toBe(false);
  });

  it('an empty array: in is false and not_in is true', () => {
    const i = input({}, { tags: [] });
    expect(denyMatches(cond('tag', 'in', 'bot'), i)).toBe(false);
    expect(denyMatches(cond('tag', 'not_in', 'bot'), i)).toBe(true);
  });

  it('array elements that are numbers or booleans compare by JSON text; others never match', () => {
    const i = input({}, { claims: { levels: [5, true, null, { a: 1 }, ['x']] } });
    expect(denyMatches(cond('claim:levels', 'in', '5'), i)).toBe(true);
    expect(denyMatches(cond('claim:levels', 'in', 'true'), i)).toBe(true);
    expect(denyMatches(cond('claim:levels', 'in', 'null'), i)).toBe(false);
    expect(denyMatches(cond('claim:levels', 'in', 'x'), i)).toBe(false);
    expect(denyMatches(cond('claim:levels', 'not_in', 'null', 'x', '6'), i)).toBe(true);
    expect(denyMatches(cond('claim:levels', 'not_in', '5'), i)).toBe(false);
  });

  it('a number or boolean compares by its JSON text', () => {
    const i = input({ mcp: { arguments: { limit: 5, ratio: 1.5, dry: false } } });
    expect(denyMatches(cond('argument:limit', 'in', '5'), i)).toBe(true);
    expect(denyMatches(cond('argument:limit', 'in', '5.0'), i)).toBe(false);
    expect(denyMatches(cond('argument:limit', 'not_in', '5'), i)).toBe(false);
    expect(denyMatches(cond('argument:ratio', 'in', '1.5'), i)).toBe(true);
    expect(denyMatches(cond('argument:dry', 'in', 'false'), i)).toBe(true);
    expect(denyMatches(cond('argument:dry', 'not_in', 'true'), i)).toBe(true);
    expect(denyMatches(cond('argument:dry', 'in', 'False'), i)).toBe(false);
  });

  it('an object or null is false for both operators', () => {
    const i = input({}, { claims: { obj: { a: 'x' }, nothing: null } });
    for (const field of ['claim:obj', 'claim:nothing']) {
      expect(denyMatches(cond(field, 'in', 'x'), i)).toBe(false);
      expect(denyMatches(cond(field, 'not_in', 'x'), i)).toBe(false);
    }
  });

  it('paths walk objects only: a segment on an array or string is absent', () => {
    const i = input({ mcp: { arguments: { list: ['a', 'b'], text: 'abc', nested: { deep: 'v' } } } });
    expect(denyMatches(cond('argument:list.0', 'in', 'a'), i)).toBe(false);
    expect(denyMatches(cond('argument:list.0', 'not_in', 'a'), i)).toBe(false);
    expect(denyMatches(cond('argument:text.length', 'not_in', '3'), i)).toBe(false);
    expect(denyMatches(cond('argument:nested.deep', 'in', 'v'), i)).toBe(true);
    expect(denyMatches(cond('argument:nested.other', 'not_in', 'v'), i)).toBe(false);
  });

  it('is_batch compares as a boolean and only a boolean satisfies it', () => {
    const batch = input({ jsonrpc: { is_batch: true } });
    const single = input({ jsonrpc: { is_batch: false } });
    const text = input({ jsonrpc: { is_batch: 'true' } });
    const absent = input({ jsonrpc: {} });
    expect(denyMatches(cond('is_batch', 'in', 'true'), batch)).toBe(true);
    expect(denyMatches(cond('is_batch', 'in', 'true'), single)).toBe(false);
    expect(denyMatches(cond('is_batch', 'not_in', 'true'), single)).toBe(true);
    expect(denyMatches(cond('is_batch', 'not_in', 'true'), batch)).toBe(false);
    expect(denyMatches(cond('is_batch', 'in', 'true', 'false'), single)).toBe(true);
    for (const i of [text, absent]) {
      expect(denyMatches(cond('is_batch', 'in', 'true'), i)).toBe(false);
      expect(denyMatches(cond('is_batch', 'not_in', 'false'), i)).toBe(false);
    }
  });

  it('unparsable_calls compares as a number and only a number satisfies it', () => {
    const two = input({ jsonrpc: { unparsable_calls: 2 } });
    expect(denyMatches(cond('unparsable_calls', 'in', '2'), two)).toBe(true);
    expect(denyMatches(cond('unparsable_calls', 'in', '0', '1'), two)).toBe(false);
    expect(denyMatches(cond('unparsable_calls', 'not_in', '0'), two)).toBe(true);
    expect(denyMatches(cond('unparsable_calls', 'not_in', '2'), two)).toBe(false);
    const text = input({ jsonrpc: { unparsable_calls: '2' } });
    expect(denyMatches(cond('unparsable_calls', 'in', '2'), text)).toBe(false);
    expect(denyMatches(cond('unparsable_calls', 'not_in', '0'), text)).toBe(false);
    expect(denyMatches(cond('unparsable_calls', 'not_in', '0'), input({}))).toBe(false);
  });
});

describe('field → input path', () => {
  const i = input(
    {
      http: { path: '/mcp', host: 'gw.example', method: 'POST' },
      mcp: { arguments: { repo: { name: 'infra' } }, tool: 'scalar-tool', calls: [] },
    },
    {
      subject: 'alice',
      issuer: 'https://idp',
      groups: ['eng'],
      tags: ['tag:ci'],
      attributes: { team: 'core', regions: ['eu', 'us'] },
      claims: { org: { id: 'o-1' } },
    },
  );
  it.each([
    ['http_path', '/mcp'],
    ['http_host', 'gw.example'],
    ['http_method', 'POST'],
    ['argument:repo.name', 'infra'],
    ['subject', 'alice'],
    ['issuer', 'https://idp'],
    ['group', 'eng'],
    ['tag', 'tag:ci'],
    ['attribute:team', 'core'],
    ['attribute:regions', 'us'],
    ['claim:org.id', 'o-1'],
  ])('%s reads its path', (field, value) => {
    expect(denyMatches(cond(field, 'in', value), i)).toBe(true);
    expect(denyMatches(cond(field, 'in', `${value}-other`), i)).toBe(false);
  });

  it('no rule reads the scalar input.request.mcp.tool', () => {
    expect(denyMatches(cond('tool', 'in', 'scalar-tool'), i)).toBe(false);
  });
});

describe('call conditions', () => {
  const calls = (...list: unknown[]) => input({ mcp: { calls: list } });

  it('a deny rule needs some call satisfying all call conditions', () => {
    const r = rule('deny', [cond('tool', 'in', 'shell')]);
    expect(matches(r, calls({ tool: 'read' }, { tool: 'shell' }))).toBe(true);
    expect(matches(r, calls({ tool: 'read' }, { tool: 'write' }))).toBe(false);
    expect(matches(r, calls())).toBe(false);
  });

  it('the call conditions of a deny rule must hold on the same call', () => {
    const r = rule('deny', [cond('tool', 'in', 'shell'), cond('method', 'in', 'tools/call')]);
    expect(matches(r, calls({ tool: 'shell', method: 'x' }, { tool: 'y', method: 'tools/call' }))).toBe(
      false,
    );
    expect(matches(r, calls({ tool: 'y' }, { tool: 'shell', method: 'tools/call' }))).toBe(true);
  });

  it('an allow rule needs a non-empty calls array with every call satisfying all', () => {
    const r = rule('allow', [cond('tool', 'in', 'read', 'list')]);
    expect(matches(r, calls({ tool: 'read' }, { tool: 'list' }))).toBe(true);
    // A batch cannot smuggle a forbidden call beside an allowed one.
    expect(matches(r, calls({ tool: 'read' }, { tool: 'shell' }))).toBe(false);
    expect(matches(r, calls())).toBe(false);
    expect(matches(r, input({ mcp: {} }))).toBe(false);
    // A call missing the field is invisible to the condition, so it is not allowed.
    expect(matches(r, calls({ tool: 'read' }, { method: 'ping' }))).toBe(false);
  });

  it('calls that is not an array counts as no calls; a non-object call has no keys', () => {
    const deny = rule('deny', [cond('tool', 'not_in', 'read')]);
    const allow = rule('allow', [cond('tool', 'not_in', 'shell')]);
    expect(matches(deny, input({ mcp: { calls: { tool: 'x' } } }))).toBe(false);
    expect(matches(allow, input({ mcp: { calls: 'x' } }))).toBe(false);
    expect(matches(deny, calls('shell', null, { tool: 'x' }))).toBe(true);
    expect(matches(deny, calls('shell', null, 7))).toBe(false);
    expect(matches(allow, calls({ tool: 'x' }, 'shell'))).toBe(false);
  });

  it('a rule without call conditions ignores calls', () => {
    const r = rule('allow', [cond('http_method', 'in', 'POST')]);
    expect(matches(r, input({ http: { method: 'POST' }, mcp: { calls: [] } }))).toBe(true);
    expect(matches(r, input({ http: { method: 'POST' } }))).toBe(true);
  });

  it('request conditions and call conditions must both hold', () => {
    const r = rule('allow', [cond('tool', 'in', 'read'), cond('http_host', 'in', 'gw')]);
    expect(matches(r, input({ http: { host: 'gw' }, mcp: { calls: [{ tool: 'read' }] } }))).toBe(true);
    expect(matches(r, input({ http: { host: 'other' }, mcp: { calls: [{ tool: 'read' }] } }))).toBe(false);
  });
});

describe('missing context', () => {
  const callerRule = (effect: 'allow' | 'deny', id: string) =>
    rule(effect, [cond('subject', 'in', 'alice')], { id });

  it('a caller field needs input.identity.verified === true', () => {
    for (const identity of [{}, { verified: false }, { verified: 'true' }, { verified: 1 }]) {
      const d = evaluateReference(policy([callerRule('deny', 'c')], 'allow', 'ignore'), {
        request: {},
        identity: { subject: 'alice', ...identity },
      });
      expect(d.missing_context_rule_ids).toEqual(['c']);
      expect(d.matched_rule_ids).toEqual([]);
    }
    const noIdentity = evaluateReference(policy([callerRule('deny', 'c')]), { request: {} });
    expect(noIdentity.missing_context_rule_ids).toEqual(['c']);
  });

  it('claims need verification only; directory fields also need attributes_resolved', () => {
    const claim = rule('deny', [cond('claim:org', 'in', 'o')], { id: 'claim' });
    const group = rule('deny', [cond('group', 'in', 'g')], { id: 'group' });
    const tag = rule('deny', [cond('tag', 'in', 't')], { id: 'tag' });
    const attr = rule('deny', [cond('attribute:team', 'in', 'a')], { id: 'attr' });
    const d = evaluateReference(policy([claim, group, tag, attr], 'allow', 'ignore'), {
      request: {},
      identity: { verified: true, attributes_resolved: false, claims: { org: 'o' } },
    });
    expect(d.missing_context_rule_ids).toEqual(['group', 'tag', 'attr']);
    expect(d.matched_rule_ids).toEqual(['claim']);
  });

  it('a window needs input.request.time; a present key counts whatever it holds', () => {
    const window: ActiveWindow = { days: ['mon'], from: '09:00', to: '17:00', timezone: 'UTC' };
    const r = rule('deny', [cond('http_method', 'in', 'POST')], { id: 'w', window });
    const d = evaluateReference(policy([r], 'allow', 'ignore'), input({ http: { method: 'POST' } }));
    expect(d.missing_context_rule_ids).toEqual(['w']);
    // A present but invalid time is not missing context: the rule is evaluated and the time
    // builtin fails, as it does in the compiled policy.
    expect(() => evaluateReference(policy([r]), input({ http: { method: 'POST' }, time: null }))).toThrow(
      BuiltinError,
    );
    expect(() =>
      evaluateReference(policy([r]), input({ http: { method: 'POST' }, time: 'yesterday' })),
    ).toThrow(BuiltinError);
  });

  it('is decided from what the rule reads, whatever its other conditions say', () => {
    const r = rule('deny', [cond('http_method', 'in', 'NEVER'), cond('subject', 'in', 'x')], {
      id: 'never',
    });
    const d = evaluateReference(policy([r]), { request: { http: { method: 'GET' } } });
    expect(d).toEqual({ allow: false, matched_rule_ids: [], missing_context_rule_ids: ['never'] });
  });

  it('on_missing_context deny (the default) denies whenever a rule needs context', () => {
    const ok = rule('allow', [cond('http_method', 'in', 'GET')], { id: 'ok' });
    const unverified = { request: { http: { method: 'GET' } }, identity: { subject: 'alice' } };
    expect(evaluateReference(policy([ok, callerRule('allow', 'c')]), unverified)).toEqual({
      allow: false,
      matched_rule_ids: ['ok'],
      missing_context_rule_ids: ['c'],
    });
    expect(evaluateReference(policy([callerRule('allow', 'c')], 'allow', 'deny'), unverified)).toEqual({
      allow: false,
      matched_rule_ids: [],
      missing_context_rule_ids: ['c'],
    });
  });

  it('on_missing_context ignore skips the rule: deny rules stop denying', () => {
    const unverified = { request: {}, identity: { subject: 'alice' } };
    expect(evaluateReference(policy([callerRule('deny', 'c')], 'allow', 'ignore'), unverified)).toEqual({
      allow: true,
      matched_rule_ids: [],
      missing_context_rule_ids: ['c'],
    });
    expect(evaluateReference(policy([callerRule('allow', 'c')], 'deny', 'ignore'), unverified)).toEqual({
      allow: false,
      matched_rule_ids: [],
      missing_context_rule_ids: ['c'],
    });
  });
});

describe('the decision', () => {
  const get = input({ http: { method: 'GET' } });
  const allowGet = (id: string) => rule('allow', [cond('http_method', 'in', 'GET')], { id });
  const denyGet = (id: string) => rule('deny', [cond('http_method', 'in', 'GET')], { id });
  const denyPost = (id: string) => rule('deny', [cond('http_method', 'in', 'POST')], { id });

  it('a matching deny rule wins over a matching allow rule and over default allow', () => {
    expect(evaluateReference(policy([allowGet('a'), denyGet('d')]), get)).toEqual({
      allow: false,
      matched_rule_ids: ['a', 'd'],
      missing_context_rule_ids: [],
    });
    expect(evaluateReference(policy([denyGet('d')], 'allow'), get).allow).toBe(false);
  });

  it('default allow allows when no deny rule matches', () => {
    expect(evaluateReference(policy([denyPost('d')], 'allow'), get)).toEqual({
      allow: true,
      matched_rule_ids: [],
      missing_context_rule_ids: [],
    });
    expect(evaluateReference(policy([], 'allow'), get).allow).toBe(true);
  });

  it('default deny allows only when an allow rule matches', () => {
    expect(evaluateReference(policy([allowGet('a'), denyPost('d')]), get).allow).toBe(true);
    expect(evaluateReference(policy([denyPost('d')]), get).allow).toBe(false);
    expect(evaluateReference(policy([]), get).allow).toBe(false);
  });

  it('evaluates every rule and lists matches in file order', () => {
    const d = evaluateReference(
      policy([denyGet('z-first'), allowGet('b'), denyPost('c'), denyGet('a-last')]),
      get,
    );
    expect(d.matched_rule_ids).toEqual(['z-first', 'b', 'a-last']);
    expect(d.allow).toBe(false);
  });
});

describe('windows', () => {
  const workHours: ActiveWindow = {
    days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    from: '09:00',
    to: '17:00',
    timezone: 'Europe/London',
  };
  const inWindow = (window: ActiveWindow, time: string): boolean =>
    matches(
      rule('deny', [cond('http_method', 'in', 'GET')], { window }),
      input({ http: { method: 'GET' }, time }),
    );

  it('from is inclusive and to is exclusive, to the nanosecond', () => {
    // Friday 14 June 2024; London is on BST (+01:00).
    expect(inWindow(workHours, '2024-06-14T08:00:00Z')).toBe(true);
    expect(inWindow(workHours, '2024-06-14T07:59:59.999999999Z')).toBe(false);
    expect(inWindow(workHours, '2024-06-14T16:59:59.999999999+01:00')).toBe(true);
    expect(inWindow(workHours, '2024-06-14T17:00:00+01:00')).toBe(false);
    expect(inWindow(workHours, '2024-06-14T12:00:00+01:00')).toBe(true);
  });

  it('reads the weekday in the window zone', () => {
    expect(inWindow(workHours, '2024-06-15T12:00:00+01:00')).toBe(false); // Saturday
    // Saturday 02:00 UTC is Friday 22:00 in New York.
    const nyEvening: ActiveWindow = {
      days: ['fri'],
      from: '21:00',
      to: '23:00',
      timezone: 'America/New_York',
    };
    expect(inWindow(nyEvening, '2024-06-15T02:00:00Z')).toBe(true);
    expect(inWindow(nyEvening, '2024-06-14T22:00:00Z')).toBe(false);
  });

  it('a window wrapping midnight is in force on the same local day only', () => {
    const night: ActiveWindow = { days: ['fri'], from: '22:00', to: '06:00', timezone: 'UTC' };
    expect(inWindow(night, '2024-06-14T23:30:00Z')).toBe(true); // Friday late
    expect(inWindow(night, '2024-06-14T05:59:59.999999999Z')).toBe(true); // Friday early
    expect(inWindow(night, '2024-06-14T06:00:00Z')).toBe(false);
    expect(inWindow(night, '2024-06-14T21:59:59Z')).toBe(false);
    expect(inWindow(night, '2024-06-14T22:00:00Z')).toBe(true);
    expect(inWindow(night, '2024-06-15T01:00:00Z')).toBe(false); // Saturday morning
  });

  it('follows the skipped hour of a spring-forward transition', () => {
    // London, Sunday 31 March 2024: 01:00 GMT jumps to 02:00 BST.
    const skipped: ActiveWindow = { days: ['sun'], from: '01:00', to: '02:00', timezone: 'Europe/London' };
    const after: ActiveWindow = { days: ['sun'], from: '02:00', to: '03:00', timezone: 'Europe/London' };
    expect(inWindow(skipped, '2024-03-31T00:59:59.999999999Z')).toBe(false); // 00:59 GMT
    expect(inWindow(skipped, '2024-03-31T01:00:00Z')).toBe(false); // 02:00 BST
    expect(inWindow(after, '2024-03-31T01:00:00Z')).toBe(true);
    expect(inWindow(after, '2024-03-31T00:59:59.999999999Z')).toBe(false);
  });

  it('follows the repeated hour of a fall-back transition', () => {
    // New York, Sunday 3 November 2024: 01:00-02:00 happens twice (EDT, then EST).
    const repeated: ActiveWindow = {
      days: ['sun'],
      from: '01:00',
      to: '02:00',
      timezone: 'America/New_York',
    };
    expect(inWindow(repeated, '2024-11-03T05:30:00Z')).toBe(true); // 01:30 EDT
    expect(inWindow(repeated, '2024-11-03T06:30:00Z')).toBe(true); // 01:30 EST
    expect(inWindow(repeated, '2024-11-03T07:00:00Z')).toBe(false); // 02:00 EST
  });

  it('uses half-hour and quarter-hour zones', () => {
    const kathmandu: ActiveWindow = { days: ['mon'], from: '09:00', to: '09:15', timezone: 'Asia/Kathmandu' };
    expect(inWindow(kathmandu, '2024-06-17T03:15:00Z')).toBe(true); // 09:00 +05:45
    expect(inWindow(kathmandu, '2024-06-17T03:14:59Z')).toBe(false);
    expect(inWindow(kathmandu, '2024-06-17T03:30:00Z')).toBe(false);
  });

  it('a rule out of its window does not match, and is not missing context', () => {
    const r = rule('deny', [cond('http_method', 'in', 'GET')], { id: 'w', window: workHours });
    expect(
      evaluateReference(
        policy([r], 'allow'),
        input({ http: { method: 'GET' }, time: '2024-06-15T12:00:00Z' }),
      ),
    ).toEqual({ allow: true, matched_rule_ids: [], missing_context_rule_ids: [] });
  });
});
