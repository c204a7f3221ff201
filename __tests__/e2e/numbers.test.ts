/**
 * Numbers JavaScript cannot hold, run the way a user runs the CLI: the bundle dist/cli/index.js
 * as a child process (rebuild with `npm run build` first). Under a deny rule on `argument:limit`,
 * OPA at the gateway denies a limit of 1e309, -1e309, 1E400 or 12345678901234567890 (none is
 * 10, 20 or 50 as it reads them); the replay must never allow them, in any sample format or mode.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNEVALUABLE_ADVICE } from '../../src/render/advice.js';
import { tempDir } from '../replay/helpers.js';
import { repoRoot, testOpaPath } from '../support/opa.js';

const CLI = join(repoRoot, 'dist/cli/index.js');
const tmp = tempDir('cli-numbers-');
afterAll(() => tmp.cleanup());

const POLICY = tmp.file('policy.yaml');
writeFileSync(
  POLICY,
  [
    'default_effect: allow',
    'rules:',
    '  - id: deny-odd-limits',
    '    effect: deny',
    '    conditions:',
    "      - { field: 'argument:limit', operator: not_in, values: ['10', '20', '50'] }",
    '',
  ].join('\n'),
);

/** Each record's input as text: the numbers reach the replay exactly as recorded. */
const INPUTS: [id: string, input: string][] = [
  ['inf', '{"request":{"mcp":{"arguments":{"limit":1e309}}}}'],
  ['minus-inf', '{"request":{"mcp":{"arguments":{"limit":-1e309}}}}'],
  ['upper-e', '{"request":{"mcp":{"arguments":{"limit":1E400}}}}'],
  ['beyond-2-53', '{"request":{"mcp":{"arguments":{"limit":12345678901234567890}}}}'],
  ['twenty', '{"request":{"mcp":{"arguments":{"limit":20}}}}'],
  ['seven', '{"request":{"mcp":{"arguments":{"limit":7}}}}'],
  // A number no rule reads changes nothing: the record is decided.
  ['unread', '{"request":{"mcp":{"arguments":{"limit":20,"page":1e309}}}}'],
];
const ODD = ['inf', 'minus-inf', 'upper-e', 'beyond-2-53'];

const JSONL = tmp.file('traffic.jsonl');
writeFileSync(JSONL, INPUTS.map(([id, input]) => `{"request_id":"${id}","input":${input}}\n`).join(''));

interface Report {
  result: {
    evaluated: number;
    allowed: number;
    denied: number;
    unevaluable: number;
    unevaluable_by_reading: number;
    unevaluable_by_reason: Record<string, number>;
    changes: { request_id: string; draft_decision: string }[];
    malformed: { count: number };
  };
}

function replay(traffic: string, extra: string[] = []): Report {
  const out = tmp.file(`report-${Math.random().toString(36).slice(2)}.json`);
  const run = spawnSync(
    process.execPath,
    [
      CLI,
      'replay',
      '--opa',
      testOpaPath(),
      '--head',
      POLICY,
      '--traffic',
      traffic,
      '--format',
      'json',
      '--out',
      out,
      ...extra,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect({ code: run.status, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

/** Every record's decision in a head-only replay: its change from unknown, or unevaluable. */
function decisions(report: Report): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id] of INPUTS) out[id] = 'unevaluable';
  for (const change of report.result.changes) out[change.request_id] = change.draft_decision;
  return out;
}

const EXPECTED = {
  inf: 'unevaluable',
  'minus-inf': 'unevaluable',
  'upper-e': 'unevaluable',
  'beyond-2-53': 'unevaluable',
  twenty: 'allow',
  seven: 'deny',
  unread: 'allow',
};

function expectNeverAllowed(report: Report): void {
  expect(decisions(report)).toEqual(EXPECTED);
  expect(report.result).toMatchObject({
    evaluated: 7,
    allowed: 2,
    denied: 1,
    unevaluable: 4,
    unevaluable_by_reading: 4,
    unevaluable_by_reason: { number_not_representable: 4 },
    malformed: { count: 0 },
  });
}

describe('the CLI on numbers JavaScript cannot hold', () => {
  it('OPA at the gateway denies the four odd limits (what the replay must never contradict)', () => {
    const rego = tmp.file('policy.rego');
    const compiled = spawnSync(process.execPath, [CLI, 'compile', POLICY], { encoding: 'utf8' });
    expect(compiled.status).toBe(0);
    writeFileSync(rego, compiled.stdout);
    for (const [id, input] of INPUTS.filter(([id]) => ODD.includes(id))) {
      const file = tmp.file(`${id}.json`);
      writeFileSync(file, input);
      const run = spawnSync(
        testOpaPath(),
        ['eval', '--format', 'raw', '-d', rego, '-i', file, 'data.policy_replay.decision.allow'],
        { encoding: 'utf8' },
      );
      expect({ id, allow: run.stdout.trim() }).toEqual({ id, allow: 'false' });
    }
  });

  it('JSON Lines: the odd limits are unevaluable with number_not_representable, never allowed', () => {
    expectNeverAllowed(replay(JSONL));
    // The older reading-based mode gives the same records up, for the same reason.
    expectNeverAllowed(replay(JSONL, ['--unevaluable', 'static']));
  });

  it('a pretty-printed .json array: the same', () => {
    const traffic = tmp.file('traffic.json');
    const elements = INPUTS.map(
      ([id, input]) =>
        `  {\n    "request_id": "${id}",\n    "input": ${input.replace(/:(-?[0-9])/g, ': $1')}\n  }`,
    );
    writeFileSync(traffic, `[\n${elements.join(',\n')}\n]\n`);
    expectNeverAllowed(replay(traffic));
  });

  it('OPA decision logs: the same, the numbers read from each event’s input', () => {
    const traffic = tmp.file('decisions.jsonl');
    const events = INPUTS.map(
      ([id, input]) =>
        `{"decision_id":"${id}","path":"policy_replay/decision","input":${input},"result":{"allow":false},"metrics":{"timer_rego_query_eval_ns":12345678901234567890}}\n`,
    );
    writeFileSync(traffic, events.join(''));
    expectNeverAllowed(replay(traffic));
  });

  it('the comment names the reason and what to do about it', () => {
    const run = spawnSync(
      process.execPath,
      [CLI, 'replay', '--opa', testOpaPath(), '--head', POLICY, '--traffic', JSONL, '--format', 'markdown'],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      `| \`number_not_representable\` | 4 | ${UNEVALUABLE_ADVICE.number_not_representable} |`,
    );
  });
});
