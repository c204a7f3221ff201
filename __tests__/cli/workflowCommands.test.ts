/**
 * No hostile text reaches the CLI's stdout or stderr in a form a GitHub runner executes
 * (docs/security.md "Output channels"). Every output channel — the json, markdown and text reports of replay and drift,
 * fidelity's text and json, compile's Rego, merge, and the error messages — is run through the
 * model of the runner's parser in support/runnerCommands.ts.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, writeJsonl } from '../replay/helpers.js';
import { runCliCaptured, type CliResult } from '../support/cli.js';
import { repoRoot } from '../support/opa.js';
import { HOSTILE, injectedCommands } from '../support/runnerCommands.js';

const tmp = tempDir('cli-commands-');
afterAll(() => tmp.cleanup());

const payloads = Object.values(HOSTILE);

/** Every hostile payload as a request id, subject and tool, each a change from unknown (new policy). */
const traffic = writeJsonl(
  tmp.file('hostile.jsonl'),
  payloads.flatMap((p, i) => [
    {
      request_id: p,
      occurred_at: `2026-11-27T09:1${i}:00Z`,
      recorded_decision: 'deny',
      policy_revision: p,
      manifest_id: p,
      input: {
        request: { mcp: { calls: [{ method: p, tool: p }] } },
        identity: { verified: true, subject: p },
      },
    },
    // Malformed, with the payload in the reason: a repeat of the id above.
    { request_id: p, input: {} },
  ]),
);

const policyFile = (name: string, text: string) => {
  const path = tmp.file(name);
  writeFileSync(path, text);
  return path;
};
const allowAll = policyFile(
  'allow.yaml',
  [
    'default_effect: allow',
    'rules:',
    '  - id: deny-none',
    `    description: ${JSON.stringify(payloads.join(' '))}`,
    '    effect: deny',
    '    conditions:',
    '      - field: tool',
    '        operator: in',
    `        values: ${JSON.stringify(payloads)}`,
  ].join('\n'),
);

function expectInert(result: CliResult): void {
  expect(injectedCommands(result.stdout)).toEqual([]);
  expect(injectedCommands(result.stderr)).toEqual([]);
}

describe('hostile text in every CLI output channel issues no workflow command', () => {
  it('replay: json, markdown and text reports of traffic values', async () => {
    for (const format of ['json', 'markdown', 'text']) {
      const result = await runCliCaptured([
        'replay',
        '--head',
        allowAll,
        '--traffic',
        traffic,
        '--format',
        format,
      ]);
      expect(result.code).toBe(0);
      // The payloads really are in the output, made inert.
      expect(result.stdout.replaceAll('\u200b', '')).toMatch(/pwned/);
      expectInert(result);
    }
    // JSON keeps every value: what parses back is the payload itself.
    const json = await runCliCaptured([
      'replay',
      '--head',
      allowAll,
      '--traffic',
      traffic,
      '--max-changes',
      '99',
    ]);
    const ids = (
      JSON.parse(json.stdout) as { result: { changes: { request_id: string }[] } }
    ).result.changes.map((c) => c.request_id);
    expect(ids.sort()).toEqual([...payloads].sort());
  });

  it('drift: json, markdown and text', async () => {
    for (const format of ['json', 'markdown', 'text']) {
      const result = await runCliCaptured([
        'drift',
        '--policy',
        allowAll,
        '--traffic',
        traffic,
        '--format',
        format,
      ]);
      expect(result.code).toBe(0);
      expectInert(result);
    }
  });

  it('an unknown policy key, a hostile file name and their errors on stderr', async () => {
    const keyed = policyFile(
      'keyed.yaml',
      `default_effect: deny\nrules: []\n${payloads.map((p) => `${JSON.stringify(p)}: 1`).join('\n')}\n`,
    );
    const dir = join(tmp.dir, HOSTILE.newline.replace('\n', '\n ::pwned-dir::'));
    mkdirSync(dir, { recursive: true });
    const named = join(dir, `${HOSTILE.v1}.yaml`);
    copyFileSync(keyed, named);
    for (const args of [
      ['replay', '--head', keyed, '--traffic', traffic, '--format', 'text'],
      ['replay', '--head', named, '--traffic', traffic, '--format', 'text'],
      ['compile', named],
      ['replay', '--head', named, '--traffic', join(dir, 'missing.jsonl')],
      ['replay', '--head', allowAll, '--traffic', join(dir, `${HOSTILE.leading}.jsonl`)],
    ]) {
      const result = await runCliCaptured(args);
      expect(result.code).toBe(2);
      expect(result.stderr.replaceAll('\u200b', '')).toMatch(/pwned/);
      expectInert(result);
    }
  });

  it('compile prints Rego whose strings keep their meaning', async () => {
    const result = await runCliCaptured(['compile', allowAll]);
    expect(result.code).toBe(0);
    expectInert(result);
    // `##[` inside a Rego string is written with JSON's \u0023 escape: the same string to OPA.
    expect(result.stdout).toContain('#\\u0023[pwned-v1]');
  });

  it('fidelity: a hostile manifest id in text and json', async () => {
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, 'fixtures/example/traffic/sample.manifests/turn-0000.json'), 'utf8'),
    ) as { id: string };
    const files = payloads.map((p, i) => {
      const file = tmp.file(`manifest-${i}.json`);
      writeFileSync(file, JSON.stringify({ ...manifest, id: p }));
      return file;
    });
    for (const format of ['text', 'json']) {
      const result = await runCliCaptured(['fidelity', ...files, '--format', format]);
      expect(result.code).toBe(0);
      expect(result.stdout.replaceAll('\u200b', '')).toMatch(/pwned/);
      expectInert(result);
    }
  });

  it('merge: a partial report with hostile values', async () => {
    const shard = await runCliCaptured([
      'replay',
      '--head',
      allowAll,
      '--traffic',
      traffic,
      '--shard',
      '1/1',
    ]);
    const partial = tmp.file('partial.json');
    writeFileSync(partial, shard.stdout);
    for (const format of ['json', 'text', 'markdown']) {
      const result = await runCliCaptured(['merge', partial, '--format', format]);
      expect(result.code).toBe(0);
      expectInert(result);
    }
    const missing = await runCliCaptured(['merge', join(tmp.dir, `${HOSTILE.carriageReturn}.json`)]);
    expect(missing.code).toBe(2);
    expectInert(missing);
  });

  it('files written with --out are as inert as stdout (a later step may cat them)', async () => {
    const out = (name: string) => tmp.file(name);
    const runs: { args: string[]; file: string }[] = [];
    for (const format of ['json', 'markdown', 'text']) {
      runs.push({
        file: out(`replay.${format}`),
        args: ['replay', '--head', allowAll, '--traffic', traffic, '--format', format],
      });
      runs.push({
        file: out(`drift.${format}`),
        args: ['drift', '--policy', allowAll, '--traffic', traffic, '--format', format],
      });
    }
    runs.push({ file: out('policy.rego'), args: ['compile', allowAll, '--out-rego', out('policy.rego')] });
    for (const run of runs) {
      const args = run.args[0] === 'compile' ? run.args : [...run.args, '--out', run.file];
      const result = await runCliCaptured(args);
      expect(result.code).toBe(0);
      expectInert(result);
      const written = readFileSync(run.file, 'utf8');
      // The payloads really are in the file, made inert.
      expect(written.replaceAll('\u200b', '').replaceAll('\\u0023', '#')).toMatch(/pwned/);
      expect({ file: run.file, commands: injectedCommands(written) }).toEqual({
        file: run.file,
        commands: [],
      });
    }
  });
});
