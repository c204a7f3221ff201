import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Paths and scratch files, with nothing that needs OPA or another program: a unit suite may import
 * this module (jest.config.js sorts a suite into its project by what it imports).
 */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A temp directory removed by the returned `cleanup`. */
export function tempDir(prefix: string): {
  dir: string;
  file: (name: string) => string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file: (name) => join(dir, name),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Writes records (objects, or raw strings for malformed lines) as JSON Lines. */
export function writeJsonl(file: string, lines: ReadonlyArray<unknown>): string {
  writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}
