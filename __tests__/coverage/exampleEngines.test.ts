import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { analyseCoverage, symbolicDecisions } from '../../src/coverage/analyse.js';
import type { Decision } from '../../src/policy/schema.js';
import { evaluationInput } from '../../src/traffic/evaluationInput.js';
import type { TrafficRecord } from '../../src/traffic/record.js';
import { hasUnknowns } from '../../src/unknowns/recordUnknowns.js';
import { repoRoot } from '../support/files.js';
import { compilePolicyText } from '../../src/compile/compilePolicy.js';
import { evaluateReference } from '../../src/engine/reference.js';
import { testOpaPath } from '../support/opa.js';
import { examplePolicy, options } from './helpers.js';

/**
 * docs/coverage.md "How it is checked": on every complete record of the bundled example, each
 * side's decision computed from the record's atoms alone equals the compiled policy's under
 * opa-wasm (the engine the replay uses) and the reference evaluator's — allow, matched rules and
 * the rules that lacked context — under both shapes. (OPA's Go evaluator is held to the same
 * wasm by the conformance suites.)
 */
const records = gunzipSync(readFileSync(join(repoRoot, 'fixtures/example/traffic/sample.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as TrafficRecord)
  .filter((r) => !hasUnknowns(r));
const inputs = records.map((r) => evaluationInput(r));
const start = records.map((r) => r.occurred_at!).sort()[0]!;

const canonical = (d: Decision) => ({
  allow: d.allow,
  matched: [...d.matched_rule_ids].sort(),
  missing: [...d.missing_context_rule_ids].sort(),
});

describe('the symbolic decisions of the example', () => {
  it('equal the wasm and the reference on every complete record', async () => {
    const base = examplePolicy('base').policy;
    const head = examplePolicy('head').policy;
    const wasm = await Promise.all(
      (['base', 'head'] as const).map(async (side) => {
        const compiled = await compilePolicyText(examplePolicy(side).text, `${side}.yaml`, testOpaPath());
        if (!compiled.ok) throw new Error(`the example's ${side} does not compile`);
        return compiled.loaded.engine;
      }),
    );
    const engines = {
      wasm: [base, head].map((_, side) => inputs.map((input, i) => wasm[side]!.evaluate(input, records[i]!.request_id))),
      reference: [base, head].map((policy) => inputs.map((input) => evaluateReference(policy, input))),
    };
    const mismatches: string[] = [];
    for (const shape of ['mcp', 'any'] as const) {
      const analysis = analyseCoverage(base, head, { ...options(shape), horizon: { start, days: 366 } });
      inputs.forEach((input, i) => {
        const symbolic = symbolicDecisions(analysis, input);
        const sides = [symbolic.base!, symbolic.head!];
        sides.forEach((decision, side) => {
          const mine = canonical(decision);
          for (const engine of ['wasm', 'reference'] as const) {
            const theirs = canonical(engines[engine][side]![i]!);
            if (JSON.stringify(mine) !== JSON.stringify(theirs))
              mismatches.push(`${shape} ${records[i]!.request_id} side ${side} vs ${engine}`);
          }
        });
      });
    }
    expect(records.length).toBeGreaterThan(5000);
    expect(mismatches).toEqual([]);
  }, 120_000);
});
