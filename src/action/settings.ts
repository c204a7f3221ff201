import { DEFAULT_OPA_DOWNLOAD_URL, OPA_VERSION } from '../opa/version.js';
import { DEFAULT_FAIL_ON } from '../gate/failOn.js';
import type { Shape } from '../coverage/space.js';
import type { FailOnRule } from '../gate/gate.js';
import type { Limits } from '../replay/limits.js';
import type { UnevaluableMode } from '../replay/evaluate/unknownSides.js';
import type { AcceptUser, PermissionLevel } from '../acceptance/permission.js';

/** The typed Settings the inputs become, the input names and their defaults. */

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
export type RunMode = 'auto' | 'pull-request' | 'drift' | 'post-comment' | 'accept';
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
  /** Rego bundle roots (docs/rego.md "The Action"): the engine binary; null = found or built. */
  enginePath: string | null;
  /** Base URL of the engine's release downloads; null = this Action's repository's releases. */
  engineDownloadUrl: string | null;
  /** Lowercase hex. */
  opaSha256: string | null;
  /** Without a trailing slash. */
  opaDownloadUrl: string;
  mode: RunMode;
  /** docs/unknowns.md: `precise` (three-valued) or `static` (reading-based) unevaluable. */
  unevaluable: UnevaluableMode;
  /** docs/coverage.md: the request shape the coverage analysis assumes (`mcp`) or none (`any`). */
  coverageShape: Shape;
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
  /** The commit status's context (docs/review.md "The commit status"). */
  statusContext: string;
  /** accept mode: the least repository permission that accepts. */
  acceptPermission: PermissionLevel;
  /** accept mode: logins and teams that accept whatever their permission (bots only so). */
  acceptUsers: AcceptUser[];
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
  'engine-path',
  'engine-download-url',
  'opa-sha256',
  'opa-download-url',
  'mode',
  'unevaluable',
  'coverage-shape',
  'token-login',
  'limits',
  'comment-id',
  'comment-file',
  'pull-request-file',
  'status-context',
  'accept-permission',
  'accept-users',
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
  coverageShape: 'mcp',
} as const;
