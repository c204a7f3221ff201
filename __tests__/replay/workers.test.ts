import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { repoRoot, tempDir } from './helpers.js';
import { testOpaPath } from '../support/opa.js';
import { BUILD_DIR, DIST_CLI } from '../support/built.js';
import { asConsoleLines, EXAMPLE_UPLOADS, exampleDecisionEvents } from '../support/decisionLogs.js';
import { tiered } from '../support/sizes.js';

/**
 * The worker-thread replay must produce the in-process report byte for byte. Worker threads
 * cannot load the TypeScript sources, so this runs what `npm run build` makes (an e2e suite: the
 * project's globalSetup builds unless the output is what the current sources build): the CLI bundle
 * (dist/cli/index.js, with its worker bundle) as a child process with --workers 1, 2 and 3, and
 * tsc's modules in build/ for drift mode. The unit tests of the pieces (autoWorkerCount,
 * RequestIdTable, LineChunker) import the sources: replay/autoWorkers.test.ts,
 * traffic/requestIdTable.test.ts, traffic/lineChunker.test.ts.
 */

const run = promisify(execFile);
const EXAMPLE = join(repoRoot, 'fixtures/example');
const BASE = join(EXAMPLE, 'policies/base.yaml');
const HEAD = join(EXAMPLE, 'policies/head.yaml');
const OPA = testOpaPath();
const BUILD = BUILD_DIR;
const CLI = DIST_CLI;

const tmp = tempDir('replay-workers-');
let sample: string;
let lines: string[];

beforeAll(() => {
  lines = gunzipSync(readFileSync(join(EXAMPLE, 'traffic/sample.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const withTime = (line: string, time: string) => {
    const record = JSON.parse(line) as { input: { request?: { time?: string } } };
    record.input.request = { ...record.input.request, time };
    return JSON.stringify(record);
  };
  const idOf = (line: string) => (JSON.parse(line) as { request_id: string }).request_id;
  // The example (~5 MB, several 1 MiB runs) plus: malformed lines, a far-future request time
  // (beyond what the decision cache keys: evaluated on its own), an id repeated in a much later
  // run (the repeat is malformed, the first stays), an id that appears early before its "own"
  // line (so the later original becomes the repeat), blank and CRLF lines, a record without an id.
  const out = [...lines];
  out.splice(10, 1, withTime(lines[10]!, '2300-01-01T00:00:00Z'));
  out.splice(40, 0, lines[5000]!);
  out.splice(100, 0, 'not json at all', '', '{"input": {}}', `${lines[7]!.slice(0, -1)}, "x": 1}\r`);
  out.splice(4000, 0, '{"request_id": "x-typo", "input": {}, "unavailible": []}');
  out.push(lines[0]!, lines[2999]!, '   ', '{"request_id": 7}');
  expect(new Set(out.filter((l) => l.startsWith('{"request_id"')).map(idOf)).size).toBeLessThan(out.length);
  sample = tmp.file('sample-plus.jsonl');
  writeFileSync(sample, `${out.join('\n')}\n`);
});

afterAll(() => tmp.cleanup());

async function replayCli(args: string[], workers: number): Promise<string> {
  const out = tmp.file(`report-${Math.random().toString(36).slice(2)}.json`);
  await run(
    process.execPath,
    [
      CLI,
      'replay',
      '--base',
      BASE,
      '--head',
      HEAD,
      '--opa',
      OPA,
      '--format',
      'json',
      '--out',
      out,
      '--workers',
      String(workers),
      ...args,
    ],
    { cwd: repoRoot },
  );
  return readFileSync(out, 'utf8');
}

/**
 * The worker counts a scenario compares with the in-process replay: all of them in the full tier;
 * in the quick one (sizes.ts) only `quick`, the scenarios taking 2 and 3 in turn.
 */
function workerCounts(full: number[], quick: number): number[] {
  return tiered(full, [quick]);
}

/**
 * A scenario the quick tier skips (shown as skipped), since it adds a reading mode or a selection
 * to what the scenarios of both tiers already compare on worker threads; the full tier (CI,
 * `.ci/run`) runs it. About a third of the suite's CPU, the costliest of `npm test`'s suites.
 */
const fullTierOnly = tiered(it, it.skip);

async function expectSameForWorkers(args: string[], counts: number[]): Promise<string> {
  const reports = await Promise.all([1, ...counts].map((w) => replayCli(args, w)));
  for (const report of reports.slice(1)) expect(report).toBe(reports[0]);
  return reports[0]!;
}

describe('worker threads: the same report as in-process, byte for byte', () => {
  it('the example with manifests, every change listed', async () => {
    const report = await expectSameForWorkers(
      [
        '--traffic',
        join(EXAMPLE, 'traffic/sample.jsonl.gz'),
        '--manifests',
        join(EXAMPLE, 'traffic/sample.manifests'),
        '--max-changes',
        '10000',
      ],
      workerCounts([2, 3], 3),
    );
    const result = JSON.parse(report).result;
    expect(result.evaluated).toBe(lines.length);
    expect(result.fidelity).toBeDefined();
    expect(result.changes.length).toBe(result.changes_total);
  });

  fullTierOnly(
    'records with unknown_paths (three-valued, cached under the unknown set) in both --unevaluable modes',
    async () => {
      const pointers = [
        '/input/request/mcp/calls/0/tool',
        '/input/identity/claims/realm_access',
        '/input/request/http/host',
        '/input/request/time',
        '/input/identity/attributes_resolved',
        '/input/request/mcp/calls/*/method',
      ];
      const file = tmp.file('unknowns.jsonl');
      // The whole example (several runs of lines).
      writeFileSync(
        file,
        `${lines
          .map((line, i) => {
            if (i % 3 !== 0) return line;
            const record = JSON.parse(line) as Record<string, unknown>;
            record.unknown_paths = [pointers[i % pointers.length]!];
            return JSON.stringify(record);
          })
          .join('\n')}\n`,
      );
      const results: Record<string, { unevaluable: number; unevaluable_by_reading: number }> = {};
      for (const mode of ['precise', 'static']) {
        const report = await expectSameForWorkers(
          ['--traffic', file, '--unevaluable', mode, '--max-changes', '10000'],
          [2],
        );
        results[mode] = JSON.parse(report).result;
      }
      expect(results.static!.unevaluable).toBe(results.static!.unevaluable_by_reading);
      expect(results.precise!.unevaluable_by_reading).toBe(results.static!.unevaluable);
      expect(results.precise!.unevaluable).toBeLessThan(results.precise!.unevaluable_by_reading);
    },
  );

  it('malformed lines, repeated ids across runs, a small --max-changes', async () => {
    const report = await expectSameForWorkers(
      ['--traffic', sample, '--max-changes', '7'],
      workerCounts([2, 3], 2),
    );
    const { malformed, changes } = JSON.parse(report).result as {
      malformed: { count: number; examples: { line: number; reason: string }[] };
      changes: unknown[];
    };
    expect(changes).toHaveLength(7);
    const reasons = malformed.examples.map((e) => e.reason);
    expect(reasons.some((r) => r.startsWith('not JSON'))).toBe(true);
    // lines[5000] was copied to line 41, so its own line, ~5 MB later, is the repeat; lines[0]
    // and lines[2999] repeat in later runs too.
    const duplicates = malformed.examples.filter((e) => e.reason.includes('duplicate')).map((d) => d.reason);
    expect(duplicates).toHaveLength(3);
    expect(duplicates).toEqual(expect.arrayContaining([expect.stringContaining('(first on line 41)')]));
    expect(duplicates).toEqual(expect.arrayContaining([expect.stringContaining('(first on line 1)')]));
    // not JSON, no request_id, an unknown key (CRLF line), a typo, `request_id: 7`, 3 repeats.
    expect(malformed.count).toBe(8);
  });

  it('an OPA decision log: a console stream (runs of lines to the workers) and upload bodies (on the main thread)', async () => {
    const dir = tmp.file('decision-log');
    mkdirSync(dir);
    const events = exampleDecisionEvents();
    const lines = asConsoleLines(events.slice(0, 4500));
    // ~8 MB of lines: a repeat of the first decision several runs later, an event of another
    // path, a line that is not JSON.
    lines.splice(
      11_000,
      0,
      lines[1]!,
      JSON.stringify({ ...events[9], decision_id: 'x', path: 'x/y' }),
      '{oops',
    );
    writeFileSync(join(dir, 'a-console.log'), `${lines.join('\n')}\n`);
    for (const name of readdirSync(EXAMPLE_UPLOADS).sort().slice(-4))
      copyFileSync(join(EXAMPLE_UPLOADS, name), join(dir, `b-${name}`));
    const report = await expectSameForWorkers(
      ['--traffic', dir, '--decision-path', 'policy_replay/decision', '--max-changes', '25'],
      workerCounts([2, 3], 3),
    );
    const { meta, result } = JSON.parse(report) as {
      meta: { skipped: { non_decision: number; other_path: number }; traffic: { files: unknown[] } };
      result: { evaluated: number; malformed: { count: number; examples: { reason: string }[] } };
    };
    expect(meta.skipped).toEqual({ non_decision: 9000, other_path: 1 });
    expect(meta.traffic.files).toHaveLength(5);
    // The repeated decision and the line that is not JSON; masked events are replayed.
    expect(result.malformed.count).toBe(2);
    expect(result.evaluated).toBeGreaterThan(4500);
  });

  it('hostile lines are malformed with their lines, the same in every mode: nested 5,000 deep, invalid UTF-8, a repeated key, over --max-line-bytes', async () => {
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const call = (id: string, database: string) =>
      `{"request_id":"${id}","input":{"request":{"mcp":{"calls":[{"method":"tools/call","tool":"query_db"}],"arguments":{"database":${database}}}}}}`;
    const parts: Buffer[] = lines.slice(0, 3000).map((l) => Buffer.from(`${l}\n`));
    // A record nested 5,000 deep in argument:database, a field the head policy reads; invalid
    // UTF-8; two request_ids in one record; a line over --max-line-bytes; spread over the runs.
    parts.splice(10, 0, Buffer.from(`${call('deep-1', deep)}\n`));
    parts.splice(1500, 0, Buffer.concat([Buffer.from(call('bad-\xff', '"x"'), 'latin1'), Buffer.from('\n')]));
    parts.splice(2200, 0, Buffer.from(`{"request_id":"a","request_id":"b","input":{}}\n`));
    parts.splice(2900, 0, Buffer.from(`${call('long', JSON.stringify('z'.repeat(100_000)))}\n`));
    parts.push(Buffer.from(`${call('deep-2', deep)}\n`));
    const file = tmp.file('hostile.jsonl');
    writeFileSync(file, Buffer.concat(parts));
    const report = await expectSameForWorkers(
      ['--traffic', file, '--max-line-bytes', '64KiB'],
      workerCounts([2, 3], 2),
    );
    const { evaluated, malformed } = JSON.parse(report).result as {
      evaluated: number;
      malformed: { count: number; examples: { line: number; reason: string }[] };
    };
    expect(evaluated + malformed.count).toBe(parts.length);
    expect(malformed.examples.map((e) => [e.line, e.reason.split(' ').slice(0, 3).join(' ')])).toEqual([
      [11, 'nested deeper than'],
      [1501, 'not valid UTF-8'],
      [2201, 'key "request_id" appears'],
      [2901, 'longer than 65536'],
      [3005, 'nested deeper than'],
    ]);
  });

  fullTierOnly('--since and --limit', async () => {
    await expectSameForWorkers(
      ['--traffic', sample, '--since', '2026-11-20T00:00:00Z', '--limit', '700'],
      [2],
    );
  });

  fullTierOnly('--shard 2/3', async () => {
    await expectSameForWorkers(['--traffic', sample, '--shard', '2/3', '--max-changes', '25'], [2]);
  });

  it('drift mode (head against recorded decisions), and workers are really used', async () => {
    // runReplay of the compiled build, in a child process: drift has no --workers flag.
    const script = `
      import { readFileSync } from 'node:fs';
      import { runReplay } from ${JSON.stringify(join(BUILD, 'replay/run.js'))};
      import { reportToJson } from ${JSON.stringify(join(BUILD, 'replay/report/report.js'))};
      const out = [];
      for (const workers of [1, 2]) {
        const run = await runReplay({
          head: { displayPath: 'head.yaml', text: readFileSync(${JSON.stringify(HEAD)}, 'utf8') },
          base: null,
          trafficPath: ${JSON.stringify(sample)},
          maxChanges: 20,
          mode: 'drift',
          opa: { path: ${JSON.stringify(OPA)}, version: 'test' },
          workers,
        });
        out.push({ workers: run.outcome.workers, report: reportToJson(run.report),
          revisions: [...run.outcome.revisions], without: run.outcome.withoutRecordedDecision });
      }
      process.stdout.write(JSON.stringify(out));`;
    const file = tmp.file('drift.mjs');
    writeFileSync(file, script);
    const { stdout } = await run(process.execPath, [file], { cwd: repoRoot });
    const [inProcess, threaded] = JSON.parse(stdout) as {
      workers: number;
      report: string;
      revisions: unknown;
      without: number;
    }[];
    expect(inProcess!.workers).toBe(0);
    expect(threaded!.workers).toBe(2);
    expect(threaded!.report).toBe(inProcess!.report);
    expect(threaded!.revisions).toEqual(inProcess!.revisions);
    expect(threaded!.without).toBe(inProcess!.without);
    expect(JSON.parse(inProcess!.report).result.changes_total).toBeGreaterThan(0);
  });

  it('--workers rejects what is not a count', async () => {
    await expect(replayCli(['--traffic', sample], Number.NaN)).rejects.toThrow(/Invalid --workers/);
    await expect(replayCli(['--traffic', sample], 65)).rejects.toThrow(/Invalid --workers/);
  });
});
