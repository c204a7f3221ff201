import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Decision } from '../../src/policy/schema.js';
import type { ThreeValuedDecision } from '../../src/unknowns/decision.js';
import {
  evaluateThreeValuedThreeWays,
  evaluateThreeWays,
  type ThreeValuedResult,
  type ThreeWayResult,
} from '../support/threeWay.js';
import { loadConformanceGroups, validateGroupPolicy, type WantThreeValued } from './cases.js';

/**
 * fixtures/conformance: every case runs on opa-wasm, OPA's Go evaluator and the reference
 * evaluator, and all three must equal the outcome written by hand from the spec: the two-valued
 * decision (docs/policy.md) for records that know everything, and the three-valued decision
 * (docs/unknowns.md) for every case, with the reference's reasons for the unevaluable ones.
 */
const groups = loadConformanceGroups();
const flat = groups.flatMap((group, g) => group.cases.map((c, i) => ({ ...c, g, i })));
const known = flat.filter((c) => c.want !== null);

let results: ThreeWayResult;
let results3: ThreeValuedResult;

beforeAll(async () => {
  const started = Date.now();
  const policies = groups.map(validateGroupPolicy);
  // The two-valued entrypoint only sees records that know everything: on any other record its
  // answer would be a guess, which is why the replay never asks it there.
  results = await evaluateThreeWays(
    groups.map((group, g) => ({
      policy: policies[g]!,
      inputs: group.cases.map((c) => (c.want === null ? {} : c.input)),
    })),
  );
  results3 = await evaluateThreeValuedThreeWays(
    groups.map((group, g) => ({ policy: policies[g]!, records: group.cases.map((c) => c.record) })),
  );
  console.log(
    `conformance: ${flat.length} cases (${flat.length - known.length} with unknowns) over ${groups.length} policies, three ways, two- and three-valued, in ${Date.now() - started} ms`,
  );
});

const TRUTH: Record<WantThreeValued['decision'], 0 | 1 | 2> = { deny: 0, unevaluable: 1, allow: 2 };

function decisionOf(d: ThreeValuedDecision): Omit<WantThreeValued, 'reasons'> {
  const decision = d.allow === 2 ? 'allow' : d.allow === 0 ? 'deny' : 'unevaluable';
  return {
    decision,
    matched_rule_ids: d.matched_rule_ids,
    missing_context_rule_ids: d.missing_context_rule_ids,
    undecided_rule_ids: d.undecided_rule_ids,
    undecided_context_rule_ids: d.undecided_context_rule_ids,
  };
}

describe('conformance fixtures', () => {
  it('hold at least 100 two-valued cases and 60 cases with unknowns, each policy valid', () => {
    expect(known.length).toBeGreaterThanOrEqual(100);
    expect(flat.length - known.length).toBeGreaterThanOrEqual(60);
    for (const group of groups) expect(() => validateGroupPolicy(group)).not.toThrow();
    // Every outcome and every reason is exercised by some case.
    const decisions = new Set(flat.map((c) => c.want3.decision));
    expect([...decisions].sort()).toEqual(['allow', 'deny', 'unevaluable']);
    const reasons = new Set(flat.flatMap((c) => c.want3.reasons));
    expect([...reasons].sort()).toEqual([
      'attributes_unavailable',
      'batch_call_pairing_unavailable',
      'claims_unavailable',
      'http_not_recorded',
      'mcp_not_recorded',
      'subject_unverified',
      'time_not_recorded',
      'tool_not_recorded',
    ]);
    for (const c of flat)
      expect({ [c.name]: TRUTH[c.want3.decision] === 1 || c.want3.reasons.length === 0 }).toEqual({
        [c.name]: true,
      });
  });

  it.each(known.map((c) => [c.name, c] as const))('two-valued: %s', (_name, c) => {
    const got: Record<string, Decision> = {
      wasm: results.wasm[c.g]![c.i]!,
      go: results.go[c.g]![c.i]!,
      reference: results.reference[c.g]![c.i]!,
    };
    // One assertion over all three so a failure shows which evaluator strays from `want`.
    expect(got).toEqual({ wasm: c.want, go: c.want, reference: c.want });
  });

  it.each(flat.map((c) => [c.name, c] as const))('three-valued: %s', (_name, c) => {
    const reference = results3.reference[c.g]![c.i]!;
    const got = {
      wasm: decisionOf(results3.wasm[c.g]![c.i]!),
      go: decisionOf(results3.go[c.g]![c.i]!),
      reference: decisionOf(reference),
      reasons: reference.reasons,
    };
    const { reasons, ...want } = c.want3;
    expect(got).toEqual({ wasm: want, go: want, reference: want, reasons });
  });
});
