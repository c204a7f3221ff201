import { describe, it, expect, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAsset } from '../../scripts/engine-release.mjs';
import { ENGINE_ASSETS, ENGINE_GO_VERSION, engineAsset } from '../../src/regoPolicy/engineRelease.js';
import { repoRoot, tempDir } from '../support/files.js';

/**
 * The engine's release assets (docs/releasing.md): the digests the Action checks a download against
 * are the ones the sources pin, for scripts and for the bundle alike, and a rebuild of the Linux
 * asset from these sources with the pinned Go has exactly that digest (the build is reproducible,
 * so the release workflow's build will match too).
 */
const scratch = tempDir('engine-release-');
afterAll(() => scratch.cleanup());

describe('the engine release', () => {
  it('pins the same digests and Go version for the scripts and the Action', () => {
    const release = JSON.parse(readFileSync(join(repoRoot, 'engine/release.json'), 'utf8')) as unknown;
    expect(release).toEqual({ go: ENGINE_GO_VERSION, assets: ENGINE_ASSETS });
    expect(engineAsset('linux', 'x64')).toBe('policy-replay-engine_linux_amd64');
    expect(engineAsset('win32', 'x64')).toBe('policy-replay-engine_windows_amd64.exe');
    expect(engineAsset('freebsd', 'x64')).toBeNull();
  });

  it('rebuilds the Linux asset with the digest the sources pin', () => {
    const go = execFileSync('sh', ['-c', 'command -v go || echo /usr/local/go/bin/go'], {
      encoding: 'utf8',
    }).trim();
    // The digests are of the pinned Go's builds: another Go is a different binary, not a failure of the build.
    expect(execFileSync(go, ['env', 'GOVERSION'], { encoding: 'utf8' }).trim()).toBe(ENGINE_GO_VERSION);
    const built = buildAsset('linux_amd64', scratch.dir);
    expect(built).toEqual({ asset: 'policy-replay-engine_linux_amd64', sha256: ENGINE_ASSETS[built.asset] });
  }, 600_000);
});
