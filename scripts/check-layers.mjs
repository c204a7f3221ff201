#!/usr/bin/env node
// The import direction of src/: prints the folder-level import graph and fails when a folder
// imports one above it or when folders import each other in a cycle. The layers, top to bottom
// (a folder may import its own layer's neighbours only when no cycle results):
//
//   cli, action          entry points: arguments, inputs, the runner
//   github, render       GitHub I/O; markdown and text reports
//   gate                 the fail-on rules, shared by the CLI and the Action
//   replay, regoReplay   the replay, its report, drift and merge; the replay of a raw-Rego change
//   fidelity, coverage   replay-runtime manifests and their grade; the symbolic comparison of a
//                        policy pair (every kind of request it decides differently)
//   compile, regoPolicy  policy text → Rego → wasm → loaded engine; raw Rego policies: their
//                        bundles, the Go engine that evaluates them, their results compared
//   traffic              traffic samples and records
//   engine, rego         opa-wasm and the reference evaluator; the Rego generator
//   policy, unknowns     the policy document: schema, validation, fields; the unknowns model:
//                        reasons, pointers, what a pointer makes unknown, a record's unknown set,
//                        the static reading, the Rego's payload
//   opa, git             the OPA and git binaries
//   document, time, canonical, text   positions and paths; RFC 3339 and zones; hashes and JCS;
//                        text safe for a runner's log (no workflow commands)
//
// Inside a folder named in SUBLAYERS the same two rules hold between its sub-folders ('.' is the
// folder's own files). src/replay, top to bottom:
//
//   .                    the orchestration: replayTraffic and its aggregator, runReplay, drift,
//                        selection, limits
//   report               the report: its types and schema, change order and groups, merge
//   workers              the worker threads and the outcomes they send back
//   evaluate             one record through both sides, three-valued
//   decisionCache        the cached decisions
//
// The source root is src/ beside this script, or the first argument (the tests plant cycles in a
// temporary tree).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYERS = [
  ['cli', 'action'],
  ['github', 'render'],
  ['gate', 'acceptance'],
  ['replay', 'regoReplay'],
  ['fidelity', 'coverage'],
  ['compile', 'regoPolicy'],
  ['traffic'],
  ['engine', 'rego'],
  ['policy', 'unknowns'],
  ['opa', 'git'],
  ['document', 'time', 'canonical', 'text'],
];

/** The layers inside a folder, top to bottom; '.' is the folder's own files. */
export const SUBLAYERS = {
  replay: [['.'], ['report'], ['workers'], ['evaluate'], ['decisionCache']],
};

const root = process.argv[2]
  ? resolve(process.argv[2], '..')
  : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = process.argv[2] ? resolve(process.argv[2]) : join(root, 'src');

function* sources(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

/** Folder of a file under `base` ('.' for `base` itself), or null outside it. */
function folderOf(base, file) {
  if (!file.startsWith(base + sep)) return null;
  const rel = relative(base, file).split(sep);
  return rel.length === 1 ? '.' : rel[0];
}

/** Every relative import between files under src/: [importing file, imported file]. */
const imports = [];
for (const file of sources(src)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
    const target = resolve(dirname(file), m[1]);
    if (target.startsWith(src + sep)) imports.push([file, target]);
  }
}

/**
 * The folder-level graph under `base` (from folder → Map(to folder → first importing file)), with
 * the problems it has against `layers`. Imports of `base`'s own files ('.') count only when '.' is
 * in a layer.
 */
function checkGraph(base, layers, label) {
  const ranked = layers.some((group) => group.includes('.'));
  const edges = new Map();
  for (const [file, target] of imports) {
    const from = folderOf(base, file);
    const to = folderOf(base, target);
    if (from === null || to === null || from === to || (to === '.' && !ranked)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, relative(root, file));
  }
  const rankOf = new Map(layers.flatMap((group, rank) => group.map((folder) => [folder, rank])));
  const problems = [];
  for (const folder of new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])) {
    if (folder !== '.' && !rankOf.has(folder))
      problems.push(`${label}${folder}/ is in no layer of scripts/check-layers.mjs`);
  }
  for (const [from, targets] of edges) {
    for (const [to, file] of targets) {
      if (rankOf.get(to) < rankOf.get(from))
        problems.push(`${label}${from} → ${label}${to} imports upward (${file})`);
    }
  }
  for (const component of cycles(edges)) {
    problems.push(`import cycle between folders: ${component.map((f) => label + f).join(', ')}`);
  }
  return { edges, problems };
}

/** The strongly connected components of more than one folder (Tarjan), each sorted. */
function cycles(edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  function connect(v) {
    state.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!state.has(w)) {
        connect(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
    if (state.get(v).low === state.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  }
  for (const v of [...edges.keys()].sort()) if (!state.has(v)) connect(v);
  return found;
}

function print(layers, edges, label) {
  for (const group of layers) {
    for (const folder of group) {
      const targets = [...(edges.get(folder)?.keys() ?? [])].sort().map((t) => label + t);
      console.log(
        `${(label + folder).padEnd(label ? 22 : 10)} → ${targets.length ? targets.join(', ') : '(nothing)'}`,
      );
    }
  }
}

const top = checkGraph(src, LAYERS, '');
const problems = [...top.problems];
print(LAYERS, top.edges, '');
for (const [folder, layers] of Object.entries(SUBLAYERS)) {
  const sub = checkGraph(join(src, folder), layers, `${folder}/`);
  problems.push(...sub.problems);
  console.log('');
  print(layers, sub.edges, `${folder}/`);
}
if (problems.length > 0) {
  for (const p of problems) console.error(`layers: ${p}`);
  process.exit(1);
}
console.log(
  `layers: no folder-level import cycle, no upward import (also inside ${Object.keys(SUBLAYERS).join(', ')})`,
);
