import { describe, it, expect, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { runCli } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';
import { readPolicySource, runReplay } from '../../src/replay/run.js';
import { reportToJson, type ReplayReport } from '../../src/replay/report/report.js';
import { checkReport } from '../../src/replay/report/reportSchema.js';
import { opa, tempDir } from '../replay/helpers.js';
import { DEFAULT_MAX_COVERAGE_NODES } from '../../src/replay/coverageSection.js';
import { testOpaPath } from '../support/opa.js';

const BASE = 'fixtures/replay/base.yaml';
const HEAD = 'fixtures/replay/head.yaml';
const INVALID = 'fixtures/replay/invalid.yaml';
const TRAFFIC = 'fixtures/replay/traffic.jsonl';
const EXAMPLE = {
  base: 'fixtures/example/policies/base.yaml',
  head: 'fixtures/example/policies/head.yaml',
  traffic: 'fixtures/example/traffic/sample.jsonl.gz',
  manifests: 'fixtures/example/traffic/sample.manifests',
};
const ESC = '\u001b';
/** What the CLI's replay asks for by default (docs/coverage.md). */
const COVERAGE = { shape: 'mcp', maxNodes: DEFAULT_MAX_COVERAGE_NODES } as const;

const tmp = tempDir('cli-replay-');
afterAll(() => tmp.cleanup());

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(
  argv: string[],
  options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: options.env ?? { ...process.env, OPA_PATH: testOpaPath() },
    stdoutIsTTY: options.tty ?? false,
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const replayArgs = (...extra: string[]) => [
  'replay',
  '--base',
  BASE,
  '--head',
  HEAD,
  '--traffic',
  TRAFFIC,
  ...extra,
];

describe('policy-replay replay', () => {
  it('--format json prints exactly the report runReplay builds, logs nothing on stdout, exit 0', async () => {
    const out = await cli(replayArgs('--format', 'json'));
    expect(out.code).toBe(0);
    const direct = await runReplay({
      head: await readPolicySource(HEAD),
      base: await readPolicySource(BASE),
      trafficPath: TRAFFIC,
      maxChanges: 50,
      opa: await opa(),
      coverage: COVERAGE,
    });
    expect(out.stdout).toBe(reportToJson(direct.report));
    const report = JSON.parse(out.stdout) as ReplayReport;
    expect(report.result).toMatchObject({
      evaluated: 5,
      allowed: 2,
      denied: 2,
      unevaluable: 1,
      unevaluable_by_reason: { tool_not_recorded: 1 },
      changes_total: 2,
      newly_allowed: 1,
      newly_denied: 1,
      from_unknown: 0,
      malformed: { count: 1, examples: [{ line: 6, reason: expect.stringMatching(/not JSON/) }] },
    });
    expect(report.result!.changes.map((c) => [c.request_id, c.current_decision, c.draft_decision])).toEqual([
      ['r-write', 'deny', 'allow'],
      ['r-list', 'allow', 'deny'],
    ]);
    // json is the default format.
    expect((await cli(replayArgs())).stdout).toBe(out.stdout);
  });

  it('--shape mcp is dropped for the run when a replayed record breaks it; --shape any assumes nothing', async () => {
    // The fixture's calls have no JSON-RPC envelope (no is_batch), which the MCP shape requires.
    const dropped = (JSON.parse((await cli(replayArgs())).stdout) as ReplayReport).result!.coverage!;
    expect(dropped).toMatchObject({ mode: 'exact', shape: 'any', time: { exact: true, horizon: null } });
    expect(dropped.records.outside_mcp_shape).toBeGreaterThan(0);
    const any = (JSON.parse((await cli(replayArgs('--shape', 'any'))).stdout) as ReplayReport).result!
      .coverage!;
    expect(any).toEqual({ ...dropped, records: { ...dropped.records, outside_mcp_shape: null } });
    // The sampled write_file request covers its kind; r-list covers the newly denied list_dir one.
    const write = any.classes.find(
      (c) => c.key.includes('tool=write_file') && c.direction === 'newly_allowed',
    );
    expect(write).toMatchObject({
      example: 'r-write',
      because: [{ rule: 'read-tools', change: 'modified' }],
    });
    expect(any.classes.some((c) => c.example === 'r-list' && c.direction === 'newly_denied')).toBe(true);
  });

  it('--unevaluable precise (the default) or static, on replay and drift, named in meta', async () => {
    const precise = JSON.parse((await cli(replayArgs())).stdout) as ReplayReport;
    const fixed = JSON.parse((await cli(replayArgs('--unevaluable', 'static'))).stdout) as ReplayReport;
    expect(precise.meta.unevaluable_mode).toBe('precise');
    expect(fixed.meta.unevaluable_mode).toBe('static');
    // r-hidden lacks its tool, which both policies need: unevaluable either way here.
    expect(fixed.result!.unevaluable_by_reading).toBe(fixed.result!.unevaluable);
    expect(precise.result!.unevaluable_by_reading).toBe(1);
    const drift = await cli(['drift', '--policy', HEAD, '--traffic', TRAFFIC, '--unevaluable', 'static']);
    expect(drift.code).toBe(0);
    expect(JSON.parse(drift.stdout).meta.unevaluable_mode).toBe('static');
    const bad = await cli(['drift', '--policy', HEAD, '--traffic', TRAFFIC, '--unevaluable', 'maybe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Invalid --unevaluable 'maybe'. Expected precise or static./);
  });

  it('is byte-identical across runs, from runReplay and from the CLI (the example, with manifests)', async () => {
    const args = [
      'replay',
      '--base',
      EXAMPLE.base,
      '--head',
      EXAMPLE.head,
      '--traffic',
      EXAMPLE.traffic,
      '--manifests',
      EXAMPLE.manifests,
      '--format',
      'json',
    ];
    const [a, b] = [await cli(args), await cli(args)];
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toMatch(/generated_at/);
    // The report counts the example's invalid manifest; stderr says where its problems are.
    expect(JSON.parse(a.stdout).result.fidelity.invalid).toBe(1);
    // docs/coverage.md "On the bundled example": 113 kinds under the MCP shape, 2 newly allowed
    // ones no sample record falls in.
    expect(checkReport(JSON.parse(a.stdout))).toMatchObject({ ok: true });
    const coverage = (JSON.parse(a.stdout) as ReplayReport).result!.coverage!;
    expect(coverage).toMatchObject({
      mode: 'exact',
      shape: 'mcp',
      time: { exact: false, horizon: { days: 366 } },
      records: { outside_mcp_shape: 0 },
      kinds: 113,
      newly_allowed: { kinds: 8, covered: 6 },
      newly_denied: { kinds: 105 },
      classes_total: 113,
      not_analysed: [],
    });
    expect(coverage.classes).toHaveLength(50);
    const uncovered = coverage.classes.slice(0, 2);
    for (const c of uncovered)
      expect(c).toMatchObject({ direction: 'newly_allowed', covered_by: 0, example: null });
    expect(coverage.classes[2]!.covered_by).toBeGreaterThan(0);
    for (const c of coverage.classes) expect(c.witness).not.toBeNull();
    expect(uncovered.every((c) => c.because.length > 0)).toBe(true);
    const problems = a.stderr.split('\n').filter((line) => line.includes('invalid manifest'));
    expect(problems.length).toBeGreaterThan(0);
    for (const line of problems)
      expect(line).toMatch(
        /^fixtures\/example\/traffic\/sample\.manifests\/[^:]+\.jsonl?:\d+:\d+: warning: \S.*: invalid manifest: \S/,
      );
    const options = async () => ({
      head: await readPolicySource(EXAMPLE.head),
      base: await readPolicySource(EXAMPLE.base),
      trafficPath: EXAMPLE.traffic,
      manifests: EXAMPLE.manifests,
      maxChanges: 50,
      opa: await opa(),
      coverage: COVERAGE,
    });
    // The CLI's two runs above already show that a run repeats itself; one runReplay suffices.
    const direct = reportToJson((await runReplay(await options())).report);
    expect(direct).toBe(a.stdout);
  });

  it('exits 1 when a --fail-on threshold is crossed, 0 when it is not', async () => {
    const crossed = await cli(replayArgs('--fail-on', 'newly-allowed'));
    expect(crossed.code).toBe(1);
    expect(crossed.stderr).toMatch(/fail-on/);
    expect(JSON.parse(crossed.stdout)).toHaveProperty('result.newly_allowed', 1);
    const calm = await cli([
      'replay',
      '--base',
      BASE,
      '--head',
      BASE,
      '--traffic',
      TRAFFIC,
      '--fail-on',
      'newly-allowed',
    ]);
    expect(calm.code).toBe(0);
    expect(calm.stderr).toBe('');
  });

  it('exits 2 with a JSON report of every problem (path, line, column) and result null for an invalid policy', async () => {
    const out = await cli([
      'replay',
      '--base',
      BASE,
      '--head',
      INVALID,
      '--traffic',
      TRAFFIC,
      '--format',
      'json',
    ]);
    expect(out.code).toBe(2);
    const report = JSON.parse(out.stdout) as ReplayReport;
    expect(report.result).toBeNull();
    expect(report.errors.length).toBeGreaterThanOrEqual(3);
    for (const e of report.errors) {
      expect(Object.keys(e)).toEqual(['file', 'path', 'line', 'column', 'message']);
      expect(e.file).toBe(INVALID);
      expect(e.line).toBeGreaterThan(0);
      expect(e.column).toBeGreaterThan(0);
    }
    const where = report.errors.map((e) => [e.path, e.line]);
    expect(where).toEqual(
      expect.arrayContaining([
        ['rules[0].efect', 5],
        ['rules[1].conditions[0].field', 13],
        ['rules[1].active_window.timezone', 20],
      ]),
    );
  });

  it('exits 2 for a bad invocation, with the usage on stderr', async () => {
    const bad: string[][] = [
      replayArgs('--bogus'),
      replayArgs('--format', 'xml'),
      replayArgs('--limit', '-1'),
      replayArgs('--limit', '1.5'),
      replayArgs('--max-changes', 'ten'),
      replayArgs('--max-groups', '-3'),
      replayArgs('--since', 'yesterday'),
      replayArgs('--since', '2026-11-27'),
      replayArgs('--shard', '4/3'),
      replayArgs('--fail-on', 'sometimes'),
      replayArgs('--unevaluable', 'strict'),
      replayArgs('--unevaluable'),
      ['replay', '--base', BASE, '--traffic', TRAFFIC],
      ['replay', '--head', HEAD],
      replayArgs('extra-positional'),
    ];
    for (const argv of bad) {
      const out = await cli(argv);
      expect([argv.join(' '), out.code]).toEqual([argv.join(' '), 2]);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(/usage: policy-replay replay/);
    }
    const unknown = await cli(['replicate']);
    expect(unknown.code).toBe(2);
  });

  it('exits 2 when the traffic file cannot be read, naming it', async () => {
    for (const traffic of ['fixtures/replay/missing.jsonl', 'fixtures/replay', 'fixtures/replay/base.yaml']) {
      const out = await cli(['replay', '--head', HEAD, '--traffic', traffic]);
      expect([traffic, out.code]).toEqual([traffic, 2]);
      expect(out.stderr).toContain(traffic);
      expect(out.stdout).toBe('');
    }
  });

  it('exits 2 when a policy file cannot be read', async () => {
    const out = await cli(['replay', '--head', 'fixtures/replay/nope.yaml', '--traffic', TRAFFIC]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('nope.yaml');
  });

  it('exits 3 with a one-line hint when --opa names a missing file', async () => {
    const out = await cli(replayArgs('--opa', tmp.file('no-opa-here')));
    expect(out.code).toBe(3);
    expect(out.stdout).toBe('');
    expect(out.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/opa not found.*--opa.*OPA_PATH/);
    // The same through $OPA_PATH when no flag is given.
    const env = await cli(replayArgs(), { env: { ...process.env, OPA_PATH: tmp.file('no-opa-either') } });
    expect(env.code).toBe(3);
  });

  it('exits 3 when opa runs but fails to build', async () => {
    // Answers `opa version` like OPA, fails every other command.
    const fake = tmp.file('broken-opa');
    writeFileSync(
      fake,
      '#!/bin/sh\nif [ "$1" = version ]; then echo "Version: 1.22.3"; echo "Rego Version: v1"; exit 0; fi\necho "broken toolchain" >&2\nexit 1\n',
    );
    chmodSync(fake, 0o755);
    // A policy text no other test compiles, so no cached wasm hides the failure.
    const policy = tmp.file('unique.yaml');
    writeFileSync(
      policy,
      `default_effect: allow\nrules:\n  - id: r\n    effect: deny\n    conditions: [{ field: tool, operator: in, values: [t-${Date.now()}] }]\n`,
    );
    const out = await cli(['replay', '--head', policy, '--traffic', TRAFFIC, '--opa', fake]);
    expect(out.code).toBe(3);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/opa .*failed/);
  });

  it('--format text is plain off a terminal and coloured on one (unless NO_COLOR)', async () => {
    const plain = await cli(replayArgs('--format', 'text'));
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain(ESC);
    expect(plain.stdout).toMatch(/changes \(showing 2 of 2/);
    expect(plain.stdout).toContain('r-write');
    const tty = await cli(replayArgs('--format', 'text'), { tty: true });
    expect(tty.stdout).toContain(`${ESC}[`);
    const noColor = await cli(replayArgs('--format', 'text'), {
      tty: true,
      env: { ...process.env, OPA_PATH: testOpaPath(), NO_COLOR: '1' },
    });
    expect(noColor.stdout).not.toContain(ESC);
    // No progress line on a non-terminal stderr.
    expect(plain.stderr).toBe('');
  });

  it('--format markdown prints the comment body with the true total', async () => {
    const out = await cli(replayArgs('--format', 'markdown', '--max-changes', '1'));
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/showing 1 of 2/);
    expect(out.stdout).toContain('<details>');
    const changes = out.stdout.slice(out.stdout.indexOf('**Changes: showing'));
    expect(changes).toContain('r-write');
    expect(changes).not.toContain('r-list'); // capped out
  });

  it('--max-groups caps change_groups (the total stays true); replay, merge and drift all take it', async () => {
    const whole = JSON.parse((await cli(replayArgs('--max-changes', '0'))).stdout) as ReplayReport;
    const total = whole.result!.change_groups_total;
    expect(total).toBeGreaterThan(1);
    expect(whole.meta.max_groups).toBe(50);
    expect(whole.result!.change_groups.reduce((s, g) => s + g.count, 0)).toBe(whole.result!.changes_total);
    const capped = JSON.parse((await cli(replayArgs('--max-groups', '1'))).stdout) as ReplayReport;
    expect(capped.meta.max_groups).toBe(1);
    expect(capped.result!.change_groups).toEqual(whole.result!.change_groups.slice(0, 1));
    expect(capped.result!.change_groups_total).toBe(total);

    const part = tmp.file('part-1-1.json');
    expect((await cli(replayArgs('--shard', '1/1', '--out', part))).code).toBe(0);
    const merged = await cli(['merge', part, '--max-groups', '1']);
    expect(merged.code).toBe(0);
    expect((JSON.parse(merged.stdout) as ReplayReport).result!.change_groups).toEqual(
      capped.result!.change_groups,
    );
    expect((await cli(['merge', part, '--max-groups', 'x'])).code).toBe(2);

    const drift = await cli(['drift', '--policy', HEAD, '--traffic', TRAFFIC, '--max-groups', '0']);
    expect(drift.code).toBe(0);
    const driftReport = JSON.parse(drift.stdout) as {
      result: { drift_groups: unknown[]; drift_groups_total: number };
    };
    expect(driftReport.result.drift_groups).toEqual([]);
  });

  it('--redact-subjects hides subjects in markdown', async () => {
    const out = await cli(replayArgs('--format', 'markdown', '--redact-subjects'));
    expect(out.stdout).not.toMatch(/\bbob\b/);
    expect(out.stdout).toMatch(/sha256:[0-9a-f]{12}/);
  });

  it('--witnesses FILE writes one witness per kind, and they replay through the CLI as stated', async () => {
    const file = tmp.file('witnesses.jsonl');
    const args = ['replay', '--base', EXAMPLE.base, '--head', EXAMPLE.head, '--traffic', EXAMPLE.traffic];
    const out = await cli([...args, '--witnesses', file]);
    expect(out.code).toBe(0);
    const coverage = (JSON.parse(out.stdout) as ReplayReport).result!.coverage!;
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(coverage.kinds);
    expect(lines.map((l) => (JSON.parse(l) as { request_id: string }).request_id)).toEqual(
      lines.map((_, i) => `witness-${String(i + 1).padStart(3, '0')}`),
    );
    const again = await cli(['replay', '--base', EXAMPLE.base, '--head', EXAMPLE.head, '--traffic', file]);
    expect(again.code).toBe(0);
    const replayed = (JSON.parse(again.stdout) as ReplayReport).result!;
    // Every witness is a change in its kind's direction, and covers its own kind alone.
    expect(replayed).toMatchObject({
      evaluated: coverage.kinds,
      changes_total: coverage.kinds,
      newly_allowed: coverage.newly_allowed.kinds,
      newly_denied: coverage.newly_denied.kinds,
      malformed: { count: 0 },
    });
    expect(replayed.coverage).toMatchObject({
      kinds: coverage.kinds,
      newly_allowed: { kinds: coverage.newly_allowed.kinds, covered: coverage.newly_allowed.kinds },
      newly_denied: { kinds: coverage.newly_denied.kinds, covered: coverage.newly_denied.kinds },
    });
  });

  it('--out FILE writes the report there and nothing to stdout', async () => {
    const file = tmp.file('report.json');
    const out = await cli(replayArgs('--out', file));
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe((await cli(replayArgs())).stdout);
    const md = tmp.file('report.md');
    expect((await cli(replayArgs('--format', 'markdown', '--out', md))).code).toBe(0);
    expect(readFileSync(md, 'utf8')).toMatch(/showing 2 of 2/);
  });
});

describe('policy-replay compile', () => {
  it('prints Rego that opa check --strict accepts', async () => {
    const out = await cli(['compile', HEAD]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^package /m);
    const file = tmp.file('head.rego');
    writeFileSync(file, out.stdout);
    // Throws (failing the test) on a non-zero exit.
    execFileSync(testOpaPath(), ['check', '--strict', file], { stdio: 'pipe' });
    const rego = tmp.file('out.rego');
    const viaFile = await cli(['compile', HEAD, '--out-rego', rego]);
    expect(viaFile.stdout).toBe('');
    expect(readFileSync(rego, 'utf8')).toBe(out.stdout);
  });

  it('exits 2 listing every problem of an invalid policy as file:line:col', async () => {
    const out = await cli(['compile', INVALID]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    const located = out.stderr
      .split('\n')
      .filter((l) => l.startsWith(`${INVALID}:`) && /^[^:]+:\d+:\d+: /.test(l));
    expect(located.length).toBeGreaterThanOrEqual(3);
    const lines = located.map((l) => Number(/^[^:]+:(\d+):/.exec(l)![1]));
    expect(lines).toEqual(expect.arrayContaining([5, 13, 20]));
  });

  it('exits 2 for a missing file or a bad flag', async () => {
    expect((await cli(['compile', 'fixtures/replay/nope.yaml'])).code).toBe(2);
    expect((await cli(['compile', HEAD, '--bogus'])).code).toBe(2);
    expect((await cli(['compile'])).code).toBe(2);
  });
});
