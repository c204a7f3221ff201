/**
 * The review side of the fake GitHub REST API (`fakeGithub.ts` mounts it): what an "accept an
 * intended change" flow reads and writes besides comments.
 *
 * - Commit statuses: `POST /repos/{o}/{r}/statuses/{sha}` (state error|failure|pending|success,
 *   context defaulting to `default`, description at most 140 characters, else 422; the creator is
 *   the token's login) and `GET /repos/{o}/{r}/commits/{ref}/statuses` (newest first, paginated;
 *   `ref` is matched as the sha the statuses were posted to, branch names are not resolved).
 * - Collaborator permission: `GET /repos/{o}/{r}/collaborators/{username}/permission`, from the
 *   role set with `state.setPermission` (admin|maintain|write|triage|read|none); a login never set
 *   reads as `read`, as GitHub answers for a public repository.
 * - Team membership: `GET /orgs/{org}/teams/{team_slug}/memberships/{username}` (404 unless added
 *   with `state.addTeamMember`).
 * - Pull request commits: `GET /repos/{o}/{r}/pulls/{n}/commits`, oldest first, capped at 250 as
 *   GitHub's listing is (the oldest 250 are kept); `state.pushHead` moves the head.
 * - Reviews: `GET /repos/{o}/{r}/pulls/{n}/reviews` (oldest first) and `.../reviews/{id}`; a
 *   PENDING review is only visible to its author and has no `submitted_at`, as on GitHub.
 * - Comments edited by someone else: `state.editComment` bumps `updated_at`.
 *
 * Logins are compared case-insensitively, as GitHub's are.
 *
 * A token that may not write statuses (a fork PR's GITHUB_TOKEN) or may not read org teams is
 * simulated with the fake's generic fault injection, by route RegExp:
 *
 *   gh.inject({
 *     match: { method: 'POST', route: /^\/repos\/[^/]+\/[^/]+\/statuses\// },
 *     times: Infinity,
 *     status: 403,
 *     body: { message: 'Resource not accessible by integration' },
 *   });
 *   gh.inject({ match: { route: /^\/orgs\/acme\/teams\// }, times: Infinity, status: 404, body: { message: 'Not Found' } });
 *
 * Routes are matched below the API prefix, so the same RegExp works with `prefix: '/api/v3'`.
 */
import type { FakeComment, FakePull, FakeUser } from './fakeGithub.js';

/** GitHub's limit on a commit status description. */
export const FAKE_STATUS_DESCRIPTION_MAX = 140;
/** The pull request commits listing stops here, as GitHub's does. */
export const FAKE_PULL_COMMITS_CAP = 250;

export const FAKE_STATUS_STATES = ['error', 'failure', 'pending', 'success'] as const;
export type FakeStatusState = (typeof FAKE_STATUS_STATES)[number];

export interface FakeStatus {
  id: number;
  sha: string;
  state: FakeStatusState;
  context: string;
  description: string | null;
  targetUrl: string | null;
  creator: FakeUser;
  createdAt: string;
  updatedAt: string;
}

export const FAKE_ROLES = ['admin', 'maintain', 'write', 'triage', 'read', 'none'] as const;
export type FakeRole = (typeof FAKE_ROLES)[number];

export interface FakeTeamMembership {
  login: string;
  state: 'active' | 'pending';
  role: 'member' | 'maintainer';
}

export interface FakePullCommit {
  sha: string;
  message: string;
  author: FakeUser;
  date: string;
}

export type FakeReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING';

export interface FakeReview {
  id: number;
  pullNumber: number;
  user: FakeUser;
  body: string;
  state: FakeReviewState;
  commitId: string;
  /** Null while PENDING. */
  submittedAt: string | null;
  /** The message given when dismissed (GitHub shows it as a timeline event, not on the review). */
  dismissalMessage: string | null;
}

export type FakeAuthorAssociation = 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'NONE';

/** GitHub's legacy `permission` value for each role. */
const LEGACY_PERMISSION: Record<FakeRole, 'admin' | 'write' | 'read' | 'none'> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

/** Roles from the strongest down; each role has the permissions of the ones after it. */
const RANK: Record<FakeRole, number> = { admin: 5, maintain: 4, write: 3, triage: 2, read: 1, none: 0 };

class ReviewRepo {
  /** By creation order. */
  readonly statuses: FakeStatus[] = [];
  /** Lowercased login → the login as set and its role. */
  readonly roles = new Map<string, { login: string; role: FakeRole }>();
  readonly reviews: FakeReview[] = [];
}

interface FakeTeam {
  id: number;
  slug: string;
  /** Lowercased login → membership. */
  members: Map<string, FakeTeamMembership>;
}

/**
 * The state the review routes use; `FakeGitHubState` extends it and supplies the ids, the clock,
 * and the pulls and comments it keeps.
 */
export abstract class FakeReviewStateBase {
  abstract login: string;
  abstract newId(): number;
  abstract tick(): string;
  abstract userFor(login: string): FakeUser;
  abstract pullOf(fullName: string, number: number): FakePull | undefined;
  abstract commentOf(fullName: string, id: number): FakeComment | undefined;

  private readonly reviewRepos = new Map<string, ReviewRepo>();
  /** `org/slug`, lowercased → team. */
  private readonly teams = new Map<string, FakeTeam>();

  protected reviewRepo(fullName: string): ReviewRepo {
    let repo = this.reviewRepos.get(fullName);
    if (!repo) {
      repo = new ReviewRepo();
      this.reviewRepos.set(fullName, repo);
    }
    return repo;
  }

  // --- commit statuses ---

  addStatus(
    fullName: string,
    sha: string,
    status: {
      state: FakeStatusState;
      context?: string;
      description?: string | null;
      targetUrl?: string | null;
      login?: string;
    },
  ): FakeStatus {
    const createdAt = this.tick();
    const stored: FakeStatus = {
      id: this.newId(),
      sha,
      state: status.state,
      context: status.context ?? 'default',
      description: status.description ?? null,
      targetUrl: status.targetUrl ?? null,
      creator: this.userFor(status.login ?? this.login),
      createdAt,
      updatedAt: createdAt,
    };
    this.reviewRepo(fullName).statuses.push(stored);
    return stored;
  }

  /** Statuses of one commit, all contexts, newest first. */
  statuses(fullName: string, sha: string): FakeStatus[] {
    return this.reviewRepo(fullName)
      .statuses.filter((status) => status.sha === sha)
      .reverse();
  }

  // --- permissions and teams ---

  setPermission(fullName: string, login: string, role: FakeRole): void {
    this.reviewRepo(fullName).roles.set(login.toLowerCase(), { login, role });
  }

  /** The role set for `login`, or `read` (a public repository's answer for anyone else). */
  roleOf(fullName: string, login: string): FakeRole {
    return this.collaborator(fullName, login).role;
  }

  /** The login as `setPermission` spelled it (else as given) and its role. */
  collaborator(fullName: string, login: string): { login: string; role: FakeRole } {
    return this.reviewRepo(fullName).roles.get(login.toLowerCase()) ?? { login, role: 'read' };
  }

  addTeamMember(
    org: string,
    teamSlug: string,
    login: string,
    membership: { state?: 'active' | 'pending'; role?: 'member' | 'maintainer' } = {},
  ): FakeTeamMembership {
    const key = `${org}/${teamSlug}`.toLowerCase();
    let team = this.teams.get(key);
    if (!team) {
      team = { id: this.newId(), slug: teamSlug, members: new Map() };
      this.teams.set(key, team);
    }
    const stored: FakeTeamMembership = {
      login,
      state: membership.state ?? 'active',
      role: membership.role ?? 'member',
    };
    team.members.set(login.toLowerCase(), stored);
    return stored;
  }

  team(org: string, teamSlug: string): FakeTeam | undefined {
    return this.teams.get(`${org}/${teamSlug}`.toLowerCase());
  }

  /** Whether `login` is an active member of any team of `org`. */
  isOrgMember(org: string, login: string): boolean {
    const prefix = `${org.toLowerCase()}/`;
    for (const [key, team] of this.teams) {
      if (!key.startsWith(prefix)) continue;
      if (team.members.get(login.toLowerCase())?.state === 'active') return true;
    }
    return false;
  }

  /**
   * A simplified `author_association`: OWNER for the login owning the repository, MEMBER for an
   * active member of a team of the owning org, COLLABORATOR for a role of triage or more set with
   * `setPermission`, else NONE (CONTRIBUTOR and FIRST_TIME_CONTRIBUTOR are never computed).
   */
  associationOf(fullName: string, login: string): FakeAuthorAssociation {
    const owner = fullName.split('/')[0] ?? '';
    if (owner.toLowerCase() === login.toLowerCase()) return 'OWNER';
    if (this.isOrgMember(owner, login)) return 'MEMBER';
    const set = this.reviewRepo(fullName).roles.get(login.toLowerCase());
    if (set && RANK[set.role] >= RANK.triage) return 'COLLABORATOR';
    return 'NONE';
  }

  // --- pull request heads ---

  /** Moves the pull's head to `newSha` and appends it to the pull's commits. */
  pushHead(
    fullName: string,
    number: number,
    newSha: string,
    commit: { message?: string; login?: string } = {},
  ): FakePull {
    const pull = this.requirePull(fullName, number);
    pull.headSha = newSha;
    pull.commits.push({
      sha: newSha,
      message: commit.message ?? `Commit ${newSha.slice(0, 7)}`,
      author: this.userFor(commit.login ?? pull.author.login),
      date: this.tick(),
    });
    return pull;
  }

  // --- reviews ---

  addReview(
    fullName: string,
    pullNumber: number,
    review: { login: string; body: string; state: FakeReviewState; commitId?: string },
  ): FakeReview {
    const pull = this.requirePull(fullName, pullNumber);
    const at = this.tick();
    const stored: FakeReview = {
      id: this.newId(),
      pullNumber,
      user: this.userFor(review.login),
      body: review.body,
      state: review.state,
      commitId: review.commitId ?? pull.headSha,
      submittedAt: review.state === 'PENDING' ? null : at,
      dismissalMessage: null,
    };
    this.reviewRepo(fullName).reviews.push(stored);
    return stored;
  }

  /** Reviews of one pull, oldest first (pending ones included). */
  reviews(fullName: string, pullNumber: number): FakeReview[] {
    return this.reviewRepo(fullName).reviews.filter((review) => review.pullNumber === pullNumber);
  }

  /** Changes the body only: GitHub's reviews carry no `updated_at`. */
  editReview(fullName: string, id: number, body: string): FakeReview {
    const review = this.requireReview(fullName, id);
    review.body = body;
    return review;
  }

  /** The state becomes DISMISSED; the body stays. */
  dismissReview(fullName: string, id: number, message = 'Dismissed'): FakeReview {
    const review = this.requireReview(fullName, id);
    review.state = 'DISMISSED';
    review.dismissalMessage = message;
    return review;
  }

  // --- comments ---

  /** Someone (by default the fake's login) edits a comment: a new body and a later `updated_at`. */
  editComment(fullName: string, commentId: number, body: string, edit: { login?: string } = {}): FakeComment {
    const comment = this.commentOf(fullName, commentId);
    if (!comment) throw new Error(`fake GitHub: no comment ${commentId} in ${fullName}`);
    comment.body = body;
    comment.updatedAt = this.tick();
    comment.editor = this.userFor(edit.login ?? this.login);
    return comment;
  }

  private requirePull(fullName: string, number: number): FakePull {
    const pull = this.pullOf(fullName, number);
    if (!pull) throw new Error(`fake GitHub: no pull ${number} in ${fullName}`);
    return pull;
  }

  private requireReview(fullName: string, id: number): FakeReview {
    const review = this.reviewRepo(fullName).reviews.find((r) => r.id === id);
    if (!review) throw new Error(`fake GitHub: no review ${id} in ${fullName}`);
    return review;
  }
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What the main router lends the review routes. */
export interface FakeReviewRouteContext {
  state: FakeReviewStateBase;
  /** The API base URL, prefix included (known once the server listens). */
  apiUrl(): string;
  paginate<T>(items: T[], path: string, query: Record<string, string>): FakeReply;
  /** An error the router turns into a GitHub error body with this status. */
  fail(status: number, message: string, extra?: Record<string, unknown>): Error;
}

function text(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function userJson(user: FakeUser) {
  return { login: user.login, type: user.type };
}

function permissionsOf(role: FakeRole) {
  const rank = RANK[role];
  return {
    admin: rank >= RANK.admin,
    maintain: rank >= RANK.maintain,
    push: rank >= RANK.write,
    triage: rank >= RANK.triage,
    pull: rank >= RANK.read,
  };
}

function validationFailed(
  context: FakeReviewRouteContext,
  resource: string,
  fieldName: string,
  message: string,
): Error {
  return context.fail(422, 'Validation Failed', {
    errors: [{ resource, code: 'custom', field: fieldName, message }],
  });
}

/**
 * Answers the review routes, or returns undefined for the main router to carry on. `path` is the
 * route below the prefix; `login` the token's.
 */
export function routeReview(
  context: FakeReviewRouteContext,
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
  login: string,
): FakeReply | undefined {
  const { state } = context;
  let m: RegExpExecArray | null;

  if ((m = /^\/orgs\/([^/]+)\/teams\/([^/]+)\/memberships\/([^/]+)$/.exec(path)) && method === 'GET') {
    const [org, slug, username] = [m[1], m[2], m[3]].map((part) => decodeURIComponent(part ?? ''));
    const team = state.team(org ?? '', slug ?? '');
    const membership = team?.members.get((username ?? '').toLowerCase());
    if (!team || !membership) throw context.fail(404, 'Not Found');
    return {
      status: 200,
      body: {
        url: `${context.apiUrl()}/teams/${team.id}/memberships/${membership.login}`,
        role: membership.role,
        state: membership.state,
      },
    };
  }

  const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/.*)$/.exec(path);
  if (!repoMatch) return undefined;
  const fullName = `${decodeURIComponent(repoMatch[1] ?? '')}/${decodeURIComponent(repoMatch[2] ?? '')}`;
  const rest = repoMatch[3] ?? '';
  const repoUrl = `${context.apiUrl()}/repos/${fullName}`;

  const statusJson = (status: FakeStatus) => ({
    id: status.id,
    node_id: `SC_${status.id}`,
    url: `${repoUrl}/statuses/${status.sha}`,
    state: status.state,
    description: status.description,
    target_url: status.targetUrl,
    context: status.context,
    created_at: status.createdAt,
    updated_at: status.updatedAt,
    creator: userJson(status.creator),
  });

  if ((m = /^\/statuses\/([^/]+)$/.exec(rest)) && method === 'POST') {
    const sha = decodeURIComponent(m[1] ?? '');
    const stateValue = text(body, 'state');
    if (!FAKE_STATUS_STATES.includes(stateValue as FakeStatusState)) {
      throw validationFailed(context, 'Status', 'state', 'state is not included in the list');
    }
    const description = text(body, 'description');
    if (description !== undefined && description !== null && typeof description !== 'string') {
      throw validationFailed(context, 'Status', 'description', 'description is invalid');
    }
    if (typeof description === 'string' && [...description].length > FAKE_STATUS_DESCRIPTION_MAX) {
      throw validationFailed(
        context,
        'Status',
        'description',
        `description is too long (maximum is ${FAKE_STATUS_DESCRIPTION_MAX} characters)`,
      );
    }
    const contextName = text(body, 'context');
    const targetUrl = text(body, 'target_url');
    const status = state.addStatus(fullName, sha, {
      state: stateValue as FakeStatusState,
      context: typeof contextName === 'string' && contextName !== '' ? contextName : 'default',
      description: typeof description === 'string' ? description : null,
      targetUrl: typeof targetUrl === 'string' ? targetUrl : null,
      login,
    });
    return { status: 201, body: statusJson(status) };
  }
  if ((m = /^\/commits\/([^/]+)\/statuses$/.exec(rest)) && method === 'GET') {
    const statuses = state.statuses(fullName, decodeURIComponent(m[1] ?? ''));
    return context.paginate(statuses.map(statusJson), path, query);
  }

  if ((m = /^\/collaborators\/([^/]+)\/permission$/.exec(rest)) && method === 'GET') {
    const username = decodeURIComponent(m[1] ?? '');
    const { login: spelled, role } = state.collaborator(fullName, username);
    const user = state.userFor(spelled);
    return {
      status: 200,
      body: {
        permission: LEGACY_PERMISSION[role],
        role_name: role,
        user: { login: user.login, type: user.type, permissions: permissionsOf(role), role_name: role },
      },
    };
  }

  if ((m = /^\/pulls\/(\d+)\/(commits|reviews)(?:\/(\d+))?$/.exec(rest)) && method === 'GET') {
    const pull = state.pullOf(fullName, Number(m[1]));
    if (!pull) throw context.fail(404, 'Not Found');
    if (m[2] === 'commits') {
      if (m[3] !== undefined) return undefined;
      const commits = pull.commits.slice(0, FAKE_PULL_COMMITS_CAP).map((commit, index, all) => ({
        sha: commit.sha,
        node_id: `C_${commit.sha}`,
        url: `${repoUrl}/commits/${commit.sha}`,
        html_url: `https://github.example/${fullName}/commit/${commit.sha}`,
        commit: {
          message: commit.message,
          author: {
            name: commit.author.login,
            email: `${commit.author.login}@users.noreply.example`,
            date: commit.date,
          },
          committer: {
            name: commit.author.login,
            email: `${commit.author.login}@users.noreply.example`,
            date: commit.date,
          },
        },
        author: userJson(commit.author),
        committer: userJson(commit.author),
        parents: [{ sha: index === 0 ? pull.baseSha : (all[index - 1]?.sha ?? pull.baseSha) }],
      }));
      return context.paginate(commits, path, query);
    }
    const visible = (review: FakeReview) =>
      review.state !== 'PENDING' || review.user.login.toLowerCase() === login.toLowerCase();
    const reviewJson = (review: FakeReview) => ({
      id: review.id,
      node_id: `PRR_${review.id}`,
      user: userJson(review.user),
      body: review.body,
      state: review.state,
      html_url: `https://github.example/${fullName}/pull/${pull.number}#pullrequestreview-${review.id}`,
      pull_request_url: `${repoUrl}/pulls/${pull.number}`,
      author_association: state.associationOf(fullName, review.user.login),
      ...(review.submittedAt === null ? {} : { submitted_at: review.submittedAt }),
      commit_id: review.commitId,
    });
    const reviews = state.reviews(fullName, pull.number).filter(visible);
    if (m[3] === undefined) return context.paginate(reviews.map(reviewJson), path, query);
    const review = reviews.find((r) => r.id === Number(m?.[3]));
    if (!review) throw context.fail(404, 'Not Found');
    return { status: 200, body: reviewJson(review) };
  }
  return undefined;
}
