import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import {
  explainInvalidRecord,
  isTrafficRecord,
  MAX_UNKNOWN_PATHS,
  MAX_UNPAIRED_CALLS,
  trafficRecordSchema,
} from '../../src/traffic/record.js';

const VALID = {
  request_id: 'req-7f3a',
  occurred_at: '2026-11-27T09:15:02.120Z',
  recorded_decision: 'allow',
  policy_revision: '3c9e1d2',
  manifest_id: 'turn-0192',
  input: {
    request: {
      time: '2026-11-27T09:15:02.120Z',
      http: { method: 'POST', host: 'mcp.internal', path: '/mcp' },
      jsonrpc: { is_batch: false, unparsable_calls: 0 },
      mcp: {
        tool: 'read_file',
        calls: [{ method: 'tools/call', tool: 'read_file' }],
        arguments: { path: '/etc/hosts' },
      },
    },
    identity: {
      verified: true,
      subject: 'svc-reporter',
      issuer: 'https://idp.example',
      attributes_resolved: true,
      groups: ['reporting'],
      tags: ['batch-agent'],
      attributes: { department: 'finance', team: ['bi'] },
      claims: { realm_access: { roles: ['reader'] } },
    },
  },
  unavailable: [],
};

const UNPAIRED = {
  request_id: 'req-batch',
  input: { request: { jsonrpc: { is_batch: true, unparsable_calls: 0 }, mcp: {} } },
  unpaired: { call_count: 3, method: ['tools/call', 'tools/call', 'resources/read'], tool: ['a', 'b'] },
};

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function setAt(root: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let v: Record<string | number, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = v[key];
    if (typeof next !== 'object' || next === null) return;
    v = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete v[last];
  else v[last] = structuredClone(value); // fresh per use: shared pool values must not alias
}

describe('the record schema', () => {
  it('accepts the spec example, an unpaired batch and a minimal record', () => {
    for (const r of [VALID, UNPAIRED, { request_id: 'x', input: {} }]) {
      expect(trafficRecordSchema.safeParse(r).success).toBe(true);
      expect(isTrafficRecord(r)).toBe(true);
      expect(explainInvalidRecord(r)).toBeUndefined();
    }
  });

  it.each<[string, (r: Record<string, unknown>) => void, string]>([
    ['missing request_id', (r) => delete r.request_id, 'request_id: is required'],
    ['missing input', (r) => delete r.input, 'input: is required'],
    ['empty request_id', (r) => (r.request_id = ''), 'request_id: must be a non-empty string'],
    ['numeric request_id', (r) => (r.request_id = 42), 'request_id: must be a string, got the number 42'],
    [
      'bad occurred_at',
      (r) => (r.occurred_at = '2026-11-31T00:00:00Z'),
      'occurred_at: must be an RFC 3339 instant',
    ],
    [
      'bad decision',
      (r) => (r.recorded_decision = 'maybe'),
      'recorded_decision: must be one of "allow", "deny"',
    ],
    ['unknown key', (r) => (r.unavailible = []), 'unavailible: unknown key'],
    [
      'unknown unavailable entry',
      (r) => (r.unavailable = ['mcp', 'mcp.headers']),
      'unavailable[1]: unknown unavailable entry "mcp.headers"',
    ],
    ['input not an object', (r) => (r.input = []), 'input: must be an object, got an array'],
    [
      'bad request time',
      (r) => setAt(r, ['input', 'request', 'time'], 'yesterday'),
      'input.request.time: must be an RFC 3339 instant',
    ],
    [
      'is_batch as string',
      (r) => setAt(r, ['input', 'request', 'jsonrpc', 'is_batch'], 'true'),
      'input.request.jsonrpc.is_batch: must be a boolean',
    ],
    [
      'negative unparsable_calls',
      (r) => setAt(r, ['input', 'request', 'jsonrpc', 'unparsable_calls'], -1),
      'input.request.jsonrpc.unparsable_calls: must not be negative',
    ],
    [
      'fractional unparsable_calls',
      (r) => setAt(r, ['input', 'request', 'jsonrpc', 'unparsable_calls'], 1.5),
      'input.request.jsonrpc.unparsable_calls: must be an integer',
    ],
    [
      'tool not a string',
      (r) => setAt(r, ['input', 'request', 'mcp', 'calls', 0, 'tool'], 7),
      'input.request.mcp.calls[0].tool: must be a string',
    ],
    [
      'groups not a list',
      (r) => setAt(r, ['input', 'identity', 'groups'], 'reporting'),
      'input.identity.groups: must be an array',
    ],
    [
      'verified as string',
      (r) => setAt(r, ['input', 'identity', 'verified'], 'yes'),
      'input.identity.verified: must be a boolean',
    ],
    [
      'unknown_paths not a list',
      (r) => (r.unknown_paths = '/input/identity'),
      'unknown_paths: must be an array',
    ],
    [
      'unknown_paths entry not a string',
      (r) => (r.unknown_paths = ['/input/identity', 5]),
      'unknown_paths[1]: must be a string, got the number 5',
    ],
    [
      'unknown_paths entry outside /input',
      (r) => (r.unknown_paths = ['/request/time']),
      'unknown_paths[0]: must be a JSON pointer (RFC 6901) starting with /input, e.g. /input/identity/claims/email, got the string "/request/time"',
    ],
    [
      'unknown_paths entry with a bad escape',
      (r) => (r.unknown_paths = ['/input/identity/claims/a~2b']),
      'unknown_paths[0]: must be a JSON pointer',
    ],
    [
      'unknown_paths entry that only starts like /input',
      (r) => (r.unknown_paths = ['/inputs/identity']),
      'unknown_paths[0]: must be a JSON pointer',
    ],
    [
      'unknown_paths entry without the leading slash',
      (r) => (r.unknown_paths = ['input/identity']),
      'unknown_paths[0]: must be a JSON pointer',
    ],
    [
      'unpaired beside calls',
      (r) => (r.unpaired = { call_count: 1 }),
      'unpaired: an unpaired batch must not also carry input.request.mcp.calls',
    ],
  ])('%s is malformed with a reason naming the path', (_name, mutate, reason) => {
    const r = clone(VALID) as Record<string, unknown>;
    mutate(r);
    expect(isTrafficRecord(r)).toBe(false);
    expect(trafficRecordSchema.safeParse(r).success).toBe(false);
    expect(explainInvalidRecord(r)).toContain(reason);
  });

  it('words unpaired problems', () => {
    const r = clone(UNPAIRED) as Record<string, unknown>;
    (r.unpaired as Record<string, unknown>).tool = ['a', 'b', 'c', 'd'];
    expect(explainInvalidRecord(r)).toBe('unpaired.tool: has 4 values but call_count is 3');
    (r.unpaired as Record<string, unknown>).uri = [];
    expect(explainInvalidRecord(r)).toContain('unpaired.uri: unknown key');
  });

  it('explains a value that is not an object', () => {
    expect(explainInvalidRecord([1])).toBe('a record must be a JSON object, got an array');
    expect(explainInvalidRecord('x')).toBe('a record must be a JSON object, got the string "x"');
    expect(explainInvalidRecord(null)).toBe('a record must be a JSON object, got null');
  });

  // The hand-written hot path must accept exactly what the zod schema accepts.
  it('isTrafficRecord agrees with the zod schema on mutated records', () => {
    const paths: (string | number)[][] = [
      ['request_id'],
      ['occurred_at'],
      ['recorded_decision'],
      ['policy_revision'],
      ['manifest_id'],
      ['input'],
      ['unavailable'],
      ['unavailable', 0],
      ['unknown_paths'],
      ['unknown_paths', 0],
      ['unknown_paths', 1],
      ['unpaired'],
      ['unpaired', 'call_count'],
      ['unpaired', 'tool'],
      ['unpaired', 'tool', 0],
      ['unpaired', 'method'],
      ['unpaired', 'extra'],
      ['extra'],
      ['input', 'request'],
      ['input', 'request', 'time'],
      ['input', 'request', 'http'],
      ['input', 'request', 'http', 'method'],
      ['input', 'request', 'http', 'host'],
      ['input', 'request', 'http', 'path'],
      ['input', 'request', 'http', 'other'],
      ['input', 'request', 'jsonrpc'],
      ['input', 'request', 'jsonrpc', 'is_batch'],
      ['input', 'request', 'jsonrpc', 'unparsable_calls'],
      ['input', 'request', 'mcp'],
      ['input', 'request', 'mcp', 'calls'],
      ['input', 'request', 'mcp', 'calls', 0],
      ['input', 'request', 'mcp', 'calls', 0, 'tool'],
      ['input', 'request', 'mcp', 'calls', 0, 'method'],
      ['input', 'request', 'mcp', 'calls', 0, 'resource_uri'],
      ['input', 'request', 'mcp', 'calls', 0, 'prompt'],
      ['input', 'request', 'mcp', 'calls', 0, 'other'],
      ['input', 'request', 'mcp', 'arguments'],
      ['input', 'request', 'mcp', 'tool'],
      ['input', 'identity'],
      ['input', 'identity', 'verified'],
      ['input', 'identity', 'attributes_resolved'],
      ['input', 'identity', 'subject'],
      ['input', 'identity', 'issuer'],
      ['input', 'identity', 'groups'],
      ['input', 'identity', 'groups', 0],
      ['input', 'identity', 'tags'],
      ['input', 'identity', 'attributes'],
      ['input', 'identity', 'attributes', 'department'],
      ['input', 'identity', 'attributes', 'team', 0],
      ['input', 'identity', 'claims'],
      ['input', 'other'],
    ];
    const values = fc.constantFrom<unknown>(
      undefined,
      null,
      0,
      -1,
      1.5,
      2 ** 53,
      3,
      '',
      'x',
      'allow',
      'mcp',
      'mcp.headers',
      true,
      false,
      [],
      ['a'],
      [1],
      {},
      { call_count: 1 },
      '2026-11-27T09:15:02Z',
      '2026-02-30T09:15:02Z',
      '/input',
      '/input/',
      '/input/identity/claims/a~1b~0c',
      '/input/request/mcp/calls/*/tool',
      '/input/x~',
      '/inputx',
      ['/input/identity', '/input/request/time'],
      ['/input/identity', 7],
      ['/input/a~3'],
    );
    const mutation = fc.tuple(fc.constantFrom(...paths), values);
    fc.assert(
      fc.property(fc.boolean(), fc.array(mutation, { minLength: 1, maxLength: 3 }), (unpaired, mutations) => {
        const r = clone(unpaired ? UNPAIRED : VALID) as Record<string, unknown>;
        for (const [path, value] of mutations) setAt(r, path, value);
        const fast = isTrafficRecord(r);
        expect(fast).toBe(trafficRecordSchema.safeParse(r).success);
        expect(explainInvalidRecord(r) === undefined).toBe(fast);
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
});

describe('unknown_paths', () => {
  it('accepts RFC 6901 pointers under /input, escapes and * included, in both validators', () => {
    const r = {
      ...clone(VALID),
      unknown_paths: [
        '/input',
        '/input/',
        '/input/identity/claims/realm_access/roles',
        '/input/request/mcp/calls/*/tool',
        '/input/identity/claims/a~1b~0c',
        '/input/identity/claims/a~01',
        '/input/identity/claims/',
      ],
    };
    expect(isTrafficRecord(r)).toBe(true);
    expect(trafficRecordSchema.safeParse(r).success).toBe(true);
    expect(explainInvalidRecord(r)).toBeUndefined();
  });
});

describe('unknown_paths are bounded', () => {
  it(`accepts up to ${MAX_UNKNOWN_PATHS} pointers and rejects more, in both validators`, () => {
    const withPaths = (n: number) => ({
      request_id: 'u',
      input: {},
      unknown_paths: Array(n).fill('/input/x'),
    });
    expect(isTrafficRecord(withPaths(MAX_UNKNOWN_PATHS))).toBe(true);
    expect(trafficRecordSchema.safeParse(withPaths(MAX_UNKNOWN_PATHS)).success).toBe(true);
    expect(isTrafficRecord(withPaths(MAX_UNKNOWN_PATHS + 1))).toBe(false);
    expect(explainInvalidRecord(withPaths(MAX_UNKNOWN_PATHS + 1))).toBe(
      `unknown_paths: must hold at most ${MAX_UNKNOWN_PATHS} pointers`,
    );
  });
});

describe('unpaired batches are bounded', () => {
  const unpaired = (call_count: number) => ({
    request_id: 'u',
    input: {},
    unpaired: { call_count, tool: ['read'] },
  });
  it(`accepts up to ${MAX_UNPAIRED_CALLS} calls and rejects more, in both validators`, () => {
    expect(isTrafficRecord(unpaired(MAX_UNPAIRED_CALLS))).toBe(true);
    expect(trafficRecordSchema.safeParse(unpaired(MAX_UNPAIRED_CALLS)).success).toBe(true);
    expect(isTrafficRecord(unpaired(MAX_UNPAIRED_CALLS + 1))).toBe(false);
    expect(trafficRecordSchema.safeParse(unpaired(MAX_UNPAIRED_CALLS + 1)).success).toBe(false);
    expect(explainInvalidRecord(unpaired(1_000_000))).toMatch(/unpaired\.call_count/);
  });
});
