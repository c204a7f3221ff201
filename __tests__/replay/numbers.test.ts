/**
 * Numbers JavaScript does not keep as OPA reads them (docs/unknowns.md "Numbers JavaScript cannot
 * hold"): the replay, with real opa-wasm, against OPA's Go evaluator at the gateway, which reads
 * the record's own text. Every record the replay decides must be decided as OPA decides it; one it
 * cannot decide is unevaluable for this reason alone; a record whose numbers are all in their
 * shortest form is decided as before.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { generateRego } from '../../src/rego/generate.js';
import { REASON_BIT } from '../../src/unknowns/reasons.js';
import {
  RecordEvaluator,
  VERDICT_ALLOW,
  VERDICT_UNEVALUABLE,
  type RecordOutcome,
} from '../../src/replay/evaluate/recordOutcome.js';
import { SampleElementReader } from '../../src/traffic/sample.js';
import { NO_DECISION_LOG_OPTIONS } from '../../src/traffic/decisionLog.js';
import type { ReferenceThreeValued } from '../../src/engine/threeValued.js';
import { evaluateThreeValuedThreeWays, type UnknownRecord } from '../support/threeWay.js';
import { HEAD_ONLY_PRECISE, opa, policyYaml, prepare, tempDir } from './helpers.js';
import { SIZES } from '../support/sizes.js';

const tmp = tempDir('numbers-');
afterAll(() => tmp.cleanup());

/** Spellings the replay keeps as OPA reads them (the shortest form of their double). */
const SHORTEST = ['10', '20', '7', '0', '2.5', '0.1', '18014398509481984', '1e+21', '5e-324', '-3'];
/** Spellings it does not: beyond the doubles, beyond 2^53, too many digits, or another form. */
const RESPELLED = [
  '1e309',
  '-1e309',
  '1E400',
  '12345678901234567890',
  '9007199254740993',
  '0.1000000000000000055511151231257827',
  '1e-400',
  '10.0',
  '1e1',
  '1E1',
  '-0',
  '1e21',
  '100000000000000000000',
];

const POLICIES = {
  denyOdd: policyYaml({
    default_effect: 'allow',
    on_missing_context: 'ignore',
    rules: [
      {
        id: 'deny-odd-limits',
        effect: 'deny',
        conditions: [{ field: 'argument:limit', operator: 'not_in', values: ['10', '20', '50'] }],
      },
      {
        id: 'deny-odd-claims',
        effect: 'deny',
        conditions: [
          {
            field: 'claim:n',
            operator: 'in',
            values: ['-0', '0', '1e21', 'Infinity', 'null', '12345678901234567890'],
          },
        ],
      },
      {
        id: 'deny-unparsable',
        effect: 'deny',
        conditions: [{ field: 'unparsable_calls', operator: 'not_in', values: ['0'] }],
      },
    ],
  }),
  allowListed: policyYaml({
    default_effect: 'deny',
    on_missing_context: 'ignore',
    rules: [
      {
        id: 'allow-limits',
        effect: 'allow',
        conditions: [
          {
            field: 'argument:limit',
            operator: 'in',
            values: ['10', '1e309', '12345678901234567890', '1e+21', '18014398509481984', '0.1', '5e-324'],
          },
        ],
      },
      {
        id: 'allow-tags',
        effect: 'allow',
        conditions: [
          {
            field: 'argument:tags',
            operator: 'in',
            values: ['1e1', '10', '0.1000000000000000055511151231257827', '2.5'],
          },
        ],
      },
    ],
  }),
};

const token = fc.oneof(fc.constantFrom(...SHORTEST), fc.constantFrom(...RESPELLED));
const count = fc.constantFrom('0', '1', '0.0', '1e0', '1.00000000000000000001');

/** One record's input, written as text so that every spelling reaches both sides unchanged. */
const inputText = fc
  .record(
    {
      limit: token,
      tags: fc.array(token, { maxLength: 3 }),
      n: token,
      unparsable: count,
      other: token,
    },
    { requiredKeys: [] },
  )
  .map((f) => {
    const request: string[] = [];
    if (f.unparsable !== undefined) request.push(`"jsonrpc":{"unparsable_calls":${f.unparsable}}`);
    const args: string[] = [];
    if (f.limit !== undefined) args.push(`"limit":${f.limit}`);
    if (f.tags !== undefined) args.push(`"tags":[${f.tags.join(',')}]`);
    // A number no rule reads: it never makes its record unevaluable.
    if (f.other !== undefined) args.push(`"other":${f.other}`);
    request.push(`"mcp":{"calls":[{"method":"tools/call","tool":"query"}],"arguments":{${args.join(',')}}}`);
    const claims = f.n === undefined ? '' : `,"claims":{"n":${f.n}}`;
    const identity = `,"identity":{"verified":true${claims}}`;
    // Decidable for sure: every number a rule reads is in its shortest form and equal to no number
    // of the record that is not (OPA could then see the other spelling there).
    const read = [f.limit, ...(f.tags ?? []), f.n, f.unparsable].filter((t) => t !== undefined);
    const respelled = new Set(
      [...read, f.other].filter((t) => t !== undefined && String(Number(t)) !== t).map(Number),
    );
    return {
      text: `{"request":{${request.join(',')}}${identity}}`,
      allShortest: read.every((t) => String(Number(t)) === t && !respelled.has(Number(t))),
    };
  });

const inputs = fc.sample(inputText, { numRuns: SIZES.numbersInputs, seed: 20261202 });

/**
 * The generated Rego's two-valued decision under OPA's Go evaluator, on each input's own text. One
 * REPL query per input, as the gateway evaluates each request on its own: inside one query OPA
 * may reuse a result computed for a number equal in value but spelled otherwise (`10` after `1e1`).
 */
async function gatewayDecisions(policy: Parameters<typeof generateRego>[0]): Promise<boolean[]> {
  const rego = tmp.file(`p-${Math.random().toString(36).slice(2)}.rego`);
  const data = tmp.file(`d-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(rego, generateRego(policy));
  writeFileSync(data, `{"batch":[${inputs.map((i) => i.text).join(',')}]}`);
  const queries = inputs.map((_, i) => `data.policy_replay.decision.allow with input as data.batch[${i}]\n`);
  const run = spawnSync(
    (await opa()).path,
    ['run', '--format', 'raw', '--history', tmp.file('history'), rego, data],
    {
      input: queries.join(''),
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  const answers = run.stdout.split('\n').filter((l) => l === 'true' || l === 'false');
  expect(answers).toHaveLength(inputs.length);
  return answers.map((a) => a === 'true');
}

describe('numbers JavaScript cannot hold, against OPA at the gateway', () => {
  it.each(Object.keys(POLICIES) as (keyof typeof POLICIES)[])(
    '%s: a decided record is decided as OPA decides it; the rest are unevaluable for their numbers',
    async (name) => {
      const side = await prepare(POLICIES[name]);
      const gateway = await gatewayDecisions(side.policy);
      // One evaluator for the whole sample: its decision cache is shared across the records.
      const evaluator = new RecordEvaluator(HEAD_ONLY_PRECISE, side, null);
      let decided = 0;
      let unevaluable = 0;
      inputs.forEach((input, i) => {
        const line = `{"request_id":"r${i}","input":${input.text}}`;
        const outcome = evaluator.evaluateText(line, i + 1) as RecordOutcome;
        const where = `${name} #${i}: ${input.text}`;
        expect({ where, kind: outcome.kind, error: outcome.error }).toEqual({
          where,
          kind: 'record',
          error: null,
        });
        if (outcome.primary === VERDICT_UNEVALUABLE) {
          unevaluable++;
          expect({ where, allShortest: input.allShortest }).toEqual({ where, allShortest: false });
          expect({ where, reasons: outcome.reasons }).toEqual({
            where,
            reasons: REASON_BIT.number_not_representable,
          });
        } else {
          decided++;
          expect({ where, allow: outcome.primary === VERDICT_ALLOW }).toEqual({
            where,
            allow: gateway[i],
          });
        }
      });
      // Both outcomes are common: the property is not met vacuously.
      expect(decided).toBeGreaterThan(inputs.length / 4);
      expect(unevaluable).toBeGreaterThan(inputs.length / 4);
    },
  );

  it('the three evaluators agree on these records, three-valued', async () => {
    const reader = new SampleElementReader('records', NO_DECISION_LOG_OPTIONS);
    const records = inputs.map((input, i) => {
      const element = reader.read(`{"request_id":"r${i}","input":${input.text}}`);
      if (element.kind !== 'record') throw new Error(`#${i} is not a record`);
      return element.record as UnknownRecord;
    });
    const policies = await Promise.all(Object.values(POLICIES).map(async (p) => (await prepare(p)).policy));
    const result = await evaluateThreeValuedThreeWays(policies.map((policy) => ({ policy, records })));
    const strip = ({ reasons: _reasons, ...decision }: ReferenceThreeValued) => decision;
    result.reference.forEach((decisions, p) => {
      expect(result.wasm[p]).toEqual(decisions.map(strip));
      expect(result.go[p]).toEqual(decisions.map(strip));
      for (const d of decisions) expect(d.reasons).toEqual(d.allow === 1 ? ['number_not_representable'] : []);
    });
  });
});
