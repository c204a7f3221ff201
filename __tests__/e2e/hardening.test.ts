/**
 * Regression tests from the security review of the Action, run like the other end-to-end suites:
 * the committed dist/index.js as a child process, a fake GitHub API on 127.0.0.1 (GitHub cannot
 * exist here), and a real git repository.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type FakeGitHub } from '../support/fakeGithub.js';
import { READ_ONLY, READ_WRITE, modified, runPullRequest, suiteFakeGitHub } from './fixtures.js';
import { HOSTILE, injectedCommands } from '../support/runnerCommands.js';
import {
  EXAMPLE_MANIFESTS_DIR,
  GitWorkspace,
  REPOSITORY,
  jsonl,
  runAction,
  scratchDir,
  toolRecord,
  type ActionResult,
} from './harness.js';

const fakeGitHub = suiteFakeGitHub();

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
    const result = await runPullRequest(gh, ws, {
      number: 3,
      baseSha: base,
      headSha: head,
      files: [
        { filename: evil, status: 'added' },
        { filename: GATEWAY, status: 'modified' },
      ],
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
    const result = await runPullRequest(gh, ws, {
      number: 4,
      baseSha: base,
      headSha: head,
      files: [
        { filename: GATEWAY, status: 'modified' },
        { filename: '.policy-replay.yml', status: 'added' },
        { filename: 'docs/harmless.jsonl', status: 'added' },
      ],
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
    const result = await runPullRequest(
      gh,
      ws,
      { number: 5, baseSha: base, headSha: head, files: modified(GATEWAY) },
      { inputs: { 'fail-on': 'invalid-policy' } },
    );
    expect(result.code).toBe(0);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.stdout.split('\n').some((l) => l.startsWith('::error'))).toBe(false);
    expect(result.summary).toContain('The base version is invalid');
    // Every scoreable record is compared against `unknown`.
    expect(result.outputs['changes-total']).toBe('2');
  });

  it('an invalid head fails a gate that judges traffic even when fail-on omits invalid-policy', async () => {
    const { result } = await pullRequest(
      'invalid-head',
      { [GATEWAY]: READ_ONLY, 'traffic/gw.jsonl': TRAFFIC },
      { [GATEWAY]: 'default_effect: deny\nrules:\n  - id: x\n    efect: allow\n' },
      { inputs: { 'fail-on': 'newly-allowed' } },
    );
    expect(result.code).toBe(1);
    expect(result.outputs.verdict).toBe('fail');
    expect(result.report?.failed.map((f) => f.reason)).toEqual([
      `${GATEWAY}: the policy is invalid (invalid-policy, implied by newly-allowed)`,
    ]);
  });

  it('an invalid manifest is graded unreplayable for gating: the default blocking-gaps fails', async () => {
    const manifest = { schema: 'replay-runtime/v2', id: 't1', bogus: 1 };
    const { result } = await pullRequest(
      'invalid-manifest',
      {
        [GATEWAY]: READ_WRITE,
        'traffic/gw.jsonl': TRAFFIC,
        'traffic/gw.manifests/turn-1.json': JSON.stringify(manifest),
      },
      { [GATEWAY]: READ_ONLY },
    );
    expect(result.outputs.fidelity).toBe('unreplayable');
    expect(result.outputs.verdict).toBe('fail');
    expect(result.code).toBe(1);
    expect(result.report?.failed.map((f) => f.reason)).toEqual([
      `${GATEWAY}: 1 manifest is invalid (unreplayable) (blocking-gaps)`,
    ]);
    // The log says where the problem is (the report only counts invalid manifests).
    expect(result.stdout).toMatch(
      /policies\/gw\.yaml: invalid manifest traffic\/gw\.manifests\/turn-1\.json:1:\d+: bogus: unknown key/,
    );
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
    const result = await runPullRequest(
      gh,
      ws,
      {
        number: 6,
        baseSha: base,
        headSha: head,
        files: [
          { filename: 'policies/open.yaml', status: 'renamed', previous_filename: 'drafts/open.yaml' },
          { filename: 'archive/gone.yaml', status: 'renamed', previous_filename: 'policies/gone.yaml' },
        ],
      },
      { inputs: { 'fail-on': 'changes' } },
    );
    const statuses = result.report!.policies.map((p) => [p.path, p.status]);
    expect(statuses).toEqual([
      ['policies/gone.yaml', 'removed'],
      ['policies/open.yaml', 'added'],
    ]);
    expect(result.code).toBe(1);
  });
});

/** One PR (number 20) from `base` to `head` files; the fake API lists exactly `changed`. */
async function pullRequest(
  name: string,
  baseFiles: Record<string, string | null>,
  headFiles: Record<string, string | null>,
  options: {
    changed?: {
      filename: string;
      status: 'added' | 'modified' | 'removed' | 'renamed';
      previous_filename?: string;
    }[];
    inputs?: Record<string, string>;
    env?: Record<string, string>;
    untracked?: Record<string, string>;
  } = {},
): Promise<{ result: ActionResult; gh: FakeGitHub }> {
  const gh = await fakeGitHub();
  const ws = new GitWorkspace(name);
  const base = ws.commit(baseFiles, 'base');
  const head = ws.commit(headFiles, 'head');
  for (const [path, content] of Object.entries(options.untracked ?? {})) ws.write(path, content);
  const changed =
    options.changed ??
    Object.entries(headFiles).map(([filename, content]) => ({
      filename,
      status:
        content === null
          ? ('removed' as const)
          : filename in baseFiles
            ? ('modified' as const)
            : ('added' as const),
    }));
  const result = await runPullRequest(
    gh,
    ws,
    { number: 20, baseSha: base, headSha: head, files: changed },
    { ...(options.inputs ? { inputs: options.inputs } : {}), ...(options.env ? { env: options.env } : {}) },
  );
  return { result, gh };
}

const rules = (result: ActionResult) => result.report!.failed.map((f) => [f.rule, f.policy]);

describe('the evidence that gates a pull request is not chosen by it', () => {
  const REAL = gzipSync(TRAFFIC) as unknown as string;

  it('an empty traffic/<name>.jsonl added beside the real .jsonl.gz fails closed, even with fail-on: none', async () => {
    const { result } = await pullRequest(
      'shadow',
      { [GATEWAY]: READ_ONLY, 'traffic/gw.jsonl.gz': REAL },
      { [GATEWAY]: READ_WRITE, 'traffic/gw.jsonl': '' },
      { inputs: { 'fail-on': 'none' } },
    );
    expect(result.code).toBe(1);
    expect(result.outputs.verdict).toBe('fail');
    expect(rules(result)).toEqual([
      ['untrusted-evidence', GATEWAY],
      ['ambiguous-sample', GATEWAY],
    ]);
    expect(result.outputs.evaluated).toBe('0');
    expect(result.annotations).toContainEqual(
      expect.objectContaining({
        kind: 'error',
        properties: expect.objectContaining({
          file: 'traffic/gw.jsonl',
          title: 'policy-replay: untrusted-evidence',
        }),
      }),
    );
    expect(result.summary).toContain('**Not judged**');
  });

  it('the same change with the real sample, untouched, is judged: newly allowed fails', async () => {
    const { result } = await pullRequest(
      'real',
      { [GATEWAY]: READ_ONLY, 'traffic/gw.jsonl.gz': REAL },
      { [GATEWAY]: READ_WRITE },
    );
    expect(result.outputs['newly-allowed']).toBe('1');
    // The sample holds one call of the newly allowed tool, not every kind the edit allows.
    expect(rules(result)).toEqual([
      ['newly-allowed', GATEWAY],
      ['uncovered-newly-allowed', GATEWAY],
    ]);
  });

  it('editing the sample, deleting it, renaming a file onto it or changing a manifest fails closed', async () => {
    const manifest = readFileSync(join(EXAMPLE_MANIFESTS_DIR, 'turn-0000.json'), 'utf8');
    const base = {
      [GATEWAY]: READ_ONLY,
      'traffic/gw.jsonl': TRAFFIC,
      'traffic/gw.manifests/turn-0000.json': manifest,
      'docs/x.jsonl': TRAFFIC,
    };
    const cases: [string, Record<string, string | null>, Parameters<typeof pullRequest>[3]][] = [
      [
        'edit',
        { [GATEWAY]: READ_WRITE, 'traffic/gw.jsonl': jsonl([toolRecord({ id: 'x', tool: 'read_file' })]) },
        {},
      ],
      ['delete', { [GATEWAY]: READ_WRITE, 'traffic/gw.jsonl': null }, {}],
      ['manifest', { [GATEWAY]: READ_WRITE, 'traffic/gw.manifests/turn-0000.json': '{}' }, {}],
      [
        'rename',
        { [GATEWAY]: READ_WRITE, 'docs/x.jsonl': null, 'traffic/gw.jsonl.gz': REAL },
        {
          changed: [
            { filename: GATEWAY, status: 'modified' },
            { filename: 'traffic/gw.jsonl.gz', status: 'renamed', previous_filename: 'docs/x.jsonl' },
          ],
        },
      ],
    ];
    for (const [name, head, options] of cases) {
      const { result } = await pullRequest(`evidence-${name}`, base, head, {
        ...options,
        inputs: { 'fail-on': 'none' },
      });
      expect(result.code).toBe(1);
      expect(rules(result)).toContainEqual(['untrusted-evidence', GATEWAY]);
    }
  });

  it('the traffic input and the base branch mapping are guarded the same way', async () => {
    const mapping = `policies:\n  ${GATEWAY}:\n    traffic: samples/gw-2026.jsonl\n`;
    const { result: mapped } = await pullRequest(
      'mapped',
      { [GATEWAY]: READ_ONLY, '.policy-replay.yml': mapping, 'samples/gw-2026.jsonl': TRAFFIC },
      { [GATEWAY]: READ_WRITE, 'samples/gw-2026.jsonl': '' },
      { inputs: { 'fail-on': 'none' } },
    );
    expect(rules(mapped)).toEqual([['untrusted-evidence', GATEWAY]]);
    const { result: templated } = await pullRequest(
      'templated',
      { [GATEWAY]: READ_ONLY, 'samples/gw.jsonl': TRAFFIC },
      { [GATEWAY]: READ_WRITE, 'samples/gw.jsonl': '' },
      { inputs: { 'fail-on': 'none', traffic: 'samples/{name}.jsonl' } },
    );
    expect(rules(templated)).toEqual([['untrusted-evidence', GATEWAY]]);
  });

  it('a sample downloaded into $RUNNER_TEMP by an earlier step is judged, whatever the PR adds', async () => {
    const temp = scratchDir('runner-temp');
    mkdirSync(join(temp, 'samples'));
    writeFileSync(join(temp, 'samples/gw.jsonl.gz'), gzipSync(TRAFFIC));
    const { result } = await pullRequest(
      'runner-temp',
      { [GATEWAY]: READ_ONLY },
      { [GATEWAY]: READ_WRITE, 'traffic/gw.jsonl': '' },
      { inputs: { traffic: `${temp}/samples/{name}.jsonl.gz` }, env: { RUNNER_TEMP: temp } },
    );
    expect(result.outputs['newly-allowed']).toBe('1');
    // The sample holds one call of the newly allowed tool, not every kind the edit allows.
    expect(rules(result)).toEqual([
      ['newly-allowed', GATEWAY],
      ['uncovered-newly-allowed', GATEWAY],
    ]);
  });

  it('two samples for one policy in the base branch are ambiguous: fail closed', async () => {
    const { result } = await pullRequest(
      'ambiguous',
      { [GATEWAY]: READ_ONLY, 'traffic/gw.jsonl': TRAFFIC, 'traffic/gw.json': '[]' },
      { [GATEWAY]: READ_WRITE },
      { inputs: { 'fail-on': 'none' } },
    );
    expect(rules(result)).toEqual([['ambiguous-sample', GATEWAY]]);
  });

  it('a sample that replays 0 records cannot pass the default gate', async () => {
    const { result } = await pullRequest(
      'zero',
      { [GATEWAY]: READ_ONLY, 'traffic/gw.jsonl': '\n' },
      { [GATEWAY]: READ_WRITE },
    );
    expect(result.code).toBe(1);
    expect(result.report!.failed).toEqual([
      {
        rule: 'uncovered-newly-allowed',
        reason: `${GATEWAY}: 2 kinds of request newly allowed that the sample never contained (uncovered-newly-allowed)`,
        policy: GATEWAY,
      },
      {
        rule: 'no-traffic',
        reason: `${GATEWAY}: the sample replayed no record (no-traffic, implied by newly-allowed)`,
        policy: GATEWAY,
      },
    ]);
  });
});

describe('one bad policy does not stop the others', () => {
  it("an alias bomb, a description of 100,000 backtick runs, a 5,000-deep record and an unreadable sample are each one policy's error", async () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      bomb.push(
        `${'abcdefghi'[i]}: &${'abcdefghi'[i]} [${Array(9)
          .fill(`*${'abcdefghi'[i - 1]}`)
          .join(', ')}]`,
      );
    bomb.push('default_effect: deny', 'rules: []');
    const ticks = `default_effect: deny\nrules:\n  - id: r\n    description: "${'` '.repeat(100_000)}"\n    effect: allow\n    conditions:\n      - field: tool\n        operator: in\n        values: [read_file]\n`;
    const deep = `{"request_id":"deep","input":{"request":{"mcp":{"calls":[{"method":"tools/call","tool":${'['.repeat(5000)}"x"${']'.repeat(5000)}}]}}}}`;
    const { result, gh } = await pullRequest(
      'isolation',
      {
        'policies/ticks.yaml': READ_ONLY,
        'policies/deep.yaml': READ_ONLY,
        'policies/broken.yaml': READ_ONLY,
        'traffic/ticks.jsonl': TRAFFIC,
        'traffic/deep.jsonl': jsonl([...TRAFFIC.trim().split('\n'), deep]),
        'traffic/broken.jsonl.gz': 'this is not gzip',
      },
      {
        'policies/bomb.yaml': `${bomb.join('\n')}\n`,
        'policies/ticks.yaml': ticks,
        'policies/deep.yaml': READ_WRITE,
        'policies/broken.yaml': READ_WRITE,
      },
      { inputs: { 'fail-on': 'invalid-policy' } },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const byPath = Object.fromEntries(result.report!.policies.map((p) => [p.path, p]));
    expect(byPath['policies/bomb.yaml']!.errors[0]!.message).toMatch(/too many YAML alias expansions/);
    expect(byPath['policies/ticks.yaml']!.report!.result!.evaluated).toBe(2);
    expect(byPath['policies/deep.yaml']!.report!.result!.evaluated).toBe(2);
    expect(
      (
        byPath['policies/deep.yaml']!.report!.result as unknown as {
          malformed: { examples: { line: number; reason: string }[] };
        }
      ).malformed.examples,
    ).toEqual([
      { line: 3, reason: 'nested deeper than 64 levels of arrays and objects (the limit for a record)' },
    ]);
    expect(
      (byPath['policies/broken.yaml'] as unknown as { blockers: { rule: string; message: string }[] })
        .blockers,
    ).toEqual([
      expect.objectContaining({
        rule: 'replay-failed',
        message: expect.stringMatching(/not a valid gzip file/),
      }),
    ]);
    expect(rules(result)).toEqual([
      ['invalid-policy', 'policies/bomb.yaml'],
      ['replay-failed', 'policies/broken.yaml'],
    ]);
    // Every policy has its section in the summary and in the one comment.
    const comment = gh.state.comments(REPOSITORY, 20)[0]!.body;
    for (const path of ['bomb', 'ticks', 'deep', 'broken']) {
      expect(result.summary).toContain(`policies/${path}.yaml`);
      expect(comment).toContain(`policies/${path}.yaml`);
    }
  });
});

describe('no workflow command from hostile text in the Action log', () => {
  it('traffic values, an unknown policy key and a policy file name', async () => {
    const evil = `policies/${HOSTILE.newline}${HOSTILE.v1}.yaml`;
    const record = (id: string, p: string) =>
      JSON.stringify({
        request_id: id,
        input: {
          request: { mcp: { calls: [{ method: p, tool: p }] } },
          identity: { verified: true, subject: p },
        },
      });
    const keyed = `${READ_WRITE}${Object.values(HOSTILE)
      .map((p) => `${JSON.stringify(p)}: 1`)
      .join('\n')}\n`;
    const { result } = await pullRequest(
      'commands',
      {
        [GATEWAY]: READ_ONLY,
        'traffic/gw.jsonl': jsonl(Object.values(HOSTILE).map((p, i) => record(`${p}-${i}`, p))),
      },
      { [GATEWAY]: keyed, [evil]: READ_WRITE },
    );
    expect(result.code).toBe(1);
    expect(injectedCommands(result.stdout)).toEqual([]);
    expect(injectedCommands(result.stderr)).toEqual([]);
    // The problems are still annotated, at the file.
    expect(result.annotations.some((a) => a.kind === 'error' && a.properties.file === GATEWAY)).toBe(true);
  }, 120_000);
});

describe('the event payload', () => {
  for (const [name, payload] of [
    ['not JSON', '{"pull_request": '],
    ['null', 'null'],
    ['an array', '[]'],
  ] as const) {
    it(`${name}: a clear ::error, exit 1, no stack trace`, async () => {
      const gh = await fakeGitHub();
      const ws = new GitWorkspace('event');
      const sha = ws.commit({ [GATEWAY]: READ_ONLY }, 'base');
      const eventFile = join(scratchDir('event'), 'event.json');
      writeFileSync(eventFile, payload);
      const result = await runAction({
        apiUrl: gh.url,
        workspace: ws.dir,
        eventName: 'pull_request',
        event: {},
        env: { GITHUB_EVENT_PATH: eventFile },
        sha,
      });
      expect(result.code).toBe(1);
      expect(result.annotations).toEqual([
        {
          kind: 'error',
          properties: {},
          message: expect.stringMatching(new RegExp(`^policy-replay: the event payload ${eventFile} `)),
        },
      ]);
      expect(result.stderr).toBe('');
      expect(gh.requests).toHaveLength(0);
    });
  }
});
