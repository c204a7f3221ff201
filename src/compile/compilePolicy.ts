/**
 * Compilation, the stage above policy, rego, opa and engine: a policy document's text becomes a
 * validated policy, its Rego, its WebAssembly module (`opa build -t wasm`) and a loaded engine.
 * Every command and the Action compile through here.
 */
import { formatOfPath, validatePolicyText } from '../policy/validate.js';
import type { PolicyProblem } from '../policy/problems.js';
import type { Policy } from '../policy/schema.js';
import { policyFeatures, type PolicyFeatures } from '../policy/features.js';
import { generateRego, entrypointOf, threeValuedEntrypointOf, DEFAULT_PACKAGE } from '../rego/generate.js';
import { buildWasm } from '../opa/build.js';
import { WasmPolicy } from '../engine/wasmEngine.js';

export interface CompiledPolicy {
  rego: string;
  wasm: Uint8Array;
  /** The two-valued decision (the gateway's), entrypoint 0 of the module. */
  entrypoint: string;
  /** The three-valued decision (docs/unknowns.md), entrypoint 1. */
  threeValuedEntrypoint: string;
}

/** A validated policy → Rego → `opa build -t wasm`. */
export async function compilePolicy(policy: Policy, opaPath: string): Promise<CompiledPolicy> {
  const rego = generateRego(policy);
  const entrypoint = entrypointOf(DEFAULT_PACKAGE);
  const threeValuedEntrypoint = threeValuedEntrypointOf(DEFAULT_PACKAGE);
  // The order fixes the entrypoint numbers WasmPolicy evaluates by: 0 two-valued, 1 three-valued.
  const wasm = await buildWasm(
    opaPath,
    [{ name: 'policy.rego', source: rego }],
    [entrypoint, threeValuedEntrypoint],
  );
  return { rego, wasm, entrypoint, threeValuedEntrypoint };
}

/** A policy compiled and loaded into opa-wasm, with what the replay needs to know of it. */
export interface LoadedPolicy {
  policy: Policy;
  features: PolicyFeatures;
  engine: WasmPolicy;
  /** The module's bytes: what a worker thread loads its own engine from. */
  wasm: Uint8Array;
  rego: string;
  warnings: PolicyProblem[];
}

export type CompileResult =
  { ok: true; loaded: LoadedPolicy } | { ok: false; errors: PolicyProblem[]; warnings: PolicyProblem[] };

/** validate → Rego → wasm → loaded engine, for one policy text named `displayPath`. */
export async function compilePolicyText(
  text: string,
  displayPath: string,
  opaPath: string,
): Promise<CompileResult> {
  const validation = validatePolicyText(text, displayPath, formatOfPath(displayPath) ?? 'yaml');
  if (!validation.ok) return { ok: false, errors: validation.errors, warnings: validation.warnings };
  const compiled = await compilePolicy(validation.policy, opaPath);
  const engine = await WasmPolicy.load(displayPath, compiled.wasm);
  return {
    ok: true,
    loaded: {
      policy: validation.policy,
      features: policyFeatures(validation.policy),
      engine,
      wasm: compiled.wasm,
      rego: compiled.rego,
      warnings: validation.warnings,
    },
  };
}
