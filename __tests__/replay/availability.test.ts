import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { ReplaySide } from '../../src/replay/replay.js';
import { expectInvariants, policyYaml, prepare, record, replay, tempDir, writeJsonl } from './helpers.js';

/**
 * docs/traffic.md's table under `--unevaluable static` (the reading-based rule), both sides of every
 * row: a record lacking a feature is unevaluable (with the row's reason) for a policy that reads
 * the feature, and scoreable for one that does not. Each record is replayed alone against a
 * head-only policy, so a scoreable record shows up as a change from unknown and an unevaluable one
 * carries exactly its reasons. The same records under the default `precise` mode:
 * __tests__/replay/unknowns.test.ts.
 */

const tmp = tempDir('replay-availability-');
afterAll(() => tmp.cleanup());

const cond = (field: string, values: string[], operator = 'in') => ({ field, operator, values });
const denyRule = (id: string, ...conditions: object[]) => ({ id, effect: 'deny', conditions });
const allowAll = (...rules: object[]) => policyYaml({ default_effect: 'allow', rules });

const WINDOW = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  from: '00:00',
  to: '23:59',
  timezone: 'UTC',
};

/** One policy per thing a policy can read; each has a single rule reading only that. */
const POLICIES: Record<string, string> = {
  http: allowAll(denyRule('r', cond('http_path', ['/nowhere']))),
  tool: allowAll(denyRule('r', cond('tool', ['run_shell']))),
  method: allowAll(denyRule('r', cond('method', ['tools/nothing']))),
  resource_uri: allowAll(denyRule('r', cond('resource_uri', ['file:///secret']))),
  prompt: allowAll(denyRule('r', cond('prompt', ['jailbreak']))),
  argument: allowAll(denyRule('r', cond('argument:database', ['prod']))),
  is_batch: allowAll(denyRule('r', cond('is_batch', ['true']))),
  unparsable_calls: allowAll(denyRule('r', cond('unparsable_calls', ['0'], 'not_in'))),
  subject: allowAll(denyRule('r', cond('subject', ['mallory']))),
  issuer: allowAll(denyRule('r', cond('issuer', ['https://evil.example']))),
  group: allowAll(denyRule('r', cond('group', ['banned']))),
  tag: allowAll(denyRule('r', cond('tag', ['banned']))),
  attribute: allowAll(denyRule('r', cond('attribute:department', ['banned']))),
  claim: allowAll(denyRule('r', cond('claim:realm_access.roles', ['banned']))),
  window: allowAll({ ...denyRule('r', cond('http_path', ['/nowhere'])), active_window: WINDOW }),
  // Two call fields in one rule need per-call pairing; in two rules they do not.
  pairing: allowAll(denyRule('r', cond('method', ['tools/call']), cond('tool', ['run_shell']))),
  twoRules: allowAll(
    denyRule('r1', cond('method', ['tools/nothing'])),
    denyRule('r2', cond('tool', ['run_shell'])),
  ),
};

const CALL_READERS = [
  'tool',
  'method',
  'resource_uri',
  'prompt',
  'argument',
  'is_batch',
  'unparsable_calls',
  'pairing',
  'twoRules',
];

/** The expected reason for (record kind, policy), written from the table; absent = scoreable. */
const TABLE: Record<string, Record<string, string>> = {
  complete: {},
  mcp: Object.fromEntries(CALL_READERS.map((p) => [p, 'mcp_not_recorded'])),
  'mcp.tool': { tool: 'tool_not_recorded', pairing: 'tool_not_recorded', twoRules: 'tool_not_recorded' },
  'mcp.arguments': { argument: 'mcp_not_recorded' },
  'identity.verification': Object.fromEntries(
    ['subject', 'issuer', 'group', 'tag', 'attribute', 'claim'].map((p) => [p, 'subject_unverified']),
  ),
  'identity.attributes': Object.fromEntries(
    ['group', 'tag', 'attribute'].map((p) => [p, 'attributes_unavailable']),
  ),
  'identity.claims': Object.fromEntries(['subject', 'issuer', 'claim'].map((p) => [p, 'claims_unavailable'])),
  time: { window: 'time_not_recorded' },
  unpaired: { pairing: 'batch_call_pairing_unavailable' },
};

/** A record lacking what its kind names (the key removed from input too, as an exporter would). */
function recordLacking(kind: string): Record<string, unknown> {
  const r = record(`req-${kind}`, { occurred_at: '2026-11-27T09:15:02Z' });
  const input = r.input as { request: Record<string, unknown>; identity: Record<string, unknown> };
  const mcp = input.request.mcp as Record<string, unknown>;
  switch (kind) {
    case 'complete':
      break;
    case 'mcp':
      delete input.request.mcp;
      delete input.request.jsonrpc;
      r.unavailable = ['mcp'];
      break;
    case 'mcp.tool':
      mcp.calls = [{ method: 'tools/call' }];
      r.unavailable = ['mcp.tool'];
      break;
    case 'mcp.arguments':
      delete mcp.arguments;
      r.unavailable = ['mcp.arguments'];
      break;
    case 'identity.verification':
      delete input.identity.verified;
      r.unavailable = ['identity.verification'];
      break;
    case 'identity.attributes':
      delete input.identity.groups;
      delete input.identity.tags;
      delete input.identity.attributes;
      r.unavailable = ['identity.attributes'];
      break;
    case 'identity.claims':
      delete input.identity.claims;
      delete input.identity.subject;
      delete input.identity.issuer;
      r.unavailable = ['identity.claims'];
      break;
    case 'time':
      delete input.request.time;
      r.unavailable = ['time'];
      break;
    case 'unpaired':
      delete mcp.calls;
      delete mcp.arguments;
      input.request.jsonrpc = { is_batch: true, unparsable_calls: 0 };
      r.unpaired = { call_count: 2, method: ['tools/call', 'tools/call'], tool: ['read_file', 'list_dir'] };
      break;
    default:
      throw new Error(kind);
  }
  return r;
}

const sides = new Map<string, ReplaySide>();
beforeAll(async () => {
  await Promise.all(
    Object.entries(POLICIES).map(async ([name, text]) => sides.set(name, await prepare(text))),
  );
});

let fileCount = 0;
async function judge(policy: string | ReplaySide, records: object[]) {
  const side = typeof policy === 'string' ? sides.get(policy)! : policy;
  const trafficPath = writeJsonl(tmp.file(`t${fileCount++}.jsonl`), records);
  const result = await replay({ head: side, base: null, trafficPath, unevaluable: 'static' });
  // The static rule's count is the count itself in static mode (docs/unknowns.md).
  expect(result.unevaluable_by_reading).toBe(result.unevaluable);
  expectInvariants(result);
  expect(result.malformed).toEqual({ count: 0, examples: [] });
  return result;
}

describe("docs/traffic.md's unavailable table, both sides of every row", () => {
  for (const kind of Object.keys(TABLE)) {
    it(`a record lacking ${kind}: unevaluable exactly for the policies that read it`, async () => {
      const rec = recordLacking(kind);
      const seen: Record<string, string> = {};
      for (const name of Object.keys(POLICIES)) {
        const r = await judge(name, [rec]);
        expect(r.evaluated).toBe(1);
        if (r.unevaluable === 1) {
          expect(r.unevaluable_reasons).toHaveLength(1);
          expect(r.unevaluable_by_reason).toEqual({ [r.unevaluable_reasons[0]!]: 1 });
          expect(r.changes_total).toBe(0);
          seen[name] = r.unevaluable_reasons[0]!;
        } else {
          // Scoreable: with no base it is a change from unknown, whatever the head decided.
          expect(r.unevaluable_reasons).toEqual([]);
          expect(r.changes_total).toBe(1);
          expect(r.from_unknown).toBe(1);
        }
      }
      expect(seen).toEqual(TABLE[kind]);
    });
  }
});

describe('several reasons on one record', () => {
  it('count once in unevaluable and once under each reason', async () => {
    const policy = await prepare(
      allowAll(
        { ...denyRule('w', cond('http_path', ['/nowhere'])), active_window: WINDOW },
        denyRule('s', cond('subject', ['mallory'])),
        denyRule('g', cond('group', ['banned'])),
      ),
    );
    const twoReasons = { ...record('a'), unavailable: ['time', 'identity.claims'] };
    const threeReasons = { ...record('b'), unavailable: ['time', 'identity.attributes', 'identity.claims'] };
    const oneReason = { ...record('c'), unavailable: ['identity.attributes'] };
    // Repeated entries are harmless: the reason still counts once for the record.
    const repeated = { ...record('d'), unavailable: ['time', 'time'] };
    const irrelevant = { ...record('e'), unavailable: ['mcp.tool', 'mcp.arguments'] };
    const r = await judge(policy, [twoReasons, threeReasons, oneReason, repeated, irrelevant]);
    expect(r.evaluated).toBe(5);
    expect(r.unevaluable).toBe(4);
    expect(r.unevaluable_reasons).toEqual([
      'attributes_unavailable',
      'claims_unavailable',
      'time_not_recorded',
    ]);
    expect(r.unevaluable_by_reason).toEqual({
      attributes_unavailable: 2,
      claims_unavailable: 2,
      time_not_recorded: 3,
    });
    expect(r.changes.map((c) => c.request_id)).toEqual(['e']);
  });
});

describe('recorded context flags are not unavailable: on_missing_context decides', () => {
  const subjectDeny = (mode: 'deny' | 'ignore') =>
    policyYaml({
      default_effect: 'allow',
      on_missing_context: mode,
      rules: [denyRule('no-reporter', cond('subject', ['svc-reporter']))],
    });
  const groupDeny = (mode: 'deny' | 'ignore') =>
    policyYaml({
      default_effect: 'allow',
      on_missing_context: mode,
      rules: [denyRule('no-reporting', cond('group', ['reporting']))],
    });
  const windowDeny = (mode: 'deny' | 'ignore') =>
    policyYaml({
      default_effect: 'allow',
      on_missing_context: mode,
      rules: [{ ...denyRule('never-mcp', cond('http_path', ['/mcp'])), active_window: WINDOW }],
    });

  const withIdentity = (id: string, patch: Record<string, unknown>) => {
    const r = record(id);
    const input = r.input as { identity: Record<string, unknown> };
    input.identity = { ...input.identity, ...patch };
    return r;
  };
  const noTime = (id: string) => {
    const r = record(id);
    delete (r.input as { request: Record<string, unknown> }).request.time;
    return r;
  };

  const cases: Array<[string, (m: 'deny' | 'ignore') => string, () => object[]]> = [
    ['verified: false', subjectDeny, () => [withIdentity('v', { verified: false }), withIdentity('ok', {})]],
    [
      'attributes_resolved: false',
      groupDeny,
      () => [withIdentity('v', { attributes_resolved: false }), withIdentity('ok', {})],
    ],
    [
      'verified absent (not listed unavailable)',
      subjectDeny,
      () => [withIdentity('v', { verified: undefined }), withIdentity('ok', {})],
    ],
    ['request.time absent (not listed unavailable)', windowDeny, () => [noTime('v'), record('ok')]],
  ];
  for (const [label, policyOf, records] of cases) {
    it(`${label}: scoreable; ignore skips the rule, deny denies`, async () => {
      const ignore = await judge(await prepare(policyOf('ignore')), records());
      const deny = await judge(await prepare(policyOf('deny')), records());
      for (const r of [ignore, deny]) {
        expect(r.evaluated).toBe(2);
        expect(r.unevaluable).toBe(0);
        expect(r.changes_total).toBe(2);
      }
      const decision = (r: typeof ignore, id: string) =>
        r.changes.find((c) => c.request_id === id)!.draft_decision;
      // The complete record matches the deny rule either way.
      expect(decision(ignore, 'ok')).toBe('deny');
      expect(decision(deny, 'ok')).toBe('deny');
      // The one missing context: the rule is skipped (allow by default) or the request is denied.
      expect(decision(ignore, 'v')).toBe('allow');
      expect(decision(deny, 'v')).toBe('deny');
      expect(ignore.changes.find((c) => c.request_id === 'v')!.matched_rule_ids).toEqual([]);
    });
  }
});

describe('unpaired batches', () => {
  const unpaired = (id: string, u: object) => {
    const r = record(id);
    const request = (r.input as { request: Record<string, unknown> }).request;
    request.mcp = {};
    request.jsonrpc = { is_batch: true, unparsable_calls: 0 };
    return { ...r, unpaired: u };
  };
  const mixed = unpaired('mixed', {
    call_count: 2,
    method: ['tools/call', 'tools/call'],
    tool: ['read_file', 'run_shell'],
  });
  const reads = unpaired('reads', {
    call_count: 2,
    method: ['tools/call', 'tools/call'],
    tool: ['read_file', 'list_dir'],
  });
  // Three calls, two tool names: one call has no tool, so an allow-every-call rule cannot hold.
  const short = unpaired('short', {
    call_count: 3,
    method: ['tools/call', 'tools/call', 'ping'],
    tool: ['read_file', 'list_dir'],
  });

  async function decide(policy: string, records: object[]) {
    const r = await judge(await prepare(policy), records);
    return Object.fromEntries(r.changes.map((c) => [c.request_id, c.draft_decision]));
  }

  it('replay exactly under rules that read one call field each', async () => {
    const denyShell = allowAll(denyRule('no-shell', cond('tool', ['run_shell'])));
    expect(await decide(denyShell, [mixed, reads, short])).toEqual({
      mixed: 'deny',
      reads: 'allow',
      short: 'allow',
    });
    const allowReads = policyYaml({
      default_effect: 'deny',
      rules: [{ id: 'reads', effect: 'allow', conditions: [cond('tool', ['read_file', 'list_dir'])] }],
    });
    // An allow rule needs every call to match: run_shell, or a call with no tool, spoils it.
    expect(await decide(allowReads, [mixed, reads, short])).toEqual({
      mixed: 'deny',
      reads: 'allow',
      short: 'deny',
    });
    const separate = policyYaml({
      default_effect: 'deny',
      rules: [
        { id: 'calls', effect: 'allow', conditions: [cond('method', ['tools/call'])] },
        denyRule('no-shell', cond('tool', ['run_shell'])),
      ],
    });
    expect(await decide(separate, [mixed, reads, short])).toEqual({
      mixed: 'deny',
      reads: 'allow',
      short: 'deny',
    });
  });

  it('are unevaluable when a rule combines two call fields, and scoreable for the other side', async () => {
    const combined = await prepare(
      policyYaml({
        default_effect: 'deny',
        rules: [
          {
            id: 'reads',
            effect: 'allow',
            conditions: [cond('method', ['tools/call']), cond('tool', ['read_file'])],
          },
        ],
      }),
    );
    const paired = record('paired');
    const r = await judge(combined, [mixed, reads, short, paired]);
    expect(r.unevaluable).toBe(3);
    expect(r.unevaluable_by_reason).toEqual({ batch_call_pairing_unavailable: 3 });
    expect(r.changes.map((c) => c.request_id)).toEqual(['paired']);
  });

  it('describe their method and tools from the lists', async () => {
    const r = await judge(await prepare(allowAll(denyRule('no-shell', cond('tool', ['run_shell'])))), [
      mixed,
      short,
    ]);
    const byId = Object.fromEntries(r.changes.map((c) => [c.request_id, c]));
    expect(byId.mixed).toMatchObject({ method: 'tools/call', tools: ['read_file', 'run_shell'] });
    expect(byId.short).toMatchObject({ method: 'batch', tools: ['read_file', 'list_dir'] });
  });

  it('describe like the same calls recorded paired (pairing never changes method or tools)', async () => {
    const policy = await prepare(allowAll(denyRule('no-shell', cond('tool', ['run_shell']))));
    const pairs: Array<[string, object, object[]]> = [
      ['same', { call_count: 2, method: ['ping', 'ping'] }, [{ method: 'ping' }, { method: 'ping' }]],
      [
        'mixed',
        { call_count: 2, method: ['ping', 'tools/list'] },
        [{ method: 'ping' }, { method: 'tools/list' }],
      ],
      ['partial', { call_count: 2, method: ['ping'] }, [{ method: 'ping' }, {}]],
      ['none2', { call_count: 2, tool: ['a', 'b'] }, [{ tool: 'a' }, { tool: 'b' }]],
      // One call that names no method: the paired form describes it as null, not as a batch.
      ['none1', { call_count: 1, tool: ['a'] }, [{ tool: 'a' }]],
    ];
    const records = pairs.flatMap(([id, u, calls]) => [
      unpaired(`u-${id}`, u),
      { request_id: `p-${id}`, input: { request: { mcp: { calls } } } },
    ]);
    const r = await judge(policy, records);
    const byId = Object.fromEntries(r.changes.map((c) => [c.request_id, c]));
    for (const [id] of pairs) {
      expect([id, byId[`u-${id}`]!.method, byId[`u-${id}`]!.tools]).toEqual([
        id,
        byId[`p-${id}`]!.method,
        byId[`p-${id}`]!.tools,
      ]);
    }
  });
});
