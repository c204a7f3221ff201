/**
 * Scheduled drift reports end to end: `dist/index.js` on a schedule event against a real git
 * checkout of the default branch, keeping one `policy-drift` issue per policy in the fake GitHub.
 * The records' recorded decisions are known by construction, so every drift count is exact.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parseDriftTrend } from '../../src/render/driftTrend.js';
import { existsSync } from 'node:fs';
import { type FakeGitHub, type FakeIssue, type FakeRequest } from '../support/fakeGithub.js';
import { runScheduled, suiteFakeGitHub } from './fixtures.js';
import {
  GitWorkspace,
  REPOSITORY,
  describeRun,
  jsonl,
  runAction,
  toolPolicy,
  toolRecord,
  type ActionResult,
} from './harness.js';

const POLICY = 'policies/gateway.yaml';
const DRIFT_MARKER = '<!-- policy-replay:drift:policies/gateway.yaml -->';
const ISSUES = '/repos/acme/policies/issues';
const ISSUE = /^\/repos\/acme\/policies\/issues\/\d+$/;
const ISSUE_COMMENTS = /^\/repos\/acme\/policies\/issues\/\d+\/comments$/;

/** Read tools are recorded allowed; writes and deletes recorded denied; two records carry no decision. */
function driftTraffic(prefix: string): string {
  const lines: string[] = [];
  let minute = 0;
  for (let i = 0; i < 6; i++)
    lines.push(
      toolRecord({
        id: `${prefix}-read-${i}`,
        tool: 'read_file',
        recorded: 'allow',
        revision: 'r1',
        minute: minute++,
      }),
    );
  for (let i = 0; i < 4; i++)
    lines.push(
      toolRecord({
        id: `${prefix}-write-${i}`,
        tool: 'write_file',
        recorded: 'deny',
        revision: 'r1',
        minute: minute++,
      }),
    );
  for (let i = 0; i < 3; i++)
    lines.push(
      toolRecord({
        id: `${prefix}-delete-${i}`,
        tool: 'delete_file',
        recorded: 'deny',
        revision: 'r2',
        minute: minute++,
      }),
    );
  for (let i = 0; i < 2; i++)
    lines.push(toolRecord({ id: `${prefix}-unrecorded-${i}`, tool: 'write_file', minute: minute++ }));
  return jsonl(lines);
}

/** Reproduces every recorded decision: no drift. */
const NO_DRIFT = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
/** The 4 recorded-deny writes are now allowed. */
const DRIFT_4 = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file', 'write_file'] }]);
/** Writes and the 3 deletes (revision r2) are now allowed. */
const DRIFT_7 = toolPolicy([
  { id: 'allow-read', effect: 'allow', tools: ['read_file', 'write_file', 'delete_file'] },
]);

function issueWrites(requests: readonly FakeRequest[]): { method: string; route: string; body: unknown }[] {
  return requests
    .filter(
      (r) =>
        r.method !== 'GET' && (r.route === ISSUES || ISSUE.test(r.route) || ISSUE_COMMENTS.test(r.route)),
    )
    .map((r) => ({ method: r.method, route: r.route, body: r.body }));
}

describe('scheduled drift reports, run from dist/index.js as a runner runs it', () => {
  const fakeGitHub = suiteFakeGitHub();

  describe('one issue through its life: create, update, unchanged, close, reappear', () => {
    let gh: FakeGitHub;
    /** Each run's result, the requests it made and the issues as they stood after it. */
    const steps: { result: ActionResult; requests: FakeRequest[]; issues: FakeIssue[] }[] = [];

    beforeAll(async () => {
      gh = await fakeGitHub();
      const ws = new GitWorkspace('drift');
      ws.write('traffic/gateway.jsonl', driftTraffic('req'));
      const step = async (policy: string, message: string) => {
        const sha = ws.commit({ [POLICY]: policy, 'README.md': `${message}\n` }, message);
        const before = gh.requests.length;
        // As the README's scheduled workflow: fail the run on drift.
        const result = await runScheduled(gh, ws, { sha, inputs: { 'fail-on': 'invalid-policy,drift' } });
        steps.push({
          result,
          requests: gh.requests.slice(before),
          issues: structuredClone(gh.state.issues(REPOSITORY)),
        });
      };
      await step(DRIFT_4, 'writes allowed'); // 12. create
      await step(DRIFT_7, 'deletes allowed too'); // 13. update
      await step(DRIFT_7, 'unrelated change'); // 14. unchanged
      await step(NO_DRIFT, 'back to the deployed policy'); // 15. close
      await step(DRIFT_4, 'writes allowed again'); // 16. reappear
    });

    it('12. drift appears: one issue with the policy-drift label and the marker', () => {
      const { result, requests, issues } = steps[0]!;
      expect(result.code).toBe(1);
      expect(result.outputs.verdict).toBe('fail');
      expect(result.outputs['changes-total']).toBe('4');
      expect(result.outputs['newly-allowed']).toBe('4');
      expect(result.outputs.evaluated).toBe('15');
      expect(existsSync(result.outputs.report!)).toBe(true);
      expect(result.report!.mode).toBe('drift');
      expect(result.report!.policies[0]!.drift?.result).toEqual(
        expect.objectContaining({ drift_total: 4, newly_allowed: 4, newly_denied: 0 }),
      );

      const creates = requests.filter((r) => r.method === 'POST' && r.route === ISSUES);
      expect(creates).toHaveLength(1);
      expect(issues).toHaveLength(1);
      const issue = issues[0]!;
      expect(issue.state).toBe('open');
      expect(issue.labels).toEqual(['policy-drift']);
      expect(issue.title).toContain(POLICY);
      expect(issue.body).toContain(DRIFT_MARKER);
      expect(issue.body).toContain('**Drifts: showing 4 of 4**');
      expect(issue.body).toMatch(/\| r1 \| 10 \| 4 \|/);
      // Grouped like a pull request's changes (docs/explain.md), first, in the body, summary and JSON.
      expect(issue.body).toContain('**What drifted** (showing 1 of 1 groups, most dangerous first)');
      expect(issue.body).toMatch(
        /\| \*\*recorded deny, now allowed\*\* \| 4 \| [^|]+ \| tools\/call write\\_file \| allow-read \|/,
      );
      expect(issue.body.indexOf('**What drifted**')).toBeLessThan(issue.body.indexOf('**Drifts: showing'));
      expect(result.summary).toContain('**What drifted**');
      const drift = result.report!.policies[0]!.drift!.result as unknown as {
        drift_groups: { direction: string; count: number; head_rules: string[]; because: unknown[] }[];
        drift_groups_total: number;
      };
      expect(drift.drift_groups_total).toBe(1);
      expect(drift.drift_groups[0]).toMatchObject({
        direction: 'newly_allowed',
        count: 4,
        head_rules: ['allow-read'],
        base_rules: [],
        because: [],
      });
      expect(result.summary).toContain('**Drifts: showing 4 of 4**');
      expect(result.summary).toMatch(/no longer reproduced \\\(drift\\\)/);
    });

    it('13. drift changes: the same issue is edited in place', () => {
      const { result, requests, issues } = steps[1]!;
      expect(result.outputs['changes-total']).toBe('7');
      expect(requests.filter((r) => r.method === 'POST' && r.route === ISSUES)).toEqual([]);
      expect(issues).toHaveLength(1);
      const issue = issues[0]!;
      expect(issueWrites(requests)).toEqual([
        { method: 'PATCH', route: `${ISSUES}/${issue.number}`, body: expect.anything() },
      ]);
      expect(issue.body).toContain('**Drifts: showing 7 of 7**');
      expect(issue.body).toMatch(/\| r2 \| 3 \| 3 \|/);
      expect(issue.state).toBe('open');
    });

    it('14. drift unchanged: one edit, and only the trend is new', () => {
      const { result, requests, issues } = steps[2]!;
      expect(result.code).toBe(1);
      expect(result.outputs['changes-total']).toBe('7');
      expect(issueWrites(requests).map((w) => w.method)).toEqual(['PATCH']);
      // The same report but for this run's link; the trend gains this run.
      const report = (body: string) =>
        body.slice(0, body.indexOf('**Trend**')).replace(/actions\/runs\/\d+/g, 'actions/runs/N');
      expect(report(issues[0]!.body)).toBe(report(steps[1]!.issues[0]!.body));
      expect(issues[0]!.body).toContain('**Trend** (drift of the last 3 runs, newest first)');
      expect(issues[0]!.body).toMatch(
        /\| \[\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\]\([^)]+\/actions\/runs\/\d+\) \| 15 \| 7 \|/,
      );
    });

    it('15. drift back to zero: a comment, then the issue is closed', () => {
      const { result, requests, issues } = steps[3]!;
      expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
        code: 0,
        log: '',
      });
      expect(result.outputs.verdict).toBe('pass');
      expect(result.outputs['changes-total']).toBe('0');
      expect(issues).toHaveLength(1);
      const issue = issues[0]!;
      const writes = issueWrites(requests);
      expect(writes.map((w) => [w.method, w.route])).toEqual([
        ['POST', `${ISSUES}/${issue.number}/comments`],
        ['PATCH', `${ISSUES}/${issue.number}`],
      ]);
      expect(issue.state).toBe('closed');
      const closing = writes[0]!.body as { body: string };
      expect(closing.body).toMatch(/zero/i);
      expect(closing.body).toContain(POLICY);
      expect(result.summary).toContain('**No drift**');
    });

    it('16. drift comes back: the closed issue is reopened, never duplicated', () => {
      const { result, requests, issues } = steps[4]!;
      expect(result.code).toBe(1);
      expect(requests.filter((r) => r.method === 'POST' && r.route === ISSUES)).toEqual([]);
      expect(issueWrites(requests).map((w) => [w.method, w.route])).toEqual([
        ['PATCH', `${ISSUES}/${issues[0]!.number}`],
      ]);
      expect(gh.state.comments(REPOSITORY, issues[0]!.number)).toHaveLength(1);
      expect(issues).toHaveLength(1);
      expect(issues[0]!.state).toBe('open');
      expect(issues[0]!.body).toContain('**Drifts: showing 4 of 4**');
      expect(issues[0]!.body).toContain(DRIFT_MARKER);
      expect(issues[0]!.labels).toEqual(['policy-drift']);
      // The trend goes on from the closed issue: the three runs that wrote it, then this one.
      expect(issues[0]!.body).toContain('**Trend** (drift of the last 4 runs, newest first)');
      expect(parseDriftTrend(issues[0]!.body).map((r) => r.drifted)).toEqual([4, 7, 7, 4]);
    });
  });

  it('17. two drifting policies at once get one issue each; a steady one gets none', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('drift-two');
    const sha = ws.commit(
      {
        'policies/alpha.yaml': DRIFT_4,
        'policies/beta.json': JSON.stringify({
          default_effect: 'deny',
          on_missing_context: 'ignore',
          rules: [
            {
              id: 'allow-all-tools',
              effect: 'allow',
              conditions: [
                { field: 'tool', operator: 'in', values: ['read_file', 'write_file', 'delete_file'] },
              ],
            },
          ],
        }),
        'policies/steady.yaml': NO_DRIFT,
      },
      'three policies',
    );
    ws.write('traffic/alpha.jsonl', driftTraffic('a'));
    ws.write('traffic/beta.jsonl', driftTraffic('b'));
    ws.write('traffic/steady.jsonl', driftTraffic('s'));
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'workflow_dispatch',
      event: { inputs: {}, ref: 'refs/heads/main', repository: { full_name: REPOSITORY, private: true } },
      sha,
      inputs: { 'fail-on': 'invalid-policy' },
    });
    expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
      code: 0,
      log: '',
    });
    expect(result.outputs.verdict).toBe('pass');
    expect(result.outputs['changes-total']).toBe('11');
    expect(result.outputs.evaluated).toBe('45');
    const issues = gh.state.issues(REPOSITORY);
    expect(issues).toHaveLength(2);
    const byMarker = (path: string) =>
      issues.filter((i) => i.body.includes(`<!-- policy-replay:drift:${path} -->`));
    expect(byMarker('policies/alpha.yaml')).toHaveLength(1);
    expect(byMarker('policies/beta.json')).toHaveLength(1);
    expect(byMarker('policies/steady.yaml')).toHaveLength(0);
    expect(byMarker('policies/alpha.yaml')[0]!.body).toContain('**Drifts: showing 4 of 4**');
    expect(byMarker('policies/beta.json')[0]!.body).toContain('**Drifts: showing 7 of 7**');
    for (const issue of issues) expect(issue.labels).toEqual(['policy-drift']);
    expect(gh.requestsTo('POST', ISSUES)).toHaveLength(2);
    expect(result.report!.policies.map((p) => [p.path, p.drift?.result?.drift_total])).toEqual([
      ['policies/alpha.yaml', 4],
      ['policies/beta.json', 7],
      ['policies/steady.yaml', 0],
    ]);
  });

  it('a dispatch on another branch is refused: drift is the default branch policy (no issue touched)', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('drift-branch');
    const sha = ws.commit({ [POLICY]: DRIFT_4 }, 'writes allowed on a feature branch');
    ws.write('traffic/gateway.jsonl', driftTraffic('req'));
    const dispatch = (ref: string, env: Record<string, string> = {}) =>
      runAction({
        apiUrl: gh.url,
        workspace: ws.dir,
        eventName: 'workflow_dispatch',
        event: {
          inputs: {},
          ref,
          repository: { full_name: REPOSITORY, private: true, default_branch: 'main' },
        },
        sha,
        env,
        inputs: { 'fail-on': 'invalid-policy' },
      });
    for (const result of [
      await dispatch('refs/heads/feature'),
      await dispatch('refs/heads/main', { GITHUB_REF: 'refs/heads/feature' }),
    ]) {
      expect(result.code).toBe(1);
      const errors = result.annotations.filter((a) => a.kind === 'error').map((a) => a.message);
      expect(errors).toEqual([
        expect.stringContaining('this run is on "refs/heads/feature", not on the default branch "main"'),
      ]);
    }
    expect(issueWrites(gh.requests)).toEqual([]);
    expect(gh.state.issues(REPOSITORY)).toEqual([]);
    // On the default branch the same dispatch reports the drift.
    const onMain = await dispatch('refs/heads/main', { GITHUB_REF: 'refs/heads/main' });
    expect({ code: onMain.code, log: onMain.code === 0 ? '' : describeRun(onMain) }).toEqual({
      code: 0,
      log: '',
    });
    expect(gh.state.issues(REPOSITORY)).toHaveLength(1);
  });

  describe('18. issues unavailable', () => {
    let disabled: ActionResult;
    let forbidden: ActionResult;
    let forbiddenGh: FakeGitHub;

    beforeAll(async () => {
      const ws = new GitWorkspace('drift-noissues');
      const sha = ws.commit({ [POLICY]: DRIFT_4 }, 'writes allowed');
      ws.write('traffic/gateway.jsonl', driftTraffic('req'));
      const run = (gh: FakeGitHub) => runScheduled(gh, ws, { sha, inputs: { 'fail-on': 'invalid-policy' } });
      const off = await fakeGitHub();
      off.state.setIssuesEnabled(REPOSITORY, false);
      disabled = await run(off);
      forbiddenGh = await fakeGitHub();
      forbiddenGh.inject({
        match: (r) => r.route.startsWith(ISSUES) || r.route.startsWith('/repos/acme/policies/labels'),
        times: 100,
        status: 403,
        body: { message: 'Resource not accessible by integration' },
      });
      forbidden = await run(forbiddenGh);
    });

    it('18. issues disabled (410) or no issues permission (403): a clear error and exit 1', () => {
      for (const [result, status] of [
        [disabled, '410'],
        [forbidden, '403'],
      ] as const) {
        expect(result.code).toBe(1);
        const errors = result.annotations.filter((a) => a.kind === 'error').map((a) => a.message);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(/issues are disabled on this repository or the token lacks issues: write/);
        expect(errors[0]).toContain(POLICY);
        expect(errors[0]).toContain(status);
      }
      // A 403 on issues is a permission answer, not a rate limit: it is not retried.
      expect(forbiddenGh.requests.filter((r) => r.faulted)).toHaveLength(1);
    });

    it('18. the drift report still reaches the outputs and the job summary', () => {
      for (const result of [disabled, forbidden]) {
        expect(result.outputs['changes-total']).toBe('4');
        expect(existsSync(result.outputs.report!)).toBe(true);
        expect(result.summary).toContain('**Drifts: showing 4 of 4**');
      }
    });
  });
});
