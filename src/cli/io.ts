import { humanText } from '../text/bidi.js';
import { inertText } from '../text/workflowCommands.js';

/** Where a command writes; injected so commands are testable without spawning. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Whether stdout/stderr are terminals (colour, progress). */
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The terminal's width in columns when stdout is one (`--format text` fits it). */
  stdoutColumns?: number;
}

/** Exit codes of every command (docs/cli.md "Exit codes"). */
export const EXIT = {
  ok: 0,
  thresholdCrossed: 1,
  badInput: 2,
  opaFailed: 3,
} as const;

/** A bad invocation: printed with the usage, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command that cannot go on for a reason the message says in full (exit 2, no usage text). */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/**
 * Text as the CLI prints it, on a terminal or into an output file: no workflow command, and every
 * bidi control shown as U+FFFD. JSON and Rego hold neither (`inertJson` escapes them inside
 * strings), so they come out unchanged and keep their meaning.
 */
export function terminalText(text: string): string {
  return inertText(humanText(text));
}
