import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OpaTimeoutError, OpaToolchainError } from './errors.js';
import { extractFromTarGz } from './tar.js';

const run = promisify(execFile);

/** Builtins a replayed policy must never reach: network, runtime and the evaluator's clock. */
export const EXCLUDED_BUILTINS = ['http.send', 'net.lookup_ip_addr', 'opa.runtime', 'time.now_ns'] as const;

export interface RegoModule {
  /** File name inside the build, e.g. `policy.rego`. */
  name: string;
  source: string;
}

const capabilitiesByOpa = new Map<string, Promise<string>>();
const wasmByContent = new Map<string, Promise<Uint8Array>>();

/** `opa capabilities --current` minus the excluded builtins, once per OPA binary. */
export function restrictedCapabilities(opaPath: string): Promise<string> {
  let cached = capabilitiesByOpa.get(opaPath);
  if (!cached) {
    cached = (async () => {
      const { stdout } = await runOpa(opaPath, ['capabilities', '--current']);
      const capabilities = JSON.parse(stdout) as { builtins: { name: string }[] };
      capabilities.builtins = capabilities.builtins.filter(
        (b) => !(EXCLUDED_BUILTINS as readonly string[]).includes(b.name),
      );
      return JSON.stringify(capabilities);
    })();
    capabilitiesByOpa.set(opaPath, cached);
    cached.catch(() => capabilitiesByOpa.delete(opaPath));
  }
  return cached;
}

/** Default time limit of one `opa build` (docs/security.md "Limits"). */
export const DEFAULT_BUILD_TIMEOUT_MS = 60_000;

/**
 * A store of built modules that outlives the process, keyed like the in-memory cache below.
 *
 * For the test suites only (`__tests__/support/wasmCache.ts` installs one from jest's setupFiles,
 * so that each suite stops rebuilding what another suite built). The Action and the CLI never
 * install one, and must not: the key names what goes into `opa build`, not what comes out, so a
 * cache folder that an earlier workflow step can write (a pull request's checkout, a restored
 * actions/cache entry) would let that pull request swap the engine that gates it
 * (docs/security.md, "Built policies are never cached on disk").
 */
export interface PersistentWasmCache {
  /** The module stored under `key`, or undefined. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** Stores a module just built; several processes may write one key at once. */
  write(key: string, wasm: Uint8Array): Promise<void>;
}

let persistentCache: PersistentWasmCache | undefined;

/** Installs (or, with undefined, removes) the tests' on-disk cache: see PersistentWasmCache. */
export function installWasmCacheForTests(cache: PersistentWasmCache | undefined): void {
  persistentCache = cache;
}

const identityByOpa = new Map<string, Promise<string>>();

/**
 * The binary at `opaPath`, as far as a build can tell without hashing ~60 MB: its device, inode,
 * size and modification time (another binary at the same path, or the same binary through another
 * path, gets its own identity). Empty when it cannot be read: the build then fails on its own.
 */
function opaIdentity(opaPath: string): Promise<string> {
  let cached = identityByOpa.get(opaPath);
  if (!cached) {
    cached = stat(opaPath).then(
      (s) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}`,
      () => {
        identityByOpa.delete(opaPath); // asked again once a binary is there
        return '';
      },
    );
    identityByOpa.set(opaPath, cached);
  }
  return cached;
}

/**
 * The cache key of one build: the hash of everything that goes in (the OPA binary's identity, the
 * restricted capabilities it reports, the entrypoints, the modules' names and texts).
 */
export async function wasmBuildKey(
  opaPath: string,
  modules: RegoModule[],
  entrypoints: string[],
): Promise<string> {
  const [identity, capabilities] = await Promise.all([opaIdentity(opaPath), restrictedCapabilities(opaPath)]);
  const hash = createHash('sha256');
  hash.update('wasm-build-v2\0').update(identity).update('\0').update(capabilities).update('\0');
  for (const e of entrypoints) hash.update(e).update('\0');
  hash.update('\0');
  for (const m of modules) hash.update(m.name).update('\0').update(m.source).update('\0');
  return hash.digest('hex');
}

/**
 * Compiles modules to one WebAssembly module with `opa build -t wasm`. Results are cached by the
 * hash of everything that goes in (wasmBuildKey), so base and head of an unchanged policy compile
 * once per run. A build that runs past `timeoutMs` is killed (SIGKILL) and fails with
 * OpaTimeoutError.
 */
export async function buildWasm(
  opaPath: string,
  modules: RegoModule[],
  entrypoints: string[],
  timeoutMs = DEFAULT_BUILD_TIMEOUT_MS,
): Promise<Uint8Array> {
  const key = await wasmBuildKey(opaPath, modules, entrypoints);
  let cached = wasmByContent.get(key);
  if (!cached) {
    cached = buildOrRead(key, opaPath, modules, entrypoints, timeoutMs);
    wasmByContent.set(key, cached);
    cached.catch(() => wasmByContent.delete(key));
  }
  return cached;
}

async function buildOrRead(
  key: string,
  opaPath: string,
  modules: RegoModule[],
  entrypoints: string[],
  timeoutMs: number,
): Promise<Uint8Array> {
  const store = persistentCache;
  const stored = store ? await store.read(key) : undefined;
  if (stored !== undefined) return stored;
  const wasm = await buildUncached(opaPath, modules, entrypoints, timeoutMs);
  if (store) await store.write(key, wasm);
  return wasm;
}

async function buildUncached(
  opaPath: string,
  modules: RegoModule[],
  entrypoints: string[],
  timeoutMs: number,
): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'policy-replay-build-'));
  try {
    const capabilities = join(dir, 'capabilities.json');
    await writeFile(capabilities, await restrictedCapabilities(opaPath));
    const files: string[] = [];
    for (const [i, m] of modules.entries()) {
      const file = join(dir, `${String(i).padStart(4, '0')}-${m.name.replace(/[^A-Za-z0-9_.-]/g, '_')}`);
      await writeFile(file, m.source);
      files.push(file);
    }
    const bundle = join(dir, 'bundle.tar.gz');
    const args = ['build', '-t', 'wasm', '--capabilities', capabilities, '-o', bundle];
    for (const e of entrypoints) args.push('-e', e);
    await runOpa(opaPath, [...args, ...files], dir, undefined, timeoutMs);
    const wasm = extractFromTarGz(await readFile(bundle), '/policy.wasm');
    if (!wasm) throw new OpaToolchainError('opa build produced no policy.wasm');
    return wasm;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runOpa(
  opaPath: string,
  args: string[],
  cwd?: string,
  input?: string,
  timeoutMs?: number,
): Promise<{ stdout: string; stderr: string }> {
  try {
    const child = run(opaPath, args, {
      cwd,
      maxBuffer: 512 * 1024 * 1024,
      encoding: 'utf8',
      ...(timeoutMs !== undefined ? { timeout: timeoutMs, killSignal: 'SIGKILL' as const } : {}),
    });
    if (input !== undefined) {
      child.child.stdin?.end(input);
    }
    return await child;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string; stdout?: string; killed?: boolean };
    if (timeoutMs !== undefined && e.killed === true) throw new OpaTimeoutError(timeoutMs);
    if (e.code === 'ENOENT' || e.code === 'EACCES') {
      throw new OpaToolchainError(`cannot run opa at ${opaPath}: ${e.code}`);
    }
    const detail = (e.stderr || e.stdout || e.message || '').trim();
    throw new OpaToolchainError(
      `opa ${args[0]} failed: ${detail.split('\n').slice(0, 20).join('\n')}`,
      detail,
    );
  }
}
