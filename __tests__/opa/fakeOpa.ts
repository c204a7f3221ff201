import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A stand-in for the OPA binary: a shell script that prints an `opa version` banner and, every
 * time it runs, appends to a marker file so tests can prove whether it was ever executed.
 */
export function fakeOpaScript(version: string, marker: string): string {
  const quoted = `'${marker.replace(/'/g, `'\\''`)}'`;
  return `#!/bin/sh\necho ran >> ${quoted}\necho "Version: ${version}"\necho "Rego Version: v1"\n`;
}

/** Writes an executable fake `opa` into `dir` and returns its path. */
export function writeFakeOpa(dir: string, version: string, marker: string, name = 'opa'): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, fakeOpaScript(version, marker));
  chmodSync(path, 0o755);
  return path;
}
