/**
 * `mode: post-comment`: the second half of the fork pull-request recipe (docs/action.md "Fork
 * pull requests"). A `pull_request` run from a fork has a read-only token, so it renders the
 * comment to a file (output `comment-file`) and uploads it with the pull request's number; a
 * `workflow_run` job in the base repository, with a write token, posts it with this mode.
 *
 * Both files came from a job that ran the fork's code, so they are untrusted data: each must be a
 * regular file (never a symlink, FIFO or device) within its size limit, read before anything is
 * posted; the number is checked to be a number and to name a pull request whose head is the commit that run was for;
 * the body is bounded, must be UTF-8 text, and loses any policy-replay marker it carries (it
 * could otherwise take over another configuration's sticky comment). Nothing in either file is
 * ever run, logged, or interpolated into anything but the comment body.
 */
import type { GitHubClient } from '../github/client.js';
import { GitHubApiError } from '../github/client.js';
import { MAX_COMMENT_LENGTH, commentLength, syncStickyComment } from '../github/stickyComment.js';
import type { RunContext } from './context.js';
import { readUntrustedFile, UntrustedFileError } from './untrustedFile.js';

/** A comment of 65,536 code points is at most 4 bytes each in UTF-8; anything larger is refused. */
export const MAX_COMMENT_FILE_BYTES = MAX_COMMENT_LENGTH * 4;
/** Room for digits, a line break and some whitespace. */
export const MAX_PULL_REQUEST_FILE_BYTES = 64;

/** The artifact is not what a policy-replay run writes: nothing is posted. */
export class CommentArtifactError extends Error {
  override readonly name = 'CommentArtifactError';
}

/** The number in a pull-request file: digits only (whitespace around them allowed), 1 to 2^31-1. */
export function parsePullRequestNumber(text: string, file: string): number {
  const trimmed = text.trim();
  const n = Number(trimmed);
  if (!/^[1-9][0-9]{0,9}$/.test(trimmed) || n > 2 ** 31 - 1) {
    throw new CommentArtifactError(
      `${file} does not hold a pull request number (expected digits such as 42, ${Buffer.byteLength(text)} bytes found); nothing posted`,
    );
  }
  return n;
}

/** Any hidden policy-replay marker (sticky comments, drift issues), whatever its id. */
const MARKER = /<!--\s*policy-replay:[\s\S]*?-->/g;

/**
 * The comment body in a comment file: strict UTF-8, no control characters but tab and line
 * breaks (the renderer never writes others), no policy-replay marker (the poster adds its own).
 */
export function commentBodyFromBytes(bytes: Uint8Array, file: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CommentArtifactError(`${file} is not UTF-8 text; nothing posted`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    throw new CommentArtifactError(
      `${file} holds control characters, which no rendered comment has; nothing posted`,
    );
  }
  // A marker on the last line (the impact block) leaves blank lines behind: one line end is kept.
  const body = text.replace(MARKER, '').replace(/\n{2,}$/, '\n');
  if (body.includes('<!-- policy-replay:') || body.includes('<!--policy-replay:')) {
    throw new CommentArtifactError(`${file} holds a malformed policy-replay marker; nothing posted`);
  }
  if (commentLength(body) > MAX_COMMENT_LENGTH - 100) {
    throw new CommentArtifactError(
      `${file} holds ${commentLength(body)} characters, more than a comment can (${MAX_COMMENT_LENGTH}); nothing posted`,
    );
  }
  return body;
}

/** The file's bytes, or why it was refused (untrustedFile.ts): nothing is posted either way. */
async function readArtifactFile(file: string, limit: number): Promise<Uint8Array> {
  try {
    return await readUntrustedFile(file, limit);
  } catch (error) {
    if (!(error instanceof UntrustedFileError)) throw error;
    const hint = error.reason.startsWith('cannot be read')
      ? ' (did the pull request run upload its comment?)'
      : '';
    throw new CommentArtifactError(`${error.message}; nothing posted${hint}`);
  }
}

/** The workflow run the artifact came from, from a `workflow_run` event payload. */
export interface SourceRun {
  id: number | null;
  event: string;
  headSha: string;
  headBranch: string | null;
}

export function sourceRunOf(context: RunContext): SourceRun {
  if (context.eventName !== 'workflow_run') {
    throw new CommentArtifactError(
      `mode: post-comment runs on the workflow_run event (it posts what a pull_request run left), not on '${context.eventName}'`,
    );
  }
  const run = context.event.workflow_run as
    { id?: unknown; event?: unknown; head_sha?: unknown; head_branch?: unknown } | undefined;
  if (!run || typeof run.head_sha !== 'string' || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(run.head_sha)) {
    throw new CommentArtifactError('the workflow_run event payload names no head commit; nothing posted');
  }
  return {
    id: typeof run.id === 'number' ? run.id : null,
    event: typeof run.event === 'string' ? run.event : '',
    headSha: run.head_sha,
    headBranch: typeof run.head_branch === 'string' ? run.head_branch : null,
  };
}

export type PostCommentOutcome =
  | { action: 'created' | 'updated' | 'unchanged'; pullNumber: number; htmlUrl: string }
  | { action: 'forbidden'; pullNumber: number; warning: string }
  /** The file was empty: the pull request changed no policy, so there is nothing to say. */
  | { action: 'empty' }
  /** The pull request has moved on since the run: that newer push's own run will post. */
  | { action: 'stale'; pullNumber: number; warning: string };

export interface PostCommentRequest {
  client: GitHubClient;
  context: RunContext;
  commentFile: string;
  pullRequestFile: string;
  commentId: string | null;
}

/** Validates both files against the workflow run, then keeps the pull request's sticky comment. */
export async function postCommentFile(request: PostCommentRequest): Promise<PostCommentOutcome> {
  const { client, context } = request;
  const source = sourceRunOf(context);
  if (source.event !== 'pull_request') {
    throw new CommentArtifactError(
      `the workflow run that triggered this one was a '${source.event}' run, not a pull_request run; nothing posted`,
    );
  }
  const numberText = new TextDecoder('utf-8').decode(
    await readArtifactFile(request.pullRequestFile, MAX_PULL_REQUEST_FILE_BYTES),
  );
  const pullNumber = parsePullRequestNumber(numberText, request.pullRequestFile);
  const body = commentBodyFromBytes(
    await readArtifactFile(request.commentFile, MAX_COMMENT_FILE_BYTES),
    request.commentFile,
  );
  if (body.trim() === '') return { action: 'empty' };

  const repo = { owner: context.owner, repo: context.repo };
  let pull;
  try {
    pull = await client.getPullRequest(repo, pullNumber);
  } catch (error) {
    if (error instanceof GitHubApiError && error.status === 404) {
      throw new CommentArtifactError(`pull request #${pullNumber} does not exist here; nothing posted`);
    }
    throw error;
  }
  // The number is the fork's word; the head commit is GitHub's. They must name the same change.
  if (pull.headSha !== source.headSha) {
    if (source.headBranch !== null && pull.headRef === source.headBranch) {
      return {
        action: 'stale',
        pullNumber,
        warning: `pull request #${pullNumber} has moved on to ${pull.headSha.slice(0, 12)} since the run for ${source.headSha.slice(0, 12)}: its comment is left to the newer run`,
      };
    }
    throw new CommentArtifactError(
      `pull request #${pullNumber} is at ${pull.headSha.slice(0, 12)} on '${pull.headRef}', but the run that made the comment was for ${source.headSha.slice(0, 12)}${source.headBranch ? ` on '${source.headBranch}'` : ''}: the number does not belong to that run; nothing posted`,
    );
  }
  const result = await syncStickyComment(client, {
    ...repo,
    issueNumber: pullNumber,
    body,
    ...(request.commentId ? { markerId: request.commentId } : {}),
  });
  if (result.action === 'forbidden') return { action: 'forbidden', pullNumber, warning: result.warning };
  return { action: result.action, pullNumber, htmlUrl: result.htmlUrl };
}
