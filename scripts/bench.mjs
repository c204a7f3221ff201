#!/usr/bin/env node
/**
 * `npm run bench`: the figures of docs/performance.md, measured on this machine.
 *
 *   node scripts/bench.mjs [--records N | --large] [--seed S] [--runs R] [--baseline-records M]
 *                          [--sample records|decision-log] [--workers N] [--cli FILE] [--opa FILE]
 *                          [--coverage-only] [--coverage-seeds S,S,…] [--coverage-rules N]
 *                          [--max-coverage-nodes N] [--build DIR] [--rego-only]
 *   node scripts/bench.mjs --help
 *
 * `--sample decision-log` measures the same requests as an OPA console decision log
 * (docs/decision-logs.md): `npm run bench -- --large --sample decision-log` is the 1,000,000-event
 * figure. The log is written by this script from the seeded records in the format the real
 * `opa run --server --log-format json` writes with `decision_logs.console` (observed with OPA
 * 1.22.3; see __tests__/traffic/opaDecisionLogs.test.ts): each request is a `Received request.`
 * line, the decision event (sorted keys, nanosecond timestamp, bundle revision, the example mask's
 * erased claims for the finance department) and a `Sent response.` line — so two of every three
 * lines are skipped as non-decision lines. It is gzip-compressed and cached under .bench/, and
 * replayed with `--decision-path policy_replay/decision`.
 *
 * 1. Generates a seeded sample with scripts/generate-traffic.mjs (cached under .bench/).
 * 2. Replays it through the bundled example pair (fixtures/example/policies/{base,head}.yaml)
 *    with the CLI (`--cli`, default the committed bundle dist/cli/index.js; run `npm run build`
 *    first to measure the working tree), R times; reports the median wall time, the peak RSS
 *    and the CPU time (user + system of all its threads, written at exit by
 *    scripts/lib/cpu-at-exit.mjs, preloaded with --import) of the CLI process. records/s is
 *    over the replay itself: the wall time minus the fixed cost of a run (node start, validate →
 *    Rego → `opa build` of both policies), measured by replaying a 10-record slice of the same
 *    sample. The end-to-end rate is printed beside it.
 * 3. Starts `opa run --server` on 127.0.0.1 with the same two policies (as packages `base` and
 *    `head`), posts the first M records' inputs to /v1/data/{base,head}/decision (two requests in
 *    flight, keep-alive) and reports records/s.
 * 4. Measures the parse limit of the same file (scripts/lib/parse-ceiling.mjs): gunzip + split +
 *    JSON.parse of every line, one process per core at once, R times; the limit is cores ×
 *    records ÷ the slowest process's median time. Then prints the CPU per record of the replay
 *    (over wall − fixed) and of a parse process, and both ratios: replay ÷ parse limit (the
 *    target is at least 0.5) and replay ÷ OPA server.
 * 5. Times the coverage analysis with its witnesses (scripts/lib/coverage-bench.mjs), in-process
 *    from the tsc output of `npm run build` (`--build`, default build/): the example pair under the
 *    MCP shape and `any`, and seeded generated pairs (scripts/generate-policy-pair.mjs;
 *    `--coverage-seeds`, default 1,2,3; `--coverage-rules`, default 200) under both, with the CLI's
 *    default node budget (or `--max-coverage-nodes`): mode, kinds, nodes, the median time of R
 *    runs. `--coverage-only` runs this step alone.
 * 6. `--rego-only`, alone: the raw-Rego replay (scripts/bench-rego.mjs) on the HTTP API and the
 *    Envoy corpora at `--records` decision events (default 100,000), against OPA's own server on
 *    `--baseline-records` inputs, from build/ (docs/rego.md "Speed").
 * Benchmarks are not tests: nothing here fails on timing.
 */
import { spawn, execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setInterval, clearInterval, setTimeout } from 'node:timers';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { writeConsoleDecisionLog } from './lib/opa-console-log.mjs';
import { renamePackage } from './lib/opa-decision-logs.mjs';
import { benchCoverage } from './lib/coverage-bench.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = join(ROOT, '.bench');
const BASE = join(ROOT, 'fixtures/example/policies/base.yaml');
const HEAD = join(ROOT, 'fixtures/example/policies/head.yaml');

const { values } = parseArgs({
  options: {
    records: { type: 'string' },
    large: { type: 'boolean' },
    seed: { type: 'string', default: '20261127' },
    runs: { type: 'string', default: '3' },
    'baseline-records': { type: 'string', default: '20000' },
    cli: { type: 'string', default: join(ROOT, 'dist/cli/index.js') },
    opa: { type: 'string' },
    workers: { type: 'string' },
    sample: { type: 'string', default: 'records' },
    'coverage-only': { type: 'boolean' },
    'coverage-seeds': { type: 'string', default: '1,2,3' },
    'coverage-rules': { type: 'string', default: '200' },
    'max-coverage-nodes': { type: 'string' },
    build: { type: 'string', default: join(ROOT, 'build') },
    'rego-only': { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('*/')[0]
      .replace(/^#!.*\n\/\*\*\n/, ''),
  );
  process.exit(0);
}
if (values.sample !== 'records' && values.sample !== 'decision-log')
  throw new Error('--sample must be records or decision-log');
const decisionLog = values.sample === 'decision-log';
const records = Number(values.records ?? (values.large ? 1_000_000 : 100_000));
const runs = Number(values.runs);
const baselineRecords = Number(values['baseline-records']);
const cli = resolve(values.cli);
const opa = resolve(values.opa ?? process.env.OPA_PATH ?? join(ROOT, '.tools/bin/opa'));
// The replay's own default for a large sample; both the timed runs and the fixed-cost slice use it,
// so thread start-up counts as fixed cost, not as per-record time.
const workers = Number(values.workers ?? Math.min(availableParallelism(), 4));
for (const [name, n] of [
  ['records', records],
  ['runs', runs],
  ['baseline-records', baselineRecords],
]) {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
}
const coverage = () =>
  benchCoverage({
    root: ROOT,
    build: resolve(values.build),
    runs,
    seeds: values['coverage-seeds'].split(',').filter((s) => s !== ''),
    rules: Number(values['coverage-rules']),
    maxNodes: values['max-coverage-nodes'] === undefined ? undefined : Number(values['max-coverage-nodes']),
  });
if (values['rego-only']) {
  for (const family of ['httpapi', 'envoy'])
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'scripts/bench-rego.mjs'),
        '--family',
        family,
        '--events',
        String(records),
        '--baseline',
        String(baselineRecords),
      ],
      { stdio: 'inherit' },
    );
  process.exit(0);
}
if (values['coverage-only']) {
  for (const text of await coverage()) console.log(text);
  process.exit(0);
}
if (!existsSync(cli)) throw new Error(`${cli} not found (npm run build?)`);
if (!existsSync(opa)) throw new Error(`${opa} not found (npm run opa?)`);
mkdirSync(BENCH, { recursive: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n) => Math.round(n).toString();

// ---------------------------------------------------------------------------------------------
// The sample

const sample = join(BENCH, `traffic-${records}-${values.seed}.jsonl.gz`);
if (!existsSync(sample)) {
  console.error(`generating ${records} records (seed ${values.seed}) → ${sample}`);
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'scripts/generate-traffic.mjs'),
      '--count',
      String(records),
      '--seed',
      values.seed,
      '--out',
      sample,
    ],
    { stdio: 'inherit' },
  );
}

// ---------------------------------------------------------------------------------------------
// The same requests as an OPA console decision log (see the header).

const replayed = decisionLog ? join(BENCH, `decision-log-${records}-${values.seed}.log.gz`) : sample;
if (decisionLog && !existsSync(replayed)) {
  console.error(`writing the ${records} requests as an OPA console decision log → ${replayed}`);
  await writeConsoleDecisionLog(sample, replayed);
}

/** The first `n` lines of a gzip file, as text. */
async function firstLines(n, file = sample) {
  const lines = [];
  const input = createReadStream(file).pipe(createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    lines.push(line);
    if (lines.length === n) break;
  }
  input.destroy();
  return lines;
}

// ---------------------------------------------------------------------------------------------
// The replay, as a child process: wall time and peak RSS (VmHWM, polled; /proc is Linux-only, so
// elsewhere the RSS column reads "n/a").

function peakRssKb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const CPU_HOOK = pathToFileURL(join(ROOT, 'scripts/lib/cpu-at-exit.mjs')).href;
const CPU_FILE = join(BENCH, 'cpu.json');

function runCli(args) {
  return new Promise((resolvePromise, reject) => {
    rmSync(CPU_FILE, { force: true });
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', CPU_HOOK, cli, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, POLICY_REPLAY_BENCH_CPU: CPU_FILE },
    });
    let stderr = '';
    let peak = null;
    child.stderr.on('data', (d) => (stderr += d));
    const poll = setInterval(() => {
      const kb = peakRssKb(child.pid);
      if (kb !== null) peak = Math.max(peak ?? 0, kb);
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      // Exit 1 is a crossed --fail-on threshold (none is set here); anything else is a failure.
      if (code !== 0) reject(new Error(`${cli} ${args.join(' ')} exited ${code}\n${stderr}`));
      else resolvePromise({ wall, peakMb: peak === null ? null : peak / 1024, cpu: cpuSeconds() });
    });
  });
}

/** The CPU seconds (user + system, all threads) the last replay wrote at exit. */
function cpuSeconds() {
  const { user, system } = JSON.parse(readFileSync(CPU_FILE, 'utf8'));
  return (user + system) / 1e6;
}

const replayArgs = (traffic, out) => [
  'replay',
  '--base',
  BASE,
  '--head',
  HEAD,
  '--traffic',
  traffic,
  '--format',
  'json',
  '--out',
  out,
  '--opa',
  opa,
  '--workers',
  String(workers),
  ...(decisionLog ? ['--decision-path', 'policy_replay/decision'] : []),
];

const slice = join(BENCH, `startup-10-${values.seed}.${decisionLog ? 'log' : 'jsonl'}`);
writeFileSync(slice, `${(await firstLines(decisionLog ? 30 : 10, replayed)).join('\n')}\n`);
const startup = [];
const startupCpu = [];
for (let i = 0; i < 3; i++) {
  const run = await runCli(replayArgs(slice, join(BENCH, 'startup.json')));
  startup.push(run.wall);
  startupCpu.push(run.cpu);
}
const fixed = median(startup);

const walls = [];
const peaks = [];
const cpus = [];
for (let i = 0; i < runs; i++) {
  const { wall, peakMb, cpu } = await runCli(
    replayArgs(replayed, join(BENCH, `report-${values.sample}-${records}.json`)),
  );
  walls.push(wall);
  cpus.push(cpu);
  if (peakMb !== null) peaks.push(peakMb);
  console.error(
    `  run ${i + 1}/${runs}: ${wall.toFixed(2)} s, peak RSS ${peakMb === null ? 'n/a' : fmt(peakMb)} MB`,
  );
}
const wall = median(walls);
const replayRate = records / Math.max(wall - fixed, 1e-3);
const endToEndRate = records / wall;
const peak = peaks.length > 0 ? `${fmt(Math.max(...peaks))} MB` : 'n/a';
// CPU per record over the replay itself, like records/s: the fixed run's CPU taken off.
const replayCpuUs = (Math.max(median(cpus) - median(startupCpu), 0) / records) * 1e6;

// ---------------------------------------------------------------------------------------------
// The OPA server baseline

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

function post(agent, port, path, body) {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          res.statusCode === 200
            ? resolvePromise(text)
            : reject(new Error(`${path}: HTTP ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function waitForHealth(agent, port) {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise((r) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/health', agent }, (res) => {
        res.resume();
        r(res.statusCode === 200);
      });
      req.on('error', () => r(false));
      req.end();
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('opa run --server did not become healthy');
}

async function baseline() {
  const dir = join(BENCH, 'opa-server');
  mkdirSync(dir, { recursive: true });
  const modules = [];
  for (const [name, policy] of [
    ['base', BASE],
    ['head', HEAD],
  ]) {
    const file = join(dir, `${name}.rego`);
    execFileSync(process.execPath, [cli, 'compile', policy, '--out-rego', file]);
    // Two modules in one server need two packages.
    writeFileSync(file, renamePackage(readFileSync(file, 'utf8'), name));
    modules.push(file);
  }
  const port = await freePort();
  const server = spawn(
    opa,
    ['run', '--server', '--addr', `127.0.0.1:${port}`, '--log-level', 'error', ...modules],
    {
      stdio: 'ignore',
    },
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  try {
    await waitForHealth(agent, port);
    const bodies = (await firstLines(baselineRecords)).map((line) =>
      JSON.stringify({ input: JSON.parse(line).input }),
    );
    // Sanity: the server answers with a decision.
    const probe = JSON.parse(await post(agent, port, '/v1/data/base/decision', bodies[0]));
    if (typeof probe.result?.allow !== 'boolean')
      throw new Error(`unexpected OPA answer ${JSON.stringify(probe)}`);
    let next = 0;
    const worker = async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        await post(agent, port, '/v1/data/base/decision', body);
        await post(agent, port, '/v1/data/head/decision', body);
      }
    };
    const started = process.hrtime.bigint();
    await Promise.all([worker(), worker()]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { records: bodies.length, seconds, rate: bodies.length / seconds };
  } finally {
    agent.destroy();
    server.kill();
  }
}

const opaServer = await baseline();

// ---------------------------------------------------------------------------------------------
// The parse limit: gunzip + split + JSON.parse of the same file, one process per core, all at
// once (each parses the whole file, so the machine is as busy as the replay keeps it). The limit is
// cores × records ÷ the slowest process's time; one process alone is printed beside it.

function parseOnce(file) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/lib/parse-ceiling.mjs'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise(JSON.parse(out)) : reject(new Error(`parse-ceiling exited ${code}`)),
    );
  });
}

async function parseLimit(file) {
  const cores = availableParallelism();
  const together = [];
  const alone = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const results = await Promise.all(Array.from({ length: cores }, () => parseOnce(file)));
    together.push(Math.max(...results.map((r) => r.seconds)));
    cpu.push(...results.map((r) => r.cpu));
    alone.push((await parseOnce(file)).seconds);
  }
  return {
    cpuUs: (median(cpu) / records) * 1e6,
    cores,
    rate: (cores * records) / median(together),
    seconds: median(together),
    alone: records / median(alone),
  };
}

const ceiling = await parseLimit(replayed);
const coverageLines = await coverage();

console.log(
  `sample      ${records} ${decisionLog ? 'decision events in an OPA console log (3 lines each)' : 'records'}, seed ${values.seed}, policies base + head (fixtures/example), ${runs} run(s), median, node ${process.version}`,
);
console.log(
  `parse-limit records/s ${fmt(ceiling.rate)}  (gunzip + split + JSON.parse of every line, ${ceiling.cores} processes at once, each the whole file in ${ceiling.seconds.toFixed(2)} s; one process alone ${fmt(ceiling.alone)}/s)`,
);
console.log(
  `replay      records/s ${fmt(replayRate)}  wall ${wall.toFixed(2)} s  peak RSS ${peak}  (${workers} worker(s); records/s over wall − ${fixed.toFixed(2)} s fixed start-up and compile; end to end ${fmt(endToEndRate)}/s)`,
);
console.log(
  `opa-server  records/s ${fmt(opaServer.rate)}  (${opaServer.records} records, base + head each, 2 in flight, ${opaServer.seconds.toFixed(2)} s)`,
);
console.log(
  `cpu         replay ${replayCpuUs.toFixed(1)} µs/record, parse limit ${ceiling.cpuUs.toFixed(1)} µs/record  (user + system of all threads; the replay's over wall − fixed; half the parse limit on ${ceiling.cores} cores leaves at most ${((ceiling.cores / (0.5 * ceiling.rate)) * 1e6).toFixed(1)} µs/record)`,
);
console.log(
  `ratios      replay ÷ parse-limit ${(replayRate / ceiling.rate).toFixed(2)} (end to end ${(endToEndRate / ceiling.rate).toFixed(2)})  replay ÷ opa-server ${(replayRate / opaServer.rate).toFixed(1)}x (end to end ${(endToEndRate / opaServer.rate).toFixed(1)}x)`,
);
for (const text of coverageLines) console.log(text);
