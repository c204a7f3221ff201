import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decision, Policy } from '../../src/policy/schema.js';
import { entrypointOf, generateRego, threeValuedEntrypointOf } from '../../src/rego/generate.js';
import { THREE_VALUED_DECISION } from '../../src/rego/threeValued.js';
import { UNKNOWNS_KEY, unknownsPayload } from '../../src/unknowns/payload.js';
import { evaluateReferenceThreeValued, type ReferenceThreeValued } from '../../src/engine/threeValued.js';
import type { ThreeValuedDecision } from '../../src/unknowns/decision.js';
import { evaluationInput } from '../../src/traffic/evaluationInput.js';
import type { TrafficRecord } from '../../src/traffic/record.js';
import { unknownDataOf, unknownPointers } from '../../src/unknowns/recordUnknowns.js';
import { buildWasm, runOpa } from '../../src/opa/build.js';
import { WasmPolicy } from '../../src/engine/wasmEngine.js';
import { evaluateReference } from '../../src/engine/reference.js';
import { testOpaPath } from './opa.js';

export interface PolicyBatch {
  policy: Policy;
  inputs: unknown[];
}

export interface ThreeWayResult {
  wasm: Decision[][];
  go: Decision[][];
  reference: Decision[][];
}

/**
 * Evaluates every input against its policy three ways: generated Rego under opa-wasm (one
 * `opa build` for the whole batch, one entrypoint per policy), the same Rego under OPA's Go
 * evaluator (one `opa eval` process for the whole batch), and the TypeScript reference evaluator.
 */
export async function evaluateThreeWays(batches: PolicyBatch[]): Promise<ThreeWayResult> {
  const opa = testOpaPath();
  const modules = batches.map((b, i) => ({
    name: `p${i}.rego`,
    source: generateRego(b.policy, { packageName: `conformance.p${i}` }),
  }));
  const entrypoints = batches.map((_, i) => entrypointOf(`conformance.p${i}`));

  const wasmBytes = await buildWasm(opa, modules, entrypoints);
  const engine = await WasmPolicy.load('conformance', wasmBytes);
  const wasm = batches.map((b, i) =>
    b.inputs.map((input) => engine.evaluate(input, undefined, entrypoints[i]!)),
  );

  const dir = await mkdtemp(join(tmpdir(), 'policy-replay-go-'));
  let go: Decision[][];
  try {
    const files: string[] = [];
    for (const m of modules) {
      const file = join(dir, m.name);
      await writeFile(file, m.source);
      files.push(file);
    }
    const batchFile = join(dir, 'batch.json');
    await writeFile(
      batchFile,
      JSON.stringify({ batch: batches.map((b, i) => ({ pkg: `p${i}`, inputs: b.inputs })) }),
    );
    const query =
      '[[d | some x in p.inputs; d := data.conformance[p.pkg].decision with input as x] | some p in data.batch]';
    const args = ['eval', '--format', 'json', '--fail-defined=false'];
    for (const f of files) args.push('-d', f);
    args.push('-d', batchFile, query);
    const { stdout } = await runOpa(
      opa,
      args.filter((a) => a !== '--fail-defined=false'),
    );
    const parsed = JSON.parse(stdout) as { result: { expressions: { value: Decision[][] }[] }[] };
    go = parsed.result[0]!.expressions[0]!.value;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const reference = batches.map((b) => b.inputs.map((input) => evaluateReference(b.policy, input)));
  return { wasm, go, reference };
}

/** One record of a three-valued batch: what the traffic export holds (docs/traffic.md, docs/unknowns.md). */
export type UnknownRecord = Pick<TrafficRecord, 'input' | 'unavailable' | 'unknown_paths' | 'unpaired'>;

export interface ThreeValuedBatch {
  policy: Policy;
  records: UnknownRecord[];
}

export interface ThreeValuedResult {
  wasm: ThreeValuedDecision[][];
  go: ThreeValuedDecision[][];
  reference: ReferenceThreeValued[][];
}

function asRecord(r: UnknownRecord): TrafficRecord {
  return { request_id: 'case', ...r };
}

/**
 * The three-valued entrypoint's input for a record, as the replay builds it (DecisionCache in
 * src/replay/decisionCache/decisionCache.ts adds the same payload to the projected input): the record's request and identity as replayed (an
 * unpaired batch paired) and the unknown set under UNKNOWNS_KEY. Nothing else of the record's own
 * input is passed, so it cannot supply the unknown set.
 */
export function threeValuedInput(r: UnknownRecord): Record<string, unknown> {
  const record = asRecord(r);
  const input = evaluationInput(record);
  const out: Record<string, unknown> = {};
  if (input.request !== undefined) out.request = input.request;
  if (input.identity !== undefined) out.identity = input.identity;
  out[UNKNOWNS_KEY] = unknownsPayload(unknownPointers(record), record.unpaired ?? null);
  return out;
}

/**
 * The three-valued decision of every record three ways: the generated Rego's
 * `three_valued_decision` under opa-wasm and under `opa eval`, and the reference evaluator (which
 * alone also names the reasons).
 */
export async function evaluateThreeValuedThreeWays(batches: ThreeValuedBatch[]): Promise<ThreeValuedResult> {
  const opa = testOpaPath();
  const modules = batches.map((b, i) => ({
    name: `p${i}.rego`,
    source: generateRego(b.policy, { packageName: `conformance.p${i}` }),
  }));
  const entrypoints = batches.map((_, i) => threeValuedEntrypointOf(`conformance.p${i}`));
  const inputs = batches.map((b) => b.records.map(threeValuedInput));

  const wasmBytes = await buildWasm(opa, modules, entrypoints);
  const engine = await WasmPolicy.load('conformance', wasmBytes);
  const wasm = inputs.map((list, i) =>
    list.map((input) => engine.evaluateThreeValued(input, undefined, entrypoints[i]!)),
  );

  const dir = await mkdtemp(join(tmpdir(), 'policy-replay-go3-'));
  let go: ThreeValuedDecision[][];
  try {
    const args = ['eval', '--format', 'json'];
    for (const m of modules) {
      const file = join(dir, m.name);
      await writeFile(file, m.source);
      args.push('-d', file);
    }
    const batchFile = join(dir, 'batch.json');
    await writeFile(
      batchFile,
      JSON.stringify({ batch: inputs.map((list, i) => ({ pkg: `p${i}`, inputs: list })) }),
    );
    args.push(
      '-d',
      batchFile,
      `[[d | some x in p.inputs; d := data.conformance[p.pkg].${THREE_VALUED_DECISION} with input as x] | some p in data.batch]`,
    );
    const { stdout } = await runOpa(opa, args);
    const parsed = JSON.parse(stdout) as { result: { expressions: { value: ThreeValuedDecision[][] }[] }[] };
    go = parsed.result[0]!.expressions[0]!.value;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const reference = batches.map((b) =>
    b.records.map((r) => evaluateReferenceThreeValued(b.policy, r.input, unknownDataOf(asRecord(r)))),
  );
  return { wasm, go, reference };
}
