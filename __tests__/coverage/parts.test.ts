import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { analyseCoverage, witnesses } from '../../src/coverage/analyse.js';
import { BddManager, FALSE, TRUE, type Bdd } from '../../src/coverage/bdd.js';
import { insideAt, realisableWindowVectors } from '../../src/coverage/windows.js';
import { inForce } from '../../src/engine/reference.js';
import type { ActiveWindow } from '../../src/policy/schema.js';
import { loadTimeZone } from '../../src/time/timeZone.js';
import { windowArb } from '../conformance/arbitraries.js';
import { SIZES } from '../support/sizes.js';
import { examplePolicy, HORIZON, options, policyOf } from './helpers.js';

/** The parts of src/coverage/ one at a time: the diagrams, the windows, the calls, the limits. */

type Formula = { v: number } | { not: Formula } | { and: [Formula, Formula] } | { or: [Formula, Formula] };

const formulaArb: fc.Arbitrary<Formula> = fc.letrec<{ f: Formula }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ v: fc.integer({ min: 0, max: 4 }) }),
    fc.record({ not: tie('f') }),
    fc.record({ and: fc.tuple(tie('f'), tie('f')) }),
    fc.record({ or: fc.tuple(tie('f'), tie('f')) }),
  ),
})).f;

function truth(f: Formula, values: readonly boolean[]): boolean {
  if ('v' in f) return values[f.v]!;
  if ('not' in f) return !truth(f.not, values);
  if ('and' in f) return truth(f.and[0], values) && truth(f.and[1], values);
  return truth(f.or[0], values) || truth(f.or[1], values);
}

function build(m: BddManager, f: Formula): Bdd {
  if ('v' in f) return m.variable(f.v);
  if ('not' in f) return m.not(build(m, f.not));
  if ('and' in f) return m.and(build(m, f.and[0]), build(m, f.and[1]));
  return m.or(build(m, f.or[0]), build(m, f.or[1]));
}

const ALL = [...Array(32).keys()].map((n) => [0, 1, 2, 3, 4].map((i) => ((n >> i) & 1) === 1));

describe('the decision diagrams', () => {
  it('compute the functions of their formulas, canonically, and quantify exactly', () => {
    fc.assert(
      fc.property(formulaArb, formulaArb, (f, g) => {
        const m = new BddManager(100_000);
        const bf = build(m, f);
        for (const values of ALL) expect(m.evaluate(bf, (v) => values[v]!)).toBe(truth(f, values));
        // Canonical: equal functions are one node.
        const equal = ALL.every((values) => truth(f, values) === truth(g, values));
        expect(bf === build(m, g)).toBe(equal);
        const projected = m.exists(bf, new Set([0]));
        for (const values of ALL) {
          const either = [false, true].some((x) => truth(f, [x, ...values.slice(1)]));
          expect(m.evaluate(projected, (v) => values[v]!)).toBe(either);
          expect(m.evaluate(m.restrict(bf, new Map([[0, true]])), (v) => values[v]!)).toBe(truth(f, [true, ...values.slice(1)]));
        }
        // The paths are disjoint and cover the function.
        let covered = 0;
        for (const cube of m.paths(bf)) covered += 2 ** (5 - [...cube.keys()].filter((v) => v < 5).length);
        expect(covered).toBe(ALL.filter((values) => truth(f, values)).length);
      }),
      { numRuns: SIZES.fastCheckRuns, seed: 29 },
    );
  });

  it('stay canonical and exact while their tables grow and their operation cache overwrites entries', () => {
    // A DNF large enough to grow the unique table and the lossy cache many times over, built in
    // two orders: the same function must come out as the same node, and evaluate as the formula.
    let seed = 7;
    const next = (n: number): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const terms = Array.from({ length: 36 }, () =>
      Array.from({ length: 5 }, () => ({ v: next(32), value: next(2) === 1 })),
    );
    const m = new BddManager(4_000_000);
    const term = (t: (typeof terms)[number]): Bdd => m.andAll(t.map((l) => m.literal(l.v, l.value)));
    const forward = m.orAll(terms.map(term));
    const backward = m.not(m.andAll([...terms].reverse().map((t) => m.not(term(t)))));
    expect(m.size).toBeGreaterThan(20_000);
    expect(backward).toBe(forward);
    for (let i = 0; i < 500; i++) {
      const values = Array.from({ length: 32 }, () => next(2) === 1);
      const expected = terms.some((t) => t.every((l) => values[l.v] === l.value));
      expect(m.evaluate(forward, (v) => values[v]!)).toBe(expected);
    }
  });

  it('tell whether a variable matters to a set within a universe, without making a node', () => {
    fc.assert(
      fc.property(formulaArb, formulaArb, fc.integer({ min: 0, max: 5 }), (u, g, variable) => {
        const m = new BddManager(100_000);
        const universe = build(m, u);
        const set = m.and(universe, build(m, g));
        const expected = m.and(universe, m.exists(set, new Set([variable]))) !== set;
        const before = m.size;
        expect(m.dependsWithin(universe, set, variable)).toBe(expected);
        expect(m.size).toBe(before);
      }),
      { numRuns: SIZES.fastCheckRuns, seed: 37 },
    );
  });

  it('stop at the node budget instead of growing', () => {
    const m = new BddManager(10);
    expect(() => m.andAll([...Array(20).keys()].map((v) => m.variable(v)))).toThrow(/more than 10 nodes/);
    expect(new BddManager(10).and(TRUE, FALSE)).toBe(FALSE);
  });
});

describe('the windows', () => {
  it('are read as the reference reads them', () => {
    const start = Date.parse(HORIZON.start) / 1000;
    fc.assert(
      fc.property(windowArb, fc.integer({ min: 0, max: 366 * 86_400 }), (w, offset) => {
        const seconds = start + offset;
        const iso = new Date(seconds * 1000).toISOString();
        expect(insideAt(w, loadTimeZone(w.timezone)!, seconds)).toBe(inForce(w, iso));
      }),
      { numRuns: SIZES.fastCheckRuns * 20, seed: 29 },
    );
  });

  it('combine only as some instant of the horizon realises, each vector with such an instant', () => {
    const day: ActiveWindow = { days: ['mon'], from: '09:00', to: '17:00', timezone: 'Europe/London' };
    const night: ActiveWindow = { days: ['mon'], from: '18:00', to: '08:00', timezone: 'Europe/London' };
    const vectors = realisableWindowVectors([day, night], HORIZON);
    expect(vectors.map((v) => v.inside.join()).sort()).toEqual(['false,false', 'false,true', 'true,false']);
    for (const v of vectors) expect([inForce(day, v.instant), inForce(night, v.instant)]).toEqual(v.inside);
    expect(() => realisableWindowVectors([day], { start: HORIZON.start, days: 30 })).toThrow(/at least 366/);
  });
});

const ONLY_A = `
default_effect: deny
rules:
  - id: allow-a
    effect: allow
    conditions: [{ field: tool, operator: in, values: [a] }]
`;

describe('the calls', () => {
  it('are realised exactly: a change that needs one tool name to be two is only possible for arrays', () => {
    // Newly denied needs every call's tool to be a (the base allows) and some call's tool b.
    const head = policyOf(
      `${ONLY_A}  - id: deny-b\n    effect: deny\n    conditions: [{ field: tool, operator: in, values: [b] }]\n`,
    );
    const base = policyOf(ONLY_A);
    expect(analyseCoverage(base, head, options('mcp')).kinds).toEqual([]);
    const any = analyseCoverage(base, head, options('any'));
    expect(any.kinds.map((k) => [k.direction, k.batch])).toEqual([
      ['newly_denied', false],
      ['newly_denied', true],
    ]);
    expect(JSON.stringify(witnesses(any)[0]!.input)).toContain('"tool":["a","b"]');
  });

  it('take the MCP shape: a tool on tools/call, a batch only with is_batch', () => {
    const head = policyOf(ONLY_A.replace('[a]', '[a, b]'));
    const analysis = analyseCoverage(policyOf(ONLY_A), head, options('mcp'));
    expect(analysis.kinds.map((k) => k.key)).toEqual([
      'newly_allowed | base default | head allow_rules(allow-a) | call tool=b',
      'newly_allowed | base default | head allow_rules(allow-a) | batch',
    ]);
    const [single, batch] = witnesses(analysis);
    expect(single!.input.request).toEqual({
      jsonrpc: { is_batch: false },
      mcp: { calls: [{ method: 'tools/call', tool: 'b' }], tool: 'b' },
      // No window reads it, but a real request has a time: the horizon's start.
      time: HORIZON.start.replace('.000', ''),
    });
    expect(batch!.input.request.jsonrpc).toEqual({ is_batch: true });
  });
});

describe('the limits', () => {
  const base = policyOf(ONLY_A);
  const head = policyOf(ONLY_A.replace('[a]', '[a, b, c]'));

  it('say capped past the node budget or the kind budget, with what was found', () => {
    const tiny = analyseCoverage(base, head, { ...options('mcp'), maxNodes: 50 });
    expect([tiny.mode, tiny.kinds.length]).toEqual(['capped', 0]);
    expect(tiny.capped).toMatch(/more than 50 nodes/);
    const one = analyseCoverage(base, head, options('mcp'), { maxKinds: 1, maxSearchSteps: 1000 });
    expect([one.mode, one.kinds.length, one.capped]).toEqual([
      'capped',
      1,
      'more than 1 kinds; lists of two calls or more not analysed',
    ]);
  });

  it('list every kind of one call when the batches do not fit, and say so', () => {
    const full = analyseCoverage(base, head, options('mcp'));
    const single = full.kinds.filter((k) => !k.batch).map((k) => k.key);
    expect([full.mode, single.length > 0, full.kinds.some((k) => k.batch)]).toEqual(['exact', true, true]);
    const at = (maxNodes: number) => analyseCoverage(base, head, { ...options('mcp'), maxNodes });
    const fits = (maxNodes: number) => at(maxNodes).kinds.filter((k) => !k.batch).length === single.length;
    // The smallest budget the requests of one call fit in: the batches' part then does not.
    let low = 1;
    let high = full.nodes;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (fits(middle)) high = middle;
      else low = middle + 1;
    }
    const partial = at(high);
    expect(partial.mode).toBe('capped');
    expect(partial.capped).toMatch(/^every kind of one call or none listed; lists of two calls or more not (all )?analysed: /);
    expect(partial.kinds.filter((k) => !k.batch).map((k) => k.key)).toEqual(single);
  });

  it('stop capped, never throw, wherever in the batches the budget runs out', () => {
    const example = { base: examplePolicy('base').policy, head: examplePolicy('head').policy };
    const at = (maxNodes: number) => analyseCoverage(example.base, example.head, { ...options('mcp'), maxNodes });
    const full = at(options('mcp').maxNodes);
    const single = full.kinds.filter((k) => !k.batch).length;
    // Every budget from where the kinds of one call all fit to where everything does.
    let low = 1;
    for (let high = full.nodes; low < high; ) {
      const middle = Math.floor((low + high) / 2);
      if (at(middle).kinds.filter((k) => !k.batch).length === single) high = middle;
      else low = middle + 1;
    }
    const step = Math.max(1, Math.floor((full.nodes - low) / 40));
    for (let budget = low; budget < full.nodes; budget += step) {
      const analysis = at(budget);
      expect([analysis.mode, analysis.kinds.filter((k) => !k.batch).length]).toEqual(['capped', single]);
    }
    expect(at(full.nodes).mode).toBe('exact');
  });

  it('find nothing missing in a deleted policy whose batches do not fit', () => {
    const at = (maxNodes: number) => analyseCoverage(base, null, { ...options('mcp'), maxNodes });
    const full = at(options('mcp').maxNodes);
    expect([full.mode, full.kinds.length, full.batches]).toEqual(['exact', 0, true]);
    let low = 1;
    let high = full.nodes;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (at(middle).mode === 'exact') high = middle;
      else low = middle + 1;
    }
    // The smallest budget that says exact has no room for the batches: they were not needed.
    expect([at(high).mode, at(high).batches]).toEqual(["exact", false]);
    expect(at(high - 1).capped).toMatch(/; lists of two calls or more not analysed$/);
  });

  it('leave overlapping claim paths not analysed', () => {
    const overlapping = policyOf(
      `${ONLY_A}  - id: claims\n    effect: allow\n    conditions:\n      - { field: 'claim:a', operator: in, values: [x] }\n      - { field: 'claim:a.b', operator: in, values: [y] }\n`,
    );
    const analysis = analyseCoverage(base, overlapping, options('any'));
    expect([analysis.mode, analysis.notAnalysed]).toEqual(['not_analysed', ['overlapping paths: claim:a and a path below it']]);
  });

  it('leave numbers written other than in their shortest form not analysed, and no others', () => {
    const rule = (values: string) =>
      `${ONLY_A}  - id: amounts\n    effect: allow\n    conditions:\n      - { field: 'argument:amount', operator: in, values: ${values} }\n`;
    const odd = analyseCoverage(base, policyOf(rule(`['5.0', '1E2', '-0', '12345678901234567890', '07']`)), options('any'));
    expect(odd.mode).toBe('not_analysed');
    expect(odd.notAnalysed.map((r) => r.replace(/ \(OPA.*$/, ''))).toEqual([
      'a number not in its shortest form: argument:amount "-0"',
      'a number not in its shortest form: argument:amount "12345678901234567890"',
      'a number not in its shortest form: argument:amount "1E2"',
      'a number not in its shortest form: argument:amount "5.0"',
    ]);
    // Shortest forms, and strings that are not JSON numbers ('07'), are analysed.
    const fine = analyseCoverage(base, policyOf(rule(`['5', '0.1', '1e+21', '-3', '07', 'x']`)), options('any'));
    expect(fine.mode).toBe('exact');
  });

  it('compare a new policy with no policy, and a deleted one with nothing', () => {
    const added = analyseCoverage(null, head, options('mcp'));
    expect(added.kinds.every((k) => k.base.by === 'no_policy')).toBe(true);
    expect(new Set(added.kinds.map((k) => k.direction))).toEqual(new Set(['newly_allowed', 'newly_denied']));
    expect(analyseCoverage(base, null, options('mcp'))).toMatchObject({ mode: 'exact', kinds: [] });
  });
});
