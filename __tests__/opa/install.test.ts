import { describe, it, expect, beforeAll, afterAll, beforeEach } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensureOpa,
  OpaChecksumError,
  OpaDownloadError,
  OpaUnsupportedPlatformError,
  OpaVersionError,
  opaAssetName,
  opaDownloadUrl,
  parseSha256File,
  type OpaInstallDeps,
  type OpaInstallSettings,
} from '../../src/opa/install.js';
import { OpaMissingError } from '../../src/opa/locate.js';
import { fakeOpaScript, writeFakeOpa } from './fakeOpa.js';

const ASSET = 'opa_linux_amd64_static';
const ASSET_PATH = `/v1.22.3/${ASSET}`;

let tmp: string;
let server: Server;
let baseUrl: string;
/** path → body served with 200; anything else is a 404. */
let routes: Map<string, string>;
let requests: string[];
let marker: string;
let runnerTemp: string;
let toolCache: string;
let binary: string;
let binarySha: string;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'install-'));
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = routes.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/download`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
});

let caseNo = 0;
beforeEach(() => {
  const dir = join(tmp, `case-${++caseNo}`);
  marker = join(dir, 'ran-marker');
  runnerTemp = join(dir, 'runner-temp');
  toolCache = join(dir, 'tool-cache');
  // @actions/tool-cache v4 reads these on every call (not at import), so setting them per test works.
  process.env.RUNNER_TEMP = runnerTemp;
  process.env.RUNNER_TOOL_CACHE = toolCache;
  binary = fakeOpaScript('1.22.3', marker);
  binarySha = sha256(binary);
  routes = new Map([
    [`/releases/download${ASSET_PATH}`, binary],
    [`/releases/download${ASSET_PATH}.sha256`, `${binarySha}  ${ASSET}\n`],
  ]);
  requests = [];
});

interface Log {
  added: string[];
  info: string[];
  warnings: string[];
}

function deps(log: Log, env: NodeJS.ProcessEnv = { PATH: '' }): Partial<OpaInstallDeps> {
  return {
    addPath: (dir) => log.added.push(dir),
    info: (m) => log.info.push(m),
    warning: (m) => log.warnings.push(m),
    env,
  };
}

const newLog = (): Log => ({ added: [], info: [], warnings: [] });

function settings(over: Partial<OpaInstallSettings> = {}): OpaInstallSettings {
  return { opaVersion: '1.22.3', downloadBaseUrl: baseUrl, platform: 'linux', arch: 'x64', ...over };
}

/** Every file left under RUNNER_TEMP (downloads must be cleaned up). */
function tempLeftovers(): string[] {
  return existsSync(runnerTemp) ? readdirSync(runnerTemp) : [];
}

describe('ensureOpa: download', () => {
  it('downloads, verifies against the published .sha256, caches and adds to PATH', async () => {
    const log = newLog();
    const got = await ensureOpa(settings(), deps(log));
    expect(got.source).toBe('download');
    expect(got.version).toBe('1.22.3');
    expect(got.path).toBe(join(toolCache, 'opa', '1.22.3', 'x64', 'opa'));
    expect(statSync(got.path).mode & 0o777).toBe(0o755);
    expect(log.added).toEqual([join(toolCache, 'opa', '1.22.3', 'x64')]);
    expect(requests).toEqual([`/releases/download${ASSET_PATH}`, `/releases/download${ASSET_PATH}.sha256`]);
    expect(existsSync(marker)).toBe(true); // run once verified, to read its version
    expect(tempLeftovers()).toEqual([]);
  });

  it('accepts a pinned opa-sha256 without fetching the .sha256 file', async () => {
    routes.delete(`/releases/download${ASSET_PATH}.sha256`);
    const log = newLog();
    const got = await ensureOpa(settings({ opaSha256: binarySha.toUpperCase() }), deps(log));
    expect(got.source).toBe('download');
    expect(requests).toEqual([`/releases/download${ASSET_PATH}`]);
  });

  it('tolerates a trailing slash on the download base URL', async () => {
    const got = await ensureOpa(settings({ downloadBaseUrl: `${baseUrl}/` }), deps(newLog()));
    expect(got.source).toBe('download');
  });

  it('fails on a mismatch with the .sha256 file, deletes the download and never runs it', async () => {
    routes.set(`/releases/download${ASSET_PATH}.sha256`, `${'0'.repeat(64)}  ${ASSET}\n`);
    const log = newLog();
    const err = await ensureOpa(settings(), deps(log)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaChecksumError);
    const e = err as OpaChecksumError;
    expect(e.expected).toBe('0'.repeat(64));
    expect(e.actual).toBe(binarySha);
    expect(e.expectedFrom).toBe('sha256-file');
    expect(e.message).toContain(`${baseUrl}${ASSET_PATH}.sha256`);
    expect(existsSync(marker)).toBe(false);
    expect(tempLeftovers()).toEqual([]);
    expect(existsSync(join(toolCache, 'opa'))).toBe(false);
    expect(log.added).toEqual([]);
  });

  it('fails on a mismatch with a pinned opa-sha256 even when the .sha256 file agrees with the download', async () => {
    const pinned = 'a'.repeat(64);
    const err = await ensureOpa(settings({ opaSha256: pinned }), deps(newLog())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaChecksumError);
    expect((err as OpaChecksumError).expectedFrom).toBe('opa-sha256');
    expect((err as Error).message).toContain('opa-sha256 input');
    expect(existsSync(marker)).toBe(false);
    expect(tempLeftovers()).toEqual([]);
    expect(existsSync(join(toolCache, 'opa'))).toBe(false);
  });

  it('rejects a .sha256 file that holds no digest', async () => {
    routes.set(`/releases/download${ASSET_PATH}.sha256`, '<html>error</html>');
    const err = await ensureOpa(settings(), deps(newLog())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaDownloadError);
    expect(existsSync(marker)).toBe(false);
    expect(tempLeftovers()).toEqual([]);
  });

  it('fails clearly on a 404 for the binary', async () => {
    const err = await ensureOpa(settings({ opaVersion: '1.22.4' }), deps(newLog())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaDownloadError);
    const e = err as OpaDownloadError;
    expect(e.url).toBe(`${baseUrl}/v1.22.4/${ASSET}`);
    expect(e.message).toContain('HTTP 404');
    expect(e.message).toContain('opa-download-url');
  });

  it('fails clearly on a 404 for the .sha256 file and deletes the unverified binary', async () => {
    routes.delete(`/releases/download${ASSET_PATH}.sha256`);
    const err = await ensureOpa(settings(), deps(newLog())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaDownloadError);
    expect((err as OpaDownloadError).url).toBe(`${baseUrl}${ASSET_PATH}.sha256`);
    expect(existsSync(marker)).toBe(false);
    expect(tempLeftovers()).toEqual([]);
  });

  it('reuses the tool cache on the next run without downloading', async () => {
    await ensureOpa(settings(), deps(newLog()));
    requests = [];
    const log = newLog();
    const got = await ensureOpa(settings(), deps(log));
    expect(got.source).toBe('tool-cache');
    expect(requests).toEqual([]);
    expect(log.added).toEqual([join(toolCache, 'opa', '1.22.3', 'x64')]);
  });

  it('replaces a cached binary that does not match a pinned opa-sha256', async () => {
    await ensureOpa(settings(), deps(newLog()));
    const otherMarker = `${marker}-other`;
    const other = fakeOpaScript('1.22.3', otherMarker);
    routes.set(`/releases/download${ASSET_PATH}`, other);
    requests = [];
    const log = newLog();
    const got = await ensureOpa(settings({ opaSha256: sha256(other) }), deps(log));
    expect(got.source).toBe('download');
    expect(requests).toEqual([`/releases/download${ASSET_PATH}`]);
    expect(log.warnings.join('\n')).toContain('does not match opa-sha256');
    expect(createHash('sha256').update(readFileSync(got.path)).digest('hex')).toBe(sha256(other));
    expect(existsSync(otherMarker)).toBe(true);
  });

  it('rejects a platform OPA publishes no binary for, before any request', async () => {
    const err = await ensureOpa(settings({ platform: 'win32', arch: 'arm64' }), deps(newLog())).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OpaUnsupportedPlatformError);
    expect((err as Error).message).toContain('opa-path');
    expect(requests).toEqual([]);
  });

  it('rejects a version that is not an exact release', async () => {
    await expect(ensureOpa(settings({ opaVersion: 'latest' }), deps(newLog()))).rejects.toBeInstanceOf(
      OpaVersionError,
    );
  });
});

describe('ensureOpa: existing binaries', () => {
  it('uses opa-path when given, without any download', async () => {
    const path = writeFakeOpa(join(tmp, `given-${caseNo}`), '1.22.3', marker);
    const log = newLog();
    const got = await ensureOpa(settings({ opaPath: path }), deps(log));
    expect(got).toEqual({ path, version: '1.22.3', source: 'opa-path' });
    expect(requests).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  it('warns but keeps an opa-path of another minor version', async () => {
    const path = writeFakeOpa(join(tmp, `given-${caseNo}`), '1.30.0', marker);
    const log = newLog();
    const got = await ensureOpa(settings({ opaPath: path }), deps(log));
    expect(got.version).toBe('1.30.0');
    expect(log.warnings).toHaveLength(1);
  });

  it('fails when opa-path does not run as OPA', async () => {
    const err = await ensureOpa(settings({ opaPath: join(tmp, 'missing-opa') }), deps(newLog())).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OpaMissingError);
    expect((err as Error).message).toMatch(
      /^opa-path '.*' is not a usable OPA binary: .*remove it to let the Action download OPA\.$/,
    );
    expect((err as Error).message).not.toContain('--opa');
    expect(requests).toEqual([]);
  });

  it('reuses a compatible opa on PATH', async () => {
    const dir = join(tmp, `path-${caseNo}`);
    writeFakeOpa(dir, '1.22.9', marker);
    const got = await ensureOpa(settings(), deps(newLog(), { PATH: dir }));
    expect(got).toEqual({ path: join(dir, 'opa'), version: '1.22.9', source: 'path' });
    expect(requests).toEqual([]);
  });

  it('downloads instead of using an incompatible opa on PATH', async () => {
    const dir = join(tmp, `path-${caseNo}`);
    writeFakeOpa(dir, '1.21.0', `${marker}-path`);
    const got = await ensureOpa(settings(), deps(newLog(), { PATH: dir }));
    expect(got.source).toBe('download');
  });

  it('downloads instead of using a PATH opa whose hash is not the pinned opa-sha256', async () => {
    const dir = join(tmp, `path-${caseNo}`);
    writeFakeOpa(dir, '1.22.3', `${marker}-path`);
    const got = await ensureOpa(settings({ opaSha256: binarySha }), deps(newLog(), { PATH: dir }));
    expect(got.source).toBe('download');
  });
});

describe('release asset helpers', () => {
  it('names the assets as OPA publishes them', () => {
    expect(opaAssetName('linux', 'x64')).toBe('opa_linux_amd64_static');
    expect(opaAssetName('linux', 'arm64')).toBe('opa_linux_arm64_static');
    expect(opaAssetName('darwin', 'x64')).toBe('opa_darwin_amd64');
    expect(opaAssetName('darwin', 'arm64')).toBe('opa_darwin_arm64_static');
    expect(opaAssetName('win32', 'x64')).toBe('opa_windows_amd64.exe');
    expect(() => opaAssetName('linux', 'ia32')).toThrow(OpaUnsupportedPlatformError);
  });

  it('builds the release URL', () => {
    expect(
      opaDownloadUrl('https://github.com/open-policy-agent/opa/releases/download', '1.22.3', ASSET),
    ).toBe(`https://github.com/open-policy-agent/opa/releases/download/v1.22.3/${ASSET}`);
    expect(opaDownloadUrl('https://mirror.example/opa//', '1.22.3', ASSET)).toBe(
      `https://mirror.example/opa/v1.22.3/${ASSET}`,
    );
  });

  it('takes the first token of a .sha256 file', () => {
    const hex = 'AB'.repeat(32);
    expect(parseSha256File(`${hex}  opa_linux_amd64_static\n`)).toBe(hex.toLowerCase());
    expect(parseSha256File(`${hex}\n`)).toBe(hex.toLowerCase());
    expect(parseSha256File('abc  opa')).toBeNull();
    expect(parseSha256File('')).toBeNull();
  });
});
