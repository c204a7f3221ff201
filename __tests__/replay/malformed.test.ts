import { describe, it, expect, afterAll } from '@jest/globals';
import { expectInvariants, pathRecord, policyYaml, run, tempDir, writeJsonl } from './helpers.js';

const tmp = tempDir('replay-malformed-');
afterAll(() => tmp.cleanup());

const POLICY = policyYaml({
  default_effect: 'deny',
  rules: [
    { id: 'mcp', effect: 'allow', conditions: [{ field: 'http_path', operator: 'in', values: ['/mcp'] }] },
  ],
});

describe('malformed records', () => {
  it('are counted with their line and reason, never replayed, never in a bucket', async () => {
    const lines: unknown[] = [
      pathRecord('ok-1', '/mcp'), // 1
      '{"request_id": "broken", "input": {', // 2: not JSON
      { input: {} }, // 3: no request_id
      { request_id: 'no-input' }, // 4: no input
      pathRecord('dup', '/mcp'), // 5
      pathRecord('dup', '/other'), // 6: a repeated request_id
      { request_id: 'wrong-type', input: {}, occurred_at: 5 }, // 7: a wrong type
      { request_id: 'unknown-gap', input: {}, unavailable: ['mcp.bogus'] }, // 8
      {
        request_id: 'paired-and-unpaired',
        input: { request: { mcp: { calls: [{ tool: 'a' }] } } },
        unpaired: { call_count: 1, tool: ['a'] },
      }, // 9: unpaired beside calls
      '', // 10: blank, not a record at all
      pathRecord('ok-2', '/other'), // 11
      '[1, 2]', // 12: not an object
      { request_id: '', input: {} }, // 13: empty request_id
      { request_id: 'wrong-decision', input: {}, recorded_decision: 'maybe' }, // 14
      { request_id: 'identity-type', input: { identity: { groups: 'admins' } } }, // 15
    ];
    const report = await run({
      head: POLICY,
      base: POLICY,
      trafficPath: writeJsonl(tmp.file('kinds.jsonl'), lines),
    });
    const r = report.result!;
    expectInvariants(r);
    expect(r).toMatchObject({ evaluated: 3, allowed: 2, denied: 1, unevaluable: 0 });
    expect(r.malformed.count).toBe(11);
    expect(r.malformed.examples.map((e) => e.line)).toEqual([2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 15]);
    const reason = Object.fromEntries(r.malformed.examples.map((e) => [e.line, e.reason]));
    expect(reason[2]).toMatch(/not JSON/);
    expect(reason[3]).toMatch(/request_id/);
    expect(reason[4]).toMatch(/input/);
    expect(reason[6]).toMatch(/duplicate.*"dup".*line 5/);
    expect(reason[7]).toMatch(/occurred_at/);
    expect(reason[8]).toMatch(/unavailable.*mcp\.bogus/);
    expect(reason[9]).toMatch(/unpaired/);
    expect(reason[12]).toMatch(/object/);
    expect(reason[13]).toMatch(/request_id/);
    expect(reason[14]).toMatch(/recorded_decision/);
    expect(reason[15]).toMatch(/groups/);
    // The repeat is not replayed: the first "dup" (allowed) stands.
    expect(r.rule_hits).toEqual({ mcp: 2 });
  });

  it('list at most 20 examples, the first ones, while count is the true count', async () => {
    const lines: unknown[] = [pathRecord('fine', '/mcp')];
    for (let i = 0; i < 57; i++)
      lines.push(i % 2 === 0 ? `not json ${i}` : { request_id: `bad-${i}`, input: [] });
    lines.push(pathRecord('fine-too', '/other'));
    const r = (
      await run({ head: POLICY, base: null, trafficPath: writeJsonl(tmp.file('many.jsonl'), lines) })
    ).result!;
    expectInvariants(r);
    expect(r.malformed.count).toBe(57);
    expect(r.malformed.examples).toHaveLength(20);
    expect(r.malformed.examples.map((e) => e.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(r.evaluated).toBe(2);
  });
});
