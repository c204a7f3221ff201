import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REASONS } from '../../src/fidelity/analyze.js';
import type { Gap } from '../../src/fidelity/analyze.js';
import { parseManifestText } from '../../src/fidelity/manifest.js';
import {
  gradeEntries,
  gradeManifestFiles,
  loadManifestsFromDirOrGlob,
  MAX_MANIFEST_FILE_BYTES,
  ManifestFileError,
  remedyFor,
  resolveManifestFiles,
  summarizeFidelity,
} from '../../src/fidelity/report.js';
import type { ManifestSet } from '../../src/fidelity/report.js';
import { exactManifest, hashed, withEdit } from './helpers.js';

/** A set built from manifests as text, as the loader would produce it. */
function setOf(...texts: Array<[file: string, text: string]>): ManifestSet {
  return gradeEntries(texts.flatMap(([file, text]) => parseManifestText(text, file)));
}
const json = (value: unknown) => JSON.stringify(value);

const controlled = (id: string) =>
  withEdit((m) => (m.model!.determinism = { guaranteed: false }), exactManifest(id));
const hashPrompt = (id: string) => withEdit((m) => (m.model!.input = hashed('p')), exactManifest(id));
const liveNetwork = (id: string) => withEdit((m) => (m.isolation!.network = 'live'), exactManifest(id));
const partial = (id: string) => withEdit((m) => delete m.isolation, exactManifest(id));

describe('summarizeFidelity', () => {
  const set = setOf(
    ['b.json', json(hashPrompt('turn-b'))],
    ['a.json', json(controlled('turn-a'))],
    ['c.json', json(hashPrompt('turn-c'))],
    ['d.json', json(liveNetwork('turn-d'))],
    ['e.json', json(partial('turn-e'))],
    ['x.json', json({ ...exactManifest('turn-x'), extra: 1 })],
    ['y.json', '{ not json'],
  );

  it('builds the fidelity section: counts, joined records, worst, grouped blocking gaps, reports by id', () => {
    const records = ['turn-a', 'turn-a', 'turn-b', 'turn-e', 'turn-x', 'turn-zzz', undefined, null, 'turn-d'];
    const summary = summarizeFidelity(set, records);
    expect(summary).toEqual({
      manifests: 7,
      invalid: 2,
      levels: { exact: 0, controlled: 1, partial: 1, unreplayable: 5 },
      records_by_level: { exact: 0, controlled: 2, partial: 1, unreplayable: 3, no_manifest: 3 },
      worst: 'unreplayable',
      blocking_gaps: [
        { path: 'isolation.network', reason: 'live network', manifests: 1 },
        { path: 'model.input', reason: 'hash only', manifests: 2 },
      ],
      reports: ['turn-a', 'turn-b', 'turn-c', 'turn-d', 'turn-e'].map((id) => ({
        id,
        level: expect.any(String),
        missing_evidence: expect.any(Array),
      })),
    });
    expect(Object.keys(summary)).toEqual([
      'manifests',
      'invalid',
      'levels',
      'records_by_level',
      'worst',
      'blocking_gaps',
      'reports',
    ]);
    expect(Object.keys(summary.reports[0]!)).toEqual(['id', 'level', 'missing_evidence']);
  });

  it('accepts record counts per manifest id as a map', () => {
    const counts = new Map<string | undefined, number>([
      ['turn-a', 2],
      ['turn-b', 1],
      ['turn-e', 1],
      ['turn-x', 1],
      ['turn-d', 1],
      ['turn-zzz', 1],
      [undefined, 2],
    ]);
    expect(summarizeFidelity(set, counts).records_by_level).toEqual(
      summarizeFidelity(set, [
        'turn-a',
        'turn-a',
        'turn-b',
        'turn-e',
        'turn-x',
        'turn-zzz',
        undefined,
        null,
        'turn-d',
      ]).records_by_level,
    );
  });

  it('joins records to the worse manifest when two share an id, and reports worst null with no manifests', () => {
    const twins = setOf(['1.json', json(controlled('same'))], ['2.json', json(partial('same'))]);
    expect(summarizeFidelity(twins, ['same']).records_by_level).toMatchObject({ partial: 1, controlled: 0 });
    const empty = summarizeFidelity(setOf(), ['r1', undefined]);
    expect(empty).toEqual({
      manifests: 0,
      invalid: 0,
      levels: { exact: 0, controlled: 0, partial: 0, unreplayable: 0 },
      records_by_level: { exact: 0, controlled: 0, partial: 0, unreplayable: 0, no_manifest: 2 },
      worst: null,
      blocking_gaps: [],
      reports: [],
    });
  });

  it('counts a blocking gap once per manifest', () => {
    const twice = withEdit((m) => {
      m.tools = {
        replay_mode: 'recorded_outputs',
        definitions: { state: 'absent' },
        ledger_complete: true,
        calls: [{ output: { state: 'unavailable' } }, { output: { state: 'unavailable' } }],
      };
    });
    const groups = summarizeFidelity(setOf(['t.json', json(twice)]), []).blocking_gaps;
    expect(groups).toEqual([
      { path: 'tools.calls[0].output', reason: 'not captured', manifests: 1 },
      { path: 'tools.calls[1].output', reason: 'not captured', manifests: 1 },
    ]);
  });
});

describe('loadManifestsFromDirOrGlob', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'manifests-'));
    writeFileSync(path.join(dir, 'b.json'), json(controlled('b')));
    writeFileSync(path.join(dir, 'a.jsonl'), `${json(controlled('a1'))}\n${json(partial('a2'))}\n`);
    writeFileSync(path.join(dir, 'README.md'), '# not a manifest');
    mkdirSync(path.join(dir, 'nested'));
    writeFileSync(path.join(dir, 'nested', 'c.json'), json(controlled('c')));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads a directory: its .json and .jsonl files, sorted by name, not recursive', async () => {
    const set = await loadManifestsFromDirOrGlob(dir);
    expect(set.files).toEqual([path.join(dir, 'a.jsonl'), path.join(dir, 'b.json')]);
    expect(set.reports.map((r) => r.id)).toEqual(['a1', 'a2', 'b']);
  });

  it('loads a glob, sorted by path', async () => {
    expect(await resolveManifestFiles(`${dir}/**/*.json`)).toEqual([`${dir}/b.json`, `${dir}/nested/c.json`]);
    expect(await resolveManifestFiles(`${dir}/*.json*`)).toEqual([`${dir}/a.jsonl`, `${dir}/b.json`]);
    expect(await resolveManifestFiles(`${dir}/nothing-*.json`)).toEqual([]);
  });

  it('loads a single file', async () => {
    expect((await loadManifestsFromDirOrGlob(path.join(dir, 'b.json'))).reports.map((r) => r.id)).toEqual([
      'b',
    ]);
  });

  it('refuses a file over the size limit before reading it, naming the limit and the way out', async () => {
    const big = path.join(dir, 'huge.jsonl');
    writeFileSync(big, '');
    truncateSync(big, MAX_MANIFEST_FILE_BYTES + 1); // sparse: nothing is written
    try {
      await expect(gradeManifestFiles([big])).rejects.toThrow(
        `${big}: 64.0 MiB, over the 64 MiB limit of one manifest file: split it into several files (a JSON Lines file can be cut between any two lines)`,
      );
      truncateSync(big, MAX_MANIFEST_FILE_BYTES);
      // At the limit the file is read (and its NUL bytes are one invalid manifest).
      const set = await gradeManifestFiles([big]);
      expect(set.invalidManifests).toHaveLength(1);
    } finally {
      rmSync(big);
    }
  });

  it('throws a typed error for a missing path', async () => {
    await expect(loadManifestsFromDirOrGlob(path.join(dir, 'missing'))).rejects.toBeInstanceOf(
      ManifestFileError,
    );
  });
});

describe('remedyFor', () => {
  it('has a specific remedy for every fixed reason', () => {
    const reasons = [...Object.values(REASONS), 'live network', 'live side effects'];
    for (const reason of reasons) {
      const gap: Gap = { path: 'model.input', impact: 'blocks_replay', reason };
      expect({ reason, remedy: remedyFor(gap) }).not.toEqual({
        reason,
        remedy: 'supply evidence for model.input',
      });
    }
    expect(
      remedyFor({ path: 'isolation.side_effects', impact: 'blocks_replay', reason: 'live side effects' }),
    ).toBe('replay with side effects isolated or stubbed');
  });
});
