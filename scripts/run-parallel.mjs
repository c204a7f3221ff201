#!/usr/bin/env node
// Runs lanes of npm scripts side by side (`npm test`'s checks: `build layers`), the scripts of one
// lane one after another (`a+b`: b once a is done). Each script's output is printed whole when it
// ends, so nothing interleaves. Exits 1 when a script failed (its lane stops), after every lane
// has ended.
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((lane) => lane.split('+'));
if (lanes.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs <script>[+<script>...]...\n');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function runScript(name) {
  return new Promise((done) => {
    const started = Date.now();
    const chunks = [];
    const child = spawn(npm, ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(
        `\n> npm run ${name}: ${ok ? 'ok' : `failed (${signal ?? code})`} in ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(chunks));
      done(ok);
    });
  });
}

async function runLane(names) {
  for (const name of names) if (!(await runScript(name))) return false;
  return true;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
