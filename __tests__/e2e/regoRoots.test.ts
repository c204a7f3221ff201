/**
 * The Action on a Rego bundle root, end to end (docs/rego.md "The Action"): `dist/index.js` on a
 * real git repository whose `.policy-replay.yml` names a root with `policy-kind: rego`, its decision
 * logs written beside it by an earlier step, the fake GitHub API on 127.0.0.1, and the real engine
 * (named by POLICY_REPLAY_ENGINE, as a workflow that installed it would). The pull request's change
 * is judged between the commits, its evidence is never one the pull request wrote, and a symlink
 * out of the repository fails closed.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildAsset } from '../../scripts/engine-release.mjs';
import { TOOL_VERSION } from '../../src/version.js';
import { dirname, join } from 'node:path';
import { ensureEngine } from '../support/engine.js';
import { ORDERS_BASE, ORDERS_DATA, ORDERS_GRANT } from '../support/ordersRego.js';
import { GitWorkspace, REPOSITORY, describeRun, scratchDir } from './harness.js';
import type { RegoReport } from '../../src/regoReplay/regoReport.js';
import { modified, runPullRequest, runScheduled, suiteFakeGitHub } from './fixtures.js';

const fakeGitHub = suiteFakeGitHub();
const env = { POLICY_REPLAY_ENGINE: ensureEngine().engine };

const [BASE, GRANT, DATA] = [ORDERS_BASE, ORDERS_GRANT, ORDERS_DATA];
const MAPPING =
  'policies:\n  rego/orders:\n    policy-kind: rego\n    traffic: logs/orders.log\n    decision-path: orders/authz/allow\n';

function event(id: string, method: string, user: string, result: boolean): string {
  return JSON.stringify({
    decision_id: id,
    path: 'orders/authz/allow',
    input: { method, path: ['orders', '1'], user },
    result,
    timestamp: '2026-11-30T10:00:00Z',
  });
}
/** The base commit's files: the mapping and the root at rego/orders. */
const ordersRoot = (mapping: string): Record<string, string> => ({
  '.policy-replay.yml': mapping,
  'rego/orders/orders/authz.rego': BASE,
  'rego/orders/orders/data.json': DATA,
});

const LOG = [
  event('d-1', 'GET', 'zed', true),
  event('d-2', 'POST', 'ana', true),
  event('d-3', 'DELETE', 'cy', false),
].join('\n');

interface RegoPolicy {
  path: string;
  rego_report?: {
    result: { newly_allowed: number; changes: { request_id: string; change: string }[] } | null;
  };
  blockers?: { rule: string; message: string }[];
}

/** A root's drift in the run report: under drift's names (docs/rego.md "Drift"). */
interface RegoDriftPolicy {
  rego_report?: {
    result: { drift_total: number; drifts: { request_id: string; change: string }[] } | null;
  };
}

const policiesOf = (result: Awaited<ReturnType<typeof runPullRequest>>) =>
  (result.report?.policies ?? []) as unknown as RegoPolicy[];

describe('the Action gates a Rego bundle root', () => {
  it('replays the root between the judged commits and fails the newly allowed request', async () => {
    const ws = new GitWorkspace('rego-root');
    const base = ws.commit(ordersRoot(MAPPING), 'base');
    const head = ws.commit({ 'rego/orders/orders/authz.rego': GRANT }, 'supervisors cancel orders');
    ws.write('logs/orders.log', `${LOG}\n`);
    const gh = await fakeGitHub();
    const result = await runPullRequest(
      gh,
      ws,
      { number: 31, baseSha: base, headSha: head, files: modified('rego/orders/orders/authz.rego') },
      { env },
    );
    expect({ code: result.code, run: describeRun(result) }).toMatchObject({ code: 1 });
    const [policy] = policiesOf(result);
    expect(policy!.path).toBe('rego/orders');
    expect(policy!.rego_report!.result!.changes).toEqual([
      expect.objectContaining({ request_id: 'd-3', change: 'newly_allowed' }),
    ]);
    expect(result.report!.failed.map((f) => f.rule)).toContain('newly-allowed');
    expect(result.outputs['newly-allowed']).toBe('1');
    // The annotation sits on the edited rule's first line in the head file.
    expect(result.annotations.filter((a) => a.message.includes('data.orders.authz.allow'))).toEqual([
      {
        kind: 'warning',
        properties: expect.objectContaining({ file: 'rego/orders/orders/authz.rego', line: '3' }),
        message: expect.stringContaining('1 newly allowed'),
      },
    ]);
    const [comment] = gh.state.comments(REPOSITORY, 31);
    expect(comment!.body).toContain('policy-replay (Rego)');
    // Decision first: the provenance line, the verdict, then why it fails, before the numbers.
    expect(comment!.body).toMatch(
      /\*\*rego\/orders\*\* · head \[`[0-9a-f]{7}`\]\([^)]*\) \(the pull request's head: no merge commit\) against base .* · sample logs\/orders\.log \(3 records, /,
    );
    const body = comment!.body;
    expect(body.indexOf('**1 change** over 3 events')).toBeLessThan(body.indexOf('**Why it fails**'));
    expect(body.indexOf('**Why it fails**')).toBeLessThan(body.indexOf('| | base | head | Δ |'));
    expect(comment!.body).toContain('| d-3 | newly_allowed | deny | allow |');
    expect(comment!.body).toContain('1 request newly allowed');
  });

  it('a removed root is reported as deleted, with what the base decided, and nothing to gate', async () => {
    const ws = new GitWorkspace('rego-root-removed');
    const base = ws.commit(ordersRoot(MAPPING), 'base');
    const head = ws.commit(
      { 'rego/orders/orders/authz.rego': null, 'rego/orders/orders/data.json': null },
      'the orders service is gone',
    );
    ws.write('logs/orders.log', `${LOG}\n`);
    const gh = await fakeGitHub();
    const removed = ['rego/orders/orders/authz.rego', 'rego/orders/orders/data.json'].map((filename) => ({
      filename,
      status: 'removed' as const,
    }));
    const result = await runPullRequest(
      gh,
      ws,
      { number: 32, baseSha: base, headSha: head, files: removed },
      { env },
    );
    expect({ code: result.code, run: describeRun(result) }).toMatchObject({ code: 0 });
    const report = policiesOf(result)[0]!.rego_report as unknown as RegoReport;
    expect(report.meta).toMatchObject({ status: 'deleted', head: null });
    expect(report.result).toMatchObject({
      evaluated: 3,
      allowed: 2,
      denied: 1,
      changes_total: 0,
      base_counts: null,
    });
    const [comment] = gh.state.comments(REPOSITORY, 32);
    expect(comment!.body).toContain('rego/orders (deleted: the counts are the base’s)');
  });

  it('a removed root whose base cannot be replayed blocks nothing: there is nothing left to gate', async () => {
    const ws = new GitWorkspace('rego-root-removed-unreplayable');
    const base = ws.commit(
      ordersRoot(MAPPING.replace('    decision-path: orders/authz/allow\n', '')),
      'base',
    );
    const head = ws.commit(
      { 'rego/orders/orders/authz.rego': null, 'rego/orders/orders/data.json': null },
      'gone',
    );
    ws.write('logs/orders.log', `${LOG}\n`);
    const files = ['rego/orders/orders/authz.rego', 'rego/orders/orders/data.json'].map((filename) => ({
      filename,
      status: 'removed' as const,
    }));
    const result = await runPullRequest(
      await fakeGitHub(),
      ws,
      { baseSha: base, headSha: head, files },
      { env },
    );
    expect({ code: result.code, run: describeRun(result) }).toMatchObject({ code: 0 });
    const [policy] = policiesOf(result);
    expect({ report: policy!.rego_report, blockers: policy!.blockers ?? [] }).toEqual({
      report: undefined,
      blockers: [],
    });
  });

  it('a pull request that leaves the root alone replays nothing', async () => {
    const ws = new GitWorkspace('rego-root-untouched');
    const base = ws.commit(ordersRoot(MAPPING), 'base');
    const head = ws.commit({ 'README.md': 'docs\n' }, 'docs only');
    ws.write('logs/orders.log', `${LOG}\n`);
    const result = await runPullRequest(
      await fakeGitHub(),
      ws,
      {
        baseSha: base,
        headSha: head,
        files: modified('README.md'),
      },
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.summary).toContain('no policy file changed');
  });

  it('refuses evidence the pull request wrote: the root is not replayed, the gate fails', async () => {
    const ws = new GitWorkspace('rego-root-evidence');
    const base = ws.commit(
      {
        ...ordersRoot(MAPPING.replace('traffic: logs/orders.log', 'traffic: committed/orders.log')),
        'committed/orders.log': `${LOG}\n`,
      },
      'base',
    );
    const head = ws.commit(
      {
        'rego/orders/orders/authz.rego': GRANT,
        'committed/orders.log': `${event('d-9', 'GET', 'zed', true)}\n`,
      },
      'grant, and a sample that hides it',
    );
    const result = await runPullRequest(
      await fakeGitHub(),
      ws,
      {
        baseSha: base,
        headSha: head,
        files: modified('rego/orders/orders/authz.rego', 'committed/orders.log'),
      },
      { env, inputs: { 'fail-on': 'none' } },
    );
    expect(result.code).toBe(1);
    const [policy] = policiesOf(result);
    expect(policy!.rego_report).toBeUndefined();
    expect(policy!.blockers!.map((b) => b.rule)).toEqual(['untrusted-evidence']);
  });

  it('fails closed on a symlink out of the repository inside the root', async () => {
    const ws = new GitWorkspace('rego-root-symlink');
    const base = ws.commit(ordersRoot(MAPPING), 'base');
    const full = join(ws.dir, 'rego/orders/orders/secrets.rego');
    rmSync(full, { force: true });
    mkdirSync(dirname(full), { recursive: true });
    symlinkSync('/etc/hostname', full);
    const head = ws.commit({}, 'a link to the runner');
    ws.write('logs/orders.log', `${LOG}\n`);
    const result = await runPullRequest(
      await fakeGitHub(),
      ws,
      { baseSha: base, headSha: head, files: modified('rego/orders/orders/secrets.rego') },
      { env, inputs: { 'fail-on': 'none' } },
    );
    expect(result.code).toBe(1);
    const [policy] = policiesOf(result);
    expect(policy!.blockers![0]!.rule).toBe('replay-failed');
    expect(policy!.blockers![0]!.message).toMatch(/outside the repository/);
  });

  it('builds the engine with go from its own sources when none is installed', async () => {
    const ws = new GitWorkspace('rego-root-build');
    const base = ws.commit(ordersRoot(MAPPING), 'base');
    const head = ws.commit({ 'rego/orders/orders/authz.rego': GRANT }, 'grant');
    ws.write('logs/orders.log', `${LOG}\n`);
    // go on PATH (the hosted runners have it), no engine anywhere: the Action builds one.
    const goDirs = ['/usr/local/go/bin', ...(process.env.PATH ?? '').split(':')].filter(
      (d) => !d.includes('.tools'),
    );
    const result = await runPullRequest(
      await fakeGitHub(),
      ws,
      { baseSha: base, headSha: head, files: modified('rego/orders/orders/authz.rego') },
      { env: { PATH: goDirs.join(':'), POLICY_REPLAY_ENGINE: '' }, inputs: { 'fail-on': 'none' } },
    );
    expect({
      code: result.code,
      log: result.stdout.includes('building policy-replay-engine with go'),
    }).toEqual({
      code: 0,
      log: true,
    });
    expect(policiesOf(result)[0]!.rego_report!.result!.newly_allowed).toBe(1);
  }, 600_000);

  it('downloads the release asset, runs it only with the pinned digest, and refuses another', async () => {
    // The release asset as the release workflow builds it, served on 127.0.0.1 like a release.
    const assets = scratchDir('rego-engine-assets');
    const { asset } = buildAsset('linux_amd64', join(assets, `v${TOOL_VERSION}`));
    const tampered = scratchDir('rego-engine-tampered');
    mkdirSync(join(tampered, `v${TOOL_VERSION}`), { recursive: true });
    writeFileSync(join(tampered, `v${TOOL_VERSION}`, asset), '#!/bin/sh\necho pwned\n');
    const servers = await Promise.all([serveFiles(assets), serveFiles(tampered)]);
    try {
      const run = async (base: string) => {
        const ws = new GitWorkspace('rego-root-download');
        const first = ws.commit(ordersRoot(MAPPING), 'base');
        const head = ws.commit({ 'rego/orders/orders/authz.rego': GRANT }, 'grant');
        ws.write('logs/orders.log', `${LOG}\n`);
        // No engine installed and no go: only the download can give one.
        const path = (process.env.PATH ?? '')
          .split(':')
          .filter((d) => !d.includes('.tools') && !d.includes('go/bin'));
        return runPullRequest(
          await fakeGitHub(),
          ws,
          { baseSha: first, headSha: head, files: modified('rego/orders/orders/authz.rego') },
          {
            env: { PATH: path.join(':'), POLICY_REPLAY_ENGINE: '' },
            inputs: { 'fail-on': 'none', 'engine-download-url': base },
          },
        );
      };
      const good = await run(servers[0]!.url);
      expect({ code: good.code, verified: good.stdout.includes('SHA-256 verified') }).toEqual({
        code: 0,
        verified: true,
      });
      expect(policiesOf(good)[0]!.rego_report!.result!.newly_allowed).toBe(1);
      const bad = await run(servers[1]!.url);
      expect(bad.code).toBe(1);
      expect(policiesOf(bad)[0]!.blockers![0]!.message).toMatch(/refusing to run it/);
      expect(bad.stdout).not.toContain('pwned');
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  }, 600_000);
});

describe('the Action reports drift of a Rego bundle root on a schedule', () => {
  it('drift 0 on the decisions the saved policy made; a drift issue when the log disagrees', async () => {
    const ws = new GitWorkspace('rego-root-drift');
    ws.commit(ordersRoot(MAPPING), 'the saved policy');
    ws.write('logs/orders.log', `${LOG}\n`);
    const gh = await fakeGitHub();
    const quiet = await runScheduled(gh, ws, { env, inputs: { 'fail-on': 'invalid-policy,drift' } });
    expect({ code: quiet.code, run: describeRun(quiet) }).toMatchObject({ code: 0 });
    const driftsOf = (run: typeof quiet) => (policiesOf(run) as RegoDriftPolicy[])[0]!.rego_report!.result!;
    expect(driftsOf(quiet)).toMatchObject({ drift_total: 0, drifts: [] });
    // The service decided d-3 otherwise than the saved policy does: a drift.
    ws.write(
      'logs/orders.log',
      `${LOG.replace('"d-3","path":"orders/authz/allow","input":{"method":"DELETE","path":["orders","1"],"user":"cy"},"result":false', '"d-3","path":"orders/authz/allow","input":{"method":"DELETE","path":["orders","1"],"user":"cy"},"result":true')}\n`,
    );
    const drifted = await runScheduled(gh, ws, { env, inputs: { 'fail-on': 'invalid-policy,drift' } });
    expect(drifted.code).toBe(1);
    expect(driftsOf(drifted).drifts).toEqual([
      expect.objectContaining({
        request_id: 'd-3',
        change: 'newly_denied',
        recorded_decision: 'allow',
        replayed_decision: 'deny',
      }),
    ]);
    const issues = gh.state.issues(REPOSITORY);
    expect(issues.map((i) => i.title)).toEqual([expect.stringContaining('rego/orders')]);
  });
});

/** A directory served read-only over HTTP on 127.0.0.1 (a release's download host, here). */
async function serveFiles(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const file = join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
