#!/usr/bin/env node
/**
 * The raw-Rego replay's speed (docs/rego.md "Speed"): a family of the Rego corpus
 * (fixtures/rego) replayed base → head on decision logs a real `opa run --server` wrote for it,
 * against OPA's own server answering the same inputs for both versions, in the same run.
 *
 *   node scripts/bench-rego.mjs [--family httpapi|envoy|admission] [--events N] [--head H] [--baseline M]
 *
 * The replay is the core of docs/rego.md from build/ (`npm run build`), in a process of its own
 * (scripts/lib/rego-replay-run.mjs) streaming the log: each event read exactly, both sides
 * evaluated by policy-replay-engine in one request (pipelined), classified. OPA's server: the
 * first M inputs posted to the base's and the head's decision path (keep-alive, one in flight per
 * version). Peak RSS: the replay process's and the engine's VmHWM. Then the same replay through
 * the command itself (`policy-replay replay` from dist/, the whole report written), timed from
 * outside, its peak RSS by /usr/bin/time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { captureCorpus, corpusInputs, FAMILIES } from './lib/rego-corpus.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    family: { type: 'string', default: 'envoy' },
    events: { type: 'string', default: '100000' },
    head: { type: 'string' },
    baseline: { type: 'string', default: '20000' },
  },
});
const family = values.family;
const spec = FAMILIES[family];
if (!spec) throw new Error(`no corpus family ${family}`);
const head = values.head ?? spec.heads[0];
const count = Number(values.events);
const baselineCount = Math.min(Number(values.baseline), count);

if (!existsSync(join(ROOT, 'build/regoPolicy/engineProcess.js')))
  throw new Error('build/ not found (npm run build?)');
execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-opa.mjs')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const enginePath = execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-engine.mjs')], {
  encoding: 'utf8',
}).trim();
const opa = join(ROOT, '.tools/bin/opa');

const dir = mkdtempSync(join(tmpdir(), 'bench-rego-'));
try {
  const inputs = corpusInputs(family, count, { seed: 11 });
  process.stderr.write(`capturing ${count} decision events of ${family}/base from opa run --server…\n`);
  const captured = await captureCorpus({ opa, dir: join(dir, 'base'), family, inputs });

  // OPA's own server, both versions, on the first M inputs.
  const started = performance.now();
  await Promise.all(
    ['base', head].map((variant) =>
      captureCorpus({
        opa,
        dir: join(dir, `server-${variant}`),
        family,
        variant,
        inputs: inputs.slice(0, baselineCount),
      }),
    ),
  );
  const serverSeconds = (performance.now() - started) / 1000;
  const serverRate = baselineCount / serverSeconds;

  // The replay in a process of its own, streaming the log OPA wrote: its peak RSS is its own.
  const run = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'scripts/lib/rego-replay-run.mjs'),
        join(ROOT, 'build'),
        enginePath,
        family,
        head,
        captured.consoleFile,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    ),
  );
  const rate = run.events / run.seconds;

  // The same replay through the command a user runs (dist/cli), its whole report written.
  const flags =
    spec.mapping.kind === 'field'
      ? ['--decision-field', spec.mapping.field]
      : spec.mapping.kind === 'deny-when-nonempty'
        ? ['--deny-when-nonempty']
        : [];
  const cliStarted = performance.now();
  const timed = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%M',
      process.execPath,
      join(ROOT, 'dist/cli/index.js'),
      'replay',
      '--base',
      join(ROOT, 'fixtures/rego', family, 'base'),
      '--head',
      join(ROOT, 'fixtures/rego', family, head),
      '--traffic',
      captured.consoleFile,
      '--decision-path',
      spec.decisionPath,
      ...flags,
      '--engine',
      enginePath,
      '--out',
      join(dir, 'cli-report.json'),
    ],
    { encoding: 'utf8' },
  );
  const cliSeconds = (performance.now() - cliStarted) / 1000;
  if (timed.status !== 0) throw new Error(`policy-replay replay failed: ${timed.stderr}`);
  const cliPeakKb = Number(timed.stderr.trim().split('\n').pop());
  console.log(
    `sample      ${run.events} decision events of ${family} (opa run --server, mask, nd_builtin_cache), base → ${head}, node ${process.version}`,
  );
  console.log(
    `replay      events/s ${Math.round(rate)}  wall ${run.seconds.toFixed(2)} s (engine start included)  ${JSON.stringify(run.counts)}, ${run.hits} answers from the projection cache`,
  );
  console.log(
    `peak RSS    replay ${Math.round(run.peakKb / 1024)} MB, engine ${Math.round(run.enginePeakKb / 1024)} MB`,
  );
  console.log(
    `opa-server  events/s ${Math.round(serverRate)}  (${baselineCount} inputs, base and ${head} each, one in flight per version, ${serverSeconds.toFixed(2)} s)`,
  );
  console.log(`ratio       replay ÷ opa-server ${(rate / serverRate).toFixed(1)}x`);
  const cliRate = run.events / cliSeconds;
  console.log(
    `cli replay  events/s ${Math.round(cliRate)}  wall ${cliSeconds.toFixed(2)} s (policy-replay replay, the whole report)  ratio ${(cliRate / serverRate).toFixed(1)}x, peak RSS ${Math.round(cliPeakKb / 1024)} MB (the command's process)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
