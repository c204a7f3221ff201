#!/usr/bin/env node
// Runs npm scripts side by side (`npm test`'s checks: type check, lint, layers, build), each one's
// output printed whole when it ends, so nothing interleaves. Exits 1 when any of them failed, after
// all have ended. On two cores this saves the time of the shorter checks; they share no output
// (tsc --noEmit writes nothing; eslint and prettier ignore build/ and dist/).
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs <npm script>...\n');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((done) => {
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
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
