// Jest globalSetup of the e2e project (jest.config.js). Its suites run what `npm run build` makes:
// the committed bundles in dist/ and the compiled modules in build/. `npm test` and
// `npm run test:e2e` build first; a direct `npm run jest -- __tests__/e2e/…` after a change in src/
// would test stale code, so when any output is missing or older than the newest source, this builds
// (once, before the suites start).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['src', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs', 'package-lock.json'];
const OUTPUTS = [
  'build/cli/index.js',
  'build/replay/worker.js',
  'dist/index.js',
  'dist/cli/index.js',
  'dist/cli/replay-worker/index.js',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export default function builtSetup() {
  const source = Math.max(...SOURCES.map((p) => newest(join(root, p))));
  const stale = OUTPUTS.filter((p) => !existsSync(join(root, p)) || statSync(join(root, p)).mtimeMs < source);
  if (stale.length === 0) return;
  process.stderr.write(`\n${stale.join(', ')} missing or older than the sources: npm run build\n`);
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}
