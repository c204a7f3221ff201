import { OpaToolchainError } from '../opa/errors.js';
import { OpaMissingError } from '../opa/locate.js';
import { runCompileCommand, COMPILE_USAGE } from './compileCommand.js';
import { runReplayCommand, REPLAY_USAGE } from './replayCommand.js';
import { runFidelityCommand, FIDELITY_USAGE } from '../fidelity/command.js';
import { runDriftCommand, DRIFT_USAGE } from './driftCommand.js';
import { runMergeCommand, MERGE_USAGE } from './mergeCommand.js';
import { CommandError, EXIT, UsageError, type CommandIO } from './io.js';
import { inertText } from '../text/workflowCommands.js';

type Command = (argv: string[], io: CommandIO) => Promise<number>;

const COMMANDS: Record<string, { run: () => Promise<Command>; usage: string }> = {
  compile: { run: async () => runCompileCommand, usage: COMPILE_USAGE },
  replay: { run: async () => runReplayCommand, usage: REPLAY_USAGE },
  fidelity: { run: async () => runFidelityCommand, usage: FIDELITY_USAGE.replace(/^usage: /, '') },
  drift: { run: async () => runDriftCommand, usage: DRIFT_USAGE },
  merge: { run: async () => runMergeCommand, usage: MERGE_USAGE },
};

export function usage(): string {
  return [
    'policy-replay: replay recorded MCP gateway traffic through a policy change',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
    '',
    'exit codes: 0 report produced, 1 a --fail-on threshold crossed, 2 bad invocation or invalid input, 3 OPA missing or failed',
  ].join('\n');
}

/**
 * Runs one CLI invocation and returns its exit code; never throws. Everything a command prints
 * passes through `inertText` here, the CLI's one output boundary: traffic values, policy keys,
 * manifest ids and file names in reports and errors cannot issue a workflow command when the CLI
 * runs in a GitHub Actions step (README "Security model").
 */
export async function runCli(argv: string[], rawIo: CommandIO): Promise<number> {
  const io: CommandIO = {
    ...rawIo,
    stdout: (text) => rawIo.stdout(inertText(text)),
    stderr: (text) => rawIo.stderr(inertText(text)),
  };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${usage()}\n`);
    return name === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (name === '--version') {
    io.stdout(`${process.env.POLICY_REPLAY_VERSION ?? 'policy-replay'}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`unknown command ${JSON.stringify(name)}\n\n${usage()}\n`);
    return EXIT.badInput;
  }
  try {
    return await (
      await command.run()
    )(rest, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`${(error as Error).message}\nusage: ${command.usage}\n`);
      return EXIT.badInput;
    }
    if (error instanceof CommandError) {
      io.stderr(`${error.message}\n`);
      return EXIT.badInput;
    }
    if (error instanceof OpaMissingError || error instanceof OpaToolchainError) {
      io.stderr(`${(error as Error).message}\n`);
      return EXIT.opaFailed;
    }
    io.stderr(`policy-replay ${name} failed: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.badInput;
  }
}
