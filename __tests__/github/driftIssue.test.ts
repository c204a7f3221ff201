import { afterEach, describe, expect, it } from '@jest/globals';

import type { GitHubClient } from '../../src/github/client.js';
import { createGitHubClient } from '../../src/github/client.js';
import type { DriftIssueOptions } from '../../src/github/driftIssue.js';
import {
  IssuesUnavailableError,
  closeOrphanedDriftIssues,
  driftMarker,
  driftMarkerPath,
  syncDriftIssue,
} from '../../src/github/driftIssue.js';
import { policyMatcher } from '../../src/action/inputPaths.js';
import type { FakeGitHub } from '../support/fakeGithub.js';
import { startFakeGitHub } from '../support/fakeGithub.js';

const FULL = 'acme/policies';
const ACME = 'policies/acme.yaml';
const ACME_MARKER = '<!-- policy-replay:drift:policies/acme.yaml -->';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(
  options: Parameters<typeof startFakeGitHub>[0] = {},
): Promise<[FakeGitHub, GitHubClient]> {
  const gh = await startFakeGitHub(options);
  fake = gh;
  return [gh, createGitHubClient({ token: 't', apiUrl: gh.url, retryDelayScale: 0.001 })];
}

function sync(client: GitHubClient, driftTotal: number, body: string, policyPath = ACME) {
  const options: DriftIssueOptions = {
    owner: 'acme',
    repo: 'policies',
    policyPath,
    title: `Policy drift: ${policyPath}`,
    body,
    driftTotal,
  };
  return syncDriftIssue(client, options);
}

function writes(gh: FakeGitHub) {
  return gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.route}`);
}

describe('driftMarker', () => {
  it('names the policy path and cannot be closed early by it', () => {
    expect(driftMarker(ACME)).toBe(ACME_MARKER);
    expect(driftMarker('policies/a-->b c.yaml')).toBe(
      '<!-- policy-replay:drift:policies/a%2D-%3Eb%20c.yaml -->',
    );
    expect(driftMarker('policies/ünï.yaml')).toBe('<!-- policy-replay:drift:policies/%C3%BCn%C3%AF.yaml -->');
  });

  it('encodes a character outside the BMP by code point: two emoji names get two markers', () => {
    expect(driftMarker('policies/😀.yaml')).toBe('<!-- policy-replay:drift:policies/%F0%9F%98%80.yaml -->');
    expect(driftMarker('policies/😁.yaml')).not.toBe(driftMarker('policies/😀.yaml'));
    expect(driftMarkerPath(driftMarker('policies/😀.yaml'))).toBe('policies/😀.yaml');
  });
});

describe('driftMarkerPath', () => {
  it('reads the path back from the first line only', () => {
    const odd = 'policies/a b--c>é.yaml';
    expect(driftMarkerPath(`${driftMarker(odd)}\nbody`)).toBe(odd);
    expect(driftMarkerPath(`${ACME_MARKER}\r\nbody`)).toBe(ACME);
    expect(driftMarkerPath(`report\n${ACME_MARKER}`)).toBeNull();
    expect(driftMarkerPath(`${ACME_MARKER} and more`)).toBeNull();
    // Not a form this Action writes (a `%` that encodes nothing, a needless escape).
    expect(driftMarkerPath('<!-- policy-replay:drift:policies/%zz.yaml -->')).toBeNull();
    expect(driftMarkerPath('<!-- policy-replay:drift:policies/%61.yaml -->')).toBeNull();
  });
});

describe('syncDriftIssue', () => {
  it("never takes another policy's issue for its own by a marker quoted in its body", async () => {
    const [gh, client] = await setup();
    const other = 'policies/other.yaml';
    // The acme report quotes (in a rule description) the marker of another policy's issue.
    await sync(client, 2, `acme drifted\n\`\`\`\n# ${driftMarker(other)}\n\`\`\``);
    const result = await sync(client, 3, 'other drifted', other);
    expect(result.action).toBe('created');
    const issues = gh.state.issues(FULL);
    expect(issues.map((i) => [i.state, i.body.split('\n')[0]])).toEqual([
      ['open', ACME_MARKER],
      ['open', driftMarker(other)],
    ]);
    expect(issues[0]!.body).toContain('acme drifted');
  });

  it('creates, updates, leaves alone, closes with a comment, and reopens the same issue', async () => {
    const [gh, client] = await setup();

    const created = await sync(client, 3, '3 drifted');
    expect(created).toMatchObject({ action: 'created', issueNumber: 1, closedDuplicates: [], warnings: [] });
    const [issue] = gh.state.issues(FULL);
    expect(issue).toMatchObject({
      title: `Policy drift: ${ACME}`,
      body: `${ACME_MARKER}\n3 drifted`,
      state: 'open',
      labels: ['policy-drift'],
    });
    expect(gh.state.repo(FULL).labels.get('policy-drift')?.color).toBe('d93f0b');

    expect(await sync(client, 5, '5 drifted')).toMatchObject({ action: 'updated', issueNumber: 1 });
    expect(gh.state.issues(FULL)[0]?.body).toBe(`${ACME_MARKER}\n5 drifted`);

    gh.requests.length = 0;
    expect(await sync(client, 5, '5 drifted')).toMatchObject({ action: 'unchanged', issueNumber: 1 });
    expect(writes(gh)).toEqual([]);

    expect(await sync(client, 0, 'no drift')).toMatchObject({ action: 'closed', issueNumber: 1 });
    expect(gh.state.issues(FULL)[0]).toMatchObject({ state: 'closed', stateReason: 'completed' });
    expect(gh.state.comments(FULL, 1).map((c) => c.body)).toEqual([
      expect.stringContaining('Drift returned to zero'),
    ]);

    gh.requests.length = 0;
    expect(await sync(client, 0, 'still none')).toMatchObject({ action: 'none' });
    expect(writes(gh)).toEqual([]);

    expect(await sync(client, 2, '2 drifted again')).toMatchObject({ action: 'reopened', issueNumber: 1 });
    expect(gh.state.issues(FULL)).toHaveLength(1);
    expect(gh.state.issues(FULL)[0]).toMatchObject({
      state: 'open',
      stateReason: 'reopened',
      body: `${ACME_MARKER}\n2 drifted again`,
    });
    expect(gh.requestsTo('POST', `/repos/${FULL}/issues`)).toHaveLength(0);
  });

  it('does nothing when there is no drift and no issue', async () => {
    const [gh, client] = await setup();
    expect(await sync(client, 0, 'clean')).toEqual({ action: 'none', closedDuplicates: [], warnings: [] });
    expect(writes(gh)).toEqual([]);
    expect(gh.state.issues(FULL)).toHaveLength(0);
  });

  it('keeps one issue per policy', async () => {
    const [gh, client] = await setup();
    await sync(client, 1, 'acme drift');
    await sync(client, 4, 'beta drift', 'policies/beta.json');
    await sync(client, 2, 'acme drift 2');
    await sync(client, 0, 'beta clean', 'policies/beta.json');
    expect(gh.state.issues(FULL).map((i) => [i.title, i.state])).toEqual([
      [`Policy drift: ${ACME}`, 'open'],
      ['Policy drift: policies/beta.json', 'closed'],
    ]);
    expect(gh.state.issues(FULL)[0]?.body).toBe(`${ACME_MARKER}\nacme drift 2`);
  });

  it('pages through the labelled issues, skipping pull requests and foreign issues', async () => {
    const [gh, client] = await setup();
    for (let i = 0; i < 120; i++) {
      gh.state.addIssue(FULL, { title: `other ${i}`, body: 'x', labels: ['policy-drift'] });
    }
    const mine = gh.state.addIssue(FULL, {
      title: 't',
      body: `${ACME_MARKER}\nold`,
      labels: ['policy-drift'],
    });
    for (let i = 0; i < 100; i++) {
      gh.state.addIssue(FULL, { title: `newer ${i}`, body: 'x', labels: ['policy-drift'] });
    }
    gh.state.addIssue(FULL, {
      title: 'spoof',
      body: `${ACME_MARKER}\nspoof`,
      labels: ['policy-drift'],
      login: 'mallory',
    });
    gh.state.addIssue(FULL, {
      title: 'pr',
      body: `${ACME_MARKER}\npr`,
      labels: ['policy-drift'],
      isPullRequest: true,
    });
    const result = await sync(client, 1, 'new');
    expect(result).toMatchObject({ action: 'updated', issueNumber: mine.number });
    const listing = gh.requestsTo('GET', `/repos/${FULL}/issues`);
    expect(listing).toHaveLength(3);
    expect(listing[0]?.query).toMatchObject({ labels: 'policy-drift', state: 'all', per_page: '100' });
  });

  it('closes newer duplicates left by concurrent runs, keeping the oldest', async () => {
    const [gh, client] = await setup();
    const oldest = gh.state.addIssue(FULL, {
      title: 't',
      body: `${ACME_MARKER}\na`,
      labels: ['policy-drift'],
    });
    const newer = gh.state.addIssue(FULL, {
      title: 't',
      body: `${ACME_MARKER}\nb`,
      labels: ['policy-drift'],
    });
    const result = await sync(client, 1, 'fresh');
    expect(result).toMatchObject({
      action: 'updated',
      issueNumber: oldest.number,
      closedDuplicates: [newer.number],
    });
    expect(gh.state.issues(FULL).map((i) => i.state)).toEqual(['open', 'closed']);
    expect(gh.state.comments(FULL, newer.number)[0]?.body).toBe(`Duplicate of #${oldest.number}.`);
  });

  it('adds the label when GitHub dropped it on create', async () => {
    const [gh, client] = await setup();
    gh.inject({
      match: { method: 'POST', route: `/repos/${FULL}/issues` },
      status: 201,
      body: {
        number: 1,
        title: 't',
        body: `${ACME_MARKER}\nx`,
        state: 'open',
        labels: [],
        user: { login: 'github-actions[bot]' },
        created_at: '2024-01-01T00:00:00Z',
        html_url: 'https://github.example/acme/policies/issues/1',
      },
    });
    gh.state.addIssue(FULL, { title: 't', body: `${ACME_MARKER}\nx`, labels: [] });
    const result = await sync(client, 1, 'x');
    expect(result.action).toBe('created');
    expect(gh.requestsTo('POST', `/repos/${FULL}/issues/1/labels`)).toHaveLength(1);
    expect(gh.state.issues(FULL)[0]?.labels).toEqual(['policy-drift']);
  });

  it('reports disabled issues (410) as a clear typed error', async () => {
    const [gh, client] = await setup();
    gh.state.setIssuesEnabled(FULL, false);
    const error = await sync(client, 1, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IssuesUnavailableError);
    expect(error).toMatchObject({ kind: 'issues-unavailable', status: 410 });
    expect((error as Error).message).toContain(
      'issues are disabled on this repository or the token lacks issues: write',
    );
  });

  it('reports a 403 on create (no issues: write) as the same typed error', async () => {
    const [gh, client] = await setup();
    gh.inject({
      match: { method: 'POST', route: `/repos/${FULL}/issues` },
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    });
    const error = await sync(client, 1, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IssuesUnavailableError);
    expect(error).toMatchObject({ status: 403 });
  });
});

describe('closeOrphanedDriftIssues', () => {
  it('closes only our open issues whose policy is gone, with a comment', async () => {
    const [gh, client] = await setup();
    await sync(client, 2, 'acme drifted');
    await sync(client, 1, 'gone drifted', 'policies/gone.yaml');
    const closed = await closeOrphanedDriftIssues(client, {
      owner: 'acme',
      repo: 'policies',
      livePolicyPaths: [ACME],
      replays: () => true,
    });
    const issues = gh.state.issues(FULL);
    const gone = issues.find((i) => i.body.includes(driftMarker('policies/gone.yaml')))!;
    const acme = issues.find((i) => i.body.includes(ACME_MARKER))!;
    expect(closed).toEqual([gone.number]);
    expect(gone.state).toBe('closed');
    expect(acme.state).toBe('open');
    // Nothing left to close on a second run.
    expect(
      await closeOrphanedDriftIssues(client, {
        owner: 'acme',
        repo: 'policies',
        livePolicyPaths: [ACME],
        replays: () => true,
      }),
    ).toEqual([]);
  });

  it("leaves another configuration's issues alone: only paths its own globs select are its", async () => {
    const [gh, client] = await setup();
    const team = 'policies/team/app.yaml';
    const sec = 'policies/sec/admin.yaml';
    const goneTeam = 'policies/team/old.yaml';
    await sync(client, 2, 'team drifted', team);
    await sync(client, 1, 'sec drifted', sec);
    await sync(client, 1, 'old team policy drifted', goneTeam);
    // The team configuration replays policies/team/** only; sec's policy is not among its paths.
    const closed = await closeOrphanedDriftIssues(client, {
      owner: 'acme',
      repo: 'policies',
      livePolicyPaths: [team],
      replays: policyMatcher(['policies/team/**']),
    });
    const byPath = (path: string) => gh.state.issues(FULL).find((i) => i.body.startsWith(driftMarker(path)))!;
    expect(closed).toEqual([byPath(goneTeam).number]);
    expect([byPath(team).state, byPath(sec).state, byPath(goneTeam).state]).toEqual([
      'open',
      'open',
      'closed',
    ]);
  });

  it('keeps the issues of live policies outside the BMP: one per policy, none closed', async () => {
    const [gh, client] = await setup();
    const grin = 'policies/😀.yaml';
    const beam = 'policies/😁.yaml';
    await sync(client, 2, 'grin drifted', grin);
    await sync(client, 1, 'beam drifted', beam);
    expect(gh.state.issues(FULL).map((i) => i.title)).toEqual([
      `Policy drift: ${grin}`,
      `Policy drift: ${beam}`,
    ]);
    const closed = await closeOrphanedDriftIssues(client, {
      owner: 'acme',
      repo: 'policies',
      livePolicyPaths: [grin, beam],
      replays: policyMatcher(['policies/**']),
    });
    expect(closed).toEqual([]);
    expect(gh.state.issues(FULL).map((i) => i.state)).toEqual(['open', 'open']);
  });

  it("keeps an issue whose marker is a live policy's even when the marker does not decode back to it", async () => {
    const [gh, client] = await setup();
    // A lone surrogate encodes as U+FFFD: the marker decodes to another (not live) path.
    const odd = 'policies/\ud83d.yaml';
    await sync(client, 1, 'odd drifted', odd);
    expect(driftMarkerPath(gh.state.issues(FULL)[0]!.body)).not.toBe(odd);
    const closed = await closeOrphanedDriftIssues(client, {
      owner: 'acme',
      repo: 'policies',
      livePolicyPaths: [odd],
      replays: () => true,
    });
    expect(closed).toEqual([]);
    expect(gh.state.issues(FULL)[0]!.state).toBe('open');
  });

  it('reads the marker on the first line only: a quoted one closes nothing', async () => {
    const [gh, client] = await setup();
    gh.state.addIssue(FULL, {
      title: 'notes',
      body: `notes\n${driftMarker('policies/gone.yaml')}`,
      labels: ['policy-drift'],
      login: 'github-actions[bot]',
    });
    const closed = await closeOrphanedDriftIssues(client, {
      owner: 'acme',
      repo: 'policies',
      livePolicyPaths: [ACME],
      replays: () => true,
    });
    expect(closed).toEqual([]);
    expect(gh.state.issues(FULL)[0]!.state).toBe('open');
  });
});
