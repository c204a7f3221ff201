import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decision, Policy } from '../../src/policy/schema.js';
import { entrypointOf, generateRego } from '../../src/rego/generate.js';
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
