#!/usr/bin/env node
/**
 * The raw-Rego replay's speed (docs/rego.md "Speed"): a family of the Rego corpus
 * (fixtures/rego) replayed base → head on decision logs a real `opa run --server` wrote for it,
 * against OPA's own server answering the same inputs for both versions, in the same run.
 *
 *   node scripts/bench-rego.mjs [--family httpapi|envoy|admission] [--events N] [--head H] [--baseline M]
 *
 * The replay is the core of docs/rego.md, in-process from build/ (`npm run build`): each event
 * read exactly, both sides evaluated by policy-replay-engine in one request (pipelined, as the
 * replay sends them), classified. OPA's server: the first M inputs posted to the base's and the head's decision
 * path (keep-alive, one in flight per version). Peak RSS: this process's and the engine's VmHWM.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { captureCorpus, corpusInputs, CORPUS, FAMILIES } from './lib/rego-corpus.mjs';

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

const load = (path) => import(pathToFileURL(join(ROOT, 'build', path)).href);
const [
  { EngineProcess },
  { readRegoPolicy },
  { parseRegoEvent },
  { evaluateSides, AnswerCache },
  { classifyPair },
] = await Promise.all([
  load('regoPolicy/engineProcess.js'),
  load('regoPolicy/readRegoPolicy.js'),
  load('regoPolicy/regoEvent.js'),
  load('regoPolicy/sideEvaluation.js'),
  load('regoPolicy/classify.js'),
]);
execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-opa.mjs')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const enginePath = execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-engine.mjs')], {
  encoding: 'utf8',
}).trim();
const opa = join(ROOT, '.tools/bin/opa');

const peakKb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
};

const dir = mkdtempSync(join(tmpdir(), 'bench-rego-'));
try {
  const inputs = corpusInputs(family, count, { seed: 11 });
  process.stderr.write(`capturing ${count} decision events of ${family}/base from opa run --server…\n`);
  const captured = await captureCorpus({ opa, dir: join(dir, 'base'), family, inputs });
  const lines = captured.lines;

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

  const side = async (variant) => {
    const read = await readRegoPolicy(join(CORPUS, family, variant));
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    return { modules: read.bundle.modules, data: read.bundle.data, decision: spec.decisionPath };
  };
  const mapping =
    spec.mapping.kind === 'field' ? { kind: 'field', path: [spec.mapping.field] } : spec.mapping;
  const replayStarted = performance.now();
  const engine = await EngineProcess.start(enginePath, { base: await side('base'), head: await side(head) });
  const sides = [
    { name: 'base', reads: await engine.reads('base') },
    { name: 'head', reads: await engine.reads('head') },
  ];
  const counts = { changed: 0, unchanged: 0, unevaluable: 0, malformed: 0 };
  const cache = new AnswerCache();
  const CHUNK = 2000;
  for (let at = 0; at < lines.length; at += CHUNK) {
    await Promise.all(
      lines.slice(at, at + CHUNK).map(async (line) => {
        const parsed = parseRegoEvent(line);
        if (!parsed.ok) return void counts.malformed++;
        const [b, h] = await evaluateSides(engine, sides, parsed.event, cache);
        counts[classifyPair(mapping, b.evaluation, h.evaluation).kind]++;
      }),
    );
  }
  const replaySeconds = (performance.now() - replayStarted) / 1000;
  // @ts-expect-error: the child process is private to the client; the bench reads its peak RSS.
  const enginePeak = peakKb(engine.child.pid);
  await engine.close();
  const rate = lines.length / replaySeconds;
  console.log(
    `sample      ${lines.length} decision events of ${family} (opa run --server, mask, nd_builtin_cache), base → ${head}, node ${process.version}`,
  );
  console.log(
    `replay      events/s ${Math.round(rate)}  wall ${replaySeconds.toFixed(2)} s  ${JSON.stringify(counts)}, ${cache.hits} answers from the projection cache`,
  );
  console.log(
    `peak RSS    node ${Math.round(peakKb(process.pid) / 1024)} MB, engine ${Math.round(enginePeak / 1024)} MB`,
  );
  console.log(
    `opa-server  events/s ${Math.round(serverRate)}  (${baselineCount} inputs, base and ${head} each, one in flight per version, ${serverSeconds.toFixed(2)} s)`,
  );
  console.log(`ratio       replay ÷ opa-server ${(rate / serverRate).toFixed(1)}x`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
