import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { autoWorkerCount, AUTO_WORKERS_MIN_BYTES } from '../../src/replay/replay.js';
import { RequestIdTable } from '../../src/traffic/requestIdTable.js';
import { forEachLine, LineChunker } from '../../src/traffic/reader.js';
import { repoRoot, tempDir } from './helpers.js';
import { testOpaPath } from '../support/opa.js';
import { asConsoleLines, EXAMPLE_UPLOADS, exampleDecisionEvents } from '../support/decisionLogs.js';

/**
 * The worker-thread replay must produce the in-process report byte for byte. Worker threads
 * cannot load the TypeScript sources, so the project is compiled (tsc, as `npm run build` does
 * first) into a private directory inside the repository (so node_modules resolves) and the
 * compiled CLI is run as a child process with --workers 1, 2 and 3.
 */

const run = promisify(execFile);
const EXAMPLE = join(repoRoot, 'fixtures/example');
const BASE = join(EXAMPLE, 'policies/base.yaml');
const HEAD = join(EXAMPLE, 'policies/head.yaml');
const OPA = testOpaPath();
const BUILD = join(repoRoot, 'node_modules/.cache', `policy-replay-workers-test-${process.pid}`);
const CLI = join(BUILD, 'cli/index.js');

const tmp = tempDir('replay-workers-');
let sample: string;
let lines: string[];

beforeAll(() => {
  execFileSync(
    process.execPath,
    [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', BUILD],
    { cwd: repoRoot, stdio: 'pipe' },
  );
  expect(existsSync(join(BUILD, 'replay/workers/worker.js'))).toBe(true);

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
}, 120_000);

afterAll(() => {
  tmp.cleanup();
  rmSync(BUILD, { recursive: true, force: true });
});

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
      [2, 3],
    );
    const result = JSON.parse(report).result;
    expect(result.evaluated).toBe(lines.length);
    expect(result.fidelity).toBeDefined();
    expect(result.changes.length).toBe(result.changes_total);
  });

  it('records with unknown_paths (three-valued, cached under the unknown set) in both --unevaluable modes', async () => {
    const pointers = [
      '/input/request/mcp/calls/0/tool',
      '/input/identity/claims/realm_access',
      '/input/request/http/host',
      '/input/request/time',
      '/input/identity/attributes_resolved',
      '/input/request/mcp/calls/*/method',
    ];
    const file = tmp.file('unknowns.jsonl');
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
  });

  it('malformed lines, repeated ids across runs, a small --max-changes', async () => {
    const report = await expectSameForWorkers(['--traffic', sample, '--max-changes', '7'], [2, 3]);
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
      [2, 3],
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

  it('hostile lines are malformed with their lines, the same in every mode (issue 10, items 3, 5, 6)', async () => {
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
    const report = await expectSameForWorkers(['--traffic', file, '--max-line-bytes', '64KiB'], [2, 3]);
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

  it('--since and --limit', async () => {
    await expectSameForWorkers(
      ['--traffic', sample, '--since', '2026-11-20T00:00:00Z', '--limit', '700'],
      [2],
    );
  });

  it('--shard 2/3', async () => {
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

describe('autoWorkerCount', () => {
  it('stays in-process for small samples, one core, and .json arrays', () => {
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES - 1, 8)).toBe(0);
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES, 1)).toBe(0);
    expect(autoWorkerCount('t.json', 1 << 30, 8)).toBe(0);
    expect(autoWorkerCount('t.json.gz', 1 << 30, 8)).toBe(0);
  });
  it('uses up to 4 threads on a large JSON Lines sample; gzip counts as ~8× its size', () => {
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES, 2)).toBe(2);
    expect(autoWorkerCount('t.jsonl', AUTO_WORKERS_MIN_BYTES, 16)).toBe(4);
    expect(autoWorkerCount('t.jsonl.gz', AUTO_WORKERS_MIN_BYTES / 8, 2)).toBe(2);
    expect(autoWorkerCount('t.jsonl.gz', AUTO_WORKERS_MIN_BYTES / 8 - 1, 2)).toBe(0);
  });
});

describe('RequestIdTable', () => {
  it('keeps the first line of each id, exactly, through growth', () => {
    const table = new RequestIdTable();
    const ids = Array.from({ length: 20_000 }, (_, i) => `req-${i.toString(36)}`);
    ids.forEach((id, i) => expect(table.claim(id, i + 1)).toBeUndefined());
    ids.forEach((id, i) => expect(table.claim(id, 99_999)).toBe(i + 1));
    expect(table.size).toBe(ids.length);
  });
  it('tells apart ids that UTF-8 or a hash could confuse: lone surrogates, long ids, prefixes', () => {
    const table = new RequestIdTable();
    const long = 'x'.repeat((1 << 20) + 5);
    const cases = ['\ud800', '\udc00', '\ufffd', 'é', 'e\u0301', long, `${long}y`, 'a', 'aa', ''];
    cases.forEach((id, i) => expect(table.claim(id, i + 1)).toBeUndefined());
    cases.forEach((id, i) => expect(table.claim(id, 0)).toBe(i + 1));
  });
  it('agrees with a Map on random ids', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { maxLength: 300 }), (ids) => {
        const table = new RequestIdTable();
        const map = new Map<string, number>();
        ids.forEach((id, i) => {
          const expected = map.get(id);
          if (expected === undefined) map.set(id, i);
          expect(table.claim(id, i)).toBe(expected);
        });
      }),
    );
  });
});

describe('LineChunker + forEachLine', () => {
  it('number and cut lines as the reader does, whatever the chunk boundaries and run size', () => {
    const text = '\ufeff{"a":1}\r\n\n  \nsecond\nthird\r\nno newline at the end';
    const bytes = Buffer.from(text, 'utf8');
    const expected: [string, number][] = [
      ['{"a":1}', 1],
      ['second', 4],
      ['third', 5],
      ['no newline at the end', 6],
    ];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: bytes.length }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 64 }),
        (cuts, minBytes) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const pieces: Buffer[] = [];
          let at = 0;
          for (const p of [...points, bytes.length]) {
            pieces.push(bytes.subarray(at, p));
            at = p;
          }
          const chunker = new LineChunker(minBytes);
          const seen: [string, number][] = [];
          const take = (chunk: ReturnType<LineChunker['push']>) => {
            if (chunk !== null) forEachLine(chunk.bytes, chunk.firstLine, (t, l) => seen.push([t, l]));
          };
          for (const piece of pieces) take(chunker.push(piece));
          take(chunker.end());
          expect(seen).toEqual(expected);
        },
      ),
    );
  });
});
