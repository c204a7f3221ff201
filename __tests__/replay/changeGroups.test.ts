import { describe, it, expect, afterAll } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ReplayResult } from '../../src/replay/report/report.js';
import { expectInvariants, policyYaml, repoRoot, run, tempDir, writeJsonl } from './helpers.js';

/**
 * docs/explain.md "Change groups": grouping and `because` on policy pairs designed so that the
 * edit behind every group is known by construction, replayed through the real OPA wasm.
 */

const tmp = tempDir('replay-groups-');
afterAll(() => tmp.cleanup());

const cond = (field: string, values: string[], operator = 'in') => ({ field, operator, values });

interface CallOptions {
  tool?: string;
  tools?: string[];
  method?: string;
  subject?: string | null;
  verified?: boolean;
  at?: string | null;
  extra?: Record<string, unknown>;
}

/** One MCP request with just what these policies read. */
function call(id: string, o: CallOptions = {}): Record<string, unknown> {
  const tools = o.tools ?? [o.tool ?? 'read_file'];
  const identity: Record<string, unknown> = { verified: o.verified ?? true };
  if (o.subject !== null) identity.subject = o.subject ?? 'alice';
  return {
    request_id: id,
    ...(o.at === null ? {} : { occurred_at: o.at ?? '2026-11-27T09:00:00Z' }),
    input: {
      request: { mcp: { calls: tools.map((tool) => ({ method: o.method ?? 'tools/call', tool })) } },
      identity,
    },
    ...o.extra,
  };
}

async function groupsOf(
  base: string | null,
  head: string,
  records: Record<string, unknown>[],
  extra: { maxGroups?: number } = {},
): Promise<ReplayResult> {
  const traffic = writeJsonl(tmp.file(`t-${Math.random().toString(36).slice(2)}.jsonl`), records);
  const report = await run({ head, base, trafficPath: traffic, ...extra });
  expect(report.errors).toEqual([]);
  const r = report.result!;
  expectInvariants(r);
  return r;
}

const READ_ONLY = policyYaml({
  default_effect: 'deny',
  on_missing_context: 'ignore',
  rules: [
    { id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] },
    { id: 'allow-export', effect: 'allow', conditions: [cond('tool', ['export_report'])] },
  ],
});

describe('change groups on designed policy pairs', () => {
  it('a loosened allow rule: one newly_allowed group, explained by that rule (head side)', async () => {
    const head = READ_ONLY.replace('"read_file"', '"read_file", "write_file"');
    const r = await groupsOf(READ_ONLY, head, [
      call('w1', { tool: 'write_file', subject: 'alice', at: '2026-11-27T10:00:00Z' }),
      call('w2', { tool: 'write_file', subject: 'bob', at: '2026-11-27T12:00:00+02:00' }),
      call('w3', { tool: 'write_file', subject: 'alice', at: '2026-11-27T09:30:00Z' }),
      call('r1', { tool: 'read_file' }),
    ]);
    // The line is the head file's (runReplay hands the head's text to the diff).
    expect(r.rule_diff).toEqual({
      added: [],
      added_rules: [],
      removed: [],
      removed_rules: [],
      modified: [
        {
          id: 'allow-read',
          what: ['conditions'],
          line: 6,
          changes: [{ field: 'tool', op: 'in', added: ['write_file'], removed: [] }],
        },
      ],
      reordered: false,
      settings: [],
    });
    expect(r.change_groups).toEqual([
      {
        direction: 'newly_allowed',
        count: 3,
        head_rules: ['allow-read'],
        base_rules: [],
        method: 'tools/call',
        tools: ['write_file'],
        subjects: {
          distinct: 2,
          top: [
            { subject: 'alice', count: 2 },
            { subject: 'bob', count: 1 },
          ],
        },
        first_at: '2026-11-27T09:30:00Z',
        last_at: '2026-11-27T10:00:00Z',
        // The change order: most recent first (w2 is 10:00Z written with an offset; w1 wins the
        // tie by request_id).
        examples: ['w1', 'w2', 'w3'],
        because: [{ rule: 'allow-read', change: 'modified', side: 'head' }],
      },
    ]);
    expect(r.change_groups_total).toBe(1);
  });

  it('a removed allow rule and an added deny rule both explain the newly denied group', async () => {
    const head = policyYaml({
      default_effect: 'deny',
      on_missing_context: 'ignore',
      rules: [
        { id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] },
        { id: 'deny-export', effect: 'deny', conditions: [cond('tool', ['export_report'])] },
      ],
    });
    const r = await groupsOf(READ_ONLY, head, [call('e1', { tool: 'export_report' })]);
    expect(r.change_groups).toHaveLength(1);
    expect(r.change_groups[0]).toMatchObject({
      direction: 'newly_denied',
      head_rules: ['deny-export'],
      base_rules: ['allow-export'],
      because: [
        { rule: 'deny-export', change: 'added', side: 'head' },
        { rule: 'allow-export', change: 'removed', side: 'base' },
      ],
    });
  });

  it('a default_effect change explains the requests no rule decided', async () => {
    const head = READ_ONLY.replace('"default_effect": "deny"', '"default_effect": "allow"');
    const r = await groupsOf(READ_ONLY, head, [call('o1', { tool: 'other' }), call('r1')]);
    expect(r.change_groups.map((g) => [g.direction, g.head_rules, g.base_rules, g.because])).toEqual([
      ['newly_allowed', [], [], [{ setting: 'default_effect', from: 'deny', to: 'allow' }]],
    ]);
  });

  it('on_missing_context ignore → deny explains requests denied for missing context', async () => {
    const base = policyYaml({
      default_effect: 'deny',
      on_missing_context: 'ignore',
      rules: [
        { id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] },
        { id: 'deny-mallory', effect: 'deny', conditions: [cond('subject', ['mallory'])] },
      ],
    });
    const head = base.replace('"ignore"', '"deny"');
    const r = await groupsOf(base, head, [call('u1', { verified: false }), call('v1', { verified: true })]);
    // allow-read matched on both sides but is unchanged: only the setting explains it.
    expect(r.change_groups.map((g) => [g.direction, g.head_rules, g.base_rules, g.because])).toEqual([
      [
        'newly_denied',
        ['allow-read'],
        ['allow-read'],
        [{ setting: 'on_missing_context', from: 'ignore', to: 'deny' }],
      ],
    ]);
  });

  it('a new rule that lacks context, under an unchanged on_missing_context: deny, explains the denial', async () => {
    const base = policyYaml({
      default_effect: 'deny',
      on_missing_context: 'deny',
      rules: [{ id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] }],
    });
    const head = policyYaml({
      default_effect: 'deny',
      on_missing_context: 'deny',
      rules: [
        { id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] },
        { id: 'deny-mallory', effect: 'deny', conditions: [cond('subject', ['mallory'])] },
      ],
    });
    const r = await groupsOf(base, head, [call('u1', { verified: false })]);
    // deny-mallory matched nothing, yet its missing context denied the request: it is named, so
    // a newly_* group is never unexplained.
    expect(r.change_groups.map((g) => [g.direction, g.head_rules, g.because])).toEqual([
      ['newly_denied', ['allow-read'], [{ rule: 'deny-mallory', change: 'added', side: 'head' }]],
    ]);
  });

  it('a new policy: every change is from unknown, explained by added rules and the settings from null', async () => {
    const r = await groupsOf(null, READ_ONLY, [call('r1'), call('o1', { tool: 'other' })]);
    expect(r.rule_diff!.added).toEqual(['allow-read', 'allow-export']);
    expect(r.change_groups.map((g) => [g.direction, g.head_rules, g.base_rules, g.because])).toEqual([
      ['unknown_to_allow', ['allow-read'], [], [{ rule: 'allow-read', change: 'added', side: 'head' }]],
      ['unknown_to_deny', [], [], [{ setting: 'default_effect', from: null, to: 'deny' }]],
    ]);
  });

  it('a base that cannot score the request: only unchanged head rules, so an empty because', async () => {
    const base = policyYaml({
      default_effect: 'deny',
      on_missing_context: 'ignore',
      rules: [
        { id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] },
        { id: 'deny-root', effect: 'deny', conditions: [cond('claim:role', ['root'])] },
      ],
    });
    const head = policyYaml({
      default_effect: 'deny',
      on_missing_context: 'ignore',
      rules: [{ id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] }],
    });
    const r = await groupsOf(base, head, [call('c1', { extra: { unavailable: ['identity.claims'] } })]);
    expect(r.change_groups).toHaveLength(1);
    expect(r.change_groups[0]).toMatchObject({
      direction: 'unknown_to_allow',
      head_rules: ['allow-read'],
      base_rules: [],
      because: [],
    });
  });

  it('a description-only edit and a reordering of values change no decision and explain nothing', async () => {
    const base = readFileSync(join(repoRoot, 'fixtures/example/policies/base.yaml'), 'utf8');
    const cosmetic = base
      .replace('values: [read_file, list_dir, search_docs]', 'values: [search_docs, read_file, list_dir]')
      .replace('description: Read-only tools for every verified caller.', 'description: Reworded.');
    expect(cosmetic).not.toBe(base);
    const sample = gunzipSync(readFileSync(join(repoRoot, 'fixtures/example/traffic/sample.jsonl.gz')));
    const traffic = tmp.file('example-1500.jsonl');
    writeJsonl(
      traffic,
      sample
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== '')
        .slice(0, 1500),
    );
    const r = (await run({ head: cosmetic, base, trafficPath: traffic })).result!;
    expect(r.rule_diff).toEqual({
      added: [],
      added_rules: [],
      removed: [],
      removed_rules: [],
      modified: [{ id: 'allow-read-tools', what: ['description'], line: 94, changes: [] }],
      reordered: false,
      settings: [],
    });
    expect(r.changes_total).toBe(0);
    expect(r.change_groups).toEqual([]);
    expect(r.change_groups_total).toBe(0);
  });

  it('a rule edited in its description only is never named in because, even where it matched', async () => {
    const head = policyYaml({
      default_effect: 'deny',
      on_missing_context: 'ignore',
      rules: [
        { id: 'allow-read', effect: 'allow', conditions: [cond('tool', ['read_file'])] },
        {
          id: 'allow-export',
          description: 'now documented',
          effect: 'allow',
          conditions: [cond('tool', ['export_report'])],
        },
        { id: 'deny-bob', effect: 'deny', conditions: [cond('subject', ['bob'])] },
      ],
    });
    const r = await groupsOf(READ_ONLY, head, [call('x1', { tool: 'export_report', subject: 'bob' })]);
    expect(r.rule_diff!.modified).toEqual([
      { id: 'allow-export', what: ['description'], line: 19, changes: [] },
    ]);
    expect(r.change_groups.map((g) => [g.direction, g.head_rules, g.base_rules, g.because])).toEqual([
      [
        'newly_denied',
        ['allow-export', 'deny-bob'],
        ['allow-export'],
        [{ rule: 'deny-bob', change: 'added', side: 'head' }],
      ],
    ]);
  });
});

describe('change groups: key, order, cap, subjects and times', () => {
  const head = policyYaml({
    default_effect: 'allow',
    on_missing_context: 'ignore',
    rules: [{ id: 'deny-shell', effect: 'deny', conditions: [cond('tool', ['run_shell'])] }],
  });
  const base = policyYaml({
    default_effect: 'deny',
    on_missing_context: 'ignore',
    rules: [{ id: 'allow-shell', effect: 'allow', conditions: [cond('tool', ['run_shell'])] }],
  });
  const records = [
    // newly_denied: allow-shell removed, deny-shell added.
    call('s1', { tool: 'run_shell', subject: 'bob' }),
    call('s2', { tool: 'run_shell', subject: null, at: null }),
    // newly_allowed by the default; a batch is its own kind of request.
    call('b1', { tools: ['read_file', 'write_file'], subject: 'bob' }),
    // newly_allowed by the default: several kinds of request.
    ...['a', 'b', 'c', 'd', 'e', 'f'].map((s, i) =>
      call(`w${i}`, { tool: 'write_file', subject: s, at: `2026-11-2${i}T00:00:00Z` }),
    ),
    call('w6', { tool: 'write_file', subject: 'f', at: '2026-11-20T01:00:00+01:00' }),
    call('w7', { tool: 'write_file', subject: null }),
    call('p1', { tool: 'ping', method: 'ping' }),
    call('p2', { tool: 'ping', method: 'ping' }),
    call('l1', { tool: 'list_dir' }),
    call('l2', { tool: 'list_dir' }),
  ];

  it('orders by direction, then count, then the key; caps at --max-groups with the true total', async () => {
    const r = await groupsOf(base, head, records);
    const summary = r.change_groups.map((g) => [g.direction, g.count, g.method, g.tools.join('+')]);
    expect(summary).toEqual([
      ['newly_allowed', 8, 'tools/call', 'write_file'],
      // Equal counts: the key decides — method `ping` before `tools/call`.
      ['newly_allowed', 2, 'ping', 'ping'],
      ['newly_allowed', 2, 'tools/call', 'list_dir'],
      ['newly_allowed', 1, 'tools/call', 'read_file+write_file'],
      ['newly_denied', 2, 'tools/call', 'run_shell'],
    ]);
    // default_effect deny → allow decided both sides; the shell rules were swapped.
    expect(r.change_groups[0]!.because).toEqual([{ setting: 'default_effect', from: 'deny', to: 'allow' }]);
    expect(r.change_groups[4]).toMatchObject({
      head_rules: ['deny-shell'],
      base_rules: ['allow-shell'],
      because: [
        { rule: 'deny-shell', change: 'added', side: 'head' },
        { rule: 'allow-shell', change: 'removed', side: 'base' },
      ],
    });
    expect(r.change_groups.reduce((s, g) => s + g.count, 0)).toBe(r.changes_total);

    const capped = await groupsOf(base, head, records, { maxGroups: 2 });
    expect(capped.change_groups).toEqual(r.change_groups.slice(0, 2));
    expect(capped.change_groups_total).toBe(5);
    expect(capped.changes_total).toBe(r.changes_total);
  });

  it('subjects: top 5 by count then name, null counted as one value; times as instants; 3 examples', async () => {
    const r = await groupsOf(base, head, records);
    const writes = r.change_groups[0]!;
    expect(writes.subjects).toEqual({
      distinct: 7,
      top: [
        { subject: 'f', count: 2 },
        { subject: 'a', count: 1 },
        { subject: 'b', count: 1 },
        { subject: 'c', count: 1 },
        { subject: 'd', count: 1 },
      ],
    });
    // w6 is 2026-11-20T00:00Z written with an offset: the same instant as w0; the smaller text wins.
    expect(writes.first_at).toBe('2026-11-20T00:00:00Z');
    // w7 has the default time (2026-11-27T09:00Z), the latest; examples follow the change order.
    expect(writes.last_at).toBe('2026-11-27T09:00:00Z');
    expect(writes.examples).toEqual(['w7', 'w5', 'w4']);
    const shell = r.change_groups[4]!;
    expect(shell.subjects).toEqual({
      distinct: 2,
      top: [
        { subject: 'bob', count: 1 },
        { subject: null, count: 1 },
      ],
    });
    // The untimed request is the last example and does not move first_at/last_at.
    expect(shell.examples).toEqual(['s1', 's2']);
    expect(shell.first_at).toBe('2026-11-27T09:00:00Z');
    expect(shell.last_at).toBe('2026-11-27T09:00:00Z');
  });
});
