/**
 * The released builds of policy-replay-engine (docs/releasing.md): the asset of each platform and
 * the SHA-256 its reproducible build has (scripts/engine-release.mjs, with the Go version named
 * here). The Action checks a downloaded engine against these before it runs it. `engine/release.json`
 * holds the same for the scripts; a test keeps the two equal and rebuilds the Linux asset to check
 * its digest.
 */
export const ENGINE_GO_VERSION = 'go1.26.8';

export const ENGINE_ASSETS: Readonly<Record<string, string>> = {
  'policy-replay-engine_linux_amd64': 'a3fb6cc187d86a4ed6237ecf1d5de76e6ed2f85cdcc16a0c12f983290a2de2c3',
  'policy-replay-engine_linux_arm64': '30c615c9eb1682fb7ae577658193f107e5580a2192c77626f1fd7e33663dbd60',
  'policy-replay-engine_darwin_amd64': 'c9a2d423faba5a656d9140f84beefd974c54c4aebc7e6cf0b7c1d235eefe8773',
  'policy-replay-engine_darwin_arm64': '2e415bc20b7d96a3966814ab752367eba7ece1dc47a5e306dd23331163c68358',
  'policy-replay-engine_windows_amd64.exe':
    '5dd7fb1488723475157e1bf917facadf61338e3c98d9b1afec243a7468b5c501',
};

/** The asset for Node's platform and arch; null where no engine is released. */
export function engineAsset(platform: NodeJS.Platform, arch: string): string | null {
  const goos = platform === 'win32' ? 'windows' : platform;
  const goarch = arch === 'x64' ? 'amd64' : arch;
  const name = `policy-replay-engine_${goos}_${goarch}${goos === 'windows' ? '.exe' : ''}`;
  return Object.hasOwn(ENGINE_ASSETS, name) ? name : null;
}
