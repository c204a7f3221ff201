/**
 * The files a pull request touches. The REST listing is the fast path, but it stops at 3000
 * files; a bigger PR is read from git instead, and when git cannot answer either the caller gets
 * an error. A partial list would silently skip policies, which the contract forbids.
 */
import type { GitHubClient, PullFileStatus, RepoRef } from './client.js';
import { diffNameStatus, ensureCommits, mergeBase } from '../git/repository.js';

export interface PullFile {
  filename: string;
  status: PullFileStatus;
  previous_filename?: string;
}

export interface PullFiles {
  files: PullFile[];
  /** `api`: the REST listing was complete; `git`: it was capped and the list came from `git diff`. */
  source: 'api' | 'git';
  baseSha: string;
  headSha: string;
  /** What GitHub says the PR changes (`changed_files`). */
  changedFiles: number;
}

export interface ListPullFilesOptions extends RepoRef {
  pullNumber: number;
  /** The git checkout used for the fallback (GITHUB_WORKSPACE). */
  workspace: string;
  remote?: string;
}

/** The REST API's documented ceiling for `GET /pulls/{n}/files`. */
export const PULL_FILES_API_CAP = 3000;

/** The file list could not be obtained completely: the run must fail rather than skip files. */
export class PullFilesIncompleteError extends Error {
  override readonly name = 'PullFilesIncompleteError';
  readonly kind = 'pull-files-incomplete' as const;
  constructor(
    readonly pullNumber: number,
    readonly listed: number,
    readonly changedFiles: number,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export async function listPullFiles(client: GitHubClient, options: ListPullFilesOptions): Promise<PullFiles> {
  const repo = { owner: options.owner, repo: options.repo };
  const pull = await client.getPullRequest(repo, options.pullNumber);
  const listed = await client.listPullRequestFiles(repo, options.pullNumber);
  const base = { baseSha: pull.baseSha, headSha: pull.headSha, changedFiles: pull.changedFiles };
  if (listed.length < PULL_FILES_API_CAP && listed.length >= pull.changedFiles) {
    return { files: listed.map(toPullFile), source: 'api', ...base };
  }

  try {
    await ensureCommits(options.workspace, [pull.baseSha, pull.headSha], options.remote);
    // The API lists `base...head` (from the merge base); a shallow checkout cannot compute the
    // merge base locally, so ask GitHub for it and fetch that one commit.
    let from = await mergeBase(options.workspace, pull.baseSha, pull.headSha);
    if (from === null) {
      from = await client.getMergeBase(repo, pull.baseSha, pull.headSha);
      await ensureCommits(options.workspace, [from], options.remote);
    }
    const files = await diffNameStatus(options.workspace, from, pull.headSha);
    return { files: files.map(toPullFile), source: 'git', ...base };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new PullFilesIncompleteError(
      options.pullNumber,
      listed.length,
      pull.changedFiles,
      `pull request #${options.pullNumber} changes ${pull.changedFiles} files but the GitHub API listed only ` +
        `${listed.length} (it stops at ${PULL_FILES_API_CAP}), and git could not list them between ` +
        `${pull.baseSha} and ${pull.headSha}: ${detail}. Check out the repository with enough history ` +
        `(actions/checkout with fetch-depth: 0) so no policy is skipped.`,
      error,
    );
  }
}

function toPullFile(file: {
  filename: string;
  status: PullFileStatus;
  previous_filename?: string;
}): PullFile {
  return file.previous_filename === undefined
    ? { filename: file.filename, status: file.status }
    : { filename: file.filename, status: file.status, previous_filename: file.previous_filename };
}
