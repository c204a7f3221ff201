/**
 * The pull-request gate end to end: the committed `dist/index.js` in a child process, a real git
 * workspace with base and head commits, and the fake GitHub API recording every call.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAKE_MAX_BODY_LENGTH, type FakeGitHub } from '../support/fakeGithub.js';
import { READ_ONLY, READ_WRITE, modified, runPullRequest, suiteFakeGitHub } from './fixtures.js';
import {
  EXAMPLE_BASE_POLICY,
  EXAMPLE_HEAD_POLICY,
  GitWorkspace,
  MARKER,
  REPOSITORY,
  describeRun,
  exampleManifests,
  exampleTrafficLines,
  jsonl,
  pullRequestEvent,
  runAction,
  toolPolicy,
  toolRecord,
  type ActionResult,
} from './harness.js';

const POLICY = 'policies/gateway.yaml';
const COMMENTS = /^\/repos\/acme\/policies\/issues\/\d+\/comments$/;
const COMMENT_EDIT = /^\/repos\/acme\/policies\/issues\/comments\/\d+$/;

/** Code points, as GitHub counts a comment body. */
function codePoints(text: string): number {
  return [...text].length;
}

/** Markdown as a reader sees it: backslash escapes of punctuation removed. */
function unescaped(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Comment writes (create, edit, delete) the fake received. */
function commentWrites(gh: FakeGitHub): { method: string; route: string }[] {
  return gh.requests
    .filter(
      (r) =>
        (r.method === 'POST' && COMMENTS.test(r.route)) ||
        ((r.method === 'PATCH' || r.method === 'DELETE') && COMMENT_EDIT.test(r.route)),
    )
    .map((r) => ({ method: r.method, route: r.route }));
}

/** The base policy minus `search_docs` in allow-read-tools: only newly denied requests. */
const TIGHTENED_POLICY = EXAMPLE_BASE_POLICY.replace(
  'values: [read_file, list_dir, search_docs]',
  'values: [read_file, list_dir]',
);
/** A second head for the update scenario: the PR's head plus no more `ping`. */
const HEAD_TWO_POLICY = EXAMPLE_HEAD_POLICY.replace(
  'values: [initialize, ping, tools/list',
  'values: [initialize, tools/list',
);

/** Valid at the base; at the head three problems at known places (line:column, 1-based). */
const BROKEN_HEAD = `default_effect: deny
on_missing_context: ignore
rules:
  - id: allow-read
    effect: allow
    conditions:
      - field: tool
        operator: in
        values: [read_file]
  - id: deny-typo
    efect: deny
    conditions:
      - field: tools
        operator: in
        values: [run_shell]
`;

const fakeGitHub = suiteFakeGitHub();

describe('the pull-request gate, run from dist/index.js as a runner runs it', () => {
  const traffic = jsonl(exampleTrafficLines(300));
  let example: { ws: GitWorkspace; base: string; head1: string; head2: string };
  let tightened: { ws: GitWorkspace; base: string; head: string };

  beforeAll(() => {
    // The realistic example: base.yaml → head.yaml, 300 recorded requests and their manifests.
    const ws = new GitWorkspace('example');
    const base = ws.commit(
      {
        [POLICY]: EXAMPLE_BASE_POLICY,
        'traffic/gateway.jsonl': traffic,
        ...exampleManifests('gateway'),
        'README.md': '# policies\n',
      },
      'base',
    );
    const head1 = ws.commit({ [POLICY]: EXAMPLE_HEAD_POLICY }, 'loosen the gateway policy');
    const head2 = ws.commit({ [POLICY]: HEAD_TWO_POLICY }, 'and drop ping');
    example = { ws, base, head1, head2 };

    // A PR that only denies more: it passes the default gate. The sample is not in Git, as the
    // README recommends: an earlier workflow step downloads it into the workspace.
    const tws = new GitWorkspace('tightened');
    const tbase = tws.commit({ [POLICY]: EXAMPLE_BASE_POLICY }, 'base');
    const thead = tws.commit({ [POLICY]: TIGHTENED_POLICY }, 'no more search_docs');
    tws.write('traffic/gateway.jsonl', traffic);
    tightened = { ws: tws, base: tbase, head: thead };
  });

  describe('the sticky comment over three pushes', () => {
    let gh: FakeGitHub;
    const runs: ActionResult[] = [];
    const bodies: string[] = [];

    beforeAll(async () => {
      gh = await fakeGitHub();
      const pull = gh.state.addPull(REPOSITORY, {
        number: 7,
        baseSha: example.base,
        headSha: example.head1,
        files: [{ filename: POLICY, status: 'modified' }],
      });
      const run = async (headSha: string, runId: string) => {
        pull.headSha = headSha;
        const before = gh.requests.length;
        const result = await runAction({
          apiUrl: gh.url,
          workspace: example.ws.dir,
          eventName: 'pull_request',
          event: pullRequestEvent({ number: 7, baseSha: example.base, headSha }),
          runId,
        });
        runs.push(result);
        bodies.push(
          gh.state
            .comments(REPOSITORY, 7)
            .map((c) => c.body)
            .join('\n<<next>>\n'),
        );
        return gh.requests.slice(before);
      };
      await run(example.head1, '101');
      await run(example.head2, '102');
      await run(example.head2, '103');
    });

    it('1. the first run creates one comment with the marker, the decision first, capped changes and no Rego diff', () => {
      const first = runs[0]!;
      expect(first.code).toBe(1); // head.yaml newly allows requests: the default gate fails it
      const posts = gh.requestsTo('POST', COMMENTS);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.route).toBe('/repos/acme/policies/issues/7/comments');
      expect(posts[0]!.status).toBe(201);
      expect(posts[0]!.headers.authorization).toMatch(/ghs_e2e_fake_token/);

      const body = (posts[0]!.body as { body: string }).body;
      expect(body).toContain(MARKER);
      // docs/action.md "The comment": the decision in the first lines — headline, provenance,
      // base | head | Δ, then the by-edit table.
      const shown = body
        .split('\n')
        .slice(1)
        .filter((line) => line.trim() !== '');
      expect(shown[0]).toBe(`## ❌ ${first.outputs['newly-allowed']} requests newly allowed — review needed`);
      const provenance = shown.findIndex((line) => line.startsWith(`**${POLICY}** · head `));
      expect(provenance).toBeGreaterThan(0);
      expect(shown[provenance]).toMatch(
        / · sample traffic\/gateway\.jsonl \(300 records, .*sha256 `[0-9a-f]{12}`\)/,
      );
      expect(shown[provenance]).toContain(
        '[workflow run](https://github.example/acme/policies/actions/runs/101)',
      );
      expect(shown[provenance + 1]).toBe('| of 300 replayed | base | head | Δ |');
      const result = first.report!.policies[0]!.report!.result as unknown as { by_edit: unknown[] };
      expect(result.by_edit.length).toBeGreaterThan(0);
      expect(shown[provenance + 6]).toMatch(
        /^\*\*By edit\*\* \(showing \d+ of \d+, most newly allowed first\)$/,
      );
      expect(shown.slice(0, 15)).toContain('| edit | newly allowed | newly denied | from unknown | mostly |');
      const total = Number(first.outputs['changes-total']);
      expect(total).toBeGreaterThan(20);
      expect(body).toContain(`**Changes: showing 20 of ${total}**`);
      // The generated Rego diff is the job summary's, not the comment's.
      expect(body).not.toContain('Rego diff');
      expect(unescaped(first.summary)).toMatch(
        /<details><summary>Rego diff: policies\/gateway\.yaml<\/summary>\n\n```+diff\n/,
      );
      expect(body).toContain('</details>');
      // Public repository + redact: auto → subjects are masked pseudonyms in the change table.
      expect(body).toMatch(/\| \(masked\) `sha256:[0-9a-f]{12}` \|/);
      expect(first.summary).toMatch(/\| \(masked\) `sha256:[0-9a-f]{12}` \|/);
      // The example's callers (bob, erin, svc-deployer, …) never appear by name in a change row.
      const rows = body.split('\n').filter((line) => /\| \*\*(allow|deny)\*\* \|/.test(line));
      expect(rows).toHaveLength(20);
      for (const row of rows) expect(row.split(' | ')[2]).toMatch(/^\(masked\) `sha256:[0-9a-f]{12}`$/);
      // Times in one form.
      for (const row of rows) expect(row.split(' | ')[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/);
      expect(codePoints(body)).toBeLessThanOrEqual(FAKE_MAX_BODY_LENGTH);
    });

    it('1. the first run sets every output, writes the JSON report and the summary', () => {
      const first = runs[0]!;
      const out = first.outputs;
      expect(out.verdict).toBe('fail');
      expect(out.evaluated).toBe('300');
      expect(Number(out.allowed) + Number(out.denied) + Number(out.unevaluable)).toBe(300);
      expect(Number(out['newly-allowed'])).toBeGreaterThan(0);
      expect(out.fidelity).toBe('unreplayable');
      expect(out.report).toBeDefined();
      expect(existsSync(out.report!)).toBe(true);
      const report = first.report!;
      expect(report.mode).toBe('pull-request');
      expect(report.verdict).toBe('fail');
      expect(report.policies.map((p) => [p.path, p.status])).toEqual([[POLICY, 'modified']]);
      expect(report.policies[0]!.report!.result!.changes_total).toBe(Number(out['changes-total']));
      expect(report.policies[0]!.report!.result!.newly_allowed).toBe(Number(out['newly-allowed']));
      expect(report.failed.map((f) => f.rule)).toEqual([
        'newly-allowed',
        'uncovered-newly-allowed',
        'blocking-gaps',
      ]);
      // docs/unknowns.md: precise by default, with the static rule's count beside it.
      const result = report.policies[0]!.report!.result!;
      expect(report.policies[0]!.report!.meta.unevaluable_mode).toBe('precise');
      expect(result.unevaluable_by_reading).toBeGreaterThanOrEqual(result.unevaluable);

      expect(first.summary).toContain(`## ❌ ${out['newly-allowed']} requests newly allowed — review needed`);
      expect(first.summary).toContain(`**Changes: showing 20 of ${out['changes-total']}**`);
      expect(unescaped(first.summary)).toContain(
        `- ${out['newly-allowed']} requests newly allowed (newly-allowed) — **caused by this pull request**.`,
      );
      // The example's manifests have blocking gaps: not this pull request's doing.
      expect(unescaped(first.summary)).toMatch(
        /^- [^\n]*\(blocking-gaps\) — \*\*evidence problem not caused by this PR\*\*\. [^\n]*The export pipeline/m,
      );
      // The gate's failure is the step's error.
      expect(first.annotations.some((a) => a.kind === 'error' && /newly allowed/.test(a.message))).toBe(true);
    });

    it("1. beside the report, every listed kind's witness as a sample; the comment says what the sample never held", () => {
      const first = runs[0]!;
      const coverage = first.report!.policies[0]!.report!.result!.coverage!;
      expect(coverage.newly_allowed.kinds).toBeGreaterThan(coverage.newly_allowed.covered);
      const file = join(first.outputs.witnesses!, '1.jsonl');
      const records = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { request_id: string });
      const ids = new Set(records.map((r) => r.request_id));
      const listed = coverage.classes.flatMap((c) => (c.witness === null ? [] : [c.witness.id]));
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.filter((id) => !ids.has(id))).toEqual([]);
      const body = (gh.requestsTo('POST', COMMENTS)[0]!.body as { body: string }).body;
      const unseen = coverage.newly_allowed.kinds - coverage.newly_allowed.covered;
      const line = `**Beyond the sample:** ${coverage.kinds} kinds of request change; ${coverage.newly_allowed.kinds} newly allowed, ${unseen} of them never in the sample.`;
      expect(body).toContain(line);
      expect(body.indexOf('**By edit**')).toBeLessThan(body.indexOf(line));
      expect(body.indexOf(line)).toBeLessThan(body.indexOf('**What changes, and why**'));
      expect(body).toContain('**Newly allowed, never in the sample**');
    });

    it('1. the comment folds the change groups after the decision; each group names the edits that explain it', () => {
      const body = (gh.requestsTo('POST', COMMENTS)[0]!.body as { body: string }).body;
      const lines = body.split('\n');
      const heading = lines.findIndex((l) => l.startsWith('**What changes, and why** (showing '));
      expect(heading).toBeGreaterThan(-1);
      // First after the counts: before the unevaluable reasons and the per-request table.
      expect(body.indexOf('**What changes, and why**')).toBeLessThan(body.indexOf('**Unevaluable:'));
      expect(body.indexOf('**What changes, and why**')).toBeLessThan(body.indexOf('**Changes: showing'));
      expect(lines[heading]).toMatch(
        /^\*\*What changes, and why\*\* \(showing (\d+) of \1 groups, most dangerous first\)$/,
      );
      expect(lines[heading + 2]).toBe('| change | requests | subjects | method and tools | because |');
      const rows: string[][] = [];
      for (const line of lines.slice(heading + 4)) {
        if (!line.startsWith('|')) break;
        rows.push(
          line
            .split(/(?<!\\)\|/)
            .slice(1, -1)
            .map((c) => unescaped(c.trim())),
        );
      }
      const report = runs[0]!.report!.policies[0]!.report as unknown as {
        result: { changes_total: number; change_groups: { count: number }[]; change_groups_total: number };
      };
      expect(rows).toHaveLength(report.result.change_groups_total);
      expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(report.result.changes_total);
      // The largest danger first: write_file newly allowed through the loosened allow-read-tools.
      expect(rows[0]).toEqual([
        '**newly allowed**',
        '15',
        expect.stringMatching(
          /^2: \(masked\) `sha256:[0-9a-f]{12}` \(\d+\), \(masked\) `sha256:[0-9a-f]{12}` \(\d+\)$/,
        ),
        'tools/call write_file',
        'allow-read-tools (modified)',
      ]);
      const because = rows.map((r) => r[4]).join('\n');
      for (const edit of [
        'allow-read-tools (modified)',
        'allow-reporting (modified)',
        'deny-contractor-exports (added)',
        'allow-finance-exports (removed)',
        'on_missing_context: ignore → deny',
      ])
        expect(because).toContain(edit);
      expect(because).not.toMatch(/unexplained/);
      // The per-request table follows, folded away.
      expect(body).toMatch(
        /<details><summary>Every changed request \(showing 20 of \d+\)<\/summary>\n\n\*\*Changes: showing 20 of \d+\*\*/,
      );
    });

    it('1. annotations sit on the head file at the line of each edited rule, warnings for what it newly allows', () => {
      const lineOf = (needle: string) => EXAMPLE_HEAD_POLICY.split('\n').indexOf(needle) + 1;
      expect(lineOf('  - id: allow-read-tools')).toBe(108);
      const notes = runs[0]!.annotations
        .filter((a) => a.kind !== 'error')
        .map((a) => ({ kind: a.kind, file: a.properties.file, line: a.properties.line, message: a.message }));
      expect(notes).toEqual([
        {
          kind: 'warning',
          file: POLICY,
          line: String(lineOf('  - id: allow-read-tools')),
          message:
            'allow-read-tools (modified): newly allows 23 requests from 3 subjects — tools/call write_file and 1 other kind of request',
        },
        {
          kind: 'warning',
          file: POLICY,
          line: String(lineOf('  - id: allow-reporting')),
          message:
            'allow-reporting (modified): newly allows 4 requests from 1 subject — tools/call run_query',
        },
        {
          kind: 'notice',
          file: POLICY,
          line: String(lineOf('on_missing_context: deny')),
          message:
            'on_missing_context (ignore → deny): newly denies 9 requests from 4 subjects — tools/call list_dir and 4 other kinds of request',
        },
        {
          // Removed: on the head file, without a line.
          kind: 'notice',
          file: POLICY,
          line: undefined,
          message:
            'allow-finance-exports (removed): newly denies 1 request from 1 subject — tools/call export_report',
        },
        {
          kind: 'notice',
          file: POLICY,
          line: String(lineOf('  - id: deny-contractor-exports')),
          message:
            'deny-contractor-exports (added): newly denies 1 request from 1 subject — tools/call export_report',
        },
      ]);
      // No subject names in an annotation (the repository is public).
      for (const a of runs[0]!.annotations) expect(a.message).not.toMatch(/alice|frank|svc-indexer/);
    });

    it('1. the Rego diff in the job summary lists removed lines before added ones, as git does', () => {
      const summary = runs[0]!.summary;
      expect(summary).toContain('-on_missing_context := "ignore"\n+on_missing_context := "deny"');
      const diff = /```+diff\n([\s\S]*?)\n```+/.exec(summary)?.[1] ?? '';
      const lines = diff.split('\n');
      const addedThenRemoved = lines.filter(
        (line, i) => line.startsWith('+') && lines[i + 1]?.startsWith('-') && !line.startsWith('+++'),
      );
      expect(addedThenRemoved).toEqual([]);
    });

    it('2. a new head commit updates the same comment in place (PATCH, no second POST)', () => {
      const second = runs[1]!;
      expect(second.code).toBe(1);
      expect(gh.requestsTo('POST', COMMENTS)).toHaveLength(1);
      const patches = gh.requestsTo('PATCH', COMMENT_EDIT);
      expect(patches).toHaveLength(1);
      const comments = gh.state.comments(REPOSITORY, 7);
      expect(comments).toHaveLength(1);
      expect(patches[0]!.route).toBe(`/repos/acme/policies/issues/comments/${comments[0]!.id}`);
      expect(bodies[1]).not.toBe(bodies[0]);
      expect(bodies[1]).toContain(MARKER);
      expect(Number(second.outputs['changes-total'])).toBeGreaterThan(
        Number(runs[0]!.outputs['changes-total']),
      );
      expect(bodies[1]).toContain(`of ${second.outputs['changes-total']}**`);
    });

    it('3. an unchanged third run (a re-run, new run id) makes no comment write at all', () => {
      const third = runs[2]!;
      expect(third.code).toBe(1);
      expect(commentWrites(gh)).toEqual([
        { method: 'POST', route: '/repos/acme/policies/issues/7/comments' },
        { method: 'PATCH', route: expect.stringMatching(COMMENT_EDIT) as unknown as string },
      ]);
      expect(bodies[2]).toBe(bodies[1]);
      // The files are per run; what they hold is the same.
      expect(third.outputs).toEqual({
        ...runs[1]!.outputs,
        report: third.outputs.report,
        'comment-file': third.outputs['comment-file'],
        witnesses: third.outputs.witnesses,
      });
      // The same but for the link to its own workflow run.
      const runLink = /\/actions\/runs\/\d+/g;
      const thirdFile = readFileSync(third.outputs['comment-file']!, 'utf8');
      expect(thirdFile).toContain('/actions/runs/103)');
      expect(thirdFile.replace(runLink, '/actions/runs/*')).toBe(
        readFileSync(runs[1]!.outputs['comment-file']!, 'utf8').replace(runLink, '/actions/runs/*'),
      );
    });
  });

  it('2b. duplicate marked comments from racing runs are reconciled: the oldest wins, the rest go', async () => {
    const gh = await fakeGitHub();
    gh.state.addPull(REPOSITORY, {
      number: 11,
      baseSha: tightened.base,
      headSha: tightened.head,
      files: [{ filename: POLICY, status: 'modified' }],
    });
    const pasted = gh.state.addComment(REPOSITORY, 11, {
      body: `${MARKER}\nI pasted the marker`,
      login: 'octo-dev',
    });
    const oldest = gh.state.addComment(REPOSITORY, 11, { body: `${MARKER}\nold report` });
    const newer = gh.state.addComment(REPOSITORY, 11, { body: `${MARKER}\nracing report` });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: tightened.ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 11, baseSha: tightened.base, headSha: tightened.head }),
    });
    expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
      code: 0,
      log: '',
    });
    expect(commentWrites(gh)).toEqual([
      { method: 'PATCH', route: `/repos/acme/policies/issues/comments/${oldest.id}` },
      { method: 'DELETE', route: `/repos/acme/policies/issues/comments/${newer.id}` },
    ]);
    const left = gh.state.comments(REPOSITORY, 11);
    expect(left.map((c) => c.id)).toEqual([pasted.id, oldest.id]);
    expect(left[0]!.body).toBe(`${MARKER}\nI pasted the marker`);
    expect(left[1]!.body).toContain('## ✅ 12 requests newly denied — within the gate');
  });

  it('2c. comment: off replays and gates without touching comments', async () => {
    const gh = await fakeGitHub();
    const result = await runPullRequest(
      gh,
      tightened.ws,
      { number: 10, baseSha: tightened.base, headSha: tightened.head, files: modified(POLICY) },
      { inputs: { comment: 'off' } },
    );
    expect(result.code).toBe(0);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.summary).toMatch(/^## ✅ /);
    expect(gh.requests.filter((r) => /comments/.test(r.route))).toEqual([]);
  });

  it('2d. unevaluable: static judges both sides by the reading-based rule', async () => {
    const gh = await fakeGitHub();
    const result = await runPullRequest(
      gh,
      tightened.ws,
      { number: 11, baseSha: tightened.base, headSha: tightened.head, files: modified(POLICY) },
      { inputs: { comment: 'off', unevaluable: 'static' } },
    );
    expect(result.code).toBe(0);
    const report = result.report!.policies[0]!.report!;
    expect(report.meta.unevaluable_mode).toBe('static');
    expect(report.result!.unevaluable_by_reading).toBe(report.result!.unevaluable);
  });

  it('4. a fork PR: the 403 on commenting is a warning; summary, outputs and verdict still land', async () => {
    const gh = await fakeGitHub();
    gh.state.addPull(REPOSITORY, {
      number: 12,
      baseSha: tightened.base,
      headSha: tightened.head,
      headRepo: 'outsider/policies',
      files: [{ filename: POLICY, status: 'modified' }],
    });
    gh.inject({
      match: { method: 'POST', route: COMMENTS },
      times: 10,
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest',
      },
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: tightened.ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({
        number: 12,
        baseSha: tightened.base,
        headSha: tightened.head,
        headRepo: 'outsider/policies',
      }),
    });
    expect(result.code).toBe(0);
    const warnings = result.annotations.filter((a) => a.kind === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/403/);
    expect(result.annotations.filter((a) => a.kind === 'error')).toEqual([]);
    // The 403 is final: one attempt, not retried like a rate limit.
    expect(gh.requestsTo('POST', COMMENTS)).toHaveLength(1);
    expect(gh.state.comments(REPOSITORY, 12)).toEqual([]);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.outputs.evaluated).toBe('300');
    expect(Number(result.outputs['changes-total'])).toBeGreaterThan(0);
    expect(result.outputs['newly-allowed']).toBe('0');
    expect(result.outputs.fidelity).toBe('');
    expect(result.report!.verdict).toBe('pass');
    expect(result.summary).toMatch(/^## ✅ /);
    expect(result.summary).toContain('newly denied');
  });

  it('5. a secondary rate limit on the first API call is waited out and retried', async () => {
    const gh = await fakeGitHub();
    gh.state.addPull(REPOSITORY, {
      number: 13,
      baseSha: tightened.base,
      headSha: tightened.head,
      files: [{ filename: POLICY, status: 'modified' }],
    });
    const fault = gh.inject({
      match: () => true,
      times: 1,
      status: 403,
      headers: { 'retry-after': '1' },
      body: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
      },
    });
    const outage = gh.inject({
      match: { method: 'GET', route: '/repos/acme/policies/pulls/13/files' },
      times: 1,
      status: 502,
      body: { message: 'Server Error' },
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: tightened.ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 13, baseSha: tightened.base, headSha: tightened.head }),
    });
    expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
      code: 0,
      log: '',
    });
    expect(fault.remaining()).toBe(0);
    // A transient 5xx later in the run is retried too.
    expect(outage.remaining()).toBe(0);
    expect(gh.requestsTo('GET', /^\/repos\/acme\/policies\/pulls\/13\/files$/).map((r) => r.status)).toEqual([
      502, 200,
    ]);
    const [first, second] = gh.requests;
    expect(first!.faulted).toBe(true);
    expect(second!.faulted).toBe(false);
    expect(second!.method).toBe(first!.method);
    expect(second!.route).toBe(first!.route);
    expect(second!.status).toBe(200);
    expect(gh.state.comments(REPOSITORY, 13)).toHaveLength(1);
    expect(result.outputs.verdict).toBe('pass');
  });

  describe('6. a PR adding, deleting and breaking one policy each', () => {
    let result: ActionResult;
    let comment = '';

    /** The `<details>` block of one policy's Rego diff (escapes removed), or null. */
    const regoDetails = (path: string): string | null => {
      // The Rego diffs are the job summary's.
      const text = unescaped(result.summary);
      const start = text.indexOf(`<details><summary>Rego diff: ${path}</summary>`);
      if (start === -1) return null;
      const rest = text.slice(start);
      return rest.slice(0, rest.indexOf('</details>'));
    };

    beforeAll(async () => {
      const ws = new GitWorkspace('three');
      const valid = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
      const records = jsonl(
        Array.from({ length: 12 }, (_, i) =>
          toolRecord({ id: `r-${i}`, tool: i % 2 === 0 ? 'read_file' : 'write_file', minute: i }),
        ),
      );
      const base = ws.commit(
        {
          'policies/broken.yaml': valid,
          'policies/retired.yaml': valid,
          'traffic/broken.jsonl': records,
          'traffic/retired.jsonl': records,
        },
        'base',
      );
      // The added policy has no sample: reported as "no traffic to replay", still validated.
      const head = ws.commit(
        {
          'policies/broken.yaml': BROKEN_HEAD,
          'policies/retired.yaml': null,
          'policies/added.yaml': toolPolicy([{ id: 'allow-write', effect: 'allow', tools: ['write_file'] }]),
        },
        'three policy changes',
      );
      const gh = await fakeGitHub();
      gh.state.addPull(REPOSITORY, {
        number: 14,
        baseSha: base,
        headSha: head,
        files: [
          { filename: 'policies/added.yaml', status: 'added' },
          { filename: 'policies/broken.yaml', status: 'modified' },
          { filename: 'policies/retired.yaml', status: 'removed' },
        ],
      });
      result = await runAction({
        apiUrl: gh.url,
        workspace: ws.dir,
        eventName: 'pull_request',
        event: pullRequestEvent({ number: 14, baseSha: base, headSha: head }),
      });
      comment = gh.state.comments(REPOSITORY, 14)[0]?.body ?? '';
    });

    it('6. error annotations at file:line:col of each problem, verdict fail, exit 1', () => {
      expect(result.code).toBe(1);
      expect(result.outputs.verdict).toBe('fail');
      const positioned = result.annotations
        .filter((a) => a.kind === 'error' && a.properties.file !== undefined)
        .map((a) => ({ file: a.properties.file, line: a.properties.line, col: a.properties.col }));
      expect(positioned).toEqual([
        { file: 'policies/broken.yaml', line: '10', col: '5' },
        { file: 'policies/broken.yaml', line: '11', col: '5' },
        { file: 'policies/broken.yaml', line: '13', col: '16' },
      ]);
      const messages = result.annotations
        .filter((a) => a.properties.file !== undefined)
        .map((a) => a.message);
      expect(messages.join('\n')).toMatch(/efect/);
      expect(messages.join('\n')).toMatch(/tools/);
      expect(unescaped(result.summary)).toContain(
        '- the policy is invalid (invalid-policy) — **caused by this pull request**.',
      );
    });

    it('6. the report and the comment list all three policies with their status', () => {
      const report = result.report!;
      expect(report.policies.map((p) => [p.path, p.status])).toEqual([
        ['policies/added.yaml', 'added'],
        ['policies/broken.yaml', 'modified'],
        ['policies/retired.yaml', 'removed'],
      ]);
      const broken = report.policies.find((p) => p.path === 'policies/broken.yaml')!;
      expect(broken.errors.map((e) => `${e.line}:${e.column}`)).toEqual(['10:5', '11:5', '13:16']);
      expect(report.failed).toContainEqual(
        expect.objectContaining({ rule: 'invalid-policy', policy: 'policies/broken.yaml' }),
      );
      // A deleted policy is not an invalid one.
      expect(report.failed.filter((f) => f.policy === 'policies/retired.yaml')).toEqual([]);
      expect(report.policies.find((p) => p.path === 'policies/added.yaml')!.no_traffic).toBe(true);

      for (const path of ['policies/added.yaml', 'policies/broken.yaml', 'policies/retired.yaml'])
        expect(unescaped(comment)).toContain(`### ${path}`);
      expect(comment).toContain('**No traffic to replay**');
      expect(comment).toContain('**Invalid policy: 3 problems, nothing replayed.**');
      expect(unescaped(comment)).toContain('| policies/broken.yaml:11:5 | rules[1].efect |');
      expect(comment).toContain('(deleted: the counts are the base’s)');
      expect(comment.split('\n')[1]).toBe('## ❌ invalid policy — nothing replayed');
      expect(comment).toContain('3 policy files changed; each has its own section below.');
    });

    it('6. the no-traffic notice names where the sample was looked for', () => {
      // The operator has to put the export somewhere: "the default layout" does not say where.
      expect(unescaped(comment)).toMatch(/No traffic to replay[^\n]*traffic\/added\.jsonl/);
    });

    it('6. an invalid head gets no Rego diff that reads as if the policy were emptied', () => {
      expect(comment).toContain(MARKER);
      const details = regoDetails('policies/broken.yaml');
      // Either no diff for a head that does not compile, or one that does not delete everything.
      if (details !== null) expect(details).not.toMatch(/^@@ -1,\d+ \+0,0 @@$/m);
    });

    it("6. a deleted policy's Rego diff names /dev/null, not b//dev/null", () => {
      const details = regoDetails('policies/retired.yaml');
      expect(details).not.toBeNull();
      expect(details).toMatch(/^--- a\/policies\/retired\.yaml \(Rego\)$/m);
      expect(details).toMatch(/^\+\+\+ \/dev\/null/m);
      expect(result.summary).not.toContain('//dev/null');
      expect(comment).not.toContain('Rego diff');
    });
  });

  it('7. a report too big for one comment shows fewer change rows, keeps every section and points at the job summary', async () => {
    const ws = new GitWorkspace('huge');
    const count = 1_200;
    const pad = (i: number, what: string) => `${what}-${String(i).padStart(5, '0')}-${'x'.repeat(170)}`;
    const records = Array.from({ length: count }, (_, i) =>
      toolRecord({ id: pad(i, 'request'), subject: pad(i, 'subject'), tool: 'write_file', minute: i }),
    );
    const base = ws.commit(
      {
        [POLICY]: READ_ONLY,
        'traffic/gateway.jsonl': jsonl(records),
      },
      'base',
    );
    const head = ws.commit({ [POLICY]: READ_WRITE }, 'allow writes');
    const gh = await fakeGitHub();
    const result = await runPullRequest(
      gh,
      ws,
      { number: 15, baseSha: base, headSha: head, files: modified(POLICY), private: true },
      { inputs: { 'max-changes': '5000' } },
    );
    expect(result.code).toBe(1);
    expect(result.outputs['changes-total']).toBe(String(count));
    expect(result.outputs['newly-allowed']).toBe(String(count));
    const posts = gh.requestsTo('POST', COMMENTS);
    expect(posts.map((p) => p.status)).toEqual([201]);
    const comment = gh.state.comments(REPOSITORY, 15)[0]!.body;
    expect(codePoints(comment)).toBeLessThanOrEqual(65_536);
    expect(comment).toContain(MARKER);
    expect(comment).toMatch(/job summary/);
    // The decision survives the cut; no table row is cut in half.
    expect(comment.split('\n')[1]).toBe('## ❌ 1,200 requests newly allowed — review needed');
    expect(comment).toMatch(/^\| allowed \| (—|0) \| 1,200 \| (—|\+1,200) \|$/m);
    for (const line of comment.split('\n')) {
      if (line.startsWith('|')) expect(line.endsWith('|')).toBe(true);
    }
    expect(comment.split('```').length % 2).toBe(1);
    expect(comment.split('<details>').length).toBe(comment.split('</details>').length);
    // The pointer is the last thing in the body.
    // The last line before the hidden impact block.
    const lines = comment.trimEnd().split('\n');
    expect(lines.pop()).toMatch(/^<!-- policy-replay:impact \{.*\} -->$/);
    expect(lines.filter((line) => line !== '').pop()).toMatch(/job summary/);

    expect(Buffer.byteLength(result.summary, 'utf8')).toBeLessThanOrEqual(1024 * 1024);
    // Fewer rows, not fewer sections: the table says how many it shows of the true total, and the
    // sections after it (rule hits) are still there.
    const shown = /\*\*Changes: showing ([\d,]+) of 1,200\*\*/.exec(comment);
    expect(shown).not.toBeNull();
    const rows = Number(shown![1]!.replace(/,/g, ''));
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(count);
    expect(comment.split('\n').filter((line) => line.includes('| **allow** |'))).toHaveLength(rows);
    expect(comment).toContain('Rule hits');
    expect(comment).not.toContain('Rego diff');
    // The summary the comment points at really holds what the comment left out.
    expect(result.summary).toMatch(/^\| allowed \| (—|0) \| 1,200 \| (—|\+1,200) \|$/m);
    expect(result.summary).toContain('**Changes: showing 1,200 of 1,200**');
    expect(result.summary.split('\n').filter((line) => line.includes('| **allow** |'))).toHaveLength(count);
    expect(unescaped(result.summary)).toContain(
      '<details><summary>Rego diff: policies/gateway.yaml</summary>',
    );
    for (const line of result.summary.split('\n')) {
      if (line.startsWith('|')) expect(line.endsWith('|')).toBe(true);
    }
    // The JSON report keeps every change even though the comment could not.
    expect(result.report!.policies[0]!.report!.result!.changes_total).toBe(count);
  });

  it('8. a crossed threshold fails the step with the reason in the summary', async () => {
    const ws = new GitWorkspace('threshold');
    const records = Array.from({ length: 10 }, (_, i) =>
      toolRecord({ id: `req-${i}`, tool: i < 7 ? 'write_file' : 'read_file', minute: i }),
    );
    const base = ws.commit(
      {
        [POLICY]: READ_ONLY,
        'traffic/gateway.jsonl': jsonl(records),
      },
      'base',
    );
    const head = ws.commit({ [POLICY]: READ_WRITE }, 'allow writes');
    const gh = await fakeGitHub();
    gh.state.addPull(REPOSITORY, {
      number: 16,
      baseSha: base,
      headSha: head,
      files: [{ filename: POLICY, status: 'modified' }],
    });
    const event = pullRequestEvent({ number: 16, baseSha: base, headSha: head });
    const failing = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event,
      inputs: { 'fail-on': 'newly-allowed' },
    });
    expect(failing.code).toBe(1);
    expect(failing.outputs.verdict).toBe('fail');
    expect(failing.outputs['newly-allowed']).toBe('7');
    expect(failing.summary).toContain('**Why it fails**');
    expect(unescaped(failing.summary)).toContain(
      '- 7 requests newly allowed (newly-allowed) — **caused by this pull request**.',
    );
    expect(failing.annotations.filter((a) => a.kind === 'error').map((a) => a.message)).toEqual([
      `policy-replay: ${POLICY}: 7 requests newly allowed (newly-allowed)`,
    ]);

    // The same replay under a rule it does not cross passes.
    const passing = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      event,
      inputs: { 'fail-on': 'newly-denied' },
    });
    expect(passing.code).toBe(0);
    expect(passing.outputs.verdict).toBe('pass');
    expect(passing.summary).not.toContain('Why it fails');
    expect(passing.summary).toMatch(/^## ✅ 7 requests newly allowed — within the gate$/m);
  });

  it('9. markdown, HTML, links, mentions, pipes, backticks and newlines from traffic are inert', async () => {
    const hostile = {
      id: '<img src=x onerror=alert(1)>[link](https://evil.example)',
      subject: '@octocat | pipe | `code` **bold**\n## heading',
      tool: '<script>alert(1)</script>![x](https://evil.example/x.png)',
      id2: 'req`` ` ``\r\n| forged | row |',
      subject2: '<details open><summary>x</summary> www.evil.example @github/security',
      tool2: 'write_file',
    };
    const ws = new GitWorkspace('injection');
    const base = ws.commit(
      {
        [POLICY]: READ_ONLY,
        'traffic/gateway.jsonl': jsonl([
          toolRecord({ id: hostile.id, subject: hostile.subject, tool: hostile.tool, minute: 1 }),
          toolRecord({ id: hostile.id2, subject: hostile.subject2, tool: hostile.tool2, minute: 2 }),
        ]),
      },
      'base',
    );
    // Default allow: every hostile tool becomes a newly allowed change, shown in the table. The
    // fork's policy text is hostile too: its description lands in the Rego diff.
    const hostilePolicy = toolPolicy(
      [{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }],
      'allow',
    ).replace(
      '    effect: allow',
      "    description: '```` </details> <img src=x onerror=alert(1)> @octocat [x](https://evil.example)'\n    effect: allow",
    );
    const head = ws.commit({ [POLICY]: hostilePolicy }, 'default allow');
    const gh = await fakeGitHub();
    gh.state.addPull(REPOSITORY, {
      number: 17,
      baseSha: base,
      headSha: head,
      files: [{ filename: POLICY, status: 'modified' }],
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: ws.dir,
      eventName: 'pull_request',
      // A private repository: redact auto shows subjects, so they must be escaped, not hashed.
      event: pullRequestEvent({ number: 17, baseSha: base, headSha: head, private: true }),
    });
    expect(result.outputs['changes-total']).toBe('2');
    const comment = gh.state.comments(REPOSITORY, 17)[0]!.body;
    for (const text of [comment, result.summary]) {
      const table = text.split('\n').filter((line) => line.startsWith('| ') && /\*\*allow\*\*/.test(line));
      expect(table).toHaveLength(2);
      for (const row of table) {
        // Exactly 9 unescaped pipes: 8 cells, nothing forged.
        expect(row.match(/(?<!\\)\|/g)).toHaveLength(9);
        expect(row).not.toMatch(/<(?!\/?(b|strong)>)[a-z]/i);
        expect(row).not.toMatch(/\]\(/);
        expect(row).not.toMatch(/(?<![\\\u200b])@(octocat|github)/);
        expect(row).not.toMatch(/https:\/\/evil/);
        expect(row).not.toMatch(/www\.evil/);
        expect(row).not.toMatch(/(?<!\\)`/);
        expect(row).not.toMatch(/(?<!\\)\*\*bold/);
      }
      // The Rego diff (the summary's only) is one fenced block that its content cannot close.
      const fence = /^(`{3,})diff\n([\s\S]*?)\n\1$/m.exec(text);
      expect(fence !== null).toBe(text === result.summary);
      if (fence !== null) {
        expect(fence[2]).toContain('<img src=x onerror=alert(1)>');
        expect(fence[2]).not.toContain(fence[1]);
      }
      // Outside code, nothing from the traffic or the policy opened HTML anywhere: the only
      // <details> are the renderer's own (open in the summary), each closed.
      const prose = fence === null ? text : text.replace(fence[0], '');
      expect(prose).not.toMatch(/<img|<script|<details open><summary>x/i);
      expect(prose.split(/<details(?: open)?><summary>/).length).toBe(prose.split('</details>').length);
      expect(prose.split('<details').length).toBe(prose.split('</details>').length);
      expect(text).not.toMatch(/^## heading/m);
      expect(text).not.toMatch(/^\| forged/m);
      // Values are still there, readable.
      expect(text).toContain('octocat');
      expect(text).toContain('onerror');
    }
  });

  it('9b. tool names in annotations cannot issue workflow commands or break the annotation', async () => {
    const forged = 'evil\n::error file=policies/gateway.yaml,line=1::forged\r\n##[error]forged 100%0A:,';
    const ws = new GitWorkspace('annotation-injection');
    const base = ws.commit(
      {
        [POLICY]: READ_ONLY,
        'traffic/gateway.jsonl': jsonl([
          toolRecord({ id: 'req-1', tool: forged, minute: 1 }),
          toolRecord({ id: 'req-2', tool: 'read_file', minute: 2 }),
        ]),
      },
      'base',
    );
    const head = ws.commit(
      { [POLICY]: toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }], 'allow') },
      'default allow',
    );
    const gh = await fakeGitHub();
    const result = await runPullRequest(gh, ws, {
      number: 18,
      baseSha: base,
      headSha: head,
      files: modified(POLICY),
    });
    expect(result.outputs['newly-allowed']).toBe('1');
    // Exactly the commands the Action means: the default_effect warning and the gate's error.
    const commands = result.stdout.split(/\r?\n/).filter((line) => /^\s*::/.test(line));
    expect(commands.map((c) => /^::(\w+)/.exec(c)![1])).toEqual(['warning', 'error']);
    expect(result.stdout).not.toContain('##[');
    const warnings = result.annotations.filter((a) => a.kind === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.properties).toMatchObject({ file: POLICY, line: '1' });
    expect(warnings[0]!.message).toMatch(
      /^default_effect \(deny → allow\): newly allows 1 request from 1 subject — tools\/call evil/,
    );
    expect(warnings[0]!.message).not.toMatch(/[\r\n]/);
    expect(warnings[0]!.message).toContain('100%0A:,');
  });

  it('10. a PR with no policy change passes quickly with a one-line summary, no comment and no OPA', async () => {
    const ws = new GitWorkspace('nochange');
    const base = ws.commit({ [POLICY]: EXAMPLE_BASE_POLICY, 'README.md': '# hi\n' }, 'base');
    const head = ws.commit({ 'README.md': '# hello\n', 'docs/x.md': 'x\n' }, 'docs only');
    const gh = await fakeGitHub();
    const result = await runPullRequest(
      gh,
      ws,
      {
        number: 18,
        baseSha: base,
        headSha: head,
        files: [
          { filename: 'README.md', status: 'modified' },
          { filename: 'docs/x.md', status: 'added' },
          // Matches no policy glob even though it sits in policies/.
          { filename: 'policies/NOTES.md', status: 'added' },
        ],
      },
      { inputs: { 'opa-path': '/nonexistent/opa', 'opa-download-url': 'http://127.0.0.1:9/never' } },
    );
    expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
      code: 0,
      log: '',
    });
    expect(result.summary.trim().split('\n')).toHaveLength(1);
    expect(result.summary).toMatch(/nothing to replay/);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.outputs['changes-total']).toBe('0');
    expect(result.outputs.evaluated).toBe('0');
    expect(existsSync(result.outputs.report!)).toBe(true);
    expect(commentWrites(gh)).toEqual([]);
    expect(gh.requests.filter((r) => COMMENTS.test(r.route))).toEqual([]);
  });

  it("cap: past the API's 3000-file cap the policy is still found, through git", async () => {
    const gh = await fakeGitHub();
    const filler = Array.from({ length: 3000 }, (_, i) => ({
      filename: `generated/file-${String(i).padStart(4, '0')}.txt`,
      status: 'added' as const,
    }));
    gh.state.addPull(REPOSITORY, {
      number: 20,
      baseSha: tightened.base,
      headSha: tightened.head,
      // The policy sorts after 3000 other files: the listing API never returns it.
      files: [...filler, { filename: POLICY, status: 'modified' }],
      changedFiles: 3001,
    });
    const result = await runAction({
      apiUrl: gh.url,
      workspace: tightened.ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 20, baseSha: tightened.base, headSha: tightened.head }),
    });
    expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
      code: 0,
      log: '',
    });
    expect(result.report!.policies.map((p) => p.path)).toEqual([POLICY]);
    expect(result.outputs.evaluated).toBe('300');
    expect(gh.state.comments(REPOSITORY, 20)).toHaveLength(1);
  });

  it('cap: past the cap without the commits in the checkout, the run fails closed with a clear message', async () => {
    const gh = await fakeGitHub();
    const ws = new GitWorkspace('shallow');
    ws.commit({ 'README.md': 'unrelated history\n' }, 'not the PR');
    const result = await runPullRequest(gh, ws, {
      number: 21,
      baseSha: tightened.base,
      headSha: tightened.head,
      files: Array.from({ length: 3001 }, (_, i) => ({ filename: `f/${i}.txt`, status: 'added' as const })),
    });
    expect(result.code).toBe(1);
    const errors = result.annotations.filter((a) => a.kind === 'error').map((a) => a.message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/3001 files/);
    expect(errors[0]).toMatch(/fetch-depth: 0/);
    expect(gh.requests.filter((r) => /comments/.test(r.route))).toEqual([]);
  });

  it('11. a GitHub Enterprise API URL (/api/v3) is honoured for every call', async () => {
    const gh = await fakeGitHub({ prefix: '/api/v3' });
    gh.state.addPull(REPOSITORY, {
      number: 19,
      baseSha: tightened.base,
      headSha: tightened.head,
      files: [{ filename: POLICY, status: 'modified' }],
    });
    expect(gh.url).toMatch(/\/api\/v3$/);
    const result = await runAction({
      apiUrl: gh.url,
      workspace: tightened.ws.dir,
      eventName: 'pull_request',
      event: pullRequestEvent({ number: 19, baseSha: tightened.base, headSha: tightened.head }),
    });
    expect({ code: result.code, log: result.code === 0 ? '' : describeRun(result) }).toEqual({
      code: 0,
      log: '',
    });
    expect(gh.requests.length).toBeGreaterThan(2);
    for (const request of gh.requests) expect(request.path.startsWith('/api/v3/')).toBe(true);
    expect(gh.requests.filter((r) => r.status === 404)).toEqual([]);
    expect(gh.state.comments(REPOSITORY, 19)).toHaveLength(1);
  });
});
