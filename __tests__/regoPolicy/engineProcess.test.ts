/**
 * policy-replay-engine through its TypeScript client, on an HTTP API authorization policy
 * (fixtures/httpapi_authz.rego) that decodes a bearer token and reads the clock. Every decision that
 * does not need an unrecorded call is compared with the pinned `opa eval` (OPA 1.22.3), the clock
 * given to it with `with time.now_ns as ...`.
 */
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EngineError,
  EngineProcess,
  topLevelMembers,
  type Decision,
} from '../../src/regoPolicy/engineProcess.js';
import { ensureEngine } from '../support/engine.js';
import { repoRoot, testOpaPath } from '../support/opa.js';
import { tempDir } from '../support/files.js';

const POLICY_FILE = join(repoRoot, '__tests__/regoPolicy/fixtures/httpapi_authz.rego');
const POLICY = readFileSync(POLICY_FILE, 'utf8');
const DATA = '{"grants":{"bob":["payroll-approver"]}}';

/** 2025-12-02T10:06:40.123456789Z in nanoseconds: beyond 2^53, as every time.now_ns is. */
const NOW = '1764670000123456789';
const LATER = '1950000000000000000';
const clock = (ns: string): string => `{"time.now_ns":{"[]":${ns}}}`;

/** An unsigned JWT: io.jwt.decode does not verify, and the test needs no key. */
function token(claims: Record<string, unknown>): string {
  const part = (x: unknown): string => Buffer.from(JSON.stringify(x)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}
const ALICE = token({ sub: 'alice', roles: ['reader'], exp: 1900000000 });
const BOB = token({ sub: 'bob', roles: [], exp: 1900000000 });

const SIDES = {
  allow: { modules: { 'httpapi_authz.rego': POLICY }, data: DATA, decision: 'httpapi/authz/allow' },
  reason: { modules: { 'httpapi_authz.rego': POLICY }, data: DATA, decision: 'httpapi/authz/reason' },
  decision: { modules: { 'httpapi_authz.rego': POLICY }, data: DATA, decision: 'httpapi.authz.decision' },
};

let engine: EngineProcess;
const scratch = tempDir('engine-process-');

beforeAll(async () => {
  engine = await EngineProcess.start(ensureEngine().engine, SIDES);
}, 600_000);

afterAll(async () => {
  await engine.close();
  scratch.cleanup();
});

/**
 * `opa eval` of one rule on one input, the clock mocked when given. The value comes back as the
 * JSON text json.marshal writes (exact numbers, sorted keys, compact), which `-f raw` prints as it
 * is; an undefined rule prints nothing.
 */
function opaEval(rule: string, input: string, now: string | undefined): Decision {
  const dataFile = scratch.file('data.json');
  writeFileSync(dataFile, DATA);
  const query = `json.marshal(data.httpapi.authz.${rule})${now === undefined ? '' : ` with time.now_ns as ${now}`}`;
  const r = spawnSync(testOpaPath(), ['eval', '-f', 'raw', '-d', POLICY_FILE, '-d', dataFile, '-I', query], {
    input,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`opa eval failed: ${r.stderr}`);
  const out = r.stdout.trim();
  // json.marshal escapes <, > and & in strings; none of these values has one.
  return out === '' ? { defined: false } : { defined: true, result: out };
}

const CASES: Array<{ name: string; input: string; now?: string; allow: string; reason?: string }> = [
  {
    name: 'public read, no token, no clock',
    input: '{"method":"GET","path":["public","docs"]}',
    allow: 'true',
  },
  { name: 'anonymous write', input: '{"method":"PUT","path":["public","docs"]}', allow: 'false' },
  {
    name: 'own payroll, live token',
    input: `{"method":"GET","path":["payroll","alice"],"token":"${ALICE}"}`,
    now: NOW,
    allow: 'true',
  },
  {
    name: "someone else's payroll",
    input: `{"method":"GET","path":["payroll","bob"],"token":"${ALICE}"}`,
    now: NOW,
    allow: 'false',
  },
  {
    name: 'own payroll, expired token',
    input: `{"method":"GET","path":["payroll","alice"],"token":"${ALICE}"}`,
    now: LATER,
    allow: 'false',
    reason: '"token expired"',
  },
  {
    name: 'approver from data',
    input: `{"method":"POST","path":["payroll","alice","approve"],"token":"${BOB}"}`,
    now: NOW,
    allow: 'true',
  },
];

describe('policy-replay-engine', () => {
  it('links OPA 1.22.3', async () => {
    expect(await engine.version()).toBe('1.22.3');
  });

  it.each(CASES)('$name: as opa eval decides', async ({ input, now, allow, reason }) => {
    const ndBuiltinCache = now === undefined ? undefined : clock(now);
    const got = await engine.eval('allow', { input, ndBuiltinCache });
    expect(got).toEqual({ defined: true, result: allow });
    expect(got).toEqual(opaEval('allow', input, now));

    const why = await engine.eval('reason', { input, ndBuiltinCache });
    expect(why).toEqual(reason === undefined ? { defined: false } : { defined: true, result: reason });
    expect(why).toEqual(opaEval('reason', input, now));
  });

  it('keeps integers beyond 2^53 exact, in the input and from the recorded clock', async () => {
    const input = `{"method":"GET","path":["public"],"request_id":123456789012345678901234567890}`;
    const got = await engine.eval('decision', { input, ndBuiltinCache: clock(NOW) });
    const expected = `{"allow":true,"checked_at_ns":${NOW},"request_id":123456789012345678901234567890}`;
    expect(got).toEqual({ defined: true, result: expected });
    expect(got).toEqual(opaEval('decision', input, NOW));
  });

  it('refuses a non-deterministic call the decision did not record, naming the built-in only', async () => {
    const input = `{"method":"GET","path":["payroll","alice"],"token":"${ALICE}"}`;
    for (const ndBuiltinCache of [undefined, '{}', '{"http.send":{"[{\\"url\\":\\"https://x\\"}]":{}}}']) {
      const err = await engine.eval('allow', { input, ndBuiltinCache }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineError);
      const e = err as EngineError;
      expect(e.kind).toBe('nd_builtin_not_recorded');
      expect(e.builtin).toBe('time.now_ns');
      expect(e.location?.file).toBe('httpapi_authz.rego');
      expect(e.message).not.toContain(ALICE);
    }
    // The same process answers the next request.
    expect(await engine.eval('allow', { input, ndBuiltinCache: clock(NOW) })).toEqual({
      defined: true,
      result: 'true',
    });
  });

  it('refuses a module calling a built-in OPA 1.22.3 does not have, with its location', async () => {
    const err = await engine
      .load({
        next: {
          modules: { 'next.rego': 'package next\n\nallow if crypto.pqc.verify(input.sig)\n' },
          decision: 'next/allow',
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    const e = err as EngineError;
    expect(e.kind).toBe('unknown_builtin');
    expect(e.side).toBe('next');
    expect(e.location).toEqual({ file: 'next.rego', line: 3, column: 10 });
  });

  it('ends an evaluation over budget with a timeout', async () => {
    await engine.load({
      slow: {
        modules: {
          'slow.rego':
            'package slow\n\nr := numbers.range(1, 4000)\n\nn := count([1 | some i in r; some j in r; i == j + 1])\n',
        },
        decision: 'slow/n',
      },
    });
    const err = await engine.eval('slow', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect((err as EngineError).kind).toBe('timeout');
  });

  it('answers a partial evaluation decided or not', async () => {
    await engine.load({
      part: {
        modules: {
          'part.rego':
            'package part\n\nallow if input.role == "admin"\n\nallow if {\n\tinput.method == "GET"\n\tinput.path[0] == "public"\n}\n',
        },
        decision: 'part/allow',
      },
    });
    expect(await engine.partial('part', '{"method":"GET","path":["public"]}', ['/input/role'])).toEqual({
      decided: true,
      decision: { defined: true, result: 'true' },
    });
    const open = await engine.partial('part', '{"method":"POST","path":["public"]}', ['/input/role']);
    expect(open.decided).toBe(false);
  });
});

describe('EngineProcess under load', () => {
  it('matches thousands of pipelined answers to their requests through a full pipe', async () => {
    // 4,000 requests of ~40 kB each: far more than a pipe holds, so writes wait for 'drain'.
    const padding = 'p'.repeat(40_000);
    const requests = Array.from({ length: 4000 }, (_, i) => ({
      i,
      input: `{"method":"${i % 3 === 0 ? 'GET' : 'PUT'}","path":["public","${i}"],"padding":"${padding}"}`,
    }));
    const answers = await Promise.all(requests.map(({ input }) => engine.eval('allow', { input })));
    answers.forEach((got, k) =>
      expect(got).toEqual({ defined: true, result: requests[k]!.i % 3 === 0 ? 'true' : 'false' }),
    );
  });

  it('answers a query side with every solution', async () => {
    await engine.load({ q: { modules: {}, query: 'some x in input.xs; x > 1' } });
    const got = await engine.query('q', { input: '{"xs":[1,2,12345678901234567890]}' });
    expect(got.defined).toBe(true);
    expect(got.results).toBe('[{"x":2},{"x":12345678901234567890}]');
  });
});

describe('EngineProcess failures', () => {
  it('rejects with engine_failed when the engine cannot run', async () => {
    const err = await EngineProcess.start(join(scratch.dir, 'no-such-engine'), SIDES).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).kind).toBe('engine_failed');
  });
});

describe('topLevelMembers', () => {
  it('splits an object without parsing its values', () => {
    const m = topLevelMembers('{"id":3, "result":{"a":[1,"}"],"n":12345678901234567890},"ok":true}');
    expect([...m]).toEqual([
      ['id', '3'],
      ['result', '{"a":[1,"}"],"n":12345678901234567890}'],
      ['ok', 'true'],
    ]);
  });
});
