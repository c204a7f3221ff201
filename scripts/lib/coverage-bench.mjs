/**
 * The coverage analysis's part of `npm run bench` (docs/performance.md, docs/coverage.md "Limits"):
 * `analyseCoverage` and the witnesses, in-process, from the tsc output of `npm run build`
 * (build/), on the bundled example pair under both shapes and on seeded generated pairs
 * (scripts/generate-policy-pair.mjs) under the CLI's default node budget. Each is timed `runs`
 * times after one untimed run of the example (the JIT warm), and the median printed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePolicyPair, policyPairYaml } from '../generate-policy-pair.mjs';

/** The horizon the CLI would take from the example sample's first record. */
const HORIZON_START = '2026-11-23T00:00:00Z';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function loadModules(build) {
  const file = (path) => join(build, path);
  if (!existsSync(file('coverage/analyse.js')))
    throw new Error(`${file('coverage/analyse.js')} not found (npm run build?)`);
  const load = (path) => import(pathToFileURL(file(path)).href);
  const [analyse, validate, section] = await Promise.all([
    load('coverage/analyse.js'),
    load('policy/validate.js'),
    load('replay/coverageSection.js'),
  ]);
  return { ...analyse, ...validate, ...section };
}

function policyOf(modules, text, name) {
  const result = modules.validatePolicyText(text, name, 'yaml');
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.errors)}`);
  return result.policy;
}

/** One analysis and its witnesses: what came out and how long each took. */
function analyseOnce(modules, pair, shape, maxNodes) {
  const options = { shape, horizon: { start: HORIZON_START, days: modules.HORIZON_DAYS }, maxNodes };
  const started = performance.now();
  const analysis = modules.analyseCoverage(pair.base, pair.head, options);
  const analysed = performance.now();
  const witnesses = modules.witnesses(analysis);
  const done = performance.now();
  return {
    mode: analysis.mode,
    reason: analysis.capped ?? analysis.notAnalysed.join('; '),
    kinds: analysis.kinds.length,
    allowed: analysis.kinds.filter((k) => k.direction === 'newly_allowed').length,
    witnesses: witnesses.length,
    nodes: analysis.nodes,
    analysisMs: analysed - started,
    witnessMs: done - analysed,
  };
}

function timed(modules, pair, shape, maxNodes, runs) {
  const results = Array.from({ length: runs }, () => analyseOnce(modules, pair, shape, maxNodes));
  const total = results.map((r) => r.analysisMs + r.witnessMs);
  const ms = median(total);
  const at = results[total.indexOf(ms)] ?? results[0];
  return { ...at, ms, min: Math.min(...total), max: Math.max(...total) };
}

function line(label, shape, r) {
  const kinds = `${r.kinds} kinds (${r.allowed} newly allowed), ${r.witnesses} witnesses`;
  const range = r.min === r.max ? '' : ` (${(r.min / 1000).toFixed(2)}–${(r.max / 1000).toFixed(2)} s)`;
  const why = r.mode === 'exact' ? '' : `: ${r.reason}`;
  return (
    `coverage    ${label} ${shape}: ${r.mode}${why}, ${kinds}, ${r.nodes} nodes, ` +
    `${(r.ms / 1000).toFixed(2)} s${range}, witnesses ${(r.witnessMs / 1000).toFixed(2)} s of it`
  );
}

/**
 * The coverage lines of the bench: the example under `mcp` and `any`, then each seed's generated
 * pair of `rules` rules under both shapes, with `maxNodes` (default: the CLI's).
 */
export async function benchCoverage({ root, build, runs, seeds, rules, maxNodes }) {
  const modules = await loadModules(build);
  const budget = maxNodes ?? modules.DEFAULT_MAX_COVERAGE_NODES;
  const example = {
    base: policyOf(
      modules,
      readFileSync(join(root, 'fixtures/example/policies/base.yaml'), 'utf8'),
      'base.yaml',
    ),
    head: policyOf(
      modules,
      readFileSync(join(root, 'fixtures/example/policies/head.yaml'), 'utf8'),
      'head.yaml',
    ),
  };
  analyseOnce(modules, example, 'mcp', budget);
  const lines = [
    `coverage    node budget ${budget} (--max-coverage-nodes), ${runs} run(s) each, median, load ${loadText()}`,
  ];
  for (const shape of ['mcp', 'any']) {
    lines.push(line('example', shape, timed(modules, example, shape, budget, runs)));
    console.error(lines[lines.length - 1]);
  }
  for (const seed of seeds) {
    const generated = generatePolicyPair({ seed, rules });
    const yaml = policyPairYaml(generated, seed);
    const pair = {
      base: policyOf(modules, yaml.base, 'base.yaml'),
      head: policyOf(modules, yaml.head, 'head.yaml'),
    };
    for (const shape of ['mcp', 'any']) {
      lines.push(line(`${rules} rules, seed ${seed}`, shape, timed(modules, pair, shape, budget, runs)));
      console.error(lines[lines.length - 1]);
    }
  }
  lines.push(`coverage    load after ${loadText()}`);
  return lines;
}

/** The 1-minute load average (the machine is shared: the figures move with it). */
const loadText = () => loadavg()[0].toFixed(2);
