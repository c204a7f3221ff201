import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { runCli } from '../../src/cli/main.js';
import { COMMAND_SPECS } from '../../src/cli/commands.js';
import { commandHelp, programHelp } from '../../src/cli/help.js';
import { FAIL_ON_GRAMMAR } from '../../src/gate/failOn.js';
import { TOOL_VERSION } from '../../src/version.js';

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: {},
    stdoutIsTTY: false,
    stderrIsTTY: false,
  });
  return { code, stdout, stderr };
}

const NAMES = COMMAND_SPECS.map((spec) => spec.name);

describe('<command> --help', () => {
  it('covers the five commands', () => {
    expect(NAMES).toEqual(['compile', 'replay', 'drift', 'merge', 'fidelity']);
  });

  it.each(COMMAND_SPECS.map((spec) => [spec.name, spec] as const))(
    '%s: -h, --help and `help %s` print the help on stdout and exit 0',
    async (name, spec) => {
      for (const argv of [
        [name, '--help'],
        [name, '-h'],
        ['help', name],
        [name, '--bogus', '--help'],
      ]) {
        const out = await cli(argv);
        expect({ argv, code: out.code, stderr: out.stderr }).toEqual({ argv, code: 0, stderr: '' });
        expect(out.stdout).toBe(commandHelp(spec));
      }
    },
  );

  it.each(COMMAND_SPECS.map((spec) => [spec.name, spec] as const))(
    '%s: one line per option with its description and its default',
    async (name, spec) => {
      const help = (await cli([name, '--help'])).stdout;
      expect(help.startsWith(`usage: policy-replay ${name} `)).toBe(true);
      const lines = help.split('\n');
      for (const [option, definition] of Object.entries(spec.options)) {
        const line = lines.find((l) => l.trimStart().startsWith(`--${option}`));
        expect([option, line]).toEqual([option, expect.stringContaining(definition.description)]);
        const shown = definition.required
          ? '(required)'
          : definition.type === 'boolean'
            ? '(default: off)'
            : `(default: ${definition.default ?? definition.absent})`;
        expect([option, line!.endsWith(shown)]).toEqual([option, true]);
      }
      expect(lines.some((l) => l.trim().startsWith('-h, --help'))).toBe(true);
    },
  );

  it('names the values a choice option accepts', async () => {
    expect((await cli(['replay', '--help'])).stdout).toMatch(/--format json\|markdown\|text +\S/);
    expect((await cli(['fidelity', '--help'])).stdout).toMatch(/--format json\|text +\S/);
  });
});

describe('policy-replay --help', () => {
  it.each([['--help'], ['-h'], ['help']])(
    '%s lists the commands, OPA_PATH, --fail-on and exit codes',
    async (arg) => {
      const out = await cli([arg]);
      expect(out.code).toBe(0);
      expect(out.stderr).toBe('');
      expect(out.stdout).toBe(programHelp(COMMAND_SPECS));
      const lines = out.stdout.split('\n');
      for (const spec of COMMAND_SPECS) {
        const line = lines.find((l) => l.startsWith(`  ${spec.name} `));
        expect([spec.name, line?.endsWith(` ${spec.summary}`)]).toEqual([spec.name, true]);
      }
      expect(out.stdout).toMatch(/^ {2}OPA_PATH +/m);
      for (const [syntax] of FAIL_ON_GRAMMAR) expect(out.stdout).toContain(`  ${syntax}  `);
      for (const code of [0, 1, 2, 3]) expect(out.stdout).toMatch(new RegExp(`^ {2}${code} {2}\\S`, 'm'));
    },
  );

  it('prints the help on stderr and exits 2 without any argument', async () => {
    const out = await cli([]);
    expect(out).toEqual({ code: 2, stdout: '', stderr: programHelp(COMMAND_SPECS) });
  });

  it('exits 2 for an unknown command, with the help on stderr', async () => {
    for (const argv of [['replicate'], ['help', 'replicate'], ['__proto__']]) {
      const out = await cli(argv);
      expect([argv, out.code, out.stdout]).toEqual([argv, 2, '']);
      expect(out.stderr).toContain(`unknown command "${argv[argv.length - 1]}"`);
      expect(out.stderr).toContain(programHelp(COMMAND_SPECS));
    }
  });
});

describe('policy-replay --version', () => {
  it("prints package.json's version", async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(TOOL_VERSION).toBe(pkg.version);
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});

describe('bad invocations', () => {
  it.each(NAMES)(
    '%s: an unknown option exits 2 with the usage on stderr and nothing on stdout',
    async (name) => {
      const out = await cli([name, '--no-such-option']);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toContain("Unknown option '--no-such-option'.");
      expect(out.stderr).toContain(`usage: policy-replay ${name} `);
    },
  );

  it('compile without arguments prints its usage once', async () => {
    const out = await cli(['compile']);
    expect(out.code).toBe(2);
    expect(out.stderr.match(/usage:/g)).toHaveLength(1);
    expect(out.stderr).toBe(
      'compile takes one policy file\nusage: policy-replay compile <policy> [options]\n(policy-replay compile --help lists every option)\n',
    );
  });
});

describe('docs/cli.md', () => {
  const doc = readFileSync('docs/cli.md', 'utf8');
  const block = (marker: string) => {
    const start = doc.indexOf(`<!-- ${marker} -->\n\n\`\`\`text\n`);
    if (start < 0) return null;
    const body = doc.indexOf('```text\n', start) + '```text\n'.length;
    return doc.slice(body, doc.indexOf('```', body));
  };
  // Regenerate with `npm run build && node scripts/update-cli-docs.mjs`.
  it.each(COMMAND_SPECS.map((spec) => [spec.name, spec] as const))(
    'carries `%s --help` as printed',
    (name, spec) => {
      expect(block(`policy-replay ${name} --help`)).toBe(commandHelp(spec));
    },
  );

  it('carries `policy-replay --help` as printed', () => {
    expect(block('policy-replay --help')).toBe(programHelp(COMMAND_SPECS));
  });
});
