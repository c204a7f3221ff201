import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The pinned OPA that `npm run opa` provides (tests never fall back to another one). */
export function testOpaPath(): string {
  const path = process.env.OPA_PATH ?? join(repoRoot, '.tools/bin/opa');
  if (!existsSync(path)) throw new Error(`OPA not found at ${path}: run \`npm run opa\` first`);
  return path;
}
