/**
 * The one policy-replay comment on a pull request. It is found by a hidden HTML marker on its first
 * line AND by its author being the token's own login (a marker alone can be pasted by anyone), edited in place,
 * left alone when nothing changed, and de-duplicated when two runs raced: the oldest marked
 * comment wins and the others are deleted. Every run applies the same rule, so racing runs
 * converge on the same survivor instead of deleting each other's comments.
 */
import type { GitHubClient, IssueComment, RepoRef } from './client.js';
import { GitHubApiError } from './client.js';
import { humanText } from '../text/bidi.js';

/** GitHub rejects comment bodies longer than this many characters (422). */
export const MAX_COMMENT_LENGTH = 65_536;

const MARKER_ID_PATTERN = /^[A-Za-z0-9_.:/-]+$/;

/**
 * The hidden marker, `<!-- policy-replay:comment -->`, or `<!-- policy-replay:comment:<id> -->`
 * when several configurations comment on the same PR. Matching is on the whole marker, so the
 * plain marker never matches a suffixed one.
 */
export function commentMarker(id?: string): string {
  if (id === undefined || id === '') return '<!-- policy-replay:comment -->';
  if (!MARKER_ID_PATTERN.test(id) || id.includes('--')) {
    throw new Error(
      `Invalid comment marker id '${id}'. Expected letters, digits, '_', '.', ':', '/' or single '-'.`,
    );
  }
  return `<!-- policy-replay:comment:${id} -->`;
}

/** A body's first line, without the `\r` of a CRLF line end (GitHub may hand bodies back so). */
export function firstLine(body: string): string {
  const end = body.indexOf('\n');
  const line = end < 0 ? body : body.slice(0, end);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * Whether `body` carries `marker`, which counts only as the whole first line: anywhere else it may
 * be text the body quotes (a rule description in the Rego diff, a traffic value), which must never
 * make one configuration's comment or issue pass for another's.
 */
export function hasMarker(body: string, marker: string): boolean {
  return firstLine(body) === marker;
}

/** The body as posted: the marker on its own first line, whatever the rest holds. */
export function withMarker(body: string, marker: string): string {
  return hasMarker(body, marker) ? body : `${marker}\n${body}`;
}

/** Characters as GitHub counts them (code points, not UTF-16 units). */
export function commentLength(body: string): number {
  let length = 0;
  for (const _ of body) length++;
  return length;
}

/** The comment body is over GitHub's limit: the renderer must cut it before posting. */
export class CommentTooLargeError extends Error {
  override readonly name = 'CommentTooLargeError';
  readonly kind = 'comment-too-large' as const;
  constructor(
    readonly length: number,
    readonly limit: number,
    message: string,
  ) {
    super(message);
  }
}

export interface StickyCommentOptions extends RepoRef {
  issueNumber: number;
  /** The rendered comment; the marker is prepended when it is missing. */
  body: string;
  /** Suffix for the marker when several configurations comment on one PR. */
  markerId?: string;
}

export type StickyCommentResult =
  | {
      action: 'created' | 'updated' | 'unchanged';
      commentId: number;
      htmlUrl: string;
      /** Extra marked comments removed (duplicates from concurrent runs). */
      deleted: number[];
    }
  | {
      /** The token may not write here (a fork PR's read-only token): a warning, not a failure. */
      action: 'forbidden';
      warning: string;
      commentId?: number;
      deleted: number[];
    };

/**
 * The body as compared: GitHub may hand it back with CRLF line ends, and each run links its own
 * workflow run (docs/action.md "The comment"). Neither is a change worth an edit: a re-run that
 * finds the same report leaves the comment, and the link to the run that first reported it, alone.
 */
function comparable(body: string): string {
  return body.replace(/\r\n/g, '\n').replace(/\/actions\/runs\/[0-9]+/g, '/actions/runs/*');
}

function sameBody(a: string, b: string): boolean {
  return comparable(a) === comparable(b);
}

function oldestFirst(a: IssueComment, b: IssueComment): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 && !Number.isNaN(byTime) ? byTime : a.id - b.id;
}

function isForbidden(error: unknown): error is GitHubApiError {
  return error instanceof GitHubApiError && error.status === 403 && !error.rateLimited;
}

function isTooLarge(error: unknown): boolean {
  return (
    error instanceof GitHubApiError && error.status === 422 && /too long|maximum is/i.test(error.message)
  );
}

/** The body with its marker, as the client will send it; refused when over GitHub's limit. */
function markedBody(options: StickyCommentOptions): { marker: string; body: string; length: number } {
  const marker = commentMarker(options.markerId);
  // As the client will send it (comments.ts), so an unchanged body compares equal to the stored one.
  const body = humanText(withMarker(options.body, marker));
  const length = commentLength(body);
  if (length > MAX_COMMENT_LENGTH) {
    throw new CommentTooLargeError(
      length,
      MAX_COMMENT_LENGTH,
      `the pull request comment is ${length} characters, over GitHub's limit of ${MAX_COMMENT_LENGTH}`,
    );
  }
  return { marker, body, length };
}

function forbidden(error: GitHubApiError, deleted: number[]): StickyCommentResult {
  return {
    action: 'forbidden',
    warning:
      `Could not write the pull request comment (${error.method} ${error.url} → 403: ${error.message}). ` +
      `The token is read-only here, as it is for pull requests from forks; the job summary and ` +
      `outputs still hold the report.`,
    deleted,
  };
}

/** The comments carrying `marker` that `login` wrote, oldest (the one that counts) first. */
function ownMarked(comments: readonly IssueComment[], marker: string, login: string): IssueComment[] {
  const own = login.toLowerCase();
  return comments
    .filter((comment) => hasMarker(comment.body, marker) && comment.userLogin.toLowerCase() === own)
    .sort(oldestFirst);
}

/** The sticky comment as a run would find it, or null (accept mode edits its headline). */
export async function findStickyComment(
  client: GitHubClient,
  options: RepoRef & { issueNumber: number; markerId?: string },
): Promise<IssueComment | null> {
  const repo = { owner: options.owner, repo: options.repo };
  const { login } = await client.getTokenLogin();
  const comments = await client.listIssueComments(repo, options.issueNumber);
  return ownMarked(comments, commentMarker(options.markerId), login)[0] ?? null;
}

export async function syncStickyComment(
  client: GitHubClient,
  options: StickyCommentOptions,
): Promise<StickyCommentResult> {
  const { marker, body, length } = markedBody(options);
  const repo = { owner: options.owner, repo: options.repo };
  const deleted: number[] = [];

  const listOwn = async (login: string): Promise<IssueComment[]> =>
    ownMarked(await client.listIssueComments(repo, options.issueNumber), marker, login);

  const removeExtras = async (extras: IssueComment[]): Promise<void> => {
    for (const extra of extras) {
      try {
        await client.deleteIssueComment(repo, extra.id);
        deleted.push(extra.id);
      } catch (error) {
        // A racing run deleting the same duplicate first is the expected outcome, not a failure.
        if (error instanceof GitHubApiError && error.status === 404) continue;
        throw error;
      }
    }
  };

  /** The oldest comment carries the report; the rest go. */
  const settle = async (
    own: IssueComment[],
    created?: IssueComment,
  ): Promise<Extract<StickyCommentResult, { commentId: number }>> => {
    const [keeper, ...extras] = own;
    if (keeper === undefined) throw new Error('settle() needs at least one comment');
    let action: 'created' | 'updated' | 'unchanged' = keeper.id === created?.id ? 'created' : 'unchanged';
    let htmlUrl = keeper.htmlUrl;
    if (action !== 'created' && !sameBody(keeper.body, body)) {
      htmlUrl = (await client.updateIssueComment(repo, keeper.id, body)).htmlUrl || htmlUrl;
      action = 'updated';
    }
    await removeExtras(extras);
    return { action, commentId: keeper.id, htmlUrl, deleted };
  };

  try {
    const tokenLogin = await client.getTokenLogin();
    const own = await listOwn(tokenLogin.login);
    if (own.length > 0) return await settle(own);

    const created = await client.createIssueComment(repo, options.issueNumber, body);
    // The created comment names its true author, which beats a guessed fallback login.
    const afterCreate = await listOwn(created.userLogin || tokenLogin.login);
    if (!afterCreate.some((comment) => comment.id === created.id)) afterCreate.push(created);
    afterCreate.sort(oldestFirst);
    return await settle(afterCreate, created);
  } catch (error) {
    if (isForbidden(error)) {
      return forbidden(error, deleted);
    }
    if (isTooLarge(error)) {
      throw new CommentTooLargeError(
        length,
        MAX_COMMENT_LENGTH,
        `GitHub rejected the ${length}-character pull request comment: ${(error as GitHubApiError).message}`,
      );
    }
    throw error;
  }
}
