/**
 * What the pull-request gate judges: the merge result against the base tip, a renamed policy on
 * its own evidence, a symlinked policy by its target, a base that cannot be compiled, and sample
 * paths built from file names. Each case is a change a hostile pull request author would try. The
 * committed dist/index.js runs as a child process on a real git repository with the real OPA;
 * only GitHub's API is faked (on 127.0.0.1), as it cannot exist here.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git } from '../git/gitRepo.js';
import { runPullRequest, suiteFakeGitHub, type PullRequestRun, type RunExtras } from './fixtures.js';
import { GitWorkspace, describeRun, jsonl, toolPolicy, toolRecord, type ActionResult } from './harness.js';

const fakeGitHub = suiteFakeGitHub();

/** Registers the pull request with a fake of its own and runs the Action on the workspace. */
const runPull = async (
  ws: GitWorkspace,
  pull: PullRequestRun,
  extras: RunExtras = {},
): Promise<ActionResult> => runPullRequest(await fakeGitHub(), ws, pull, extras);

const SHELL = toolRecord({ id: 's1', tool: 'run_shell' });
const READ = toolRecord({ id: 'r1', tool: 'read_file' });
const WRITE = toolRecord({ id: 'w1', tool: 'write_file' });

/** The run report's `judged` field (the harness's type leaves it out). */
function judgedOf(result: ActionResult): { against: string; base_sha: string; head_sha: string } | undefined {
  return (result.report as unknown as { judged?: { against: string; base_sha: string; head_sha: string } })
    ?.judged;
}

describe('the merge result is judged against the base tip', () => {
  const POLICY = 'policies/acme.yaml';
  const denyA = { id: 'deny-shell-a', effect: 'deny' as const, tools: ['run_shell'] };
  const read = { id: 'allow-read', effect: 'allow' as const, tools: ['read_file'] };
  const denyB = { id: 'deny-shell-b', effect: 'deny' as const, tools: ['run_shell'] };

  /**
   * Two redundant deny rules: the base branch drops one after the fork, the pull request the
   * other. Head and base tip each still deny the shell; only their merge allows it.
   */
  function forkedHistory(prefix: string) {
    const ws = new GitWorkspace(prefix);
    const fork = ws.commit(
      { [POLICY]: toolPolicy([denyA, read, denyB], 'allow'), 'traffic/acme.jsonl': jsonl([READ, SHELL]) },
      'two deny rules for the shell',
    );
    git(ws.dir, 'checkout', '--quiet', '-b', 'feature');
    const head = ws.commit({ [POLICY]: toolPolicy([denyA, read], 'allow') }, 'drop the second deny rule');
    git(ws.dir, 'checkout', '--quiet', 'main');
    const baseTip = ws.commit({ [POLICY]: toolPolicy([read, denyB], 'allow') }, 'drop the first deny rule');
    return { ws, fork, head, baseTip };
  }

  it('a merge commit that newly allows the shell fails, though head against base tip shows no change', async () => {
    const { ws, head, baseTip } = forkedHistory('merge');
    // The merge GitHub makes for refs/pull/N/merge: the base tip first, the head second.
    git(ws.dir, 'checkout', '--quiet', '--detach', baseTip);
    git(ws.dir, 'merge', '--quiet', '--no-ff', '--no-edit', head);
    const merge = git(ws.dir, 'rev-parse', 'HEAD');
    expect(readFileSync(`${ws.dir}/${POLICY}`, 'utf8')).not.toContain('run_shell');
    const result = await runPull(
      ws,
      { baseSha: baseTip, headSha: head, files: [{ filename: POLICY, status: 'modified' }] },
      { sha: merge },
    );
    const policy = result.report?.policies.find((p) => p.path === POLICY);
    expect(policy?.report?.result?.newly_allowed).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    expect(judgedOf(result)).toEqual({ against: 'base-tip', base_sha: baseTip, head_sha: merge });
    expect(result.code).toBe(1);
    expect(result.summary).not.toContain('merge base');
  });

  it('a depth-1 checkout of the merge ref, as actions/checkout makes it, fetches the base tip and judges the merge', async () => {
    const { ws, head, baseTip } = forkedHistory('merge-origin');
    git(ws.dir, 'checkout', '--quiet', '--detach', baseTip);
    git(ws.dir, 'merge', '--quiet', '--no-ff', '--no-edit', head);
    const merge = git(ws.dir, 'rev-parse', 'HEAD');
    git(ws.dir, 'update-ref', 'refs/pull/7/merge', merge);
    git(ws.dir, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
    const checkout = new GitWorkspace('merge-shallow');
    git(checkout.dir, 'remote', 'add', 'origin', `file://${ws.dir}`);
    git(checkout.dir, 'fetch', '--quiet', '--depth=1', 'origin', 'refs/pull/7/merge');
    git(checkout.dir, 'checkout', '--quiet', '--detach', 'FETCH_HEAD');
    expect(git(checkout.dir, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const result = await runPull(
      checkout,
      { baseSha: baseTip, headSha: head, files: [{ filename: POLICY, status: 'modified' }] },
      { sha: merge },
    );
    expect(result.report?.policies[0]?.report?.result?.newly_allowed).toBe(1);
    expect(judgedOf(result)).toEqual({ against: 'base-tip', base_sha: baseTip, head_sha: merge });
    expect(result.code).toBe(1);
  });

  it("a policy only the base branch changed since the fork is not judged as the pull request's", async () => {
    const { ws, head } = forkedHistory('merge-list');
    // The base branch loosens another policy after the fork; the pull request never touches it.
    const other = 'policies/other.yaml';
    git(ws.dir, 'checkout', '--quiet', 'main');
    const baseTip = ws.commit({ [other]: toolPolicy([], 'allow') }, 'another team loosens their policy');
    git(ws.dir, 'checkout', '--quiet', '--detach', baseTip);
    git(ws.dir, 'merge', '--quiet', '--no-ff', '--no-edit', head);
    const merge = git(ws.dir, 'rev-parse', 'HEAD');
    const result = await runPull(
      ws,
      { baseSha: baseTip, headSha: head, files: [{ filename: POLICY, status: 'modified' }] },
      { sha: merge },
    );
    expect(result.report?.policies.map((p) => p.path)).toEqual([POLICY]);
    // Merged onto a base that already dropped the first rule, the pull request allows the shell.
    expect(result.report?.policies[0]?.report?.result?.newly_allowed).toBe(1);
    expect(judgedOf(result)?.against).toBe('base-tip');
  });

  it('without a merge commit the head is judged against the merge base, and the comment says so', async () => {
    const { ws, fork, head, baseTip } = forkedHistory('merge-base');
    git(ws.dir, 'checkout', '--quiet', '--detach', head);
    const result = await runPull(
      ws,
      { baseSha: baseTip, headSha: head, files: [{ filename: POLICY, status: 'modified' }] },
      { sha: head },
    );
    const comment = readFileSync(result.outputs['comment-file'] ?? '', 'utf8');
    expect(comment).toContain('the head commit against the merge base');
    expect(result.summary).toContain('the head commit against the merge base');
    expect(judgedOf(result)).toEqual({ against: 'merge-base', base_sha: fork, head_sha: head });
    // The pull request alone drops a redundant rule: nothing changes, and it passes.
    expect(result.report?.policies[0]?.report?.result?.changes_total).toBe(0);
    expect(describeRun(result)).toMatch(/^exit 0/);
  });
});

describe('a renamed policy keeps its evidence', () => {
  it('a rename that loosens the policy is replayed on the sample of its old path, not on the new name', async () => {
    const ws = new GitWorkspace('rename');
    const strict = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
    const loose = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', 'run_shell'] }]);
    const base = ws.commit(
      {
        'policies/acme.yaml': strict,
        'policies/beta.yaml': strict,
        // acme's traffic asks for a shell; beta's only reads, so loosening is invisible on it.
        'traffic/acme.jsonl': jsonl([READ, SHELL]),
        'traffic/beta.jsonl': jsonl([READ]),
      },
      'base',
    );
    const head = ws.commit(
      { 'policies/acme.yaml': null, 'policies/team2/beta.yaml': loose },
      'rename acme into team2, and allow the shell',
    );
    const result = await runPull(ws, {
      baseSha: base,
      headSha: head,
      files: [
        { filename: 'policies/team2/beta.yaml', status: 'renamed', previous_filename: 'policies/acme.yaml' },
      ],
    });
    const policy = result.report?.policies.find((p) => p.path === 'policies/team2/beta.yaml');
    expect(policy).toBeDefined();
    expect((policy as unknown as { traffic: string }).traffic).toBe('traffic/acme.jsonl');
    expect(policy!.report?.result?.newly_allowed).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    expect(result.code).toBe(1);
  });
});

describe('a sample path built from a file name is literal', () => {
  it('policies/*.yaml is one file: its sample is traffic/*.jsonl, not every sample under traffic/', async () => {
    const ws = new GitWorkspace('glob-name');
    const strict = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
    const base = ws.commit(
      {
        'policies/acme.yaml': strict,
        'traffic/acme.jsonl': jsonl([READ, SHELL]),
        'traffic/beta.jsonl': jsonl([WRITE]),
      },
      'base',
    );
    const head = ws.commit({ 'policies/*.yaml': toolPolicy([], 'allow') }, 'a default-allow policy');
    const result = await runPull(
      ws,
      { baseSha: base, headSha: head, files: [{ filename: 'policies/*.yaml', status: 'added' }] },
      { inputs: { 'fail-on': 'invalid-policy,newly-allowed,no-traffic' } },
    );
    const policy = result.report?.policies.find((p) => p.path === 'policies/*.yaml');
    expect(policy).toBeDefined();
    expect(policy!.no_traffic).toBe(true);
    expect((policy as unknown as { traffic: string | null }).traffic).toBeNull();
    expect(result.report?.failed.map((f) => f.rule)).toContain('no-traffic');
    expect(result.code).toBe(1);
  });
});

/** A default-deny policy with `count` allow rules, each naming its own tools. */
function manyRules(count: number, extraTools: string[] = []): string {
  const rules = Array.from({ length: count }, (_, i) => ({
    id: `allow-${i}`,
    effect: 'allow' as const,
    tools: [`tool_${i}_a`, `tool_${i}_b`],
  }));
  rules.push({ id: 'allow-read', effect: 'allow', tools: ['read_file', ...extraTools] });
  return toolPolicy(rules);
}

describe('a base that cannot be compiled fails the check', () => {
  it('a base over max-policy-values is an error, not an unknown base a loosening passes against', async () => {
    const ws = new GitWorkspace('base-limit');
    const base = ws.commit(
      { 'policies/acme.yaml': manyRules(30), 'traffic/acme.jsonl': jsonl([READ, SHELL]) },
      'base',
    );
    const head = ws.commit(
      {
        'policies/acme.yaml': toolPolicy([
          { id: 'allow', effect: 'allow', tools: ['read_file', 'run_shell'] },
        ]),
      },
      'shrink, and allow the shell',
    );
    const result = await runPull(
      ws,
      { baseSha: base, headSha: head, files: [{ filename: 'policies/acme.yaml', status: 'modified' }] },
      { inputs: { limits: 'max-policy-values=20' } },
    );
    expect(result.code).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    const failed = result.report?.failed ?? [];
    expect(failed.map((f) => f.rule)).toContain('replay-failed');
    expect(failed.map((f) => f.reason).join('\n')).toMatch(
      /base version of policies\/acme\.yaml at [0-9a-f]{40} could not be compiled \(resource limit\)/,
    );
    expect(result.stdout).toMatch(/::error[^\n]*file=policies\/acme\.yaml[^\n]*::[^\n]*base version/);
  });

  it('a base that runs out of compile time is an error, not an unknown base', async () => {
    const ws = new GitWorkspace('base-timeout');
    // Thousands of rules take OPA well over the one-second limit; the head is three lines.
    const base = ws.commit(
      { 'policies/acme.yaml': manyRules(2500), 'traffic/acme.jsonl': jsonl([READ, SHELL]) },
      'base',
    );
    const head = ws.commit(
      {
        'policies/acme.yaml': toolPolicy([
          { id: 'allow', effect: 'allow', tools: ['read_file', 'run_shell'] },
        ]),
      },
      'shrink, and allow the shell',
    );
    const result = await runPull(
      ws,
      { baseSha: base, headSha: head, files: [{ filename: 'policies/acme.yaml', status: 'modified' }] },
      { inputs: { limits: 'compile-timeout=1s, max-policy-values=1000000' } },
    );
    expect(result.code).toBe(1);
    const reasons = (result.report?.failed ?? []).map((f) => f.reason).join('\n');
    expect(reasons).toMatch(
      /base version of policies\/acme\.yaml at [0-9a-f]{40} could not be compiled \(time limit\)/,
    );
  });

  it('an invalid base document still makes every base decision unknown', async () => {
    const ws = new GitWorkspace('base-invalid');
    const base = ws.commit(
      { 'policies/acme.yaml': 'default_effect: maybe\nrules: []\n', 'traffic/acme.jsonl': jsonl([READ]) },
      'base',
    );
    const head = ws.commit(
      { 'policies/acme.yaml': toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]) },
      'repair',
    );
    const result = await runPull(ws, {
      baseSha: base,
      headSha: head,
      files: [{ filename: 'policies/acme.yaml', status: 'modified' }],
    });
    expect(result.report?.failed.map((f) => f.rule) ?? []).not.toContain('replay-failed');
    const policy = result.report?.policies[0] as unknown as { base_errors?: unknown[] };
    expect(policy.base_errors?.length).toBeGreaterThan(0);
    expect(describeRun(result)).toMatch(/^exit 0/);
  });
});

/** Makes each `path` a symlink to `target` in the work tree, then commits everything. */
function commitWithLinks(
  ws: GitWorkspace,
  links: Record<string, string>,
  files: Record<string, string | null>,
  message: string,
): string {
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(ws.dir, path)), { recursive: true });
    symlinkSync(target, join(ws.dir, path));
  }
  return ws.commit(files, message);
}

describe('a symlinked policy is judged by its target', () => {
  const strict = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
  const loose = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', 'run_shell'] }]);

  it('a pull request that loosens only the target changes the policy that links to it', async () => {
    const ws = new GitWorkspace('symlink');
    const base = commitWithLinks(
      ws,
      { 'policies/acme.yaml': '../common/acme.yaml' },
      { 'common/acme.yaml': strict, 'traffic/acme.jsonl': jsonl([READ, SHELL]) },
      'acme links to the common policy',
    );
    const head = ws.commit({ 'common/acme.yaml': loose }, 'loosen the common policy');
    const result = await runPull(ws, {
      baseSha: base,
      headSha: head,
      files: [{ filename: 'common/acme.yaml', status: 'modified' }],
    });
    expect(result.report?.policies.map((p) => p.path)).toEqual(['policies/acme.yaml']);
    expect(result.report?.policies[0]?.report?.result?.newly_allowed).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    expect(result.code).toBe(1);
  });

  it('a symlink that leads out of the repository fails closed, naming the link', async () => {
    const ws = new GitWorkspace('symlink-out');
    const base = ws.commit({ 'policies/acme.yaml': strict, 'traffic/out.jsonl': jsonl([READ]) }, 'base');
    const head = commitWithLinks(
      ws,
      { 'policies/out.yaml': '../../outside.yaml', 'policies/abs.yaml': '/etc/hostname' },
      {},
      'policies from outside',
    );
    const result = await runPull(ws, {
      baseSha: base,
      headSha: head,
      files: [
        { filename: 'policies/abs.yaml', status: 'added' },
        { filename: 'policies/out.yaml', status: 'added' },
      ],
    });
    expect(result.code).toBe(1);
    const failed = result.report?.failed ?? [];
    const reasonOf = (path: string) =>
      failed.find((f) => f.policy === path && f.rule === 'replay-failed')?.reason;
    expect(reasonOf('policies/out.yaml')).toMatch(/policies\/out\.yaml leads out of the repository/);
    expect(reasonOf('policies/abs.yaml')).toMatch(
      /symlink .* to the absolute path "\/etc\/hostname", outside the repository/,
    );
  });

  it('a symlink loop fails closed instead of hanging or reading the link text', async () => {
    const ws = new GitWorkspace('symlink-loop');
    const base = ws.commit({ 'policies/acme.yaml': strict }, 'base');
    const head = commitWithLinks(
      ws,
      { 'policies/a.yaml': 'b.yaml', 'policies/b.yaml': 'a.yaml' },
      {},
      'two links pointing at each other',
    );
    const result = await runPull(ws, {
      baseSha: base,
      headSha: head,
      files: [
        { filename: 'policies/a.yaml', status: 'added' },
        { filename: 'policies/b.yaml', status: 'added' },
      ],
    });
    expect(result.code).toBe(1);
    const reasons = (result.report?.failed ?? [])
      .filter((f) => f.rule === 'replay-failed')
      .map((f) => f.reason);
    expect(reasons).toHaveLength(2);
    for (const reason of reasons) expect(reason).toMatch(/more than 40 symlinks/);
  });
});
