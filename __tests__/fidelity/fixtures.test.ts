import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { FIDELITY_LEVELS } from '../../src/fidelity/analyze.js';
import {
  fidelityCommandResult,
  loadManifestsFromDirOrGlob,
  summarizeFidelity,
} from '../../src/fidelity/report.js';

const FIXTURES = 'fixtures/manifests';
const EXAMPLE = 'fixtures/example/traffic/sample.manifests';

const fixtureFiles = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => path.join(FIXTURES, name));
const prefixOf = (file: string) => path.basename(file).split('-')[0];

describe('fixtures/manifests: every fixture grades as its name says', () => {
  it('has a fixture for every level and for invalid manifests', () => {
    const prefixes = new Set(fixtureFiles.map(prefixOf));
    for (const expected of [...FIDELITY_LEVELS, 'invalid']) expect(prefixes).toContain(expected);
    for (const prefix of prefixes) expect([...FIDELITY_LEVELS, 'invalid']).toContain(prefix);
  });

  it('grades each valid fixture at the level its file name starts with, and lists each invalid one', async () => {
    const result = await fidelityCommandResult(fixtureFiles);
    const graded = new Map(result.reports.map((r) => [r.file, r.level]));
    const invalidFiles = new Set(result.invalid.map((p) => p.file));
    for (const file of fixtureFiles) {
      if (prefixOf(file) === 'invalid') {
        expect({ file, invalid: invalidFiles.has(file), graded: graded.get(file) }).toEqual({
          file,
          invalid: true,
          graded: undefined,
        });
      } else {
        expect({ file, level: graded.get(file) }).toEqual({ file, level: prefixOf(file) });
        expect(invalidFiles.has(file)).toBe(false);
      }
    }
    // Reports keep the input order.
    expect(result.reports.map((r) => r.file)).toEqual(fixtureFiles.filter((f) => prefixOf(f) !== 'invalid'));
  });

  it('keeps the named scenarios: hosted turn, hash-only prompt, live side effects, mapped trace', async () => {
    const result = await fidelityCommandResult(fixtureFiles);
    const byId = new Map(result.reports.map((r) => [r.id, r]));
    expect(byId.get('controlled-hosted-model-turn')?.missing_evidence).toEqual([
      {
        path: 'model.determinism.guaranteed',
        impact: 'prevents_exactness',
        reason: 'determinism not guaranteed (a seed is not a guarantee)',
      },
    ]);
    expect(byId.get('unreplayable-hash-only-prompt')?.missing_evidence).toContainEqual({
      path: 'model.input',
      impact: 'blocks_replay',
      reason: 'hash only',
    });
    expect(byId.get('unreplayable-live-side-effects')?.missing_evidence).toContainEqual({
      path: 'isolation.side_effects',
      impact: 'blocks_replay',
      reason: 'live side effects',
    });
    expect(byId.get('controlled-mapped-trace')?.missing_evidence).toEqual([
      {
        path: 'source.capture',
        impact: 'prevents_exactness',
        reason: 'mapped trace, not native runtime evidence',
      },
    ]);
    expect(byId.get('exact-native-deterministic')?.missing_evidence).toEqual([]);
  });
});

describe('the realistic example manifests', () => {
  it('holds turn-0000..turn-0039 in a realistic mix (31 controlled, 6 partial, 3 unreplayable of which 1 invalid)', async () => {
    const set = await loadManifestsFromDirOrGlob(EXAMPLE);
    const ids = [...set.reports.map((r) => r.id), ...set.invalidManifests.map((m) => m.id)].sort();
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => `turn-${String(i).padStart(4, '0')}`));
    const summary = summarizeFidelity(set, []);
    expect(summary).toMatchObject({
      manifests: 40,
      invalid: 1,
      levels: { exact: 0, controlled: 31, partial: 6, unreplayable: 3 },
      worst: 'unreplayable',
    });
    // Every sha256 the generator wrote on a value verifies with our JCS: the two agree.
    for (const report of set.reports) {
      expect(report.missing_evidence.filter((g) => g.reason.startsWith('sha256'))).toEqual([]);
    }
  });

  it('is reproduced byte for byte by scripts/generate-manifests.mjs', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'manifests-'));
    try {
      const run = spawnSync(process.execPath, ['scripts/generate-manifests.mjs', out], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      const committed = readdirSync(EXAMPLE).sort();
      expect(readdirSync(out).sort()).toEqual(committed);
      for (const name of committed) {
        expect(readFileSync(path.join(out, name), 'utf8')).toBe(
          readFileSync(path.join(EXAMPLE, name), 'utf8'),
        );
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
