import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Jest runs the TypeScript sources as native ESM (__tests__/support/transform.js); type checking is
 * `npm run typecheck`'s job.
 *
 * Four projects (docs/testing.md), each suite in exactly one, chosen by where it is and what it
 * imports, so a new test file lands in the right project without being listed here:
 *
 * - conformance: `__tests__/conformance/`, and property suites named `*Property.test.ts`;
 * - e2e: `__tests__/e2e/`, and any suite that reaches `__tests__/support/built.ts` or names a path
 *   in `dist/` in a string (the built `dist/` and `build/`, run as child processes; `npm test` and
 *   `npm run test:e2e` build first, and so does the project's globalSetup when they are stale);
 * - opa: any other suite that reaches `__tests__/support/opa.ts` (the pinned OPA binary: wasm
 *   builds, `opa eval`), names `.tools/bin/opa`, or starts programs: it (or a helper under
 *   `__tests__/` it imports) uses `node:child_process`, or it imports a module of `src/` that does
 *   (`src/opa/build.ts`, `src/opa/locate.ts`, `src/git/repository.ts`);
 * - unit: the rest: TypeScript only, no OPA, no dist/, no child process. Its setup file points
 *   OPA_PATH at nothing, so a unit suite that reaches OPA after all fails instead of passing slowly.
 *
 * "Reaches" follows the relative imports between files under `__tests__/` (helpers included).
 * Pure helpers (`__tests__/support/files.ts`: repoRoot, tempDir, writeJsonl) keep a suite unit.
 */
const root = dirname(fileURLToPath(import.meta.url));
const tests = join(root, '__tests__');

const IMPORT =
  /\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const OPA_MARKER = join(tests, 'support/opa.ts');
const BUILT_MARKERS = [join(tests, 'support/built.ts'), join(tests, 'e2e/harness.ts')];
const STARTS_PROCESSES = /['"](?:node:)?child_process['"]/;
// A path into the bundles in a string or template: `join(repoRoot, 'dist/cli/index.js')`.
const NAMES_DIST = /['"`](?:\.\/)?dist\//;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const traitsByFile = new Map();

/** What a file under __tests__, with the test modules it imports, needs: opa, built, processes. */
function traits(file) {
  const known = traitsByFile.get(file);
  if (known) return known;
  const found = new Set();
  traitsByFile.set(file, found); // a cycle adds nothing
  if (file === OPA_MARKER) found.add('opa');
  if (BUILT_MARKERS.includes(file)) found.add('built');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (text.includes('.tools/bin/opa')) found.add('opa');
  if (NAMES_DIST.test(text)) found.add('built');
  if (STARTS_PROCESSES.test(text)) found.add('processes');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
    if (target.startsWith(`${tests}/`)) {
      for (const t of traits(target)) found.add(t);
    } else if (existsSync(target) && STARTS_PROCESSES.test(readFileSync(target, 'utf8'))) {
      found.add('processes');
    }
  }
  return found;
}

function projectOf(file) {
  const rel = relative(tests, file);
  if (rel.startsWith('conformance/') || /Property\.test\.ts$/.test(rel)) return 'conformance';
  const t = traits(file);
  if (rel.startsWith('e2e/') || t.has('built')) return 'e2e';
  if (t.has('opa') || t.has('processes')) return 'opa';
  return 'unit';
}

const byProject = { unit: [], opa: [], e2e: [], conformance: [] };
for (const file of testFiles(tests)) byProject[projectOf(file)].push(file);

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // TypeScript's transpileModule, with the builtins each file names bound once (support/transform.js).
  transform: { '^.+\\.ts$': '<rootDir>/__tests__/support/transform.js' },
};
// Suites that build wasm share the built modules through .tools/wasm-cache/ (tests only: see
// installWasmCacheForTests in src/opa/build.ts).
const wasmCache = { setupFiles: ['<rootDir>/__tests__/support/wasmCache.ts'] };

const project = (name, extra = {}) => ({
  ...common,
  ...extra,
  displayName: name,
  // An empty list would fall back to jest's default pattern; a path that matches nothing instead.
  testMatch: byProject[name].length > 0 ? byProject[name] : ['<rootDir>/__tests__/none-in-this-project'],
});

export default {
  maxWorkers: 2,
  // Without timings (a fresh clone), the costliest project's suites start first.
  testSequencer: '<rootDir>/__tests__/support/sequencer.js',
  // Jest reads the timeout from the global config when there are projects: set here, not in them.
  testTimeout: 120000,
  projects: [
    project('unit', { setupFiles: ['<rootDir>/__tests__/support/unitSetup.ts'] }),
    project('opa', wasmCache),
    // Builds dist/ and build/ first unless they are what the sources build (support/builtSetup.js).
    project('e2e', { ...wasmCache, globalSetup: '<rootDir>/__tests__/support/builtSetup.js' }),
    project('conformance', wasmCache),
  ],
};
