import { describe, expect, it } from '@jest/globals';
import { COMMAND_SPECS } from '../../src/cli/commands.js';
import { UsageError } from '../../src/cli/io.js';
import {
  instant,
  parseCommandLine,
  wantsHelp,
  wholeNumber,
  type CommandSpec,
} from '../../src/cli/options.js';

const SPEC = {
  name: 'demo',
  summary: 'a command for the tests',
  about: 'Parses things.',
  positionals: { usage: '<file>...', description: 'files', min: 1, max: 2, missing: 'demo needs a file' },
  options: {
    name: { type: 'string', value: 'NAME', required: true, description: 'a required string' },
    colour: { type: 'string', choices: ['red', 'blue'], default: 'red', description: 'a choice' },
    count: { type: 'string', value: 'N', parse: wholeNumber(10), description: 'a number', absent: 'none' },
    since: { type: 'string', value: 'ISO', parse: instant, description: 'an instant', absent: 'all' },
    loud: { type: 'boolean', description: 'a flag' },
  },
} as const satisfies CommandSpec;

function usageError(argv: string[]): string {
  try {
    parseCommandLine(SPEC, argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`expected a UsageError for ${argv.join(' ')}`);
}

describe('parseCommandLine', () => {
  it('reads strings, inline values, booleans and positionals, typed by the table', () => {
    const parsed = parseCommandLine(SPEC, ['a.json', '--name', 'x', '--count=7', '--loud', 'b.json']);
    expect(parsed).toEqual({
      values: { name: 'x', colour: 'red', count: 7, since: undefined, loud: true },
      positionals: ['a.json', 'b.json'],
    });
  });

  it('applies the table default and reports an absent boolean as false', () => {
    const { values } = parseCommandLine(SPEC, ['f', '--name', 'n']);
    expect(values.colour).toBe('red');
    expect(values.loud).toBe(false);
    expect(values.count).toBeUndefined();
  });

  it('takes everything after -- and a lone - as positionals', () => {
    expect(parseCommandLine(SPEC, ['--name', 'n', '-', '--', '--loud']).positionals).toEqual(['-', '--loud']);
    expect(parseCommandLine(SPEC, ['--name', 'n', '--', '--loud']).values.loud).toBe(false);
  });

  it('accepts a value that starts with - when written inline', () => {
    expect(parseCommandLine(SPEC, ['f', '--name=-x']).values.name).toBe('-x');
  });

  it.each([
    [['f', '--name', 'n', '--bogus'], "Unknown option '--bogus'."],
    [['f', '--name', 'n', '-z'], "Unknown option '-z'."],
    [['f'], '--name is required.'],
    [['f', '--name'], '--name needs a value.'],
    [['f', '--name', '--loud'], '--name needs a value.'],
    [['f', '--name', 'n', '--colour'], '--colour needs a value: red or blue.'],
    [['f', '--name', 'a', '--name', 'b'], '--name is given more than once.'],
    [['f', '--name', 'n', '--loud=yes'], '--loud takes no value.'],
    [['f', '--name', 'n', '--colour', 'green'], "Invalid --colour 'green'. Expected red or blue."],
    [['f', '--name', 'n', '--count', '-1'], '--count needs a value.'],
    [['f', '--name', 'n', '--count=-1'], "Invalid --count '-1'. Expected a whole number ≥ 0."],
    [['f', '--name', 'n', '--count', '1.5'], "Invalid --count '1.5'. Expected a whole number ≥ 0."],
    [['f', '--name', 'n', '--count', '11'], "Invalid --count '11'. Expected 0 to 10."],
    [['f', '--name', 'n', '--since', '2026-11-27'], "Invalid --since '2026-11-27'."],
    [['--name', 'n'], 'demo needs a file'],
    [['a', 'b', 'c', '--name', 'n'], "unexpected argument 'c'"],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(usageError(argv)).toContain(message);
  });

  it('rejects any positional for a command that takes none', () => {
    const spec = { ...SPEC, positionals: null };
    expect(() => parseCommandLine(spec, ['--name', 'n', 'extra'])).toThrow("unexpected argument 'extra'");
  });
});

describe('wantsHelp', () => {
  it('sees -h and --help anywhere before --, even beside bad arguments', () => {
    expect(wantsHelp(SPEC, ['--help'])).toBe(true);
    expect(wantsHelp(SPEC, ['-h'])).toBe(true);
    expect(wantsHelp(SPEC, ['--bogus', 'x', '-h'])).toBe(true);
    expect(wantsHelp(SPEC, ['--', '--help'])).toBe(false);
    expect(wantsHelp(SPEC, ['--name', 'n'])).toBe(false);
  });
});

describe('the command tables', () => {
  it.each(COMMAND_SPECS.map((spec) => [spec.name, spec] as const))(
    '%s: every option is described, and its default passes its own check',
    (_name, spec) => {
      for (const [name, option] of Object.entries(spec.options)) {
        expect([name, /^[a-z][a-z0-9-]*$/.test(name)]).toEqual([name, true]);
        expect(option.description).not.toMatch(/\n|\.$/);
        if (option.type === 'string')
          expect([name, option.value ?? option.choices]).not.toEqual([name, undefined]);
        if (option.required) expect(option.default).toBeUndefined();
      }
      // Only the required options and positionals: every default must parse.
      const argv = Object.entries(spec.options)
        .filter(([, option]) => option.required)
        .flatMap(([name]) => [`--${name}`, 'x']);
      const positionals = Array.from({ length: spec.positionals?.min ?? 0 }, () => 'p');
      expect(() => parseCommandLine(spec, [...positionals, ...argv])).not.toThrow();
    },
  );
});
