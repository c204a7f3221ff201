import * as core from '@actions/core';
import * as tc from '@actions/tool-cache';
import { chmod, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { findOpaOnPath, OpaMissingError, OpaUnusableError, readOpaVersion } from './locate.js';
import { isCompatibleVersion, parseVersion } from './version.js';
import { sha256OfFile } from '../canonical/sha256.js';

export { DEFAULT_OPA_DOWNLOAD_URL } from './version.js';
const TOOL_NAME = 'opa';

export interface OpaInstallSettings {
  /** An explicit binary (input `opa-path`); used as is, whatever its version (a warning if it differs). */
  opaPath?: string | null;
  /** Exact release version, `x.y.z` (input `opa-version`). */
  opaVersion: string;
  /** Expected SHA-256 of the release binary, 64 hex (input `opa-sha256`). */
  opaSha256?: string | null;
  /** Base URL; the binary is fetched from `${downloadBaseUrl}/v${opaVersion}/${asset}`. */
  downloadBaseUrl: string;
  platform: NodeJS.Platform;
  /** Node's `process.arch` spelling: `x64`, `arm64`. */
  arch: string;
}

/** The runner-facing functions ensureOpa uses; injected so tests run without a runner. */
export interface OpaInstallDeps {
  downloadTool: (url: string) => Promise<string>;
  cacheFile: (
    sourceFile: string,
    targetFile: string,
    tool: string,
    version: string,
    arch?: string,
  ) => Promise<string>;
  find: (tool: string, version: string, arch?: string) => string;
  addPath: (dir: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
  env: NodeJS.ProcessEnv;
}

export type OpaInstallSource = 'opa-path' | 'path' | 'tool-cache' | 'download';

export interface InstalledOpa {
  path: string;
  version: string;
  source: OpaInstallSource;
}

/** The runner's OS/architecture has no OPA release binary. */
export class OpaUnsupportedPlatformError extends Error {
  readonly code = 'opa-unsupported-platform';
  constructor(
    readonly platform: string,
    readonly arch: string,
  ) {
    super(
      `OPA publishes no release binary for ${platform}/${arch}. Install OPA yourself in an earlier step and set the opa-path input.`,
    );
    this.name = 'OpaUnsupportedPlatformError';
  }
}

/** The requested version is not an exact release number, so there is no URL to fetch. */
export class OpaVersionError extends Error {
  readonly code = 'opa-version-invalid';
  constructor(readonly version: string) {
    super(`Invalid OPA version '${version}'. Expected an exact release such as 1.22.3.`);
    this.name = 'OpaVersionError';
  }
}

/** The binary or its `.sha256` file could not be downloaded. */
export class OpaDownloadError extends Error {
  readonly code = 'opa-download-failed';
  constructor(
    readonly url: string,
    message: string,
  ) {
    super(message);
    this.name = 'OpaDownloadError';
  }
}

/** The downloaded binary's SHA-256 is not the expected one. The file has been deleted unrun. */
export class OpaChecksumError extends Error {
  readonly code = 'opa-checksum-mismatch';
  constructor(
    readonly url: string,
    readonly expected: string,
    readonly actual: string,
    readonly expectedFrom: 'opa-sha256' | 'sha256-file',
  ) {
    const from = expectedFrom === 'opa-sha256' ? 'the opa-sha256 input' : `${url}.sha256`;
    super(
      `SHA-256 mismatch for ${url}: expected ${expected} (from ${from}), got ${actual}. The download was deleted without being run.`,
    );
    this.name = 'OpaChecksumError';
  }
}

const ASSETS: Record<string, string> = {
  'linux/x64': 'opa_linux_amd64_static',
  'linux/arm64': 'opa_linux_arm64_static',
  'darwin/x64': 'opa_darwin_amd64',
  'darwin/arm64': 'opa_darwin_arm64_static',
  'win32/x64': 'opa_windows_amd64.exe',
};

/** The release asset name OPA publishes for a Node platform/arch pair. */
export function opaAssetName(platform: NodeJS.Platform, arch: string): string {
  const asset = ASSETS[`${platform}/${arch}`];
  if (asset === undefined) throw new OpaUnsupportedPlatformError(platform, arch);
  return asset;
}

/** `${base}/v${version}/${asset}`, tolerating a trailing slash on the base. */
export function opaDownloadUrl(baseUrl: string, version: string, asset: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v${version}/${asset}`;
}

/** The hash in an OPA `.sha256` file: its first whitespace-separated token (`<hex>  <name>`). */
export function parseSha256File(text: string): string | null {
  const token = text.trim().split(/\s+/)[0] ?? '';
  return /^[0-9a-fA-F]{64}$/.test(token) ? token.toLowerCase() : null;
}

function binaryName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'opa.exe' : 'opa';
}

function httpStatusOf(error: unknown): number | null {
  const status = (error as { httpStatusCode?: unknown } | null)?.httpStatusCode;
  return typeof status === 'number' ? status : null;
}

async function download(deps: OpaInstallDeps, url: string, what: string): Promise<string> {
  try {
    return await deps.downloadTool(url);
  } catch (error) {
    const status = httpStatusOf(error);
    const cause = status !== null ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
    throw new OpaDownloadError(
      url,
      `Could not download ${what} from ${url} (${cause}). Check the opa-version and opa-download-url inputs, or install OPA in an earlier step and set opa-path.`,
    );
  }
}

function defaultDeps(): OpaInstallDeps {
  return {
    downloadTool: (url) => tc.downloadTool(url),
    cacheFile: (source, target, tool, version, arch) => tc.cacheFile(source, target, tool, version, arch),
    find: (tool, version, arch) => tc.find(tool, version, arch),
    addPath: (dir) => core.addPath(dir),
    info: (message) => core.info(message),
    warning: (message) => core.warning(message),
    env: process.env,
  };
}

/**
 * Makes an OPA binary available to the Action and returns it. In order:
 * 1. `opa-path`, when given: it must run; a version other than the requested major.minor is a
 *    warning, not an error (the user chose it explicitly).
 * 2. an `opa` on PATH whose version has the requested major.minor (see isCompatibleVersion) and,
 *    when `opa-sha256` is pinned, whose file has that hash.
 * 3. the tool cache (a binary cached by an earlier run, verified when it was cached; re-hashed
 *    against a pinned `opa-sha256`).
 * 4. the release binary for this OS/arch, verified against `opa-sha256` or the published
 *    `.sha256` file BEFORE it is made executable, run or cached; then cached and added to PATH.
 */
export async function ensureOpa(
  settings: OpaInstallSettings,
  overrides: Partial<OpaInstallDeps> = {},
): Promise<InstalledOpa> {
  const deps: OpaInstallDeps = { ...defaultDeps(), ...overrides };
  const wanted = settings.opaVersion.replace(/^v/, '');
  if (parseVersion(wanted) === null) {
    throw new OpaVersionError(settings.opaVersion);
  }
  const pinned = settings.opaSha256 ? settings.opaSha256.toLowerCase() : null;

  if (settings.opaPath) return useOpaPath(settings.opaPath, wanted, deps);

  const onPath = await findOpaOnPath(deps.env, settings.platform);
  if (onPath !== null) {
    const reuse = await reusableFromPath(onPath, wanted, pinned, deps);
    if (reuse !== null) {
      deps.info(`Using OPA ${reuse} found on PATH: ${onPath}`);
      return { path: onPath, version: reuse, source: 'path' };
    }
  }

  const asset = opaAssetName(settings.platform, settings.arch);
  const name = binaryName(settings.platform);

  const cached = await fromToolCache(settings.arch, wanted, pinned, name, deps);
  if (cached !== null) return cached;

  const url = opaDownloadUrl(settings.downloadBaseUrl, wanted, asset);
  deps.info(`Downloading OPA ${wanted} from ${url}`);
  const downloaded = await download(deps, url, `OPA ${wanted} (${asset})`);
  let cachedPath: string;
  let toolDir: string;
  try {
    const { expected, expectedFrom } = await expectedDigest(deps, url, pinned);
    const actual = await sha256OfFile(downloaded);
    if (actual !== expected) throw new OpaChecksumError(url, expected, actual, expectedFrom);

    // Verified: only now may the file become executable.
    await chmod(downloaded, 0o755);
    toolDir = await deps.cacheFile(downloaded, name, TOOL_NAME, wanted, settings.arch);
    cachedPath = join(toolDir, name);
    // The copy in the cache is what runs; make sure it is the verified file and not a leftover.
    const cachedHash = await sha256OfFile(cachedPath);
    if (cachedHash !== expected) {
      await rm(cachedPath, { force: true });
      throw new OpaChecksumError(url, expected, cachedHash, expectedFrom);
    }
    await chmod(cachedPath, 0o755);
  } finally {
    await rm(downloaded, { force: true });
  }

  const version = await readOpaVersion(cachedPath);
  if (version !== wanted) {
    deps.warning(`The OPA downloaded as ${wanted} from ${url} reports version ${version}.`);
  }
  deps.addPath(toolDir);
  deps.info(`Installed OPA ${version} at ${cachedPath}`);
  return { path: cachedPath, version, source: 'download' };
}

/** opa-path: the given binary, whatever its version (a different one is only a warning). */
async function useOpaPath(opaPath: string, wanted: string, deps: OpaInstallDeps): Promise<InstalledOpa> {
  const path = resolve(opaPath);
  let version: string;
  try {
    version = await readOpaVersion(path);
  } catch (error) {
    const detail = error instanceof OpaUnusableError ? error.detail : String(error);
    throw new OpaMissingError(
      `opa-path '${opaPath}' is not a usable OPA binary: ${detail}. Point opa-path at OPA ${wanted}, or remove it to let the Action download OPA.`,
      path,
    );
  }
  if (!isCompatibleVersion(version, wanted)) {
    deps.warning(`opa-path '${opaPath}' is OPA ${version}; this Action is tested with ${wanted}.`);
  }
  deps.info(`Using OPA ${version} from opa-path: ${path}`);
  return { path, version, source: 'opa-path' };
}

/** The tool cache's OPA when it matches a pinned digest; a stale entry is removed (null). */
async function fromToolCache(
  arch: OpaInstallSettings['arch'],
  wanted: string,
  pinned: string | null,
  name: string,
  deps: OpaInstallDeps,
): Promise<InstalledOpa | null> {
  const cachedDir = deps.find(TOOL_NAME, wanted, arch);
  if (!cachedDir) return null;
  const cached = join(cachedDir, name);
  const hashOk = pinned === null || (await sha256OfFile(cached).catch(() => null)) === pinned;
  if (hashOk) {
    const version = await readOpaVersion(cached);
    deps.addPath(cachedDir);
    deps.info(`Using OPA ${version} from the tool cache: ${cached}`);
    return { path: cached, version, source: 'tool-cache' };
  }
  deps.warning(`The cached OPA ${wanted} at ${cached} does not match opa-sha256; downloading it again.`);
  // tool-cache never overwrites a cached file, so the stale entry (and its completion marker) must go first.
  await rm(cachedDir, { recursive: true, force: true });
  await rm(`${cachedDir}.complete`, { force: true });
  return null;
}

/** The digest the download must have: the pinned one, else the published `.sha256` file's. */
async function expectedDigest(
  deps: OpaInstallDeps,
  url: string,
  pinned: string | null,
): Promise<{ expected: string; expectedFrom: 'opa-sha256' | 'sha256-file' }> {
  if (pinned !== null) return { expected: pinned, expectedFrom: 'opa-sha256' };
  const sumFile = await download(deps, `${url}.sha256`, 'the checksum file');
  let parsed: string | null;
  try {
    parsed = parseSha256File(await readFile(sumFile, 'utf8'));
  } finally {
    await rm(sumFile, { force: true });
  }
  if (parsed === null) {
    throw new OpaDownloadError(
      `${url}.sha256`,
      `${url}.sha256 does not start with a SHA-256 hex digest; refusing to use the download. Pin the digest with the opa-sha256 input.`,
    );
  }
  return { expected: parsed, expectedFrom: 'sha256-file' };
}

/** The version of the PATH binary when it can stand in for the requested one, else null (logged). */
async function reusableFromPath(
  path: string,
  wanted: string,
  pinned: string | null,
  deps: OpaInstallDeps,
): Promise<string | null> {
  let version: string;
  try {
    version = await readOpaVersion(path);
  } catch (error) {
    deps.info(`Ignoring ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (!isCompatibleVersion(version, wanted)) {
    deps.info(
      `Ignoring OPA ${version} on PATH (${path}): not compatible with ${wanted} (needs the same major.minor).`,
    );
    return null;
  }
  if (pinned !== null && (await sha256OfFile(path).catch(() => null)) !== pinned) {
    deps.info(`Ignoring OPA on PATH (${path}): its SHA-256 is not the pinned opa-sha256.`);
    return null;
  }
  return version;
}
