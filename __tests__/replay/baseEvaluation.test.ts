import { describe, it, expect, afterAll } from '@jest/globals';
import { BaseEvaluationError } from '../../src/replay/aggregator.js';
import { expectInvariants, pathRecord, policyYaml, run, tempDir, writeJsonl } from './helpers.js';

/**
 * A base that cannot evaluate a record the head evaluated fails the replay: the record is readable
 * (the head read it), so counting it malformed would silently leave it out of the comparison, and
 * the default `fail-on` does not include `malformed`. The realistic trigger: a rule with an
 * `active_window` reads the request time with OPA's `time.parse_rfc3339_ns`, which refuses
 * instants past 2262 (int64 nanoseconds); the record format accepts them, and a policy without a
 * window never reads the time.
 */

const tmp = tempDir('replay-base-evaluation-');
afterAll(() => tmp.cleanup());

const MCP = { field: 'http_path', operator: 'in', values: ['/mcp'] };
const WINDOW = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  from: '00:00',
  to: '23:59',
  timezone: 'Europe/London',
};
const WINDOWED = policyYaml({
  default_effect: 'deny',
  rules: [{ id: 'mcp', effect: 'allow', conditions: [MCP], active_window: WINDOW }],
});
const PLAIN = policyYaml({
  default_effect: 'deny',
  rules: [{ id: 'mcp', effect: 'allow', conditions: [MCP] }],
});

const timed = (id: string, time: string) => {
  const r = pathRecord(id, '/mcp') as { input: { request: Record<string, unknown> } };
  r.input.request.time = time;
  return r;
};

const sample = () =>
  writeJsonl(tmp.file(`s-${Math.random().toString(36).slice(2)}.jsonl`), [
    timed('ok', '2026-11-23T10:00:00Z'), // 1
    timed('far-future', '2300-01-01T10:00:00Z'), // 2: no int64 nanoseconds
    timed('ok-2', '2026-11-24T10:00:00Z'), // 3
  ]);

describe('a base that cannot evaluate a record the head evaluated', () => {
  it('fails the replay, naming the record and the failure, instead of counting it malformed', async () => {
    const trafficPath = sample();
    for (const invalidBase of ['fail', 'unknown'] as const) {
      const replay = run({ head: PLAIN, base: WINDOWED, trafficPath, invalidBase, workers: 1 });
      await expect(replay).rejects.toThrow(BaseEvaluationError);
      await expect(replay).rejects.toThrow(
        /^the base version could not evaluate the record on line 2, which the head evaluated, so the change cannot be judged against it: evaluating policies\/base\.yaml on request "far-future" failed: .*time outside of valid range/,
      );
    }
  });

  it('leaves a record neither side can evaluate malformed (the record is at fault)', async () => {
    const report = await run({ head: WINDOWED, base: WINDOWED, trafficPath: sample(), workers: 1 });
    const r = report.result!;
    expectInvariants(r);
    expect(r).toMatchObject({ evaluated: 2, malformed: { count: 1 } });
    expect(r.malformed.examples[0]).toMatchObject({
      line: 2,
      reason: expect.stringMatching(/policies\/head\.yaml/),
    });
  });

  it('leaves a record the head cannot evaluate malformed, as before', async () => {
    const report = await run({ head: WINDOWED, base: PLAIN, trafficPath: sample(), workers: 1 });
    const r = report.result!;
    expectInvariants(r);
    expect(r).toMatchObject({ evaluated: 2, malformed: { count: 1 } });
    expect(r.malformed.examples[0]!.reason).toMatch(/policies\/head\.yaml.*time outside of valid range/);
  });
});
