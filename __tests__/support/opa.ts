import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './files.js';

export { repoRoot };

/** The pinned OPA that `npm run opa` provides (tests never fall back to another one). */
export function testOpaPath(): string {
  const path = process.env.OPA_PATH ?? join(repoRoot, '.tools/bin/opa');
  if (!existsSync(path)) throw new Error(`OPA not found at ${path}: run \`npm run opa\` first`);
  return path;
}
