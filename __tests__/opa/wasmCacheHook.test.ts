/**
 * The tests' on-disk wasm cache must stay the tests' (docs/security.md, "Built policies are never
 * cached on disk"): no module of src/ installs a persistent cache, so neither the Action nor the
 * CLI ever reads a built policy from a folder a workflow step could have written.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../support/files.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the persistent wasm cache hook', () => {
  it('is named only where it is defined: no module of src/ installs a cache', () => {
    const naming = sources(join(repoRoot, 'src'))
      .filter((file) => readFileSync(file, 'utf8').includes('installWasmCacheForTests'))
      .map((file) => relative(repoRoot, file));
    expect(naming).toEqual(['src/opa/build.ts']);
  });
});
