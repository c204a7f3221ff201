/**
 * The released builds of policy-replay-engine (docs/releasing.md): the asset of each platform and
 * the SHA-256 its reproducible build has (scripts/engine-release.mjs, with the Go version named
 * here). The Action checks a downloaded engine against these before it runs it. `engine/release.json`
 * holds the same for the scripts; a test keeps the two equal and rebuilds the Linux asset to check
 * its digest.
 */
export const ENGINE_GO_VERSION = 'go1.26.8';

export const ENGINE_ASSETS: Readonly<Record<string, string>> = {
  'policy-replay-engine_linux_amd64': 'adb0b472d48f254effbc997b0905d3021befb3d3300fbcf287feab779a6b36ae',
  'policy-replay-engine_linux_arm64': '35947a06ba28177e1de33d4b46bb95e56fcd719cc86b054aa054294d427fa051',
  'policy-replay-engine_darwin_amd64': 'e1b632d00e3c9f1b9c2dbd6d89c1e71b0efe52724769ab93356894ceeef8cf02',
  'policy-replay-engine_darwin_arm64': '79103547b75192b9d8dcc0e10cef1c88919fe0644a3ca6659d341e469d2292b7',
  'policy-replay-engine_windows_amd64.exe':
    '70b2564cbf4c44ca6292a37df3a32f66b1deda1304ce6614f70964543b57d01f',
};

/** The asset for Node's platform and arch; null where no engine is released. */
export function engineAsset(platform: NodeJS.Platform, arch: string): string | null {
  const goos = platform === 'win32' ? 'windows' : platform;
  const goarch = arch === 'x64' ? 'amd64' : arch;
  const name = `policy-replay-engine_${goos}_${goarch}${goos === 'windows' ? '.exe' : ''}`;
  return Object.hasOwn(ENGINE_ASSETS, name) ? name : null;
}
