import { DEFAULT_OPA_DOWNLOAD_URL, OPA_VERSION } from '../opa/version.js';
import { FailOnError, parseFailOn } from '../gate/failOn.js';
import type { FailOnRule } from '../gate/gate.js';
import { DEFAULT_LIMITS, LimitError, parseLimitsList, type Limits } from '../replay/limits.js';
import { DecisionLogOptionError, parseDecisionLogOptions } from '../traffic/decisionLog.js';
import {
  DEFAULTS,
  InputError,
  type RedactMode,
  type RepositoryVisibility,
  type RunMode,
  type Settings,
} from './settings.js';

/** One input each: its value checked and converted, or an InputError quoting it. */

/** The decision-log inputs, each checked as the CLI checks its flag. */
export function parseDecisionLogInputs(
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

export function parseCountInput(name: 'max-changes' | 'max-groups', raw: string, fallback: number): number {
  if (raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) {
    throw new InputError(name, raw, `Invalid ${name} '${raw}'. Expected a whole number ≥ 0.`);
  }
  return n;
}

export function parseFailOnInput(raw: string): FailOnRule[] {
  try {
    return parseFailOn(raw);
  } catch (error) {
    if (error instanceof FailOnError) throw new InputError('fail-on', raw, error.message);
    throw error;
  }
}

export function parseChoice<T extends string>(
  input: string,
  raw: string,
  choices: readonly T[],
  fallback: T,
): T {
  if (raw === '') return fallback;
  const lower = raw.toLowerCase();
  if ((choices as readonly string[]).includes(lower)) return lower as T;
  const expected = choices.length === 2 ? `${choices[0]} or ${choices[1]}` : `one of ${choices.join(', ')}`;
  throw new InputError(input, raw, `Invalid ${input} '${raw}'. Expected ${expected}.`);
}

export function parseOpaVersion(raw: string): string {
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

export function parseSha256(raw: string): string | null {
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

export function parseDownloadUrl(raw: string): string {
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
  if (eventName === 'issue_comment' || eventName === 'pull_request_review') return 'accept';
  throw new InputError(
    'mode',
    mode,
    `Invalid mode 'auto' for the '${eventName}' event. Expected a pull_request, schedule, workflow_dispatch, issue_comment or pull_request_review event, or set mode: pull-request or mode: drift.`,
  );
}

/** A GitHub login: letters, digits and single hyphens, optionally an App's `[bot]` suffix. */
export function parseLogin(raw: string): string | null {
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

export function parseLimitsInput(raw: string): Limits {
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
export function parseCommentId(raw: string): string | null {
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
