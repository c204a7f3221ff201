import { runCli } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';
import { testOpaPath } from './opa.js';

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a CLI command in-process (the pinned OPA through $OPA_PATH), capturing its output. */
export async function cli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { ...env, OPA_PATH: testOpaPath() },
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
