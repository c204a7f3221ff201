#!/usr/bin/env node
// Builds the committed bundles: tsc → build/, then @vercel/ncc → dist/index.js (the Action) and
// dist/cli/index.js (the CLI). `check-dist` fails when the committed dist/ differs from this.
// tsc only emits here (`--noCheck`, the same JavaScript in a third of the time): type errors are
// `npm run typecheck`'s, which `npm test` runs beside the build.
import { execFileSync } from 'node:child_process';
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
await nccBuild(root, 'build/action/index.js', 'dist');
await nccBuild(root, 'build/cli/index.js', 'dist/cli');
// The replay's worker thread is one bundle, beside the CLI; the Action bundle finds it at
// cli/replay-worker/ (src/replay/workers/workerPool.ts).
await nccBuild(root, 'build/replay/workers/worker.js', 'dist/cli/replay-worker');

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
