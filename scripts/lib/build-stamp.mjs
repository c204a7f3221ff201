// What `npm run build` was made from and what it made, as hashes: scripts/build.mjs writes them to
// build/stamp.json, and the e2e tests' globalSetup (__tests__/support/builtSetup.js) rebuilds when
// either no longer matches (a source changed, or dist/ was checked out or edited since), so the
// end-to-end suites never run stale bundles. Content, not times: `git checkout -- dist` gives an
// old bundle a new modification time.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SOURCES = ['src', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs', 'package-lock.json'];
const OUTPUTS = ['build', 'dist'];
export const STAMP = 'build/stamp.json';

function files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, join(path, name)));
}

function hashOf(root, paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((p) => files(root, p))) {
    if (file === STAMP) continue;
    hash
      .update(relative(root, join(root, file)))
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The current hashes of the build's inputs and outputs. */
export function buildStamp(root) {
  return { sources: hashOf(root, SOURCES), outputs: hashOf(root, OUTPUTS) };
}

/** Whether build/stamp.json names the current sources and outputs. */
export function builtFromCurrentSources(root) {
  const file = join(root, STAMP);
  if (!existsSync(file)) return false;
  const stamp = JSON.parse(readFileSync(file, 'utf8'));
  const now = buildStamp(root);
  return stamp.sources === now.sources && stamp.outputs === now.outputs;
}
