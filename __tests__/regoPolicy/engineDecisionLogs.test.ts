/**
 * The engine replays what a real OPA logged: the pinned `opa run --server`, configured with
 * `decision_logs.nd_builtin_cache: true`, serves an HTTP API policy (fixtures/httpapi_authz.rego)
 * and tracing rules that read the clock, a random number, a UUID and, with http.send, a directory
 * service this test runs (fixtures/trace.rego). Each
 * decision it logs is then evaluated by policy-replay-engine from the event alone: its `path`,
 * its `input` and its `nd_builtin_cache`, all taken from OPA's log line as text. The engine's
 * result must be the logged `result`, to the character (time.now_ns values exceed 2^53).
 */
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { captureDecisionLogs } from '../../scripts/lib/opa-decision-logs.mjs';
import { EngineError, EngineProcess, topLevelMembers } from '../../src/regoPolicy/engineProcess.js';
import { ensureEngine } from '../support/engine.js';
import { repoRoot, testOpaPath } from '../support/opa.js';
import { tempDir } from '../support/files.js';

const FIXTURES = join(repoRoot, '__tests__/regoPolicy/fixtures');
const AUTHZ = readFileSync(join(FIXTURES, 'httpapi_authz.rego'), 'utf8');
const TRACE = readFileSync(join(FIXTURES, 'trace.rego'), 'utf8');
const PATHS = ['httpapi/authz/allow', 'httpapi/authz/decision', 'trace/record', 'trace/owner'];

function token(claims: Record<string, unknown>): string {
  const part = (x: unknown): string => Buffer.from(JSON.stringify(x)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

// exp: one token valid for decades, one long expired, so `live` is true and false on the real clock.
// `directory` (set once the directory below listens) makes trace/owner call http.send.
let directory = '';
const inputs = () => [
  { method: 'GET', path: ['public', 'docs'], request_id: 'r-1', directory },
  {
    method: 'GET',
    path: ['payroll', 'alice'],
    token: token({ sub: 'alice', exp: 4102444800 }),
    request_id: 'r-2',
    directory,
  },
  {
    method: 'GET',
    path: ['payroll', 'alice'],
    token: token({ sub: 'alice', exp: 1000000000 }),
    request_id: 'r-3',
  },
  {
    method: 'DELETE',
    path: ['users', 'bob'],
    token: token({ sub: 'root', roles: ['admin'], exp: 4102444800 }),
  },
];

/** One logged decision, its members as OPA wrote them (text, unparsed). */
interface LoggedDecision {
  path: string;
  input: string;
  ndBuiltinCache: string | undefined;
  result: string | undefined;
}

const scratch = tempDir('engine-decision-logs-');
let engine: EngineProcess;
let logged: LoggedDecision[] = [];

/** The service's directory: answers every owner lookup, with a version beyond 2^53. */
const directoryServer = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(`{"owner":"alice","path":${JSON.stringify(req.url)},"version":12345678901234567891}`);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => directoryServer.listen(0, '127.0.0.1', resolve));
  directory = `http://127.0.0.1:${(directoryServer.address() as AddressInfo).port}`;
  const consoleLog = scratch.file('console.jsonl');
  await captureDecisionLogs({
    opa: testOpaPath(),
    dir: scratch.file('opa'),
    // The module names are the bundle's roots: data.httpapi and data.trace.
    modules: { httpapi: AUTHZ, trace: TRACE },
    mask: 'package system.log\n',
    posts: inputs().flatMap((input) => PATHS.map((path) => ({ path, input }))),
    console: consoleLog,
    ndBuiltinCache: true,
  });
  logged = readFileSync(consoleLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"msg":"Decision Log"'))
    .map((line) => {
      const m = topLevelMembers(line);
      return {
        path: JSON.parse(m.get('path') ?? '""') as string,
        input: m.get('input') ?? 'null',
        ndBuiltinCache: m.get('nd_builtin_cache'),
        result: m.get('result'),
      };
    });
  const modules = { 'httpapi.rego': AUTHZ, 'trace.rego': TRACE };
  engine = await EngineProcess.start(
    ensureEngine().engine,
    Object.fromEntries(PATHS.map((path) => [path, { modules, decision: path }])),
  );
}, 600_000);

afterAll(async () => {
  await engine?.close();
  await new Promise((resolve) => directoryServer.close(resolve));
  scratch.cleanup();
});

describe('decision logs of a real OPA, replayed by the engine', () => {
  it('logged every decision with the non-deterministic results it used', () => {
    expect(logged).toHaveLength(inputs().length * PATHS.length);
    const builtins = new Set(
      logged.flatMap((d) => Object.keys(JSON.parse(d.ndBuiltinCache ?? '{}') as Record<string, unknown>)),
    );
    expect([...builtins].sort()).toEqual(['http.send', 'rand.intn', 'time.now_ns', 'uuid.rfc4122']);
  });

  it('gives every logged result from the event alone, to the character', async () => {
    for (const d of logged) {
      const got = await engine.eval(d.path, { input: d.input, ndBuiltinCache: d.ndBuiltinCache });
      expect({ path: d.path, got }).toEqual({
        path: d.path,
        got: d.result === undefined ? { defined: false } : { defined: true, result: d.result },
      });
    }
    // The clock and the directory's version really were beyond 2^53 and came through exactly.
    const at = logged.find((d) => d.path === 'trace/record')?.result ?? '';
    expect(/"at_ns":(\d{19})[,}]/.exec(at)?.[1]).toMatch(/^\d{19}$/);
    const owners = logged.filter((d) => d.path === 'trace/owner' && d.result !== undefined);
    expect(owners).toHaveLength(2);
    for (const d of owners) expect(d.result).toContain('"version":12345678901234567891');
  });

  it('refuses the same events without their recorded results', async () => {
    const recorded = logged.filter((x) => x.ndBuiltinCache !== undefined && x.ndBuiltinCache !== '{}');
    expect(recorded.length).toBeGreaterThan(inputs().length);
    for (const d of recorded) {
      const err = await engine.eval(d.path, { input: d.input }).catch((e: unknown) => e);
      expect({ path: d.path, input: d.input, err }).toEqual({
        path: d.path,
        input: d.input,
        err: expect.objectContaining({ kind: 'nd_builtin_not_recorded' }),
      });
      expect(err).toBeInstanceOf(EngineError);
    }
  });
});
