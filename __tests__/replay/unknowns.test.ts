import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReplaySide } from '../../src/replay/replay.js';
import { reportToJson } from '../../src/replay/report/report.js';
import { TOOL_VERSION } from '../../src/version.js';
import {
  RecordEvaluator,
  VERDICT_UNEVALUABLE,
  type RecordOutcome,
} from '../../src/replay/evaluate/recordOutcome.js';
import { evaluateReferenceThreeValued } from '../../src/engine/threeValued.js';
import { REASON_BIT } from '../../src/unknowns/reasons.js';
import { unknownDataOf } from '../../src/unknowns/recordUnknowns.js';
import type { TrafficRecord } from '../../src/traffic/record.js';
import {
  expectInvariants,
  HEAD_ONLY_PRECISE,
  policyYaml,
  prepare,
  record,
  replay,
  repoRoot,
  run,
  tempDir,
  writeJsonl,
} from './helpers.js';

/**
 * The replay in its default precise mode (docs/unknowns.md): a record is unevaluable only when its
 * missing data could change the decision; `unevaluable_by_reading` counts what the static rule
 * would call unevaluable; decided records with unknowns are changes like any other.
 */

const tmp = tempDir('replay-unknowns-');
afterAll(() => tmp.cleanup());

const cond = (field: string, values: string[], operator = 'in') => ({ field, operator, values });
const rule = (id: string, effect: 'allow' | 'deny', ...conditions: object[]) => ({ id, effect, conditions });

let fileCount = 0;
const traffic = (records: object[]) => writeJsonl(tmp.file(`t${fileCount++}.jsonl`), records);

/** A foreign-host request whose tool name was not recorded (the spec's motivating example). */
function foreignNoTool(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const r = record(id, { unavailable: ['mcp.tool'], ...extra });
  const request = (r.input as { request: Record<string, unknown> }).request;
  request.http = { method: 'POST', host: 'evil.example', path: '/mcp' };
  request.mcp = { calls: [{ method: 'tools/call' }] };
  return r;
}

const HEAD = policyYaml({
  default_effect: 'deny',
  rules: [
    rule('deny-foreign-hosts', 'deny', cond('http_host', ['mcp.internal'], 'not_in')),
    rule('allow-read', 'allow', cond('tool', ['read_file'])),
  ],
});
const BASE = policyYaml({
  default_effect: 'deny',
  rules: [rule('allow-read', 'allow', cond('tool', ['read_file']))],
});

describe('precise and static modes on the same records', () => {
  let head: ReplaySide;
  let base: ReplaySide;
  beforeAll(async () => {
    [head, base] = await Promise.all([prepare(HEAD, 'head.yaml'), prepare(BASE, 'base.yaml')]);
  });

  const records = () => [
    foreignNoTool('foreign'), // head: denied whatever the tool; base: could be read_file → unknown
    record('no-tool', { unavailable: ['mcp.tool'] }), // internal host: the tool decides both
    record('complete'), // read_file from the internal host: allowed by both
    record('claims-only', { unknown_paths: ['/input/identity/claims/email'] }), // nothing read is unknown
  ];

  it('precise: decided despite missing data, unevaluable only where the data could decide', async () => {
    const r = await replay({ head, base, trafficPath: traffic(records()) });
    expectInvariants(r);
    expect(r).toMatchObject({
      evaluated: 4,
      allowed: 2,
      denied: 1,
      unevaluable: 1,
      unevaluable_by_reading: 2,
      unevaluable_reasons: ['tool_not_recorded'],
      unevaluable_by_reason: { tool_not_recorded: 1 },
      changes_total: 1,
      from_unknown: 1,
    });
    // The base cannot decide the foreign request (its tool might be read_file); the head denies it.
    expect(r.changes).toEqual([
      expect.objectContaining({
        request_id: 'foreign',
        current_decision: 'unknown',
        draft_decision: 'deny',
        matched_rule_ids: ['deny-foreign-hosts'],
        // The tool was not recorded: the row names none.
        tools: [],
      }),
    ]);
    // Rule hits count only T on decided records.
    expect(r.rule_hits).toEqual({ 'deny-foreign-hosts': 1, 'allow-read': 2 });
  });

  it('static: unevaluable whenever a rule reads what is missing; by_reading equals unevaluable', async () => {
    const r = await replay({ head, base, trafficPath: traffic(records()), unevaluable: 'static' });
    expectInvariants(r);
    expect(r).toMatchObject({
      evaluated: 4,
      allowed: 2,
      denied: 0,
      unevaluable: 2,
      unevaluable_by_reading: 2,
      unevaluable_by_reason: { tool_not_recorded: 2 },
      changes_total: 0,
    });
  });
});

describe('the static example report, byte for byte', () => {
  const EXAMPLE = join(repoRoot, 'fixtures/example');
  it('--unevaluable static reproduces the report of the reading-based rule, plus the fields added since', async () => {
    const report = await run({
      head: readFileSync(join(EXAMPLE, 'policies/head.yaml'), 'utf8'),
      base: readFileSync(join(EXAMPLE, 'policies/base.yaml'), 'utf8'),
      trafficPath: join(EXAMPLE, 'traffic/sample.jsonl.gz'),
      trafficDisplayPath: 'traffic/sample.jsonl.gz',
      manifests: join(EXAMPLE, 'traffic/sample.manifests'),
      maxChanges: 50,
      unevaluable: 'static',
    });
    // The fields added since that report: precise mode's two, and the change explanation's
    // (docs/explain.md), which judge nothing differently.
    const { unevaluable_mode: mode, max_groups: _maxGroups, skipped, ...meta } = report.meta;
    // The sample's format and files (docs/decision-logs.md), also added since.
    const { format, files, ...traffic } = meta.traffic;
    expect({ format, files, skipped }).toEqual({
      format: 'records',
      files: [{ path: 'traffic/sample.jsonl.gz', sha256: traffic.sha256, count: 6000 }],
      skipped: { non_decision: 0, other_path: 0 },
    });
    const {
      unevaluable_by_reading: byReading,
      rule_diff: _diff,
      change_groups: groups,
      change_groups_total: _groupsTotal,
      ...result
    } = report.result!;
    expect(mode).toBe('static');
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(result.changes_total);
    expect(byReading).toBe(result.unevaluable);
    // Written by the replay before precise mode existed (fixtures/example/README.md); only the
    // tool's version may have moved since.
    const expected = readFileSync(join(EXAMPLE, 'expected/static-report.json'), 'utf8').replace(
      /^ {4}"version": "[^"]*",$/m,
      `    "version": ${JSON.stringify(TOOL_VERSION)},`,
    );
    expect(reportToJson({ ...report, meta: { ...meta, traffic }, result })).toBe(expected);
  });
});

describe('reasons per docs/unknowns.md', () => {
  const judge = async (policy: string, records: object[], unevaluable: 'precise' | 'static' = 'precise') =>
    replay({ head: await prepare(policy), base: null, trafficPath: traffic(records), unevaluable });

  it('http_not_recorded for an unknown http field; each pointer contributes its reason', async () => {
    const policy = policyYaml({
      default_effect: 'allow',
      rules: [
        rule('deny-admin', 'deny', cond('http_path', ['/admin'])),
        rule('deny-shell', 'deny', cond('tool', ['run_shell'])),
      ],
    });
    const r = await judge(policy, [
      record('http', { unknown_paths: ['/input/request/http/path'] }),
      record('tool-twice', {
        unknown_paths: ['/input/request/mcp/calls/0/tool', '/input/request/mcp/calls/0'],
      }),
      record('list', { unavailable: ['mcp', 'mcp.tool'] }),
    ]);
    expect(r.unevaluable).toBe(3);
    expect(r.unevaluable_by_reason).toEqual({
      http_not_recorded: 1,
      // tool-twice (both pointers) and list (the call list: only the list's reason).
      mcp_not_recorded: 2,
      tool_not_recorded: 1,
    });
  });

  it('an unpaired deny rule left U gives the pairing reason; static gives it whenever a rule combines fields', async () => {
    const policy = policyYaml({
      default_effect: 'allow',
      rules: [rule('deny-write', 'deny', cond('method', ['tools/call']), cond('tool', ['write_file']))],
    });
    const unpaired = (id: string, u: object) => {
      const r = record(id);
      const request = (r.input as { request: Record<string, unknown> }).request;
      request.mcp = {};
      return { ...r, unpaired: u };
    };
    const records = [
      unpaired('maybe', { call_count: 2, method: ['tools/call', 'ping'], tool: ['write_file'] }),
      unpaired('surely', { call_count: 2, method: ['tools/call', 'tools/call'], tool: ['write_file'] }),
      unpaired('never', { call_count: 2, method: ['ping', 'ping'], tool: ['write_file'] }),
    ];
    const precise = await judge(policy, records);
    expect(precise).toMatchObject({
      allowed: 1,
      denied: 1,
      unevaluable: 1,
      unevaluable_by_reading: 3,
      unevaluable_by_reason: { batch_call_pairing_unavailable: 1 },
    });
    const decided = Object.fromEntries(precise.changes.map((c) => [c.request_id, c.draft_decision]));
    expect(decided).toEqual({ surely: 'deny', never: 'allow' });
    const fixed = await judge(policy, records, 'static');
    expect(fixed).toMatchObject({
      unevaluable: 3,
      unevaluable_by_reason: { batch_call_pairing_unavailable: 3 },
    });
  });
});

describe('the unknown set travels under a key no record can supply', () => {
  it("a record's own input.policy_replay is ignored: it can neither hide nor invent unknowns", async () => {
    const policy = await prepare(
      policyYaml({
        default_effect: 'allow',
        rules: [rule('deny-shell', 'deny', cond('tool', ['run_shell']))],
      }),
    );
    const spoofKnown = record('spoof-known', {
      unavailable: ['mcp.tool'],
      input: {
        ...(record('x').input as object),
        // Claims nothing is unknown, beside a genuinely unrecorded tool.
        policy_replay: { unknown: [], unpaired: false },
      },
    });
    (spoofKnown.input as { request: { mcp: { calls: object[] } } }).request.mcp.calls = [
      { method: 'tools/call' },
    ];
    const spoofUnknown = record('spoof-unknown', {
      // Read by the rule (so the three-valued path runs), yet no call 5 exists: nothing is unknown.
      unknown_paths: ['/input/request/mcp/calls/5/tool'],
      // Claims everything is unknown, on a record whose tool is known.
      input: { ...(record('y').input as object), policy_replay: { unknown: [[]], unpaired: true } },
    });
    const plain = record('plain', {
      input: { ...(record('z').input as object), policy_replay: { unknown: [[]] } },
    });
    const r = await replay({
      head: policy,
      base: null,
      trafficPath: traffic([spoofKnown, spoofUnknown, plain]),
    });
    expectInvariants(r);
    expect(r.malformed.count).toBe(0);
    expect(r.unevaluable).toBe(1);
    expect(r.unevaluable_by_reading).toBe(2);
    expect(r.unevaluable_by_reason).toEqual({ tool_not_recorded: 1 });
    expect(r.changes.map((c) => [c.request_id, c.draft_decision]).sort()).toEqual([
      ['plain', 'allow'],
      ['spoof-unknown', 'allow'],
    ]);
  });

  it('no policy field can reach it: every field is rooted at input.request or input.identity', async () => {
    const { inputPathOf, classifyField } = await import('../../src/policy/fields.js');
    const { UNKNOWNS_KEY } = await import('../../src/unknowns/payload.js');
    for (const field of [
      'tool',
      'http_path',
      'is_batch',
      'subject',
      'group',
      'tag',
      'attribute:policy_replay',
      'claim:policy_replay.unknown',
      'argument:policy_replay',
    ]) {
      const { base, path } = inputPathOf(classifyField(field));
      expect(base === 'call' || path[0] === 'request' || path[0] === 'identity').toBe(true);
      expect(path[0]).not.toBe(UNKNOWNS_KEY);
    }
  });
});

describe("a disagreement between opa-wasm and the reference is the record's own error", () => {
  it('is reported with the record, never decided silently', async () => {
    // The wasm of a policy that cannot decide an unknown tool, under the document of one that can
    // (its rule also needs an /admin path, which the record does not have): the two three-valued
    // evaluations then disagree. Nothing is mocked; the sides are crossed on purpose.
    const [undecided, decides] = await Promise.all([
      prepare(
        policyYaml({
          default_effect: 'allow',
          rules: [rule('deny-shell', 'deny', cond('tool', ['run_shell']))],
        }),
      ),
      prepare(
        policyYaml({
          default_effect: 'allow',
          rules: [
            rule('deny-admin-shell', 'deny', cond('http_path', ['/admin']), cond('tool', ['run_shell'])),
          ],
        }),
      ),
    ]);
    const crossed = new RecordEvaluator(HEAD_ONLY_PRECISE, { ...decides, engine: undecided.engine }, null);
    const outcome: RecordOutcome = crossed.evaluateRecord(
      record('mixed', { unknown_paths: ['/input/request/mcp/calls/0/tool'] }) as TrafficRecord,
      2,
    );
    expect(outcome.error).toMatch(
      /opa-wasm finds the record unevaluable but the reference evaluator decides allow/,
    );
    expect(outcome.error).toContain('"mixed"');
  });
});

describe('reasons through the decision cache', () => {
  /**
   * Records with one unknown set whose calls differ can share a three-valued decision (the cache
   * keys calls by each rule's OR and AND over them), yet differ in which of their conditions are U,
   * and so in their reasons (`tool_not_recorded` for the tool, `mcp_not_recorded` for any other call
   * field). Every record's reasons, replayed in one evaluator with one cache, must be the reference
   * evaluator's on that record alone.
   */
  const policy = policyYaml({
    default_effect: 'allow',
    on_missing_context: 'ignore',
    rules: [
      rule('deny-shell-prompts', 'deny', cond('tool', ['run_shell', 'x']), cond('prompt', ['p1'])),
      rule(
        'deny-secret',
        'deny',
        cond('resource_uri', ['file:///secret']),
        cond('method', ['resources/read']),
      ),
      rule('deny-batch', 'deny', cond('is_batch', ['true']), cond('tool', ['write_file'])),
    ],
  });
  const pointers = [
    '/input/request/mcp/calls/0/tool',
    '/input/request/mcp/calls/1/tool',
    '/input/request/mcp/calls/0/prompt',
    '/input/request/mcp/calls/1/prompt',
    '/input/request/mcp/calls/1/method',
    '/input/request/mcp/calls/2',
    '/input/request/jsonrpc/is_batch',
  ];
  const field = fc.constantFrom(
    undefined,
    'run_shell',
    'x',
    'p1',
    'write_file',
    'file:///secret',
    'resources/read',
    'other',
  );
  const call = fc
    .record({ tool: field, prompt: field, method: field, resource_uri: field })
    .map((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)));

  it("every record's reasons are its own, whatever it shares a key with", async () => {
    const side = await prepare(policy);
    const evaluator = new RecordEvaluator(HEAD_ONLY_PRECISE, side, null);
    const parsed = side.policy;
    let undecided = 0;
    fc.assert(
      fc.property(
        fc.array(call, { minLength: 1, maxLength: 3 }),
        fc.subarray(pointers, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (calls, unknown, batch) => {
          const r = record(`r${undecided}`, { unknown_paths: unknown }) as TrafficRecord;
          const request = r.input.request as unknown as Record<string, Record<string, unknown>>;
          request.mcp!.calls = calls;
          request.jsonrpc!.is_batch = batch;
          const outcome = evaluator.evaluateRecord(r, 1);
          const reference = evaluateReferenceThreeValued(parsed, r.input, unknownDataOf(r));
          expect(outcome.error).toBeNull();
          expect(outcome.primary === VERDICT_UNEVALUABLE).toBe(reference.allow === 1);
          if (reference.allow !== 1) return;
          undecided++;
          let bits = 0;
          for (const reason of reference.reasons) bits |= REASON_BIT[reason];
          expect(outcome.reasons).toBe(bits);
        },
      ),
      { numRuns: 2_000, seed: 20261201 },
    );
    expect(undecided).toBeGreaterThan(200);
  });
});
