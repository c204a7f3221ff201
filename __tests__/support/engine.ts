import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './files.js';

/**
 * Builds policy-replay-engine and its conformance runner when stale (scripts/ensure-engine.mjs,
 * keyed by a hash of engine/) and returns their paths.
 */
export function ensureEngine(): { engine: string; conformance: string } {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/ensure-engine.mjs')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 600_000,
  });
  return {
    engine: join(repoRoot, '.tools/bin/policy-replay-engine'),
    conformance: join(repoRoot, '.tools/bin/policy-replay-conformance'),
  };
}
