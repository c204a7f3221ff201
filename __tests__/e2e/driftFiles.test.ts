/**
 * Drift mode reads each policy through git at the checked-out commit, as the pull-request mode
 * does, never through the file system: a merged symlink to a file outside the repository (a
 * secret on the runner, `/proc/self/environ`, `/dev/zero`) fails closed as that policy's
 * `replay-failed` blocker, nothing of the target reaches the issues, the summary or the log, and
 * every other policy is still replayed and reported. A policy over the size limit is refused
 * before it is read.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git } from '../git/gitRepo.js';
import { GitWorkspace, REPOSITORY, jsonl, scratchDir, toolPolicy, toolRecord } from './harness.js';
import { runScheduled, suiteFakeGitHub } from './fixtures.js';

const SECRET = 'policy-replay-secret-4f1c9e';

function traffic(prefix: string): string {
  const lines: string[] = [];
  for (let i = 0; i < 3; i++)
    lines.push(toolRecord({ id: `${prefix}-read-${i}`, tool: 'read_file', recorded: 'allow', minute: i }));
  for (let i = 0; i < 4; i++)
    lines.push(
      toolRecord({ id: `${prefix}-write-${i}`, tool: 'write_file', recorded: 'deny', minute: 10 + i }),
    );
  return jsonl(lines);
}

/** The 4 recorded-deny writes are now allowed. */
const DRIFT_4 = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', 'write_file'] }]);

function link(ws: GitWorkspace, path: string, target: string): void {
  const full = join(ws.dir, path);
  mkdirSync(dirname(full), { recursive: true });
  symlinkSync(target, full);
}

type Blocker = { rule: string; message: string };

describe('drift mode reads policies through git at the checked-out commit', () => {
  const fakeGitHub = suiteFakeGitHub();

  it('a symlinked policy leading out of the repository fails closed alone; nothing of its target leaks', async () => {
    const gh = await fakeGitHub();
    // A valid policy outside the repository, whose rule id would show in a drift issue if read.
    const outside = scratchDir('drift-outside');
    writeFileSync(
      join(outside, 'secret.yaml'),
      toolPolicy([{ id: SECRET, effect: 'allow', tools: ['read_file', 'write_file'] }]),
    );
    const ws = new GitWorkspace('drift-files');
    ws.commit({ 'policies/good.yaml': DRIFT_4 }, 'a policy');
    link(ws, 'policies/outside.yaml', join(outside, 'secret.yaml'));
    link(ws, 'policies/environ.yaml', '/proc/self/environ');
    link(ws, 'policies/escape.yaml', '../../secret.yaml');
    link(ws, 'policies/loop.yaml', 'loop.yaml');
    // Inside the repository a link is followed within the commit's tree.
    link(ws, 'policies/inside.yaml', 'good.yaml');
    git(ws.dir, 'add', '-A');
    git(ws.dir, 'commit', '--quiet', '-m', 'links');
    const sha = git(ws.dir, 'rev-parse', 'HEAD');
    for (const name of ['good', 'outside', 'environ', 'escape', 'loop', 'inside'])
      ws.write(`traffic/${name}.jsonl`, traffic(name));

    const result = await runScheduled(gh, ws, {
      sha,
      env: { POLICY_REPLAY_TEST_SECRET: SECRET },
      inputs: { 'fail-on': 'invalid-policy' },
    });

    const byPath = Object.fromEntries(result.report!.policies.map((p) => [p.path, p]));
    expect(Object.keys(byPath).sort()).toEqual(
      ['environ', 'escape', 'good', 'inside', 'loop', 'outside'].map((n) => `policies/${n}.yaml`),
    );
    const blockers = (path: string) =>
      ((byPath[path] as unknown as { blockers?: Blocker[] }).blockers ?? []).map((b) => b.rule);
    // The links out of the repository, and the loop, are each their policy's failure.
    for (const path of ['outside', 'environ', 'escape', 'loop'].map((n) => `policies/${n}.yaml`)) {
      expect([path, blockers(path)]).toEqual([path, ['replay-failed']]);
      expect(byPath[path]!.drift?.result ?? null).toBeNull();
    }
    const message = (path: string) =>
      (byPath[path] as unknown as { blockers: Blocker[] }).blockers[0]?.message ?? '';
    expect(message('policies/outside.yaml')).toMatch(/outside the repository/);
    expect(message('policies/environ.yaml')).toMatch(/outside the repository/);
    expect(message('policies/escape.yaml')).toMatch(/leads out of the repository/);
    expect(message('policies/loop.yaml')).toMatch(/more than 40 symlinks/);
    // The others are still replayed and reported, a link inside the repository by its target.
    expect(byPath['policies/good.yaml']!.drift?.result?.drift_total).toBe(4);
    expect(byPath['policies/inside.yaml']!.drift?.result?.drift_total).toBe(4);
    expect(blockers('policies/good.yaml')).toEqual([]);
    expect(result.code).toBe(1);

    const issues = gh.state.issues(REPOSITORY);
    expect(issues.map((i) => i.title).sort()).toEqual([
      expect.stringContaining('policies/good.yaml'),
      expect.stringContaining('policies/inside.yaml'),
    ]);
    const written = JSON.stringify(gh.requests.map((r) => r.body));
    for (const text of [written, result.stdout, result.stderr, result.summary, JSON.stringify(result.report)])
      expect(text).not.toContain(SECRET);
  });

  it('a symlink to /dev/zero fails closed at once; a policy over the size limit is refused unread', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('drift-zero');
    // Over a 2 KiB limit, and otherwise a valid policy.
    const big = `${DRIFT_4}\n${'# padding\n'.repeat(300)}`;
    ws.commit({ 'policies/good.yaml': DRIFT_4, 'policies/big.yaml': big }, 'policies');
    link(ws, 'policies/zero.yaml', '/dev/zero');
    git(ws.dir, 'add', '-A');
    git(ws.dir, 'commit', '--quiet', '-m', 'zero');
    const sha = git(ws.dir, 'rev-parse', 'HEAD');
    for (const name of ['good', 'big', 'zero']) ws.write(`traffic/${name}.jsonl`, traffic(name));

    const started = Date.now();
    const result = await runScheduled(gh, ws, {
      sha,
      inputs: { 'fail-on': 'invalid-policy', limits: 'max-policy-bytes=2048' },
    });
    expect(Date.now() - started).toBeLessThan(60_000);
    const byPath = Object.fromEntries(result.report!.policies.map((p) => [p.path, p]));
    const blocker = (path: string) => (byPath[path] as unknown as { blockers?: Blocker[] }).blockers ?? [];
    expect(blocker('policies/zero.yaml')).toEqual([
      expect.objectContaining({
        rule: 'replay-failed',
        message: expect.stringMatching(/outside the repository/),
      }),
    ]);
    expect(blocker('policies/big.yaml')).toEqual([
      expect.objectContaining({
        rule: 'replay-failed',
        message: expect.stringMatching(/policies\/big\.yaml is [\d,]+ bytes, over the 2,048-byte limit/),
      }),
    ]);
    expect(byPath['policies/good.yaml']!.drift?.result?.drift_total).toBe(4);
    expect(result.code).toBe(1);
  });
});
