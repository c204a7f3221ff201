import { describe, it, expect } from '@jest/globals';
import type { Policy, Rule } from '../../src/policy/schema.js';
import { UNEVALUABLE_REASONS, type UnevaluableReason } from '../../src/unknowns/reasons.js';
import { readingOf, readingReasons } from '../../src/unknowns/staticReading.js';
import type { TrafficRecord } from '../../src/traffic/record.js';
import type { UnavailableEntry } from '../../src/unknowns/unavailable.js';

const WINDOW = { days: ['mon' as const], from: '09:00', to: '17:00', timezone: 'Europe/London' };

function policyReading(...fields: string[]): Policy {
  return {
    default_effect: 'deny',
    rules: fields.map((field, i) => ({
      id: `r${i}`,
      effect: 'allow',
      conditions: [{ field, operator: 'in', values: ['x'] }],
    })),
  };
}

function withRules(...rules: Rule[]): Policy {
  return { default_effect: 'deny', rules };
}

function recordLacking(...unavailable: UnavailableEntry[]): TrafficRecord {
  return { request_id: 'r', input: {}, unavailable };
}

const reasons = (record: TrafficRecord, policy: Policy): readonly UnevaluableReason[] =>
  readingReasons(record, readingOf(policy));

const ALL_FIELDS = [
  'tool',
  'method',
  'resource_uri',
  'prompt',
  'argument:a.b',
  'http_path',
  'http_host',
  'http_method',
  'is_batch',
  'unparsable_calls',
  'subject',
  'issuer',
  'group',
  'tag',
  'attribute:dept',
  'claim:a.b',
];

// docs/traffic.md's table: entry → the fields whose reading makes it apply, and the reason.
const TABLE: [UnavailableEntry, string[], UnevaluableReason][] = [
  [
    'mcp',
    ['tool', 'method', 'resource_uri', 'prompt', 'argument:a.b', 'is_batch', 'unparsable_calls'],
    'mcp_not_recorded',
  ],
  ['mcp.tool', ['tool'], 'tool_not_recorded'],
  ['mcp.arguments', ['argument:a.b'], 'mcp_not_recorded'],
  [
    'identity.verification',
    ['subject', 'issuer', 'group', 'tag', 'attribute:dept', 'claim:a.b'],
    'subject_unverified',
  ],
  ['identity.attributes', ['group', 'tag', 'attribute:dept'], 'attributes_unavailable'],
  ['identity.claims', ['subject', 'issuer', 'claim:a.b'], 'claims_unavailable'],
];

describe("the static rule (readingReasons) on unavailable entries: docs/traffic.md's table", () => {
  it('lists every reason, sorted', () => {
    expect([...UNEVALUABLE_REASONS]).toEqual([...UNEVALUABLE_REASONS].sort());
    // The upstream seven, http_not_recorded and number_not_representable (docs/unknowns.md).
    expect(UNEVALUABLE_REASONS).toHaveLength(9);
  });

  describe.each(TABLE)('unavailable %s', (entry, readers, reason) => {
    it.each(ALL_FIELDS)(`policy reading %s`, (field) => {
      const expected = readers.includes(field) ? [reason] : [];
      expect(reasons(recordLacking(entry), policyReading(field))).toEqual(expected);
    });
  });

  it('time applies only to a policy with a window', () => {
    const noWindow = policyReading(...ALL_FIELDS);
    expect(reasons(recordLacking('time'), noWindow)).toEqual([]);
    const windowed = withRules({
      id: 'w',
      effect: 'deny',
      conditions: [{ field: 'http_path', operator: 'in', values: ['/x'] }],
      active_window: WINDOW,
    });
    expect(reasons(recordLacking('time'), windowed)).toEqual(['time_not_recorded']);
  });

  const unpaired: TrafficRecord = {
    request_id: 'b',
    input: { request: { jsonrpc: { is_batch: true, unparsable_calls: 0 }, mcp: {} } },
    unpaired: { call_count: 2, method: ['tools/call', 'resources/read'], tool: ['read_file'] },
  };

  it('an unpaired batch is unevaluable only for a rule combining two call fields', () => {
    const combining = withRules({
      id: 'c',
      effect: 'allow',
      conditions: [
        { field: 'method', operator: 'in', values: ['tools/call'] },
        { field: 'tool', operator: 'in', values: ['read_file'] },
      ],
    });
    expect(reasons(unpaired, combining)).toEqual(['batch_call_pairing_unavailable']);
    // Two call fields, but each in its own rule: any pairing gives the same decision.
    expect(reasons(unpaired, policyReading('method', 'tool', 'resource_uri', 'prompt'))).toEqual([]);
    // The same field twice is not a combination.
    const sameField = withRules({
      id: 's',
      effect: 'deny',
      conditions: [
        { field: 'tool', operator: 'in', values: ['a'] },
        { field: 'tool', operator: 'not_in', values: ['b'] },
        { field: 'subject', operator: 'in', values: ['x'] },
      ],
    });
    expect(reasons(unpaired, sameField)).toEqual([]);
  });

  it('collects every applying reason, distinct and sorted', () => {
    const record: TrafficRecord = {
      ...unpaired,
      unavailable: ['time', 'mcp.arguments', 'mcp', 'identity.claims', 'identity.claims', 'mcp.tool'],
    };
    const policy = withRules(
      {
        id: 'a',
        effect: 'allow',
        conditions: [
          { field: 'method', operator: 'in', values: ['tools/call'] },
          { field: 'tool', operator: 'in', values: ['x'] },
          { field: 'argument:path', operator: 'in', values: ['/'] },
        ],
      },
      {
        id: 'b',
        effect: 'deny',
        conditions: [{ field: 'claim:r', operator: 'in', values: ['x'] }],
        active_window: WINDOW,
      },
    );
    expect(reasons(record, policy)).toEqual([
      'batch_call_pairing_unavailable',
      'claims_unavailable',
      'mcp_not_recorded',
      'time_not_recorded',
      'tool_not_recorded',
    ]);
  });

  it('judges the same record separately per policy', () => {
    const record = recordLacking('identity.attributes');
    expect(reasons(record, policyReading('tool'))).toEqual([]);
    expect(reasons(record, policyReading('tool', 'group'))).toEqual(['attributes_unavailable']);
  });

  it('recorded verified:false / attributes_resolved:false are not unavailable', () => {
    const record: TrafficRecord = {
      request_id: 'u',
      input: { identity: { verified: false, attributes_resolved: false, subject: 's' } },
      unavailable: [],
    };
    expect(reasons(record, policyReading(...ALL_FIELDS))).toEqual([]);
  });
});

describe('the static rule over unknown_paths (docs/unknowns.md unevaluable_by_reading)', () => {
  const withPaths = (...unknown_paths: string[]): TrafficRecord => ({
    request_id: 'r',
    input: {},
    unknown_paths,
  });
  const claimRoles = policyReading('claim:realm_access.roles');

  it('reads a location when a pointer names it, lies inside it or contains it', () => {
    expect(reasons(withPaths('/input/identity/claims/realm_access/roles'), claimRoles)).toEqual([
      'claims_unavailable',
    ]);
    expect(reasons(withPaths('/input/identity/claims/realm_access/roles/0'), claimRoles)).toEqual([
      'claims_unavailable',
    ]);
    expect(reasons(withPaths('/input/identity/claims/realm_access'), claimRoles)).toEqual([
      'claims_unavailable',
    ]);
    expect(reasons(withPaths('/input/identity'), claimRoles)).toEqual([
      'claims_unavailable',
      'subject_unverified',
    ]);
    expect(
      reasons(withPaths('/input/identity/claims/email', '/input/identity/claims/azp'), claimRoles),
    ).toEqual([]);
  });

  it('reads a call field at any call, whatever index the pointer names', () => {
    expect(reasons(withPaths('/input/request/mcp/calls/3/tool'), policyReading('tool'))).toEqual([
      'tool_not_recorded',
    ]);
    expect(reasons(withPaths('/input/request/mcp/calls/*'), policyReading('tool'))).toEqual([
      'mcp_not_recorded',
    ]);
    expect(reasons(withPaths('/input/request/mcp/calls/0/method'), policyReading('tool'))).toEqual([]);
    expect(reasons(withPaths('/input/request/mcp/tool'), policyReading(...ALL_FIELDS))).toEqual([]);
  });

  it('http fields give http_not_recorded; the context flags their own reasons', () => {
    expect(reasons(withPaths('/input/request/http/host'), policyReading('http_host'))).toEqual([
      'http_not_recorded',
    ]);
    expect(reasons(withPaths('/input/identity/attributes_resolved'), policyReading('tag'))).toEqual([
      'attributes_unavailable',
    ]);
    expect(reasons(withPaths('/input/identity/attributes_resolved'), policyReading('subject'))).toEqual([]);
    expect(reasons(withPaths('/input/identity/verified'), policyReading('issuer'))).toEqual([
      'subject_unverified',
    ]);
  });
});
