import type { FileChangeStatus } from '../git/repository.js';
import type { PermissionAnswer } from '../acceptance/permission.js';

/** The shapes the GitHub client speaks in: requests' references and the answers it returns. */

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface PullRequestInfo {
  number: number;
  changedFiles: number;
  baseSha: string;
  headSha: string;
  baseRef: string;
  headRef: string;
  /** The head repository differs from the base one (a fork): the token is read-only there. */
  fromFork: boolean;
  /** Who opened it (null when GitHub no longer knows the account). */
  authorLogin: string | null;
}

export type PullFileStatus = FileChangeStatus;

export interface ApiPullFile {
  filename: string;
  status: PullFileStatus;
  previous_filename?: string;
}

export interface IssueComment {
  id: number;
  body: string;
  userLogin: string;
  /** `User`, `Bot`, `Organization` as GitHub says; null when absent. */
  userType: string | null;
  createdAt: string;
  /** Equal to `createdAt` while the comment was never edited. */
  updatedAt: string;
  htmlUrl: string;
}

export interface PullReview {
  id: number;
  userLogin: string;
  userType: string | null;
  body: string;
  /** `APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`, `DISMISSED`, `PENDING`. */
  state: string;
  /** The head the review was submitted on. */
  commitId: string | null;
  htmlUrl: string;
}

export type StatusState = 'error' | 'failure' | 'pending' | 'success';

export interface CommitStatus {
  id: number;
  state: StatusState;
  description: string;
  targetUrl: string;
  context: string;
  createdAt: string;
  /** Whose token posted it: the only part of a status nobody else can forge. */
  creatorLogin: string | null;
}

/** A user's repository permission as `GET collaborators/{user}/permission` answers it. */
export type CollaboratorPermission = PermissionAnswer;

export interface Issue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: string[];
  userLogin: string;
  createdAt: string;
  htmlUrl: string;
}

export interface IssueUpdate {
  title?: string;
  body?: string;
  state?: 'open' | 'closed';
  state_reason?: 'completed' | 'not_planned' | 'reopened';
}

export interface Label {
  name: string;
  color: string;
  description: string | null;
}

/** How the client learnt whose token it holds (see `docs/github.md`). */
export interface TokenLogin {
  login: string;
  /**
   * `configured`: given in the options; `api`: GET /user answered; `fallback`: GET /user refused
   * (installation tokens such as GITHUB_TOKEN) and the fallback login is assumed.
   */
  source: 'configured' | 'api' | 'fallback';
}

export interface GitHubClient {
  readonly apiUrl: string;
  /** Cached after the first call. */
  getTokenLogin(): Promise<TokenLogin>;
  getPullRequest(repo: RepoRef, pullNumber: number): Promise<PullRequestInfo>;
  /** Every page of `GET /repos/{o}/{r}/pulls/{n}/files` (the API itself stops at 3000 files). */
  listPullRequestFiles(repo: RepoRef, pullNumber: number): Promise<ApiPullFile[]>;
  /** The merge base of two commits, from `GET /repos/{o}/{r}/compare/{base}...{head}`. */
  getMergeBase(repo: RepoRef, base: string, head: string): Promise<string>;
  /** Every review of a pull request, oldest first. */
  listPullReviews(repo: RepoRef, pullNumber: number): Promise<PullReview[]>;
  /** The pull request's commits, oldest first (GitHub lists at most 250). */
  listPullCommits(repo: RepoRef, pullNumber: number): Promise<string[]>;
  listIssueComments(repo: RepoRef, issueNumber: number): Promise<IssueComment[]>;
  getIssueComment(repo: RepoRef, commentId: number): Promise<IssueComment>;
  createIssueComment(repo: RepoRef, issueNumber: number, body: string): Promise<IssueComment>;
  updateIssueComment(repo: RepoRef, commentId: number, body: string): Promise<IssueComment>;
  deleteIssueComment(repo: RepoRef, commentId: number): Promise<void>;
  /** Issues only: pull requests, which the issues API also returns, are dropped. */
  listIssues(
    repo: RepoRef,
    filter: { labels?: string[]; state: 'open' | 'closed' | 'all' },
  ): Promise<Issue[]>;
  createIssue(repo: RepoRef, issue: { title: string; body: string; labels?: string[] }): Promise<Issue>;
  updateIssue(repo: RepoRef, issueNumber: number, update: IssueUpdate): Promise<Issue>;
  addLabels(repo: RepoRef, issueNumber: number, labels: string[]): Promise<void>;
  /** null when the label does not exist. */
  getLabel(repo: RepoRef, name: string): Promise<Label | null>;
  createLabel(repo: RepoRef, label: Label): Promise<Label>;
  createCommitStatus(
    repo: RepoRef,
    sha: string,
    status: { state: StatusState; context: string; description: string; targetUrl: string },
  ): Promise<CommitStatus>;
  /** Every status of a commit, newest first, every context. */
  listCommitStatuses(repo: RepoRef, ref: string): Promise<CommitStatus[]>;
  getCollaboratorPermission(repo: RepoRef, username: string): Promise<CollaboratorPermission>;
  /** `active` or `pending` membership, or null when the user is not in the team. */
  getTeamMembership(org: string, teamSlug: string, username: string): Promise<'active' | 'pending' | null>;
}

export interface RetryNotice {
  method: string;
  url: string;
  status: number;
  /** The attempt that failed, 1-based. */
  attempt: number;
  delayMs: number;
  reason: 'server-error' | 'secondary-rate-limit' | 'rate-limit' | 'network';
}

export interface GitHubClientOptions {
  token: string;
  /** The REST base, e.g. `https://api.github.com` or `https://ghe.example/api/v3` (GITHUB_API_URL). */
  apiUrl: string;
  userAgent?: string;
  /** Attempts per request including the first; default 4. */
  maxAttempts?: number;
  /** Multiplies every wait (retry-after and backoff); tests pass a small value. Default 1. */
  retryDelayScale?: number;
  /** A wait longer than this (before scaling) is not attempted: the error is thrown. Default 120 s. */
  maxRetryWaitMs?: number;
  /** Per-attempt timeout; default 60 s. */
  requestTimeoutMs?: number;
  /** Login assumed when GET /user is refused (installation tokens); default `github-actions[bot]`. */
  fallbackLogin?: string;
  /** Skip discovery and use this login (e.g. a GitHub App's `my-app[bot]`). */
  login?: string;
  onRetry?: (notice: RetryNotice) => void;
  onWarning?: (message: string) => void;
}
