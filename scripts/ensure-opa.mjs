#!/usr/bin/env node
// Makes the pinned OPA available at .tools/bin/opa for tests, the demo and the benchmark.
// An `opa` on PATH of the pinned version is linked; otherwise the pinned version is built with
// `go install` (the OPA release binaries cannot be downloaded on the development machines).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'src/opa/version.json'), 'utf8')).version;
const binDir = join(root, '.tools/bin');
const target = join(binDir, 'opa');

function versionOf(bin) {
  const r = spawnSync(bin, ['version'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const m = /^Version:\s*(\S+)/m.exec(r.stdout);
  return m ? m[1] : null;
}

if (existsSync(target) && versionOf(target) === pinned) {
  console.error(`opa ${pinned}: ${target}`);
  process.exit(0);
}
mkdirSync(binDir, { recursive: true });
rmSync(target, { force: true });

const onPath = spawnSync('sh', ['-c', 'command -v opa'], { encoding: 'utf8' }).stdout.trim();
if (onPath && versionOf(onPath) === pinned) {
  symlinkSync(onPath, target);
  console.error(`opa ${pinned}: linked ${onPath}`);
  process.exit(0);
}

const go = spawnSync('sh', ['-c', 'command -v go || ls /usr/local/go/bin/go'], {
  encoding: 'utf8',
}).stdout.trim();
if (!go) {
  console.error(
    `opa ${pinned} is needed. Put it on PATH (https://www.openpolicyagent.org/docs/latest/#running-opa) or install Go so this script can run: go install github.com/open-policy-agent/opa@v${pinned}`,
  );
  process.exit(3);
}
console.error(`building opa ${pinned} with go install (a few minutes, once)…`);
execFileSync(go.split('\n')[0], ['install', `github.com/open-policy-agent/opa@v${pinned}`], {
  stdio: 'inherit',
  env: { ...process.env, GOBIN: binDir },
});
const got = versionOf(target);
if (got !== pinned) {
  console.error(`go install produced opa ${got}, expected ${pinned}`);
  process.exit(3);
}
console.error(`opa ${pinned}: ${target}`);
