/**
 * The raw-Rego replay core as a process of its own, for scripts/bench-rego.mjs: streams an OPA
 * console decision log (one event per line; other lines skipped), evaluates each event's base and
 * head through policy-replay-engine, pipelined as the command does, classifies, and prints one
 * JSON line: events, seconds, the classes, the projection cache's hits and the peak RSS of this
 * process and of the engine (VmHWM, Linux).
 *
 *   node scripts/lib/rego-replay-run.mjs <build dir> <engine> <corpus family> <head> <console log>
 */
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { CORPUS, FAMILIES } from './rego-corpus.mjs';

const [build, enginePath, family, head, logFile] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(build, path)).href);
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
const spec = FAMILIES[family];
const peakKb = (pid) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const side = async (variant) => {
  const read = await readRegoPolicy(join(CORPUS, family, variant));
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return { modules: read.bundle.modules, data: read.bundle.data, decision: spec.decisionPath };
};
const mapping = spec.mapping.kind === 'field' ? { kind: 'field', path: [spec.mapping.field] } : spec.mapping;

const started = performance.now();
const engine = await EngineProcess.start(enginePath, { base: await side('base'), head: await side(head) });
const sides = [
  { name: 'base', reads: await engine.reads('base') },
  { name: 'head', reads: await engine.reads('head') },
];
const counts = { changed: 0, unchanged: 0, unevaluable: 0, malformed: 0 };
const cache = new AnswerCache();
const one = async (line) => {
  const parsed = parseRegoEvent(line);
  if (!parsed.ok) return void counts.malformed++;
  const [b, h] = await evaluateSides(engine, sides, parsed.event, cache);
  counts[classifyPair(mapping, b.evaluation, h.evaluation).kind]++;
};
// As the command keeps its evaluations in flight (src/regoReplay/regoRun.ts): at most 1,024, the
// oldest awaited down to half, so the engine never waits for a whole batch to be read.
let events = 0;
const queue = [];
for await (const line of createInterface({ input: createReadStream(logFile), crlfDelay: Infinity })) {
  if (!line.includes('"decision_id"')) continue;
  events++;
  queue.push(one(line));
  if (queue.length >= 1024) while (queue.length > 512) await queue.shift();
}
await Promise.all(queue);
const seconds = (performance.now() - started) / 1000;
// @ts-expect-error: the client's process is private; the bench reads its peak RSS.
const enginePeak = peakKb(engine.child.pid);
await engine.close();
console.log(
  JSON.stringify({
    events,
    seconds,
    counts,
    hits: cache.hits,
    peakKb: peakKb(process.pid),
    enginePeakKb: enginePeak,
  }),
);
