import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/main.js';
import { fidelityCommandResult } from '../../src/fidelity/report.js';

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['fidelity', ...argv], {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    env: {},
    stdoutIsTTY: false,
    stderrIsTTY: false,
  });
  return { code, stdout, stderr };
}

const FIXTURES = 'fixtures/manifests';
const files = readdirSync(FIXTURES)
  .filter((n) => n.endsWith('.json'))
  .sort()
  .map((n) => path.join(FIXTURES, n));

describe('policy-replay fidelity --format json', () => {
  it('prints exactly {reports, invalid}, 2-space indented with a trailing newline, exit 0', async () => {
    const { code, stdout, stderr } = await run([...files, '--format', 'json']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const parsed = JSON.parse(stdout) as {
      reports: Array<Record<string, unknown>>;
      invalid: Array<Record<string, unknown>>;
    };
    expect(Object.keys(parsed)).toEqual(['reports', 'invalid']);
    expect(parsed).toEqual(await fidelityCommandResult(files));
    expect(stdout).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
    for (const report of parsed.reports)
      expect(Object.keys(report)).toEqual(['id', 'file', 'level', 'missing_evidence']);
    for (const problem of parsed.invalid)
      expect(Object.keys(problem)).toEqual(['file', 'path', 'line', 'column', 'message']);
    expect(parsed.invalid.length).toBeGreaterThanOrEqual(3);
  });

  it('is byte-identical across runs and keeps input order', async () => {
    const reversed = [...files].reverse();
    const a = await run(['--format=json', ...reversed]);
    const b = await run(['--format=json', ...reversed]);
    expect(a.stdout).toBe(b.stdout);
    const order = (JSON.parse(a.stdout) as { reports: Array<{ file: string }> }).reports.map((r) => r.file);
    expect(order).toEqual(reversed.filter((f) => !path.basename(f).startsWith('invalid-')));
  });

  it('expands a directory argument to its manifest files, sorted by name', async () => {
    const byDir = await run([FIXTURES]);
    const byFiles = await run(files);
    expect(byDir.code).toBe(0);
    expect(byDir.stdout).toBe(byFiles.stdout);
  });

  it('grades a JSON Lines file manifest by manifest', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fidelity-'));
    try {
      const file = path.join(dir, 'set.jsonl');
      writeFileSync(
        file,
        '{"schema":"replay-runtime/v2","id":"a"}\n{"schema":"replay-runtime/v2","id":"b","isolation":{"network":"live"}}\n{"id":1}\n',
      );
      const { code, stdout } = await run([file]);
      expect(code).toBe(0);
      const parsed = JSON.parse(stdout) as {
        reports: Array<{ id: string; level: string }>;
        invalid: Array<{ line: number }>;
      };
      expect(parsed.reports.map((r) => [r.id, r.level])).toEqual([
        ['a', 'unreplayable'],
        ['b', 'unreplayable'],
      ]);
      expect(parsed.invalid.map((p) => p.line)).toEqual([3, 3]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('policy-replay fidelity --format text', () => {
  it('groups gaps by impact and says what would lift the level, without printing values', async () => {
    const { code, stdout } = await run([
      'fixtures/manifests/unreplayable-hash-only-prompt.json',
      'fixtures/manifests/partial-missing-isolation.json',
      'fixtures/manifests/invalid-unknown-key.json',
      '--format',
      'text',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('unreplayable-hash-only-prompt  unreplayable');
    expect(stdout).toContain('blocks replay (1); closing these lifts it to controlled:');
    expect(stdout).toContain('model.input');
    expect(stdout).toContain('supply the content of model.input (state "value"), not only its hash');
    expect(stdout).toContain('reduces control (4); closing these lifts it to controlled:');
    expect(stdout).toContain('prevents exactness (1); closing these too lifts it to exact:');
    expect(stdout).toMatch(
      /invalid-unknown-key\.json:\d+:\d+ {2}model\.temperature {2}unknown key "temperature"/,
    );
    expect(stdout).toContain(
      '3 manifest(s): 0 exact, 0 controlled, 1 partial, 2 unreplayable (1 invalid, graded unreplayable)',
    );
    // Manifest values (prompts, tool payloads) never reach the report.
    expect(stdout).not.toContain('List the open incidents');
    expect(stdout.endsWith('\n')).toBe(true);
  });
});

describe('exit codes and arguments', () => {
  it('exits 2 with the usage on a bad invocation', async () => {
    for (const argv of [[], ['--format', 'yaml', 'a.json'], ['--format'], ['--nope', 'a.json']]) {
      const { code, stdout, stderr } = await run(argv);
      expect({ argv, code, stdout }).toEqual({ argv, code: 2, stdout: '' });
      expect(stderr).toContain('usage: policy-replay fidelity');
    }
  });

  it('exits 2 naming the file when a manifest cannot be read', async () => {
    const { code, stdout, stderr } = await run(['fixtures/manifests/no-such-file.json']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('fixtures/manifests/no-such-file.json: no such file or directory');
  });

  it('exits 0 when manifests are invalid: they are part of the report', async () => {
    const { code, stdout } = await run(['fixtures/manifests/invalid-malformed-hash.json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      reports: [],
      invalid: [{ path: 'environment.dependency_lock.sha256' }],
    });
  });

  it('prints the usage for --help, defaults to json, and reads names after -- as files', async () => {
    expect(await run(['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('usage:') });
    const file = 'fixtures/manifests/invalid-malformed-hash.json';
    expect((await run([file])).stdout).toBe((await run([file, '--format', 'json'])).stdout);
    const dashed = await run(['--', '--format']);
    expect(dashed.code).toBe(2);
    expect(dashed.stderr).toContain('--format: no such file or directory');
  });
});
