/**
 * Files read from places the run does not control, and files it writes where other files live,
 * end to end from the bundles: `mode: post-comment` (dist/index.js) against an artifact holding a
 * symlink or a FIFO, two steps of one job sharing RUNNER_TEMP, and the CLI (dist/cli/index.js)
 * told to write its report over its own sample.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeGitHub } from '../support/fakeGithub.js';
import { READ_WRITE, suiteFakeGitHub, twoPoliciesAllowingWrites } from './fixtures.js';
import { repoRoot, testOpaPath } from '../support/opa.js';
import type { GitWorkspace } from './harness.js';
import {
  ACTION_NODE,
  REPOSITORY,
  jsonl,
  pullRequestEvent,
  runAction,
  scratchDir,
  toolRecord,
  type ActionResult,
} from './harness.js';

const TRAFFIC = jsonl([
  toolRecord({ id: 'r1', tool: 'read_file' }),
  toolRecord({ id: 'r2', tool: 'write_file', minute: 1 }),
]);
const SECRET = 'ghp_runner_secret_do_not_post';

const fakeGitHub = suiteFakeGitHub();
let gh: FakeGitHub;
let ws: GitWorkspace;
let base: string;
let head: string;

beforeAll(async () => {
  gh = await fakeGitHub();
  ({ ws, base, head } = twoPoliciesAllowingWrites('untrusted-files'));
  gh.state.addPull(REPOSITORY, {
    number: 21,
    baseSha: base,
    headSha: head,
    headRef: 'allow-writes',
    files: [
      { filename: 'policies/a.yaml', status: 'modified' },
      { filename: 'policies/b.yaml', status: 'modified' },
    ],
  });
});

describe('mode: post-comment reads only regular files from the artifact', () => {
  const runEvent = {
    workflow_run: { id: 77, event: 'pull_request', head_sha: '', head_branch: 'allow-writes' },
    repository: { full_name: REPOSITORY, private: false },
  };

  function post(commentFile: string, pullRequestFile: string): Promise<ActionResult> {
    return runAction({
      apiUrl: gh.url,
      workspace: scratchDir('no-checkout'),
      eventName: 'workflow_run',
      event: { ...runEvent, workflow_run: { ...runEvent.workflow_run, head_sha: head } },
      inputs: { mode: 'post-comment', 'comment-file': commentFile, 'pull-request-file': pullRequestFile },
    });
  }

  it('a comment file that is a symlink out of the artifact: fails, posts nothing, never shows its target', async () => {
    const outside = scratchDir('runner-secrets');
    writeFileSync(join(outside, 'token.txt'), `${SECRET}\n`);
    const artifact = scratchDir('artifact');
    symlinkSync(join(outside, 'token.txt'), join(artifact, 'comment.md'));
    writeFileSync(join(artifact, 'pr-number'), '21\n');
    const before = gh.requests.length;

    const result = await post(join(artifact, 'comment.md'), join(artifact, 'pr-number'));

    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `${join(artifact, 'comment.md')} is a symbolic link, not a regular file; nothing posted`,
    );
    expect(gh.requests.slice(before)).toEqual([]);
    expect(gh.state.comments(REPOSITORY, 21)).toEqual([]);
    expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
  });

  it('a pull-request file that is a FIFO: refused before it is opened, so the job ends', async () => {
    const artifact = scratchDir('artifact');
    writeFileSync(join(artifact, 'comment.md'), 'hello\n');
    execFileSync('mkfifo', [join(artifact, 'pr-number')]);
    const before = gh.requests.length;

    const result = await post(join(artifact, 'comment.md'), join(artifact, 'pr-number'));

    // A blocked open would leave the child to the harness's kill (no exit code).
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `${join(artifact, 'pr-number')} is a FIFO (named pipe), not a regular file; nothing posted`,
    );
    expect(gh.requests.slice(before)).toEqual([]);
  });

  it('a comment file that is a directory or a device: refused by what it is', async () => {
    const artifact = scratchDir('artifact');
    mkdirSync(join(artifact, 'comment.md'));
    writeFileSync(join(artifact, 'pr-number'), '21\n');
    const directory = await post(join(artifact, 'comment.md'), join(artifact, 'pr-number'));
    expect(directory.code).toBe(1);
    expect(directory.stdout).toContain('comment.md is a directory, not a regular file; nothing posted');
    const device = await post('/dev/zero', join(artifact, 'pr-number'));
    expect(device.code).toBe(1);
    expect(device.stdout).toContain('/dev/zero is a device, not a regular file; nothing posted');
    expect(gh.state.comments(REPOSITORY, 21)).toEqual([]);
  });
});

describe('two steps of one job keep their own files', () => {
  /** One job: the runner's temp directory and run id are shared by its steps. */
  const runnerTemp = scratchDir('shared-runner-temp');
  const runId = '4242';

  function step(stepId: string, inputs: Record<string, string>): Promise<ActionResult> {
    return runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 21, baseSha: base, headSha: head }),
      inputs: { 'fail-on': 'none', comment: 'off', ...inputs },
      env: { GITHUB_ACTION: stepId },
      runId,
      runnerTemp,
    });
  }

  const policiesOf = (file: string) =>
    (JSON.parse(readFileSync(file, 'utf8')) as { policies: { path: string }[] }).policies.map((p) => p.path);

  let first: ActionResult;
  let second: ActionResult;
  let firstReport: string;

  beforeAll(async () => {
    first = await step('replay-a', { policies: 'policies/a.yaml', 'comment-id': 'team-a' });
    firstReport = readFileSync(first.outputs.report!, 'utf8');
    second = await step('replay-b', { policies: 'policies/b.yaml', 'comment-id': 'team-b' });
  });

  it("each step's report and comment file are its own, and the first is untouched by the second", () => {
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(policiesOf(first.outputs.report!)).toEqual(['policies/a.yaml']);
    expect(policiesOf(second.outputs.report!)).toEqual(['policies/b.yaml']);
    expect(first.outputs.report).toBe(
      join(runnerTemp, 'policy-replay', `report-${runId}.1.replay-a.team-a.json`),
    );
    expect(second.outputs.report).toBe(
      join(runnerTemp, 'policy-replay', `report-${runId}.1.replay-b.team-b.json`),
    );
    expect(readFileSync(first.outputs.report!, 'utf8')).toBe(firstReport);
    expect(first.outputs['comment-file']).not.toBe(second.outputs['comment-file']);
    expect(readFileSync(first.outputs['comment-file']!, 'utf8')).not.toContain('policies/b.yaml');
  });

  it('two steps with the same comment-id still differ by step', async () => {
    const third = await step('replay-c', { policies: 'policies/b.yaml', 'comment-id': 'team-a' });
    expect(third.code).toBe(0);
    expect(third.outputs.report).toBe(
      join(runnerTemp, 'policy-replay', `report-${runId}.1.replay-c.team-a.json`),
    );
    expect(readFileSync(first.outputs.report!, 'utf8')).toBe(firstReport);
  });

  it("a file already at a step's path is never overwritten: the step fails and says so", async () => {
    const again = await step('replay-a', { policies: 'policies/b.yaml', 'comment-id': 'team-a' });
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`${first.outputs.report!} already exists`);
    expect(readFileSync(first.outputs.report!, 'utf8')).toBe(firstReport);
  });

  it('a symlink planted at the report path is not written through (an input stays as it was)', async () => {
    const policy = join(ws.dir, 'policies/a.yaml');
    const policyText = readFileSync(policy, 'utf8');
    const planted = join(runnerTemp, 'policy-replay', `report-${runId}.1.replay-d.json`);
    symlinkSync(policy, planted);
    const result = await step('replay-d', { policies: 'policies/a.yaml' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${planted} already exists`);
    expect(readFileSync(policy, 'utf8')).toBe(policyText);
  });
});

describe('the CLI never writes its report over its inputs', () => {
  it('replay --traffic ./s.jsonl --out s.jsonl: exit 2, the sample left as it was', () => {
    const dir = scratchDir('cli-inputs');
    writeFileSync(join(dir, 'head.yaml'), READ_WRITE);
    writeFileSync(join(dir, 's.jsonl'), TRAFFIC);
    const run = (...args: string[]) =>
      spawnSync(ACTION_NODE, [join(repoRoot, 'dist/cli/index.js'), ...args, '--opa', testOpaPath()], {
        cwd: dir,
        encoding: 'utf8',
      });

    const result = run('replay', '--head', 'head.yaml', '--traffic', './s.jsonl', '--out', 's.jsonl');

    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "--out s.jsonl is the traffic file ./s.jsonl, one of this run's inputs: an output never overwrites an input, write it elsewhere; nothing was written\n",
    );
    expect(readFileSync(join(dir, 's.jsonl'), 'utf8')).toBe(TRAFFIC);
    const elsewhere = run('replay', '--head', 'head.yaml', '--traffic', './s.jsonl', '--out', 'report.json');
    expect(elsewhere.status).toBe(0);
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toContain('"evaluated": 2');
  });
});
