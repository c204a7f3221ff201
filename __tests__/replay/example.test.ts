import { describe, it, expect, beforeAll } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ReplayReport, ReplayResult } from '../../src/replay/report/report.js';
import { replayTraffic } from '../../src/replay/replay.js';
import { ChangeSetDigest } from '../../src/replay/report/changeSetDigest.js';
import { expectInvariants, prepare, repoRoot, run, specOrder } from './helpers.js';

const EXAMPLE = join(repoRoot, 'fixtures/example');
const BASE = readFileSync(join(EXAMPLE, 'policies/base.yaml'), 'utf8');
const HEAD = readFileSync(join(EXAMPLE, 'policies/head.yaml'), 'utf8');
const SAMPLE = join(EXAMPLE, 'traffic/sample.jsonl.gz');
const MANIFESTS = join(EXAMPLE, 'traffic/sample.manifests');

interface SampleRecord {
  request_id: string;
  occurred_at?: string;
  unavailable?: string[];
  unpaired?: { call_count: number; method?: string[]; tool?: string[] };
  input: {
    request?: { mcp?: { calls?: Array<{ method?: string; tool?: string }> } };
    identity?: { subject?: string };
  };
}

const lines = gunzipSync(readFileSync(SAMPLE))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const byId = new Map<string, SampleRecord>();
for (const line of lines) {
  try {
    const r = JSON.parse(line) as SampleRecord;
    if (typeof r.request_id === 'string' && !byId.has(r.request_id)) byId.set(r.request_id, r);
  } catch {
    // a malformed line: the replay counts it, this index does not need it
  }
}

let full: ReplayReport;
let capped: ReplayReport;
let r: ReplayResult;

beforeAll(async () => {
  [full, capped] = await Promise.all([
    run({ head: HEAD, base: BASE, trafficPath: SAMPLE, manifests: MANIFESTS, maxChanges: 100_000 }),
    run({ head: HEAD, base: BASE, trafficPath: SAMPLE, manifests: MANIFESTS, maxChanges: 50 }),
  ]);
  r = full.result!;
});

describe('the realistic example (fixtures/example)', () => {
  it('produces a result that keeps every invariant of docs/report.md', () => {
    expect(full.errors).toEqual([]);
    expect(full.meta.status).toBe('changed');
    expectInvariants(r);
    expectInvariants(capped.result!);
    // Every non-blank line is either replayed or malformed: nothing is dropped.
    expect(r.evaluated + r.malformed.count).toBe(lines.length);
    expect(r.evaluated).toBeGreaterThanOrEqual(5000);
    // A realistic PR touches allowed, denied and unevaluable requests alike.
    expect(r.allowed).toBeGreaterThan(0);
    expect(r.denied).toBeGreaterThan(0);
    expect(r.unevaluable).toBeGreaterThan(0);
    expect(r.newly_allowed).toBeGreaterThan(0);
    expect(r.newly_denied).toBeGreaterThan(0);
  });

  it('lists every change when uncapped, and the capped list is its prefix with the same true total', () => {
    expect(r.changes).toHaveLength(r.changes_total);
    const c = capped.result!;
    expect(c.changes_total).toBe(r.changes_total);
    expect(c.changes_total).toBeGreaterThan(50);
    expect(c.changes).toHaveLength(50);
    expect(c.changes).toEqual(r.changes.slice(0, 50));
    const { changes, ...counts } = c;
    const { changes: _all, ...fullCounts } = r;
    expect(counts).toEqual(fullCounts);
    expect(capped.meta.max_changes).toBe(50);
    // The split matches the rows themselves.
    expect(r.changes.filter((x) => x.current_decision === 'unknown')).toHaveLength(r.from_unknown);
    expect(
      r.changes.filter((x) => x.current_decision === 'deny' && x.draft_decision === 'allow'),
    ).toHaveLength(r.newly_allowed);
    expect(
      r.changes.filter((x) => x.current_decision === 'allow' && x.draft_decision === 'deny'),
    ).toHaveLength(r.newly_denied);
    expect(changes.every((x) => x.current_decision !== x.draft_decision)).toBe(true);
  });

  it('orders changes as the spec says (group, most recent instant, untimed last, request_id)', () => {
    const expected = [...r.changes].sort(specOrder);
    expect(r.changes.map((x) => x.request_id)).toEqual(expected.map((x) => x.request_id));
  });

  it('describes each change from its record (subject, method, distinct tools in call order)', () => {
    for (const change of r.changes) {
      const rec = byId.get(change.request_id)!;
      expect(rec).toBeDefined();
      expect(change.occurred_at).toBe(rec.occurred_at ?? null);
      expect(change.subject).toBe(rec.input.identity?.subject ?? null);
      const toolsHidden = rec.unavailable?.includes('mcp') || rec.unavailable?.includes('mcp.tool');
      const calls = rec.unpaired
        ? null
        : (rec.input.request?.mcp?.calls ?? []).map((call) => ({ method: call.method, tool: call.tool }));
      const tools = toolsHidden
        ? []
        : [
            ...new Set(
              (rec.unpaired ? (rec.unpaired.tool ?? []) : calls!.map((x) => x.tool)).filter(
                (t) => t !== undefined,
              ),
            ),
          ];
      expect(change.tools).toEqual(tools);
      if (
        calls &&
        calls.length > 0 &&
        calls.every((x) => x.method !== undefined && x.method === calls[0]!.method)
      ) {
        expect(change.method).toBe(calls[0]!.method);
      } else if (calls && new Set(calls.map((x) => x.method)).size > 1) {
        expect(change.method).toBe('batch');
      }
    }
  });

  it('counts hits for every head rule (zero included) and no other rule', () => {
    const headIds = [...HEAD.matchAll(/^ {2}- id: (\S+)$/gm)].map((m) => m[1]);
    expect(headIds.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(r.rule_hits).sort()).toEqual([...headIds].sort());
    for (const count of Object.values(r.rule_hits)) expect(Number.isInteger(count) && count >= 0).toBe(true);
    // Every allowed request matched at least one allow rule, so allow-rule hits cover `allowed`.
    const allowHits = Object.entries(r.rule_hits)
      .filter(([id]) => id.startsWith('allow-'))
      .reduce((sum, [, n]) => sum + n, 0);
    expect(allowHits).toBeGreaterThanOrEqual(r.allowed);
  });

  it('has a fidelity section whose records_by_level sums to evaluated', () => {
    const fidelity = r.fidelity as {
      manifests: number;
      levels: Record<string, number>;
      records_by_level: Record<string, number>;
    };
    expect(fidelity).toBeDefined();
    expect(fidelity.manifests).toBe(40);
    expect(Object.values(fidelity.levels).reduce((a, b) => a + b, 0)).toBe(fidelity.manifests);
    expect(Object.values(fidelity.records_by_level).reduce((a, b) => a + b, 0)).toBe(r.evaluated);
    expect(Object.keys(fidelity.records_by_level).sort()).toEqual(
      ['controlled', 'exact', 'no_manifest', 'partial', 'unreplayable'].sort(),
    );
  });

  it('names its inputs in meta with content hashes', () => {
    expect(full.meta.tool).toBe('policy-replay');
    expect(full.meta.head).toMatchObject({
      path: 'policies/head.yaml',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(full.meta.base).toMatchObject({
      path: 'policies/base.yaml',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(full.meta.traffic.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(full.meta.since).toBeNull();
    expect(full.meta.limit).toBeNull();
    expect(full.meta.excluded_without_time).toBe(0);
    expect(Object.keys(full)).toEqual(['meta', 'errors', 'result']);
  });
});

describe('manifest ids kept by the replay', () => {
  // A sample may carry a distinct manifest id per record; the replay keeps counts only for the
  // ids of the manifests given (what the fidelity section grades) and folds the rest into null.
  it('counts the given ids exactly as counting every id would, the others under null', async () => {
    const [head, base] = await Promise.all([prepare(HEAD, 'head.yaml'), prepare(BASE, 'base.yaml')]);
    const options = { head, base, trafficPath: SAMPLE, since: null, limit: null, maxChanges: 10 };
    const everyId = new Set<string>();
    for (const line of lines) {
      const id = /"manifest_id":"([^"\\]*)"/.exec(line)?.[1];
      if (id !== undefined) everyId.add(id);
    }
    const given = new Set([...everyId].sort().slice(0, 5));
    const [all, some, none] = await Promise.all([
      replayTraffic({ ...options, manifestIds: everyId }),
      replayTraffic({ ...options, manifestIds: given }),
      replayTraffic(options),
    ]);
    expect(everyId.size).toBeGreaterThan(given.size);
    expect([...some.manifestIds.keys()].every((id) => id === null || given.has(id))).toBe(true);
    for (const id of given) expect(some.manifestIds.get(id)).toBe(all.manifestIds.get(id));
    let others = all.manifestIds.get(null) ?? 0;
    for (const [id, n] of all.manifestIds) if (id !== null && !given.has(id)) others += n;
    expect(some.manifestIds.get(null)).toBe(others);
    expect(others).toBeGreaterThan(0);
    expect([...all.manifestIds.values()].reduce((a, b) => a + b, 0)).toBe(all.result.evaluated);
    expect(none.manifestIds.size).toBe(0);
  });
});

describe('the set of every change, hashed for the Action (docs/review.md "The impact digest")', () => {
  it('is hashed only when asked, equals the hash of the uncapped change list, and ignores the cap', async () => {
    const [head, base] = await Promise.all([prepare(HEAD, 'head.yaml'), prepare(BASE, 'base.yaml')]);
    const options = { head, base, trafficPath: SAMPLE, since: null, limit: null };
    const [plain, capped, uncapped] = await Promise.all([
      replayTraffic({ ...options, maxChanges: 10 }),
      replayTraffic({ ...options, maxChanges: 10, digestChanges: true }),
      replayTraffic({ ...options, maxChanges: 100_000, digestChanges: true }),
    ]);
    expect(plain.changeSetDigest).toBeNull();
    expect(capped.changeSetDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(uncapped.changeSetDigest).toBe(capped.changeSetDigest);
    // The same set, hashed from the uncapped list and the requests the head can no longer judge.
    const expected = new ChangeSetDigest();
    for (const c of uncapped.result.changes) expected.add(c.request_id, c.current_decision, c.draft_decision);
    const lost = uncapped.result.newly_unevaluable!;
    expect(lost.from_allow + lost.from_deny).toBeGreaterThan(0);
    expect(expected.digest()).not.toBe(capped.changeSetDigest);
  });
});
