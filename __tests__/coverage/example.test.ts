import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { analyseCoverage, witnesses, type CoverageAnalysis } from '../../src/coverage/analyse.js';
import { sampleCoverage } from '../../src/coverage/covered.js';
import type { Kind } from '../../src/coverage/kinds.js';
import { evaluateReference } from '../../src/engine/reference.js';
import type { Policy } from '../../src/policy/schema.js';
import { repoRoot } from '../support/files.js';
import { examplePolicy, options, policyOf } from './helpers.js';

/**
 * The bundled example (fixtures/example): the kinds of request its edit changes, their witnesses,
 * which of them the sample covers, and the blind spot the analysis exists for — a head that also
 * allows delete_file replays exactly like the real head on the sample, yet has a newly allowed
 * kind of its own that no sample record falls in.
 */
interface SampleRecord {
  request_id: string;
  occurred_at?: string;
  input: unknown;
  unavailable?: unknown[];
  unknown_paths?: unknown[];
  unpaired?: unknown;
}

const sample: SampleRecord[] = gunzipSync(readFileSync(join(repoRoot, 'fixtures/example/traffic/sample.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as SampleRecord);

/** Complete records only: a record with unknowns covers a kind only when every completion does. */
const complete = sample.filter(
  (r) => (r.unavailable ?? []).length === 0 && (r.unknown_paths ?? []).length === 0 && r.unpaired === undefined,
);

/** The horizon starts at the sample's first record. */
const start = complete.map((r) => r.occurred_at!).sort()[0]!;

function analyse(base: Policy, head: Policy, shape: 'mcp' | 'any'): CoverageAnalysis {
  return analyseCoverage(base, head, { ...options(shape), horizon: { start, days: 366 } });
}

function count(kinds: readonly Kind[]): { newly_allowed: number; newly_denied: number } {
  return {
    newly_allowed: kinds.filter((k) => k.direction === 'newly_allowed').length,
    newly_denied: kinds.filter((k) => k.direction === 'newly_denied').length,
  };
}

/** Sample records per kind key (complete records of the space's shape). */
function coveredBy(analysis: CoverageAnalysis): { covered: Map<string, number>; outsideShape: number } {
  const records = sample.map((r) => ({
    request_id: r.request_id,
    input: r.input,
    complete: (r.unavailable ?? []).length === 0 && (r.unknown_paths ?? []).length === 0 && r.unpaired === undefined,
  }));
  const result = sampleCoverage(analysis, records);
  expect(result.partial).toBe(sample.length - complete.length);
  expect(result.placed + result.outsideShape).toBe(complete.length);
  const covered = new Map([...result.kinds].filter(([, c]) => c.covered_by > 0).map(([key, c]) => [key, c.covered_by]));
  return { covered, outsideShape: result.outsideShape };
}

const base = examplePolicy('base').policy;
const headText = examplePolicy('head').text;
const head = policyOf(headText, 'head.yaml');
const deleteHead = policyOf(
  headText.replace('values: [read_file, list_dir, search_docs, fetch_url, write_file]', 'values: [read_file, list_dir, search_docs, fetch_url, write_file, delete_file]'),
  'head.yaml',
);

describe('the example pair', () => {
  it('lists every kind of changed request, each with a witness that replays as stated', () => {
    for (const shape of ['mcp', 'any'] as const) {
      const started = Date.now();
      const analysis = analyse(base, head, shape);
      const ws = witnesses(analysis);
      const elapsed = Date.now() - started;
      expect(analysis.mode).toBe('exact');
      const { covered, outsideShape } = coveredBy(analysis);
      const uncoveredAllowed = analysis.kinds.filter((k) => k.direction === 'newly_allowed' && !covered.has(k.key));
      console.log(
        `example (${shape}): ${analysis.kinds.length} kinds ${JSON.stringify(count(analysis.kinds))}, ${analysis.nodes} nodes, ${elapsed} ms; ` +
          `${covered.size} kinds covered by ${complete.length - outsideShape} complete records of the shape (${outsideShape} outside it)\n` +
          analysis.kinds
            .filter((k) => k.direction === 'newly_allowed')
            .map((k) => `  ${k.key}  [covered by ${covered.get(k.key) ?? 0}]`)
            .join('\n') +
          `\n  uncovered newly allowed: ${uncoveredAllowed.length}`,
      );
      analysis.kinds.forEach((kind, i) => {
        const w = ws[i]!;
        expect(w.request_id).toBe(`witness-${String(i + 1).padStart(3, '0')}`);
        const b = evaluateReference(base, w.input);
        const h = evaluateReference(head, w.input);
        expect({ key: kind.key, change: [b.allow, h.allow] }).toEqual({
          key: kind.key,
          change: kind.direction === 'newly_allowed' ? [false, true] : [true, false],
        });
      });
      expect(outsideShape).toBe(0);
    }
  });

  it('names the edited constants that separate newly allowed kinds', () => {
    const keys = analyse(base, head, 'mcp').kinds.map((k) => k.key);
    expect(keys).toContain(
      'newly_allowed | base default | head allow_rules(allow-read-tools) | call tool=fetch_url, no call tool=write_file',
    );
    expect(keys).toContain(
      'newly_allowed | base default | head allow_rules(allow-read-tools) | no call tool=fetch_url, call tool=write_file',
    );
    expect(keys.some((k) => k.includes('head allow_rules(allow-reporting)') && k.includes('group=analytics'))).toBe(true);
    expect(keys).toContain('newly_allowed | base default | head allow_rules(allow-deploys-office-hours)');
  });

  it('finds the delete_file kind the sample never shows', () => {
    const real = analyse(base, head, 'mcp');
    const wider = analyse(base, deleteHead, 'mcp');
    // The sample replays alike through both heads: no record uses delete_file where it matters.
    for (const r of complete) {
      expect(evaluateReference(deleteHead, r.input).allow).toBe(evaluateReference(head, r.input).allow);
    }
    const realKeys = new Set(real.kinds.map((k) => k.key));
    const extra = wider.kinds.filter((k) => k.direction === 'newly_allowed' && !realKeys.has(k.key));
    const deleteKinds = extra.filter((k) => k.constants.some((c) => c.value === 'delete_file' && c.holds));
    expect(deleteKinds.length).toBeGreaterThanOrEqual(1);
    const { covered } = coveredBy(wider);
    for (const k of deleteKinds) expect(covered.get(k.key) ?? 0).toBe(0);
    const ws = witnesses(wider);
    const witness = ws[wider.kinds.indexOf(deleteKinds[0]!)]!;
    expect(JSON.stringify(witness.input)).toContain('delete_file');
    expect(evaluateReference(base, witness.input).allow).toBe(false);
    expect(evaluateReference(deleteHead, witness.input).allow).toBe(true);
    console.log(
      `delete_file: ${extra.length} newly allowed kinds beyond the real head's, ${deleteKinds.length} holding delete_file, none covered; witness ${JSON.stringify(witness)}`,
    );
  });
});
