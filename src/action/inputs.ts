/**
 * Every Action input, read and validated once into a typed Settings object (the pattern of
 * actions/checkout's input-helper). Nothing after this module looks at a raw input string.
 */
import type { Shape } from '../coverage/space.js';
import { parseAcceptPermission, parseAcceptUsers, parseStatusContext } from './acceptInputs.js';
import * as core from '@actions/core';
import { readFileSync } from 'node:fs';
import type { UnevaluableMode } from '../replay/evaluate/unknownSides.js';
import { UNEVALUABLE_MODES } from '../replay/evaluate/unknownSides.js';
import { parsePolicies, parseTemplate } from './inputPaths.js';
import {
  parseChoice,
  parseCommentId,
  parseCountInput,
  parseDecisionLogInputs,
  parseDownloadUrl,
  parseFailOnInput,
  parseLimitsInput,
  parseLogin,
  parseOpaVersion,
  parseSha256,
  repositoryVisibility,
  resolveRedact,
} from './inputValues.js';
import {
  DEFAULTS,
  InputError,
  type CommentMode,
  type InputReader,
  type RedactMode,
  type RepositoryVisibility,
  type RunMode,
  type Settings,
  type INPUT_NAMES,
} from './settings.js';

type Get = (name: (typeof INPUT_NAMES)[number]) => string;

function parseGithubToken(get: Get): string {
  const githubToken = get('github-token');
  if (githubToken === '') {
    throw new InputError(
      'github-token',
      '',
      'Missing github-token. Expected a token, e.g. the default ${{ github.token }} with pull-requests: write (and issues: write for drift).',
    );
  }
  return githubToken;
}

/** opa-path skips the download that opa-sha256 verifies: at most one of them. */
function parseOpaBinary(get: Get): Pick<Settings, 'opaPath' | 'opaSha256'> {
  const opaPath = get('opa-path') || null;
  const opaSha256 = parseSha256(get('opa-sha256'));
  if (opaPath !== null && opaSha256 !== null) {
    throw new InputError(
      'opa-sha256',
      opaSha256,
      `Invalid opa-sha256 '${opaSha256}' together with opa-path '${opaPath}'. opa-sha256 verifies a downloaded OPA; opa-path skips the download. Set only one.`,
    );
  }
  return { opaPath, opaSha256 };
}

/** The two files of post-comment mode belong to it alone: set elsewhere, they would be ignored. */
function parseCommentFiles(get: Get, mode: RunMode): Pick<Settings, 'commentFile' | 'pullRequestFile'> {
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
  return { commentFile, pullRequestFile };
}

/** Reads and validates every input. Throws InputError on the first bad value. */
export function parseSettings(
  read: InputReader,
  context: { visibility: RepositoryVisibility | null },
): Settings {
  const get: Get = (name) => read(name).trim();

  // The order of the steps is the order of the checks: the first bad value is the one reported.
  const githubToken = parseGithubToken(get);
  const { opaPath, opaSha256 } = parseOpaBinary(get);
  const redact = parseChoice<RedactMode>(
    'redact',
    get('redact'),
    ['subjects', 'none', 'auto'],
    DEFAULTS.redact,
  );
  const mode = parseChoice<RunMode>(
    'mode',
    get('mode'),
    ['auto', 'pull-request', 'drift', 'post-comment', 'accept'],
    DEFAULTS.mode,
  );
  const { commentFile, pullRequestFile } = parseCommentFiles(get, mode);
  const commentId = parseCommentId(get('comment-id'));

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
    enginePath: get('engine-path') || null,
    engineDownloadUrl: (get('engine-download-url') || '').replace(/\/+$/, '') || null,
    opaSha256,
    opaDownloadUrl: parseDownloadUrl(get('opa-download-url')),
    mode,
    unevaluable: parseChoice<UnevaluableMode>(
      'unevaluable',
      get('unevaluable'),
      UNEVALUABLE_MODES,
      DEFAULTS.unevaluable,
    ),
    coverageShape: parseChoice<Shape>(
      'coverage-shape',
      get('coverage-shape'),
      ['mcp', 'any'],
      DEFAULTS.coverageShape,
    ),
    tokenLogin: parseLogin(get('token-login')),
    limits: parseLimitsInput(get('limits')),
    commentId,
    commentFile,
    pullRequestFile,
    statusContext: parseStatusContext(get('status-context'), commentId),
    acceptPermission: parseAcceptPermission(get('accept-permission')),
    acceptUsers: parseAcceptUsers(get('accept-users')),
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
