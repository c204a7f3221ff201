import { describe, it, expect, afterAll } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mergeReports } from '../../src/replay/report/merge.js';
import { reportToJson, type ReplayReport } from '../../src/replay/report/report.js';
import { parseDecisionLogOptions } from '../../src/traffic/decisionLog.js';
import { runCliCaptured as cli } from '../support/cli.js';
import { asConsoleLines, EXAMPLE_UPLOADS, exampleDecisionEvents } from '../support/decisionLogs.js';
import { pathRecord, policyYaml, repoRoot, run, tempDir } from './helpers.js';
import { SIZES } from '../support/sizes.js';

const tmp = tempDir('replay-decision-logs-');
afterAll(() => tmp.cleanup());

const EXAMPLE = join(repoRoot, 'fixtures/example');
const BASE = join(EXAMPLE, 'policies/base.yaml');
const HEAD = join(EXAMPLE, 'policies/head.yaml');

const POLICY = policyYaml({
  default_effect: 'deny',
  rules: [
    { id: 'mcp', effect: 'allow', conditions: [{ field: 'http_path', operator: 'in', values: ['/mcp'] }] },
  ],
});

/** A decision event for a request to `httpPath`, as OPA logs it. */
function event(id: string, httpPath: string, extra: Record<string, unknown> = {}): string {
  const { input } = pathRecord(id, httpPath);
  return JSON.stringify({
    decision_id: id,
    path: 'gate/decision',
    input,
    result: { allow: httpPath === '/mcp' },
    timestamp: '2026-11-30T18:40:28.354640007Z',
    level: 'info',
    msg: 'Decision Log',
    ...extra,
  });
}
const other = (msg: string) => JSON.stringify({ level: 'info', msg, time: '2026-11-30T18:40:28Z' });

function write(name: string, lines: string[]): string {
  const file = tmp.file(name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const gate = parseDecisionLogOptions({ decisionPath: 'gate/decision' });

describe('a decision-log sample in the report', () => {
  it('counts skipped lines, replays the chosen path, names files and lines of malformed events', async () => {
    const a = write('many/a.log', [
      other('Initializing server.'),
      event('d1', '/mcp'),
      event('d2', '/other'),
      event('x1', '/mcp', { path: 'other/decision' }),
      event('q1', '/mcp', { path: undefined, query: 'data.x' }),
      'not json at all',
    ]);
    const b = write('many/b.log', [
      other('Received request.'),
      event('d1', '/mcp'), // repeated across files
      event('d3', '/mcp', { input: undefined }),
      event('d4', '/mcp'),
      other('Sent response.'),
    ]);
    const report = await run({ head: POLICY, base: null, trafficPath: [b, a], decisionLog: gate });
    expect(report.meta.traffic).toEqual({
      path: `${b}, ${a}`,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      format: 'opa-decision-log',
      files: [
        { path: a, sha256: expect.any(String), count: 6 },
        { path: b, sha256: expect.any(String), count: 5 },
      ],
    });
    expect(report.meta.skipped).toEqual({ non_decision: 3, other_path: 2 });
    expect(report.result).toMatchObject({
      evaluated: 3,
      allowed: 2,
      denied: 1,
      malformed: {
        count: 3,
        examples: [
          { file: a, line: 6, reason: expect.stringMatching(/^not JSON/) },
          { file: b, line: 2, reason: `decision_id: duplicate "d1" (first on ${a}:2)` },
          { file: b, line: 3, reason: 'no input' },
        ],
      },
      recorded_mismatch: 0,
    });
  });

  it('a log line repeating a key is still a log line: skipped, not malformed (an event is malformed)', async () => {
    const file = write('repeated-key.log', [
      '{"level":"info","msg":"Received request.","msg":"again"}',
      event('d1', '/mcp'),
      event('d2', '/mcp').replace('{', '{"level":"debug",'),
      event('x1', '/mcp', { path: 'other/decision' }).replace('{', '{"level":"debug",'),
    ]);
    const report = await run({ head: POLICY, base: null, trafficPath: file, decisionLog: gate });
    expect(report.meta.skipped).toEqual({ non_decision: 1, other_path: 1 });
    expect(report.result).toMatchObject({
      evaluated: 1,
      malformed: {
        count: 1,
        examples: [{ line: 3, reason: expect.stringMatching(/"level" appears twice/) }],
      },
    });
    // Without --decision-path, such an event still counts towards the one-path rule.
    await expect(run({ head: POLICY, base: null, trafficPath: file })).rejects.toThrow(
      'the decision log holds decisions of 2 paths: gate/decision (2), other/decision (1)',
    );
  });

  it('one file keeps the report of a single file: no `file` in the examples', async () => {
    const one = write('one.log', [event('d1', '/mcp'), event('d1', '/mcp')]);
    const report = await run({ head: POLICY, base: null, trafficPath: one, decisionLog: gate });
    expect(report.result!.malformed.examples).toEqual([
      { line: 2, reason: 'decision_id: duplicate "d1" (first on line 1)' },
    ]);
  });

  it('without --decision-path one path needs no flag; two are an error with the counts (also under --limit)', async () => {
    const single = write('single.log', [
      event('d1', '/mcp'),
      other('x'),
      event('d2', '/mcp', { path: 'data.gate.decision' }),
    ]);
    const report = await run({ head: POLICY, base: null, trafficPath: single });
    expect(report.result!.evaluated).toBe(2);
    const two = write('two.log', [
      event('d1', '/mcp'),
      event('d2', '/mcp', { path: 'other/allow', input: undefined }),
      event('d3', '/mcp'),
      event('d4', '/mcp', { path: undefined }),
    ]);
    const message =
      'the decision log holds decisions of 2 paths: gate/decision (2), other/allow (1); 1 without a path';
    await expect(run({ head: POLICY, base: null, trafficPath: two })).rejects.toThrow(message);
    await expect(run({ head: POLICY, base: null, trafficPath: two, limit: 1 })).rejects.toThrow(message);
  });

  it('--since and --limit read the events’ timestamps', async () => {
    const file = write('times.log', [
      event('d1', '/mcp', { timestamp: '2026-11-30T10:00:00Z' }),
      event('d2', '/mcp', { timestamp: '2026-11-30T11:00:00Z' }),
      event('d3', '/mcp', { timestamp: '2026-11-30T12:00:00Z' }),
      event('d4', '/mcp', { timestamp: undefined }),
    ]);
    const since = await run({
      head: POLICY,
      base: null,
      trafficPath: file,
      decisionLog: gate,
      since: '2026-11-30T10:30:00Z',
    });
    expect(since.result!.evaluated).toBe(2);
    expect(since.meta.excluded_without_time).toBe(1);
    const limit = await run({ head: POLICY, base: null, trafficPath: file, decisionLog: gate, limit: 1 });
    expect(limit.result!.changes.map((c) => c.request_id)).toEqual(['d3']);
  });

  it('decision-log options on a sample of records are refused', async () => {
    const records = write('records.jsonl', [JSON.stringify(pathRecord('r1', '/mcp'))]);
    await expect(run({ head: POLICY, base: null, trafficPath: records, decisionLog: gate })).rejects.toThrow(
      /these options read OPA decision logs, but the sample holds records/,
    );
  });
});

describe('the bundled decision-log example (upload bodies written by the real OPA)', () => {
  const events = exampleDecisionEvents();

  it('holds the example’s 6,000 requests in 34 gzip uploads, a fair share masked', () => {
    expect(events).toHaveLength(6000);
    expect(events.every((e) => e.path === 'policy_replay/decision')).toBe(true);
    expect(events.filter((e) => e.erased !== undefined || e.masked !== undefined).length).toBeGreaterThan(
      1000,
    );
  });

  it('drift of the base against the decisions OPA made with it: none, one revision', async () => {
    const out = await cli([
      'drift',
      '--policy',
      BASE,
      '--traffic',
      EXAMPLE_UPLOADS,
      '--decision-path',
      'policy_replay/decision',
      '--format',
      'json',
    ]);
    expect(out.code).toBe(0);
    const { meta, result } = JSON.parse(out.stdout) as {
      meta: ReplayReport['meta'];
      result: {
        evaluated: number;
        drift_total: number;
        policy_revisions: unknown[];
        malformed: { count: number };
      };
    };
    expect(meta.traffic.files).toHaveLength(34);
    expect(meta.traffic.files.reduce((s, f) => s + f.count!, 0)).toBe(6000);
    expect(result.drift_total).toBe(0);
    expect(result.policy_revisions).toEqual([{ revision: '3c9e1d2', records: result.evaluated, drift: 0 }]);
    expect(result.evaluated).toBe(6000);
    expect(result.malformed.count).toBe(0);
  });

  it('shards of a console stream of several files merge into the whole report, skipped lines summed', async () => {
    const lines = asConsoleLines(events.slice(0, 1500));
    lines.splice(30, 0, JSON.stringify({ ...events[0], decision_id: 'elsewhere', path: 'other/decision' }));
    lines.splice(60, 0, 'not json');
    const dir = tmp.file('shards');
    write('shards/1.log', lines.slice(0, 2000));
    write('shards/2.log', lines.slice(2000));
    const args = [
      '--base',
      BASE,
      '--head',
      HEAD,
      '--traffic',
      dir,
      '--decision-path',
      'policy_replay/decision',
    ];
    const whole = await cli(['replay', ...args, '--max-changes', '9', '--format', 'json']);
    expect(whole.code).toBe(0);
    const partials: ReplayReport[] = [];
    // Three shards in the full tier, two in the quick one (sizes.ts): each reads both files.
    const shards = SIZES.optionShards;
    for (let k = 1; k <= shards; k++) {
      const part = await cli([
        'replay',
        ...args,
        '--max-changes',
        '9',
        '--format',
        'json',
        '--shard',
        `${k}/${shards}`,
      ]);
      expect(part.code).toBe(0);
      partials.push(JSON.parse(part.stdout) as ReplayReport);
    }
    expect(partials.map((p) => p.meta.skipped.non_decision).every((n) => n > 0)).toBe(true);
    const report = JSON.parse(whole.stdout) as ReplayReport;
    // The coverage section places the decision events too, in every shard, and merges with the rest.
    expect(report.result!.coverage!.records.placed).toBeGreaterThan(0);
    expect(partials.every((p) => p.result!.coverage!.records.placed > 0)).toBe(true);
    expect(reportToJson(mergeReports(partials))).toBe(reportToJson(report));
    expect(report.meta.skipped).toEqual({ non_decision: 3000, other_path: 1 });
    expect(report.result!.malformed.examples).toEqual([
      { file: `${dir}/1.log`, line: 61, reason: expect.stringMatching(/^not JSON/) },
    ]);
  });
});

describe('the CLI flags', () => {
  it('--traffic repeats; bad decision-log flags are usage errors naming the flag', async () => {
    const a = write('flags/a.log', [event('d1', '/mcp')]);
    const b = write('flags/b.log', [event('d2', '/mcp')]);
    const policy = tmp.file('flag-policy.yaml');
    writeFileSync(policy, POLICY);
    const ok = await cli([
      'replay',
      '--head',
      policy,
      '--traffic',
      a,
      '--traffic',
      b,
      '--decision-path',
      'gate.decision',
    ]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).result.evaluated).toBe(2);
    for (const [flag, value] of [
      ['--decision-path', 'data'],
      ['--decision-field', 'a..b'],
      ['--manifest-id-field', '.x'],
      ['--bundle', ''],
    ] as const) {
      const out = await cli(['replay', '--head', policy, '--traffic', a, flag, value]);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(`Invalid ${flag} '${value}'`);
    }
    const drift = await cli([
      'drift',
      '--policy',
      policy,
      '--traffic',
      a,
      '--decision-field',
      'allow',
      '--format',
      'json',
    ]);
    expect(drift.code).toBe(0);
    expect(JSON.parse(drift.stdout).result.drift_total).toBe(0);
    expect(readFileSync(a, 'utf8')).toContain('decision_id');
  });
});
