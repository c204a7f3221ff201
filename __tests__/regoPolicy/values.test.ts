import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import {
  canonicalNumber,
  ExactJsonError,
  ExactNumber,
  parseExactJson,
  stringifyExact,
} from '../../src/regoPolicy/exactJson.js';
import { resultDifferences, sameResult } from '../../src/regoPolicy/resultDiff.js';
import { decisionOfResult, parseDecisionField } from '../../src/regoPolicy/decisionMapping.js';
import { classifyPair, NO_BASE, sideDecision, type SideEvaluation } from '../../src/regoPolicy/classify.js';

const exact = (text: string) => parseExactJson(text);
const defined = (text: string): SideEvaluation => ({ kind: 'defined', result: exact(text) });

describe('exact JSON', () => {
  it('gives one canonical form to every spelling of a value', () => {
    expect(['1', '1.0', '1e0', '10e-1', '0.1e1'].map(canonicalNumber)).toEqual(['1', '1', '1', '1', '1']);
    expect(canonicalNumber('-0.000')).toBe('0');
    expect(canonicalNumber('1500')).toBe('15e2');
    expect(canonicalNumber('0.025')).toBe('25e-3');
    expect(canonicalNumber('-12.50')).toBe('-125e-1');
  });

  it('keeps integers beyond 2^53 apart that doubles would round together', () => {
    const [a, b] = ['1764688800123456789', '1764688800123456790'];
    expect(Number(a)).toBe(Number(b));
    expect(sameResult(exact(a), exact(b))).toBe(false);
    expect(stringifyExact(exact(`{"now":${a}}`))).toBe(`{"now":${a}}`);
  });

  it('reads what JSON.stringify writes as JSON.parse does, numbers aside', () => {
    const toPlain = (v: unknown): unknown =>
      v instanceof ExactNumber
        ? Number(v.text)
        : Array.isArray(v)
          ? v.map(toPlain)
          : typeof v === 'object' && v !== null
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPlain(x)]))
            : v;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(toPlain(parseExactJson(text))).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not JSON, saying where', () => {
    for (const text of ['{"a":1,}', '[1 2]', '01', '"\u0001"', '{"a"}', 'tru', '[1]x', '"open'])
      expect(() => parseExactJson(text)).toThrow(ExactJsonError);
    expect(() => parseExactJson('[1, 2,, 3]')).toThrow('at offset 6');
  });

  it('keeps a key named __proto__ as data', () => {
    const value = exact('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('result differences', () => {
  it('compares objects by keys and numbers by value', () => {
    expect(sameResult(exact('{"a":1,"b":[true,"x"]}'), exact('{"b":[true,"x"],"a":1.0}'))).toBe(true);
    expect(resultDifferences(exact('{"a":1}'), exact('{"a":1}'))).toEqual([]);
  });

  it('points at the places that differ, outermost first, at most three', () => {
    const base = exact('{"allowed":false,"headers":{"x-reason":"no rule","a/b":1},"body":"x"}');
    const head = exact('{"allowed":false,"headers":{"x-reason":"denied","a/b":2},"status":403}');
    expect(resultDifferences(base, head)).toEqual([
      { pointer: '/body', base: '"x"', head: null },
      { pointer: '/headers/a~1b', base: '1', head: '2' },
      { pointer: '/headers/x-reason', base: '"no rule"', head: '"denied"' },
    ]);
    expect(resultDifferences(base, head, 1)).toHaveLength(1);
  });

  it('walks violation sets element by element', () => {
    const base = exact('[{"msg":"a"},{"msg":"b"}]');
    const head = exact('[{"msg":"a"},{"msg":"c"},{"msg":"d"}]');
    expect(resultDifferences(base, head)).toEqual([
      { pointer: '/1/msg', base: '"b"', head: '"c"' },
      { pointer: '/2', base: null, head: '{"msg":"d"}' },
    ]);
  });
});

describe('the decision of a result', () => {
  it('reads a boolean, a field, or a violation set', () => {
    expect(decisionOfResult({ kind: 'boolean' }, exact('true'))).toBe('allow');
    expect(decisionOfResult({ kind: 'boolean' }, exact('{"allowed":true}'))).toBe('none');
    const field = { kind: 'field', path: parseDecisionField('response.allowed')! } as const;
    expect(decisionOfResult(field, exact('{"response":{"allowed":false}}'))).toBe('deny');
    expect(decisionOfResult(field, exact('{"response":{"allowed":"yes"}}'))).toBe('none');
    expect(decisionOfResult({ kind: 'deny-when-nonempty' }, exact('[]'))).toBe('allow');
    expect(decisionOfResult({ kind: 'deny-when-nonempty' }, exact('[{"msg":"no"}]'))).toBe('deny');
    expect(decisionOfResult({ kind: 'deny-when-nonempty' }, exact('"no"'))).toBe('none');
    expect(parseDecisionField('a..b')).toBeNull();
  });

  it('reads an undefined result as the integrations do', () => {
    expect(sideDecision({ kind: 'boolean' }, { kind: 'undefined' })).toBe('deny');
    expect(sideDecision({ kind: 'deny-when-nonempty' }, { kind: 'undefined' })).toBe('allow');
    expect(sideDecision(null, defined('true'))).toBe('none');
  });
});

describe('classifying a pair', () => {
  const boolean = { kind: 'boolean' } as const;
  const field = { kind: 'field', path: ['allowed'] } as const;
  const violations = { kind: 'deny-when-nonempty' } as const;

  it('sorts every combination of sides', () => {
    const cases: [
      SideEvaluation,
      SideEvaluation,
      typeof field | typeof boolean | typeof violations | null,
      string,
    ][] = [
      [defined('false'), defined('true'), boolean, 'newly_allowed'],
      [defined('true'), defined('false'), boolean, 'newly_denied'],
      [defined('true'), defined('true'), boolean, 'unchanged'],
      [defined('{"allowed":false,"r":"a"}'), defined('{"allowed":false,"r":"b"}'), field, 'result_changed'],
      [defined('{"allowed":false}'), defined('{"allowed":true}'), null, 'result_changed'],
      // The decision first: an undefined allow is a deny, so undefined → true is newly allowed.
      [{ kind: 'undefined' }, defined('true'), boolean, 'newly_allowed'],
      [defined('true'), { kind: 'undefined' }, boolean, 'newly_denied'],
      [defined('[{"msg":"m"}]'), { kind: 'undefined' }, violations, 'newly_allowed'],
      // With the decision the same, the path's definedness is the change.
      [{ kind: 'undefined' }, defined('false'), boolean, 'undefined_to_defined'],
      [defined('[]'), { kind: 'undefined' }, violations, 'defined_to_undefined'],
      // A result the mapping cannot read is unknown beside a decision; two of them differ in value only.
      [defined('{"allowed":true}'), defined('true'), boolean, 'unknown_to_allow'],
      [defined('{"x":1}'), defined('{"x":2}'), boolean, 'result_changed'],
      [defined('true'), defined('{"allowed":true}'), boolean, 'unevaluable'],
      [{ kind: 'undefined' }, defined('{"reason":"r"}'), field, 'unevaluable'],
      [{ kind: 'undefined' }, { kind: 'undefined' }, boolean, 'unchanged'],
      [defined('true'), { kind: 'error', message: 'conflict' }, boolean, 'error'],
      [{ kind: 'error', message: 'x' }, { kind: 'error', message: 'x' }, boolean, 'unchanged'],
      [{ kind: 'error', message: 'x' }, { kind: 'error', message: 'y' }, boolean, 'error'],
      // A base that cannot be evaluated is unknown, and unknown always differs from a decision.
      [{ kind: 'unevaluable', reason: 'input_not_recorded' }, defined('true'), boolean, 'unknown_to_allow'],
      [
        { kind: 'unevaluable', reason: 'input_not_recorded' },
        { kind: 'undefined' },
        boolean,
        'unknown_to_deny',
      ],
      [
        { kind: 'unevaluable', reason: 'input_not_recorded' },
        { kind: 'undefined' },
        violations,
        'unknown_to_allow',
      ],
      [NO_BASE, defined('[{"msg":"m"}]'), violations, 'unknown_to_deny'],
      // A head without a decision leaves the request unevaluable as a whole.
      [NO_BASE, defined('{"allowed":true}'), null, 'unevaluable'],
      [NO_BASE, { kind: 'error', message: 'conflict' }, boolean, 'unevaluable'],
      [defined('true'), { kind: 'unevaluable', reason: 'input_not_recorded' }, boolean, 'unevaluable'],
      [NO_BASE, { kind: 'unevaluable', reason: 'input_not_recorded' }, boolean, 'unevaluable'],
      [defined('[]'), defined('[{"msg":"m"}]'), violations, 'newly_denied'],
    ];
    for (const [base, head, mapping, expected] of cases) {
      const c = classifyPair(mapping, base, head);
      expect({ base, head, got: c.kind === 'changed' ? c.change : c.kind }).toEqual({
        base,
        head,
        got: expected,
      });
    }
  });

  it('carries the differences of a changed result', () => {
    const c = classifyPair(field, defined('{"allowed":false,"r":"a"}'), defined('{"allowed":false,"r":"b"}'));
    expect(c).toEqual({
      kind: 'changed',
      change: 'result_changed',
      differences: [{ pointer: '/r', base: '"a"', head: '"b"' }],
    });
  });
});
