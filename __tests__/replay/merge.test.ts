import { describe, it, expect, afterAll } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runCli } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';
import { mergeReports, MergeError } from '../../src/replay/report/merge.js';
import { reportToJson, type ReplayReport } from '../../src/replay/report/report.js';
import { checkReport } from '../../src/replay/report/reportSchema.js';
import { repoRoot, tempDir } from './helpers.js';
import { testOpaPath } from '../support/opa.js';
import { SIZES } from '../support/sizes.js';

/**
 * docs/report.md "Shards and merge": the partial reports of `replay --shard K/N` for every K,
 * merged, are the report of one run over the whole sample, byte for byte. Run through the CLI, as
 * the matrix workflow in docs/performance.md does.
 */

const EXAMPLE = join(repoRoot, 'fixtures/example');
const COMMON = [
  '--base',
  join(EXAMPLE, 'policies/base.yaml'),
  '--head',
  join(EXAMPLE, 'policies/head.yaml'),
  '--traffic',
  join(EXAMPLE, 'traffic/sample.jsonl.gz'),
  '--manifests',
  join(EXAMPLE, 'traffic/sample.manifests'),
  // Small, so every shard holds more changes than the cap and the merge must re-cap.
  '--max-changes',
  '7',
  // Likewise for the change groups (docs/explain.md): shards carry every group, the merge re-caps.
  '--max-groups',
  '5',
  '--format',
  'json',
  '--opa',
  testOpaPath(),
];

const tmp = tempDir('replay-merge-');
afterAll(() => tmp.cleanup());

function io(): CommandIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: { ...process.env, NO_COLOR: '1' },
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
}

/** Runs the CLI and returns the text it wrote to --out; fails on a non-zero exit. */
async function cli(argv: string[], out: string): Promise<string> {
  const channel = io();
  const code = await runCli([...argv, '--out', out], channel);
  if (code !== 0) throw new Error(`policy-replay ${argv[0]} exited ${code}: ${channel.err.join('')}`);
  return readFileSync(out, 'utf8');
}

const wholeRuns = new Map<string, Promise<string>>();
/** The single-run report for one set of extra options, computed once. */
/** COMMON with `extra`; a flag in `extra` replaces COMMON's (the CLI refuses a repeated flag). */
function withExtra(extra: string[]): string[] {
  const common = [...COMMON];
  for (let i = 0; i < extra.length; i++) {
    const at = extra[i]!.startsWith('--') ? common.indexOf(extra[i]!) : -1;
    if (at >= 0) common.splice(at, 2);
  }
  return [...common, ...extra];
}

function whole(extra: string[]): Promise<string> {
  const id = extra.join(' ');
  let run = wholeRuns.get(id);
  if (!run) {
    run = cli(['replay', ...withExtra(extra)], tmp.file(`whole-${wholeRuns.size}.json`));
    wholeRuns.set(id, run);
  }
  return run;
}

const shardRuns = new Map<string, Promise<string[]>>();
/**
 * The partial reports of every K/N for one set of extra options, computed once: five tests read
 * the three shards of the plain run (none writes to them), which were replayed five times before.
 */
function shardFiles(count: number, extra: string[]): Promise<string[]> {
  const id = `${count} ${extra.join(' ')}`;
  let run = shardRuns.get(id);
  if (!run) {
    const n = shardRuns.size;
    run = (async () => {
      const files: string[] = [];
      for (let k = 1; k <= count; k++) {
        const file = tmp.file(`part-${n}-${k}-of-${count}.json`);
        await cli(['replay', ...withExtra(extra), '--shard', `${k}/${count}`], file);
        files.push(file);
      }
      return files;
    })();
    shardRuns.set(id, run);
  }
  return run;
}

/** A shard's class of one kind (a shard lists every class, in kind order). */
function shardClass(part: ReplayReport, key: string) {
  return part.result!.coverage!.classes.find((c) => c.key === key)!;
}

/**
 * The section took part in the byte-for-byte comparison: capped, with its horizon from the whole
 * sample in every shard, and (with several shards) a listed kind covered in two shards or more,
 * whose merged example is the first in sample order of the shards' own.
 */
function expectCoverageMerged(report: ReplayReport, parts: ReplayReport[]): void {
  const coverage = report.result!.coverage!;
  expect(coverage.classes).toHaveLength(5);
  expect(coverage.classes_total).toBe(113);
  expect(coverage.time.horizon!.start).toBe(report.result!.sample_window.first_at);
  for (const p of parts) {
    const own = p.result!.coverage!;
    expect(own.classes).toHaveLength(113);
    expect(own.time).toEqual(coverage.time);
    expect(own.partial!.any!.shape).toBe('any');
  }
  if (parts.length === 1) return;
  const shared = coverage.classes.filter(
    (c) => parts.filter((p) => shardClass(p, c.key).covered_by > 0).length > 1,
  );
  expect(shared.length).toBeGreaterThan(0);
  for (const c of shared) {
    const own = parts.map((p) => shardClass(p, c.key)).filter((o) => o.example !== null);
    expect(c.covered_by).toBe(own.reduce((n, o) => n + o.covered_by, 0));
    const first = own.reduce((a, b) => (a.partial!.example_position! < b.partial!.example_position! ? a : b));
    expect(c.example).toBe(first.example);
  }
}

describe('merge of --shard partial reports', () => {
  // N = 1, 3 and 7 in the full tier; the quick one runs N = 3 only (sizes.ts).
  for (const count of SIZES.mergeShardCounts) {
    it(`N = ${count}: merging every K/N equals the single run byte for byte`, async () => {
      const single = await whole([]);
      const files = await shardFiles(count, []);
      const parts = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as ReplayReport);
      expect(parts.map((p) => p.meta.shard)).toEqual(parts.map((_, i) => ({ index: i + 1, count })));

      // The merge command, as the workflow runs it (shards in a shuffled order: order must not matter).
      const merged = await cli(['merge', ...[...files].reverse()], tmp.file(`merged-${count}.json`));
      expect(merged).toBe(single);
      // And the library function the command wraps.
      expect(reportToJson(mergeReports(parts))).toBe(single);

      // The test is not vacuous: capping, the fidelity section and several shards all took part.
      const report = JSON.parse(single) as ReplayReport;
      expect(report.result!.changes).toHaveLength(7);
      expect(report.result!.changes_total).toBeGreaterThan(7);
      expect(report.result!.fidelity).toBeDefined();
      expect(report.meta.max_groups).toBe(5);
      expect(report.result!.change_groups).toHaveLength(5);
      expect(report.result!.change_groups_total).toBeGreaterThan(5);
      expect(JSON.stringify(report.result!.change_groups)).not.toContain('"partial"');
      // Each shard carries all of its groups with every subject's count, for the exact merge.
      for (const p of parts) {
        expect(p.result!.change_groups).toHaveLength(p.result!.change_groups_total);
        expect(p.result!.change_groups.reduce((s, g) => s + g.count, 0)).toBe(p.result!.changes_total);
        for (const g of p.result!.change_groups)
          expect(g.partial!.subjects.reduce((s, x) => s + x.count, 0)).toBe(g.count);
      }
      if (count > 1) {
        for (const p of parts) expect(p.result!.evaluated).toBeLessThan(report.result!.evaluated);
        expect(parts.filter((p) => p.result!.changes.length === 7).length).toBeGreaterThan(1);
      }
      expectCoverageMerged(report, parts);
      // Each shard analyses under both shapes (docs/coverage.md "In the report"): seven of them
      // on a loaded 2-core machine take minutes.
    }, 400_000);
  }

  it('holds with --since and --limit too (excluded_without_time is summed, the limit is global)', async () => {
    const extra = ['--since', '2026-11-25T00:00:00Z', '--limit', '2500'];
    const single = await whole(extra);
    const report = JSON.parse(single) as ReplayReport;
    expect(report.meta.excluded_without_time).toBeGreaterThan(0);
    expect(report.result!.evaluated).toBe(2500);
    // Three shards in the full tier, two in the quick one (sizes.ts).
    const files = await shardFiles(SIZES.optionShards, extra);
    expect(files).toHaveLength(SIZES.optionShards);
    expect(await cli(['merge', ...files], tmp.file('merged-filtered.json'))).toBe(single);
  }, 240_000);

  it('a sample that breaks the MCP shape in one shard only merges to the single run under any', async () => {
    const lines = gunzipSync(readFileSync(join(EXAMPLE, 'traffic/sample.jsonl.gz')))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    // Two calls without a batch: no MCP gateway sends it (docs/coverage.md "The request shape").
    const broken = JSON.parse(lines[1]!) as {
      request_id: string;
      input: { request: { mcp: { calls: unknown[] } } };
    };
    broken.request_id = 'off-shape-1';
    broken.input.request.mcp.calls = [...broken.input.request.mcp.calls, ...broken.input.request.mcp.calls];
    const traffic = tmp.file('off-shape.jsonl');
    writeFileSync(
      traffic,
      [...lines.slice(0, 2000), JSON.stringify(broken), ...lines.slice(2000)].join('\n') + '\n',
    );
    const extra = ['--traffic', traffic];
    const single = await whole(extra);
    const coverage = (JSON.parse(single) as ReplayReport).result!.coverage!;
    expect(coverage.shape).toBe('any');
    expect(coverage.records.outside_mcp_shape).toBe(1);
    // Three shards in the full tier, two in the quick one (sizes.ts).
    const files = await shardFiles(SIZES.optionShards, extra);
    const parts = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as ReplayReport);
    // Only one shard saw the record; the others kept the shape, yet all carry the `any` analysis.
    expect(parts.map((p) => p.result!.coverage!.records.outside_mcp_shape).sort()).toEqual([
      ...Array<number>(SIZES.optionShards - 1).fill(0),
      1,
    ]);
    expect(parts.every((p) => p.result!.coverage!.shape === 'mcp')).toBe(true);
    expect(await cli(['merge', ...files], tmp.file('merged-off-shape.json'))).toBe(single);
  }, 240_000);

  it('merge --max-groups re-caps the groups like a single run with that cap', async () => {
    const single = await whole(['--max-groups', '2']);
    const files = await shardFiles(3, []);
    const merged = await cli(['merge', ...files, '--max-groups', '2'], tmp.file('merged-cap2.json'));
    expect(merged).toBe(single);
    expect((JSON.parse(single) as ReplayReport).result!.change_groups).toHaveLength(2);
  }, 120_000);

  it('refuses an incomplete or mixed set of partial reports', async () => {
    const files = await shardFiles(3, []);
    const parts = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as ReplayReport);
    expect(() => mergeReports(parts.slice(0, 2))).toThrow(MergeError);
    expect(() => mergeReports([parts[0]!, parts[0]!, parts[2]!])).toThrow(/appears twice/);
    const other = { ...parts[1]!, meta: { ...parts[1]!.meta, max_changes: 8 } };
    expect(() => mergeReports([parts[0]!, other, parts[2]!])).toThrow(/differ/);
    // Partials judged in different --unevaluable modes would sum unlike counts.
    // Shards whose coverage analyses differ (here a witness) were not made from the same policies.
    const otherWitness = JSON.parse(JSON.stringify(parts[1])) as ReplayReport;
    otherWitness.result!.coverage!.classes[0]!.witness = null;
    expect(() => mergeReports([parts[0]!, otherWitness, parts[2]!])).toThrow(
      /analyse the coverage differently/,
    );
    const otherMode = { ...parts[1]!, meta: { ...parts[1]!.meta, unevaluable_mode: 'static' as const } };
    expect(() => mergeReports([parts[0]!, otherMode, parts[2]!])).toThrow(
      'the reports judge unevaluable differently (--unevaluable precise and static)',
    );

    const channel = io();
    expect(await runCli(['merge', files[0]!, files[1]!], channel)).toBe(2);
    expect(channel.err.join('')).toMatch(/missing shard\(s\) 3\/3/);
  }, 120_000);
});

describe('merge edge cases found in review', () => {
  const policy = join(repoRoot, 'fixtures/replay/head.yaml');
  const base = (traffic: string, extra: string[] = []) => [
    'replay',
    '--head',
    policy,
    '--traffic',
    traffic,
    '--format',
    'json',
    '--opa',
    testOpaPath(),
    ...extra,
  ];

  it('a minified .json array (every record on line 1) merges to the single run, in any shard order', async () => {
    const { writeFileSync } = await import('node:fs');
    const traffic = join(tmp.dir, 'one-line.json');
    const inputs = [5, 's', true, [], null, 1.5, false, 't'];
    const elements = inputs.map((input, i) => JSON.stringify({ request_id: `id-${i}`, input }));
    elements.push(
      ...Array.from({ length: 30 }, (_, i) => JSON.stringify({ request_id: `bad-${i}`, input: i })),
    );
    writeFileSync(traffic, `[${elements.join(',')}]`);
    const single = await cli(base(traffic), join(tmp.dir, 'one.json'));
    const parts: string[] = [];
    for (let k = 1; k <= 3; k++)
      parts.push(await cli(base(traffic, ['--shard', `${k}/3`]), join(tmp.dir, `p${k}.json`)));
    const reports = parts.map((p) => JSON.parse(p) as ReplayReport);
    expect(reportToJson(mergeReports(reports))).toBe(single);
    expect(reportToJson(mergeReports([reports[2]!, reports[0]!, reports[1]!]))).toBe(single);
    expect((JSON.parse(single) as ReplayReport).result!.malformed.count).toBe(38);
  });

  it('refuses shards made with different manifests, or only some with --manifests', async () => {
    const traffic = join(EXAMPLE, 'traffic/sample.jsonl.gz');
    const withManifests = await cli(
      [...base(traffic, ['--shard', '1/2', '--manifests', join(EXAMPLE, 'traffic/sample.manifests')])],
      join(tmp.dir, 'm1.json'),
    );
    const without = await cli(base(traffic, ['--shard', '2/2']), join(tmp.dir, 'm2.json'));
    const a = JSON.parse(withManifests) as ReplayReport;
    const b = JSON.parse(without) as ReplayReport;
    expect(() => mergeReports([a, b])).toThrow(MergeError);
    expect(() => mergeReports([b, a])).toThrow(/different manifests/);
  });
});

describe('merge validates every partial report before adding anything up: damaged counts, keys and shards are refused', () => {
  type Tamper = (r: {
    meta: Record<string, unknown>;
    errors: unknown[];
    result: Record<string, unknown>;
  }) => void;
  const cases: [string, Tamper, string][] = [
    ['a negative count', (r) => (r.result.evaluated = -5), 'result.evaluated: must be a whole number ≥ 0'],
    ['a fraction', (r) => (r.result.denied = 1.5), 'result.denied: must be a whole number ≥ 0'],
    ['a string count', (r) => (r.result.allowed = '12'), 'result.allowed: must be a whole number ≥ 0'],
    [
      'evaluated that is not the sum of the buckets',
      (r) => (r.result.evaluated = (r.result.evaluated as number) + 1),
      'result.evaluated: is',
    ],
    [
      'changes_total that is not the sum of its split',
      (r) => (r.result.newly_allowed = (r.result.newly_allowed as number) + 1),
      'result.changes_total: is',
    ],
    [
      'fewer changes in total than listed',
      (r) => {
        const listed = (r.result.changes as unknown[]).length;
        r.result.changes_total = listed - 1;
        r.result.newly_allowed = 0;
        r.result.newly_denied = 0;
        r.result.from_unknown = listed - 1;
      },
      'more than changes_total',
    ],
    ['an unknown result key', (r) => (r.result.extra = 1), 'result: unknown key "extra"'],
    [
      'added_rules that do not list the added ids',
      (r) => ((r.result.rule_diff as { added_rules: unknown[] }).added_rules = []),
      'result.rule_diff: added_rules and removed_rules must list the ids of added and removed',
    ],
    [
      'a change by value of no known shape',
      (r) =>
        ((r.result.rule_diff as { modified: { changes: unknown[] }[] }).modified[0]!.changes = [
          { field: 'tool', op: 'in', added: [] },
        ]),
      'result.rule_diff.modified[0].changes[0]',
    ],
    [
      'a result without errors made null',
      (r) => ((r as { result: unknown }).result = null),
      'result: is null, but errors is empty',
    ],
    [
      'a shard coverage class without its example position',
      (r) => delete (r.result.coverage as { classes: { partial?: unknown }[] }).classes[0]!.partial,
      'result.coverage.classes[0].partial: is missing in a shard section',
    ],
    [
      'a shard index past its count',
      (r) => (r.meta.shard = { index: 4, count: 3 }),
      'meta.shard.index: is more than count (3)',
    ],
  ];

  it('exit 2 naming the file and the problem, for each kind of damage', async () => {
    const files = await shardFiles(3, []);
    const original = readFileSync(files[1]!, 'utf8');
    for (const [name, tamper, expected] of cases) {
      const report = JSON.parse(original) as Parameters<Tamper>[0];
      tamper(report);
      const bad = tmp.file(`tampered-${name.replace(/\W+/g, '-')}.json`);
      writeFileSync(bad, JSON.stringify(report));
      const channel = io();
      expect(await runCli(['merge', files[0]!, bad, files[2]!], channel)).toBe(2);
      const err = channel.err.join('');
      expect(err).toContain(`merge: ${bad} is not a valid partial report:`);
      expect(err).toContain(expected);
      expect(channel.out.join('')).toBe('');
    }
  }, 120_000);

  it('every report a replay writes passes the check', async () => {
    const files = await shardFiles(3, []);
    for (const file of files)
      expect(checkReport(JSON.parse(readFileSync(file, 'utf8')))).toMatchObject({ ok: true });
    const report = JSON.parse(await whole([])) as ReplayReport;
    expect(checkReport(report)).toMatchObject({ ok: true });
    // With the rule diff's changes by value and head lines (docs/explain.md), which merge copies.
    expect(report.result!.rule_diff!.modified[0]).toEqual({
      id: 'allow-read-tools',
      what: ['conditions', 'description'],
      line: 108,
      changes: [{ field: 'tool', op: 'in', added: ['fetch_url', 'write_file'], removed: [] }],
    });
  }, 120_000);
});
