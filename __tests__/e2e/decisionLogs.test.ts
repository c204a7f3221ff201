/**
 * The Action on OPA decision logs, end to end: `dist/index.js` with the committed decision-log
 * example (upload bodies written by the real OPA) as the sample of a policy, located through
 * `.policy-replay.yml` (a directory, decision-path per policy) or through the inputs (a glob
 * template, the decision-path input), on a pull request and on a schedule.
 */
import { describe, expect, it } from '@jest/globals';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_UPLOADS } from '../support/decisionLogs.js';
import type { runAction } from './harness.js';
import {
  EXAMPLE_BASE_POLICY,
  EXAMPLE_HEAD_POLICY,
  GitWorkspace,
  REPOSITORY,
  describeRun,
} from './harness.js';
import { modified, runPullRequest, runScheduled, suiteFakeGitHub } from './fixtures.js';

const POLICY = 'policies/gateway.yaml';
const fakeGitHub = suiteFakeGitHub();

interface DecisionLogReport {
  meta: {
    traffic: { path: string; format: string; files: { path: string; count: number }[] };
    skipped: { non_decision: number; other_path: number };
  };
  result: { evaluated: number; changes_total: number; malformed: { count: number } };
}

function reportOf(result: Awaited<ReturnType<typeof runAction>>): DecisionLogReport {
  return result.report!.policies[0]!.report as unknown as DecisionLogReport;
}

describe('the Action replays OPA decision logs', () => {
  it('pull request: the sample is a directory of uploads named in .policy-replay.yml with its decision path', async () => {
    const ws = new GitWorkspace('decision-logs-pr');
    const base = ws.commit(
      {
        [POLICY]: EXAMPLE_BASE_POLICY,
        '.policy-replay.yml':
          'policies:\n  policies/gateway.yaml:\n    traffic: logs/gateway\n    decision-path: data.policy_replay.decision\n',
      },
      'base',
    );
    const head = ws.commit({ [POLICY]: EXAMPLE_HEAD_POLICY }, 'loosen the gateway policy');
    // Downloaded by an earlier step, not committed.
    cpSync(EXAMPLE_UPLOADS, join(ws.dir, 'logs/gateway'), { recursive: true });
    const gh = await fakeGitHub();
    const result = await runPullRequest(
      gh,
      ws,
      { number: 21, baseSha: base, headSha: head, files: modified(POLICY), private: true },
      { inputs: { 'fail-on': 'invalid-policy' } },
    );
    expect(result.code).toBe(0);
    const report = reportOf(result);
    expect(report.meta.traffic.path).toBe('logs/gateway');
    expect(report.meta.traffic.format).toBe('opa-decision-log');
    expect(report.meta.traffic.files).toHaveLength(34);
    expect(report.meta.traffic.files[0]!.path).toBe('logs/gateway/upload-0001.json.gz');
    expect(report.meta.traffic.files.reduce((s, f) => s + f.count, 0)).toBe(6000);
    expect(report.result.evaluated).toBe(6000);
    expect(report.result.malformed.count).toBe(0);
    expect(report.result.changes_total).toBeGreaterThan(100);
    expect(result.outputs['changes-total']).toBe(String(report.result.changes_total));
    expect(gh.state.comments(REPOSITORY, 21)).toHaveLength(1);
  });

  it('schedule: drift of the saved policy against the decisions OPA made with it is zero (inputs, glob)', async () => {
    const ws = new GitWorkspace('decision-logs-drift');
    ws.commit({ [POLICY]: EXAMPLE_BASE_POLICY }, 'the saved policy');
    cpSync(EXAMPLE_UPLOADS, join(ws.dir, 'exports/gateway'), { recursive: true });
    const gh = await fakeGitHub();
    const result = await runScheduled(gh, ws, {
      inputs: {
        traffic: 'exports/{name}/*.json.gz',
        'decision-path': 'policy_replay/decision',
        'fail-on': 'invalid-policy,drift',
      },
      private: true,
    });
    expect({ code: result.code, run: describeRun(result) }).toMatchObject({ code: 0 });
    const drift = result.report!.policies[0]!.drift!.result!;
    expect(drift.drift_total).toBe(0);
    expect(result.outputs.verdict).toBe('pass');
  });

  it('a bad decision-log input fails the run before any API call, naming the input', async () => {
    const ws = new GitWorkspace('decision-logs-bad-input');
    ws.commit({ [POLICY]: EXAMPLE_BASE_POLICY }, 'the saved policy');
    const gh = await fakeGitHub();
    const result = await runScheduled(gh, ws, { inputs: { 'decision-field': 'result..allow' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Invalid decision-field 'result..allow'");
    expect(gh.requests).toHaveLength(0);
  });
});
