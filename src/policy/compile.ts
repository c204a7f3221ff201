import type { Policy } from './schema.js';
import { generateRego, entrypointOf, DEFAULT_PACKAGE } from '../rego/generate.js';
import { buildWasm } from '../opa/build.js';
import { WasmPolicy } from '../engine/wasmEngine.js';

export interface CompiledPolicy {
  rego: string;
  wasm: Uint8Array;
  entrypoint: string;
}

/** validate (done by the caller) → Rego → `opa build -t wasm`. */
export async function compilePolicy(policy: Policy, opaPath: string): Promise<CompiledPolicy> {
  const rego = generateRego(policy);
  const entrypoint = entrypointOf(DEFAULT_PACKAGE);
  const wasm = await buildWasm(opaPath, [{ name: 'policy.rego', source: rego }], [entrypoint]);
  return { rego, wasm, entrypoint };
}

export async function loadCompiled(name: string, compiled: CompiledPolicy): Promise<WasmPolicy> {
  return WasmPolicy.load(name, compiled.wasm);
}
