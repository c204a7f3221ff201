/**
 * What the pull-request gate judges: the merge result against the base tip, a renamed policy on
 * its own evidence, a symlinked policy by its target, a base that cannot be compiled, and sample
 * paths built from file names. Each case is a change a hostile pull request author would try. The
 * committed dist/index.js runs as a child process on a real git repository with the real OPA;
 * only GitHub's API is faked (on 127.0.0.1), as it cannot exist here.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { startFakeGitHub, type FakeGitHub } from '../support/fakeGithub.js';
import {
  GitWorkspace,
  REPOSITORY,
  cleanupTempDirs,
  describeRun,
  jsonl,
  pullRequestEvent,
  runAction,
  toolPolicy,
  toolRecord,
  type ActionResult,
  type RunOptions,
} from './harness.js';

const servers: FakeGitHub[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  cleanupTempDirs();
});

async function fakeGitHub(): Promise<FakeGitHub> {
  const gh = await startFakeGitHub();
  servers.push(gh);
  return gh;
}

type PullFiles = { filename: string; status: string; previous_filename?: string }[];

/** Registers pull request #`number` with the fake and runs the Action on the workspace. */
async function runPull(
  ws: GitWorkspace,
  pull: { number?: number; baseSha: string; headSha: string; files: PullFiles },
  extra: Partial<Pick<RunOptions, 'inputs' | 'sha'>> = {},
): Promise<ActionResult> {
  const gh = await fakeGitHub();
  const number = pull.number ?? 7;
  gh.state.addPull(REPOSITORY, {
    number,
    baseSha: pull.baseSha,
    headSha: pull.headSha,
    files: pull.files as never,
  });
  return runAction({
    apiUrl: gh.url,
    workspace: ws.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ number, baseSha: pull.baseSha, headSha: pull.headSha }),
    ...extra,
  });
}

const SHELL = toolRecord({ id: 's1', tool: 'run_shell' });
const READ = toolRecord({ id: 'r1', tool: 'read_file' });
const WRITE = toolRecord({ id: 'w1', tool: 'write_file' });

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
