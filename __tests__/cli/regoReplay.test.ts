import { describe, it, expect, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCliCaptured } from '../support/cli.js';
import { ensureEngine } from '../support/engine.js';
import { repoRoot, tempDir } from '../support/files.js';
import { ORDERS_BASE, ORDERS_DATA, ORDERS_GRANT } from '../support/ordersRego.js';
import type { RegoReport } from '../../src/regoReplay/regoReport.js';
import type { RegoDriftReport } from '../../src/regoReplay/regoDriftReport.js';

/**
 * `replay` and `drift` on Rego policies (docs/rego.md), through the CLI with the real engine, on a
 * small orders service written here: its policy as a bundle directory, a bundle archive and one
 * file, and decision-log lines in the shape OPA's console logger writes them. What the commands
 * must do with what a service hands them: buckets and changes, skipped and malformed lines, the
 * refusals (exit 2), the gate, and values from the log that must stay inert in every format.
 */

const scratch = tempDir('rego-cli-');
afterAll(() => scratch.cleanup());
const env = { ...process.env, POLICY_REPLAY_ENGINE: ensureEngine().engine };

function bundle(name: string, files: Record<string, string>): string {
  const dir = join(scratch.dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const [BASE, GRANT, CLERKS] = [ORDERS_BASE, ORDERS_GRANT, ORDERS_DATA];

const base = bundle('base', { 'orders/authz.rego': BASE, 'orders/data.json': CLERKS });
const grant = bundle('grant', { 'orders/authz.rego': GRANT, 'orders/data.json': CLERKS });

interface Event {
  id: string;
  method: string;
  user: string;
  result?: unknown;
  at?: string;
  path?: string | null;
}

function eventLine(e: Event): string {
  return JSON.stringify({
    decision_id: e.id,
    labels: { id: 'opa-orders-1', version: '1.22.3' },
    level: 'info',
    msg: 'Decision Log',
    ...(e.path === null ? {} : { path: e.path ?? 'orders/authz/allow' }),
    input: { method: e.method, path: ['orders', '7'], user: e.user },
    ...(e.result === undefined ? {} : { result: e.result }),
    timestamp: e.at ?? '2026-11-30T10:00:00.123456789Z',
    type: 'openpolicyagent.org/decision_logs',
  });
}

function log(name: string, lines: string[]): string {
  const file = join(scratch.dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const SAMPLE = log('orders.log', [
  '{"level":"info","msg":"Initializing server.","time":"2026-11-30T09:59:59Z"}',
  eventLine({ id: 'd-1', method: 'GET', user: 'zed', result: true }),
  eventLine({ id: 'd-2', method: 'POST', user: 'ana', result: true }),
  eventLine({ id: 'd-3', method: 'DELETE', user: 'cy', result: false, at: '2026-11-30T11:00:00Z' }),
  eventLine({ id: 'd-4', method: 'DELETE', user: 'zed', result: false }),
  eventLine({ id: 'd-5', method: 'GET', user: 'zed', result: true, path: 'orders/authz/reason' }),
  '{"decision_id":"d-6","path":"orders/authz/allow","input":',
  eventLine({ id: 'd-2', method: 'POST', user: 'ana', result: true }),
]);

const BASE_TO_GRANT = ['--base', base, '--head', grant];
const flags = (traffic = SAMPLE) => ['--traffic', traffic, '--decision-path', 'orders/authz/allow'];

async function replay(args: string[]) {
  const run = await runCliCaptured(['replay', ...args], { env });
  return { ...run, report: run.stdout.startsWith('{') ? (JSON.parse(run.stdout) as RegoReport) : null };
}

describe('replay of a Rego policy change', () => {
  it('buckets every event, lists the change with its edit, and counts skipped and malformed lines', async () => {
    const run = await replay(['--base', base, '--head', grant, ...flags()]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const r = run.report!.result!;
    expect(run.report!.meta).toMatchObject({
      policy_kind: 'rego',
      status: 'changed',
      skipped: { non_decision: 1, other_path: 1 },
    });
    expect(run.report!.meta.traffic.files[0]!.count).toBe(8);
    expect({ evaluated: r.evaluated, allowed: r.allowed, denied: r.denied, base: r.base_counts }).toEqual({
      evaluated: 4,
      allowed: 3,
      denied: 1,
      base: { allowed: 2, denied: 2, unevaluable: 0 },
    });
    expect(r.changes).toEqual([
      expect.objectContaining({
        request_id: 'd-3',
        occurred_at: '2026-11-30T11:00:00Z',
        change: 'newly_allowed',
        current_decision: 'deny',
        draft_decision: 'allow',
        differences: [{ pointer: '', base: 'false', head: 'true' }],
        // The rule's first line in the head (its default), where the annotation goes.
        because: [
          {
            kind: 'rule',
            ref: 'data.orders.authz.allow',
            change: 'modified',
            file: 'orders/authz.rego',
            line: 3,
          },
        ],
      }),
    ]);
    expect(r.malformed.count).toBe(2);
    expect(r.malformed.examples.map((e) => e.line)).toEqual([7, 8]);
    expect(r.malformed.examples[1]!.reason).toMatch(/duplicate "d-2" \(first on line 3\)/);
    // recorded_mismatch: the base's results against what the service logged (its own log).
    expect(r.recorded_mismatch).toBe(0);
  });

  it('writes the same bytes twice, and fails the gate it crosses', async () => {
    const args = ['--base', base, '--head', grant, ...flags()];
    const [a, b] = [await replay(args), await replay(args)];
    expect(a.stdout).toBe(b.stdout);
    const gated = await replay([...args, '--fail-on', 'newly-allowed']);
    expect(gated.code).toBe(1);
    expect(gated.stderr).toContain('1 request newly allowed');
    expect((await replay([...args, '--fail-on', 'newly-denied,result-changed'])).code).toBe(0);
  });

  it('reads a bundle archive and a single .rego file alike', async () => {
    const archive = join(scratch.dir, 'grant.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', grant, 'orders']);
    const single = join(scratch.dir, 'base.rego');
    writeFileSync(single, BASE.replace('input.user in data.orders.clerks', 'input.user in {"ana", "bo"}'));
    const run = await replay(['--base', single, '--head', archive, ...flags()]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.report!.result!.changes.map((c) => [c.request_id, c.change])).toEqual([
      ['d-3', 'newly_allowed'],
    ]);
  });

  it('keeps --since: earlier events are not replayed', async () => {
    const run = await replay([
      '--base',
      base,
      '--head',
      grant,
      ...flags(),
      '--since',
      '2026-11-30T10:30:00Z',
    ]);
    expect(run.report!.result!.evaluated).toBe(1);
  });

  it('keeps --limit: the N most recent events, ties by decision id', async () => {
    const run = await replay(['--base', base, '--head', grant, ...flags(), '--limit', '1']);
    // d-3 is the only event at 11:00; the others share 10:00.
    expect(run.report!.result!.evaluated).toBe(1);
    expect(run.report!.result!.changes.map((c) => c.request_id)).toEqual(['d-3']);
    expect(run.report!.meta.limit).toBe(1);
  });

  it('--unevaluable static: a side that reads an erased part is unevaluable; precise decides it when it can', async () => {
    const erased = log('erased.log', [
      JSON.stringify({
        decision_id: 'e-1',
        path: 'orders/authz/allow',
        input: { method: 'GET', path: ['orders', '7'] },
        result: true,
        erased: ['/input/user'],
        timestamp: '2026-11-30T10:00:00Z',
      }),
    ]);
    const precise = await replay(['--base', base, '--head', grant, ...flags(erased)]);
    expect(precise.report!.result).toMatchObject({ evaluated: 1, allowed: 1, unevaluable: 0 });
    expect(precise.report!.result!.evaluation.partial).toEqual({ base: 1, head: 1 });
    const strict = await replay([
      '--base',
      base,
      '--head',
      grant,
      ...flags(erased),
      '--unevaluable',
      'static',
    ]);
    expect(strict.report!.meta.unevaluable_mode).toBe('static');
    expect(strict.report!.result).toMatchObject({
      evaluated: 1,
      unevaluable: 1,
      unevaluable_by_reason: { input_not_recorded: 1 },
    });
    // With the pointers: each side read the erased user.
    expect(strict.report!.result!.evaluation.input_not_recorded).toEqual({ '/input/user': 2 });
    expect(precise.report!.result!.evaluation.input_not_recorded).toEqual({});
    const text = await replay([
      ...BASE_TO_GRANT,
      ...flags(erased),
      '--unevaluable',
      'static',
      '--format',
      'text',
    ]);
    expect(text.stdout).toContain('/input/user: erased or masked and read, 2 evaluations left unevaluable');
  });

  it('grades the manifests its events name (--manifests, --manifest-id-field), as for rule documents', async () => {
    const manifests = join(scratch.dir, 'manifests');
    mkdirSync(manifests);
    copyFileSync(
      join(repoRoot, 'fixtures/example/traffic/sample.manifests/turn-0000.json'),
      join(manifests, 'turn-0000.json'),
    );
    const withSessions = log(
      'sessions.log',
      ['d-1', 'd-3', 'd-4'].map((id, i) =>
        JSON.stringify({
          decision_id: id,
          path: 'orders/authz/allow',
          input: {
            method: 'GET',
            path: ['orders', '7'],
            user: 'zed',
            ...(i < 2 ? { session: 'turn-0000' } : {}),
          },
          result: true,
        }),
      ),
    );
    const run = await replay([
      '--base',
      base,
      '--head',
      grant,
      ...flags(withSessions),
      '--manifests',
      manifests,
      '--manifest-id-field',
      'input.session',
    ]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const fidelity = run.report!.result!.fidelity as {
      manifests: number;
      worst: string | null;
      records_by_level: Record<string, number>;
    };
    expect(fidelity.manifests).toBe(1);
    expect(fidelity.worst).not.toBeNull();
    expect(fidelity.records_by_level.no_manifest).toBe(1);
    expect(fidelity.records_by_level[fidelity.worst!]).toBe(2);
  });

  it('keeps the most recent changes of a direction, timeless ones last, in shards as in one run', async () => {
    const at = (h: number) => `2026-11-30T${String(h).padStart(2, '0')}:00:00Z`;
    const lines = [3, 9, null, 5, 12, 7].map((h, i) => {
      const line = eventLine({
        id: `x-${i}`,
        method: 'DELETE',
        user: 'cy',
        result: false,
        at: h === null ? 'x' : at(h),
      });
      return h === null ? line.replace(/,"timestamp":"x"/, '') : line;
    });
    const sample = log('recency.log', lines);
    const args = ['--base', base, '--head', grant, ...flags(sample), '--max-changes', '3'];
    const run = await replay(args);
    expect(run.report!.result!.changes_total).toBe(6);
    expect(run.report!.result!.changes.map((c) => c.request_id)).toEqual(['x-4', 'x-1', 'x-5']);
    const all = await replay([...args.slice(0, -1), '10']);
    expect(all.report!.result!.changes.map((c) => c.request_id)).toEqual([
      'x-4',
      'x-1',
      'x-5',
      'x-3',
      'x-0',
      'x-2',
    ]);
    const parts = [1, 2, 3].map((k) => join(scratch.dir, `recency-${k}.json`));
    for (const [i, out] of parts.entries())
      expect((await replay([...args, '--shard', `${i + 1}/3`, '--out', out])).code).toBe(0);
    expect((await runCliCaptured(['merge', ...parts], { env })).stdout).toBe(run.stdout);
  });

  it('merges shards into the single run, and refuses a partial whose counts disagree', async () => {
    const args = ['--base', base, '--head', grant, ...flags()];
    const parts = [1, 2].map((k) => join(scratch.dir, `orders-${k}.json`));
    for (const [i, out] of parts.entries())
      expect((await replay([...args, '--shard', `${i + 1}/2`, '--out', out])).code).toBe(0);
    const merged = await runCliCaptured(['merge', ...parts], { env });
    expect(merged.stdout).toBe((await replay(args)).stdout);
    const edited = JSON.parse(readFileSync(parts[0]!, 'utf8')) as { result: { evaluated: number } };
    edited.result.evaluated += 5;
    writeFileSync(parts[0]!, JSON.stringify(edited));
    const refused = await runCliCaptured(['merge', ...parts], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not allowed + denied + unevaluable');
  });

  it('drift by policy revision: the bundle revision each event was decided with (--bundle)', async () => {
    const revised = log(
      'revisions.log',
      [
        ['r-1', 'GET', true, 'v1'],
        ['r-2', 'DELETE', false, 'v1'],
        ['r-3', 'DELETE', true, 'v2'],
      ].map(([id, method, result, revision]) =>
        JSON.stringify({
          decision_id: id,
          path: 'orders/authz/allow',
          input: { method, path: ['orders', '1'], user: 'cy' },
          result,
          bundles: { orders: { revision }, shared: { revision: 'lib-3' } },
        }),
      ),
    );
    const run = await runCliCaptured(
      ['drift', '--policy', base, ...flags(revised), '--bundle', 'orders', '--format', 'json'],
      { env },
    );
    expect((JSON.parse(run.stdout) as RegoReport).result!.policy_revisions).toEqual([
      { revision: 'v2', records: 1, drift: 1 },
      { revision: 'v1', records: 2, drift: 0 },
    ]);
  });

  it('drift: the saved policy against its own log is drift 0; another policy drifts', async () => {
    const same = await runCliCaptured(['drift', '--policy', base, ...flags(), '--fail-on-drift'], { env });
    expect({ code: same.code, stderr: same.stderr }).toEqual({ code: 0, stderr: '' });
    const other = await runCliCaptured(
      ['drift', '--policy', grant, ...flags(), '--fail-on-drift', '--format', 'json'],
      { env },
    );
    expect(other.code).toBe(1);
    expect((JSON.parse(other.stdout) as RegoDriftReport).result!.drifts.map((c) => c.request_id)).toEqual([
      'd-3',
    ]);
  });

  it("drift under drift's names, recorded allow → now denied first, and kept so under the cap", async () => {
    const onlyCy = bundle('only-cy', {
      'orders/authz.rego': 'package orders.authz\n\ndefault allow := false\n\nallow if input.user == "cy"\n',
    });
    const args = ['drift', '--policy', onlyCy, ...flags(), '--format', 'json'];
    const run = await runCliCaptured([...args, '--max-changes', '1', '--max-groups', '1'], { env });
    const r = (JSON.parse(run.stdout) as RegoDriftReport).result!;
    expect(r).toMatchObject({
      evaluated: 4,
      drift_total: 3,
      newly_denied: 2,
      newly_allowed: 1,
      without_recorded_decision: 0,
      drift_groups_total: 2,
    });
    expect(Object.keys(r)).not.toContain('changes');
    expect(Object.keys(r)).not.toContain('recorded_mismatch');
    // The cap keeps a recorded allow now denied over the newly allowed one, most recent then by id.
    expect(r.drifts).toEqual([
      {
        request_id: 'd-1',
        occurred_at: '2026-11-30T10:00:00.123456789Z',
        change: 'newly_denied',
        recorded_decision: 'allow',
        replayed_decision: 'deny',
        differences: [{ pointer: '', recorded: 'true', replayed: 'false' }],
        error: null,
      },
    ]);
    expect(r.drift_groups.map((g) => [g.direction, g.count, g.because])).toEqual([['newly_denied', 2, []]]);
    const markdown = await runCliCaptured(['drift', '--policy', onlyCy, ...flags(), '--format', 'markdown'], {
      env,
    });
    expect(markdown.stdout).toContain('**3 drifts** over 4 events: 2 newly denied, 1 newly allowed.');
    // A drift names no edit: no because column, in either view.
    const text = await runCliCaptured(['drift', '--policy', onlyCy, ...flags(), '--format', 'text'], { env });
    for (const view of [markdown.stdout, text.stdout]) {
      expect(view).not.toContain('because');
      expect(view).not.toContain('unexplained');
    }
  });
});

describe('a Rego replay refused or stopped, exit 2', () => {
  const refused = async (args: string[]) => {
    const run = await replay(args);
    expect(run.code).toBe(2);
    return run.stderr;
  };

  it('when the decision path names nothing', async () => {
    const stderr = await refused([
      ...BASE_TO_GRANT,
      '--traffic',
      SAMPLE,
      '--decision-path',
      'orders/authz/alow',
    ]);
    expect(stderr).toContain('undefined_decision_path');
  });

  it('when a policy calls a builtin OPA does not have, with where', async () => {
    const custom = bundle('custom', {
      'orders/authz.rego': `${BASE}\nallow if acme.entitled(input.user)\n`,
      'orders/data.json': CLERKS,
    });
    const stderr = await refused(['--base', base, '--head', custom, ...flags()]);
    expect(stderr).toMatch(/orders\/authz\.rego:15: error: unknown_builtin: the head calls a builtin/);
  });

  it('when a policy reads data its bundle does not hold', async () => {
    const bare = bundle('bare', { 'orders/authz.rego': BASE });
    expect(await refused(['--base', base, '--head', bare, ...flags()])).toContain('data_outside_bundle');
  });

  it("when the manifest's Rego version and --rego-version disagree", async () => {
    const v0 = bundle('v0', {
      'orders/authz.rego': BASE,
      'orders/data.json': CLERKS,
      '.manifest': '{"rego_version": 0}',
    });
    expect(await refused(['--base', base, '--head', v0, ...flags(), '--rego-version', 'v1'])).toContain(
      'rego_version_mismatch',
    );
  });

  it('when an event has no path', async () => {
    const noPath = log('no-path.log', [
      eventLine({ id: 'q-1', method: 'GET', user: 'zed', result: true, path: null }),
    ]);
    expect(await refused(['--base', base, '--head', grant, ...flags(noPath)])).toMatch(
      /no-path\.log:1: error: event_without_path/,
    );
  });

  it('when an event without a path comes late, with evaluations in flight, or without a time under --since', async () => {
    const late = log('late-no-path.log', [
      ...Array.from({ length: 300 }, (_, i) =>
        eventLine({ id: `e-${i}`, method: 'GET', user: 'zed', result: true }),
      ),
      eventLine({ id: 'q-1', method: 'GET', user: 'zed', result: true, path: null }),
    ]);
    expect(await refused(['--base', base, '--head', grant, ...flags(late)])).toMatch(
      /late-no-path\.log:301: error: event_without_path[^]*nothing replayed\n$/,
    );
    const untimed = log('untimed-no-path.log', [
      '{"decision_id":"q-2","input":{"method":"GET","path":["orders"],"user":"zed"},"result":true}',
    ]);
    expect(
      await refused(['--base', base, '--head', grant, ...flags(untimed), '--since', '2026-11-30T00:00:00Z']),
    ).toContain('event_without_path');
  });

  it('when a policy does not parse: file, line and column, and the report says nothing was replayed', async () => {
    const broken = bundle('broken', {
      'orders/authz.rego': BASE.replace('default allow := false', 'default allow := '),
      'orders/data.json': CLERKS,
    });
    const run = await replay(['--base', base, '--head', broken, ...flags()]);
    expect(run.code).toBe(2);
    expect(run.report!.result).toBeNull();
    expect(run.report!.errors[0]).toMatchObject({ file: `${broken}/orders/authz.rego`, line: 3 });
  });

  it('exit 3 when the engine named is not there', async () => {
    const run = await replay([
      '--base',
      base,
      '--head',
      grant,
      ...flags(),
      '--engine',
      join(scratch.dir, 'nope'),
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('policy-replay-engine not found at --engine');
  });

  it('when a flag of the rule language is given with Rego, or a Rego flag with a rule document', async () => {
    expect(await refused(['--base', base, '--head', grant, ...flags(), '--witnesses', 'w.jsonl'])).toContain(
      '--witnesses',
    );
    expect(await refused(['--base', base, '--head', grant, '--traffic', SAMPLE])).toContain(
      '--decision-path is required',
    );
    const yaml = join(scratch.dir, 'p.yaml');
    writeFileSync(yaml, 'version: 1\n');
    expect(await refused(['--head', yaml, '--traffic', SAMPLE, '--deny-when-nonempty'])).toContain(
      'only for Rego',
    );
  });
});

describe('what a log or a flag may hold that stops nothing', () => {
  it('counts the events whose logged result the base does not give (recorded_mismatch)', async () => {
    const altered = log('altered.log', [
      eventLine({ id: 'd-1', method: 'GET', user: 'zed', result: false }),
      eventLine({ id: 'd-2', method: 'POST', user: 'ana', result: true }),
      eventLine({ id: 'd-3', method: 'DELETE', user: 'cy', result: false }),
    ]);
    const r = (await replay(['--base', base, '--head', grant, ...flags(altered)])).report!.result!;
    // d-1: the base allows what the log says was denied; d-3 is the head's change, not a mismatch.
    expect({ mismatch: r.recorded_mismatch, changes: r.changes_total }).toEqual({ mismatch: 1, changes: 1 });
  });

  it('reads --decision-path with a leading slash or a data prefix as the same path', async () => {
    const plain = (await replay(['--base', base, '--head', grant, ...flags()])).stdout;
    for (const spelled of ['/orders/authz/allow', 'data.orders.authz.allow', '/data/orders/authz/allow']) {
      const run = await replay([...BASE_TO_GRANT, '--traffic', SAMPLE, '--decision-path', spelled]);
      expect({ code: run.code, same: run.stdout === plain }).toEqual({ code: 0, same: true });
    }
  });

  it('counts an event whose nd_builtin_cache is not in OPA form as malformed, and never prints it', async () => {
    const withCache = (id: string, cache: unknown) =>
      JSON.stringify({
        ...JSON.parse(eventLine({ id, method: 'GET', user: 'zed', result: true })),
        nd_builtin_cache: cache,
      });
    const cached = log('bad-cache.log', [
      withCache('c-1', { 'time.now_ns': { 'SECRET-KEY[': 1 } }),
      withCache('c-2', { 'time.now_ns': 'SECRET-VALUE' }),
      eventLine({ id: 'c-3', method: 'POST', user: 'ana', result: true }),
    ]);
    for (const format of ['json', 'text', 'markdown']) {
      const run = await replay(['--base', base, '--head', grant, ...flags(cached), '--format', format]);
      expect(run.code).toBe(0);
      expect(run.stdout + run.stderr).not.toContain('SECRET');
      if (format === 'json') {
        const r = JSON.parse(run.stdout) as RegoReport;
        expect({
          evaluated: r.result!.evaluated,
          malformed: r.result!.malformed.examples.map((e) => e.line),
        }).toEqual({ evaluated: 1, malformed: [1, 2] });
      }
    }
  });

  it('replays a v0 base against a v1 head of two edits, attributing them syntactically', async () => {
    const v0 = bundle('v0-base', {
      'orders/authz.rego': 'package orders.authz\ndefault allow = false\nallow { input.method == "GET" }\n',
      'orders/data.json': '{"clerks": []}',
      '.manifest': '{"rego_version": 0}',
    });
    const run = await replay(['--base', v0, '--head', grant, ...flags()]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.report!.result!.edits!.length).toBeGreaterThanOrEqual(2);
    expect(run.report!.meta).toMatchObject({ attribution: { method: 'syntactic' } });
    // Read, not replayed: every edit the decision can reach (the v0 rule and the clerks it reads).
    expect(run.report!.result!.changes[0]!.because.length).toBeGreaterThan(0);
    for (const format of ['text', 'markdown']) {
      const view = await replay(['--base', v0, '--head', grant, ...flags(), '--format', format]);
      expect(view.stdout).toContain(
        'Causes not replayed: the base and the head are of different Rego versions',
      );
    }
    const twoEdits = bundle('grant-more-clerks', {
      'orders/authz.rego': GRANT,
      'orders/data.json': JSON.stringify({ clerks: ['ana', 'bo', 'zed'], supervisors: ['cy'] }),
      'orders/unused/data.json': JSON.stringify({ colour: 'blue' }),
    });
    const capped = ['--base', base, '--head', twoEdits, ...flags()];
    const syntactic = await replay([...capped, '--max-attribution-edits', '2']);
    const r = syntactic.report!.result!;
    expect(r.edits!.map((e) => (e.kind === 'rule' ? e.ref : e.pointer))).toEqual([
      'data.orders.authz.allow',
      '/orders/clerks',
      '/orders/unused',
    ]);
    // The rule and the clerks the decision reads; never data it cannot reach.
    const reached = r.edits!.slice(0, 2);
    expect(r.changes.map((c) => [c.request_id, c.because, c.joint])).toEqual([['d-3', reached, false]]);
    expect(r.change_groups.map((g) => g.because)).toEqual([reached]);
    expect(r.by_edit).toEqual([expect.objectContaining({ edits: reached, newly_allowed: 1 })]);
    expect(
      (await replay([...capped, '--max-attribution-edits', '2', '--format', 'markdown'])).stdout,
    ).toContain(
      'Causes not replayed: this change has 3 edits, more than the 2 that --max-attribution-edits allows; "because" names every edit the decision can reach.',
    );
    const replayed = await replay([...capped, '--format', 'json']);
    expect(replayed.report!.result!.changes[0]!.because).toEqual([r.edits![0]]);
    expect((await replay([...capped, '--format', 'text'])).stdout).not.toContain('Causes not');
  });

  it('a new policy (no base): every decided event is a change from unknown, its causes read', async () => {
    const run = await replay(['--head', grant, ...flags()]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const { meta } = run.report!;
    const r = run.report!.result!;
    expect(meta).toMatchObject({ status: 'added', attribution: { method: 'syntactic', edits: 2 } });
    expect(meta.base).toBeNull();
    expect(r).toMatchObject({
      evaluated: 4,
      allowed: 3,
      denied: 1,
      changes_total: 4,
      unknown_to_allow: 3,
      unknown_to_deny: 1,
      from_unknown: 4,
      newly_allowed: 0,
      base_counts: null,
    });
    // Danger order: unknown → allow, most recent first, then by id; then unknown → deny.
    expect(r.changes.map((c) => [c.request_id, c.change, c.current_decision, c.draft_decision])).toEqual([
      ['d-3', 'unknown_to_allow', 'unknown', 'allow'],
      ['d-1', 'unknown_to_allow', 'unknown', 'allow'],
      ['d-2', 'unknown_to_allow', 'unknown', 'allow'],
      ['d-4', 'unknown_to_deny', 'unknown', 'deny'],
    ]);
    expect(r.edits!.map((e) => [e.kind === 'rule' ? e.ref : e.pointer, e.change])).toEqual([
      ['data.orders.authz.allow', 'added'],
      ['/orders', 'added'],
    ]);
    expect(r.changes[0]!.because).toEqual(r.edits);
    expect(r.change_groups.map((g) => [g.direction, g.count])).toEqual([
      ['unknown_to_allow', 3],
      ['unknown_to_deny', 1],
    ]);
    // A group's examples follow the change order (most recent first, then by id), not the sample's.
    expect(r.change_groups[0]!.examples).toEqual(['d-3', 'd-1', 'd-2']);
    // Shards merge to the same bytes, examples included.
    const parts = [1, 2, 3].map((k) => join(scratch.dir, `new-${k}.json`));
    for (const [i, out] of parts.entries())
      expect((await replay(['--head', grant, ...flags(), '--shard', `${i + 1}/3`, '--out', out])).code).toBe(
        0,
      );
    expect((await runCliCaptured(['merge', ...parts], { env })).stdout).toBe(run.stdout);
    const markdown = await replay(['--head', grant, ...flags(), '--format', 'markdown']);
    expect(markdown.stdout).toContain('3 unknown → allowed, 1 unknown → denied');
    expect(markdown.stdout).toContain('Causes not replayed: there is no base to revert edits to');
    // A changed decision counts for the gate's changes, not as newly allowed.
    expect((await replay(['--head', grant, ...flags(), '--fail-on', 'newly-allowed'])).code).toBe(0);
    expect((await replay(['--head', grant, ...flags(), '--fail-on', 'changes'])).code).toBe(1);
  });

  it('an allow that was undefined (a deny to the service) and is now true is newly allowed, and gated so', async () => {
    const noDefault = (rule: string) =>
      bundle(`no-default-${rule.length}`, {
        'orders/authz.rego': `package orders.authz\n\nallow if ${rule}\n`,
      });
    const [getOnly, getAndDelete] = [
      noDefault('input.method == "GET"'),
      noDefault('input.method in {"GET", "DELETE"}'),
    ];
    const run = await replay(['--base', getOnly, '--head', getAndDelete, ...flags()]);
    const r = run.report!.result!;
    expect(r).toMatchObject({ newly_allowed: 2, undefined_to_defined: 0, changes_total: 2 });
    expect(r.changes.map((c) => [c.request_id, c.change, c.current_decision, c.draft_decision])).toEqual([
      ['d-3', 'newly_allowed', 'deny', 'allow'],
      ['d-4', 'newly_allowed', 'deny', 'allow'],
    ]);
    expect(r.changes[0]!.differences).toEqual([{ pointer: '', base: null, head: 'true' }]);
    const gated = await replay([
      '--base',
      getOnly,
      '--head',
      getAndDelete,
      ...flags(),
      '--fail-on',
      'newly-allowed',
    ]);
    expect(gated.code).toBe(1);
  });

  it('a base that cannot decide an event is unknown: the head deciding it is a change from unknown', async () => {
    const policy = (rule: string) => `package orders.authz\n\ndefault allow := false\n\n${rule}\n`;
    const rootOnly = bundle('root-only', { 'orders/authz.rego': policy('allow if input.user == "root"') });
    const reads = bundle('reads-open', { 'orders/authz.rego': policy('allow if input.method == "GET"') });
    const erasedUser = (id: string, method: string, at: string) =>
      JSON.stringify({
        decision_id: id,
        path: 'orders/authz/allow',
        input: { method, path: ['orders', '7'] },
        result: false,
        erased: ['/input/user'],
        timestamp: at,
      });
    const traffic = log('erased-users.log', [
      erasedUser('u-1', 'GET', '2026-11-30T10:00:00Z'),
      erasedUser('u-2', 'POST', '2026-11-30T10:00:01Z'),
      eventLine({ id: 'u-3', method: 'POST', user: 'root', result: true }),
    ]);
    const run = await replay(['--base', rootOnly, '--head', reads, ...flags(traffic)]);
    const r = run.report!.result!;
    expect(r.changes.map((c) => [c.request_id, c.change, c.current_decision, c.draft_decision])).toEqual([
      ['u-1', 'unknown_to_allow', 'unknown', 'allow'],
      ['u-3', 'newly_denied', 'allow', 'deny'],
      ['u-2', 'unknown_to_deny', 'unknown', 'deny'],
    ]);
    expect(r).toMatchObject({ changes_total: 3, from_unknown: 2, unevaluable: 0 });
    expect(r.base_counts).toEqual({ allowed: 1, denied: 0, unevaluable: 2 });
    // The reverse (the base decides, the head cannot) is not a change: newly unevaluable.
    const back = await replay(['--base', reads, '--head', rootOnly, ...flags(traffic)]);
    expect(back.report!.result).toMatchObject({
      changes_total: 1,
      unevaluable: 2,
      newly_unevaluable: { from_allow: 1, from_deny: 1, groups_total: 2 },
    });
    // Grouped as changes are, a denied one first (it may hide a newly allowed request), with causes.
    const edit = back.report!.result!.edits!;
    expect(
      back.report!.result!.newly_unevaluable!.groups.map((g) => [
        g.direction,
        g.count,
        g.examples,
        g.because,
      ]),
    ).toEqual([
      ['deny_to_unknown', 1, ['u-2'], edit],
      ['allow_to_unknown', 1, ['u-1'], edit],
    ]);
    const shown = await replay([
      '--base',
      reads,
      '--head',
      rootOnly,
      ...flags(traffic),
      '--format',
      'markdown',
    ]);
    expect(shown.stdout).toContain(
      '- **2 requests the head can no longer judge** (1 the base allowed, 1 the base denied): one the base denied may be one the head would allow.',
    );
    expect(shown.stdout).toContain('| denied → unknown | 1 |');
    expect(shown.stdout).toContain('- input\\_not\\_recorded (2): ');
  });
});

describe('values from the log stay inert', () => {
  it('in markdown and text, a result message cannot inject markup, mentions or workflow commands', async () => {
    const denyMessage = (msg: string) => `package shop.admission

violation contains {"msg": msg} if {
	input.kind == "Pod"
	msg := ${JSON.stringify(msg)}
}
`;
    const hostile =
      '<img src=x onerror=alert(1)> @org/admins #12 [x](https://evil.example) ::error::owned ##[error]x';
    const b = bundle('adm-base', { 'shop/admission.rego': denyMessage('pods are not allowed') });
    const h = bundle('adm-head', { 'shop/admission.rego': denyMessage(hostile) });
    const sample = log('adm.log', [
      JSON.stringify({
        decision_id: 'a-1',
        path: 'shop/admission/violation',
        input: { kind: 'Pod' },
        result: [{ msg: 'pods are not allowed' }],
        timestamp: '2026-11-30T10:00:00Z',
      }),
    ]);
    const args = [
      '--base',
      b,
      '--head',
      h,
      '--traffic',
      sample,
      '--decision-path',
      'shop/admission/violation',
      '--deny-when-nonempty',
    ];
    const md = await replay([...args, '--format', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('result_changed');
    expect(md.stdout).not.toMatch(/<img|\]\(https|@org|#12/);
    const text = await replay([...args, '--format', 'text', '--width', '400']);
    const json = await replay(args);
    for (const out of [md.stdout, text.stdout, json.stdout])
      for (const line of out.split('\n')) {
        expect(line).not.toMatch(/^\s*::/);
        expect(line).not.toContain('##[');
      }
  });
});
