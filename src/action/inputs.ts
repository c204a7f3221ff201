/**
 * Every Action input, read and validated once into a typed Settings object (the pattern of
 * actions/checkout's input-helper). Nothing after this module looks at a raw input string.
 */
import * as core from '@actions/core';
import { readFileSync } from 'node:fs';
import picomatch from 'picomatch';
import { DEFAULT_OPA_DOWNLOAD_URL, OPA_VERSION } from '../opa/version.js';
import { FailOnError, parseFailOn, DEFAULT_FAIL_ON } from '../gate/failOn.js';
import type { FailOnRule } from '../gate/gate.js';
import { DEFAULT_LIMITS, LimitError, parseLimitsList, type Limits } from '../replay/limits.js';
import { DecisionLogOptionError, parseDecisionLogOptions } from '../traffic/decisionLog.js';
import { UNEVALUABLE_MODES, type UnevaluableMode } from '../replay/evaluate/unknownSides.js';

/** A bad input value. The message quotes the value and says what was expected. */
export class InputError extends Error {
  readonly code = 'invalid-input';
  constructor(
    /** The input's name as in action.yml, e.g. `max-changes`. */
    readonly input: string,
    /** The value as given (trimmed). */
    readonly value: string,
    message: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/** Returns an input's value, '' when unset (the contract of `core.getInput`). */
export type InputReader = (name: string) => string;

export type CommentMode = 'update' | 'off';
export type RedactMode = 'subjects' | 'none' | 'auto';
export type RunMode = 'auto' | 'pull-request' | 'drift' | 'post-comment';
export type RepositoryVisibility = 'public' | 'private' | 'internal';

export interface Settings {
  githubToken: string;
  /** Glob patterns relative to the repository root; a leading `!` excludes. At least one includes. */
  policies: string[];
  /** Path template for each policy's traffic sample (see expandPathTemplate); null = default layout. */
  traffic: string | null;
  /** Path template for each policy's manifests directory or file; null = default layout. */
  manifests: string | null;
  /**
   * How OPA decision logs are read (docs/decision-logs.md), as given (validated); null = unset.
   * A `.policy-replay.yml` entry overrides each for its policy.
   */
  decisionPath: string | null;
  decisionField: string | null;
  bundle: string | null;
  manifestIdField: string | null;
  maxChanges: number;
  /** Rows of the "What changes, and why" table and cap of the report's change groups. */
  maxGroups: number;
  /** Empty when `fail-on: none`. Deduplicated, in the order written. */
  failOn: FailOnRule[];
  comment: CommentMode;
  /** The `redact` input as given. */
  redact: RedactMode;
  /** `redact` resolved: whether subjects are hashed in the comment and summary. */
  redactSubjects: boolean;
  /** Exact OPA release, `x.y.z`, no leading `v`. */
  opaVersion: string;
  opaPath: string | null;
  /** Lowercase hex. */
  opaSha256: string | null;
  /** Without a trailing slash. */
  opaDownloadUrl: string;
  mode: RunMode;
  /** docs/unknowns.md: `precise` (three-valued) or `static` (reading-based) unevaluable. */
  unevaluable: UnevaluableMode;
  /** Login the token acts as (a GitHub App's `<slug>[bot]`); null = discovered (docs/github.md). */
  tokenLogin: string | null;
  /** Resource limits (the `limits` input over the defaults; docs/security.md "Limits"). */
  limits: Limits;
  /** Suffix of the sticky comment's marker, so two configurations keep two comments; null = none. */
  commentId: string | null;
  /** post-comment mode: the rendered comment body to post (an artifact of an earlier run). */
  commentFile: string | null;
  /** post-comment mode: a file holding the number of the pull request to post on. */
  pullRequestFile: string | null;
}

/** Every input name, as spelled in action.yml. */
export const INPUT_NAMES = [
  'github-token',
  'policies',
  'traffic',
  'manifests',
  'decision-path',
  'decision-field',
  'bundle',
  'manifest-id-field',
  'max-changes',
  'max-groups',
  'fail-on',
  'comment',
  'redact',
  'opa-version',
  'opa-path',
  'opa-sha256',
  'opa-download-url',
  'mode',
  'unevaluable',
  'token-login',
  'limits',
  'comment-id',
  'comment-file',
  'pull-request-file',
] as const;

export const DEFAULTS = {
  policies: 'policies/**/*.{json,yaml,yml}',
  maxChanges: 20,
  maxGroups: 50,
  failOn: DEFAULT_FAIL_ON,
  comment: 'update',
  redact: 'auto',
  opaVersion: OPA_VERSION,
  opaDownloadUrl: DEFAULT_OPA_DOWNLOAD_URL,
  mode: 'auto',
  unevaluable: 'precise',
} as const;

/**
 * Splits a list input on newlines and on commas that are not inside `{…}` or `[…]` (so the
 * default `policies/**\/*.{json,yaml,yml}` stays one pattern). Items are trimmed; empty items and
 * lines starting with `#` are dropped.
 */
export function splitList(text: string): string[] {
  const items: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim().startsWith('#')) continue;
    let depth = 0;
    let current = '';
    for (const ch of line) {
      if (ch === '{' || ch === '[') depth++;
      else if ((ch === '}' || ch === ']') && depth > 0) depth--;
      if (ch === ',' && depth === 0) {
        items.push(current);
        current = '';
      } else current += ch;
    }
    items.push(current);
  }
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function balanced(pattern: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '}': '{', ']': '[' };
  for (const ch of pattern) {
    if (ch === '{' || ch === '[') stack.push(ch);
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== pairs[ch]) return false;
    }
  }
  return stack.length === 0;
}

function parsePolicies(raw: string): string[] {
  const globs = splitList(raw === '' ? DEFAULTS.policies : raw).map((glob) => {
    const negated = glob.startsWith('!');
    const body = (negated ? glob.slice(1) : glob).replace(/^(\.\/)+/, '');
    if (
      body === '' ||
      body.startsWith('/') ||
      /^[A-Za-z]:[\\/]/.test(body) ||
      body.split('/').includes('..')
    ) {
      throw new InputError(
        'policies',
        raw,
        `Invalid policies pattern '${glob}'. Expected a glob relative to the repository root, e.g. ${DEFAULTS.policies}.`,
      );
    }
    if (!balanced(body)) {
      throw new InputError(
        'policies',
        raw,
        `Invalid policies pattern '${glob}'. Its braces or brackets are unbalanced.`,
      );
    }
    return negated ? `!${body}` : body;
  });
  if (!globs.some((glob) => !glob.startsWith('!'))) {
    throw new InputError(
      'policies',
      raw,
      `Invalid policies '${raw}'. Expected at least one pattern that selects files (not only '!' exclusions).`,
    );
  }
  return [...new Set(globs)];
}

/**
 * A predicate for repository-relative paths: matched by some including pattern and by no `!`
 * pattern. Dotfiles and dot-directories match too, so no policy is skipped for its name.
 */
export function policyMatcher(globs: readonly string[]): (path: string) => boolean {
  const include = globs.filter((g) => !g.startsWith('!'));
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  // `flags: 's'`: a path segment may hold a line break (git allows it), and such a policy must not
  // be skipped silently.
  const isIncluded = include.length > 0 ? picomatch(include, { dot: true, flags: 's' }) : () => false;
  const isExcluded = exclude.length > 0 ? picomatch(exclude, { dot: true, flags: 's' }) : () => false;
  return (path) => {
    const normalized = path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
    return isIncluded(normalized) && !isExcluded(normalized);
  };
}

/** Placeholders a traffic/manifests template may use. */
export const TEMPLATE_PLACEHOLDERS = ['name', 'dir', 'path'] as const;

function parseTemplate(input: 'traffic' | 'manifests', raw: string): string | null {
  if (raw === '') return null;
  // `{a,b}` is glob-brace syntax, not a placeholder; only a bare word in braces is a placeholder.
  for (const m of raw.matchAll(/\{([^{},]*)\}/g)) {
    const name = m[1] ?? '';
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new InputError(
        input,
        raw,
        `Invalid ${input} '${raw}'. Unknown placeholder '{${name}}'; expected {name}, {dir} or {path}.`,
      );
    }
  }
  if (/[{}]/.test(raw.replace(/\{(name|dir|path)\}/g, ''))) {
    throw new InputError(
      input,
      raw,
      `Invalid ${input} '${raw}'. Braces may only surround a placeholder: {name}, {dir} or {path}.`,
    );
  }
  return raw;
}

/**
 * Fills a traffic/manifests template for one policy file (repository-relative, `/`-separated):
 * `{name}` = file name without its last extension, `{dir}` = its directory (`.` at the root),
 * `{path}` = the path without its last extension. `policies/team/acme.yaml` →
 * name `acme`, dir `policies/team`, path `policies/team/acme`.
 */
export function expandPathTemplate(template: string, policyPath: string): string {
  const normalized = policyPath.replace(/\\/g, '/');
  const slash = normalized.lastIndexOf('/');
  const dir = slash === -1 ? '.' : normalized.slice(0, slash);
  const file = normalized.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const name = dot > 0 ? file.slice(0, dot) : file;
  const path = slash === -1 ? name : `${dir}/${name}`;
  const values: Record<string, string> = { name, dir, path };
  return template.replace(/\{(name|dir|path)\}/g, (_, key: string) => values[key] ?? '');
}

/** The decision-log inputs, each checked as the CLI checks its flag. */
function parseDecisionLogInputs(
  get: (name: 'decision-path' | 'decision-field' | 'bundle' | 'manifest-id-field') => string,
): Pick<Settings, 'decisionPath' | 'decisionField' | 'bundle' | 'manifestIdField'> {
  const text = {
    decisionPath: get('decision-path') || null,
    decisionField: get('decision-field') || null,
    bundle: get('bundle') || null,
    manifestIdField: get('manifest-id-field') || null,
  };
  try {
    parseDecisionLogOptions(text);
  } catch (error) {
    if (error instanceof DecisionLogOptionError)
      throw new InputError(error.option, error.value, error.message);
    throw error;
  }
  return text;
}

function parseCountInput(name: 'max-changes' | 'max-groups', raw: string, fallback: number): number {
  if (raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) {
    throw new InputError(name, raw, `Invalid ${name} '${raw}'. Expected a whole number ≥ 0.`);
  }
  return n;
}

function parseFailOnInput(raw: string): FailOnRule[] {
  try {
    return parseFailOn(raw);
  } catch (error) {
    if (error instanceof FailOnError) throw new InputError('fail-on', raw, error.message);
    throw error;
  }
}

function parseChoice<T extends string>(input: string, raw: string, choices: readonly T[], fallback: T): T {
  if (raw === '') return fallback;
  const lower = raw.toLowerCase();
  if ((choices as readonly string[]).includes(lower)) return lower as T;
  const expected = choices.length === 2 ? `${choices[0]} or ${choices[1]}` : `one of ${choices.join(', ')}`;
  throw new InputError(input, raw, `Invalid ${input} '${raw}'. Expected ${expected}.`);
}

function parseOpaVersion(raw: string): string {
  if (raw === '') return DEFAULTS.opaVersion;
  const m = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(raw);
  if (!m || m[1] === undefined) {
    throw new InputError(
      'opa-version',
      raw,
      `Invalid opa-version '${raw}'. Expected an exact OPA release such as ${OPA_VERSION}.`,
    );
  }
  return m[1];
}

function parseSha256(raw: string): string | null {
  if (raw === '') return null;
  if (!/^[0-9a-fA-F]{64}$/.test(raw)) {
    throw new InputError(
      'opa-sha256',
      raw,
      `Invalid opa-sha256 '${raw}'. Expected 64 hexadecimal characters: the SHA-256 of the OPA release binary for this runner.`,
    );
  }
  return raw.toLowerCase();
}

function parseDownloadUrl(raw: string): string {
  if (raw === '') return DEFAULTS.opaDownloadUrl;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (
    url === null ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new InputError(
      'opa-download-url',
      raw,
      `Invalid opa-download-url '${raw}'. Expected an http(s) base URL without query or fragment, e.g. ${DEFAULT_OPA_DOWNLOAD_URL}.`,
    );
  }
  return raw.replace(/\/+$/, '');
}

/**
 * `redact: auto` hashes subjects unless the repository is known to be private or internal: an
 * unknown visibility is treated as public, because leaking subjects is the costlier mistake.
 */
export function resolveRedact(redact: RedactMode, visibility: RepositoryVisibility | null): boolean {
  if (redact === 'subjects') return true;
  if (redact === 'none') return false;
  return visibility !== 'private' && visibility !== 'internal';
}

/** The repository's visibility from a webhook payload (`repository.visibility`, else `repository.private`). */
export function repositoryVisibility(payload: unknown): RepositoryVisibility | null {
  const repo = (payload as { repository?: { visibility?: unknown; private?: unknown } } | null)?.repository;
  if (repo === undefined || repo === null) return null;
  if (repo.visibility === 'public' || repo.visibility === 'private' || repo.visibility === 'internal')
    return repo.visibility;
  if (typeof repo.private === 'boolean') return repo.private ? 'private' : 'public';
  return null;
}

/**
 * The mode for this run. `auto` picks `pull-request` for pull_request / pull_request_target
 * events and `drift` for schedule / workflow_dispatch; any other event needs an explicit mode.
 * `post-comment` is never automatic: it posts a file an earlier run left, and must be asked for.
 */
export function resolveMode(mode: RunMode, eventName: string): Exclude<RunMode, 'auto'> {
  if (mode !== 'auto') return mode;
  if (eventName === 'pull_request' || eventName === 'pull_request_target') return 'pull-request';
  if (eventName === 'schedule' || eventName === 'workflow_dispatch') return 'drift';
  throw new InputError(
    'mode',
    mode,
    `Invalid mode 'auto' for the '${eventName}' event. Expected a pull_request, schedule or workflow_dispatch event, or set mode: pull-request or mode: drift.`,
  );
}

/** A GitHub login: letters, digits and single hyphens, optionally an App's `[bot]` suffix. */
function parseLogin(raw: string): string | null {
  if (raw === '') return null;
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(\[bot\])?$/.test(raw)) {
    throw new InputError(
      'token-login',
      raw,
      `Invalid token-login '${raw}'. Expected a GitHub login such as my-app[bot] or octocat.`,
    );
  }
  return raw;
}

function parseLimitsInput(raw: string): Limits {
  if (raw === '') return { ...DEFAULT_LIMITS };
  try {
    return parseLimitsList(raw);
  } catch (error) {
    if (error instanceof LimitError) throw new InputError('limits', raw, error.message);
    throw error;
  }
}

/**
 * A marker suffix: it names the comment in its hidden marker and the comment file, so it is kept
 * to characters that are safe in both.
 */
function parseCommentId(raw: string): string | null {
  if (raw === '') return null;
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9_.]|-(?!-)){0,63}$/.test(raw)) {
    throw new InputError(
      'comment-id',
      raw,
      `Invalid comment-id '${raw}'. Expected up to 64 letters, digits, '_', '.' or single '-', starting with a letter or digit, e.g. security-policies.`,
    );
  }
  return raw;
}

/** Reads and validates every input. Throws InputError on the first bad value. */
export function parseSettings(
  read: InputReader,
  context: { visibility: RepositoryVisibility | null },
): Settings {
  const get = (name: (typeof INPUT_NAMES)[number]): string => read(name).trim();

  const githubToken = get('github-token');
  if (githubToken === '') {
    throw new InputError(
      'github-token',
      '',
      'Missing github-token. Expected a token, e.g. the default ${{ github.token }} with pull-requests: write (and issues: write for drift).',
    );
  }
  const opaPath = get('opa-path') || null;
  const opaSha256 = parseSha256(get('opa-sha256'));
  if (opaPath !== null && opaSha256 !== null) {
    throw new InputError(
      'opa-sha256',
      opaSha256,
      `Invalid opa-sha256 '${opaSha256}' together with opa-path '${opaPath}'. opa-sha256 verifies a downloaded OPA; opa-path skips the download. Set only one.`,
    );
  }
  const redact = parseChoice<RedactMode>(
    'redact',
    get('redact'),
    ['subjects', 'none', 'auto'],
    DEFAULTS.redact,
  );
  const mode = parseChoice<RunMode>(
    'mode',
    get('mode'),
    ['auto', 'pull-request', 'drift', 'post-comment'],
    DEFAULTS.mode,
  );
  // The two files of post-comment mode belong to it alone: set elsewhere, they would be ignored.
  const commentFile = get('comment-file') || null;
  const pullRequestFile = get('pull-request-file') || null;
  for (const [input, value] of [
    ['comment-file', commentFile],
    ['pull-request-file', pullRequestFile],
  ] as const) {
    if (mode === 'post-comment' && value === null) {
      throw new InputError(
        input,
        '',
        `Missing ${input}. mode: post-comment posts the comment file of an earlier run on the pull request its number file names; set both comment-file and pull-request-file.`,
      );
    }
    if (mode !== 'post-comment' && value !== null) {
      throw new InputError(
        input,
        value,
        `Invalid ${input} '${value}' with mode: ${mode}. ${input} is read only by mode: post-comment.`,
      );
    }
  }

  return {
    githubToken,
    policies: parsePolicies(get('policies')),
    traffic: parseTemplate('traffic', get('traffic')),
    manifests: parseTemplate('manifests', get('manifests')),
    ...parseDecisionLogInputs(get),
    maxChanges: parseCountInput('max-changes', get('max-changes'), DEFAULTS.maxChanges),
    maxGroups: parseCountInput('max-groups', get('max-groups'), DEFAULTS.maxGroups),
    failOn: parseFailOnInput(get('fail-on')),
    comment: parseChoice<CommentMode>('comment', get('comment'), ['update', 'off'], DEFAULTS.comment),
    redact,
    redactSubjects: resolveRedact(redact, context.visibility),
    opaVersion: parseOpaVersion(get('opa-version')),
    opaPath,
    opaSha256,
    opaDownloadUrl: parseDownloadUrl(get('opa-download-url')),
    mode,
    unevaluable: parseChoice<UnevaluableMode>(
      'unevaluable',
      get('unevaluable'),
      UNEVALUABLE_MODES,
      DEFAULTS.unevaluable,
    ),
    tokenLogin: parseLogin(get('token-login')),
    limits: parseLimitsInput(get('limits')),
    commentId: parseCommentId(get('comment-id')),
    commentFile,
    pullRequestFile,
  };
}

/** The runner's inputs (`INPUT_<NAME>`, hyphens kept) through @actions/core. */
export const coreInputReader: InputReader = (name) => core.getInput(name);

/**
 * Settings for this runner: inputs via @actions/core, repository visibility from the event
 * payload at $GITHUB_EVENT_PATH (unreadable → unknown, which `redact: auto` treats as public).
 */
export function readSettings(
  env: NodeJS.ProcessEnv = process.env,
  read: InputReader = coreInputReader,
): Settings {
  let visibility: RepositoryVisibility | null = null;
  const eventPath = env.GITHUB_EVENT_PATH;
  if (eventPath) {
    try {
      visibility = repositoryVisibility(JSON.parse(readFileSync(eventPath, 'utf8')));
    } catch {
      visibility = null;
    }
  }
  return parseSettings(read, { visibility });
}
