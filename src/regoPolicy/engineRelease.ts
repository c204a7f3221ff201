/**
 * The released builds of policy-replay-engine (docs/releasing.md): the asset of each platform and
 * the SHA-256 its reproducible build has (scripts/engine-release.mjs, with the Go version named
 * here). The Action checks a downloaded engine against these before it runs it. `engine/release.json`
 * holds the same for the scripts; a test keeps the two equal and rebuilds the Linux asset to check
 * its digest.
 */
export const ENGINE_GO_VERSION = 'go1.26.8';

export const ENGINE_ASSETS: Readonly<Record<string, string>> = {
  'policy-replay-engine_linux_amd64': '6788f70a3ae378237f99292b725aeac281856ac1b0e040523cb2cb2f99e3cfb7',
  'policy-replay-engine_linux_arm64': '9727dbf38a64cb567b5af54db30419e54b5339cd172957259f10d011b226976e',
  'policy-replay-engine_darwin_amd64': '52f81f0c160b800eb85c852cfb902621dc814ace57bf4713cd87f407021afdb9',
  'policy-replay-engine_darwin_arm64': '64a835f4c482521ceae0e714708cb813b2d8558495c48c4f2e2436710ba72169',
  'policy-replay-engine_windows_amd64.exe':
    'dcbfe2b5d36bb834f81dabe7bb800cac6bb03c0bc9bd85c1fc8ed6bd1ca4e685',
};

/** The asset for Node's platform and arch; null where no engine is released. */
export function engineAsset(platform: NodeJS.Platform, arch: string): string | null {
  const goos = platform === 'win32' ? 'windows' : platform;
  const goarch = arch === 'x64' ? 'amd64' : arch;
  const name = `policy-replay-engine_${goos}_${goarch}${goos === 'windows' ? '.exe' : ''}`;
  return Object.hasOwn(ENGINE_ASSETS, name) ? name : null;
}
