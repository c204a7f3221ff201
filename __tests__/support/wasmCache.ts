import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installWasmCacheForTests } from '../../src/opa/build.js';
import { repoRoot } from './files.js';

/**
 * Jest setupFiles of the suites that build wasm (jest.config.js): `opa build` results on disk,
 * under `.tools/wasm-cache/` (git-ignored), keyed by wasmBuildKey (the OPA binary's identity, its
 * restricted capabilities, the entrypoints and the modules), so a module one suite built is read,
 * not rebuilt, by every other suite and every later run. `rm -rf .tools/wasm-cache` for a fresh
 * clone's timings; POLICY_REPLAY_WASM_CACHE=off turns it off, any other value moves it.
 *
 * Tests only: the Action and the CLI never install a cache (docs/security.md).
 */
const setting = process.env.POLICY_REPLAY_WASM_CACHE;
// The runtime's WebAssembly (the project's type libraries do not declare it).
const wasmApi = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } })
  .WebAssembly;
const dir = setting && setting !== 'off' ? setting : join(repoRoot, '.tools/wasm-cache');

if (setting !== 'off') {
  installWasmCacheForTests({
    async read(key) {
      try {
        const wasm = new Uint8Array(await readFile(join(dir, `${key}.wasm`)));
        // A file damaged outside the tests (a full disk, an edit) is a miss: the build rewrites it.
        return wasmApi.validate(wasm) ? wasm : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(key, wasm) {
      // Jest workers build in parallel: write a private file, then rename it into place (atomic on
      // one file system), so no reader ever sees half a module.
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `${key}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, wasm);
        await rename(temp, join(dir, `${key}.wasm`));
      } finally {
        await rm(temp, { force: true });
      }
    },
  });
}
