#!/usr/bin/env node
// Builds the committed bundles: tsc → build/, then @vercel/ncc → dist/index.js (the Action) and
// dist/cli/index.js (the CLI). `check-dist` fails when the committed dist/ differs from this.
// tsc only emits here (`--noCheck`, the same JavaScript in a third of the time): type errors are
// `npm run typecheck`'s, which `.ci/run` runs before `npm test`.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, readFileSync, writeFileSync, chmodSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStamp, STAMP } from './lib/build-stamp.mjs';
import { nccBuild } from './lib/ncc.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

rmSync(join(root, 'build'), { recursive: true, force: true });
rmSync(join(root, 'dist'), { recursive: true, force: true });
run(bin('tsc'), ['-p', 'tsconfig.build.json', '--noCheck']);
// Two processes side by side: the Action's bundle, about two thirds of the bundling, here; the
// CLI's and its worker's in a child (scripts/lib/ncc.mjs run as a script), so the build uses two
// cores for most of its time. Each bundle is what it would be alone: they share nothing.
// The replay's worker thread is one bundle, beside the CLI; the Action bundle finds it at
// cli/replay-worker/ (src/replay/workers/workerPool.ts).
const cliBundles = new Promise((done, fail) => {
  const child = spawn(
    process.execPath,
    [
      join(root, 'scripts/lib/ncc.mjs'),
      'build/cli/index.js=dist/cli',
      'build/replay/workers/worker.js=dist/cli/replay-worker',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  child.on('error', fail);
  child.on('close', (code, signal) =>
    code === 0 ? done() : fail(new Error(`bundling the CLI failed (${signal ?? `exit ${code}`})`)),
  );
});
const results = await Promise.allSettled([nccBuild(root, 'build/action/index.js', 'dist'), cliBundles]);
for (const result of results) if (result.status === 'rejected') throw result.reason;

// The CLI is an executable; ncc keeps the shebang only when it is the first line.
const cli = join(root, 'dist/cli/index.js');
let text = readFileSync(cli, 'utf8');
if (!text.startsWith('#!')) text = `#!/usr/bin/env node\n${text}`;
writeFileSync(cli, text);
chmodSync(cli, 0o755);
for (const file of ['dist/index.js', 'dist/cli/index.js', 'dist/cli/replay-worker/index.js'])
  if (!existsSync(join(root, file))) throw new Error(`${file} missing`);
// Each bundle must be one file: ncc writes a licenses.txt per chunk under the same name, so with a
// second chunk the committed notice would list only one chunk's packages (and which one may differ
// between machines).
for (const dir of ['dist', 'dist/cli', 'dist/cli/replay-worker']) {
  const extra = readdirSync(join(root, dir)).filter((name) => name.endsWith('.js') && name !== 'index.js');
  if (extra.length > 0) throw new Error(`${dir} has split chunks (${extra.join(', ')}); bundle one file`);
}

// What this build was made from and what it made (build/, git-ignored): the e2e tests rebuild
// when either changes (scripts/lib/build-stamp.mjs).
writeFileSync(join(root, STAMP), `${JSON.stringify(buildStamp(root))}\n`);
