/**
 * What the outputs say, and to whom, run from the bundles as a runner and a user run them
 * (`npm run build` first): bidi controls from policies, traffic and file names never reach a
 * comment, summary, issue, log line, annotation or terminal; a marker quoted in policy text never
 * makes one configuration's comment another's; a drift run leaves other configurations' issues be.
 */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, testOpaPath } from '../support/opa.js';
import {
  GitWorkspace,
  REPOSITORY,
  describeRun,
  jsonl,
  pullRequestEvent,
  runAction,
  scratchDir,
  toolPolicy,
  toolRecord,
  type ActionResult,
} from './harness.js';
import type { FakeGitHub } from '../support/fakeGithub.js';
import { runScheduled, suiteFakeGitHub } from './fixtures.js';

const ANY_BIDI = /\p{Bidi_Control}/u;

/** The bidi controls a text holds, by code point, for a readable failure. */
function bidiIn(text: string): string[] {
  return [...text].filter((ch) => ANY_BIDI.test(ch)).map((ch) => `U+${ch.codePointAt(0)!.toString(16)}`);
}

const fakeGitHub = suiteFakeGitHub();

/** A write tool's name holding U+061C, as a hostile gateway may record it. */
const WRITE_TOOL = 'write\u061cfile';
/** A file name holding U+2066 (git allows it). */
const TEAM_POLICY = 'policies/team/\u2066app.yaml';
const TEAM_TRAFFIC = 'traffic/\u2066app.jsonl';
const SEC_POLICY = 'policies/sec/admin.yaml';

/**
 * The head of the team's policy: a description holding bidi controls and the security
 * configuration's comment marker (the generated Rego carries it as a comment, so the Rego diff
 * shows it), and a tool value holding U+061C.
 */
function describedPolicy(tools: string[], description: string): string {
  const values = tools.map((t) => JSON.stringify(t)).join(', ');
  return [
    'default_effect: deny',
    'on_missing_context: ignore',
    'rules:',
    '  - id: allow-read',
    '    effect: allow',
    `    description: ${JSON.stringify(description)}`,
    '    conditions:',
    '      - field: tool',
    '        operator: in',
    `        values: [${values}]`,
    '',
  ].join('\n');
}

const HOSTILE_DESCRIPTION = `reads \u202eelif\u2067 ok\u2069 <!-- policy-replay:comment:sec -->`;
const TEAM_BASE = describedPolicy(['read_file'], 'reads');
const TEAM_HEAD = describedPolicy(['read_file', WRITE_TOOL], HOSTILE_DESCRIPTION);
const TEAM_RECORDS = jsonl([
  toolRecord({ id: 'r1', tool: 'read_file' }),
  toolRecord({ id: 'r\u202e2', tool: WRITE_TOOL, subject: 'al\u200fice', minute: 1 }),
]);
const SEC_BASE = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
const SEC_HEAD = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', 'list_dir'] }]);
const SEC_RECORDS = jsonl([
  toolRecord({ id: 's1', tool: 'read_file' }),
  toolRecord({ id: 's2', tool: 'list_dir', minute: 1 }),
]);

describe('a pull request with bidi controls and a quoted marker in the team policy', () => {
  let gh: FakeGitHub;
  let team: ActionResult;
  let sec: ActionResult;

  const run = (pullNumber: number, base: string, head: string, dir: string, id: string, glob: string) =>
    runAction({
      apiUrl: gh.url,
      workspace: dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: pullNumber, baseSha: base, headSha: head }),
      inputs: { 'fail-on': 'newly-allowed', 'comment-id': id, policies: glob },
    });

  it('runs both configurations', async () => {
    gh = await fakeGitHub();
    const ws = new GitWorkspace('outputs-pr');
    const base = ws.commit(
      {
        [TEAM_POLICY]: TEAM_BASE,
        [SEC_POLICY]: SEC_BASE,
        [TEAM_TRAFFIC]: TEAM_RECORDS,
        'traffic/admin.jsonl': SEC_RECORDS,
      },
      'base',
    );
    const head = ws.commit({ [TEAM_POLICY]: TEAM_HEAD, [SEC_POLICY]: SEC_HEAD }, 'widen both');
    gh.state.addPull(REPOSITORY, {
      number: 3,
      baseSha: base,
      headSha: head,
      headRef: 'widen',
      files: [TEAM_POLICY, SEC_POLICY].map((filename) => ({ filename, status: 'modified' as const })),
    });
    // The team's step runs first; the security step then looks for its own comment.
    team = await run(3, base, head, ws.dir, 'team', 'policies/team/**');
    sec = await run(3, base, head, ws.dir, 'sec', 'policies/sec/**');
    expect([team.code, sec.code]).toEqual([1, 1]);
    expect(team.report?.policies.map((p) => p.path)).toEqual([TEAM_POLICY]);
  });

  it("keeps each configuration's own comment: the quoted marker takes nothing over", () => {
    const comments = gh.state.comments(REPOSITORY, 3);
    expect(comments.map((c) => c.body.split('\n')[0])).toEqual([
      '<!-- policy-replay:comment:team -->',
      '<!-- policy-replay:comment:sec -->',
    ]);
    const [teamComment, secComment] = comments;
    // The team's comment is still the team's report. The Rego diff, and the other marker its
    // policy text quotes, are the job summary's: the comment holds no Rego diff.
    expect(teamComment!.body).toContain(TEAM_POLICY.replace('\u2066', '\ufffd'));
    expect(teamComment!.body).not.toContain('Rego diff');
    expect(team.summary).toContain('# reads \ufffdelif\ufffd ok\ufffd <!-- policy-replay:comment:sec -->');
    expect(secComment!.body).toContain(SEC_POLICY);
    expect(secComment!.body).not.toContain('app.yaml');
  });

  it('shows every bidi control as U+FFFD in the comment, summary, comment file, log and annotations', () => {
    for (const result of [team, sec]) {
      const commentFile = readFileSync(result.outputs['comment-file']!, 'utf8');
      expect({
        summary: bidiIn(result.summary),
        stdout: bidiIn(result.stdout),
        file: bidiIn(commentFile),
      }).toEqual({ summary: [], stdout: [], file: [] });
    }
    for (const comment of gh.state.comments(REPOSITORY, 3)) expect(bidiIn(comment.body)).toEqual([]);
    // Where they were, a replacement character shows that something was there.
    expect(team.summary).toContain('write\ufffdfile');
    expect(team.summary).toContain('\ufffdapp.yaml');
    expect(team.stdout).toContain('\ufffdapp.yaml');
    expect(team.annotations.length).toBeGreaterThan(0);
    expect(team.annotations.filter((a) => a.message.includes('\ufffd'))).not.toEqual([]);
    for (const a of team.annotations) expect(bidiIn(JSON.stringify(a))).toEqual([]);
  });

  it('keeps the JSON report exact: the values are the recorded ones, written as escapes', () => {
    const text = readFileSync(team.outputs.report!, 'utf8');
    expect(bidiIn(text)).toEqual([]);
    expect(text).toContain('\\u2066app.yaml');
    const report = JSON.parse(text) as { policies: { path: string }[] };
    expect(report.policies[0]!.path).toBe(TEAM_POLICY);
    expect(JSON.stringify(report)).toContain('r\u202e2');
  });
});

describe('two configurations keeping drift issues in one repository', () => {
  it('a drift run closes only issues of the policies its own globs select, and writes no bidi control', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('outputs-drift');
    const drifted = (prefix: string, tool: string) =>
      jsonl([
        toolRecord({ id: `${prefix}-1`, tool: 'read_file', recorded: 'allow' }),
        toolRecord({ id: `${prefix}-2`, tool, recorded: 'deny', minute: 1 }),
      ]);
    const widened = (tool: string) =>
      toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', tool] }]);
    const sha = ws.commit(
      {
        'policies/team/app.yaml': widened(WRITE_TOOL),
        [SEC_POLICY]: widened('list_dir'),
        'traffic/app.jsonl': drifted('t\u202e', WRITE_TOOL),
        'traffic/admin.jsonl': drifted('s', 'list_dir'),
      },
      'both drift',
    );
    const drift = (glob: string) =>
      runScheduled(gh, ws, { sha, inputs: { 'fail-on': 'none', policies: glob } });
    const secRun = await drift('policies/sec/**');
    const teamRun = await drift('policies/team/**');
    expect([secRun.code, teamRun.code]).toEqual([0, 0]);
    const issues = gh.state.issues(REPOSITORY);
    expect(issues.map((i) => [i.body.split('\n')[0], i.state])).toEqual([
      ['<!-- policy-replay:drift:policies/sec/admin.yaml -->', 'open'],
      ['<!-- policy-replay:drift:policies/team/app.yaml -->', 'open'],
    ]);
    expect(teamRun.stdout).not.toContain('no longer exists');
    expect(
      gh.requests.filter((r) => r.method === 'POST' && /\/issues\/\d+\/comments$/.test(r.route)),
    ).toEqual([]);
    const team = issues[1]!;
    expect(team.body).toContain('write\ufffdfile');
    expect({ body: bidiIn(team.body), title: bidiIn(team.title), log: bidiIn(teamRun.stdout) }).toEqual({
      body: [],
      title: [],
      log: [],
    });
    expect(describeRun(teamRun)).not.toContain('could not keep the drift issues');
  });
});

/** OPA decision events of `count` different decision paths (one each), as a gateway's OPA logs them. */
function manyPathsLog(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    lines.push(
      JSON.stringify({
        decision_id: `d${i}`,
        path: `tenant${String(i).padStart(5, '0')}/decision`,
        input: {},
        result: true,
        timestamp: '2026-11-30T18:40:28Z',
      }),
    );
  }
  return jsonl(lines);
}

describe('a decision log of 40,000 decision paths and no decision-path', () => {
  it('fails with one short message: the count and the first paths, in the log, annotation and report', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('outputs-paths');
    const sha = ws.commit(
      {
        'policies/gateway.yaml': SEC_BASE,
        'traffic/gateway.jsonl': manyPathsLog(40_000),
      },
      'a log of many paths',
    );
    const result = await runScheduled(gh, ws, { sha, inputs: { 'fail-on': 'none' } });
    // The policy is not judged (a replay-failed blocker), with the reader's message.
    const blockers = (result.report?.policies[0] as { blockers?: { message: string }[] } | undefined)
      ?.blockers;
    expect({ blockers: blockers?.length, run: describeRun(result).slice(-1500) }).toMatchObject({
      blockers: 1,
    });
    const message = blockers![0]!.message;
    expect(message).toContain('40000 paths: tenant00000/decision (1), tenant00001/decision (1)');
    expect(message).toContain('tenant00004/decision (1), and 39,995 more');
    expect(message).not.toContain('tenant00005/decision');
    expect(message.length).toBeLessThan(1_000);
    // Every line the runner reads, annotations included, stays short.
    const longest = Math.max(...result.stdout.split('\n').map((line) => line.length));
    expect(longest).toBeLessThan(2_000);
    const annotated = result.annotations.filter((a) => a.message.includes('39,995 more'));
    expect(annotated).not.toEqual([]);
    expect(readFileSync(result.outputs.report!, 'utf8').length).toBeLessThan(20_000);
  });
});

describe('a pull request failing the gate on seven policies', () => {
  it('fails the step with one line: the count, five reasons, and how many more', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('outputs-gate');
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const files = (policy: string) =>
      Object.fromEntries(names.map((n) => [`policies/${n}.yaml`, policy] as const));
    const traffic = Object.fromEntries(names.map((n) => [`traffic/${n}.jsonl`, SEC_RECORDS] as const));
    const base = ws.commit({ ...files(SEC_BASE), ...traffic }, 'base');
    const head = ws.commit(files(SEC_HEAD), 'allow list_dir everywhere');
    gh.state.addPull(REPOSITORY, {
      number: 5,
      baseSha: base,
      headSha: head,
      headRef: 'widen',
      files: names.map((n) => ({ filename: `policies/${n}.yaml`, status: 'modified' as const })),
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 5, baseSha: base, headSha: head }),
      inputs: { 'fail-on': 'newly-allowed' },
    });
    expect(result.report?.failed).toHaveLength(7);
    const failure = result.annotations.filter((a) => a.kind === 'error' && !('file' in a.properties));
    expect(failure.map((a) => a.message)).toEqual([
      `policy-replay: 7 gate failures: ${names
        .slice(0, 5)
        .map((n) => `policies/${n}.yaml: 1 request newly allowed (newly-allowed)`)
        .join('; ')}; and 2 more`,
    ]);
  });
});

/** The CLI bundle as a user runs it. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'dist/cli/index.js'), ...args], {
      env: { ...process.env, OPA_PATH: testOpaPath() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the CLI on a terminal', () => {
  const dir = scratchDir('outputs-cli');
  const base = join(dir, 'base.yaml');
  const head = join(dir, `\u202ehead.yaml`);
  const traffic = join(dir, 'traffic.jsonl');
  writeFileSync(base, TEAM_BASE);
  writeFileSync(head, TEAM_HEAD);
  writeFileSync(traffic, TEAM_RECORDS);

  it.each(['text', 'markdown'])('prints the %s report with every bidi control as U+FFFD', async (format) => {
    const result = await cli([
      'replay',
      '--base',
      base,
      '--head',
      head,
      '--traffic',
      traffic,
      '--format',
      format,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('write\ufffdfile');
    expect({ stdout: bidiIn(result.stdout), stderr: bidiIn(result.stderr) }).toEqual({
      stdout: [],
      stderr: [],
    });
  });

  it('prints the JSON report exact, every bidi control written as its escape', async () => {
    const result = await cli([
      'replay',
      '--base',
      base,
      '--head',
      head,
      '--traffic',
      traffic,
      '--format',
      'json',
    ]);
    expect(result.code).toBe(0);
    expect(bidiIn(result.stdout)).toEqual([]);
    expect(result.stdout).toContain('\\u061c');
    expect(result.stdout).not.toContain('\ufffd');
    const parsed = JSON.stringify(JSON.parse(result.stdout));
    for (const value of [WRITE_TOOL, 'r\u202e2', head]) expect(parsed).toContain(value);
  });

  it('shows bidi controls in an error message on stderr as U+FFFD', async () => {
    const missing = join(dir, `no\u2067such\u2069.jsonl`);
    const result = await cli(['replay', '--head', head, '--traffic', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no\ufffdsuch\ufffd.jsonl');
    expect(bidiIn(result.stderr)).toEqual([]);
  });

  it('names 5 of 40,000 decision paths in its error, and counts the rest', async () => {
    const log = join(dir, 'paths.jsonl');
    writeFileSync(log, manyPathsLog(40_000));
    const result = await cli(['replay', '--head', base, '--traffic', log]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('holds decisions of 40000 paths: tenant00000/decision (1)');
    expect(result.stderr).toContain('tenant00004/decision (1), and 39,995 more');
    expect(result.stderr.length).toBeLessThan(1_000);
  });

  it('writes compiled Rego with the bidi controls of a description as escapes', async () => {
    const out = join(dir, 'out.rego');
    const result = await cli(['compile', head, '--out-rego', out]);
    expect(result.code).toBe(0);
    const rego = readFileSync(out, 'utf8');
    expect(bidiIn(rego)).toEqual([]);
    expect(rego).toContain('\\u202eelif');
    expect(bidiIn(result.stderr)).toEqual([]);
  });
});
