#!/usr/bin/env node
// Builds policy-replay-engine (engine/: OPA 1.22.3 linked as a library, docs/rego-engine.md) into
// .tools/bin/, with its conformance runner beside it, when they are missing or stale. Stale means
// the stamp beside the binary names another hash of engine/'s sources and Go version: the
// build is keyed by what goes into it, not by file times (a checkout changes those).
//
//   node scripts/ensure-engine.mjs        build if needed; prints the engine's path on stdout
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const engineDir = join(root, 'engine');
const binDir = join(root, '.tools/bin');
const targets = [
  { bin: join(binDir, 'policy-replay-engine'), pkg: '.' },
  { bin: join(binDir, 'policy-replay-conformance'), pkg: './cmd/conformance' },
];
const stampFile = join(binDir, 'policy-replay-engine.stamp');

const go = spawnSync('sh', ['-c', 'command -v go || ls /usr/local/go/bin/go 2>/dev/null'], {
  encoding: 'utf8',
})
  .stdout.trim()
  .split('\n')[0];
if (!go) {
  console.error(
    'policy-replay-engine is built from engine/ with Go, and no `go` was found on PATH or in /usr/local/go/bin. Install Go (https://go.dev/dl/, the version engine/go.mod names or newer) and run `npm run engine` again.',
  );
  process.exit(3);
}

/** Every file the build reads: go.mod, go.sum and the .go sources (tests excluded). */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      const built = /\.go$/.test(entry.name) && !/_test\.go$/.test(entry.name);
      return built || entry.name === 'go.mod' || entry.name === 'go.sum' ? [path] : [];
    });
}

const hash = createHash('sha256');
hash.update(execFileSync(go, ['version'], { encoding: 'utf8' }));
for (const file of sources(engineDir)) {
  hash.update(`${relative(engineDir, file)}\0`);
  hash.update(readFileSync(file));
  hash.update('\0');
}
const key = hash.digest('hex');

const fresh =
  targets.every((t) => existsSync(t.bin)) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8').trim() === key;
if (!fresh) {
  mkdirSync(binDir, { recursive: true });
  console.error('building policy-replay-engine with go build (about a minute the first time)…');
  for (const t of targets) {
    // Built beside the target and renamed: a concurrent reader never sees half a binary.
    const tmp = `${t.bin}.${process.pid}.tmp`;
    const r = spawnSync(go, ['build', '-trimpath', '-o', tmp, t.pkg], {
      cwd: engineDir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0) {
      rmSync(tmp, { force: true });
      console.error(`go build ${t.pkg} failed${r.error ? `: ${r.error.message}` : ''}`);
      process.exit(3);
    }
    renameSync(tmp, t.bin);
  }
  writeFileSync(stampFile, `${key}\n`);
}
console.error(`policy-replay-engine: ${targets[0].bin}`);
console.log(targets[0].bin);
