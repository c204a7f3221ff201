/**
 * OPA's conformance suite (v1/test/cases/testdata/v1 of the pinned OPA module, and its v0 copy) through
 * policy-replay-engine's request path (engine/cmd/conformance). The failing cases must be exactly
 * the allow-list's, each with its reason: a new failure, or an allowed one that now passes, fails.
 */
import { describe, it, expect } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureEngine } from '../support/engine.js';
import { repoRoot } from '../support/files.js';

const ALLOWLIST = join(repoRoot, 'engine/cmd/conformance/allowlist.json');

interface Summary {
  opa: string;
  total: number;
  passed: number;
  pass_rate: number;
  failures: Array<{ note: string; file: string; reason: string }>;
  unexpected_failures?: string[];
  allowed_but_passing?: string[];
}

describe('OPA conformance through the engine', () => {
  // OPA keeps the suite in Rego v1 and, for v0 policies, a v0 copy; the same case fails in both.
  it.each(['v1', 'v0'])(
    'passes at least 99%% of the %s cases, failing exactly the allow-listed ones',
    (version) => {
      const { conformance } = ensureEngine();
      const out = execFileSync(conformance, ['-rego-version', version, '-allowlist', ALLOWLIST], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      });
      const summary = JSON.parse(out) as Summary;
      const allowed = JSON.parse(readFileSync(ALLOWLIST, 'utf8')) as Record<string, string>;

      expect(summary.opa).toBe('1.22.3');
      expect(summary.total).toBeGreaterThan(2000);
      expect(summary.pass_rate).toBeGreaterThanOrEqual(0.99);
      expect(summary.unexpected_failures ?? []).toEqual([]);
      expect(summary.allowed_but_passing ?? []).toEqual([]);
      expect(summary.failures.map((f) => f.note).sort()).toEqual(Object.keys(allowed).sort());
      for (const reason of Object.values(allowed)) expect(reason.length).toBeGreaterThan(20);
    },
    600_000,
  );
});
