import { parseArgs } from 'node:util';
import { loadPolicyFile } from '../policy/load.js';
import { formatProblem } from '../policy/problems.js';
import { generateRego } from '../rego/generate.js';
import { compilePolicy } from '../compile/compilePolicy.js';
import { locateOpa } from '../opa/locate.js';
import { EXIT, UsageError, writeOutputFile, type CommandIO } from './io.js';

export const COMPILE_USAGE =
  'policy-replay compile <policy> [--out-rego FILE] [--out-wasm FILE] [--opa PATH]';

/**
 * Validates a policy and prints its Rego (or writes it with --out-rego); --out-wasm also runs
 * `opa build -t wasm`. Problems go to stderr as file:line:column lines, exit 2.
 */
export async function runCompileCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'out-rego': { type: 'string' },
      'out-wasm': { type: 'string' },
      opa: { type: 'string' },
    },
  });
  if (positionals.length !== 1)
    throw new UsageError(`compile takes one policy file\nusage: ${COMPILE_USAGE}`);
  const file = positionals[0]!;
  const result = await loadPolicyFile(file);
  for (const warning of result.warnings) io.stderr(`${formatProblem(warning)}\n`);
  if (!result.ok) {
    for (const error of result.errors) io.stderr(`${formatProblem(error)}\n`);
    io.stderr(
      `${file}: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}, nothing compiled\n`,
    );
    return EXIT.badInput;
  }
  // Without --out-wasm no OPA is needed: the Rego is the generator's alone.
  const compiled = values['out-wasm']
    ? await compilePolicy(result.policy, (await locateOpa({ flag: values.opa, env: io.env })).path)
    : null;
  const rego = compiled?.rego ?? generateRego(result.policy);
  if (values['out-rego']) await writeOutputFile(values['out-rego'], rego);
  else io.stdout(rego);
  if (compiled && values['out-wasm']) {
    await writeOutputFile(values['out-wasm'], compiled.wasm);
    io.stderr(
      `wrote ${values['out-wasm']} (${compiled.wasm.byteLength} bytes, entrypoints ${compiled.entrypoint} and ${compiled.threeValuedEntrypoint})\n`,
    );
  }
  return EXIT.ok;
}
