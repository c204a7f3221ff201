/**
 * A pull request is judged against a base that was read, validated within the limits, compiled
 * and evaluated; when any of that fails, the check fails (`replay-failed`) instead of judging the
 * change against an unknown or an absent base. Each case is a change a hostile pull request
 * author would try: a base that fails to evaluate the records a loosened head evaluates, a base
 * that is a YAML alias bomb, and a policy that a symlink or a directory makes unreadable on one
 * side. The committed dist/index.js runs as a child process on a real git repository with the
 * real OPA; only GitHub's API is faked (on 127.0.0.1), as it cannot exist here.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { modified, runPullRequest, suiteFakeGitHub, type PullRequestRun } from './fixtures.js';
import { GitWorkspace, describeRun, jsonl, toolPolicy, toolRecord, type ActionResult } from './harness.js';

const fakeGitHub = suiteFakeGitHub();

/** Registers pull request #7 with a fake of its own and runs the Action on the workspace. */
const runPull = async (ws: GitWorkspace, pull: PullRequestRun): Promise<ActionResult> =>
  runPullRequest(await fakeGitHub(), ws, pull);

/** Replaces each `path` by a symlink to `target` in the work tree, then commits everything. */
function commitWithLinks(
  ws: GitWorkspace,
  links: Record<string, string>,
  files: Record<string, string | null>,
  message: string,
): string {
  for (const [path, target] of Object.entries(links)) {
    const full = join(ws.dir, path);
    rmSync(full, { force: true, recursive: true });
    mkdirSync(dirname(full), { recursive: true });
    symlinkSync(target, full);
  }
  return ws.commit(files, message);
}

/** The `replay-failed` reasons of the run, by policy. */
function replayFailed(result: ActionResult): Record<string, string> {
  const failed = result.report?.failed ?? [];
  return Object.fromEntries(
    failed.filter((f) => f.rule === 'replay-failed').map((f) => [f.policy, f.reason]),
  );
}

/** The report's `meta.status` of the first policy, when it has a report (the harness's type leaves it out). */
function statusOf(result: ActionResult): string | undefined {
  const policy = result.report?.policies[0] as { report?: { meta?: { status?: string } } | null } | undefined;
  return policy?.report?.meta?.status;
}

const POLICY = 'policies/acme.yaml';
const MODIFIED = modified(POLICY);
const READ = toolRecord({ id: 'r1', tool: 'read_file' });
const SHELL = toolRecord({ id: 's1', tool: 'run_shell' });
const STRICT = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
const LOOSE = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', 'run_shell'] }]);

describe('a base that cannot evaluate the records fails the check', () => {
  it('a base whose time window cannot read a request time the loosened head never reads', async () => {
    // The base's shell rule has an active window: OPA's time.parse_rfc3339_ns refuses instants past
    // 2262, which the record format accepts. The head drops the window (and the deny): it evaluates
    // the record, the base cannot.
    const base = [
      'default_effect: deny',
      'rules:',
      '  - id: allow-read',
      '    effect: allow',
      '    conditions:',
      '      - field: tool',
      '        operator: in',
      '        values: [read_file]',
      '  - id: allow-shell-office-hours',
      '    effect: allow',
      '    conditions:',
      '      - field: tool',
      '        operator: in',
      '        values: [run_shell]',
      '    active_window:',
      '      days: [mon, tue, wed, thu, fri]',
      "      from: '09:00'",
      "      to: '17:00'",
      '      timezone: Europe/London',
      '',
    ].join('\n');
    const far = JSON.parse(toolRecord({ id: 'far', tool: 'run_shell' })) as {
      occurred_at: string;
      input: { request: { time: string } };
    };
    far.occurred_at = far.input.request.time = '2300-01-03T10:00:00Z';
    const ws = new GitWorkspace('base-evaluation');
    const baseSha = ws.commit(
      { [POLICY]: base, 'traffic/acme.jsonl': jsonl([READ, SHELL, JSON.stringify(far)]) },
      'base',
    );
    const headSha = ws.commit({ [POLICY]: LOOSE }, 'allow the shell at any time');
    const result = await runPull(ws, { baseSha, headSha, files: MODIFIED });
    expect(result.code).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    expect(replayFailed(result)[POLICY]).toMatch(
      /the base version could not evaluate the record on line 3, which the head evaluated, so the change cannot be judged against it: .*time outside of valid range/,
    );
    expect(result.stdout).toMatch(
      /::error[^\n]*file=policies\/acme\.yaml[^\n]*::[^\n]*base version could not evaluate/,
    );
  });
});

describe('a base over a reading limit fails the check', () => {
  it('a base that is a YAML alias bomb is an error, not an unknown base a loosening passes against', async () => {
    const names = 'abcdefghi';
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < names.length; i++)
      bomb.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(', ')}]`,
      );
    bomb.push('default_effect: deny', 'rules: []', '');
    const ws = new GitWorkspace('base-alias-bomb');
    const baseSha = ws.commit(
      { [POLICY]: bomb.join('\n'), 'traffic/acme.jsonl': jsonl([READ, SHELL]) },
      'base',
    );
    const headSha = ws.commit({ [POLICY]: toolPolicy([], 'allow') }, 'allow everything');
    const result = await runPull(ws, { baseSha, headSha, files: MODIFIED });
    expect(result.code).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    expect(replayFailed(result)[POLICY]).toMatch(
      /base version of policies\/acme\.yaml at [0-9a-f]{40} could not be compiled \(resource limit\).*too many YAML alias expansions/,
    );
    expect(
      (result.report?.policies[0] as { base_errors?: unknown } | undefined)?.base_errors,
    ).toBeUndefined();
  });
});

describe('a changed policy that reads as nothing on one side fails the check', () => {
  it.each([
    [
      'a dangling symlink',
      { [POLICY]: 'missing.yaml' },
      {},
      /it is a symlink to "missing\.yaml", which does not exist at that commit/,
    ],
    [
      'a symlink to a directory',
      { [POLICY]: '../common' },
      { 'common/x.yaml': STRICT },
      /it leads to common, a directory, not a file/,
    ],
  ])('the head turns the policy into %s: not a deleted policy', async (_, links, files, why) => {
    const ws = new GitWorkspace('head-unreadable');
    const baseSha = ws.commit({ [POLICY]: STRICT, 'traffic/acme.jsonl': jsonl([READ, SHELL]) }, 'base');
    const headSha = commitWithLinks(ws, links, files, 'the policy is a link now');
    const result = await runPull(ws, { baseSha, headSha, files: MODIFIED });
    expect(result.code).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    const reason = replayFailed(result)[POLICY];
    expect(reason).toContain(`policies/acme.yaml cannot be read at ${headSha}: `);
    expect(reason).toMatch(why);
    expect(statusOf(result)).not.toBe('deleted');
  });

  it('the head puts a directory where the policy was, listed as modified', async () => {
    const ws = new GitWorkspace('head-directory');
    const baseSha = ws.commit({ [POLICY]: STRICT, 'traffic/acme.jsonl': jsonl([READ, SHELL]) }, 'base');
    rmSync(join(ws.dir, POLICY));
    const headSha = ws.commit({ [`${POLICY}/inner.yaml`]: LOOSE }, 'a directory now');
    const result = await runPull(ws, { baseSha, headSha, files: MODIFIED });
    expect(result.code).toBe(1);
    expect(replayFailed(result)[POLICY]).toMatch(
      new RegExp(`policies/acme\\.yaml cannot be read at ${headSha}: it is a directory, not a file`),
    );
  });

  it('the base side is a dangling symlink the head replaces with a loosening: not a new policy', async () => {
    const ws = new GitWorkspace('base-unreadable');
    const baseSha = commitWithLinks(
      ws,
      { [POLICY]: 'gone.yaml' },
      { 'traffic/acme.jsonl': jsonl([READ, SHELL]) },
      'base: the policy links to nothing',
    );
    rmSync(join(ws.dir, POLICY));
    const headSha = ws.commit({ [POLICY]: LOOSE }, 'a file again, and looser');
    const result = await runPull(ws, { baseSha, headSha, files: MODIFIED });
    expect(result.code).toBe(1);
    expect(result.report?.verdict).toBe('fail');
    expect(replayFailed(result)[POLICY]).toMatch(
      new RegExp(`policies/acme\\.yaml cannot be read at ${baseSha}: it is a symlink to "gone\\.yaml"`),
    );
    expect(describeRun(result)).not.toMatch(/every base decision is unknown/);
  });

  it('a renamed policy whose new name is a dangling symlink', async () => {
    const ws = new GitWorkspace('rename-unreadable');
    const baseSha = ws.commit(
      { 'policies/old.yaml': STRICT, 'traffic/old.jsonl': jsonl([READ, SHELL]) },
      'base',
    );
    rmSync(join(ws.dir, 'policies/old.yaml'));
    const headSha = commitWithLinks(ws, { [POLICY]: 'nowhere.yaml' }, {}, 'renamed into a link');
    const result = await runPull(ws, {
      baseSha,
      headSha,
      files: [{ filename: POLICY, status: 'renamed', previous_filename: 'policies/old.yaml' }],
    });
    expect(result.code).toBe(1);
    expect(replayFailed(result)[POLICY]).toMatch(
      /cannot be read at [0-9a-f]{40}: it is a symlink to "nowhere\.yaml"/,
    );
  });
});
