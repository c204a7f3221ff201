#!/usr/bin/env node
// Throughput of policy-replay-engine through its pipe: one process, a batch of N evaluations of a
// small HTTP API policy written to stdin as fast as the pipe takes them (waiting on 'drain'), the
// answers read as they come. Prints µs per evaluation and evaluations per second, for a decision
// without non-deterministic calls and for one that reads a recorded time.now_ns.
//
//   node scripts/bench-engine.mjs [N=100000]
import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const n = Number(process.argv[2] ?? 100000);
execFileSync(process.execPath, [join(root, 'scripts/ensure-engine.mjs')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});

const POLICY = `package bench

default allow := false

allow if "admin" in input.roles

allow if {
	input.method == "GET"
	input.path[0] in {"public", "docs"}
}

allow if {
	input.method in {"GET", "PUT"}
	input.path == ["users", input.user]
}

fresh if time.now_ns() < input.expires_ns
`;
const METHODS = ['GET', 'PUT', 'POST', 'DELETE'];
const input = (i) =>
  `{"method":"${METHODS[i % 4]}","path":["${['public', 'users', 'admin'][i % 3]}","u${i % 97}"],"user":"u${i % 89}","roles":${i % 50 === 0 ? '["admin"]' : '[]'},"expires_ns":${1764670000000000000 + (i % 2) * 2000000000}}`;

async function run(side, withCache) {
  const child = spawn(join(root, '.tools/bin/policy-replay-engine'), [], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  const answers = lines[Symbol.asyncIterator]();
  child.stdin.write(
    `${JSON.stringify({
      id: 0,
      op: 'load',
      policies: {
        allow: { modules: { 'bench.rego': POLICY }, decision: 'bench/allow' },
        fresh: { modules: { 'bench.rego': POLICY }, decision: 'bench/fresh' },
      },
    })}\n`,
  );
  const loaded = JSON.parse((await answers.next()).value);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));

  const cache = ',"nd_builtin_cache":{"time.now_ns":{"[]":1764670000123456789}}';
  const start = process.hrtime.bigint();
  const writer = (async () => {
    for (let i = 1; i <= n; i++) {
      const line = `{"id":${i},"op":"eval","side":"${side}","input":${input(i)}${withCache ? cache : ''}}\n`;
      if (!child.stdin.write(line)) await once(child.stdin, 'drain');
    }
    child.stdin.end();
  })();
  let allowed = 0;
  for (let i = 1; i <= n; i++) {
    const { value } = await answers.next();
    const r = JSON.parse(value);
    if (!r.ok || r.id !== i) throw new Error(`answer ${i}: ${value}`);
    if (r.result === true) allowed++;
  }
  await writer;
  const ns = Number(process.hrtime.bigint() - start);
  await once(child, 'exit');
  const us = ns / 1000 / n;
  console.log(
    `${side.padEnd(6)} ${withCache ? 'with nd_builtin_cache' : 'no cache             '}  ${n} evals  ${(ns / 1e9).toFixed(2)} s  ${us.toFixed(1)} µs/eval  ${Math.round(1e6 / us)} evals/s  (${allowed} true)`,
  );
}

await run('allow', false);
await run('fresh', true);
