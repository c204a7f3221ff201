import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { EngineError, EngineProcess } from '../../src/regoPolicy/engineProcess.js';
import { bundleFromFiles, type RegoBundle } from '../../src/regoPolicy/bundle.js';
import {
  dataOutsideBundle,
  eventRefusal,
  regoVersionOf,
  undefinedDecisionPath,
  unknownBuiltin,
} from '../../src/regoPolicy/preflight.js';
import { parseRegoEvent } from '../../src/regoPolicy/regoEvent.js';
import { ensureEngine } from '../support/engine.js';

/**
 * The refusals of a Rego replay (docs/rego.md "Refused"), from what the real engine says about
 * policies written to provoke each: a service's own builtin, data the bundle does not hold, a
 * decision path nothing defines, a Rego version the manifest contradicts, an event without a path.
 */

function bundle(files: Record<string, string>): RegoBundle {
  const result = bundleFromFiles(Object.entries(files).map(([path, text]) => ({ path, text })));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.bundle;
}

const AUTHZ = `package httpapi.authz

default allow := false

allow if input.user in data.org.managers[input.employee]
`;

let engine: EngineProcess;
beforeAll(async () => {
  // A side to start with; each test loads its own.
  engine = await EngineProcess.start(ensureEngine().engine, {
    p: { modules: { 'p.rego': 'package p\n' }, decision: 'p/allow' },
  });
});
afterAll(() => engine?.close());

describe('a Rego replay is refused', () => {
  it('when a policy calls a builtin OPA does not have', async () => {
    const custom = 'package svc\n\nallow if acme.entitled(input.user, "reports")\n';
    const error = await engine
      .load({ head: { modules: { 'svc.rego': custom }, decision: 'svc/allow' } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(EngineError);
    const e = error as EngineError;
    expect(e.kind).toBe('unknown_builtin');
    const refusal = unknownBuiltin('head', e.message, e.location);
    expect(refusal).toMatchObject({ code: 'unknown_builtin', side: 'head', file: 'svc.rego', line: 3 });
  });

  it('when a policy reads data its bundle does not hold', async () => {
    const withData = bundle({ 'authz.rego': AUTHZ, 'org/data.json': '{"managers": {"bob": ["carol"]}}' });
    const without = bundle({ 'authz.rego': AUTHZ });
    await engine.load({
      with: { modules: withData.modules, data: withData.data, decision: 'httpapi/authz/allow' },
      without: { modules: without.modules, data: without.data, decision: 'httpapi/authz/allow' },
    });
    const reads = (await engine.reads('with')).data;
    expect(reads).toEqual(['/data/org/managers']);
    expect(dataOutsideBundle('base', withData, reads)).toEqual([]);
    expect(dataOutsideBundle('head', without, (await engine.reads('without')).data)).toEqual([
      expect.objectContaining({ code: 'data_outside_bundle', side: 'head' }),
    ]);
  });

  it('when no rule and no data defines the decision path', async () => {
    const b = bundle({ 'authz.rego': AUTHZ, 'org/data.json': '{"open": true}' });
    const { rules } = await engine.rules(b.modules);
    const sides = [{ side: 'head', ruleRefs: rules.map((g) => g.ref), bundle: b }];
    expect(undefinedDecisionPath('httpapi/authz/allow', sides)).toBeNull();
    expect(undefinedDecisionPath('httpapi/authz', sides)).toBeNull();
    expect(undefinedDecisionPath('org/open', sides)).toBeNull();
    expect(undefinedDecisionPath('httpapi/authz/alow', sides)).toMatchObject({
      code: 'undefined_decision_path',
    });
  });

  it('when --rego-version contradicts a manifest', () => {
    const v0 = bundle({ '.manifest': '{"rego_version": 0}', 'p.rego': 'package p\n\nallow { true }\n' });
    expect(regoVersionOf('base', v0, 'v1').refusal).toMatchObject({
      code: 'rego_version_mismatch',
      side: 'base',
    });
    expect(regoVersionOf('base', v0, null)).toEqual({ version: 'v0', refusal: null });
    expect(regoVersionOf('head', bundle({ 'p.rego': 'package p\n' }), null)).toEqual({
      version: 'v1',
      refusal: null,
    });
  });

  it('when an event has no path', () => {
    const parsed = parseRegoEvent('{"decision_id":"q-1","query":"data.x = y","input":{}}');
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(eventRefusal(parsed.event, { line: 7 })).toMatchObject({ code: 'event_without_path', line: 7 });
  });
});
