import { loadPolicy, type LoadedPolicy } from '@open-policy-agent/opa-wasm';
import type { Decision } from '../policy/schema.js';
import { EvaluationError } from './errors.js';
import type { ThreeValuedDecision } from '../unknowns/decision.js';
import { createTimeBuiltins } from './timeBuiltins.js';
import { memoryFor } from './wasmMemory.js';

/**
 * One compiled policy loaded into opa-wasm: loaded once, evaluated synchronously per input. The
 * time builtins OPA's wasm target lacks are supplied here, with results equal to OPA's Go
 * evaluator; any builtin failure surfaces as an EvaluationError naming the policy and request.
 */
export class WasmPolicy {
  private constructor(
    readonly name: string,
    private readonly loaded: LoadedPolicy,
    private readonly resetBuiltins: () => void,
  ) {}

  static async load(name: string, wasm: Uint8Array): Promise<WasmPolicy> {
    const time = createTimeBuiltins();
    const bytes = new Uint8Array(wasm);
    // Sized from the module: a large policy's data does not fit opa-wasm's default 5 pages.
    const loaded = await loadPolicy(bytes.buffer, memoryFor(bytes), time.builtins);
    return new WasmPolicy(name, loaded, time.reset);
  }

  get entrypoints(): string[] {
    return Object.keys(this.loaded.entrypoints as Record<string, number>);
  }

  /**
   * `input` may be the parsed value or its JSON text as an ArrayBuffer (no re-serialisation).
   * Returns the decision object of `entrypoint` (the first, the two-valued decision, when omitted).
   */
  evaluate(input: unknown, requestId?: string, entrypoint: string | number = 0): Decision {
    const decision = this.result(input, requestId, entrypoint) as Decision | undefined;
    if (!decision || typeof decision.allow !== 'boolean') {
      throw new EvaluationError(this.name, requestId, new Error('the policy produced no decision'));
    }
    return decision;
  }

  /**
   * The three-valued decision (docs/unknowns.md) of `entrypoint`, by default the second one a
   * compiled policy has (compile/compilePolicy.ts builds `decision` then `three_valued_decision`).
   */
  evaluateThreeValued(
    input: unknown,
    requestId?: string,
    entrypoint: string | number = 1,
  ): ThreeValuedDecision {
    const decision = this.result(input, requestId, entrypoint) as ThreeValuedDecision | undefined;
    if (!decision || (decision.allow !== 0 && decision.allow !== 1 && decision.allow !== 2)) {
      throw new EvaluationError(
        this.name,
        requestId,
        new Error('the policy produced no three-valued decision'),
      );
    }
    return decision;
  }

  private result(input: unknown, requestId: string | undefined, entrypoint: string | number): unknown {
    this.resetBuiltins();
    let resultSet: unknown;
    try {
      resultSet = this.loaded.evaluate(input, entrypoint);
    } catch (error) {
      throw new EvaluationError(this.name, requestId, error);
    }
    const first = Array.isArray(resultSet) ? (resultSet[0] as { result?: unknown } | undefined) : undefined;
    return first?.result;
  }
}
