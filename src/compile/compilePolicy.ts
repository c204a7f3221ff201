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
import { buildWasm, DEFAULT_BUILD_TIMEOUT_MS } from '../opa/build.js';
import { OpaTimeoutError } from '../opa/errors.js';
import { WasmPolicy } from '../engine/wasmEngine.js';
import {
  DEFAULT_POLICY_LIMITS,
  policySizeProblem,
  policyValuesProblem,
  type PolicyLimits,
} from '../policy/limits.js';

/** What one compilation may cost (docs/security.md "Limits"): the policy's size and values, OPA's time. */
export interface CompileLimits extends PolicyLimits {
  /** Time limit of `opa build`, in milliseconds. */
  compileTimeoutMs: number;
}

export const DEFAULT_COMPILE_LIMITS: CompileLimits = {
  ...DEFAULT_POLICY_LIMITS,
  compileTimeoutMs: DEFAULT_BUILD_TIMEOUT_MS,
};

export interface CompiledPolicy {
  rego: string;
  wasm: Uint8Array;
  /** The two-valued decision (the gateway's), entrypoint 0 of the module. */
  entrypoint: string;
  /** The three-valued decision (docs/unknowns.md), entrypoint 1. */
  threeValuedEntrypoint: string;
}

/** A validated policy → Rego → `opa build -t wasm` (OpaTimeoutError past `timeoutMs`). */
export async function compilePolicy(
  policy: Policy,
  opaPath: string,
  timeoutMs = DEFAULT_BUILD_TIMEOUT_MS,
): Promise<CompiledPolicy> {
  const rego = generateRego(policy);
  const entrypoint = entrypointOf(DEFAULT_PACKAGE);
  const threeValuedEntrypoint = threeValuedEntrypointOf(DEFAULT_PACKAGE);
  // The order fixes the entrypoint numbers WasmPolicy evaluates by: 0 two-valued, 1 three-valued.
  const wasm = await buildWasm(
    opaPath,
    [{ name: 'policy.rego', source: rego }],
    [entrypoint, threeValuedEntrypoint],
    timeoutMs,
  );
  return { rego, wasm, entrypoint, threeValuedEntrypoint };
}

/**
 * The limits a text and its validated policy must respect before OPA sees them: the size (checked
 * before parsing) and, once valid, the number of condition values. null: `text` is too large.
 */
export function policyLimitProblem(
  text: string,
  displayPath: string,
  limits: PolicyLimits,
  policy?: Policy,
): PolicyProblem | null {
  if (policy === undefined) return policySizeProblem(text, displayPath, limits);
  const format = formatOfPath(displayPath) ?? 'yaml';
  return policyValuesProblem(policy, { text, file: displayPath, format }, limits);
}

/** The problem a build that ran out of time becomes: the policy's, at its first line. */
export function compileTimeoutProblem(displayPath: string, error: OpaTimeoutError): PolicyProblem {
  return {
    file: displayPath,
    path: '',
    line: 1,
    column: 1,
    severity: 'error',
    message:
      `${error.message}: the policy is too large to compile within the time limit ` +
      "(raise it with --compile-timeout, or compile-timeout in the Action's limits input)",
  };
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

/**
 * Why a text did not compile: `invalid`, the document has problems (validation); `limit`, it is
 * over a resource limit; `timeout`, OPA ran out of time. Only the first says the policy is wrong:
 * the others say this run could not judge it.
 */
export type CompileFailure = 'invalid' | 'limit' | 'timeout';

export type CompileResult =
  | { ok: true; loaded: LoadedPolicy }
  | { ok: false; reason: CompileFailure; errors: PolicyProblem[]; warnings: PolicyProblem[] };

/** validate → Rego → wasm → loaded engine, for one policy text named `displayPath`. */
export async function compilePolicyText(
  text: string,
  displayPath: string,
  opaPath: string,
  limits: CompileLimits = DEFAULT_COMPILE_LIMITS,
): Promise<CompileResult> {
  const tooLarge = policyLimitProblem(text, displayPath, limits);
  if (tooLarge) return { ok: false, reason: 'limit', errors: [tooLarge], warnings: [] };
  const validation = validatePolicyText(text, displayPath, formatOfPath(displayPath) ?? 'yaml');
  // A document over a reading limit (alias expansion, nesting) is over a limit, not invalid.
  if (!validation.ok)
    return {
      ok: false,
      reason: validation.overLimit ? 'limit' : 'invalid',
      errors: validation.errors,
      warnings: validation.warnings,
    };
  const tooMany = policyLimitProblem(text, displayPath, limits, validation.policy);
  if (tooMany) return { ok: false, reason: 'limit', errors: [tooMany], warnings: validation.warnings };
  let compiled: CompiledPolicy;
  try {
    compiled = await compilePolicy(validation.policy, opaPath, limits.compileTimeoutMs);
  } catch (error) {
    if (!(error instanceof OpaTimeoutError)) throw error;
    return {
      ok: false,
      reason: 'timeout',
      errors: [compileTimeoutProblem(displayPath, error)],
      warnings: validation.warnings,
    };
  }
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
