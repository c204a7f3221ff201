#!/usr/bin/env node
// The release assets of policy-replay-engine (docs/releasing.md): one binary per platform the
// Action runs on, built reproducibly (CGO off, -trimpath, no VCS stamp, no build id) with the Go
// version engine/release.json pins, so the SHA-256 the Action checks before it runs a downloaded
// engine can be pinned in the sources before the release is built.
//
//   node scripts/engine-release.mjs build <dir> [platform...]   build into <dir>, print the digests
//   node scripts/engine-release.mjs check <dir> [platform...]   build, and fail unless every digest
//                                                               is the one engine/release.json pins
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RELEASE = JSON.parse(readFileSync(join(ROOT, 'engine/release.json'), 'utf8'));

export const PLATFORMS = ['linux_amd64', 'linux_arm64', 'darwin_amd64', 'darwin_arm64', 'windows_amd64'];

export const assetName = (platform) =>
  `policy-replay-engine_${platform}${platform.startsWith('windows_') ? '.exe' : ''}`;

function go() {
  const found = spawnSync('sh', ['-c', 'command -v go || ls /usr/local/go/bin/go 2>/dev/null'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (!found)
    throw new Error('go is needed to build the engine (install the version engine/release.json pins)');
  return found.split('\n')[0];
}

export function buildAsset(platform, dir) {
  const [goos, goarch] = platform.split('_');
  const out = join(resolve(dir), assetName(platform));
  const r = spawnSync(
    go(),
    ['build', '-trimpath', '-buildvcs=false', '-ldflags=-s -w -buildid=', '-o', out, '.'],
    {
      cwd: join(ROOT, 'engine'),
      env: { ...process.env, CGO_ENABLED: '0', GOOS: goos, GOARCH: goarch, GOFLAGS: '-mod=readonly' },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`go build for ${platform} failed: ${r.stderr}`);
  return { asset: assetName(platform), sha256: createHash('sha256').update(readFileSync(out)).digest('hex') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dir, ...only] = process.argv.slice(2);
  if (!['build', 'check'].includes(command) || !dir) {
    console.error('usage: engine-release.mjs build|check <dir> [platform...]');
    process.exit(2);
  }
  const version = spawnSync(go(), ['env', 'GOVERSION'], { encoding: 'utf8' }).stdout.trim();
  if (command === 'check' && version !== RELEASE.go) {
    console.error(`the pinned digests are of ${RELEASE.go}'s builds; this go is ${version}`);
    process.exit(1);
  }
  mkdirSync(dir, { recursive: true });
  const built = Object.fromEntries(
    (only.length > 0 ? only : PLATFORMS).map((p) => {
      const { asset, sha256 } = buildAsset(p, dir);
      return [asset, sha256];
    }),
  );
  console.log(JSON.stringify({ go: version, assets: built }, null, 2));
  if (command === 'check') {
    const wrong = Object.entries(built).filter(([asset, sha]) => RELEASE.assets[asset] !== sha);
    for (const [asset, sha] of wrong)
      console.error(`${asset}: built ${sha}, engine/release.json pins ${RELEASE.assets[asset] ?? 'nothing'}`);
    if (wrong.length > 0) process.exit(1);
  }
}
