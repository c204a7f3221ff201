import { describe, it, expect } from '@jest/globals';
import {
  DecisionLogOptionError,
  mapDecisionEvent,
  NO_DECISION_LOG_OPTIONS,
  normalizeDecisionPath,
  parseDecisionLogOptions,
  policyRevisionOf,
  recordedDecisionOf,
  type DecisionLogOptions,
} from '../../src/traffic/decisionLog.js';

/** An event shaped like the ones `opa run --server` writes (see opaDecisionLogs.test.ts). */
function event(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    decision_id: 'd-1',
    path: 'policy_replay/decision',
    input: { request: { http: { method: 'POST', host: 'mcp.internal', path: '/mcp' } } },
    result: { allow: true, matched_rule_ids: ['a'], missing_context_rule_ids: [] },
    labels: { id: 'x', version: '1.22.3' },
    metrics: { timer_rego_query_eval_ns: 1 },
    req_id: 1,
    requested_by: '127.0.0.1:1',
    timestamp: '2026-11-30T18:40:28.354640007Z',
    nd_builtin_cache: { 'time.now_ns': { '[]': 1 } },
    ...extra,
  };
}

const options = (o: Partial<DecisionLogOptions> = {}): DecisionLogOptions => ({
  ...NO_DECISION_LOG_OPTIONS,
  decisionPath: 'policy_replay/decision',
  ...o,
});

describe('normalizeDecisionPath', () => {
  it.each([
    ['policy_replay/decision', 'policy_replay/decision'],
    ['/policy_replay/decision', 'policy_replay/decision'],
    ['data.policy_replay.decision', 'policy_replay/decision'],
    ['/data/policy_replay/decision', 'policy_replay/decision'],
    ['policy_replay.decision', 'policy_replay/decision'],
    ['database/decision', 'database/decision'],
    ['data', ''],
  ])('%s → %s', (path, normalized) => expect(normalizeDecisionPath(path)).toBe(normalized));
});

describe('parseDecisionLogOptions', () => {
  it('normalizes the path and splits the dotted fields', () => {
    expect(
      parseDecisionLogOptions({
        decisionPath: '/data/gate.decision',
        decisionField: 'decision.allowed',
        bundle: 'gate',
        manifestIdField: 'input.request.mcp.session_id',
      }),
    ).toEqual({
      decisionPath: 'gate/decision',
      decisionField: ['decision', 'allowed'],
      bundle: 'gate',
      manifestIdField: ['input', 'request', 'mcp', 'session_id'],
    });
    expect(parseDecisionLogOptions({})).toEqual(NO_DECISION_LOG_OPTIONS);
  });

  it.each([
    [{ decisionPath: '' }, 'decision-path'],
    [{ decisionPath: 'data' }, 'decision-path'],
    [{ decisionPath: 'a//b' }, 'decision-path'],
    [{ decisionField: '' }, 'decision-field'],
    [{ decisionField: 'a..b' }, 'decision-field'],
    [{ manifestIdField: 'input.' }, 'manifest-id-field'],
    [{ bundle: '' }, 'bundle'],
  ])('refuses %j, naming %s', (text, option) => {
    expect(() => parseDecisionLogOptions(text)).toThrow(DecisionLogOptionError);
    expect(() => parseDecisionLogOptions(text)).toThrow(expect.objectContaining({ option }));
  });
});

describe('mapDecisionEvent: the mapping table', () => {
  it('maps an event to exactly a record of our format', () => {
    expect(mapDecisionEvent(event({ bundles: { gate: { revision: '3c9e1d2' } } }), options())).toEqual({
      kind: 'record',
      path: null,
      record: {
        request_id: 'd-1',
        occurred_at: '2026-11-30T18:40:28.354640007Z',
        recorded_decision: 'allow',
        policy_revision: '3c9e1d2',
        input: { request: { http: { method: 'POST', host: 'mcp.internal', path: '/mcp' } } },
      },
    });
  });

  it('keeps the events of the chosen path; others, and events without a path, are other_path', () => {
    for (const path of [
      'policy_replay/decision',
      '/data/policy_replay.decision',
      'data.policy_replay.decision',
    ])
      expect(mapDecisionEvent(event({ path }), options()).kind).toBe('record');
    expect(mapDecisionEvent(event({ path: 'other/decision' }), options())).toEqual({ kind: 'other_path' });
    expect(mapDecisionEvent(event({ path: undefined, query: 'x := 1' }), options())).toEqual({
      kind: 'other_path',
    });
    // Without --decision-path: kept, with the path for the one-path rule.
    expect(mapDecisionEvent(event({ path: '/data/a.b' }), NO_DECISION_LOG_OPTIONS)).toMatchObject({
      kind: 'record',
      path: 'a/b',
    });
    expect(mapDecisionEvent(event({ path: undefined }), NO_DECISION_LOG_OPTIONS).kind).toBe('other_path');
  });

  it('an event of another path is skipped whatever else is wrong with it', () => {
    expect(mapDecisionEvent(event({ path: 'x', decision_id: 7, input: undefined }), options()).kind).toBe(
      'other_path',
    );
  });

  it.each([
    [{ decision_id: '' }, 'decision_id: must be a non-empty string', undefined],
    [{ decision_id: 7 }, 'decision_id: must be a non-empty string', undefined],
    [{ timestamp: 'yesterday' }, expect.stringMatching(/^timestamp: must be an RFC 3339 instant/), 'd-1'],
    [{ input: undefined }, 'no input', 'd-1'],
    // Masked is replaced, not removed: a masked /input without an input is no input at all.
    [{ input: undefined, masked: ['/input'] }, 'no input', 'd-1'],
    [{ erased: '/input' }, 'erased: must be a list of JSON pointers', 'd-1'],
    [{ masked: [3] }, 'masked[0]: must be a JSON pointer (a string)', 'd-1'],
    [
      { input: { request: { time: 'noon' } } },
      expect.stringMatching(/^input\.request\.time: must be an RFC 3339 instant/),
      'd-1',
    ],
    [{ input: 'text' }, expect.stringMatching(/^input: must be an object/), 'd-1'],
  ])('%j is malformed', (extra, reason, id) => {
    const mapped = mapDecisionEvent(event(extra), options());
    expect(mapped).toEqual(
      id === undefined
        ? { kind: 'malformed', reason, path: null }
        : { kind: 'malformed', reason, request_id: id, path: null },
    );
  });

  it('an erased input is an empty input whose /input is unknown', () => {
    const mapped = mapDecisionEvent(event({ input: undefined, erased: ['/input'] }), options());
    expect(mapped).toMatchObject({ kind: 'record', record: { input: {}, unknown_paths: ['/input'] } });
  });

  it('timestamp is optional', () => {
    const mapped = mapDecisionEvent(event({ timestamp: undefined }), options());
    expect(mapped.kind === 'record' && 'occurred_at' in mapped.record).toBe(false);
  });

  it('nd_builtin_cache and the other OPA keys are not consulted', () => {
    const a = mapDecisionEvent(event(), options());
    const b = mapDecisionEvent(
      event({ nd_builtin_cache: undefined, metrics: undefined, labels: undefined, req_id: undefined }),
      options(),
    );
    expect(b).toEqual(a);
  });

  it('--manifest-id-field reads a dotted path into the event when it is a string', () => {
    const withSession = event({
      input: { request: { mcp: { session_id: 'turn-7' } } },
    });
    const field = ['input', 'request', 'mcp', 'session_id'];
    expect(mapDecisionEvent(withSession, options({ manifestIdField: field }))).toMatchObject({
      record: { manifest_id: 'turn-7' },
    });
    expect(mapDecisionEvent(withSession, options())).not.toMatchObject({ record: { manifest_id: 'turn-7' } });
    const numeric = event({ input: { request: { mcp: { session_id: 7 } } } });
    const mapped = mapDecisionEvent(numeric, options({ manifestIdField: field }));
    expect(mapped.kind === 'record' && 'manifest_id' in mapped.record).toBe(false);
    // Masked: the logged value is not the real one.
    const hidden = mapDecisionEvent(
      event({ ...withSession, masked: ['/input/request/mcp'] }),
      options({ manifestIdField: field }),
    );
    expect(hidden.kind === 'record' ? hidden.record.manifest_id : 'none').not.toBe('turn-7');
  });

  it('erased and masked pointers under /input become unknown_paths (erased first, each once)', () => {
    const mapped = mapDecisionEvent(
      event({
        erased: ['/input/identity/claims', '/result/matched_rule_ids', '/inputs/x'],
        masked: ['/input/identity/subject', '/input/identity/claims'],
      }),
      options(),
    );
    expect(mapped).toEqual({
      kind: 'record',
      path: null,
      record: expect.objectContaining({
        unknown_paths: ['/input/identity/claims', '/input/identity/subject'],
      }),
    });
  });
});

describe('a hostile event', () => {
  // Deduplicated through a Set (a scan per pointer took 7.5 s on this event); speed is the
  // bench's to measure, so this checks the outcome only.
  it('with as many erased pointers as 1 MiB holds is malformed for the cap', () => {
    const erased = Array.from({ length: 75_000 }, (_, i) => `/input/${i.toString(36)}`);
    const mapped = mapDecisionEvent(event({ erased }), options());
    expect(mapped).toMatchObject({
      kind: 'malformed',
      reason: 'erased/masked: must hold at most 1024 pointers',
    });
  });
});

describe('recordedDecisionOf', () => {
  const of = (e: Record<string, unknown>, field: string[] | null = null, hidden: string[] = []) =>
    recordedDecisionOf(e, field, hidden);

  it('the default chain: result, result.allow, result.decision', () => {
    expect(of({ result: true })).toBe('allow');
    expect(of({ result: false })).toBe('deny');
    expect(of({ result: { allow: false, decision: 'allow' } })).toBe('deny');
    expect(of({ result: { decision: 'allow' } })).toBe('allow');
    expect(of({ result: { decision: 'deny' } })).toBe('deny');
    expect(of({ result: { decision: 'maybe' } })).toBeUndefined();
    expect(of({ result: { allow: 'yes' } })).toBeUndefined();
    expect(of({ result: 'allow' })).toBeUndefined();
    expect(of({})).toBeUndefined();
  });

  it('--decision-field names the allow inside result', () => {
    expect(of({ result: { gate: { allowed: true } } }, ['gate', 'allowed'])).toBe('allow');
    expect(of({ result: { gate: { allowed: 'deny' } } }, ['gate', 'allowed'])).toBe('deny');
    expect(of({ result: { allow: true } }, ['gate', 'allowed'])).toBeUndefined();
    expect(of({ result: { gate: { allowed: 1 } } }, ['gate', 'allowed'])).toBeUndefined();
  });

  it('none when the event has an error, or the result (or the field) was erased or masked', () => {
    expect(of({ result: true, error: { code: 'eval_conflict_error' } })).toBeUndefined();
    expect(of({ result: { allow: true } }, null, ['/result'])).toBeUndefined();
    expect(of({ result: { allow: true } }, null, ['/result/allow'])).toBeUndefined();
    expect(of({ result: { allow: true } }, null, ['/result/matched_rule_ids'])).toBe('allow');
    expect(of({ result: { g: { a: true } } }, ['g', 'a'], ['/result/g'])).toBeUndefined();
    expect(of({ result: { allow: true } }, null, ['/input/identity'])).toBe('allow');
  });
});

describe('policyRevisionOf', () => {
  it('the only bundle, the one named by --bundle, else the top-level revision', () => {
    expect(policyRevisionOf({ bundles: { gate: { revision: 'r1' } } }, null)).toBe('r1');
    const two = { bundles: { gate: { revision: 'r1' }, other: { revision: 'r2' } }, revision: 'r0' };
    expect(policyRevisionOf(two, null)).toBe('r0');
    expect(policyRevisionOf(two, 'other')).toBe('r2');
    expect(policyRevisionOf(two, 'missing')).toBe('r0');
    expect(policyRevisionOf({ bundles: { a: {}, b: {} } }, null)).toBeUndefined();
    expect(policyRevisionOf({ revision: 'r0' }, null)).toBe('r0');
    expect(policyRevisionOf({ bundles: { gate: { revision: '' } } }, null)).toBeUndefined();
    expect(policyRevisionOf({}, null)).toBeUndefined();
  });

  it('the only bundle is the revision whatever --bundle names (it chooses among several)', () => {
    expect(policyRevisionOf({ bundles: { gate: { revision: 'r1' } } }, 'other')).toBe('r1');
    expect(policyRevisionOf({ bundles: { gate: { revision: 'r1' } }, revision: 'r0' }, 'other')).toBe('r1');
    expect(policyRevisionOf({ bundles: { gate: {} }, revision: 'r0' }, 'other')).toBe('r0');
    // A bundle name is data: no prototype lookups.
    expect(policyRevisionOf({ bundles: { gate: { revision: 'r1' }, x: {} } }, '__proto__')).toBeUndefined();
  });
});
