import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  analyseCoverage,
  kindOf,
  kindsHolding,
  symbolicDecisions, witnesses, type CoverageAnalysis } from '../../src/coverage/analyse.js';
import { hasShape } from '../../src/coverage/concrete.js';
import type { Kind } from '../../src/coverage/kinds.js';
import type { WitnessRecord } from '../../src/coverage/witness.js';
import { evaluateReference } from '../../src/engine/reference.js';
import type { Decision, Policy } from '../../src/policy/schema.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import { isTrafficRecord } from '../../src/traffic/record.js';
import { policyArb } from '../conformance/arbitraries.js';
import { inputArb } from '../conformance/inputs.js';
import { SIZES } from '../support/sizes.js';
import { basisOfDecision, options } from './helpers.js';

/**
 * The proof obligations of docs/coverage.md on generated policy pairs (the conformance suite's
 * generators: policies over a small vocabulary, inputs of every JSON type at every field):
 *
 * 1. on every generated input, each side's decision computed from the input's atoms alone equals
 *    the reference evaluator's (allow, matched rules, rules lacking context);
 * 2. completeness: every input the reference decides differently on the two sides falls in
 *    exactly one enumerated kind, whose direction and bases are the reference's;
 * 3. every witness, evaluated by the reference, shows its kind's change and bases;
 * 4. under the MCP shape, every witness is a valid traffic record of that shape, every witness of
 *    the unrestricted analysis that has the shape falls in an MCP kind, and the generated inputs
 *    that have the shape pass 1 and 2 for the MCP analysis too.
 *
 * Reproduce a failure with COVERAGE_SEED=<seed printed on failure>.
 */
const SEED = Number(process.env.COVERAGE_SEED ?? 20261202);
const PAIRS = SIZES.coverage.pairs;
const INPUTS = SIZES.coverage.inputsPerPair;

type Side = 'both' | 'added' | 'deleted';

function validated(raw: Policy): Policy | null {
  const result = validatePolicyText(JSON.stringify(raw), 'generated.json', 'json');
  return result.ok ? result.policy : null;
}

function same(a: Decision | null, b: Decision | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function reference(policy: Policy | null, input: unknown): Decision | null {
  return policy === null ? null : evaluateReference(policy, input);
}

/** The direction a pair of reference decisions shows, or null when unchanged (or nothing decided). */
function direction(base: Decision | null, head: Decision | null): Kind['direction'] | null {
  if (head === null) return null;
  if (base !== null && base.allow === head.allow) return null;
  return head.allow ? 'newly_allowed' : 'newly_denied';
}

/** Problems with one input: decisions, and the kind of a changed one. */
function checkInput(analysis: CoverageAnalysis, base: Policy | null, head: Policy | null, input: unknown): string[] {
  const expected = { base: reference(base, input), head: reference(head, input) };
  const symbolic = symbolicDecisions(analysis, input);
  const problems: string[] = [];
  if (!same(symbolic.base, expected.base) || !same(symbolic.head, expected.head))
    problems.push(`decision: symbolic ${JSON.stringify(symbolic)} reference ${JSON.stringify(expected)}`);
  const changed = direction(expected.base, expected.head);
  const space = analysis.space!;
  if (!hasShape(space, input)) problems.push('outside the space');
  const holding = kindsHolding(analysis, input);
  if (changed === null) {
    if (holding.length > 0) problems.push(`unchanged but in kind ${holding[0]!.key}`);
    return problems;
  }
  if (holding.length !== 1) return [...problems, `changed (${changed}) and in ${holding.length} kinds`];
  const kind = holding[0]!;
  const bases = { base: basisOfDecision(base, expected.base), head: basisOfDecision(head, expected.head) };
  if (kind.direction !== changed || !same(kind.base as never, bases.base as never) || !same(kind.head as never, bases.head as never))
    problems.push(`in kind ${kind.key}, the reference says ${changed} ${JSON.stringify(bases)}`);
  return problems;
}

function checkWitness(base: Policy | null, head: Policy | null, kind: Kind, witness: WitnessRecord): string[] {
  const b = reference(base, witness.input);
  const h = reference(head, witness.input);
  const bases = { base: basisOfDecision(base, b), head: basisOfDecision(head, h) };
  if (direction(b, h) === kind.direction && same(bases.base as never, kind.base as never) && same(bases.head as never, kind.head as never))
    return [];
  return [`witness ${JSON.stringify(witness)} of ${kind.key}: reference ${JSON.stringify({ b, h })}`];
}

describe('the symbolic coverage analysis on generated policy pairs', () => {
  it(`equals the reference, is complete, and its witnesses show their change (seed ${SEED})`, () => {
    const started = Date.now();
    const drawn = fc.sample(
      fc.tuple(
        policyArb,
        policyArb,
        fc.constantFrom<Side>('both', 'both', 'both', 'both', 'both', 'both', 'added', 'deleted'),
        fc.array(inputArb, { minLength: INPUTS, maxLength: INPUTS }),
      ),
      { seed: SEED, numRuns: PAIRS },
    );
    const seen = { pairs: 0, inputs: 0, mcpInputs: 0, changed: 0, kinds: 0, mcpKinds: 0, witnesses: 0, crossChecked: 0 };
    const problems: string[] = [];
    for (const [rawBase, rawHead, side, inputs] of drawn) {
      const base = side === 'added' ? null : validated(rawBase);
      const head = side === 'deleted' ? null : validated(rawHead);
      if ((side !== 'added' && base === null) || (side !== 'deleted' && head === null)) continue;
      seen.pairs++;
      const analysis = analyseCoverage(base, head, options('any'));
      const mcp = analyseCoverage(base, head, options('mcp'));
      const context = `pair ${JSON.stringify({ base, head })}`;
      if (analysis.mode !== 'exact' || mcp.mode !== 'exact') {
        problems.push(`${context}: ${analysis.mode}/${mcp.mode} ${analysis.capped ?? ''} ${mcp.capped ?? ''}`);
        continue;
      }
      seen.kinds += analysis.kinds.length;
      seen.mcpKinds += mcp.kinds.length;
      for (const input of inputs) {
        seen.inputs++;
        if (direction(reference(base, input), reference(head, input)) !== null) seen.changed++;
        for (const p of checkInput(analysis, base, head, input)) problems.push(`${context} input ${JSON.stringify(input)}: ${p}`);
        // The few generated inputs that happen to have the MCP shape check that analysis too.
        if (!hasShape(mcp.space!, input)) continue;
        seen.mcpInputs++;
        for (const p of checkInput(mcp, base, head, input)) problems.push(`${context} MCP input ${JSON.stringify(input)}: ${p}`);
      }
      const anyWitnesses = witnesses(analysis);
      analysis.kinds.forEach((kind, i) => problems.push(...checkWitness(base, head, kind, anyWitnesses[i]!)));
      const mcpWitnesses = witnesses(mcp);
      mcp.kinds.forEach((kind, i) => {
        const w = mcpWitnesses[i]!;
        seen.witnesses++;
        if (!isTrafficRecord(w)) problems.push(`not a traffic record: ${JSON.stringify(w)}`);
        if (!hasShape(mcp.space!, w.input)) problems.push(`not of the MCP shape: ${JSON.stringify(w)}`);
        problems.push(...checkWitness(base, head, kind, w));
      });
      for (const w of anyWitnesses) {
        if (!hasShape(mcp.space!, w.input)) continue;
        seen.crossChecked++;
        if (kindOf(mcp, w.input) === null) problems.push(`${context}: MCP-shaped ${JSON.stringify(w)} in no MCP kind`);
      }
      if (problems.length > 20) break;
    }
    console.log(
      `coverage property: ${JSON.stringify(seen)}, seed ${SEED}, ${Date.now() - started} ms, ${problems.length} problems`,
    );
    expect(problems.slice(0, 5)).toEqual([]);
    expect(seen.pairs).toBeGreaterThanOrEqual(Math.ceil(PAIRS * 0.8));
    // Changes must be common, or completeness would be tested on little.
    expect(seen.changed).toBeGreaterThan(seen.inputs * 0.05);
    expect(seen.crossChecked).toBeGreaterThan(0);
  });
});
