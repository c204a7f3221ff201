import { loadPolicyFile } from '../policy/load.js';
import { formatProblem, type PolicyProblem } from '../policy/problems.js';
import { generateRego } from '../rego/generate.js';
import { compilePolicy, compileTimeoutProblem, policyLimitProblem } from '../compile/compilePolicy.js';
import { OpaTimeoutError } from '../opa/errors.js';
import { readPolicySource } from '../replay/run.js';
import { limitsFromFlags } from './limitFlags.js';
import { locateOpa } from '../opa/locate.js';
import { EXIT, type CommandIO } from './io.js';
import { guardOutputs, writeOutputFile } from './outputFiles.js';
import { opaInput } from './sampleInputs.js';
import { COMPILE } from './commands.js';
import { parseCommandLine } from './options.js';
import { inertJson } from '../text/workflowCommands.js';

/**
 * Validates a policy and prints its Rego (or writes it with --out-rego); --out-wasm also runs
 * `opa build -t wasm`. Problems go to stderr as file:line:column lines, exit 2.
 */
export async function runCompileCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandLine(COMPILE, argv);
  const file = positionals[0]!;
  const limits = limitsFromFlags(values);
  const failed = (errors: PolicyProblem[]) => {
    for (const error of errors) io.stderr(`${formatProblem(error)}\n`);
    io.stderr(`${file}: ${errors.length} problem${errors.length === 1 ? '' : 's'}, nothing compiled\n`);
    return EXIT.badInput;
  };
  const outRego = values['out-rego'] ? { role: '--out-rego', path: values['out-rego'] } : null;
  const outWasm = values['out-wasm'] ? { role: '--out-wasm', path: values['out-wasm'] } : null;
  const inputs = await guardOutputs(
    [outRego, outWasm],
    [{ role: 'the policy', path: file }, await opaInput(values.opa, io.env)],
  );
  try {
    // Only a regular file within --max-policy-bytes is read at all.
    await readPolicySource(file, file, limits.maxPolicyBytes);
  } catch (error) {
    const message = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return failed([
      { file, path: '', line: 1, column: 1, severity: 'error', message: `cannot read the file: ${message}` },
    ]);
  }
  const result = await loadPolicyFile(file);
  for (const warning of result.warnings) io.stderr(`${formatProblem(warning)}\n`);
  const tooMany =
    result.ok && result.text !== undefined
      ? policyLimitProblem(result.text, file, limits, result.policy)
      : null;
  if (tooMany) return failed([tooMany]);
  if (!result.ok) {
    for (const error of result.errors) io.stderr(`${formatProblem(error)}\n`);
    io.stderr(
      `${file}: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}, nothing compiled\n`,
    );
    return EXIT.badInput;
  }
  // Without --out-wasm no OPA is needed: the Rego is the generator's alone.
  let compiled = null;
  if (values['out-wasm']) {
    const opaPath = (await locateOpa({ flag: values.opa, env: io.env, forBuild: true })).path;
    try {
      compiled = await compilePolicy(result.policy, opaPath, limits.compileTimeoutMs);
    } catch (error) {
      if (error instanceof OpaTimeoutError) return failed([compileTimeoutProblem(file, error)]);
      throw error;
    }
  }
  const rego = compiled?.rego ?? generateRego(result.policy);
  // Rego strings use JSON's escapes: `##[` or a bidi control in a value or description is written
  // as an escape, the same string to OPA, and reaches neither the runner nor a reader's display.
  if (outRego) await writeOutputFile(outRego, inertJson(rego), inputs);
  else io.stdout(inertJson(rego));
  if (compiled && outWasm) {
    await writeOutputFile(outWasm, compiled.wasm, inputs);
    io.stderr(
      `wrote ${values['out-wasm']} (${compiled.wasm.byteLength} bytes, entrypoints ${compiled.entrypoint} and ${compiled.threeValuedEntrypoint})\n`,
    );
  }
  return EXIT.ok;
}
