/**
 * Regression tests from the security review of the Action, run like the other end-to-end suites:
 * the committed dist/index.js as a child process, a fake GitHub API on 127.0.0.1 (GitHub cannot
 * exist here), and a real git repository.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { startFakeGitHub, type FakeGitHub } from '../support/fakeGithub.js';
import {
  GitWorkspace,
  REPOSITORY,
  cleanupTempDirs,
  jsonl,
  pullRequestEvent,
  runAction,
  toolPolicy,
  toolRecord,
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

const READ_ONLY = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
const READ_WRITE = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', 'write_file'] }]);
const TRAFFIC = jsonl([
  toolRecord({ id: 'r1', tool: 'read_file' }),
  toolRecord({ id: 'r2', tool: 'write_file' }),
]);
const GATEWAY = 'policies/gw.yaml';

describe('hardening of the pull-request gate', () => {
  it('a file name cannot issue workflow commands through the log', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('inject');
    const evil =
      'policies/x\n::warning title=policy-replay::All policies verified\n::stop-commands::deadbeef\n.yaml';
    const base = ws.commit({ [GATEWAY]: READ_ONLY }, 'base');
    const head = ws.commit({ [evil]: READ_ONLY, [GATEWAY]: 'rules: [' }, 'head');
    gh.state.addPull(REPOSITORY, {
      number: 3,
      baseSha: base,
      headSha: head,
      files: [
        { filename: evil, status: 'added' },
        { filename: GATEWAY, status: 'modified' },
      ],
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 3, baseSha: base, headSha: head }),
    });
    const lines = result.stdout.split('\n');
    expect(lines.some((l) => l.startsWith('::warning title=policy-replay'))).toBe(false);
    expect(lines.some((l) => l.startsWith('::stop-commands'))).toBe(false);
    // The invalid policy is still annotated and fails the run.
    expect(lines.some((l) => l.startsWith('::error') && l.includes('policies/gw.yaml'))).toBe(true);
    expect(result.code).toBe(1);
  });

  it('a pull request cannot choose the sample that gates it through .policy-replay.yml', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('mapping');
    const base = ws.commit({ [GATEWAY]: READ_ONLY }, 'base');
    const head = ws.commit(
      {
        [GATEWAY]: READ_WRITE,
        '.policy-replay.yml': `policies:\n  ${GATEWAY}:\n    traffic: docs/harmless.jsonl\n`,
        'docs/harmless.jsonl': jsonl([toolRecord({ id: 'h1', tool: 'read_file' })]),
      },
      'head',
    );
    ws.write('traffic/gw.jsonl', TRAFFIC); // the real sample, fetched by an earlier workflow step
    gh.state.addPull(REPOSITORY, {
      number: 4,
      baseSha: base,
      headSha: head,
      files: [
        { filename: GATEWAY, status: 'modified' },
        { filename: '.policy-replay.yml', status: 'added' },
        { filename: 'docs/harmless.jsonl', status: 'added' },
      ],
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 4, baseSha: base, headSha: head }),
    });
    expect(result.outputs['newly-allowed']).toBe('1');
    expect(result.outputs.verdict).toBe('fail');
    expect(result.summary).toContain('changes `.policy-replay.yml`');
  });

  it('a pull request that repairs an invalid base policy can pass', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('repair');
    const base = ws.commit(
      {
        [GATEWAY]: 'default_effect: deny\nrules:\n  - id: x\n    efect: allow\n',
        'traffic/gw.jsonl': TRAFFIC,
      },
      'base',
    );
    const head = ws.commit({ [GATEWAY]: READ_ONLY }, 'fix');
    gh.state.addPull(REPOSITORY, {
      number: 5,
      baseSha: base,
      headSha: head,
      files: [{ filename: GATEWAY, status: 'modified' }],
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 5, baseSha: base, headSha: head }),
      inputs: { 'fail-on': 'invalid-policy' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.stdout.split('\n').some((l) => l.startsWith('::error'))).toBe(false);
    expect(result.summary).toContain('The base version is invalid');
    // Every scoreable record is compared against `unknown`.
    expect(result.outputs['changes-total']).toBe('2');
  });

  it('a policy moved into the policy folder is a new policy, one moved out is a deleted one', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('moves');
    const base = ws.commit(
      {
        'drafts/open.yaml': READ_WRITE,
        'policies/gone.yaml': READ_ONLY,
        'traffic/open.jsonl': TRAFFIC,
        'traffic/gone.jsonl': TRAFFIC,
      },
      'base',
    );
    const head = ws.commit(
      {
        'drafts/open.yaml': null,
        'policies/open.yaml': READ_WRITE,
        'policies/gone.yaml': null,
        'archive/gone.yaml': READ_ONLY,
      },
      'moves',
    );
    gh.state.addPull(REPOSITORY, {
      number: 6,
      baseSha: base,
      headSha: head,
      files: [
        { filename: 'policies/open.yaml', status: 'renamed', previous_filename: 'drafts/open.yaml' },
        { filename: 'archive/gone.yaml', status: 'renamed', previous_filename: 'policies/gone.yaml' },
      ],
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 6, baseSha: base, headSha: head }),
      inputs: { 'fail-on': 'changes' },
    });
    const statuses = result.report!.policies.map((p) => [p.path, p.status]);
    expect(statuses).toEqual([
      ['policies/gone.yaml', 'removed'],
      ['policies/open.yaml', 'added'],
    ]);
    expect(result.code).toBe(1);
  });
});
