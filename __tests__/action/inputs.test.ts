import { describe, it, expect, afterEach } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS, INPUT_NAMES, InputError, type RepositoryVisibility } from '../../src/action/settings.js';
import { expandPathTemplate, policyMatcher, splitList } from '../../src/action/inputPaths.js';
import { parseSettings, readSettings } from '../../src/action/inputs.js';
import { repositoryVisibility, resolveMode, resolveRedact } from '../../src/action/inputValues.js';
import { parseFailOn } from '../../src/gate/failOn.js';

const TOKEN = 'ghs_test';

function reader(values: Record<string, string>): (name: string) => string {
  return (name) => values[name] ?? '';
}

function parse(values: Record<string, string>, visibility: RepositoryVisibility | null = 'private') {
  return parseSettings(reader({ 'github-token': TOKEN, ...values }), { visibility });
}

/** The InputError a bad value raises. */
function errorOf(values: Record<string, string>): InputError {
  try {
    parse(values);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`expected an InputError for ${JSON.stringify(values)}`);
}

describe('parseSettings defaults', () => {
  it('fills every unset input with its default', () => {
    expect(parse({})).toEqual({
      githubToken: TOKEN,
      policies: ['policies/**/*.{json,yaml,yml}'],
      traffic: null,
      manifests: null,
      decisionPath: null,
      engineDownloadUrl: null,
      enginePath: null,
      decisionField: null,
      bundle: null,
      manifestIdField: null,
      maxChanges: 20,
      maxGroups: 50,
      failOn: [
        { kind: 'invalid-policy' },
        { kind: 'newly-allowed' },
        { kind: 'uncovered-newly-allowed' },
        { kind: 'blocking-gaps' },
      ],
      comment: 'update',
      redact: 'auto',
      redactSubjects: false,
      opaVersion: '1.22.3',
      opaPath: null,
      opaSha256: null,
      opaDownloadUrl: 'https://github.com/open-policy-agent/opa/releases/download',
      mode: 'auto',
      unevaluable: 'precise',
      coverageShape: 'mcp',
      tokenLogin: null,
      limits: {
        maxLineBytes: 1 << 20,
        maxPolicyBytes: 1 << 20,
        maxPolicyValues: 25_000,
        compileTimeoutMs: 60_000,
      },
      commentId: null,
      commentFile: null,
      pullRequestFile: null,
      statusContext: 'policy-replay',
      acceptPermission: 'maintain',
      acceptUsers: [],
    });
  });

  it('coverage-shape: mcp or any, case-insensitive; anything else is an InputError', () => {
    expect(parse({ 'coverage-shape': 'ANY' }).coverageShape).toBe('any');
    expect(() => parse({ 'coverage-shape': 'gateway' })).toThrow(/coverage-shape/);
  });

  it('limits: name=value items over the defaults; a bad one is an InputError quoting it', () => {
    expect(parse({ limits: 'max-line-bytes=8MiB\ncompile-timeout=120s' }).limits).toEqual({
      maxLineBytes: 8 << 20,
      maxPolicyBytes: 1 << 20,
      maxPolicyValues: 25_000,
      compileTimeoutMs: 120_000,
    });
    expect(() => parse({ limits: 'max-line-bytes=huge' })).toThrow(
      "Invalid max-line-bytes 'huge'. Expected a size in bytes from 1024 to 512MiB, e.g. 4MiB, 512KiB or 1048576.",
    );
    expect(() => parse({ limits: 'lines=3' })).toThrow(/Unknown limit 'lines'/);
  });

  it('reads every input it declares, and nothing else', () => {
    const asked: string[] = [];
    parseSettings(
      (name) => {
        asked.push(name);
        return name === 'github-token' ? TOKEN : '';
      },
      { visibility: null },
    );
    expect([...new Set(asked)].sort()).toEqual([...INPUT_NAMES].sort());
  });

  it('trims values', () => {
    expect(parse({ 'max-changes': '  7 \n', comment: ' off ' })).toMatchObject({
      maxChanges: 7,
      comment: 'off',
    });
  });
});

describe('github-token', () => {
  it('is required', () => {
    const err = (() => {
      try {
        parseSettings(reader({}), { visibility: null });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).input).toBe('github-token');
    expect((err as Error).message).toMatch(/^Missing github-token\./);
  });
});

describe('policies', () => {
  it('splits on newlines and on commas outside braces', () => {
    expect(parse({ policies: 'a/*.yaml, b/**/*.{json,yml}\nc/x.json\n\n# comment\n' }).policies).toEqual([
      'a/*.yaml',
      'b/**/*.{json,yml}',
      'c/x.json',
    ]);
  });

  it('keeps ! exclusions, strips ./ and drops duplicates', () => {
    expect(parse({ policies: './p/*.yaml\n!p/draft-*.yaml\np/*.yaml' }).policies).toEqual([
      'p/*.yaml',
      '!p/draft-*.yaml',
    ]);
  });

  it.each([
    [
      '/etc/*.yaml',
      "Invalid policies pattern '/etc/*.yaml'. Expected a glob relative to the repository root, e.g. policies/**/*.{json,yaml,yml}.",
    ],
    [
      '../x/*.yaml',
      "Invalid policies pattern '../x/*.yaml'. Expected a glob relative to the repository root, e.g. policies/**/*.{json,yaml,yml}.",
    ],
    ['p/*.{json,yaml', "Invalid policies pattern 'p/*.{json,yaml'. Its braces or brackets are unbalanced."],
    [
      '!p/a.yaml',
      "Invalid policies '!p/a.yaml'. Expected at least one pattern that selects files (not only '!' exclusions).",
    ],
    [
      '!',
      "Invalid policies pattern '!'. Expected a glob relative to the repository root, e.g. policies/**/*.{json,yaml,yml}.",
    ],
  ])('rejects %s', (value, message) => {
    const err = errorOf({ policies: value });
    expect(err.input).toBe('policies');
    expect(err.message).toBe(message);
  });
});

describe('policyMatcher', () => {
  it('matches the default glob at any depth, dotfiles included', () => {
    const match = policyMatcher([DEFAULTS.policies]);
    expect(match('policies/acme.yaml')).toBe(true);
    expect(match('policies/team/a.json')).toBe(true);
    expect(match('policies/.hidden/a.yml')).toBe(true);
    expect(match('policies/acme.txt')).toBe(false);
    expect(match('other/acme.yaml')).toBe(false);
    expect(match('./policies/acme.yaml')).toBe(true);
  });

  it('applies ! exclusions after inclusions', () => {
    const match = policyMatcher(['policies/*.yaml', '!policies/draft-*.yaml']);
    expect(match('policies/a.yaml')).toBe(true);
    expect(match('policies/draft-a.yaml')).toBe(false);
  });
});

describe('traffic and manifests templates', () => {
  it('accepts placeholders and plain paths', () => {
    const s = parse({ traffic: 'exports/{dir}/{name}.jsonl.gz', manifests: '/tmp/manifests/{path}' });
    expect(s.traffic).toBe('exports/{dir}/{name}.jsonl.gz');
    expect(s.manifests).toBe('/tmp/manifests/{path}');
    expect(parse({ traffic: 'traffic/all.jsonl' }).traffic).toBe('traffic/all.jsonl');
  });

  it.each([
    [
      'traffic',
      'traffic/{stem}.jsonl',
      "Invalid traffic 'traffic/{stem}.jsonl'. Unknown placeholder '{stem}'; expected {name}, {dir} or {path}.",
    ],
    [
      'manifests',
      'm/{name',
      "Invalid manifests 'm/{name'. Braces may only surround a placeholder: {name}, {dir} or {path}.",
    ],
    [
      'traffic',
      't/{a,b}.jsonl',
      "Invalid traffic 't/{a,b}.jsonl'. Braces may only surround a placeholder: {name}, {dir} or {path}.",
    ],
  ])('rejects %s %s', (input, value, message) => {
    const err = errorOf({ [input]: value });
    expect(err.input).toBe(input);
    expect(err.message).toBe(message);
  });

  it('expands {name}, {dir} and {path}', () => {
    expect(expandPathTemplate('traffic/{name}.jsonl', 'policies/acme.yaml')).toBe('traffic/acme.jsonl');
    expect(expandPathTemplate('{dir}/{name}.m', 'policies/team/acme.v2.yaml')).toBe(
      'policies/team/acme.v2.m',
    );
    expect(expandPathTemplate('t/{path}.jsonl', 'policies/team/acme.yaml')).toBe(
      't/policies/team/acme.jsonl',
    );
    expect(expandPathTemplate('{dir}|{name}|{path}', 'root.json')).toBe('.|root|root');
    expect(expandPathTemplate('t/{name}', 'policies/.hidden')).toBe('t/.hidden');
  });
});

describe('max-changes', () => {
  it('accepts whole numbers from 0', () => {
    expect(parse({ 'max-changes': '0' }).maxChanges).toBe(0);
    expect(parse({ 'max-changes': '500' }).maxChanges).toBe(500);
  });

  it.each(['abc', '-1', '1.5', '1e3', '0x10', '99999999999999999999', '+3'])('rejects %s', (value) => {
    const err = errorOf({ 'max-changes': value });
    expect(err.input).toBe('max-changes');
    expect(err.value).toBe(value);
    expect(err.message).toBe(`Invalid max-changes '${value}'. Expected a whole number ≥ 0.`);
  });
});

describe('max-groups', () => {
  it('defaults to 50 and accepts whole numbers from 0', () => {
    expect(parse({}).maxGroups).toBe(50);
    expect(parse({ 'max-groups': '0' }).maxGroups).toBe(0);
    expect(parse({ 'max-groups': ' 7 ' }).maxGroups).toBe(7);
  });

  it.each(['abc', '-1', '1.5', '+3'])('rejects %s, naming the input', (value) => {
    const err = errorOf({ 'max-groups': value });
    expect(err.input).toBe('max-groups');
    expect(err.message).toBe(`Invalid max-groups '${value}'. Expected a whole number ≥ 0.`);
  });
});

describe('fail-on', () => {
  it('parses every rule', () => {
    expect(
      parseFailOn(
        'invalid-policy,newly-allowed,newly-denied,changes,blocking-gaps,malformed,no-traffic,drift,unevaluable>5%,fidelity<exact',
      ),
    ).toEqual([
      { kind: 'invalid-policy' },
      { kind: 'newly-allowed' },
      { kind: 'newly-denied' },
      { kind: 'changes' },
      { kind: 'blocking-gaps' },
      { kind: 'malformed' },
      { kind: 'no-traffic' },
      { kind: 'drift' },
      { kind: 'unevaluable', percent: 5 },
      { kind: 'fidelity', below: 'exact' },
    ]);
  });

  it('accepts newlines, spaces around operators, any case, decimals, and drops duplicates', () => {
    expect(parseFailOn('Changes\n unevaluable > 2.5 % \nFIDELITY < partial\nchanges')).toEqual([
      { kind: 'changes' },
      { kind: 'unevaluable', percent: 2.5 },
      { kind: 'fidelity', below: 'partial' },
    ]);
  });

  it('accepts the bounds 0% and 100%', () => {
    expect(parseFailOn('unevaluable>0%,unevaluable>100%')).toEqual([
      { kind: 'unevaluable', percent: 0 },
      { kind: 'unevaluable', percent: 100 },
    ]);
  });

  it('none means no rules', () => {
    expect(parse({ 'fail-on': 'none' }).failOn).toEqual([]);
    expect(parse({ 'fail-on': 'NONE' }).failOn).toEqual([]);
  });

  it('an empty list means the default', () => {
    expect(parseFailOn(' , ')).toEqual(parseFailOn(''));
  });

  const help =
    'Expected a comma-separated list of: invalid-policy, newly-allowed, uncovered-newly-allowed, newly-denied, changes, newly-unevaluable, blocking-gaps, malformed, no-traffic, drift, result-changed, unevaluable>N% (N from 0 to 100), fidelity<LEVEL (LEVEL one of exact, controlled, partial), or none.';
  const unevaluableHelp =
    'Expected unevaluable>N% with N a number from 0 to 100 (up to 4 decimals), e.g. unevaluable>5%.';
  it.each([
    ['newly-allowed,bogus', `Invalid fail-on rule 'bogus'. ${help}`],
    ['newly_allowed', `Invalid fail-on rule 'newly_allowed'. ${help}`],
    ['unevaluable>150%', `Invalid fail-on rule 'unevaluable>150%'. ${unevaluableHelp}`],
    ['unevaluable>5', `Invalid fail-on rule 'unevaluable>5'. ${unevaluableHelp}`],
    ['unevaluable>-1%', `Invalid fail-on rule 'unevaluable>-1%'. ${unevaluableHelp}`],
    ['unevaluable>abc%', `Invalid fail-on rule 'unevaluable>abc%'. ${unevaluableHelp}`],
    ['unevaluable>1.23456%', `Invalid fail-on rule 'unevaluable>1.23456%'. ${unevaluableHelp}`],
    ['unevaluable<5%', `Invalid fail-on rule 'unevaluable<5%'. ${help}`],
    [
      'fidelity<great',
      "Invalid fail-on rule 'fidelity<great'. Expected fidelity<LEVEL with LEVEL one of exact, controlled, partial.",
    ],
    [
      'fidelity<unreplayable',
      "Invalid fail-on rule 'fidelity<unreplayable'. No level is below unreplayable; use fidelity<partial to fail on unreplayable.",
    ],
    ['fidelity>exact', `Invalid fail-on rule 'fidelity>exact'. ${help}`],
    ['none,changes', "Invalid fail-on 'none,changes'. 'none' cannot be combined with other rules."],
  ])('rejects %s', (value, message) => {
    const err = errorOf({ 'fail-on': value });
    expect(err.input).toBe('fail-on');
    expect(err.value).toBe(value);
    expect(err.message).toBe(message);
  });
});

describe('comment, redact, mode, unevaluable', () => {
  it('accept their values, case-insensitively', () => {
    expect(parse({ unevaluable: 'static' }).unevaluable).toBe('static');
    expect(parse({ unevaluable: 'Precise' }).unevaluable).toBe('precise');
    expect(parse({ comment: 'off' }).comment).toBe('off');
    expect(parse({ comment: 'UPDATE' }).comment).toBe('update');
    expect(parse({ mode: 'drift' }).mode).toBe('drift');
    expect(parse({ mode: 'pull-request' }).mode).toBe('pull-request');
    expect(parse({ redact: 'none' }, 'public')).toMatchObject({ redact: 'none', redactSubjects: false });
    expect(parse({ redact: 'subjects' }, 'private')).toMatchObject({
      redact: 'subjects',
      redactSubjects: true,
    });
  });

  it.each([
    ['comment', 'always', "Invalid comment 'always'. Expected update or off."],
    ['redact', 'yes', "Invalid redact 'yes'. Expected one of subjects, none, auto."],
    ['mode', 'push', "Invalid mode 'push'. Expected one of auto, pull-request, drift, post-comment, accept."],
    [
      'accept-permission',
      'read',
      "Invalid accept-permission 'read'. Expected triage, write, maintain, admin.",
    ],
    [
      'accept-users',
      '@acme/',
      "Invalid accept-users entry '@acme/'. Expected a login (lead, @lead, release-bot[bot]) or a team (@acme/policy-owners).",
    ],
    [
      'accept-users',
      'lead,@acme/owners/x',
      "Invalid accept-users entry '@acme/owners/x'. Expected a login (lead, @lead, release-bot[bot]) or a team (@acme/policy-owners).",
    ],
    [
      'status-context',
      'two\nlines',
      "Invalid status-context 'two\nlines'. Expected up to 100 printable ASCII characters on one line, such as policy-replay/gateway.",
    ],
    [
      'comment-id',
      'a--b',
      "Invalid comment-id 'a--b'. Expected up to 64 letters, digits, '_', '.' or single '-', starting with a letter or digit, e.g. security-policies.",
    ],
    [
      'comment-id',
      'x/y',
      "Invalid comment-id 'x/y'. Expected up to 64 letters, digits, '_', '.' or single '-', starting with a letter or digit, e.g. security-policies.",
    ],
    ['unevaluable', 'strict', "Invalid unevaluable 'strict'. Expected precise or static."],
  ])('%s rejects %s', (input, value, message) => {
    const err = errorOf({ [input]: value });
    expect(err.input).toBe(input);
    expect(err.message).toBe(message);
  });

  it('redact: auto hashes subjects unless the repository is private or internal', () => {
    expect(resolveRedact('auto', 'public')).toBe(true);
    expect(resolveRedact('auto', null)).toBe(true);
    expect(resolveRedact('auto', 'private')).toBe(false);
    expect(resolveRedact('auto', 'internal')).toBe(false);
    expect(parse({}, 'public').redactSubjects).toBe(true);
    expect(parse({}, null).redactSubjects).toBe(true);
  });

  it('reads the visibility from a webhook payload', () => {
    expect(repositoryVisibility({ repository: { visibility: 'internal', private: true } })).toBe('internal');
    expect(repositoryVisibility({ repository: { private: true } })).toBe('private');
    expect(repositoryVisibility({ repository: { private: false } })).toBe('public');
    expect(repositoryVisibility({ repository: {} })).toBeNull();
    expect(repositoryVisibility({})).toBeNull();
    expect(repositoryVisibility(null)).toBeNull();
  });

  it('comment-id names the sticky comment', () => {
    expect(parse({ 'comment-id': 'security-policies' }).commentId).toBe('security-policies');
    expect(parse({ 'comment-id': 'v1.2_x' }).commentId).toBe('v1.2_x');
  });

  it('acceptance inputs: a context, the least permission, logins and teams', () => {
    expect(
      parse({
        'status-context': 'policy-replay/gateway',
        'accept-permission': 'admin',
        'accept-users': '@lead, release-bot[bot]\n@acme/policy-owners',
      }),
    ).toMatchObject({
      statusContext: 'policy-replay/gateway',
      acceptPermission: 'admin',
      acceptUsers: [
        { kind: 'login', login: 'lead' },
        { kind: 'login', login: 'release-bot[bot]' },
        { kind: 'team', org: 'acme', team: 'policy-owners' },
      ],
    });
    expect(parse({ 'comment-id': 'team-a' }).statusContext).toBe('policy-replay/team-a');
    expect(parse({ 'comment-id': 'team-a', 'status-context': 'gate' }).statusContext).toBe('gate');
    expect(resolveMode('auto', 'issue_comment')).toBe('accept');
    expect(resolveMode('auto', 'pull_request_review')).toBe('accept');
  });

  it('post-comment needs comment-file and pull-request-file, and only it may set them', () => {
    expect(
      parse({ mode: 'post-comment', 'comment-file': 'c/comment.md', 'pull-request-file': 'c/pr-number' }),
    ).toMatchObject({ mode: 'post-comment', commentFile: 'c/comment.md', pullRequestFile: 'c/pr-number' });
    expect(errorOf({ mode: 'post-comment', 'comment-file': 'c.md' })).toMatchObject({
      input: 'pull-request-file',
      message: expect.stringMatching(/^Missing pull-request-file\. mode: post-comment posts/),
    });
    expect(errorOf({ mode: 'post-comment', 'pull-request-file': 'n' }).input).toBe('comment-file');
    expect(errorOf({ 'comment-file': 'c.md' }).message).toBe(
      "Invalid comment-file 'c.md' with mode: auto. comment-file is read only by mode: post-comment.",
    );
    expect(resolveMode('post-comment', 'workflow_run')).toBe('post-comment');
    expect(() => resolveMode('auto', 'workflow_run')).toThrow(
      /Invalid mode 'auto' for the 'workflow_run' event/,
    );
  });

  it('resolveMode picks the mode from the event for auto', () => {
    expect(resolveMode('auto', 'pull_request')).toBe('pull-request');
    expect(resolveMode('auto', 'pull_request_target')).toBe('pull-request');
    expect(resolveMode('auto', 'schedule')).toBe('drift');
    expect(resolveMode('auto', 'workflow_dispatch')).toBe('drift');
    expect(resolveMode('drift', 'pull_request')).toBe('drift');
    expect(() => resolveMode('auto', 'push')).toThrow(
      "Invalid mode 'auto' for the 'push' event. Expected a pull_request, schedule, workflow_dispatch, issue_comment or pull_request_review event, or set mode: pull-request or mode: drift.",
    );
  });
});

describe('OPA inputs', () => {
  it('accept a version with or without v, a pinned hash, a path and a mirror', () => {
    const sha = 'AB'.repeat(32);
    expect(
      parse({
        'opa-version': 'v1.23.0',
        'opa-sha256': sha,
        'opa-download-url': 'https://ghe.example/mirror/opa/',
      }),
    ).toMatchObject({
      opaVersion: '1.23.0',
      opaSha256: sha.toLowerCase(),
      opaDownloadUrl: 'https://ghe.example/mirror/opa',
    });
    expect(parse({ 'opa-path': '/usr/local/bin/opa' }).opaPath).toBe('/usr/local/bin/opa');
    expect(parse({ 'opa-download-url': 'http://127.0.0.1:8080' }).opaDownloadUrl).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it.each([
    ['opa-version', 'latest', "Invalid opa-version 'latest'. Expected an exact OPA release such as 1.22.3."],
    ['opa-version', '1.22', "Invalid opa-version '1.22'. Expected an exact OPA release such as 1.22.3."],
    [
      'opa-sha256',
      'abc',
      "Invalid opa-sha256 'abc'. Expected 64 hexadecimal characters: the SHA-256 of the OPA release binary for this runner.",
    ],
    [
      'opa-sha256',
      'g'.repeat(64),
      `Invalid opa-sha256 '${'g'.repeat(64)}'. Expected 64 hexadecimal characters: the SHA-256 of the OPA release binary for this runner.`,
    ],
    [
      'opa-download-url',
      'ftp://x/y',
      "Invalid opa-download-url 'ftp://x/y'. Expected an http(s) base URL without query or fragment, e.g. https://github.com/open-policy-agent/opa/releases/download.",
    ],
    [
      'opa-download-url',
      'not a url',
      "Invalid opa-download-url 'not a url'. Expected an http(s) base URL without query or fragment, e.g. https://github.com/open-policy-agent/opa/releases/download.",
    ],
    [
      'opa-download-url',
      'https://x/y?token=1',
      "Invalid opa-download-url 'https://x/y?token=1'. Expected an http(s) base URL without query or fragment, e.g. https://github.com/open-policy-agent/opa/releases/download.",
    ],
  ])('%s rejects %s', (input, value, message) => {
    const err = errorOf({ [input]: value });
    expect(err.input).toBe(input);
    expect(err.message).toBe(message);
  });

  it('rejects opa-path together with opa-sha256', () => {
    const err = errorOf({ 'opa-path': '/bin/opa', 'opa-sha256': 'a'.repeat(64) });
    expect(err.input).toBe('opa-sha256');
    expect(err.message).toContain("opa-path '/bin/opa'");
  });
});

describe('splitList', () => {
  it('keeps commas inside braces and brackets', () => {
    expect(splitList('a/{x,y}/[a,b]*.json,c')).toEqual(['a/{x,y}/[a,b]*.json', 'c']);
    expect(splitList('a\r\nb')).toEqual(['a', 'b']);
  });
});

describe('readSettings', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('reads INPUT_* variables with hyphens kept, and the visibility from the event payload', () => {
    dir = mkdtempSync(join(tmpdir(), 'inputs-'));
    const eventPath = join(dir, 'event.json');
    writeFileSync(eventPath, JSON.stringify({ repository: { private: false } }));
    const saved = { ...process.env };
    try {
      process.env['INPUT_GITHUB-TOKEN'] = TOKEN;
      process.env['INPUT_MAX-CHANGES'] = '3';
      process.env['INPUT_FAIL-ON'] = 'changes';
      const s = readSettings({ GITHUB_EVENT_PATH: eventPath });
      expect(s).toMatchObject({
        githubToken: TOKEN,
        maxChanges: 3,
        failOn: [{ kind: 'changes' }],
        redactSubjects: true,
      });
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  it('treats an unreadable event payload as unknown visibility (redacts under auto)', () => {
    const s = readSettings(
      { GITHUB_EVENT_PATH: '/nonexistent/event.json' },
      reader({ 'github-token': TOKEN }),
    );
    expect(s.redactSubjects).toBe(true);
  });

  it('honours a private payload', () => {
    dir = mkdtempSync(join(tmpdir(), 'inputs-'));
    const eventPath = join(dir, 'event.json');
    writeFileSync(eventPath, JSON.stringify({ repository: { private: true } }));
    expect(
      readSettings({ GITHUB_EVENT_PATH: eventPath }, reader({ 'github-token': TOKEN })).redactSubjects,
    ).toBe(false);
  });
});

describe('token-login', () => {
  const read = (value: string) => (name: string) =>
    name === 'github-token' ? 't' : name === 'token-login' ? value : '';
  it('takes a GitHub login, an App bot login included', () => {
    expect(parseSettings(read('my-app[bot]'), { visibility: 'private' }).tokenLogin).toBe('my-app[bot]');
    expect(parseSettings(read('octo-cat'), { visibility: 'private' }).tokenLogin).toBe('octo-cat');
    expect(parseSettings(read(''), { visibility: 'private' }).tokenLogin).toBeNull();
  });
  it('rejects anything else, quoting it', () => {
    expect(() => parseSettings(read('-bad'), { visibility: 'private' })).toThrow(
      "Invalid token-login '-bad'. Expected a GitHub login such as my-app[bot] or octocat.",
    );
    expect(() => parseSettings(read('a b'), { visibility: 'private' })).toThrow(/Invalid token-login 'a b'/);
  });
});

describe('decision-log inputs', () => {
  it('are kept as given, validated as the CLI validates its flags', () => {
    expect(
      parse({
        'decision-path': '/data/gate.decision',
        'decision-field': 'gate.allowed',
        bundle: 'gate',
        'manifest-id-field': 'input.request.mcp.session_id',
      }),
    ).toMatchObject({
      decisionPath: '/data/gate.decision',
      decisionField: 'gate.allowed',
      bundle: 'gate',
      manifestIdField: 'input.request.mcp.session_id',
    });
  });

  it.each([
    ['decision-path', 'data'],
    ['decision-field', 'a..b'],
    ['manifest-id-field', 'input.'],
  ])('%s %j is an InputError naming the input', (input, value) => {
    const error = errorOf({ [input]: value });
    expect(error).toMatchObject({ input, value });
    expect(error.message).toContain(`Invalid ${input} '${value}'`);
  });
});
