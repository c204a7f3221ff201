/**
 * The released builds of policy-replay-engine (docs/releasing.md): the asset of each platform and
 * the SHA-256 its reproducible build has (scripts/engine-release.mjs, with the Go version named
 * here). The Action checks a downloaded engine against these before it runs it. `engine/release.json`
 * holds the same for the scripts; a test keeps the two equal and rebuilds the Linux asset to check
 * its digest.
 */
export const ENGINE_GO_VERSION = 'go1.26.8';

export const ENGINE_ASSETS: Readonly<Record<string, string>> = {
  'policy-replay-engine_linux_amd64': 'fa73a102fff5dcc1611e4c963761caba16ed8a632077cc07466975e00370655c',
  'policy-replay-engine_linux_arm64': '96061603f68b0e42bce1017f31ae2744a35948ca0505d52114a08a70b41f8efd',
  'policy-replay-engine_darwin_amd64': '8bc59385ae6d8115a63646265d0399e84e8d79a7da6596cc6ccc920b1d7b1a18',
  'policy-replay-engine_darwin_arm64': '6e434069679a5c25f5b2f2cc0de7ebfabcd8fe947678b02be96420c0b14d8e71',
  'policy-replay-engine_windows_amd64.exe':
    '34d64e679617e2f27abc12185b07c98fc814e155917f08f2c43a870c5e57827c',
};

/** The asset for Node's platform and arch; null where no engine is released. */
export function engineAsset(platform: NodeJS.Platform, arch: string): string | null {
  const goos = platform === 'win32' ? 'windows' : platform;
  const goarch = arch === 'x64' ? 'amd64' : arch;
  const name = `policy-replay-engine_${goos}_${goarch}${goos === 'windows' ? '.exe' : ''}`;
  return Object.hasOwn(ENGINE_ASSETS, name) ? name : null;
}
