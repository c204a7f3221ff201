import { runCli } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';
import { testOpaPath } from './opa.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** One in-process CLI invocation with its output captured (the pinned OPA on OPA_PATH). */
export async function runCliCaptured(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; tty?: boolean } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: options.env ?? { ...process.env, OPA_PATH: testOpaPath() },
    stdoutIsTTY: options.tty ?? false,
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
