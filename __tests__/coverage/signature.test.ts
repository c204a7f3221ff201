import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { analyseCoverage } from '../../src/coverage/analyse.js';
import { sampleCoverage, placeSignatures, type SampleCoverage } from '../../src/coverage/covered.js';
import {
  addSignature,
  emptySignatures,
  PARTIAL_SIGNATURE,
  recordSignature,
  signatureOf,
  signatureSpace,
  UNREADABLE_SIGNATURE,
} from '../../src/coverage/signature.js';
import { buildSpace } from '../../src/coverage/space.js';
import { evaluationInput } from '../../src/traffic/evaluationInput.js';
import type { TrafficRecord } from '../../src/traffic/record.js';
import { hasUnknowns, unknownDataOf } from '../../src/unknowns/recordUnknowns.js';
import type { UnknownData } from '../../src/unknowns/unknownData.js';
import { repoRoot } from '../support/files.js';
import { examplePolicy, options, policyOf } from './helpers.js';

/**
 * Signatures on the bundled example: the space's variables do not depend on the horizon, and the
 * example sample placed by signature equals it placed record by record, under both shapes, also
 * once some records break the MCP shape.
 */
const base = examplePolicy('base').policy;
const head = examplePolicy('head').policy;

const records: TrafficRecord[] = gunzipSync(readFileSync(join(repoRoot, 'fixtures/example/traffic/sample.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as TrafficRecord);

/** Some records given an array host, a call without a method, two subjects: not the MCP shape. */
function shapeBroken(): TrafficRecord[] {
  return records.map((r, i) => {
    if (i % 400 !== 9) return r;
    const copy = structuredClone(r) as unknown as { input: { request: { http: { host: unknown } } } };
    copy.input.request.http.host = ['mcp.internal', 'mcp.example.net'];
    return copy as unknown as TrafficRecord;
  });
}

const CALLS_UNKNOWN: UnknownData = { pointers: [['request', 'mcp']], unpaired: null };

const horizon = (start: string) => ({ ...options('mcp'), horizon: { start, days: 366 } });

function both(sample: readonly TrafficRecord[], shape: 'mcp' | 'any'): [SampleCoverage, SampleCoverage] {
  const analysis = analyseCoverage(base, head, { ...options(shape), horizon: { start: '2026-11-23T00:00:00Z', days: 366 } });
  const inputs = sample.map((r) => ({ request_id: r.request_id, input: evaluationInput(r), complete: !hasUnknowns(r) }));
  const sig = signatureSpace(base, head);
  const signatures = emptySignatures();
  // A partial record as one whose call list is unknown: never placed, as sampleCoverage leaves it.
  inputs.forEach((r, i) =>
    addSignature(signatures, recordSignature(sig, r.input, r.complete ? null : CALLS_UNKNOWN), r.request_id, i),
  );
  return [placeSignatures(analysis, sig, signatures), sampleCoverage(analysis, inputs)];
}

describe('record signatures', () => {
  it('numbers the space alike whatever the horizon', () => {
    const numbering = (start: string) => {
      const space = buildSpace(base, head, horizon(start));
      return {
        flags: space.flags,
        fields: space.fields.map((f) => [f.field, f.present, f.bits]),
        windows: space.windows.map((w) => w.variable),
        calls: [...space.calls.fields.values()].map((f) => [f.field, f.present, f.bits]),
        bits: space.calls.bits.map((b) => [b.variable, b.quantifier]),
      };
    };
    const early = numbering('2026-01-01T00:00:00Z');
    expect(early.windows.length).toBeGreaterThan(0);
    expect(numbering('2031-03-29T01:30:00Z')).toEqual(early);
    // What the horizon does change: which window combinations are realisable.
    expect(buildSpace(base, head, horizon('2026-01-01T00:00:00Z')).vectors.length).toBeGreaterThan(1);
  });

  it('places the example like one record at a time, under both shapes', () => {
    for (const shape of ['mcp', 'any'] as const) {
      const [bySignature, oneByOne] = both(records, shape);
      expect(bySignature).toEqual(oneByOne);
      expect(oneByOne.placed).toBeGreaterThan(5000);
      expect([...oneByOne.kinds.values()].filter((k) => k.covered_by > 0).length).toBeGreaterThan(10);
    }
  });

  it('places a sample that breaks the MCP shape like one record at a time', () => {
    const broken = shapeBroken();
    const [mcp, mcpOneByOne] = both(broken, 'mcp');
    expect(mcp).toEqual(mcpOneByOne);
    expect(mcp.outsideShape).toBeGreaterThan(0);
    const [any, anyOneByOne] = both(broken, 'any');
    expect(any).toEqual(anyOneByOne);
    expect(any.outsideShape).toBe(0);
  });

  it('stands for a partial record and an unreadable time by markers, never placed', () => {
    const windowed = policyOf(
      'default_effect: deny\nrules:\n  - id: hours\n    effect: allow\n    conditions: [{field: tool, operator: in, values: [t]}]\n' +
        '    active_window: {days: [mon], from: "09:00", to: "17:00", timezone: UTC}\n',
    );
    const sig = signatureSpace(null, windowed);
    const input = { request: { time: 'not a time' } };
    expect(recordSignature(sig, input, CALLS_UNKNOWN)).toBe(PARTIAL_SIGNATURE);
    expect(recordSignature(sig, input, null)).toBe(UNREADABLE_SIGNATURE);
    const monday = signatureOf(sig, { request: { time: '2026-11-23T10:00:00Z' } });
    expect(signatureOf(sig, { request: { time: '2026-11-23T10:30:00Z' } })).toBe(monday);
    expect(signatureOf(sig, { request: { time: '2026-11-24T10:00:00Z' } })).not.toBe(monday);
    const signatures = emptySignatures();
    const marked = [[monday, 'a'], [PARTIAL_SIGNATURE, 'b'], [UNREADABLE_SIGNATURE, 'c'], [monday, 'd']];
    marked.forEach(([s, id], i) => addSignature(signatures, s!, id!, 10 + i));
    expect(signatures.partial).toBe(1);
    expect([...signatures.seen]).toEqual([[monday, { count: 2, first: 'a', position: 10 }]]);
  });

  it("places the example's partial records by their unknowns, adding to what the complete ones cover", () => {
    const analysis = analyseCoverage(base, head, { ...options('mcp'), horizon: { start: '2026-11-23T00:00:00Z', days: 366 } });
    const sig = signatureSpace(base, head);
    const complete = emptySignatures();
    const all = emptySignatures();
    records.forEach((r, i) => {
      const unknowns = hasUnknowns(r) ? unknownDataOf(r) : null;
      const signature = recordSignature(sig, evaluationInput(r), unknowns);
      addSignature(all, signature, r.request_id, i);
      if (unknowns === null) addSignature(complete, signature, r.request_id, i);
    });
    const withPartial = placeSignatures(analysis, sig, all);
    const without = placeSignatures(analysis, sig, complete);
    expect(withPartial.partial).toBe(records.filter((r) => hasUnknowns(r)).length);
    expect(withPartial.placed).toBe(without.placed);
    let added = 0;
    for (const [key, k] of without.kinds) {
      const more = withPartial.kinds.get(key)!;
      expect(more.covered_by).toBeGreaterThanOrEqual(k.covered_by);
      added += more.covered_by - k.covered_by;
    }
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(withPartial.partial);
  });
});
