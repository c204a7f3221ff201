/** Types of engine-release.mjs for the tests that import it. */
export declare const PLATFORMS: readonly string[];
export declare function assetName(platform: string): string;
export declare function buildAsset(platform: string, dir: string): { asset: string; sha256: string };
