import { OpaToolchainError } from '../opa/errors.js';
import { OpaMissingError } from '../opa/locate.js';
import { EngineMissingError } from '../regoPolicy/locateEngine.js';
import { EngineError } from '../regoPolicy/engineProcess.js';
import { TOOL_VERSION } from '../version.js';
import { runCompileCommand } from './compileCommand.js';
import { runReplayCommand } from './replayCommand.js';
import { runFidelityCommand } from './fidelityCommand.js';
import { runDriftCommand } from './driftCommand.js';
import { runMergeCommand } from './mergeCommand.js';
import { COMMAND_SPECS, COMPILE, DRIFT, FIDELITY, MERGE, REPLAY } from './commands.js';
import { commandHelp, commandUsage, programHelp } from './help.js';
import { wantsHelp, type CommandSpec } from './options.js';
import { CommandError, EXIT, UsageError, terminalText, type CommandIO } from './io.js';

type Command = (argv: string[], io: CommandIO) => Promise<number>;

const COMMANDS: Record<string, { spec: CommandSpec; run: Command }> = {
  compile: { spec: COMPILE, run: runCompileCommand },
  replay: { spec: REPLAY, run: runReplayCommand },
  drift: { spec: DRIFT, run: runDriftCommand },
  merge: { spec: MERGE, run: runMergeCommand },
  fidelity: { spec: FIDELITY, run: runFidelityCommand },
};

/** The top-level help: commands, environment, the --fail-on grammar and the exit codes. */
export function usage(): string {
  return programHelp(COMMAND_SPECS);
}

/**
 * Runs one CLI invocation and returns its exit code; never throws. Everything a command prints
 * passes through `terminalText` here, the CLI's one output boundary: traffic values, policy keys,
 * manifest ids and file names in reports and errors cannot issue a workflow command when the CLI
 * runs in a GitHub Actions step, nor reorder what a terminal shows (README "Security model").
 */
export async function runCli(argv: string[], rawIo: CommandIO): Promise<number> {
  const io: CommandIO = {
    ...rawIo,
    stdout: (text) => rawIo.stdout(terminalText(text)),
    stderr: (text) => rawIo.stderr(terminalText(text)),
  };
  const [name, ...rest] = argv;
  // Without a command the invocation is incomplete: the help goes to stderr (stdout stays clean
  // for pipes) and the exit code says it was not a success.
  if (name === undefined) {
    io.stderr(usage());
    return EXIT.badInput;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic === undefined) {
      io.stdout(usage());
      return EXIT.ok;
    }
    if (!Object.hasOwn(COMMANDS, topic)) {
      io.stderr(`unknown command ${JSON.stringify(topic)}\n\n${usage()}`);
      return EXIT.badInput;
    }
    io.stdout(commandHelp(COMMANDS[topic]!.spec));
    return EXIT.ok;
  }
  if (name === '--version') {
    io.stdout(`${TOOL_VERSION}\n`);
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr(`unknown command ${JSON.stringify(name)}\n\n${usage()}`);
    return EXIT.badInput;
  }
  try {
    if (wantsHelp(command.spec, rest)) {
      io.stdout(commandHelp(command.spec));
      return EXIT.ok;
    }
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `${error.message}\nusage: ${commandUsage(command.spec)}\n(policy-replay ${name} --help lists every option)\n`,
      );
      return EXIT.badInput;
    }
    if (error instanceof CommandError) {
      io.stderr(`${error.message}\n`);
      return EXIT.badInput;
    }
    if (
      error instanceof OpaMissingError ||
      error instanceof OpaToolchainError ||
      error instanceof EngineMissingError ||
      (error instanceof EngineError && error.kind === 'engine_failed')
    ) {
      io.stderr(`${(error as Error).message}\n`);
      return EXIT.opaFailed;
    }
    io.stderr(`policy-replay ${name} failed: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.badInput;
  }
}
