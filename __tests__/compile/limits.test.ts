/**
 * Compilation is bounded in size, values and time; each bound is an exit-2 error that names the
 * limit and how to raise it (docs/security.md "Limits").
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { parseLimitsList, parseLimitValue, DEFAULT_LIMITS } from '../../src/replay/limits.js';
import { tempDir, writeJsonl } from '../replay/helpers.js';
import { runCliCaptured } from '../support/cli.js';

const tmp = tempDir('compile-limits-');
afterAll(() => tmp.cleanup());

/** One allow rule per entry of `sizes`, each with a tool condition of that many values. */
function policy(sizes: number[]): string {
  const lines = ['default_effect: deny', 'rules:'];
  sizes.forEach((size, r) => {
    lines.push(
      `  - id: r${r}`,
      '    effect: allow',
      '    conditions:',
      '      - field: tool',
      '        operator: in',
      `        values: [${Array.from({ length: size }, (_, v) => `t${r}_${v}`).join(', ')}]`,
    );
  });
  return `${lines.join('\n')}\n`;
}

const traffic = writeJsonl(tmp.file('t.jsonl'), [
  { request_id: 'r1', input: { request: { mcp: { calls: [{ method: 'tools/call', tool: 't0_0' }] } } } },
]);

function file(name: string, text: string): string {
  const path = tmp.file(name);
  writeFileSync(path, text);
  return path;
}

describe('policy size', () => {
  it('a policy over the default 1 MiB is refused before it is read or parsed', async () => {
    const big = file('big.yaml', `${policy([1])}# ${'x'.repeat(2 << 20)}\n`);
    const run = await runCliCaptured(['replay', '--head', big, '--traffic', traffic]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'over the 1,048,576-byte limit for a policy (raise it with --max-policy-bytes)',
    );
  });

  it('--max-policy-bytes sets it, for replay and compile alike', async () => {
    const small = file('small.yaml', policy([200]));
    const replay = await runCliCaptured([
      'replay',
      '--head',
      small,
      '--traffic',
      traffic,
      '--max-policy-bytes',
      '1KiB',
    ]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toMatch(/over the 1,024-byte limit for a policy/);
    const compile = await runCliCaptured(['compile', small, '--max-policy-bytes', '1KiB']);
    expect(compile.code).toBe(2);
    expect(compile.stderr).toMatch(/over the 1,024-byte limit for a policy/);
    expect((await runCliCaptured(['compile', small, '--max-policy-bytes', '1MiB'])).code).toBe(0);
  });
});

describe('condition values', () => {
  it('more values than --max-policy-values: exit 2 at the longest list, naming the limit', async () => {
    const path = file('values.yaml', policy([5, 12, 4]));
    const run = await runCliCaptured([
      'replay',
      '--head',
      path,
      '--traffic',
      traffic,
      '--max-policy-values',
      '20',
      '--format',
      'text',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${path}:14:17: error: rules[1].conditions[0].values: the policy has 21 condition values, over the limit of 20 per policy (this list holds 12); raise it with --max-policy-values, or max-policy-values in the Action's limits input`,
    );
    expect(
      (await runCliCaptured(['replay', '--head', path, '--traffic', traffic, '--max-policy-values', '21']))
        .code,
    ).toBe(0);
    const compile = await runCliCaptured(['compile', path, '--max-policy-values', '20']);
    expect(compile.code).toBe(2);
    expect(compile.stderr).toMatch(/over the limit of 20 per policy/);
  });

  it('the default (25,000) refuses a 100,000-value condition without running OPA', async () => {
    const path = file('huge.yaml', policy([100_000]));
    const run = await runCliCaptured(['replay', '--head', path, '--traffic', traffic, '--format', 'text']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /the policy has 100,000 condition values, over the limit of 25,000 per policy/,
    );
  });
});

describe('compile time', () => {
  it('opa build past --compile-timeout is killed: exit 2 naming the limit', async () => {
    // 20,000 values take OPA several seconds; one second is far too little.
    const path = file('slow.yaml', policy([20_000]));
    const started = Date.now();
    const run = await runCliCaptured([
      'replay',
      '--head',
      path,
      '--traffic',
      traffic,
      '--compile-timeout',
      '1',
      '--format',
      'text',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'opa build did not finish within 1 s and was stopped: the policy is too large to compile within the time limit (raise it with --compile-timeout',
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('limit values', () => {
  it('parses sizes, counts and seconds, and rejects the rest with the expected form', async () => {
    expect(parseLimitValue('max-line-bytes', '4MiB')).toEqual({ key: 'maxLineBytes', value: 4 << 20 });
    expect(parseLimitValue('max-policy-bytes', '2048')).toEqual({ key: 'maxPolicyBytes', value: 2048 });
    expect(parseLimitValue('compile-timeout', '120s')).toEqual({ key: 'compileTimeoutMs', value: 120_000 });
    expect(parseLimitsList('max-line-bytes=8MiB\ncompile-timeout = 90')).toEqual({
      ...DEFAULT_LIMITS,
      maxLineBytes: 8 << 20,
      compileTimeoutMs: 90_000,
    });
    expect(() => parseLimitsList('max-lines=3')).toThrow(/Unknown limit 'max-lines'/);
    const run = await runCliCaptured([
      'replay',
      '--head',
      'x.yaml',
      '--traffic',
      traffic,
      '--max-line-bytes',
      '12abc',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^Invalid --max-line-bytes '12abc'. Expected a size in bytes from 1024 to 512MiB/,
    );
  });
});
