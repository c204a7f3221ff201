/**
 * The help texts, rendered from the option tables (commands.ts) so they always say what the
 * parser accepts. docs/cli.md carries the same texts, checked by a test.
 */
import { FAIL_ON_GRAMMAR } from '../gate/failOn.js';
import { OPA_VERSION } from '../opa/version.js';
import type { CommandSpec, OptionSpec } from './options.js';

const PROGRAM = 'policy-replay';

/** What each exit code means, for every command. */
export const EXIT_CODE_MEANINGS: readonly (readonly [code: number, meaning: string])[] = [
  [0, 'the report was produced'],
  [1, 'the report was produced and a --fail-on rule was crossed (drift: --fail-on-drift and drift)'],
  [2, 'a bad invocation, or an invalid policy, an unreadable traffic, manifest or report file'],
  [3, 'OPA is missing or failed'],
];

function placeholder(option: OptionSpec): string {
  if (option.type === 'boolean') return '';
  return ` ${option.choices ? option.choices.join('|') : (option.value ?? 'VALUE')}`;
}

function defaultText(option: OptionSpec): string {
  if (option.required) return 'required';
  if (option.type === 'boolean') return 'default: off';
  if (option.default !== undefined) return `default: ${option.default}`;
  return `default: ${option.absent ?? 'none'}`;
}

/** `policy-replay replay --head POLICY --traffic FILE [options]`: positionals, required options. */
export function commandUsage(spec: CommandSpec): string {
  const required = Object.entries(spec.options)
    .filter(([, option]) => option.required)
    .map(([name, option]) => `--${name}${placeholder(option)}`);
  return [PROGRAM, spec.name, spec.positionals?.usage, ...required, '[options]']
    .filter((part) => part !== undefined)
    .join(' ');
}

/** Two aligned columns, the second starting at the same place on every line. */
function columns(rows: readonly (readonly [string, string])[], indent = '  '): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `${indent}${left.padEnd(width)}${right}`.trimEnd());
}

/** `policy-replay <command> --help`: usage, what it does, and one line per option. */
export function commandHelp(spec: CommandSpec): string {
  const rows: [string, string][] = [];
  if (spec.positionals) rows.push([spec.positionals.usage, spec.positionals.description]);
  for (const [name, option] of Object.entries(spec.options)) {
    rows.push([`--${name}${placeholder(option)}`, `${option.description} (${defaultText(option)})`]);
  }
  rows.push(['-h, --help', 'print this help and exit']);
  return [
    `usage: ${commandUsage(spec)}`,
    '',
    wrap(spec.about, 96),
    '',
    'arguments and options:',
    ...columns(rows),
    '',
  ].join('\n');
}

/** `policy-replay --help`: the commands, the environment, the --fail-on grammar, the exit codes. */
export function programHelp(commands: readonly CommandSpec[]): string {
  return [
    `${PROGRAM}: replay recorded MCP gateway traffic through an authorization-policy change`,
    '',
    `usage: ${PROGRAM} <command> [arguments] [options]`,
    `       ${PROGRAM} <command> --help     the command's arguments and options`,
    `       ${PROGRAM} --version            the version`,
    '',
    'commands:',
    ...columns(commands.map((c) => [c.name, c.summary])),
    '',
    'environment:',
    ...columns([
      ['OPA_PATH', `the opa binary when --opa is not given; else opa on PATH (tested: OPA ${OPA_VERSION})`],
      ['NO_COLOR', 'no colour in --format text, even on a terminal'],
    ]),
    '',
    '--fail-on RULES: a comma-separated list of',
    ...columns(FAIL_ON_GRAMMAR),
    '',
    'exit codes:',
    ...columns(EXIT_CODE_MEANINGS.map(([code, meaning]) => [String(code), meaning])),
    '',
    'documentation: docs/cli.md',
    '',
  ].join('\n');
}

/** Greedy word wrap; a word longer than the width stays whole. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}
