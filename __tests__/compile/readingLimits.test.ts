import { afterAll, describe, expect, it } from '@jest/globals';
import { compilePolicyText } from '../../src/compile/compilePolicy.js';
import { BaseNotJudgedError } from '../../src/replay/run.js';
import { opa, pathRecord, policyYaml, run, tempDir, writeJsonl } from '../replay/helpers.js';

/**
 * A document the reader refuses for a resource limit — aliases that expand exponentially, nesting
 * past the parser's stack — is over a limit (`limit`), not invalid: a base hitting one fails the
 * check (BaseNotJudgedError) instead of making every base decision `unknown`, while a head still
 * reports it as a problem at its file, line and column.
 */

const tmp = tempDir('reading-limits-');
afterAll(() => tmp.cleanup());

/** Nine levels of nine aliases each: 9^9 values once expanded. */
function aliasBomb(): string {
  const names = 'abcdefghi';
  const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < names.length; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(', ')}]`,
    );
  lines.push('default_effect: deny', 'rules: []');
  return `${lines.join('\n')}\n`;
}

/** A policy whose rules list is nested 5,000 deep: valid YAML the parser cannot read on its stack. */
const DEEP = `default_effect: deny\nrules: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;

const LOOSENED = policyYaml({
  default_effect: 'allow',
  rules: [],
});

const traffic = () => writeJsonl(tmp.file('t.jsonl'), [pathRecord('a', '/mcp'), pathRecord('b', '/other')]);

describe('a document over a reading limit', () => {
  it.each([
    ['an alias bomb', aliasBomb(), /too many YAML alias expansions/],
    ['a document nested 5,000 deep', DEEP, /call stack|nested too deeply/],
  ])('%s is a limit, not an invalid document', async (_, text, message) => {
    const result = await compilePolicyText(text, 'policies/p.yaml', (await opa()).path);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe('limit');
    expect(result.errors[0]).toMatchObject({
      file: 'policies/p.yaml',
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(result.errors[0]!.message).toMatch(message);
  });

  it('an ordinary syntax error stays invalid', async () => {
    const result = await compilePolicyText('rules: [\n', 'policies/p.yaml', (await opa()).path);
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['an alias bomb', aliasBomb()],
    ['a document nested 5,000 deep', DEEP],
  ])(
    'as the base (%s), fails the replay against a loosening head instead of judging it against unknown',
    async (_, text) => {
      const replay = run({
        head: LOOSENED,
        base: text,
        trafficPath: traffic(),
        invalidBase: 'unknown',
        workers: 1,
      });
      await expect(replay).rejects.toThrow(BaseNotJudgedError);
      await expect(replay).rejects.toMatchObject({ reason: 'limit' });
    },
  );

  it('as the head, is reported as a problem at the file, line and column', async () => {
    const report = await run({
      head: aliasBomb(),
      base: LOOSENED,
      trafficPath: traffic(),
      invalidBase: 'unknown',
      workers: 1,
    });
    expect(report.result).toBeNull();
    expect(report.errors).toEqual([
      {
        file: 'policies/head.yaml',
        path: '',
        line: 1,
        column: 1,
        message: expect.stringMatching(/too many YAML alias expansions/),
      },
    ]);
  });
});
