import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { classifyField } from '../../src/policy/fields.js';
import type { Policy } from '../../src/policy/schema.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import { readingOf, readingReasons } from '../../src/unknowns/staticReading.js';
import { readTraffic } from '../../src/traffic/reader.js';
import type { TrafficRecord } from '../../src/traffic/record.js';

const ROOT = process.cwd();
const GENERATOR = join(ROOT, 'scripts/generate-traffic.mjs');
const SAMPLE = join(ROOT, 'fixtures/example/traffic/sample.jsonl.gz');
const POLICIES = join(ROOT, 'fixtures/example/policies');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'traffic-example-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function generate(args: string[]): void {
  execFileSync(process.execPath, [GENERATOR, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
}

function loadPolicy(name: string): Policy {
  const file = join(POLICIES, name);
  const result = validatePolicyText(readFileSync(file, 'utf8'), file, 'yaml');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  expect(result.warnings).toEqual([]);
  return result.policy;
}

describe('the traffic generator', () => {
  it('writes the same bytes for the same seed, gzip without an mtime', () => {
    const a = join(dir, 'a.jsonl.gz');
    const b = join(dir, 'b.jsonl.gz');
    const c = join(dir, 'c.jsonl.gz');
    const plain = join(dir, 'a.jsonl');
    generate(['--count', '400', '--seed', 'abc', '--out', a]);
    generate(['--count', '400', '--seed', 'abc', '--out', b]);
    generate(['--count', '400', '--seed', 'abd', '--out', c]);
    generate(['--count', '400', '--seed', 'abc', '--out', plain]);
    const bytes = readFileSync(a);
    expect(bytes.equals(readFileSync(b))).toBe(true);
    expect(bytes.equals(readFileSync(c))).toBe(false);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(bytes.readUInt32LE(4)).toBe(0); // MTIME
    expect(gunzipSync(bytes).equals(readFileSync(plain))).toBe(true);
    expect(readFileSync(plain, 'utf8').trimEnd().split('\n')).toHaveLength(400);
  });

  it('rejects bad arguments with exit code 2', () => {
    expect(() => generate(['--count', '-3'])).toThrow(/--count must be a whole number/);
    expect(() => generate(['--bogus'])).toThrow(/unknown argument/);
  });

  it('the committed sample is what the generator writes with its defaults', () => {
    const fresh = join(dir, 'fresh.jsonl');
    generate(['--out', fresh]);
    expect(gunzipSync(readFileSync(SAMPLE)).equals(readFileSync(fresh))).toBe(true);
  });

  it('its live-decision evaluator follows docs/policy.md (windows on the same local day, quantifiers)', async () => {
    const modulePath: string = GENERATOR;
    const { decide } = (await import(modulePath)) as {
      decide: (policy: unknown, input: unknown) => boolean;
    };
    const policy = {
      default_effect: 'deny',
      on_missing_context: 'deny',
      rules: [
        {
          id: 'night',
          effect: 'allow',
          conditions: [{ field: 'tool', operator: 'in', values: ['t'] }],
          active_window: { days: ['fri'], from: '22:00', to: '06:00', timezone: 'Europe/London' },
        },
        { id: 'no-x', effect: 'deny', conditions: [{ field: 'tool', operator: 'in', values: ['x'] }] },
      ],
    };
    const at = (time: string, tools: string[]) => ({
      request: { time, mcp: { calls: tools.map((tool) => ({ method: 'tools/call', tool })) } },
    });
    expect(decide(policy, at('2026-11-27T23:00:00Z', ['t']))).toBe(true); // Friday 23:00
    expect(decide(policy, at('2026-11-27T05:59:59.999Z', ['t']))).toBe(true); // Friday 05:59
    expect(decide(policy, at('2026-11-28T01:00:00Z', ['t']))).toBe(false); // Saturday morning
    expect(decide(policy, at('2026-11-27T23:00:00Z', ['t', 'x']))).toBe(false); // a deny in the batch
    expect(decide(policy, at('2026-11-27T23:00:00Z', []))).toBe(false); // allow needs a call
    expect(decide(policy, { request: { mcp: { calls: [{ tool: 't' }] } } })).toBe(false); // no time, strict
  });
});

describe('the example', () => {
  it('policies are valid, 10–15 rules each, one missing-context mode each', () => {
    const base = loadPolicy('base.yaml');
    const head = loadPolicy('head.yaml');
    for (const p of [base, head]) {
      expect(p.rules.length).toBeGreaterThanOrEqual(10);
      expect(p.rules.length).toBeLessThanOrEqual(15);
    }
    expect(base.on_missing_context).toBe('ignore');
    expect(head.on_missing_context).toBe('deny');
  });

  it.each(['base.yaml', 'head.yaml'])(
    '%s reads every field kind and has windows, one wrapping midnight',
    (name) => {
      const policy = loadPolicy(name);
      const kinds = new Set(
        policy.rules.flatMap((r) =>
          r.conditions.map((c) => {
            const kind = classifyField(c.field);
            return 'name' in kind && kind.kind !== 'attribute' ? `${kind.kind}:${kind.name}` : kind.kind;
          }),
        ),
      );
      expect([...kinds].sort()).toEqual(
        [
          'call:tool',
          'call:method',
          'call:resource_uri',
          'call:prompt',
          'argument',
          'http:path',
          'http:host',
          'http:method',
          'is_batch',
          'unparsable_calls',
          'identity:subject',
          'identity:issuer',
          'group',
          'tag',
          'attribute',
          'claim',
        ].sort(),
      );
      const windows = policy.rules.flatMap((r) => (r.active_window ? [r.active_window] : []));
      expect(windows.some((w) => w.from > w.to)).toBe(true);
      expect(windows.some((w) => w.from < w.to)).toBe(true);
    },
  );

  it('the sample has ≥5,000 valid records with the realistic mixes the demo relies on', async () => {
    const base = readingOf(loadPolicy('base.yaml'));
    const head = readingOf(loadPolicy('head.yaml'));
    const counts = new Map<string, number>();
    const at = (key: string) => counts.get(key) ?? 0;
    const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    let records = 0;
    let malformed = 0;
    for await (const item of readTraffic(SAMPLE)) {
      if (item.kind !== 'record') {
        malformed++;
        continue;
      }
      records++;
      const r: TrafficRecord = item.record;
      const calls = r.input.request?.mcp?.calls;
      if (r.input.request?.jsonrpc?.is_batch === true) bump('batch');
      if (r.unpaired !== undefined) bump('unpaired');
      if (r.input.request?.mcp === undefined && !r.unavailable?.includes('mcp')) bump('plain-http');
      if (calls?.some((c) => c.method === 'resources/read')) bump('resource');
      if (calls?.some((c) => c.prompt !== undefined)) bump('prompt');
      if ((r.input.request?.jsonrpc?.unparsable_calls ?? 0) > 0) bump('unparsable');
      if (r.input.identity?.verified === false) bump('unverified');
      if (r.input.identity?.attributes_resolved === false) bump('unresolved');
      if (r.occurred_at === undefined) bump('no-occurred-at');
      else if (r.occurred_at < '2026-11-22T' || r.occurred_at >= '2026-11-30T06') bump('outside-the-week');
      if (r.recorded_decision !== undefined) bump(`decision:${r.recorded_decision}`);
      if (r.policy_revision !== undefined) bump(`revision:${r.policy_revision}`);
      if (r.manifest_id !== undefined)
        bump(/^turn-00[0-3]\d$/.test(r.manifest_id) ? 'manifest' : 'no-manifest');
      for (const entry of r.unavailable ?? []) bump(`unavailable:${entry}`);
      for (const reason of readingReasons(r, base)) bump(`base:${reason}`);
      for (const reason of readingReasons(r, head)) bump(`head:${reason}`);
    }
    expect(malformed).toBe(0);
    expect(records).toBeGreaterThanOrEqual(5000);
    expect(at('outside-the-week')).toBe(0);
    for (const key of [
      'batch',
      'unpaired',
      'plain-http',
      'resource',
      'prompt',
      'unparsable',
      'unverified',
      'unresolved',
    ]) {
      expect({ [key]: at(key) > 10 }).toEqual({ [key]: true });
    }
    expect(at('no-occurred-at')).toBeGreaterThan(10);
    expect(at('decision:allow') + at('decision:deny')).toBeGreaterThan(records * 0.85);
    expect([...counts.keys()].filter((k) => k.startsWith('revision:'))).toHaveLength(3);
    expect(at('manifest')).toBeGreaterThan(records * 0.75);
    expect(at('no-manifest')).toBeGreaterThan(10);
    for (const entry of [
      'mcp',
      'mcp.tool',
      'mcp.arguments',
      'identity.verification',
      'identity.attributes',
      'identity.claims',
      'time',
    ])
      expect({ [entry]: at(`unavailable:${entry}`) > 10 }).toEqual({ [entry]: true });
    for (const reason of [
      'attributes_unavailable',
      'batch_call_pairing_unavailable',
      'claims_unavailable',
      'mcp_not_recorded',
      'subject_unverified',
      'time_not_recorded',
      'tool_not_recorded',
    ]) {
      expect({ [reason]: [at(`base:${reason}`) > 10, at(`head:${reason}`) > 10] }).toEqual({
        [reason]: [true, true],
      });
    }
  });
});
