/**
 * A small model of how the GitHub Actions runner finds workflow commands in a step's output
 * (actions/runner, ActionCommandManager): the output is read line by line (`\n`, `\r\n` and a lone
 * `\r` end a line, as .NET's ReadLine splits), and a line is a command when
 * - after leading whitespace it starts with `::` — `::name key=value,…::message` (v2), or
 * - it contains `##[` anywhere — `##[name key=value;…]message` (v1).
 * The model is deliberately at least as eager as the runner: it trims every character JavaScript
 * or .NET counts as whitespace, and treats any name as a command (the runner only runs the ones
 * it knows). Tests use it to prove that hostile text in any output channel issues no command.
 */
export interface RunnerCommand {
  form: 'v1' | 'v2';
  name: string;
  /** Everything after the command's name (properties and message), as the runner would read it. */
  rest: string;
  line: string;
}

export function runnerCommands(output: string): RunnerCommand[] {
  const commands: RunnerCommand[] = [];
  for (const line of output.split(/\r\n|\r|\n/)) {
    const trimmed = line.replace(/^[\s\u0085]+/, '');
    if (trimmed.startsWith('::')) {
      const body = trimmed.slice(2);
      const end = body.search(/[ :]|$/);
      commands.push({ form: 'v2', name: body.slice(0, end), rest: body.slice(end), line });
      continue;
    }
    const at = line.indexOf('##[');
    if (at >= 0) {
      const body = line.slice(at + 3);
      const end = body.search(/[ \]]|$/);
      commands.push({ form: 'v1', name: body.slice(0, end), rest: body.slice(end), line });
    }
  }
  return commands;
}

/**
 * Hostile strings a test plants in traffic values, file names, keys and ids. Each would, if
 * printed raw at the start of a line or anywhere in one, issue a command named `pwned…` (or carry
 * the title `PWNED`): after any run, no command the model finds may.
 */
export const HOSTILE = {
  /** A v2 command on a line of its own, after a line break. */
  newline: 'x\n::pwned-newline::owned',
  /** A v2 command after a lone carriage return (the runner's reader splits there too). */
  carriageReturn: 'x\r::pwned-cr::owned',
  /** A v1 command in the middle of a line. */
  v1: 'x ##[pwned-v1]owned',
  /** A v2 command the whole value, for outputs that indent it. */
  leading: '::pwned-leading title=PWNED::owned',
  /** Unicode whitespace before the command. */
  unicodeSpace: '\u2003\u00a0::pwned-unicode::owned',
} as const;

/** The commands in `output` that hostile text issued (empty when every channel held). */
export function injectedCommands(output: string): RunnerCommand[] {
  return runnerCommands(output).filter(
    (c) => /^pwned/i.test(c.name) || /title=PWNED/.test(c.rest.split('::')[0] ?? ''),
  );
}
