import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Decision } from '../../src/policy/schema.js';
import { evaluateThreeWays, type ThreeWayResult } from '../support/threeWay.js';
import { loadConformanceGroups, validateGroupPolicy } from './cases.js';

/**
 * fixtures/conformance: every case runs on opa-wasm, OPA's Go evaluator and the reference
 * evaluator, and all three must equal the decision written by hand from docs/policy.md.
 */
const groups = loadConformanceGroups();
const flat = groups.flatMap((group, g) => group.cases.map((c, i) => ({ ...c, g, i })));

let results: ThreeWayResult;
let elapsedMs = 0;

beforeAll(async () => {
  const started = Date.now();
  results = await evaluateThreeWays(
    groups.map((group) => ({ policy: validateGroupPolicy(group), inputs: group.cases.map((c) => c.input) })),
  );
  elapsedMs = Date.now() - started;
  console.log(
    `conformance: ${flat.length} cases over ${groups.length} policies, three ways, in ${elapsedMs} ms`,
  );
});

describe('conformance fixtures', () => {
  it('hold at least 100 cases, each policy valid', () => {
    expect(flat.length).toBeGreaterThanOrEqual(100);
    for (const group of groups) expect(() => validateGroupPolicy(group)).not.toThrow();
  });

  it.each(flat.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got: Record<string, Decision> = {
      wasm: results.wasm[c.g]![c.i]!,
      go: results.go[c.g]![c.i]!,
      reference: results.reference[c.g]![c.i]!,
    };
    // One assertion over all three so a failure shows which evaluator strays from `want`.
    expect(got).toEqual({ wasm: c.want, go: c.want, reference: c.want });
  });
});
