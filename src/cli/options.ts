/**
 * The one command-line parser. Each command declares its options once, in a table
 * (src/cli/commands.ts); the same table drives parsing, value checking, defaults and the
 * `--help` text (src/cli/help.ts), so the two cannot drift apart. Adding a flag is one entry.
 */
import { parseArgs } from 'node:util';
import { isRfc3339Instant } from '../time/rfc3339.js';
import { UsageError } from './io.js';

/** One `--name` option of a command. */
export interface OptionSpec<T = unknown> {
  type: 'string' | 'boolean';
  /** One-line description for `--help` (lower case, no final full stop). */
  description: string;
  /** Placeholder of a string option's value in help (`FILE`, `N`); choices print as `a|b|c`. */
  value?: string;
  /** The allowed values of a string option; the parsed value is one of them. */
  choices?: readonly string[];
  /** Applied when the option is absent and shown as "default: …". */
  default?: string;
  /** What absence means when there is no default value (shown as "default: …"), e.g. "stdout". */
  absent?: string;
  required?: boolean;
  /** A string option that may be given several times; its value is the list, in order. */
  multiple?: boolean;
  /** Checks and converts a string value; throws UsageError with a message naming the flag. */
  parse?: (raw: string, flag: string) => T;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** The positional arguments of a command (files). */
export interface PositionalSpec {
  /** As shown in the usage line, e.g. `<policy>`, `<manifest-or-dir>...`. */
  usage: string;
  description: string;
  min: number;
  max: number;
  /** The error when fewer than `min` are given. */
  missing: string;
}

export interface CommandSpec<T extends OptionTable = OptionTable> {
  name: string;
  /** One line for the top-level command list. */
  summary: string;
  /** A few sentences under the usage line of `<command> --help`. */
  about: string;
  positionals: PositionalSpec | null;
  options: T;
}

type ParsedValue<O> = O extends { type: 'boolean' }
  ? boolean
  : O extends { multiple: true }
    ? Listed<O, O extends { parse: (raw: string, flag: string) => infer T } ? T : string>
    : SingleValue<O>;
type Listed<O, T> = O extends { required: true } ? T[] : T[] | undefined;
type SingleValue<O> = O extends { choices: readonly (infer C)[] }
  ? Settled<O, C>
  : O extends { parse: (raw: string, flag: string) => infer T }
    ? Settled<O, T>
    : Settled<O, string>;
type Settled<O, T> = O extends { default: string } | { required: true } ? T : T | undefined;

/** The values of one invocation, typed by its table: booleans are false when absent. */
export type OptionValues<T extends OptionTable> = { -readonly [K in keyof T]: ParsedValue<T[K]> };

export interface ParsedCommandLine<T extends OptionTable> {
  values: OptionValues<T>;
  positionals: string[];
}

/** `-h` / `--help`, accepted by every command and handled before its own parsing. */
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

function tokenize(spec: CommandSpec, argv: readonly string[]) {
  const config: Record<string, { type: 'string' | 'boolean'; short?: string }> = { ...HELP };
  for (const [name, option] of Object.entries(spec.options)) config[name] = { type: option.type };
  // Not strict: every token comes back, and the checks below word the errors.
  return parseArgs({ args: [...argv], options: config, strict: false, allowPositionals: true, tokens: true })
    .tokens;
}

/** Whether the invocation asks for the command's help (`-h` or `--help` before any `--`). */
export function wantsHelp(spec: CommandSpec, argv: readonly string[]): boolean {
  return tokenize(spec, argv).some((token) => token.kind === 'option' && token.name === 'help');
}

/**
 * Parses a command's arguments by its table: unknown options, missing values, repeated options,
 * values a check rejects, a missing required option and a wrong number of positionals are each a
 * UsageError (exit 2 with the usage). Absent options take their table default.
 */
export function parseCommandLine<T extends OptionTable>(
  spec: CommandSpec<T>,
  argv: readonly string[],
): ParsedCommandLine<T> {
  const raw = new Map<string, string | boolean | string[]>();
  const positionals: string[] = [];
  for (const token of tokenize(spec, argv)) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option' || token.name === 'help') continue;
    const option = Object.hasOwn(spec.options, token.name) ? spec.options[token.name] : undefined;
    if (option === undefined) throw new UsageError(`Unknown option '${token.rawName}'.`);
    const flag = `--${token.name}`;
    if (raw.has(token.name) && !option.multiple) throw new UsageError(`${flag} is given more than once.`);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${flag} takes no value.`);
      raw.set(token.name, true);
      continue;
    }
    // A value that looks like an option is almost always a forgotten value (`--out --format json`).
    if (token.value === undefined || (!token.inlineValue && /^-./.test(token.value))) {
      throw new UsageError(
        `${flag} needs a value${option.choices ? `: ${choiceList(option.choices)}` : ''}.`,
      );
    }
    if (option.multiple)
      raw.set(token.name, [...((raw.get(token.name) as string[] | undefined) ?? []), token.value]);
    else raw.set(token.name, token.value);
  }

  const values: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(spec.options)) {
    const flag = `--${name}`;
    const given = raw.get(name);
    if (option.type === 'boolean') {
      values[name] = given === true;
      continue;
    }
    if (option.multiple) {
      const texts = Array.isArray(given) ? given : option.default !== undefined ? [option.default] : [];
      if (texts.length === 0) {
        if (option.required) throw new UsageError(`${flag} is required.`);
        values[name] = undefined;
        continue;
      }
      values[name] = texts.map((text) => (option.parse ? option.parse(text, flag) : text));
      continue;
    }
    const text = typeof given === 'string' ? given : option.default;
    if (text === undefined) {
      if (option.required) throw new UsageError(`${flag} is required.`);
      values[name] = undefined;
      continue;
    }
    if (option.choices && !option.choices.includes(text)) {
      throw new UsageError(`Invalid ${flag} '${text}'. Expected ${choiceList(option.choices)}.`);
    }
    values[name] = option.parse ? option.parse(text, flag) : text;
  }

  const positional = spec.positionals;
  if (positional === null && positionals.length > 0) {
    throw new UsageError(`unexpected argument '${positionals[0]}'`);
  }
  if (positional !== null) {
    if (positionals.length < positional.min) throw new UsageError(positional.missing);
    if (positionals.length > positional.max) {
      throw new UsageError(`unexpected argument '${positionals[positional.max]}'`);
    }
  }
  return { values: values as OptionValues<T>, positionals };
}

/** `json, markdown or text`. */
export function choiceList(choices: readonly string[]): string {
  return choices.length <= 1
    ? (choices[0] ?? '')
    : `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1] ?? ''}`;
}

// ---------------------------------------------------------------------------------------------
// Value checks the tables share.

/** A whole number ≥ 0 written in digits (no sign, fraction or exponent), at most `max`. */
export function wholeNumber(max = Number.MAX_SAFE_INTEGER): (raw: string, flag: string) => number {
  return (raw, flag) => {
    const n = Number(raw);
    if (!/^(0|[1-9][0-9]*)$/.test(raw) || !Number.isSafeInteger(n)) {
      throw new UsageError(`Invalid ${flag} '${raw}'. Expected a whole number ≥ 0.`);
    }
    if (n > max) throw new UsageError(`Invalid ${flag} '${raw}'. Expected 0 to ${max}.`);
    return n;
  };
}

/** An RFC 3339 instant: a typo must not silently select every record. */
export function instant(raw: string, flag: string): string {
  if (!isRfc3339Instant(raw)) {
    throw new UsageError(
      `Invalid ${flag} '${raw}'. Expected an RFC 3339 instant such as 2026-11-01T00:00:00Z.`,
    );
  }
  return raw;
}
