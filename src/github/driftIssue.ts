/**
 * One drift issue per policy. The issue is found by label `policy-drift`, a hidden marker naming
 * the policy path on the body's first line, and its author being the token's own login; closed issues count too, so drift
 * that comes back reopens the old issue instead of opening a second one.
 */
import type { GitHubClient, Issue, RepoRef } from './client.js';
import { GitHubApiError } from './client.js';
import { humanText } from '../text/bidi.js';
import {
  CommentTooLargeError,
  MAX_COMMENT_LENGTH,
  commentLength,
  firstLine,
  hasMarker,
  withMarker,
} from './stickyComment.js';

export const DRIFT_LABEL = 'policy-drift';
const DRIFT_LABEL_COLOR = 'd93f0b';
const DRIFT_LABEL_DESCRIPTION =
  'policy-replay: recorded decisions the head (saved policy) no longer reproduces';

/**
 * `<!-- policy-replay:drift:policies/acme.yaml -->`. The path is percent-encoded where it could
 * end the HTML comment early (`>`, `--`) or confuse matching (spaces, `%`), so any path is safe.
 */
export function driftMarker(policyPath: string): string {
  // By code point (`u`): a character outside the BMP is one UTF-8 sequence, not two lone surrogate
  // halves each encoded as U+FFFD (which made `😀.yaml` and `😁.yaml` share a marker).
  const encoded = policyPath.replace(/[^A-Za-z0-9_./-]|-(?=-)/gu, (char) =>
    Array.from(
      new TextEncoder().encode(char),
      (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join(''),
  );
  return `<!-- policy-replay:drift:${encoded} -->`;
}

const DRIFT_MARKER_LINE = /^<!-- policy-replay:drift:([A-Za-z0-9_./%-]+) -->$/;

/**
 * The policy path a drift issue's body names in its marker (first line only, as for matching), or
 * null when the first line is no drift marker this Action writes.
 */
export function driftMarkerPath(body: string): string | null {
  const encoded = DRIFT_MARKER_LINE.exec(firstLine(body))?.[1];
  if (encoded === undefined) return null;
  try {
    const path = decodeURIComponent(encoded);
    return driftMarker(path) === `<!-- policy-replay:drift:${encoded} -->` ? path : null;
  } catch {
    return null;
  }
}

/** Issues cannot be written here: disabled on the repository, or the token lacks `issues: write`. */
export class IssuesUnavailableError extends Error {
  override readonly name = 'IssuesUnavailableError';
  readonly kind = 'issues-unavailable' as const;
  constructor(
    readonly status: number,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export interface DriftIssueOptions extends RepoRef {
  /** Repository-relative path of the policy, as it appears in the marker. */
  policyPath: string;
  title: string;
  /**
   * The rendered drift report; the marker is prepended when missing. A function gets the body of
   * the issue it will replace (the open one, else the reopened one; null for a new issue), so a
   * run can carry forward what an earlier run kept there (the trend).
   */
  body: string | ((previousBody: string | null) => string);
  driftTotal: number;
  label?: string;
  /** Posted before closing when drift returns to zero. */
  closeComment?: string;
}

export interface DriftIssueResult {
  action: 'created' | 'updated' | 'unchanged' | 'reopened' | 'closed' | 'none';
  issueNumber?: number;
  htmlUrl?: string;
  /** Newer open issues for the same policy closed as duplicates (concurrent runs). */
  closedDuplicates: number[];
  /** Non-fatal problems (e.g. the label could not be created). */
  warnings: string[];
}

function oldestFirst(a: Issue, b: Issue): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 && !Number.isNaN(byTime) ? byTime : a.number - b.number;
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n');
}

/** Posted when drift returns to zero and the caller gave no `closeComment`. */
export const DEFAULT_CLOSE_COMMENT =
  'Drift returned to zero: the replayed decisions match the recorded ones again. Closing; policy-replay reopens this issue if drift comes back.';

/** The title and body as the client will send them; refused when over GitHub's limit. */
function issueText(
  options: DriftIssueOptions,
  previousBody: string | null,
): {
  body: string;
  title: string;
} {
  const marker = driftMarker(options.policyPath);
  const text = typeof options.body === 'string' ? options.body : options.body(previousBody);
  // As the client will send them (issues.ts), so unchanged text compares equal to the stored one.
  const body = humanText(withMarker(text, marker));
  const title = humanText(options.title);
  const length = commentLength(body);
  if (length > MAX_COMMENT_LENGTH) {
    throw new CommentTooLargeError(
      length,
      MAX_COMMENT_LENGTH,
      `the drift issue body for ${options.policyPath} is ${length} characters, over GitHub's limit of ${MAX_COMMENT_LENGTH}`,
    );
  }
  return { body, title };
}

/** The drift label exists, or a warning says why it could not be made. */
async function ensureLabel(
  client: GitHubClient,
  repo: RepoRef,
  label: string,
  warnings: string[],
): Promise<void> {
  try {
    if ((await client.getLabel(repo, label)) === null) {
      await client.createLabel(repo, {
        name: label,
        color: DRIFT_LABEL_COLOR,
        description: DRIFT_LABEL_DESCRIPTION,
      });
    }
  } catch (error) {
    // 422 "already_exists" is a racing run; anything else still lets issue creation try, since
    // GitHub creates a missing label named in a new issue.
    if (error instanceof GitHubApiError && error.status === 422) return;
    if (error instanceof GitHubApiError && error.status !== 410) {
      warnings.push(`could not create the '${label}' label: ${error.message}`);
      return;
    }
    throw error;
  }
}

async function addMissingLabel(
  client: GitHubClient,
  repo: RepoRef,
  created: Issue,
  label: string,
  warnings: string[],
): Promise<void> {
  // Labels on a new issue are dropped silently for tokens without push access; without the
  // label the next run would not find the issue and would open another.
  try {
    await client.addLabels(repo, created.number, [label]);
  } catch (error) {
    if (!(error instanceof GitHubApiError)) throw error;
    warnings.push(
      `issue #${created.number} was created without the '${label}' label and it could not be added ` +
        `(${error.status}: ${error.message}); the next run will not find it`,
    );
  }
}

/** Drift is back to zero: the open issue gets the closing comment and is closed as completed. */
async function closeResolved(
  client: GitHubClient,
  repo: RepoRef,
  openIssue: Issue,
  comment: string,
): Promise<Pick<DriftIssueResult, 'action' | 'issueNumber' | 'htmlUrl'>> {
  await client.createIssueComment(repo, openIssue.number, comment);
  const closed = await client.updateIssue(repo, openIssue.number, {
    state: 'closed',
    state_reason: 'completed',
  });
  return { action: 'closed', issueNumber: openIssue.number, htmlUrl: closed.htmlUrl || openIssue.htmlUrl };
}

/** Drift is back: the policy's most recent closed issue reopens with the new title and body. */
async function reopen(
  client: GitHubClient,
  repo: RepoRef,
  lastClosed: Issue,
  text: { title: string; body: string },
): Promise<Pick<DriftIssueResult, 'action' | 'issueNumber' | 'htmlUrl'>> {
  const reopened = await client.updateIssue(repo, lastClosed.number, {
    state: 'open',
    state_reason: 'reopened',
    title: text.title,
    body: text.body,
  });
  return { action: 'reopened', issueNumber: lastClosed.number, htmlUrl: reopened.htmlUrl };
}

/** Issues disabled, or no issues: write: an IssuesUnavailableError; null for any other failure. */
function issuesUnavailable(error: unknown, policyPath: string): IssuesUnavailableError | null {
  if (
    error instanceof GitHubApiError &&
    ((error.status === 403 && !error.rateLimited) || error.status === 410)
  ) {
    return new IssuesUnavailableError(
      error.status,
      `cannot maintain the drift issue for ${policyPath}: issues are disabled on this repository ` +
        `or the token lacks issues: write (${error.method} ${error.url} → ${error.status}: ${error.message})`,
      error,
    );
  }
  return null;
}

/** The issues with the label and the policy's marker that `login` wrote, oldest first. */
async function ownIssues(
  client: GitHubClient,
  repo: RepoRef,
  by: { label: string; marker: string; login: string },
): Promise<Issue[]> {
  const issues = await client.listIssues(repo, { labels: [by.label], state: 'all' });
  const own = by.login.toLowerCase();
  return issues
    .filter((issue) => hasMarker(issue.body, by.marker) && issue.userLogin.toLowerCase() === own)
    .sort(oldestFirst);
}

/**
 * The open drift issue of each path that has one, by the Action's own marker and login (a pull
 * request's comment links it: docs/review.md "Warnings"). Read-only; null when the issues API does
 * not answer (disabled, a token that may not list them, an outage), which only leaves the link out.
 */
const LINKABLE_URL = /^https?:\/\/[^\s()<>[\]"'`\\]+$/;

export async function openDriftIssues(
  client: GitHubClient,
  repo: RepoRef,
  paths: readonly string[],
): Promise<Record<string, string> | null> {
  if (paths.length === 0) return {};
  try {
    const login = (await client.getTokenLogin()).login.toLowerCase();
    const issues = await client.listIssues(repo, { labels: [DRIFT_LABEL], state: 'open' });
    const found: Record<string, string> = {};
    for (const path of paths) {
      const marker = driftMarker(path);
      const issue = issues
        .filter((i) => i.state === 'open' && hasMarker(i.body, marker) && i.userLogin.toLowerCase() === login)
        .sort(oldestFirst)[0];
      // The URL goes into markdown as a link's destination: nothing in it may end or extend that.
      if (issue && LINKABLE_URL.test(issue.htmlUrl)) found[path] = issue.htmlUrl;
    }
    return found;
  } catch (error) {
    // A link is a convenience: no answer from the issues API must fail the pull request's check.
    if (error instanceof GitHubApiError) return null;
    throw error;
  }
}

export async function syncDriftIssue(
  client: GitHubClient,
  options: DriftIssueOptions,
): Promise<DriftIssueResult> {
  const marker = driftMarker(options.policyPath);
  const label = options.label ?? DRIFT_LABEL;
  // A body that cannot depend on an earlier issue is checked before any request.
  if (typeof options.body === 'string' && options.driftTotal > 0) issueText(options, null);
  const repo = { owner: options.owner, repo: options.repo };
  const result: DriftIssueResult = { action: 'none', closedDuplicates: [], warnings: [] };

  const listOwn = (login: string) => ownIssues(client, repo, { label, marker, login });

  /** Keeps the oldest open issue; closes the others, pointing at it. */
  const closeDuplicates = async (open: Issue[]): Promise<Issue | undefined> => {
    const [keeper, ...extras] = open;
    for (const extra of extras) {
      if (keeper === undefined) break;
      await client.createIssueComment(repo, extra.number, `Duplicate of #${keeper.number}.`);
      await client.updateIssue(repo, extra.number, { state: 'closed', state_reason: 'not_planned' });
      result.closedDuplicates.push(extra.number);
    }
    return keeper;
  };

  const refresh = async (issue: Issue): Promise<void> => {
    result.issueNumber = issue.number;
    result.htmlUrl = issue.htmlUrl;
    const { title, body } = issueText(options, issue.body);
    if (issue.title === title && sameText(issue.body, body)) {
      result.action = 'unchanged';
      return;
    }
    const updated = await client.updateIssue(repo, issue.number, { title, body });
    result.action = 'updated';
    result.htmlUrl = updated.htmlUrl || issue.htmlUrl;
  };

  try {
    const login = (await client.getTokenLogin()).login;
    const own = await listOwn(login);
    const openIssue = await closeDuplicates(own.filter((issue) => issue.state === 'open'));

    if (options.driftTotal <= 0) {
      if (openIssue === undefined) return result;
      const comment = options.closeComment ?? DEFAULT_CLOSE_COMMENT;
      return { ...result, ...(await closeResolved(client, repo, openIssue, comment)) };
    }

    if (openIssue !== undefined) {
      await refresh(openIssue);
      return result;
    }

    // The most recent closed issue for this policy comes back rather than a new one.
    const lastClosed = own.filter((issue) => issue.state === 'closed').sort((a, b) => b.number - a.number)[0];
    if (lastClosed !== undefined)
      return { ...result, ...(await reopen(client, repo, lastClosed, issueText(options, lastClosed.body))) };

    const { title, body } = issueText(options, null);
    await ensureLabel(client, repo, label, result.warnings);
    const created = await client.createIssue(repo, { title, body, labels: [label] });
    if (!created.labels.includes(label)) await addMissingLabel(client, repo, created, label, result.warnings);
    // A concurrent run may have opened one too: the oldest open issue wins, as for PR comments.
    const afterCreate = (await listOwn(created.userLogin || login)).filter((issue) => issue.state === 'open');
    if (!afterCreate.some((issue) => issue.number === created.number)) afterCreate.push(created);
    afterCreate.sort(oldestFirst);
    const keeper = await closeDuplicates(afterCreate);
    if (keeper === undefined || keeper.number === created.number) {
      return { ...result, action: 'created', issueNumber: created.number, htmlUrl: created.htmlUrl };
    }
    await refresh(keeper);
    return result;
  } catch (error) {
    throw issuesUnavailable(error, options.policyPath) ?? error;
  }
}

/**
 * Closes this configuration's open drift issues whose policy is gone from the default branch
 * (deleted, or renamed): with no policy there is no drift to report, and the issue would otherwise
 * stay open with stale numbers forever. Only issues whose marker names a path this configuration's
 * `policies` globs select are its own: several configurations (each with its own globs) share one
 * repository's issues, and a path outside the globs is another configuration's to keep.
 */
export async function closeOrphanedDriftIssues(
  client: GitHubClient,
  options: RepoRef & {
    livePolicyPaths: readonly string[];
    /** Whether a policy path is one this configuration replays (its `policies` globs). */
    replays: (path: string) => boolean;
    label?: string;
  },
): Promise<number[]> {
  const repo = { owner: options.owner, repo: options.repo };
  const label = options.label ?? DRIFT_LABEL;
  const own = (await client.getTokenLogin()).login.toLowerCase();
  const live = new Set(options.livePolicyPaths);
  // Also by marker: an issue a live policy's run writes to is never an orphan, whatever its marker
  // decodes to (a marker written by an older encoding, or a path that does not round-trip).
  const liveMarkers = new Set(options.livePolicyPaths.map(driftMarker));
  const closed: number[] = [];
  for (const issue of await client.listIssues(repo, { labels: [label], state: 'open' })) {
    if (issue.userLogin.toLowerCase() !== own) continue;
    if (liveMarkers.has(firstLine(issue.body))) continue;
    const path = driftMarkerPath(issue.body);
    if (path === null || live.has(path) || !options.replays(path)) continue;
    await client.createIssueComment(
      repo,
      issue.number,
      'The policy this issue reports on no longer exists on the default branch. Closing; policy-replay opens a new issue if it comes back and drifts.',
    );
    await client.updateIssue(repo, issue.number, { state: 'closed', state_reason: 'not_planned' });
    closed.push(issue.number);
  }
  return closed;
}
