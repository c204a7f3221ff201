/**
 * The README's fork pull-request recipe, end to end: both workflows are read from the README's
 * text and every step runs as a runner runs it (workflowRunner.ts), against the fake GitHub API.
 * The first workflow is a fork's `pull_request` run (read-only token: every comment write is
 * refused with 403); the second is the base repository's `workflow_run` job.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../support/fakeGithub.js';
import { modified, runPullRequest } from './fixtures.js';
import { repoRoot } from '../support/opa.js';
import {
  EXAMPLE_BASE_POLICY,
  EXAMPLE_HEAD_POLICY,
  GitWorkspace,
  MARKER,
  REPOSITORY,
  TOKEN,
  cleanupTempDirs,
  describeRun,
  exampleTrafficLines,
  jsonl,
  pullRequestEvent,
  scratchDir,
} from './harness.js';
import {
  condition,
  parseWorkflow,
  runJob,
  yamlBlocksOfSection,
  type StepRecord,
  type Workflow,
} from './workflowRunner.js';

const POLICY = 'policies/gateway.yaml';
const PULL = 31;
const ACTION_REF = /^acme\/policy-replay@v\d+$/;
const COMMENT_WRITES = /^\/repos\/acme\/policies\/issues\/(\d+\/comments|comments\/\d+)$/;

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** A comment without its last line's hidden impact block (and the blank line before it). */
function withoutImpactBlock(body: string): string {
  return body.replace(/\n+<!-- policy-replay:impact \{.*\} -->\n$/, '\n');
}

describe("the README's fork pull-request recipe", () => {
  let workflows: Workflow[];
  let gh: FakeGitHub;
  let ws: GitWorkspace;
  let base: string;
  let head: string;
  /** The fork's run has a read-only token; the comment workflow's token can write. */
  let phase: 'fork' | 'base' = 'fork';
  const artifacts = new Map<string, string>();
  let first: StepRecord[];
  let second: StepRecord[];
  let secondJobRan: boolean;
  let commentFileText: string;
  let forkRequests: FakeGitHub['requests'];

  beforeAll(async () => {
    workflows = yamlBlocksOfSection(readme, '### Fork pull requests').map(parseWorkflow);
    gh = await startFakeGitHub();
    gh.inject({
      match: (r) => phase === 'fork' && r.method !== 'GET' && COMMENT_WRITES.test(r.route),
      times: Infinity,
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    ws = new GitWorkspace('fork-recipe');
    base = ws.commit({ [POLICY]: EXAMPLE_BASE_POLICY, 'README.md': '# policies\n' }, 'base');
    head = ws.commit({ [POLICY]: EXAMPLE_HEAD_POLICY }, 'a fork loosens the policy');
    // The recipe's comment "fetch the traffic sample here": the sample is in the workspace.
    ws.write('traffic/gateway.jsonl', jsonl(exampleTrafficLines(300)));
    gh.state.addPull(REPOSITORY, {
      number: PULL,
      baseSha: base,
      headSha: head,
      headRepo: 'outsider/policies',
      headRef: 'loosen',
      files: [{ filename: POLICY, status: 'modified' }],
    });

    const [replay, comment] = workflows;
    const prEvent = pullRequestEvent({
      number: PULL,
      baseSha: base,
      headSha: head,
      headRepo: 'outsider/policies',
    });
    const fork = await runJob(Object.values(replay!.jobs)[0]!.steps, {
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: prEvent,
      token: TOKEN,
      runId: '7001',
      artifacts,
      actionRef: ACTION_REF,
    });
    first = fork.records;
    forkRequests = [...gh.requests];
    commentFileText = readFileSync(fork.context.steps.replay!.outputs['comment-file']!, 'utf8');

    phase = 'base';
    const runEvent = {
      action: 'completed',
      workflow_run: {
        id: 7001,
        name: replay!.name,
        event: 'pull_request',
        head_sha: head,
        head_branch: 'loosen',
        pull_requests: [], // empty for forks: the number has to come from the artifact
      },
      repository: { full_name: REPOSITORY, private: false, default_branch: 'main' },
    };
    const job = Object.values(comment!.jobs)[0]!;
    const jobContext = { github: { token: TOKEN, event: runEvent }, runner: { temp: '' }, steps: {} };
    secondJobRan = condition(job.if, jobContext, false);
    second = secondJobRan
      ? (
          await runJob(job.steps, {
            apiUrl: gh.url,
            workspace: scratchDir('comment-job'), // this job never checks out the fork
            eventName: 'workflow_run',
            event: runEvent,
            token: TOKEN,
            runId: '7002',
            artifacts,
            actionRef: ACTION_REF,
          })
        ).records
      : [];
  });

  afterAll(async () => {
    await gh.close();
    cleanupTempDirs();
  });

  it('has two workflows: a pull_request one, and a workflow_run one triggered by it', () => {
    expect(workflows).toHaveLength(2);
    const [replay, comment] = workflows;
    expect(Object.keys(replay!.on)).toEqual(['pull_request']);
    expect(replay!.permissions).toEqual({ contents: 'read' });
    expect(comment!.on).toEqual({ workflow_run: { workflows: [replay!.name], types: ['completed'] } });
    // Only this Action and GitHub's own checkout/artifact actions: no third-party commenter.
    for (const workflow of workflows)
      for (const job of Object.values(workflow.jobs))
        for (const step of job.steps)
          if (step.uses)
            expect(step.uses).toMatch(
              /^(acme\/policy-replay|actions\/(checkout|upload-artifact|download-artifact))@v\d+$/,
            );
    // The comment workflow never checks out (and so never runs) the pull request's code.
    expect(Object.values(comment!.jobs)[0]!.steps.some((s) => s.uses?.startsWith('actions/checkout'))).toBe(
      false,
    );
  });

  it('the pull_request run renders the comment to a file, posts nothing, and uploads it with the number', () => {
    const action = first.find((r) => r.action)!.action!;
    // The example's head newly allows requests: the default gate fails the check...
    expect(action.code).toBe(1);
    expect(action.outputs.verdict).toBe('fail');
    // ...and the steps after it still run (if: always()), each successfully.
    expect(first.map((r) => [r.step.name ?? r.step.uses, r.ran, r.ok])).toEqual([
      ['actions/checkout@v4', true, true],
      ['acme/policy-replay@v1', true, false],
      ['Keep the comment for the comment workflow', true, true],
      ['actions/upload-artifact@v4', true, true],
    ]);
    expect(forkRequests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(commentFileText).toContain('**Changes: showing 20 of');
    expect(commentFileText).not.toContain(MARKER);
    const artifact = artifacts.get('policy-replay-comment')!;
    expect(readFileSync(join(artifact, 'comment.md'), 'utf8')).toBe(commentFileText);
    expect(readFileSync(join(artifact, 'pr-number'), 'utf8')).toBe(`${PULL}\n`);
  });

  it('the workflow_run job posts that file as the sticky comment of that pull request', () => {
    expect(secondJobRan).toBe(true);
    expect(second.map((r) => [r.step.uses, r.ran, r.ok])).toEqual([
      ['actions/download-artifact@v4', true, true],
      ['acme/policy-replay@v1', true, true],
    ]);
    const post = second[1]!.action!;
    expect(post.code).toBe(0);
    expect(post.annotations).toEqual([]);
    const comments = gh.state.comments(REPOSITORY, PULL);
    expect(comments).toHaveLength(1);
    // The impact block is dropped with every other marker: a fork's run sets no status to accept.
    expect(comments[0]!.body).toBe(`${MARKER}\n${withoutImpactBlock(commentFileText)}`);
    expect(comments[0]!.user.login).toBe('github-actions[bot]');
  });

  it('posts exactly what a same-repository run with comment: update posts', async () => {
    const direct = await startFakeGitHub();
    try {
      const result = await runPullRequest(
        direct,
        ws,
        { number: PULL, baseSha: base, headSha: head, files: modified(POLICY) },
        { runId: '7001' },
      );
      expect(result.code).toBe(1);
      const posted = direct.state.comments(REPOSITORY, PULL);
      expect(posted).toHaveLength(1);
      expect(gh.state.comments(REPOSITORY, PULL)[0]!.body).toBe(withoutImpactBlock(posted[0]!.body));
      expect(result.outputs['comment-file']).toBeDefined();
      expect(readFileSync(result.outputs['comment-file']!, 'utf8')).toBe(commentFileText);
    } finally {
      await direct.close();
    }
  });

  it('a second comment run with the same artifact leaves the comment as it is', async () => {
    const before = gh.requests.length;
    const job = Object.values(workflows[1]!.jobs)[0]!;
    const { records } = await runJob(job.steps, {
      apiUrl: gh.url,
      workspace: scratchDir('comment-job-again'),
      eventName: 'workflow_run',
      event: {
        workflow_run: { id: 7001, event: 'pull_request', head_sha: head, head_branch: 'loosen' },
        repository: { full_name: REPOSITORY },
      },
      token: TOKEN,
      runId: '7003',
      artifacts,
      actionRef: ACTION_REF,
    });
    expect(records.every((r) => r.ok)).toBe(true);
    expect(records[1]!.action!.code).toBe(0);
    expect(gh.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(gh.state.comments(REPOSITORY, PULL)).toHaveLength(1);
    expect(describeRun(records[1]!.action!)).toContain('comment unchanged');
  });
});
