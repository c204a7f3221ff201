// Jest globalSetup of the e2e project (jest.config.js). Its suites run what `npm run build` makes:
// the bundles in dist/ and the compiled modules in build/. `npm test` and `npm run test:e2e` build
// first; a direct `npm run jest -- __tests__/e2e/…` after a change in src/ (or after
// `git checkout -- dist`) would test stale code, so when build/stamp.json does not name the current
// sources and outputs (scripts/lib/build-stamp.mjs), this builds, once, before the suites start.
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFromCurrentSources } from '../../scripts/lib/build-stamp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export default function builtSetup() {
  if (builtFromCurrentSources(root)) return;
  process.stderr.write('\ndist/ and build/ are not what the sources build: npm run build\n');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}
