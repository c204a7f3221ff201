import { locateOpa, type LocatedOpa } from '../../src/opa/locate.js';
import {
  preparePolicy,
  runReplay,
  type PreparedPolicy,
  type RunReplayOptions,
} from '../../src/replay/run.js';
import { replayTraffic, type ReplayOptions, type ReplaySide } from '../../src/replay/replay.js';
import type { ReplayReport, ReplayResult } from '../../src/replay/report/report.js';
import type { OutcomeConfig } from '../../src/replay/evaluate/recordOutcome.js';
import { DEFAULT_MAX_LINE_BYTES } from '../../src/traffic/reader.js';
import { testOpaPath, repoRoot } from '../support/opa.js';

export { repoRoot };
export { tempDir, writeJsonl } from '../support/files.js';

let located: Promise<LocatedOpa> | undefined;

/** The pinned OPA with its version, located once per test file. */
export function opa(): Promise<LocatedOpa> {
  located ??= locateOpa({ flag: testOpaPath(), env: process.env });
  return located;
}

/** A policy's YAML text; the policies in these tests are small enough to write inline. */
export function policyYaml(doc: {
  default_effect: 'allow' | 'deny';
  on_missing_context?: 'deny' | 'ignore';
  rules: ReadonlyArray<object>;
}): string {
  // JSON is valid YAML, and keeps the test free of indentation mistakes.
  return JSON.stringify(doc, null, 2);
}

export async function prepare(text: string, name = 'policy.yaml'): Promise<ReplaySide> {
  const prepared = await prepareOk(text, name);
  return prepared.side;
}

export async function prepareOk(text: string, name = 'policy.yaml'): Promise<PreparedPolicy> {
  const result = await preparePolicy({ displayPath: name, text }, (await opa()).path);
  if (!result.ok) throw new Error(`invalid test policy: ${JSON.stringify(result.errors)}`);
  return result.prepared;
}

/** replayTraffic with prepared sides and test defaults (no filter, a generous cap). */
export async function replay(
  options: Partial<ReplayOptions> & Pick<ReplayOptions, 'head' | 'base' | 'trafficPath'>,
): Promise<ReplayResult> {
  const outcome = await replayTraffic({ since: null, limit: null, maxChanges: 10_000, ...options });
  return outcome.result;
}

/** runReplay with policy texts and test defaults. */
export async function run(
  options: { head: string | null; base: string | null; trafficPath: string | readonly string[] } & Partial<
    Omit<RunReplayOptions, 'head' | 'base' | 'trafficPath'>
  >,
): Promise<ReplayReport> {
  const { head, base, ...rest } = options;
  const result = await runReplay({
    maxChanges: 10_000,
    opa: await opa(),
    ...rest,
    head: head === null ? null : { displayPath: 'policies/head.yaml', text: head },
    base: base === null ? null : { displayPath: 'policies/base.yaml', text: base },
  });
  return result.report;
}

/** A record with sensible defaults: a verified caller making one tools/call. */
export function record(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    request_id: id,
    input: {
      request: {
        time: '2026-11-27T09:15:02Z',
        http: { method: 'POST', host: 'mcp.internal', path: '/mcp' },
        jsonrpc: { is_batch: false, unparsable_calls: 0 },
        mcp: { calls: [{ method: 'tools/call', tool: 'read_file' }], arguments: { path: '/etc/hosts' } },
      },
      identity: {
        verified: true,
        subject: 'svc-reporter',
        issuer: 'https://idp.example',
        attributes_resolved: true,
        groups: ['reporting'],
        tags: ['batch-agent'],
        attributes: { department: 'finance' },
        claims: { realm_access: { roles: ['reader'] } },
      },
    },
    ...extra,
  };
}

/** A record whose only distinguishing input is its HTTP path (and, optionally, its time). */
export function pathRecord(
  id: string,
  path: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    request_id: id,
    input: { request: { http: { method: 'POST', host: 'mcp.internal', path } } },
    ...extra,
  };
}

/** The invariants docs/report.md states for every result. */
export function expectInvariants(r: ReplayResult): void {
  const problems: string[] = [];
  if (r.evaluated !== r.allowed + r.denied + r.unevaluable)
    problems.push('evaluated ≠ allowed+denied+unevaluable');
  if (r.changes_total < r.changes.length) problems.push('changes_total < len(changes)');
  if (r.newly_allowed + r.newly_denied + r.from_unknown !== r.changes_total)
    problems.push('split ≠ changes_total');
  const sorted = [...r.unevaluable_reasons].sort();
  if (JSON.stringify(sorted) !== JSON.stringify(r.unevaluable_reasons)) problems.push('reasons not sorted');
  if (JSON.stringify(Object.keys(r.unevaluable_by_reason)) !== JSON.stringify(r.unevaluable_reasons))
    problems.push('by_reason keys ≠ reasons');
  const sum = Object.values(r.unevaluable_by_reason).reduce((a, b) => a + (b ?? 0), 0);
  if (sum < r.unevaluable) problems.push('sum(by_reason) < unevaluable');
  if (r.unevaluable === 0 && sum !== 0) problems.push('reasons without unevaluable records');
  if (r.malformed.count < r.malformed.examples.length) problems.push('malformed count < examples');
  if (problems.length > 0) throw new Error(`invariants broken: ${problems.join('; ')}`);
}

/** Nanoseconds since the epoch of an RFC 3339 instant, written independently of src/. */
export function instantNs(text: string): bigint {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) throw new Error(`not an instant: ${text}`);
  const ms = Date.parse(`${m[1]}${m[3]}`);
  const fraction = BigInt((m[2] ?? '').padEnd(9, '0').slice(0, 9));
  return BigInt(ms) * 1_000_000n + fraction;
}

const GROUP: Record<string, number> = {
  'deny→allow': 0,
  'unknown→allow': 1,
  'allow→deny': 2,
  'unknown→deny': 3,
};

/** docs/report.md's change order, as a comparator the tests own. */
export function specOrder(
  a: { current_decision: string; draft_decision: string; occurred_at: string | null; request_id: string },
  b: { current_decision: string; draft_decision: string; occurred_at: string | null; request_id: string },
): number {
  const ga = GROUP[`${a.current_decision}→${a.draft_decision}`]!;
  const gb = GROUP[`${b.current_decision}→${b.draft_decision}`]!;
  if (ga !== gb) return ga - gb;
  if (a.occurred_at !== null && b.occurred_at !== null) {
    const ta = instantNs(a.occurred_at);
    const tb = instantNs(b.occurred_at);
    if (ta !== tb) return ta > tb ? -1 : 1;
  } else if (a.occurred_at !== b.occurred_at) {
    return a.occurred_at === null ? 1 : -1;
  }
  return a.request_id < b.request_id ? -1 : a.request_id > b.request_id ? 1 : 0;
}

/** A head-only replay in precise mode, for tests that drive a RecordEvaluator directly. */
export const HEAD_ONLY_PRECISE: OutcomeConfig = {
  mode: 'compare',
  hasHead: true,
  hasBase: false,
  shard: null,
  since: null,
  unevaluable: 'precise',
  maxLineBytes: DEFAULT_MAX_LINE_BYTES,
  attribution: null,
};
