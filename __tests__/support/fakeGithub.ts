/**
 * A fake GitHub REST API on 127.0.0.1 for tests: real HTTP, a small in-memory repository state
 * (pull requests and their files, issue comments, issues, labels), every request recorded, and
 * fault injection for the failures the Action must survive (secondary rate limits, 5xx, 403 for
 * forks, 410 when issues are disabled). Pagination follows GitHub: `per_page` (default 30, max
 * 100), `page`, and absolute URLs in a `Link` header. Bodies over 65,536 characters get a 422.
 * Commit statuses, collaborator permissions, team memberships, pull request commits and reviews
 * live in `fakeGithubReview.ts`, whose state `FakeGitHubState` extends and whose routes it mounts.
 *
 *   const gh = await startFakeGitHub({ prefix: '/api/v3' });
 *   gh.state.addPull('acme/policies', { number: 7, baseSha, headSha, files: [...] });
 *   ... createGitHubClient({ token: 't', apiUrl: gh.url }) ...
 *   await gh.close();
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FakePullCommit, FakeReviewRouteContext } from './fakeGithubReview.js';
import { FakeReviewStateBase, routeReview } from './fakeGithubReview.js';

export const FAKE_MAX_BODY_LENGTH = 65_536;
/** The files listing stops here, as GitHub's does. */
export const FAKE_PULL_FILES_CAP = 3000;

export interface FakeRequest {
  method: string;
  /** The URL path as received, prefix included. */
  path: string;
  /** The path below the API prefix, e.g. `/repos/o/r/issues/1/comments`. */
  route: string;
  query: Record<string, string>;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Status the fake answered with. */
  status: number;
  /** Answered by an injected fault. */
  faulted: boolean;
}

export interface FakeRequestView {
  method: string;
  route: string;
  query: Record<string, string>;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface FakeFault {
  /** A predicate, or a method and/or route (exact string or RegExp on the route). */
  match: ((request: FakeRequestView) => boolean) | { method?: string; route?: string | RegExp };
  /** How many matching requests get the fault; default 1. */
  times?: number;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeFaultHandle {
  /** Matching requests still to be faulted. */
  remaining(): number;
}

export interface FakeUser {
  login: string;
  type: 'User' | 'Bot';
}

export interface FakePullFile {
  filename: string;
  status: 'added' | 'modified' | 'removed' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  previous_filename?: string;
}

export interface FakePull {
  number: number;
  baseSha: string;
  headSha: string;
  baseRef: string;
  headRef: string;
  /** `owner/repo` of the head; a different one than the base makes a fork PR. */
  headRepo: string;
  files: FakePullFile[];
  /** What `changed_files` reports; defaults to `files.length`. */
  changedFiles: number;
  /** Who opened it (`user`); default `octocat`. */
  author: FakeUser;
  /** Oldest first: the initial head, then each `pushHead`. */
  commits: FakePullCommit[];
}

export interface FakeComment {
  id: number;
  issueNumber: number;
  body: string;
  user: FakeUser;
  createdAt: string;
  updatedAt: string;
  /** Who last edited it with `state.editComment` (not sent: REST has no editor field). */
  editor?: FakeUser;
}

export interface FakeIssue {
  id: number;
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  stateReason: string | null;
  labels: string[];
  user: FakeUser;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** The issues API also lists pull requests; these carry a `pull_request` key. */
  isPullRequest: boolean;
}

export interface FakeLabel {
  name: string;
  color: string;
  description: string | null;
}

class FakeRepo {
  readonly pulls = new Map<number, FakePull>();
  readonly issues = new Map<number, FakeIssue>();
  readonly comments: FakeComment[] = [];
  readonly labels = new Map<string, FakeLabel>();
  /** `base...head` → merge base sha, for the compare endpoint. */
  readonly mergeBases = new Map<string, string>();
  issuesEnabled = true;
  nextNumber = 1;
  constructor(readonly fullName: string) {}
}

export interface FakeGitHubOptions {
  /** API mount point, e.g. `/api/v3` for a GitHub Enterprise style base URL. Default ''. */
  prefix?: string;
  /** Login of requests whose token is not in `tokens`. Default `github-actions[bot]`. */
  login?: string;
  /** token → login, for tests that need several identities. */
  tokens?: Record<string, string>;
  /**
   * `forbidden` answers GET /user with 403 as GitHub does for GITHUB_TOKEN (installation
   * tokens); `ok` answers with the login. Default `forbidden`.
   */
  userEndpoint?: 'ok' | 'forbidden';
}

export class FakeGitHubState extends FakeReviewStateBase {
  readonly repos = new Map<string, FakeRepo>();
  userEndpoint: 'ok' | 'forbidden';
  login: string;
  readonly tokens: Map<string, string>;
  private nextId = 1000;
  private clock = Date.parse('2024-01-01T00:00:00Z');

  constructor(options: FakeGitHubOptions) {
    super();
    this.userEndpoint = options.userEndpoint ?? 'forbidden';
    this.login = options.login ?? 'github-actions[bot]';
    this.tokens = new Map(Object.entries(options.tokens ?? {}));
  }

  repo(fullName: string): FakeRepo {
    let repo = this.repos.get(fullName);
    if (!repo) {
      repo = new FakeRepo(fullName);
      this.repos.set(fullName, repo);
    }
    return repo;
  }

  /** Ids grow, and each new object is one second younger than the previous one. */
  newId(): number {
    return this.nextId++;
  }

  now(): string {
    return new Date(this.clock).toISOString();
  }

  tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  userFor(login: string): FakeUser {
    return { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' };
  }

  pullOf(fullName: string, number: number): FakePull | undefined {
    return this.repo(fullName).pulls.get(number);
  }

  commentOf(fullName: string, id: number): FakeComment | undefined {
    return this.repo(fullName).comments.find((comment) => comment.id === id);
  }

  addPull(
    fullName: string,
    pull: {
      number: number;
      baseSha: string;
      headSha: string;
      files: FakePullFile[];
      changedFiles?: number;
      baseRef?: string;
      headRef?: string;
      headRepo?: string;
      /** Login of the pull's author; default `octocat`. */
      author?: string;
    },
  ): FakePull {
    const repo = this.repo(fullName);
    const author = this.userFor(pull.author ?? 'octocat');
    const stored: FakePull = {
      number: pull.number,
      baseSha: pull.baseSha,
      headSha: pull.headSha,
      baseRef: pull.baseRef ?? 'main',
      headRef: pull.headRef ?? 'feature',
      headRepo: pull.headRepo ?? fullName,
      files: pull.files,
      changedFiles: pull.changedFiles ?? pull.files.length,
      author,
      commits: [
        // Dated now without moving the clock, so the objects created after it keep their times.
        { sha: pull.headSha, message: `Commit ${pull.headSha.slice(0, 7)}`, author, date: this.now() },
      ],
    };
    repo.pulls.set(pull.number, stored);
    repo.nextNumber = Math.max(repo.nextNumber, pull.number + 1);
    return stored;
  }

  addComment(
    fullName: string,
    issueNumber: number,
    comment: { body: string; login?: string; createdAt?: string; userType?: FakeUser['type'] },
  ): FakeComment {
    const createdAt = comment.createdAt ?? this.tick();
    const user = this.userFor(comment.login ?? this.login);
    const stored: FakeComment = {
      id: this.newId(),
      issueNumber,
      body: comment.body,
      user: comment.userType ? { ...user, type: comment.userType } : user,
      createdAt,
      updatedAt: createdAt,
    };
    this.repo(fullName).comments.push(stored);
    return stored;
  }

  addIssue(
    fullName: string,
    issue: {
      title: string;
      body: string;
      labels?: string[];
      state?: 'open' | 'closed';
      login?: string;
      isPullRequest?: boolean;
    },
  ): FakeIssue {
    const repo = this.repo(fullName);
    const createdAt = this.tick();
    const stored: FakeIssue = {
      id: this.newId(),
      number: repo.nextNumber++,
      title: issue.title,
      body: issue.body,
      state: issue.state ?? 'open',
      stateReason: null,
      labels: issue.labels ?? [],
      user: this.userFor(issue.login ?? this.login),
      createdAt,
      updatedAt: createdAt,
      closedAt: issue.state === 'closed' ? createdAt : null,
      isPullRequest: issue.isPullRequest ?? false,
    };
    repo.issues.set(stored.number, stored);
    for (const name of stored.labels) this.ensureLabel(repo, name);
    return stored;
  }

  ensureLabel(repo: FakeRepo, name: string): FakeLabel {
    const existing = repo.labels.get(name.toLowerCase());
    if (existing) return existing;
    const label = { name, color: 'ededed', description: null };
    repo.labels.set(name.toLowerCase(), label);
    return label;
  }

  /** Comments on one issue or PR, oldest first. */
  comments(fullName: string, issueNumber: number): FakeComment[] {
    return this.repo(fullName).comments.filter((comment) => comment.issueNumber === issueNumber);
  }

  /** Issues (not pull requests), by number. */
  issues(fullName: string): FakeIssue[] {
    return [...this.repo(fullName).issues.values()]
      .filter((issue) => !issue.isPullRequest)
      .sort((a, b) => a.number - b.number);
  }

  setIssuesEnabled(fullName: string, enabled: boolean): void {
    this.repo(fullName).issuesEnabled = enabled;
  }

  setMergeBase(fullName: string, base: string, head: string, mergeBase: string): void {
    this.repo(fullName).mergeBases.set(`${base}...${head}`, mergeBase);
  }
}

export interface FakeGitHub {
  /** The API base URL to hand to the client (prefix included, no trailing slash). */
  url: string;
  state: FakeGitHubState;
  /** Every request, in arrival order (a live array). */
  requests: FakeRequest[];
  inject(fault: FakeFault): FakeFaultHandle;
  /** Requests whose method matches and whose route equals / matches `route`. */
  requestsTo(method: string, route: string | RegExp): FakeRequest[];
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function textLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

function routeMatches(route: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? route === pattern : pattern.test(route);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  const state = new FakeGitHubState(options);
  const requests: FakeRequest[] = [];
  const faults: Array<{ fault: FakeFault; left: number }> = [];
  let origin = '';

  const loginOf = (headers: IncomingHttpHeaders): string | undefined => {
    const auth = headers.authorization;
    if (!auth) return undefined;
    const token = auth.replace(/^(token|bearer)\s+/i, '');
    return state.tokens.get(token) ?? state.login;
  };

  const checkLength = (body: unknown, resource: string): string => {
    if (typeof body !== 'string' || body === '') {
      throw new HttpFailure(422, 'Validation Failed', {
        errors: [{ resource, code: 'missing_field', field: 'body' }],
      });
    }
    if (textLength(body) > FAKE_MAX_BODY_LENGTH) {
      throw new HttpFailure(422, 'Validation Failed', {
        errors: [
          {
            resource,
            code: 'custom',
            field: 'body',
            message: `body is too long (maximum is ${FAKE_MAX_BODY_LENGTH} characters)`,
          },
        ],
      });
    }
    return body;
  };

  const paginate = <T>(items: T[], route: string, query: Record<string, string>): Reply => {
    const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30));
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const lastPage = Math.max(1, Math.ceil(items.length / perPage));
    const pageUrl = (n: number) => {
      const params = new URLSearchParams({ ...query, per_page: String(perPage), page: String(n) });
      return `${origin}${prefix}${route}?${params.toString()}`;
    };
    const links: string[] = [];
    if (page < lastPage)
      links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(lastPage)}>; rel="last"`);
    if (page > 1) links.push(`<${pageUrl(1)}>; rel="first"`, `<${pageUrl(page - 1)}>; rel="prev"`);
    return {
      status: 200,
      body: items.slice((page - 1) * perPage, page * perPage),
      headers: links.length > 0 ? { link: links.join(', ') } : {},
    };
  };

  const reviewContext: FakeReviewRouteContext = {
    state,
    apiUrl: () => `${origin}${prefix}`,
    paginate,
    fail: (status: number, message: string, extra?: Record<string, unknown>) =>
      new HttpFailure(status, message, extra),
  };

  const commentJson = (repo: FakeRepo, comment: FakeComment) => ({
    id: comment.id,
    node_id: `IC_${comment.id}`,
    body: comment.body,
    user: { login: comment.user.login, type: comment.user.type },
    author_association: state.associationOf(repo.fullName, comment.user.login),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    html_url: `https://github.example/${repo.fullName}/issues/${comment.issueNumber}#issuecomment-${comment.id}`,
    issue_url: `${origin}${prefix}/repos/${repo.fullName}/issues/${comment.issueNumber}`,
  });

  const issueJson = (repo: FakeRepo, issue: FakeIssue) => ({
    id: issue.id,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    state_reason: issue.stateReason,
    labels: issue.labels.map((name) => state.ensureLabel(repo, name)),
    user: { login: issue.user.login, type: issue.user.type },
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.closedAt,
    html_url: `https://github.example/${repo.fullName}/issues/${issue.number}`,
    ...(issue.isPullRequest
      ? { pull_request: { url: `${origin}${prefix}/repos/${repo.fullName}/pulls/${issue.number}` } }
      : {}),
  });

  const requireIssues = (repo: FakeRepo) => {
    if (!repo.issuesEnabled) throw new HttpFailure(410, 'Issues are disabled for this repo');
  };

  /** The issue or PR a comment thread hangs off; comments on issues need issues enabled. */
  const requireThread = (repo: FakeRepo, number: number) => {
    if (repo.pulls.has(number)) return;
    const issue = repo.issues.get(number);
    if (!issue) throw new HttpFailure(404, 'Not Found');
    if (!issue.isPullRequest) requireIssues(repo);
  };

  const route = (
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
    login: string,
  ): Reply => {
    const review = routeReview(reviewContext, method, path, query, body, login);
    if (review) return review;
    if (path === '/user' && method === 'GET') {
      if (state.userEndpoint === 'forbidden')
        throw new HttpFailure(403, 'Resource not accessible by integration');
      return { status: 200, body: { login, type: state.userFor(login).type, id: 1 } };
    }
    const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!repoMatch) throw new HttpFailure(404, 'Not Found');
    const repo = state.repo(
      `${decodeURIComponent(repoMatch[1] ?? '')}/${decodeURIComponent(repoMatch[2] ?? '')}`,
    );
    const rest = repoMatch[3] ?? '';
    let m: RegExpExecArray | null;

    if ((m = /^\/pulls\/(\d+)$/.exec(rest)) && method === 'GET') {
      const pull = repo.pulls.get(Number(m[1]));
      if (!pull) throw new HttpFailure(404, 'Not Found');
      const repoJson = (fullName: string) => ({
        full_name: fullName,
        name: fullName.split('/')[1],
        owner: { login: fullName.split('/')[0] },
      });
      return {
        status: 200,
        body: {
          number: pull.number,
          state: 'open',
          user: { login: pull.author.login, type: pull.author.type },
          commits: pull.commits.length,
          changed_files: pull.changedFiles,
          base: { sha: pull.baseSha, ref: pull.baseRef, repo: repoJson(repo.fullName) },
          head: { sha: pull.headSha, ref: pull.headRef, repo: repoJson(pull.headRepo) },
        },
      };
    }
    if ((m = /^\/pulls\/(\d+)\/files$/.exec(rest)) && method === 'GET') {
      const pull = repo.pulls.get(Number(m[1]));
      if (!pull) throw new HttpFailure(404, 'Not Found');
      return paginate(pull.files.slice(0, FAKE_PULL_FILES_CAP), path, query);
    }
    if ((m = /^\/compare\/(.+)$/.exec(rest)) && method === 'GET') {
      const mergeBase = repo.mergeBases.get(decodeURIComponent(m[1] ?? ''));
      if (!mergeBase) throw new HttpFailure(404, 'Not Found');
      return { status: 200, body: { merge_base_commit: { sha: mergeBase }, files: [] } };
    }

    if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const number = Number(m[1]);
      requireThread(repo, number);
      if (method === 'GET') {
        const thread = repo.comments.filter((comment) => comment.issueNumber === number);
        return paginate(
          thread.map((comment) => commentJson(repo, comment)),
          path,
          query,
        );
      }
      if (method === 'POST') {
        const text = checkLength(field(body, 'body'), 'IssueComment');
        const comment = state.addComment(repo.fullName, number, { body: text, login });
        return { status: 201, body: commentJson(repo, comment) };
      }
    }
    if ((m = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const id = Number(m[1]);
      const index = repo.comments.findIndex((comment) => comment.id === id);
      const comment = repo.comments[index];
      if (!comment) throw new HttpFailure(404, 'Not Found');
      if (method === 'GET') return { status: 200, body: commentJson(repo, comment) };
      if (method === 'PATCH') {
        comment.body = checkLength(field(body, 'body'), 'IssueComment');
        comment.updatedAt = state.tick();
        return { status: 200, body: commentJson(repo, comment) };
      }
      if (method === 'DELETE') {
        repo.comments.splice(index, 1);
        return { status: 204 };
      }
    }

    if (rest === '/issues') {
      requireIssues(repo);
      if (method === 'GET') {
        const wanted = query.state ?? 'open';
        const labels = (query.labels ?? '')
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name !== '');
        const issues = [...repo.issues.values()]
          .filter((issue) => wanted === 'all' || issue.state === wanted)
          .filter((issue) => labels.every((name) => issue.labels.some((have) => have.toLowerCase() === name)))
          .filter((issue) => query.creator === undefined || issue.user.login === query.creator)
          // GitHub's default order: newest first.
          .sort((a, b) => b.number - a.number);
        return paginate(
          issues.map((issue) => issueJson(repo, issue)),
          path,
          query,
        );
      }
      if (method === 'POST') {
        const title = field(body, 'title');
        if (typeof title !== 'string' || title === '') throw new HttpFailure(422, 'Validation Failed');
        const text = checkLength(field(body, 'body'), 'Issue');
        const labels = field(body, 'labels');
        const issue = state.addIssue(repo.fullName, {
          title,
          body: text,
          login,
          labels: Array.isArray(labels) ? labels.map(String) : [],
        });
        return { status: 201, body: issueJson(repo, issue) };
      }
    }
    if ((m = /^\/issues\/(\d+)$/.exec(rest))) {
      const issue = repo.issues.get(Number(m[1]));
      if (!issue) throw new HttpFailure(404, 'Not Found');
      if (!issue.isPullRequest) requireIssues(repo);
      if (method === 'GET') return { status: 200, body: issueJson(repo, issue) };
      if (method === 'PATCH') {
        const title = field(body, 'title');
        const text = field(body, 'body');
        const newState = field(body, 'state');
        const reason = field(body, 'state_reason');
        const labels = field(body, 'labels');
        if (typeof title === 'string') issue.title = title;
        if (text !== undefined) issue.body = checkLength(text, 'Issue');
        if (Array.isArray(labels)) issue.labels = labels.map(String);
        if (newState === 'open' || newState === 'closed') {
          if (newState !== issue.state) issue.closedAt = newState === 'closed' ? state.tick() : null;
          issue.state = newState;
          issue.stateReason =
            typeof reason === 'string' ? reason : newState === 'closed' ? 'completed' : 'reopened';
        }
        issue.updatedAt = state.tick();
        return { status: 200, body: issueJson(repo, issue) };
      }
    }
    if ((m = /^\/issues\/(\d+)\/labels$/.exec(rest)) && method === 'POST') {
      const issue = repo.issues.get(Number(m[1]));
      if (!issue) throw new HttpFailure(404, 'Not Found');
      const labels = field(body, 'labels');
      for (const name of Array.isArray(labels) ? labels.map(String) : []) {
        if (!issue.labels.includes(name)) issue.labels.push(name);
      }
      return { status: 200, body: issue.labels.map((name) => state.ensureLabel(repo, name)) };
    }

    if (rest === '/labels') {
      if (method === 'GET') return paginate([...repo.labels.values()], path, query);
      if (method === 'POST') {
        const name = field(body, 'name');
        if (typeof name !== 'string' || name === '') throw new HttpFailure(422, 'Validation Failed');
        if (repo.labels.has(name.toLowerCase())) {
          throw new HttpFailure(422, 'Validation Failed', {
            errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
          });
        }
        const color = field(body, 'color');
        const description = field(body, 'description');
        const label = {
          name,
          color: typeof color === 'string' ? color : 'ededed',
          description: typeof description === 'string' ? description : null,
        };
        repo.labels.set(name.toLowerCase(), label);
        return { status: 201, body: label };
      }
    }
    if ((m = /^\/labels\/(.+)$/.exec(rest)) && method === 'GET') {
      const label = repo.labels.get(decodeURIComponent(m[1] ?? '').toLowerCase());
      if (!label) throw new HttpFailure(404, 'Not Found');
      return { status: 200, body: label };
    }
    throw new HttpFailure(404, 'Not Found');
  };

  const send = (response: ServerResponse, reply: Reply) => {
    const headers: Record<string, string> = {
      'x-github-media-type': 'github.v3; format=json',
      ...(reply.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...reply.headers,
    };
    response.writeHead(reply.status, headers);
    response.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = (request.method ?? 'GET').toUpperCase();
      const body = await readBody(request);
      const query = Object.fromEntries(url.searchParams.entries());
      const inside = url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
      const routePath = inside ? url.pathname.slice(prefix.length) || '/' : url.pathname;
      const view: FakeRequestView = { method, route: routePath, query, body, headers: request.headers };
      const record: FakeRequest = {
        method,
        path: url.pathname,
        route: routePath,
        query,
        body,
        headers: request.headers,
        status: 0,
        faulted: false,
      };
      requests.push(record);

      let reply: Reply;
      const active = faults.find(({ fault, left }) => {
        if (left <= 0) return false;
        const match = fault.match;
        if (typeof match === 'function') return match(view);
        return (
          (match.method === undefined || match.method.toUpperCase() === method) &&
          (match.route === undefined || routeMatches(routePath, match.route))
        );
      });
      if (active) {
        active.left--;
        record.faulted = true;
        reply = { status: active.fault.status, body: active.fault.body, headers: active.fault.headers ?? {} };
      } else if (!inside) {
        reply = { status: 404, body: { message: 'Not Found' } };
      } else {
        const login = loginOf(request.headers);
        try {
          if (login === undefined) throw new HttpFailure(401, 'Requires authentication');
          reply = route(method, routePath, query, body, login);
        } catch (error) {
          if (!(error instanceof HttpFailure)) throw error;
          reply = {
            status: error.status,
            body: {
              message: error.message,
              documentation_url: 'https://docs.github.com/rest',
              ...error.extra,
            },
          };
        }
      }
      record.status = reply.status;
      send(response, reply);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: `fake GitHub crashed: ${String(error)}` }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}${prefix}`,
    state,
    requests,
    inject(fault) {
      const entry = { fault, left: fault.times ?? 1 };
      faults.push(entry);
      return { remaining: () => entry.left };
    },
    requestsTo(method, pattern) {
      return requests.filter(
        (request) => request.method === method.toUpperCase() && routeMatches(request.route, pattern),
      );
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from the client's fetch would otherwise hold the server open.
        server.closeAllConnections();
      });
    },
  };
}
