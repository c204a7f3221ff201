#!/usr/bin/env node
// The import direction of src/: prints the folder-level import graph and fails when a folder
// imports one above it or when folders import each other in a cycle. The layers, top to bottom
// (a folder may import its own layer's neighbours only when no cycle results):
//
//   cli, action          entry points: arguments, inputs, the runner
//   github, render       GitHub I/O; markdown and text reports
//   gate                 the fail-on rules, shared by the CLI and the Action
//   replay               the replay, its report, drift and merge
//   fidelity             replay-runtime manifests and their grade
//   compile              policy text → Rego → wasm → loaded engine
//   traffic              traffic samples and records
//   engine, rego         opa-wasm and the reference evaluator; the Rego generator
//   policy               the policy document: schema, validation, fields
//   opa, git             the OPA and git binaries
//   document, time, canonical, text   positions and paths; RFC 3339 and zones; hashes and JCS;
//                        text safe for a runner's log (no workflow commands)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYERS = [
  ['cli', 'action'],
  ['github', 'render'],
  ['gate'],
  ['replay'],
  ['fidelity'],
  ['compile'],
  ['traffic'],
  ['engine', 'rego'],
  ['policy'],
  ['opa', 'git'],
  ['document', 'time', 'canonical', 'text'],
];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

function* sources(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

/** Folder of a file under src/ ('.' for src/ itself). */
function folderOf(file) {
  const rel = relative(src, file).split(sep);
  return rel.length === 1 ? '.' : rel[0];
}

const edges = new Map(); // from folder → Map(to folder → first importing file)
for (const file of sources(src)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
    const target = resolve(dirname(file), m[1]);
    if (!target.startsWith(src + sep)) continue;
    const from = folderOf(file);
    const to = folderOf(target);
    if (from === to || to === '.') continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, relative(root, file));
  }
}

const rankOf = new Map(LAYERS.flatMap((group, rank) => group.map((folder) => [folder, rank])));
const problems = [];
for (const folder of new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])) {
  if (folder !== '.' && !rankOf.has(folder))
    problems.push(`src/${folder}/ is in no layer of scripts/check-layers.mjs`);
}
for (const [from, targets] of edges) {
  for (const [to, file] of targets) {
    if (rankOf.get(to) < rankOf.get(from)) problems.push(`${from} → ${to} imports upward (${file})`);
  }
}

// Cycles (Tarjan's strongly connected components) over the folder graph.
let index = 0;
const stack = [];
const state = new Map();
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
    if (component.length > 1) problems.push(`import cycle between folders: ${component.sort().join(', ')}`);
  }
}
for (const v of [...edges.keys()].sort()) if (!state.has(v)) connect(v);

for (const group of LAYERS) {
  for (const folder of group) {
    const targets = [...(edges.get(folder)?.keys() ?? [])].sort();
    console.log(`${folder.padEnd(10)} → ${targets.length ? targets.join(', ') : '(nothing)'}`);
  }
}
if (problems.length > 0) {
  for (const p of problems) console.error(`layers: ${p}`);
  process.exit(1);
}
console.log('layers: no folder-level import cycle, no upward import');
