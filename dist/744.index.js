export const id = 744;
export const ids = [744];
export const modules = {

/***/ 7744:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ main_run)
});

// UNUSED EXPORTS: driftIssueTitle

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 8 modules
var core = __webpack_require__(6058);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var github = __webpack_require__(2413);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
;// CONCATENATED MODULE: ./build/github/client.js
/**
 * The one door to the GitHub REST API. Everything else in policy-replay talks to GitHub through
 * the narrow `GitHubClient` interface below, never through a raw Octokit: that keeps retries,
 * pagination, error typing and the response shapes in one place, and lets tests run the whole
 * stack against the fake API in `__tests__/support/fakeGithub.ts`.
 *
 * Built on `@actions/github`'s `getOctokit` (proxy-aware fetch, `Authorization` header, user
 * agent, and Octokit's REST pagination, which the listings use). `getOctokit` adds no retry or
 * throttling plugin, and this project installs neither: retries are one request hook of our own
 * (`classifyFailure`), so a single policy covers 5xx answers, 429, primary and secondary rate
 * limits (honouring `retry-after` and `x-ratelimit-reset`) and transport failures, with waits a
 * test can shrink through `retryDelayScale` (docs/github.md).
 *
 * The same hook refuses any request to an origin other than the configured API's: Octokit's
 * pagination follows the `Link: rel="next"` URL a response names, and the token must never be
 * sent to a host a response chose (README "Security model").
 */


/** A request GitHub answered with an error status (after retries), or that never got an answer. */
class GitHubApiError extends Error {
    status;
    method;
    url;
    rateLimited;
    attempts;
    name = 'GitHubApiError';
    kind = 'github-api';
    constructor(
    /** HTTP status; 0 when no response arrived (network failure, timeout). */
    status, method, url, message, 
    /** The last answer was a rate limit (primary or secondary) that retries could not outlast. */
    rateLimited = false, attempts = 1) {
        super(message);
        this.status = status;
        this.method = method;
        this.url = url;
        this.rateLimited = rateLimited;
        this.attempts = attempts;
    }
}
/**
 * A request the client refused to send because its URL is not on the configured API's origin
 * (a `Link` header pointing elsewhere): the token stays home.
 */
class GitHubOriginError extends Error {
    method;
    url;
    apiOrigin;
    name = 'GitHubOriginError';
    kind = 'github-origin';
    constructor(method, url, apiOrigin) {
        super(`refused to send ${method} ${url}: it is not on the GitHub API's origin ${apiOrigin} ` +
            '(a response linked to another host; the token is only ever sent to GITHUB_API_URL)');
        this.method = method;
        this.url = url;
        this.apiOrigin = apiOrigin;
    }
}
/** A response body that does not have the shape the REST API documents. */
class GitHubResponseError extends Error {
    method;
    url;
    name = 'GitHubResponseError';
    kind = 'github-response';
    constructor(method, url, message) {
        super(message);
        this.method = method;
        this.url = url;
    }
}
const DEFAULT_FALLBACK_LOGIN = 'github-actions[bot]';
const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_MAX_RETRY_WAIT_MS = 120_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** GitHub asks clients to wait at least a minute after a secondary limit that names no retry-after. */
const SECONDARY_LIMIT_FALLBACK_MS = 60_000;
const BACKOFF_BASE_MS = 1_000;
/** A runaway Link chain must not loop forever: 1000 pages of 100 is far past any API cap. */
const MAX_PAGES = 1000;
function headerValue(headers, name) {
    const value = headers?.[name];
    return value === undefined ? undefined : String(value);
}
function messageOf(error) {
    const data = error.response?.data;
    if (typeof data === 'object' && data !== null && 'message' in data) {
        const { message, errors } = data;
        if (typeof message === 'string') {
            // 422 answers say "Validation Failed" and put the reason (e.g. "body is too long") in errors[].
            const details = Array.isArray(errors)
                ? errors
                    .map((item) => typeof item === 'string'
                    ? item
                    : typeof item === 'object' && item !== null && 'message' in item
                        ? String(item.message)
                        : JSON.stringify(item))
                    .filter((detail) => detail !== '')
                : [];
            return details.length > 0 ? `${message}: ${details.join('; ')}` : message;
        }
    }
    return typeof error.message === 'string' ? error.message : 'unknown error';
}
/**
 * Decides whether a failed attempt is worth repeating and after how long. Plain 4xx answers
 * (403 permission, 404, 422 validation) are final: repeating them only burns rate limit.
 */
function classifyFailure(status, headers, message, attempt, now = Date.now()) {
    const retryAfter = Number(headerValue(headers, 'retry-after'));
    const retryAfterMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined;
    const backoffMs = BACKOFF_BASE_MS * 2 ** (attempt - 1);
    const secondary = /secondary rate limit|abuse detection/i.test(message);
    if (status === 403 || status === 429) {
        if (secondary || (retryAfterMs !== undefined && status === 403)) {
            return {
                retry: true,
                reason: 'secondary-rate-limit',
                delayMs: retryAfterMs ?? SECONDARY_LIMIT_FALLBACK_MS,
                rateLimited: true,
            };
        }
        if (headerValue(headers, 'x-ratelimit-remaining') === '0') {
            const reset = Number(headerValue(headers, 'x-ratelimit-reset'));
            const untilReset = Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) + 1000 : backoffMs;
            return { retry: true, reason: 'rate-limit', delayMs: retryAfterMs ?? untilReset, rateLimited: true };
        }
        if (status === 429) {
            return { retry: true, reason: 'rate-limit', delayMs: retryAfterMs ?? backoffMs, rateLimited: true };
        }
        return { retry: false, reason: 'rate-limit', delayMs: 0, rateLimited: false };
    }
    if (status === 0)
        return { retry: true, reason: 'network', delayMs: backoffMs, rateLimited: false };
    if (status >= 500) {
        return { retry: true, reason: 'server-error', delayMs: retryAfterMs ?? backoffMs, rateLimited: false };
    }
    return { retry: false, reason: 'server-error', delayMs: 0, rateLimited: false };
}
function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
// Response shapes: only the fields we use, so GitHub adding fields never breaks us.
const userSchema = schemas/* object */.Ikc({ login: schemas/* string */.YjP() });
const pullSchema = schemas/* object */.Ikc({
    number: schemas/* number */.aig(),
    changed_files: schemas/* number */.aig(),
    base: schemas/* object */.Ikc({ sha: schemas/* string */.YjP(), ref: schemas/* string */.YjP(), repo: schemas/* object */.Ikc({ full_name: schemas/* string */.YjP() }).nullish() }),
    head: schemas/* object */.Ikc({ sha: schemas/* string */.YjP(), ref: schemas/* string */.YjP(), repo: schemas/* object */.Ikc({ full_name: schemas/* string */.YjP() }).nullish() }),
});
const pullFileSchema = schemas/* object */.Ikc({
    filename: schemas/* string */.YjP(),
    status: schemas/* enum */.k5n(['added', 'modified', 'removed', 'renamed', 'copied', 'changed', 'unchanged']),
    previous_filename: schemas/* string */.YjP().optional(),
});
const commentSchema = schemas/* object */.Ikc({
    id: schemas/* number */.aig(),
    body: schemas/* string */.YjP().nullish(),
    user: schemas/* object */.Ikc({ login: schemas/* string */.YjP() }).nullish(),
    created_at: schemas/* string */.YjP(),
    html_url: schemas/* string */.YjP().default(''),
});
const issueSchema = schemas/* object */.Ikc({
    number: schemas/* number */.aig(),
    title: schemas/* string */.YjP(),
    body: schemas/* string */.YjP().nullish(),
    state: schemas/* enum */.k5n(['open', 'closed']),
    labels: schemas/* array */.YOg(schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* object */.Ikc({ name: schemas/* string */.YjP() })])).default([]),
    user: schemas/* object */.Ikc({ login: schemas/* string */.YjP() }).nullish(),
    created_at: schemas/* string */.YjP(),
    html_url: schemas/* string */.YjP().default(''),
    pull_request: schemas/* unknown */.L5J().optional(),
});
const labelSchema = schemas/* object */.Ikc({ name: schemas/* string */.YjP(), color: schemas/* string */.YjP(), description: schemas/* string */.YjP().nullish() });
const compareSchema = schemas/* object */.Ikc({ merge_base_commit: schemas/* object */.Ikc({ sha: schemas/* string */.YjP() }) });
function toComment(raw) {
    return {
        id: raw.id,
        body: raw.body ?? '',
        userLogin: raw.user?.login ?? '',
        createdAt: raw.created_at,
        htmlUrl: raw.html_url,
    };
}
function toIssue(raw) {
    return {
        number: raw.number,
        title: raw.title,
        body: raw.body ?? '',
        state: raw.state,
        labels: raw.labels.map((label) => (typeof label === 'string' ? label : label.name)),
        userLogin: raw.user?.login ?? '',
        createdAt: raw.created_at,
        htmlUrl: raw.html_url,
    };
}
function createGitHubClient(options) {
    if (!options.token)
        throw new Error('github-token is empty: the GitHub API cannot be called without a token');
    const apiUrl = options.apiUrl.replace(/\/+$/, '');
    if (!/^https?:\/\//.test(apiUrl) || !URL.canParse(apiUrl))
        throw new Error(`Invalid GitHub API URL '${options.apiUrl}'.`);
    const apiOrigin = new URL(apiUrl).origin;
    const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    const scale = options.retryDelayScale ?? 1;
    const maxWait = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const warn = options.onWarning ?? (() => undefined);
    const silent = () => undefined;
    const octokit = (0,github/* getOctokit */.Q)(options.token, {
        baseUrl: apiUrl,
        userAgent: options.userAgent ?? 'policy-replay',
        log: { debug: silent, info: silent, warn: (message) => warn(message), error: silent },
    });
    octokit.hook.wrap('request', async (request, requestOptions) => {
        const method = String(requestOptions.method);
        // The options still hold the URL template; errors should name the URL that was called.
        const url = octokit.request.endpoint(requestOptions).url;
        // Before any attempt: a URL a response chose (a Link header) must not take the token elsewhere.
        if (!URL.canParse(url) || new URL(url).origin !== apiOrigin)
            throw new GitHubOriginError(method, url, apiOrigin);
        for (let attempt = 1;; attempt++) {
            try {
                return await request({
                    ...requestOptions,
                    request: { ...requestOptions.request, signal: AbortSignal.timeout(timeoutMs) },
                });
            }
            catch (caught) {
                const error = caught;
                const aborted = error.name === 'AbortError' || error.name === 'TimeoutError';
                // Octokit reports transport failures as status 500 with no response; keep them apart.
                const status = !aborted && typeof error.status === 'number' && error.response ? error.status : 0;
                const message = status === 0 ? `no response: ${String(error.message)}` : messageOf(error);
                const verdict = classifyFailure(status, error.response?.headers, message, attempt);
                const canWait = verdict.delayMs <= maxWait;
                if (!verdict.retry || attempt >= maxAttempts || !canWait) {
                    throw new GitHubApiError(status, method, url, message, verdict.rateLimited, attempt);
                }
                const delayMs = Math.round(verdict.delayMs * scale);
                options.onRetry?.({ method, url, status, attempt, delayMs, reason: verdict.reason });
                await sleep(delayMs);
            }
        }
    });
    const raw = octokit.request;
    function parse(schema, data, method, url) {
        const result = schema.safeParse(data);
        if (!result.success) {
            const issue = result.error.issues[0];
            const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape';
            throw new GitHubResponseError(method, url, `unexpected response from ${method} ${url}: ${where}`);
        }
        return result.data;
    }
    async function call(route, params, schema) {
        const response = await raw(route, params);
        return parse(schema, response.data, route.split(' ')[0] ?? 'GET', response.url);
    }
    const pages = octokit.paginate.iterator;
    /** Every page of a listing, through Octokit's pagination (the hook above vets each next URL). */
    async function paginate(route, params, schema) {
        const items = [];
        const pageSchema = schemas/* array */.YOg(schema);
        let page = 0;
        for await (const response of pages(route, { ...params, per_page: 100 })) {
            items.push(...parse(pageSchema, response.data, 'GET', response.url));
            if (++page >= MAX_PAGES)
                break;
        }
        return items;
    }
    let loginPromise;
    async function discoverLogin() {
        if (options.login)
            return { login: options.login, source: 'configured' };
        try {
            const user = await call('GET /user', {}, userSchema);
            return { login: user.login, source: 'api' };
        }
        catch (error) {
            // GITHUB_TOKEN and other installation tokens may not read /user ("Resource not accessible by
            // integration", 403); a 401/404 has the same meaning here. Anything else is a real failure.
            if (error instanceof GitHubApiError && [401, 403, 404].includes(error.status) && !error.rateLimited) {
                return { login: options.fallbackLogin ?? DEFAULT_FALLBACK_LOGIN, source: 'fallback' };
            }
            throw error;
        }
    }
    const repoParams = (repo) => ({ owner: repo.owner, repo: repo.repo });
    return {
        apiUrl,
        getTokenLogin() {
            loginPromise ??= discoverLogin();
            // A failed discovery must not poison the cache for a later retry.
            loginPromise.catch(() => (loginPromise = undefined));
            return loginPromise;
        },
        async getPullRequest(repo, pullNumber) {
            const pull = await call('GET /repos/{owner}/{repo}/pulls/{pull_number}', { ...repoParams(repo), pull_number: pullNumber }, pullSchema);
            const baseRepo = pull.base.repo?.full_name;
            const headRepo = pull.head.repo?.full_name;
            return {
                number: pull.number,
                changedFiles: pull.changed_files,
                baseSha: pull.base.sha,
                headSha: pull.head.sha,
                baseRef: pull.base.ref,
                headRef: pull.head.ref,
                fromFork: baseRepo !== undefined && headRepo !== baseRepo,
            };
        },
        async listPullRequestFiles(repo, pullNumber) {
            const files = await paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { ...repoParams(repo), pull_number: pullNumber }, pullFileSchema);
            return files.map((file) => file.previous_filename === undefined
                ? { filename: file.filename, status: file.status }
                : { filename: file.filename, status: file.status, previous_filename: file.previous_filename });
        },
        async getMergeBase(repo, base, head) {
            const compare = await call('GET /repos/{owner}/{repo}/compare/{basehead}', { ...repoParams(repo), basehead: `${base}...${head}`, per_page: 1 }, compareSchema);
            return compare.merge_base_commit.sha;
        },
        async listIssueComments(repo, issueNumber) {
            const comments = await paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repoParams(repo), issue_number: issueNumber }, commentSchema);
            return comments.map(toComment);
        },
        async createIssueComment(repo, issueNumber, body) {
            const comment = await call('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repoParams(repo), issue_number: issueNumber, body }, commentSchema);
            return toComment(comment);
        },
        async updateIssueComment(repo, commentId, body) {
            const comment = await call('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...repoParams(repo), comment_id: commentId, body }, commentSchema);
            return toComment(comment);
        },
        async deleteIssueComment(repo, commentId) {
            await raw('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
                ...repoParams(repo),
                comment_id: commentId,
            });
        },
        async listIssues(repo, filter) {
            const params = { ...repoParams(repo), state: filter.state };
            if (filter.labels && filter.labels.length > 0)
                params.labels = filter.labels.join(',');
            const issues = await paginate('GET /repos/{owner}/{repo}/issues', params, issueSchema);
            return issues.filter((issue) => issue.pull_request === undefined).map(toIssue);
        },
        async createIssue(repo, issue) {
            const created = await call('POST /repos/{owner}/{repo}/issues', { ...repoParams(repo), title: issue.title, body: issue.body, labels: issue.labels ?? [] }, issueSchema);
            return toIssue(created);
        },
        async updateIssue(repo, issueNumber, update) {
            const updated = await call('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...repoParams(repo), issue_number: issueNumber, ...update }, issueSchema);
            return toIssue(updated);
        },
        async addLabels(repo, issueNumber, labels) {
            await raw('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
                ...repoParams(repo),
                issue_number: issueNumber,
                labels,
            });
        },
        async getLabel(repo, name) {
            try {
                const label = await call('GET /repos/{owner}/{repo}/labels/{name}', { ...repoParams(repo), name }, labelSchema);
                return { name: label.name, color: label.color, description: label.description ?? null };
            }
            catch (error) {
                if (error instanceof GitHubApiError && error.status === 404)
                    return null;
                throw error;
            }
        },
        async createLabel(repo, label) {
            const created = await call('POST /repos/{owner}/{repo}/labels', { ...repoParams(repo), name: label.name, color: label.color, description: label.description ?? '' }, labelSchema);
            return { name: created.name, color: created.color, description: created.description ?? null };
        },
    };
}

;// CONCATENATED MODULE: ./build/github/stickyComment.js

/** GitHub rejects comment bodies longer than this many characters (422). */
const MAX_COMMENT_LENGTH = 65_536;
const MARKER_ID_PATTERN = /^[A-Za-z0-9_.:/-]+$/;
/**
 * The hidden marker, `<!-- policy-replay:comment -->`, or `<!-- policy-replay:comment:<id> -->`
 * when several configurations comment on the same PR. Matching is on the whole marker, so the
 * plain marker never matches a suffixed one.
 */
function commentMarker(id) {
    if (id === undefined || id === '')
        return '<!-- policy-replay:comment -->';
    if (!MARKER_ID_PATTERN.test(id) || id.includes('--')) {
        throw new Error(`Invalid comment marker id '${id}'. Expected letters, digits, '_', '.', ':', '/' or single '-'.`);
    }
    return `<!-- policy-replay:comment:${id} -->`;
}
/** The body as posted: the marker on the first line unless the body already carries it. */
function withMarker(body, marker) {
    return body.includes(marker) ? body : `${marker}\n${body}`;
}
/** Characters as GitHub counts them (code points, not UTF-16 units). */
function commentLength(body) {
    let length = 0;
    for (const _ of body)
        length++;
    return length;
}
/** The comment body is over GitHub's limit: the renderer must cut it before posting. */
class CommentTooLargeError extends Error {
    length;
    limit;
    name = 'CommentTooLargeError';
    kind = 'comment-too-large';
    constructor(length, limit, message) {
        super(message);
        this.length = length;
        this.limit = limit;
    }
}
function sameBody(a, b) {
    // GitHub may hand a body back with CRLF line ends; that is not a change worth an edit.
    return a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n');
}
function oldestFirst(a, b) {
    const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
    return byTime !== 0 && !Number.isNaN(byTime) ? byTime : a.id - b.id;
}
function isForbidden(error) {
    return error instanceof GitHubApiError && error.status === 403 && !error.rateLimited;
}
function isTooLarge(error) {
    return (error instanceof GitHubApiError && error.status === 422 && /too long|maximum is/i.test(error.message));
}
async function syncStickyComment(client, options) {
    const marker = commentMarker(options.markerId);
    const body = withMarker(options.body, marker);
    const length = commentLength(body);
    if (length > MAX_COMMENT_LENGTH) {
        throw new CommentTooLargeError(length, MAX_COMMENT_LENGTH, `the pull request comment is ${length} characters, over GitHub's limit of ${MAX_COMMENT_LENGTH}`);
    }
    const repo = { owner: options.owner, repo: options.repo };
    const deleted = [];
    const listOwn = async (login) => {
        const comments = await client.listIssueComments(repo, options.issueNumber);
        const own = login.toLowerCase();
        return comments
            .filter((comment) => comment.body.includes(marker) && comment.userLogin.toLowerCase() === own)
            .sort(oldestFirst);
    };
    const removeExtras = async (extras) => {
        for (const extra of extras) {
            try {
                await client.deleteIssueComment(repo, extra.id);
                deleted.push(extra.id);
            }
            catch (error) {
                // A racing run deleting the same duplicate first is the expected outcome, not a failure.
                if (error instanceof GitHubApiError && error.status === 404)
                    continue;
                throw error;
            }
        }
    };
    /** The oldest comment carries the report; the rest go. */
    const settle = async (own, created) => {
        const [keeper, ...extras] = own;
        if (keeper === undefined)
            throw new Error('settle() needs at least one comment');
        let action = keeper.id === created?.id ? 'created' : 'unchanged';
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
        if (own.length > 0)
            return await settle(own);
        const created = await client.createIssueComment(repo, options.issueNumber, body);
        // The created comment names its true author, which beats a guessed fallback login.
        const afterCreate = await listOwn(created.userLogin || tokenLogin.login);
        if (!afterCreate.some((comment) => comment.id === created.id))
            afterCreate.push(created);
        afterCreate.sort(oldestFirst);
        return await settle(afterCreate, created);
    }
    catch (error) {
        if (isForbidden(error)) {
            return {
                action: 'forbidden',
                warning: `Could not write the pull request comment (${error.method} ${error.url} → 403: ${error.message}). ` +
                    `The token is read-only here, as it is for pull requests from forks; the job summary and ` +
                    `outputs still hold the report.`,
                deleted,
            };
        }
        if (isTooLarge(error)) {
            throw new CommentTooLargeError(length, MAX_COMMENT_LENGTH, `GitHub rejected the ${length}-character pull request comment: ${error.message}`);
        }
        throw error;
    }
}

;// CONCATENATED MODULE: ./build/github/driftIssue.js


const DRIFT_LABEL = 'policy-drift';
const DRIFT_LABEL_COLOR = 'd93f0b';
const DRIFT_LABEL_DESCRIPTION = 'policy-replay: recorded decisions the saved policy no longer reproduces';
/**
 * `<!-- policy-replay:drift:policies/acme.yaml -->`. The path is percent-encoded where it could
 * end the HTML comment early (`>`, `--`) or confuse matching (spaces, `%`), so any path is safe.
 */
function driftMarker(policyPath) {
    const encoded = policyPath.replace(/[^A-Za-z0-9_./-]|-(?=-)/g, (char) => Array.from(new TextEncoder().encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
    return `<!-- policy-replay:drift:${encoded} -->`;
}
/** Issues cannot be written here: disabled on the repository, or the token lacks `issues: write`. */
class IssuesUnavailableError extends Error {
    status;
    name = 'IssuesUnavailableError';
    kind = 'issues-unavailable';
    constructor(status, message, cause) {
        super(message, cause === undefined ? undefined : { cause });
        this.status = status;
    }
}
function driftIssue_oldestFirst(a, b) {
    const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
    return byTime !== 0 && !Number.isNaN(byTime) ? byTime : a.number - b.number;
}
function sameText(a, b) {
    return a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n');
}
/** Posted when drift returns to zero and the caller gave no `closeComment`. */
const DEFAULT_CLOSE_COMMENT = 'Drift returned to zero: the replayed decisions match the recorded ones again. Closing; policy-replay reopens this issue if drift comes back.';
async function syncDriftIssue(client, options) {
    const marker = driftMarker(options.policyPath);
    const label = options.label ?? DRIFT_LABEL;
    const body = withMarker(options.body, marker);
    const length = commentLength(body);
    if (length > MAX_COMMENT_LENGTH) {
        throw new CommentTooLargeError(length, MAX_COMMENT_LENGTH, `the drift issue body for ${options.policyPath} is ${length} characters, over GitHub's limit of ${MAX_COMMENT_LENGTH}`);
    }
    const repo = { owner: options.owner, repo: options.repo };
    const result = { action: 'none', closedDuplicates: [], warnings: [] };
    const listOwn = async (login) => {
        const issues = await client.listIssues(repo, { labels: [label], state: 'all' });
        const own = login.toLowerCase();
        return issues
            .filter((issue) => issue.body.includes(marker) && issue.userLogin.toLowerCase() === own)
            .sort(driftIssue_oldestFirst);
    };
    /** Keeps the oldest open issue; closes the others, pointing at it. */
    const closeDuplicates = async (open) => {
        const [keeper, ...extras] = open;
        for (const extra of extras) {
            if (keeper === undefined)
                break;
            await client.createIssueComment(repo, extra.number, `Duplicate of #${keeper.number}.`);
            await client.updateIssue(repo, extra.number, { state: 'closed', state_reason: 'not_planned' });
            result.closedDuplicates.push(extra.number);
        }
        return keeper;
    };
    const refresh = async (issue) => {
        result.issueNumber = issue.number;
        result.htmlUrl = issue.htmlUrl;
        if (issue.title === options.title && sameText(issue.body, body)) {
            result.action = 'unchanged';
            return;
        }
        const updated = await client.updateIssue(repo, issue.number, { title: options.title, body });
        result.action = 'updated';
        result.htmlUrl = updated.htmlUrl || issue.htmlUrl;
    };
    const ensureLabel = async () => {
        try {
            if ((await client.getLabel(repo, label)) === null) {
                await client.createLabel(repo, {
                    name: label,
                    color: DRIFT_LABEL_COLOR,
                    description: DRIFT_LABEL_DESCRIPTION,
                });
            }
        }
        catch (error) {
            // 422 "already_exists" is a racing run; anything else still lets issue creation try, since
            // GitHub creates a missing label named in a new issue.
            if (error instanceof GitHubApiError && error.status === 422)
                return;
            if (error instanceof GitHubApiError && error.status !== 410) {
                result.warnings.push(`could not create the '${label}' label: ${error.message}`);
                return;
            }
            throw error;
        }
    };
    try {
        const login = (await client.getTokenLogin()).login;
        const own = await listOwn(login);
        const openIssue = await closeDuplicates(own.filter((issue) => issue.state === 'open'));
        if (options.driftTotal <= 0) {
            if (openIssue === undefined)
                return result;
            await client.createIssueComment(repo, openIssue.number, options.closeComment ?? DEFAULT_CLOSE_COMMENT);
            const closed = await client.updateIssue(repo, openIssue.number, {
                state: 'closed',
                state_reason: 'completed',
            });
            return {
                ...result,
                action: 'closed',
                issueNumber: openIssue.number,
                htmlUrl: closed.htmlUrl || openIssue.htmlUrl,
            };
        }
        if (openIssue !== undefined) {
            await refresh(openIssue);
            return result;
        }
        // The most recent closed issue for this policy comes back rather than a new one.
        const lastClosed = own.filter((issue) => issue.state === 'closed').sort((a, b) => b.number - a.number)[0];
        if (lastClosed !== undefined) {
            const reopened = await client.updateIssue(repo, lastClosed.number, {
                state: 'open',
                state_reason: 'reopened',
                title: options.title,
                body,
            });
            return { ...result, action: 'reopened', issueNumber: lastClosed.number, htmlUrl: reopened.htmlUrl };
        }
        await ensureLabel();
        const created = await client.createIssue(repo, { title: options.title, body, labels: [label] });
        if (!created.labels.includes(label)) {
            // Labels on a new issue are dropped silently for tokens without push access; without the
            // label the next run would not find the issue and would open another.
            try {
                await client.addLabels(repo, created.number, [label]);
            }
            catch (error) {
                if (!(error instanceof GitHubApiError))
                    throw error;
                result.warnings.push(`issue #${created.number} was created without the '${label}' label and it could not be added ` +
                    `(${error.status}: ${error.message}); the next run will not find it`);
            }
        }
        // A concurrent run may have opened one too: the oldest open issue wins, as for PR comments.
        const afterCreate = (await listOwn(created.userLogin || login)).filter((issue) => issue.state === 'open');
        if (!afterCreate.some((issue) => issue.number === created.number))
            afterCreate.push(created);
        afterCreate.sort(driftIssue_oldestFirst);
        const keeper = await closeDuplicates(afterCreate);
        if (keeper === undefined || keeper.number === created.number) {
            return { ...result, action: 'created', issueNumber: created.number, htmlUrl: created.htmlUrl };
        }
        await refresh(keeper);
        return result;
    }
    catch (error) {
        if (error instanceof GitHubApiError &&
            ((error.status === 403 && !error.rateLimited) || error.status === 410)) {
            throw new IssuesUnavailableError(error.status, `cannot maintain the drift issue for ${options.policyPath}: issues are disabled on this repository ` +
                `or the token lacks issues: write (${error.method} ${error.url} → ${error.status}: ${error.message})`, error);
        }
        throw error;
    }
}
/**
 * Closes this Action's open drift issues whose policy is gone from the default branch (deleted,
 * renamed, or no longer matched by the `policies` input): with no policy there is no drift to
 * report, and the issue would otherwise stay open with stale numbers forever.
 */
async function closeOrphanedDriftIssues(client, options) {
    const repo = { owner: options.owner, repo: options.repo };
    const label = options.label ?? DRIFT_LABEL;
    const own = (await client.getTokenLogin()).login.toLowerCase();
    const live = new Set(options.livePolicyPaths.map(driftMarker));
    const closed = [];
    for (const issue of await client.listIssues(repo, { labels: [label], state: 'open' })) {
        if (issue.userLogin.toLowerCase() !== own)
            continue;
        const marker = /<!-- policy-replay:drift:\S+ -->/.exec(issue.body)?.[0];
        if (marker === undefined || live.has(marker))
            continue;
        await client.createIssueComment(repo, issue.number, 'The policy this issue reports on no longer exists on the default branch (or no longer matches the `policies` input). Closing; policy-replay opens a new issue if it comes back and drifts.');
        await client.updateIssue(repo, issue.number, { state: 'closed', state_reason: 'not_planned' });
        closed.push(issue.number);
    }
    return closed;
}

// EXTERNAL MODULE: ./node_modules/@actions/tool-cache/lib/tool-cache.js + 2 modules
var tool_cache = __webpack_require__(9805);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./build/opa/version.js
/**
 * The OPA release this project is built and tested against. `version.json` holds the same value
 * for scripts that cannot import TypeScript (scripts/ensure-opa.mjs); a test keeps them equal.
 * A plain constant (not a JSON import) so that jest's ESM mode and the ncc bundle agree.
 */
const OPA_VERSION = '1.22.3';
/** Where OPA publishes release binaries; `opa-download-url` replaces it for GHES and mirrors. */
const DEFAULT_OPA_DOWNLOAD_URL = 'https://github.com/open-policy-agent/opa/releases/download';
/** `x.y.z` with an optional leading `v` and an optional pre-release/build suffix. */
const VERSION_PATTERN = /^v?(\d+)\.(\d+)\.(\d+)([-+][0-9A-Za-z.+-]*)?$/;
/** Splits a version string; null when it is not `x.y.z`. */
function parseVersion(version) {
    const m = VERSION_PATTERN.exec(version.trim());
    if (!m)
        return null;
    return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}
/**
 * Reads the version from `opa version` output (`Version: 1.22.3` on its own line).
 * Returns null when the output does not carry one, so a non-OPA program is never mistaken for it.
 */
function parseOpaVersionOutput(stdout) {
    const m = /^Version:\s*(\S+)\s*$/m.exec(stdout);
    if (!m || m[1] === undefined)
        return null;
    return parseVersion(m[1]) ? m[1].replace(/^v/, '') : null;
}
/**
 * Whether an installed OPA can stand in for the wanted one. Same major.minor: OPA patch releases
 * fix bugs without changing the Rego language or the Wasm ABI we compile for, while a minor
 * release may add builtins or change compilation output.
 */
function isCompatibleVersion(found, wanted) {
    const a = parseVersion(found);
    const b = parseVersion(wanted);
    return a !== null && b !== null && a.major === b.major && a.minor === b.minor;
}

;// CONCATENATED MODULE: ./build/opa/locate.js





const HOW_TO_GET_OPA = `Install OPA ${OPA_VERSION}: \`go install github.com/open-policy-agent/opa@v${OPA_VERSION}\` ` +
    `or download it from the OPA releases page (https://github.com/open-policy-agent/opa/releases/tag/v${OPA_VERSION}), ` +
    'then pass --opa PATH or set OPA_PATH.';
/**
 * No usable `opa` where we looked. The message is one line that says how to get one.
 * OpaUnusableError is a subclass, so a caller that handles "no OPA" handles both.
 */
class OpaMissingError extends Error {
    code = 'opa-missing';
    /** The path that was named (--opa, $OPA_PATH, opa-path) or found but is not usable; null when none was. */
    path;
    constructor(message, path = null) {
        super(message);
        this.name = 'OpaMissingError';
        this.path = path;
    }
}
/** An `opa` file exists but does not run, or does not print an OPA version. */
class OpaUnusableError extends OpaMissingError {
    code = 'opa-unusable';
    path;
    /** What went wrong, without the how-to-install hint (callers outside the CLI word their own). */
    detail;
    constructor(path, detail) {
        super(`opa at '${path}' is not usable: ${detail}. ${HOW_TO_GET_OPA}`, path);
        this.name = 'OpaUnusableError';
        this.path = path;
        this.detail = detail;
    }
}
async function isExecutableFile(path) {
    try {
        if (!(await (0,promises_.stat)(path)).isFile())
            return false;
        await (0,promises_.access)(path, external_node_fs_.constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Runs `<path> version` (no shell) and returns the version it prints.
 * Throws OpaUnusableError when it fails to run or prints no `Version:` line.
 */
function readOpaVersion(path, timeoutMs = 30_000) {
    return new Promise((resolveVersion, reject) => {
        (0,external_node_child_process_.execFile)(path, ['version'], { timeout: timeoutMs, windowsHide: true }, (error, stdout) => {
            if (error) {
                reject(new OpaUnusableError(path, `\`opa version\` failed (${error.message.split('\n')[0]})`));
                return;
            }
            const version = parseOpaVersionOutput(String(stdout));
            if (version === null)
                reject(new OpaUnusableError(path, '`opa version` printed no "Version: x.y.z" line'));
            else
                resolveVersion(version);
        });
    });
}
/** File names an OPA binary may have in a PATH directory on this platform. */
function binaryNames(platform) {
    return platform === 'win32' ? ['opa.exe', 'opa'] : ['opa'];
}
/**
 * Scans the PATH directories for an executable `opa`, without a shell. Empty and relative
 * entries are skipped: they would resolve against whatever the current directory is, which in
 * CI is the checked-out (possibly untrusted) repository.
 */
async function findOpaOnPath(env, platform = process.platform) {
    const pathValue = env.PATH ?? env.Path ?? '';
    for (const dir of pathValue.split(external_node_path_.delimiter)) {
        if (dir === '' || !(0,external_node_path_.isAbsolute)(dir))
            continue;
        for (const name of binaryNames(platform)) {
            const candidate = (0,external_node_path_.join)(dir, name);
            if (await isExecutableFile(candidate))
                return candidate;
        }
    }
    return null;
}
/**
 * Finds the OPA binary for the CLI: `--opa` first, then `$OPA_PATH`, then PATH.
 * A path named by --opa or $OPA_PATH that is not an executable file is an error, not a reason
 * to fall through: the user chose that binary, and silently running another one would hide it.
 */
async function locateOpa(options) {
    const named = [];
    if (options.flag !== undefined && options.flag !== '')
        named.push({ source: 'flag', label: '--opa', value: options.flag });
    const fromEnv = options.env.OPA_PATH;
    if (fromEnv !== undefined && fromEnv !== '')
        named.push({ source: 'env', label: '$OPA_PATH', value: fromEnv });
    const first = named[0];
    if (first) {
        const path = resolve(first.value);
        if (!(await isExecutableFile(path))) {
            throw new OpaMissingError(`opa not found at ${first.label} '${first.value}' (not an executable file). ${HOW_TO_GET_OPA}`, path);
        }
        return { path, version: await readOpaVersion(path) };
    }
    const onPath = await findOpaOnPath(options.env);
    if (onPath === null) {
        throw new OpaMissingError(`opa not found (looked at --opa, $OPA_PATH, PATH). ${HOW_TO_GET_OPA}`);
    }
    return { path: onPath, version: await readOpaVersion(onPath) };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./build/canonical/sha256.js


/** Hex SHA-256 of a file's bytes as stored (compressed bytes for `.gz`), read as a stream. */
async function sha256_sha256OfFile(path) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for await (const chunk of (0,external_node_fs_.createReadStream)(path, { highWaterMark: 1 << 20 }))
        hash.update(chunk);
    return hash.digest('hex');
}
/** Hex SHA-256 of a text's UTF-8 bytes. */
function sha256OfText(text) {
    return (0,external_node_crypto_.createHash)('sha256').update(text, 'utf8').digest('hex');
}

;// CONCATENATED MODULE: ./build/opa/install.js








const TOOL_NAME = 'opa';
/** The runner's OS/architecture has no OPA release binary. */
class OpaUnsupportedPlatformError extends Error {
    platform;
    arch;
    code = 'opa-unsupported-platform';
    constructor(platform, arch) {
        super(`OPA publishes no release binary for ${platform}/${arch}. Install OPA yourself in an earlier step and set the opa-path input.`);
        this.platform = platform;
        this.arch = arch;
        this.name = 'OpaUnsupportedPlatformError';
    }
}
/** The requested version is not an exact release number, so there is no URL to fetch. */
class OpaVersionError extends Error {
    version;
    code = 'opa-version-invalid';
    constructor(version) {
        super(`Invalid OPA version '${version}'. Expected an exact release such as 1.22.3.`);
        this.version = version;
        this.name = 'OpaVersionError';
    }
}
/** The binary or its `.sha256` file could not be downloaded. */
class OpaDownloadError extends Error {
    url;
    code = 'opa-download-failed';
    constructor(url, message) {
        super(message);
        this.url = url;
        this.name = 'OpaDownloadError';
    }
}
/** The downloaded binary's SHA-256 is not the expected one. The file has been deleted unrun. */
class OpaChecksumError extends Error {
    url;
    expected;
    actual;
    expectedFrom;
    code = 'opa-checksum-mismatch';
    constructor(url, expected, actual, expectedFrom) {
        const from = expectedFrom === 'opa-sha256' ? 'the opa-sha256 input' : `${url}.sha256`;
        super(`SHA-256 mismatch for ${url}: expected ${expected} (from ${from}), got ${actual}. The download was deleted without being run.`);
        this.url = url;
        this.expected = expected;
        this.actual = actual;
        this.expectedFrom = expectedFrom;
        this.name = 'OpaChecksumError';
    }
}
const ASSETS = {
    'linux/x64': 'opa_linux_amd64_static',
    'linux/arm64': 'opa_linux_arm64_static',
    'darwin/x64': 'opa_darwin_amd64',
    'darwin/arm64': 'opa_darwin_arm64_static',
    'win32/x64': 'opa_windows_amd64.exe',
};
/** The release asset name OPA publishes for a Node platform/arch pair. */
function opaAssetName(platform, arch) {
    const asset = ASSETS[`${platform}/${arch}`];
    if (asset === undefined)
        throw new OpaUnsupportedPlatformError(platform, arch);
    return asset;
}
/** `${base}/v${version}/${asset}`, tolerating a trailing slash on the base. */
function opaDownloadUrl(baseUrl, version, asset) {
    return `${baseUrl.replace(/\/+$/, '')}/v${version}/${asset}`;
}
/** The hash in an OPA `.sha256` file: its first whitespace-separated token (`<hex>  <name>`). */
function parseSha256File(text) {
    const token = text.trim().split(/\s+/)[0] ?? '';
    return /^[0-9a-fA-F]{64}$/.test(token) ? token.toLowerCase() : null;
}
function binaryName(platform) {
    return platform === 'win32' ? 'opa.exe' : 'opa';
}
function httpStatusOf(error) {
    const status = error?.httpStatusCode;
    return typeof status === 'number' ? status : null;
}
async function download(deps, url, what) {
    try {
        return await deps.downloadTool(url);
    }
    catch (error) {
        const status = httpStatusOf(error);
        const cause = status !== null ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
        throw new OpaDownloadError(url, `Could not download ${what} from ${url} (${cause}). Check the opa-version and opa-download-url inputs, or install OPA in an earlier step and set opa-path.`);
    }
}
function defaultDeps() {
    return {
        downloadTool: (url) => tool_cache/* downloadTool */.bq(url),
        cacheFile: (source, target, tool, version, arch) => tool_cache/* cacheFile */.NJ(source, target, tool, version, arch),
        find: (tool, version, arch) => tool_cache/* find */.I6(tool, version, arch),
        addPath: (dir) => core/* addPath */.fM(dir),
        info: (message) => core/* info */.pq(message),
        warning: (message) => core/* warning */.$e(message),
        env: process.env,
    };
}
/**
 * Makes an OPA binary available to the Action and returns it. In order:
 * 1. `opa-path`, when given: it must run; a version other than the requested major.minor is a
 *    warning, not an error (the user chose it explicitly).
 * 2. an `opa` on PATH whose version has the requested major.minor (see isCompatibleVersion) and,
 *    when `opa-sha256` is pinned, whose file has that hash.
 * 3. the tool cache (a binary cached by an earlier run, verified when it was cached; re-hashed
 *    against a pinned `opa-sha256`).
 * 4. the release binary for this OS/arch, verified against `opa-sha256` or the published
 *    `.sha256` file BEFORE it is made executable, run or cached; then cached and added to PATH.
 */
async function ensureOpa(settings, overrides = {}) {
    const deps = { ...defaultDeps(), ...overrides };
    const wanted = settings.opaVersion.replace(/^v/, '');
    if (parseVersion(wanted) === null) {
        throw new OpaVersionError(settings.opaVersion);
    }
    const pinned = settings.opaSha256 ? settings.opaSha256.toLowerCase() : null;
    if (settings.opaPath) {
        const path = (0,external_node_path_.resolve)(settings.opaPath);
        let version;
        try {
            version = await readOpaVersion(path);
        }
        catch (error) {
            const detail = error instanceof OpaUnusableError ? error.detail : String(error);
            throw new OpaMissingError(`opa-path '${settings.opaPath}' is not a usable OPA binary: ${detail}. Point opa-path at OPA ${wanted}, or remove it to let the Action download OPA.`, path);
        }
        if (!isCompatibleVersion(version, wanted)) {
            deps.warning(`opa-path '${settings.opaPath}' is OPA ${version}; this Action is tested with ${wanted}.`);
        }
        deps.info(`Using OPA ${version} from opa-path: ${path}`);
        return { path, version, source: 'opa-path' };
    }
    const onPath = await findOpaOnPath(deps.env, settings.platform);
    if (onPath !== null) {
        const reuse = await reusableFromPath(onPath, wanted, pinned, deps);
        if (reuse !== null) {
            deps.info(`Using OPA ${reuse} found on PATH: ${onPath}`);
            return { path: onPath, version: reuse, source: 'path' };
        }
    }
    const asset = opaAssetName(settings.platform, settings.arch);
    const name = binaryName(settings.platform);
    const cachedDir = deps.find(TOOL_NAME, wanted, settings.arch);
    if (cachedDir) {
        const cached = (0,external_node_path_.join)(cachedDir, name);
        const hashOk = pinned === null || (await sha256_sha256OfFile(cached).catch(() => null)) === pinned;
        if (hashOk) {
            const version = await readOpaVersion(cached);
            deps.addPath(cachedDir);
            deps.info(`Using OPA ${version} from the tool cache: ${cached}`);
            return { path: cached, version, source: 'tool-cache' };
        }
        deps.warning(`The cached OPA ${wanted} at ${cached} does not match opa-sha256; downloading it again.`);
        // tool-cache never overwrites a cached file, so the stale entry (and its completion marker) must go first.
        await (0,promises_.rm)(cachedDir, { recursive: true, force: true });
        await (0,promises_.rm)(`${cachedDir}.complete`, { force: true });
    }
    const url = opaDownloadUrl(settings.downloadBaseUrl, wanted, asset);
    deps.info(`Downloading OPA ${wanted} from ${url}`);
    const downloaded = await download(deps, url, `OPA ${wanted} (${asset})`);
    let cachedPath;
    let toolDir;
    try {
        let expected;
        let expectedFrom;
        if (pinned !== null) {
            expected = pinned;
            expectedFrom = 'opa-sha256';
        }
        else {
            const sumFile = await download(deps, `${url}.sha256`, 'the checksum file');
            let parsed;
            try {
                parsed = parseSha256File(await (0,promises_.readFile)(sumFile, 'utf8'));
            }
            finally {
                await (0,promises_.rm)(sumFile, { force: true });
            }
            if (parsed === null) {
                throw new OpaDownloadError(`${url}.sha256`, `${url}.sha256 does not start with a SHA-256 hex digest; refusing to use the download. Pin the digest with the opa-sha256 input.`);
            }
            expected = parsed;
            expectedFrom = 'sha256-file';
        }
        const actual = await sha256_sha256OfFile(downloaded);
        if (actual !== expected)
            throw new OpaChecksumError(url, expected, actual, expectedFrom);
        // Verified: only now may the file become executable.
        await (0,promises_.chmod)(downloaded, 0o755);
        toolDir = await deps.cacheFile(downloaded, name, TOOL_NAME, wanted, settings.arch);
        cachedPath = (0,external_node_path_.join)(toolDir, name);
        // The copy in the cache is what runs; make sure it is the verified file and not a leftover.
        const cachedHash = await sha256_sha256OfFile(cachedPath);
        if (cachedHash !== expected) {
            await (0,promises_.rm)(cachedPath, { force: true });
            throw new OpaChecksumError(url, expected, cachedHash, expectedFrom);
        }
        await (0,promises_.chmod)(cachedPath, 0o755);
    }
    finally {
        await (0,promises_.rm)(downloaded, { force: true });
    }
    const version = await readOpaVersion(cachedPath);
    if (version !== wanted) {
        deps.warning(`The OPA downloaded as ${wanted} from ${url} reports version ${version}.`);
    }
    deps.addPath(toolDir);
    deps.info(`Installed OPA ${version} at ${cachedPath}`);
    return { path: cachedPath, version, source: 'download' };
}
/** The version of the PATH binary when it can stand in for the requested one, else null (logged). */
async function reusableFromPath(path, wanted, pinned, deps) {
    let version;
    try {
        version = await readOpaVersion(path);
    }
    catch (error) {
        deps.info(`Ignoring ${path}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
    }
    if (!isCompatibleVersion(version, wanted)) {
        deps.info(`Ignoring OPA ${version} on PATH (${path}): not compatible with ${wanted} (needs the same major.minor).`);
        return null;
    }
    if (pinned !== null && (await sha256_sha256OfFile(path).catch(() => null)) !== pinned) {
        deps.info(`Ignoring OPA on PATH (${path}): its SHA-256 is not the pinned opa-sha256.`);
        return null;
    }
    return version;
}

;// CONCATENATED MODULE: ./build/text/workflowCommands.js
/**
 * The one sanitiser between untrusted text (traffic values, file names from a pull request, policy
 * keys, manifest ids, error messages quoting any of them) and a channel a GitHub runner reads for
 * workflow commands: the CLI's stdout and stderr, and the Action's log lines and annotations.
 *
 * The runner reads its steps' output line by line, splitting on `\n`, `\r\n` and a lone `\r`, and
 * executes
 * - `::name …::message` when the line starts with `::` after leading whitespace (v2 commands), and
 * - `##[name …]message` wherever `##[` appears in the line (v1 commands).
 * README "Security model" and docs/security.md describe where each function below is used.
 */
/** Invisible, and not whitespace to the runner (its trim would skip whitespace). */
const BREAK = '\u200b';
/** What the runner (.NET `char.IsWhiteSpace`) and JavaScript (`\s`) count as leading whitespace. */
const LEADING_SPACE = /^[\s\u0085]*/;
/** A line break as the runner's line reader sees it, or one a log viewer would draw. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
function inertLine(line) {
    const indent = LEADING_SPACE.exec(line)[0].length;
    let out = line;
    if (out.startsWith('::', indent))
        out = `${out.slice(0, indent + 1)}${BREAK}${out.slice(indent + 1)}`;
    return out.includes('##[') ? out.replaceAll('##[', `#${BREAK}#[`) : out;
}
/**
 * Text a person reads (a terminal report, an error message, markdown): line breaks are kept, and
 * in every line a `::` after leading whitespace and every `##[` get an invisible break, so the
 * runner executes nothing. Text without either comes back unchanged (the same string).
 */
function inertText(text) {
    if (!text.includes('::') && !text.includes('##['))
        return text;
    let out = '';
    let start = 0;
    for (const m of text.matchAll(/\r\n|\r|\n/g)) {
        out += inertLine(text.slice(start, m.index)) + m[0];
        start = m.index + m[0].length;
    }
    return out + inertLine(text.slice(start));
}
/**
 * One log line: line breaks (including the ones only a viewer draws) show as `␤`, so untrusted text
 * cannot start a line of its own, and the line is then made inert as above.
 */
function workflowCommands_inertLogLine(text) {
    return inertText(text.replace(LINE_BREAK, '␤'));
}
/**
 * JSON text (or Rego, whose strings use JSON's escapes) made inert without changing what it means:
 * `##[` can only occur inside a string, where `\u0023` is the same `#`; and no line of JSON
 * starts with `:`. The value a parser reads back is the original.
 */
function inertJson(text) {
    return text.includes('##[') ? text.replaceAll('##[', '#\\u0023[') : text;
}

;// CONCATENATED MODULE: ./build/replay/report.js

const MAX_MALFORMED_EXAMPLES = 20;
/**
 * Serialises a report the one way the project does: 2-space JSON and a final newline, with `##[`
 * inside strings written `#\u0023[` so that printing the report (or `cat`-ing the file in a later
 * workflow step) issues no workflow command (README "Security model").
 */
function reportToJson(value) {
    return `${inertJson(JSON.stringify(value, null, 2))}\n`;
}

;// CONCATENATED MODULE: ./build/render/advice.js
/** What an operator can do about each unevaluable reason. */
const UNEVALUABLE_ADVICE = {
    mcp_not_recorded: 'The export lacks the JSON-RPC/MCP payload (or the call arguments) that rules read. Capture the MCP payload for these routes, or expect these requests to stay unscored.',
    tool_not_recorded: 'Tool names were suppressed in the export while rules match on tool. Capture tool names (they are not payload contents).',
    subject_unverified: 'The export does not say whether the token signature was verified, and rules read caller fields. Export identity.verified.',
    attributes_unavailable: 'Groups, tags and attributes were not captured while rules read them. Export the directory attributes the gateway resolved.',
    claims_unavailable: 'Token claims, subject and issuer were not captured while rules read them. Export the claims the rules use.',
    time_not_recorded: 'The request time was not captured, so rules with an active_window cannot be judged. Export request.time.',
    http_not_recorded: 'The HTTP method, host or path was not recorded (an erased decision-log field) while rules read it. Stop erasing /input/request/http in the decision-log mask policy.',
    batch_call_pairing_unavailable: 'Batches were recorded without per-call pairing while a rule combines two call fields. Record paired calls, or split the rule so each reads one call field.',
};

;// CONCATENATED MODULE: ./build/render/escape.js
/**
 * Makes a value from traffic inert in GitHub-flavoured markdown while keeping it readable (a
 * request id such as `req-7f3a` or a time stays as it is). Inside the inline contexts where values
 * appear (table cells, headings, list items), only these characters can start markup:
 * - `\`, `` ` ``, `*`, `_`, `[`, `]`, `(`, `)`, `|`, `~`, `$`, `#`, `!` (escapes, code, emphasis,
 *   links and images, table cells, strikethrough, math, headings) are backslash-escaped;
 * - `<`, `>`, `&` become entities, so no HTML or entity reaches the renderer;
 * - `@`, `#` before a digit, `://` and `www.` get a zero-width space, so GitHub's mention,
 *   issue-reference and autolink parsers never see them whole;
 * - line breaks become spaces, other control and bidi-override characters become U+FFFD.
 */
const ZWSP = '\u200b';
const MAX_VALUE = 200;
function escapeMarkdown(value, maxLength = MAX_VALUE) {
    let text = value;
    if ([...text].length > maxLength)
        text = `${[...text].slice(0, maxLength - 1).join('')}…`;
    text = text
        .replace(/:\/\//g, `:${ZWSP}//`)
        .replace(/(www)\./gi, `$1${ZWSP}.`)
        .replace(/@/g, `@${ZWSP}`)
        .replace(/#(?=[0-9])/g, `#${ZWSP}`)
        .replace(/\b(GH)-(?=[0-9])/gi, `$1-${ZWSP}`);
    let out = '';
    for (const ch of text) {
        const code = ch.codePointAt(0);
        if (ch === '&')
            out += '&amp;';
        else if (ch === '<')
            out += '&lt;';
        else if (ch === '>')
            out += '&gt;';
        else if (ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029')
            out += ' ';
        else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0))
            out += '\ufffd';
        else if ((code >= 0x202a && code <= 0x202e) ||
            (code >= 0x2066 && code <= 0x2069) ||
            code === 0x200e ||
            code === 0x200f)
            out += '\ufffd';
        else if ('\\`*_[]()|~$#!'.includes(ch))
            out += `\\${ch}`;
        else
            out += ch;
    }
    return out;
}
/** A value shown in a table cell; `null` shows as an em dash. */
function cell(value) {
    return value === null || value === undefined || value === '' ? '—' : escapeMarkdown(value);
}
/**
 * A value inside an HTML block (`<summary>…</summary>`), where markdown escapes would show as
 * backslashes: entities for what HTML reads, and the same zero-width spaces against mentions,
 * issue references and autolinks.
 */
function escapeHtmlText(value, maxLength = MAX_VALUE) {
    let text = value;
    if ([...text].length > maxLength)
        text = `${[...text].slice(0, maxLength - 1).join('')}…`;
    return (text
        .replace(/:\/\//g, `:${ZWSP}//`)
        .replace(/(www)\./gi, `$1${ZWSP}.`)
        .replace(/@/g, `@${ZWSP}`)
        .replace(/#(?=[0-9])/g, `#${ZWSP}`)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/[\r\n\u2028\u2029]/g, ' ')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\ufffd'));
}

;// CONCATENATED MODULE: ./build/render/groupTable.js

/**
 * The "What changes, and why" table (docs/explain.md "Where the groups are shown"): one line per
 * change group. Pure; the markdown (comment, summary, drift issue) and the terminal report share
 * the wording here.
 */
const n = (value) => value.toLocaleString('en-US');
/** Tools listed per group before "+N more": a batch may call dozens. */
const MAX_TOOLS_SHOWN = 6;
const DIRECTION_WORDS = {
    replay: {
        newly_allowed: 'newly allowed',
        unknown_to_allow: 'unknown → allowed',
        newly_denied: 'newly denied',
        unknown_to_deny: 'unknown → denied',
    },
    drift: {
        newly_allowed: 'recorded deny, now allowed',
        unknown_to_allow: 'unknown → allowed',
        newly_denied: 'recorded allow, now denied',
        unknown_to_deny: 'unknown → denied',
    },
};
function directionWords(direction, context = 'replay') {
    return DIRECTION_WORDS[context][direction];
}
const allows = (direction) => direction === 'newly_allowed' || direction === 'unknown_to_allow';
/** What an empty `because` means: the base decided nothing, or — for a newly_* group — a bug. */
function emptyBecause(direction) {
    return direction.startsWith('unknown_')
        ? 'the base could not decide these requests'
        : 'unexplained (a policy-replay bug: please report it)';
}
/** One rule edit or setting change as a reader names it; a rule on both sides is named once. */
function becauseTexts(because) {
    const out = [];
    const seen = new Set();
    for (const entry of because) {
        if ('rule' in entry) {
            if (seen.has(entry.rule))
                continue;
            seen.add(entry.rule);
            out.push(`${entry.rule} (${entry.change})`);
        }
        else {
            out.push(`${entry.setting}: ${entry.from ?? 'none'} → ${entry.to ?? 'none'}`);
        }
    }
    return out;
}
/** `method tool, tool` with the tools capped; raw text (the caller escapes for its medium). */
function requestKind(group) {
    return {
        method: group.method,
        tools: group.tools.slice(0, MAX_TOOLS_SHOWN),
        more: Math.max(0, group.tools.length - MAX_TOOLS_SHOWN),
    };
}
/** The markdown section, or null when nothing changed. */
function groupsMarkdown(groups, total, options) {
    if (groups === undefined || total === undefined || total === 0)
        return null;
    const context = options.context ?? 'replay';
    const rows = groups.slice(0, Math.max(0, options.rows));
    const heading = context === 'drift' ? 'What drifted' : 'What changes, and why';
    const lines = [
        `**${heading}** (showing ${n(rows.length)} of ${n(total)} group${total === 1 ? '' : 's'}, most dangerous first)`,
    ];
    if (rows.length > 0) {
        lines.push('', `| change | requests | subjects | method and tools | ${context === 'drift' ? "saved policy's rules" : 'because'} |`, '|---|---:|---|---|---|', ...rows.map((g) => groupRow(g, context, options.subjectName)));
    }
    return lines.join('\n');
}
function groupRow(g, context, subjectName) {
    const words = directionWords(g.direction, context);
    const direction = allows(g.direction) ? `**${words}**` : words;
    const top = g.subjects.top.map((s) => `${s.subject === null ? '—' : subjectName(s.subject)} (${n(s.count)})`);
    const subjects = `${n(g.subjects.distinct)}: ${top.join(', ')}${g.subjects.distinct > top.length ? ', …' : ''}`;
    const kind = requestKind(g);
    const tools = kind.tools.map((t) => escapeMarkdown(t, 100)).join(', ');
    const what = [cell(kind.method), tools, kind.more > 0 ? `+${n(kind.more)} more` : '']
        .filter((x) => x !== '')
        .join(' ');
    let why;
    if (context === 'drift') {
        why =
            g.head_rules.length === 0 ? '— (the default)' : g.head_rules.map((id) => escapeMarkdown(id)).join(', ');
    }
    else {
        const texts = becauseTexts(g.because);
        why =
            texts.length === 0
                ? g.direction.startsWith('unknown_')
                    ? `_${emptyBecause(g.direction)}_`
                    : `**${emptyBecause(g.direction)}**`
                : texts.map((t) => escapeMarkdown(t)).join(', ');
    }
    return `| ${direction} | ${n(g.count)} | ${subjects} | ${what} | ${why} |`;
}
/** The terminal table's cells for one group (values already free of control characters). */
function groupTextCells(g, context, plain) {
    const top = g.subjects.top.map((s) => `${plain(s.subject)} (${n(s.count)})`);
    const kind = requestKind(g);
    const what = [
        plain(kind.method),
        ...(kind.tools.length > 0 ? [plain(kind.tools.join(','))] : []),
        ...(kind.more > 0 ? [`+${n(kind.more)} more`] : []),
    ].join(' ');
    const why = context === 'drift'
        ? g.head_rules.join(',') || '- (the default)'
        : becauseTexts(g.because).join(', ') || emptyBecause(g.direction);
    return [
        directionWords(g.direction, context),
        n(g.count),
        `${n(g.subjects.distinct)}: ${top.join(', ')}${g.subjects.distinct > top.length ? ', …' : ''}`,
        what,
        why,
    ];
}

;// CONCATENATED MODULE: ./build/render/markdown.js




const markdown_n = (value) => value.toLocaleString('en-US');
/** Pure: the markdown sections of one policy's report, each a unit the comment may cut between. */
function replayMarkdownSections(report, options = {}) {
    const hashes = '#'.repeat(options.headingLevel ?? 3);
    const path = report.meta.head?.path ?? report.meta.base?.path ?? 'policy';
    const title = `${hashes} ${escapeMarkdown(path)}`;
    if (report.errors.length > 0 || report.result === null) {
        const rows = report.errors.map((e) => `| ${escapeMarkdown(e.file)}:${e.line}:${e.column} | ${cell(e.path)} | ${escapeMarkdown(e.message, 400)} |`);
        return [
            [
                title,
                '',
                `**Invalid policy: ${markdown_n(report.errors.length)} problem${report.errors.length === 1 ? '' : 's'}, nothing replayed.**`,
                '',
                '| where | path | problem |',
                '|---|---|---|',
                ...rows,
            ].join('\n'),
        ];
    }
    const r = report.result;
    const sections = [];
    sections.push([
        title,
        '',
        verdictLine(report),
        ...(report.meta.since !== null || report.meta.limit !== null
            ? [
                '',
                `Replayed ${[
                    report.meta.since !== null ? `records since ${escapeMarkdown(report.meta.since)}` : null,
                    report.meta.limit !== null ? `the ${markdown_n(report.meta.limit)} most recent` : null,
                ]
                    .filter((x) => x !== null)
                    .join(', ')}; ${markdown_n(report.meta.excluded_without_time)} excluded for having no time.`,
            ]
            : []),
        '',
        '| evaluated | allowed | denied | unevaluable | changes | newly allowed | newly denied | from unknown |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|',
        `| ${markdown_n(r.evaluated)} | ${markdown_n(r.allowed)} | ${markdown_n(r.denied)} | ${markdown_n(r.unevaluable)} | ${markdown_n(r.changes_total)} | ${markdown_n(r.newly_allowed)} | ${markdown_n(r.newly_denied)} | ${markdown_n(r.from_unknown)} |`,
        ...decidedDespiteLine(r),
        ...(r.malformed.count > 0
            ? [
                '',
                `${markdown_n(r.malformed.count)} malformed record${r.malformed.count === 1 ? ' was' : 's were'} not replayed.`,
            ]
            : []),
        ...(r.recorded_mismatch > 0
            ? [
                '',
                `${markdown_n(r.recorded_mismatch)} recorded decision${r.recorded_mismatch === 1 ? '' : 's'} differ from what the base policy decides: the gateway may not be running the base in Git.`,
            ]
            : []),
    ].join('\n'));
    const redact = options.redactSubjects === true;
    const groups = groupsMarkdown(r.change_groups, r.change_groups_total, {
        rows: options.maxGroupRows ?? r.change_groups?.length ?? 0,
        subjectName: (subject) => subjectCell(subject, redact),
    });
    if (groups !== null)
        sections.push(groups);
    if (r.unevaluable > 0) {
        sections.push([
            `**Unevaluable: ${markdown_n(r.unevaluable)}** — the sample cannot score these requests, so they are neither allowed nor denied here.`,
            '',
            '| reason | requests | what you can do |',
            '|---|---:|---|',
            ...r.unevaluable_reasons.map((reason) => `| \`${reason}\` | ${markdown_n(r.unevaluable_by_reason[reason] ?? 0)} | ${UNEVALUABLE_ADVICE[reason]} |`),
        ].join('\n'));
    }
    if (r.changes_total > 0) {
        const rows = r.changes.slice(0, options.maxRows ?? r.changes.length);
        // The groups say what changes; one row per request is the evidence, folded away.
        sections.push([
            `<details><summary>Every changed request (showing ${markdown_n(rows.length)} of ${markdown_n(r.changes_total)})</summary>`,
            '',
            `**Changes: showing ${markdown_n(rows.length)} of ${markdown_n(r.changes_total)}** (most dangerous first)`,
            '',
            '| request | time | subject | method | tools | current | draft | matched rules |',
            '|---|---|---|---|---|---|---|---|',
            ...rows.map((c) => changeRow(c, redact)),
            '',
            '</details>',
        ].join('\n'));
    }
    const fidelity = report.result.fidelity;
    if (fidelity)
        sections.push(fidelitySection(fidelity));
    const hits = Object.entries(r.rule_hits);
    if (hits.length > 0) {
        sections.push([
            `<details><summary>Rule hits (${report.meta.status === 'deleted' ? 'base policy: deleted' : 'head policy'})</summary>`,
            '',
            '| rule | scoreable requests matched |',
            '|---|---:|',
            ...hits.map(([id, count]) => `| ${cell(id)} | ${markdown_n(count)} |`),
            '',
            '</details>',
        ].join('\n'));
    }
    return sections;
}
/**
 * docs/unknowns.md: how many records lacked data a rule reads yet were decided, because the
 * missing data could not change their decision (none in static mode, where the two counts agree).
 */
function decidedDespiteLine(r) {
    const decided = r.unevaluable_by_reading - r.unevaluable;
    if (decided <= 0)
        return [];
    return [
        '',
        `${markdown_n(decided)} request${decided === 1 ? '' : 's'} lacked recorded data a rule reads yet ${decided === 1 ? 'was' : 'were'} decided: the missing data could not change the decision (the static rule would call ${markdown_n(r.unevaluable_by_reading)} unevaluable).`,
    ];
}
function renderReplayMarkdown(report, options = {}) {
    return `${replayMarkdownSections(report, options).join('\n\n')}\n`;
}
function verdictLine(report) {
    const r = report.result;
    if (report.meta.status === 'deleted') {
        return `**Policy deleted.** The base decided ${markdown_n(r.allowed)} allowed, ${markdown_n(r.denied)} denied, ${markdown_n(r.unevaluable)} unevaluable of ${markdown_n(r.evaluated)} replayed requests.`;
    }
    if (r.changes_total === 0) {
        return `**No decision changes** across ${markdown_n(r.evaluated - r.unevaluable)} scoreable requests (${markdown_n(r.evaluated)} replayed).`;
    }
    const parts = [];
    if (r.newly_allowed > 0)
        parts.push(`**${markdown_n(r.newly_allowed)} newly allowed**`);
    if (r.newly_denied > 0)
        parts.push(`${markdown_n(r.newly_denied)} newly denied`);
    if (r.from_unknown > 0)
        parts.push(`${markdown_n(r.from_unknown)} from unknown`);
    return `${parts.join(', ')}: **${markdown_n(r.changes_total)} request${r.changes_total === 1 ? '' : 's'} decided differently** out of ${markdown_n(r.evaluated)} replayed.`;
}
function changeRow(c, redact) {
    const subject = c.subject === null ? '—' : subjectCell(c.subject, redact);
    const tools = c.tools.length === 0 ? '—' : c.tools.map((t) => escapeMarkdown(t)).join(', ');
    const rules = c.matched_rule_ids.length === 0 ? '—' : c.matched_rule_ids.map((t) => escapeMarkdown(t)).join(', ');
    return `| ${cell(c.request_id)} | ${cell(c.occurred_at)} | ${subject} | ${cell(c.method)} | ${tools} | ${c.current_decision} | **${c.draft_decision}** | ${rules} |`;
}
/** A subject in a table cell: its pseudonym under redaction, else the escaped name. */
function subjectCell(subject, redact) {
    return redact ? `\`${subjectHash(subject)}\`` : cell(subject);
}
/** A short stable pseudonym: enough to see that two rows share a caller, not who it is. */
function subjectHash(subject) {
    return `sha256:${sha256Hex(subject).slice(0, 12)}`;
}
function sha256Hex(text) {
    return sha256OfText(text);
}
function fidelitySection(f) {
    const levels = ['exact', 'controlled', 'partial', 'unreplayable'];
    const lines = [
        `**Replay fidelity:** worst level \`${f.worst ?? 'none'}\` over ${markdown_n(f.manifests)} manifest${f.manifests === 1 ? '' : 's'}${f.invalid > 0 ? ` (${markdown_n(f.invalid)} invalid)` : ''}.`,
        '',
        '| level | manifests | records |',
        '|---|---:|---:|',
        ...levels.map((l) => `| ${l} | ${markdown_n(f.levels[l] ?? 0)} | ${markdown_n(f.records_by_level[l] ?? 0)} |`),
        `| no manifest | — | ${markdown_n(f.records_by_level.no_manifest ?? 0)} |`,
    ];
    if (f.blocking_gaps.length > 0) {
        lines.push('', 'Gaps that block replay:', '', '| evidence | reason | manifests |', '|---|---|---:|', ...f.blocking_gaps.map((g) => `| \`${g.path.replace(/`/g, '')}\` | ${escapeMarkdown(g.reason)} | ${markdown_n(g.manifests)} |`));
    }
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./build/render/driftMarkdown.js




const driftMarkdown_n = (value) => value.toLocaleString('en-US');
/** Pure: the drift report of one policy as markdown sections (issue body, job summary). */
function driftMarkdownSections(report, options = {}) {
    const path = report.meta.head?.path ?? 'policy';
    const title = `### ${escapeMarkdown(path)}`;
    if (!report.result) {
        return [
            [
                title,
                '',
                `**Invalid policy: ${driftMarkdown_n(report.errors.length)} problem(s), nothing replayed.**`,
                '',
                ...report.errors.map((e) => `- ${escapeMarkdown(`${e.file}:${e.line}:${e.column} ${e.path}: ${e.message}`, 400)}`),
            ].join('\n'),
        ];
    }
    const r = report.result;
    const sections = [
        [
            title,
            '',
            r.drift_total === 0
                ? `**No drift**: the saved policy reproduces every recorded decision it can score (${driftMarkdown_n(r.evaluated - r.unevaluable - r.without_recorded_decision)} compared).`
                : `**${driftMarkdown_n(r.drift_total)} recorded decision${r.drift_total === 1 ? '' : 's'} the saved policy no longer reproduces**: ${driftMarkdown_n(r.newly_allowed)} recorded deny now allowed, ${driftMarkdown_n(r.newly_denied)} recorded allow now denied.`,
            '',
            '| evaluated | unevaluable | without recorded decision | drift | recorded deny → allow | recorded allow → deny |',
            '|---:|---:|---:|---:|---:|---:|',
            `| ${driftMarkdown_n(r.evaluated)} | ${driftMarkdown_n(r.unevaluable)} | ${driftMarkdown_n(r.without_recorded_decision)} | ${driftMarkdown_n(r.drift_total)} | ${driftMarkdown_n(r.newly_allowed)} | ${driftMarkdown_n(r.newly_denied)} |`,
            ...decidedDespiteLine(r),
        ].join('\n'),
    ];
    const redact = options.redactSubjects === true;
    const groups = groupsMarkdown(r.drift_groups, r.drift_groups_total, {
        rows: options.maxGroupRows ?? r.drift_groups?.length ?? 0,
        subjectName: (subject) => subjectCell(subject, redact),
        context: 'drift',
    });
    if (groups !== null)
        sections.push(groups);
    if (r.policy_revisions.length > 0) {
        sections.push([
            'Drift by recorded `policy_revision` (drift on one revision points at the deployment that differs):',
            '',
            '| policy_revision | records | drift |',
            '|---|---:|---:|',
            ...r.policy_revisions.map((v) => `| ${cell(v.revision)} | ${driftMarkdown_n(v.records)} | ${driftMarkdown_n(v.drift)} |`),
        ].join('\n'));
    }
    if (r.unevaluable > 0) {
        sections.push([
            '| unevaluable reason | requests | what you can do |',
            '|---|---:|---|',
            ...r.unevaluable_reasons.map((x) => `| \`${x}\` | ${driftMarkdown_n(r.unevaluable_by_reason[x] ?? 0)} | ${UNEVALUABLE_ADVICE[x]} |`),
        ].join('\n'));
    }
    if (r.drift_total > 0) {
        const rows = r.drifts.slice(0, options.maxRows ?? r.drifts.length);
        sections.push([
            `<details><summary>Every drifted request (showing ${driftMarkdown_n(rows.length)} of ${driftMarkdown_n(r.drift_total)})</summary>`,
            '',
            `**Drifts: showing ${driftMarkdown_n(rows.length)} of ${driftMarkdown_n(r.drift_total)}**`,
            '',
            '| request | time | subject | method | tools | recorded | replayed | matched rules |',
            '|---|---|---|---|---|---|---|---|',
            ...rows.map((d) => `| ${cell(d.request_id)} | ${cell(d.occurred_at)} | ${d.subject === null ? '—' : subjectCell(d.subject, redact)} | ${cell(d.method)} | ${d.tools.map((t) => escapeMarkdown(t)).join(', ') || '—'} | ${d.recorded_decision} | **${d.replayed_decision}** | ${d.matched_rule_ids.map((t) => escapeMarkdown(t)).join(', ') || '—'} |`),
            '',
            '</details>',
        ].join('\n'));
    }
    return sections;
}
/** The comment that closes a policy's drift issue when its drift returns to zero. */
function driftResolvedComment(policyPath) {
    return (`Drift returned to zero: the replayed decisions of ${escapeMarkdown(policyPath)} match the recorded ` +
        `ones again. Closing; policy-replay reopens this issue if drift comes back.`);
}

;// CONCATENATED MODULE: ./build/version.js
/** The tool's version, reported in every JSON report (kept equal to package.json by a test). */
const TOOL_VERSION = '0.1.0';

// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
;// CONCATENATED MODULE: ./build/canonical/jcs.js

/** Thrown when a value has no canonical JSON form. `path` is where, dotted with `[i]` (root is ""). */
class CanonicalJsonError extends Error {
    kind;
    path;
    name = 'CanonicalJsonError';
    constructor(kind, path, message) {
        super(path === '' ? message : `${path}: ${message}`);
        this.kind = kind;
        this.path = path;
    }
}
/** Returns the RFC 8785 canonical JSON text of `value`. Throws {@link CanonicalJsonError}. */
function canonicalize(value) {
    const parts = [];
    write(value, '', parts, new Set());
    return parts.join('');
}
/** Lowercase hex SHA-256 of the UTF-8 bytes of `canonicalize(value)`. */
function sha256Canonical(value) {
    return (0,external_node_crypto_.createHash)('sha256').update(canonicalize(value), 'utf8').digest('hex');
}
function write(value, path, out, open) {
    if (value === null) {
        out.push('null');
        return;
    }
    switch (typeof value) {
        case 'boolean':
            out.push(value ? 'true' : 'false');
            return;
        case 'number':
            out.push(serializeNumber(value, path));
            return;
        case 'string':
            out.push(serializeString(value, path));
            return;
        case 'object':
            break;
        default:
            throw new CanonicalJsonError('unsupported_type', path, `${typeof value} has no JSON form`);
    }
    const object = value;
    if (open.has(object))
        throw new CanonicalJsonError('cycle', path, 'value contains a cycle');
    open.add(object);
    if (Array.isArray(object)) {
        out.push('[');
        object.forEach((item, index) => {
            if (index > 0)
                out.push(',');
            write(item, `${path}[${index}]`, out, open);
        });
        out.push(']');
    }
    else {
        const proto = Object.getPrototypeOf(object);
        // Plain means "made by {} or Object.create(null)" in any realm (structuredClone, vm and
        // workers hand out another realm's Object.prototype). A Date, Map or class instance would
        // silently serialise as something else (or `{}`), so it is refused.
        if (proto !== null && Object.getPrototypeOf(proto) !== null) {
            throw new CanonicalJsonError('unsupported_type', path, 'only plain objects and arrays have a JSON form');
        }
        // Default sort compares UTF-16 code units, which is exactly RFC 8785 §3.2.3.
        const keys = Object.keys(object).sort();
        out.push('{');
        let first = true;
        for (const key of keys) {
            const member = object[key];
            const memberPath = path === '' ? key : `${path}.${key}`;
            if (member === undefined) {
                throw new CanonicalJsonError('unsupported_type', memberPath, 'undefined has no JSON form');
            }
            if (!first)
                out.push(',');
            first = false;
            out.push(serializeString(key, memberPath), ':');
            write(member, memberPath, out, open);
        }
        out.push('}');
    }
    open.delete(object);
}
function serializeNumber(value, path) {
    if (!Number.isFinite(value)) {
        throw new CanonicalJsonError('non_finite_number', path, `${String(value)} is not a JSON number`);
    }
    // ECMAScript Number::toString is the RFC 8785 §3.2.2.3 algorithm; it already prints -0 as "0".
    return String(value);
}
function serializeString(value, path) {
    for (let i = 0; i < value.length; i++) {
        const unit = value.charCodeAt(i);
        if (unit >= 0xd800 && unit <= 0xdbff) {
            const next = value.charCodeAt(i + 1);
            if (next >= 0xdc00 && next <= 0xdfff) {
                i++;
                continue;
            }
            throw loneSurrogate(path, unit, i);
        }
        if (unit >= 0xdc00 && unit <= 0xdfff)
            throw loneSurrogate(path, unit, i);
    }
    // With no lone surrogates, JSON.stringify escapes exactly as RFC 8785 §3.2.2.2 asks:
    // \b \t \n \f \r \" \\ , other controls as lowercase \u00xx, everything else literal.
    return JSON.stringify(value);
}
function loneSurrogate(path, unit, index) {
    const hex = unit.toString(16).padStart(4, '0');
    return new CanonicalJsonError('lone_surrogate', path, `lone surrogate \\u${hex} at index ${index} in a string`);
}

;// CONCATENATED MODULE: ./build/canonical/compare.js
/** Plain UTF-16 code-unit order: locale-independent, so output is the same on every machine. */
function compareStrings(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

;// CONCATENATED MODULE: ./build/fidelity/analyze.js


/**
 * The fidelity analyzer: a pure function from a manifest to its level and every gap
 * (docs/fidelity.md). It reads only what the runtime attests about how it was
 * captured; it never looks at whether a replay reproduced an output, so agreement can never
 * promote a run.
 */
const analyze_FIDELITY_LEVELS = ['exact', 'controlled', 'partial', 'unreplayable'];
const analyze_GAP_IMPACTS = ['blocks_replay', 'reduces_control', 'prevents_exactness'];
/** The fixed reasons, so reports group and people (and tests) can rely on the wording. */
const REASONS = {
    hash: 'hash only',
    unavailable: 'not captured',
    absent: 'attested absent',
    integrity: 'sha256 mismatch',
    unverifiable: 'sha256 unverifiable: value has no canonical JSON form',
    replayModeUnknown: 'replay mode unknown',
    ledgerIncomplete: 'call ledger not attested complete',
    callsWhenNotUsed: 'calls listed although replay mode is not_used',
    isolationUnknown: 'isolation unknown',
    captureUnknown: 'capture unknown',
    captureMapped: 'mapped trace, not native runtime evidence',
    modelNotDeterministic: 'determinism not guaranteed (a seed is not a guarantee)',
    notDeterministic: 'determinism not guaranteed',
};
const LIVE_REASONS = {
    network: 'live network',
    filesystem: 'live filesystem',
    external_services: 'live external services',
    side_effects: 'live side effects',
};
const ISOLATION_FIELDS = ['network', 'filesystem', 'external_services', 'side_effects'];
/** Level ordering: negative when `a` is better than `b`. */
function compareLevels(a, b) {
    return analyze_FIDELITY_LEVELS.indexOf(a) - analyze_FIDELITY_LEVELS.indexOf(b);
}
function worstLevel(levels) {
    let worst = null;
    for (const level of levels)
        if (worst === null || compareLevels(level, worst) > 0)
            worst = level;
    return worst;
}
const LEVEL_OF_IMPACT = {
    blocks_replay: 'unreplayable',
    reduces_control: 'partial',
    prevents_exactness: 'controlled',
};
/** The level the worst gap allows. */
function analyze_levelOf(gaps) {
    return worstLevel(gaps.map((gap) => LEVEL_OF_IMPACT[gap.impact])) ?? 'exact';
}
/** Sort order of gaps: path, then impact (worst first), then reason; strings by code unit. */
function compareGaps(a, b) {
    return (compareStrings(a.path, b.path) ||
        analyze_GAP_IMPACTS.indexOf(a.impact) - analyze_GAP_IMPACTS.indexOf(b.impact) ||
        compareStrings(a.reason, b.reason));
}
function analyzeManifest(manifest) {
    const gaps = [];
    const add = (path, impact, reason) => {
        gaps.push({ path, impact, reason });
    };
    const state = (e) => e?.state ?? 'unavailable';
    const stateReason = (s) => s === 'hash' ? REASONS.hash : s === 'absent' ? REASONS.absent : REASONS.unavailable;
    // A value whose sha256 does not match is not the evidence it claims to be: nothing else about
    // that path can be trusted, so it blocks replay wherever it appears.
    for (const [path, e] of evidenceEntries(manifest)) {
        if (e.state !== 'value' || e.sha256 === undefined)
            continue;
        let actual;
        try {
            actual = sha256Canonical(e.value);
        }
        catch (error) {
            if (!(error instanceof CanonicalJsonError))
                throw error;
            add(path, 'blocks_replay', REASONS.unverifiable);
            continue;
        }
        if (actual !== e.sha256)
            add(path, 'blocks_replay', REASONS.integrity);
    }
    const model = manifest.model ?? {};
    // Without the provider, deployment and the prompt itself there is nothing to send: a prompt
    // hash proves which prompt it was but cannot be replayed.
    for (const field of ['provider', 'deployment', 'input']) {
        const s = state(model[field]);
        if (s !== 'value')
            add(`model.${field}`, 'blocks_replay', stateReason(s));
    }
    for (const field of ['parameters', 'system_instructions', 'developer_instructions']) {
        const s = state(model[field]);
        if (s === 'hash' || s === 'unavailable')
            add(`model.${field}`, 'reduces_control', stateReason(s));
    }
    if (model.determinism?.guaranteed !== true) {
        add('model.determinism.guaranteed', 'prevents_exactness', REASONS.modelNotDeterministic);
    }
    const tools = manifest.tools ?? {};
    const toolsMode = normaliseMode(tools.replay_mode);
    const calls = tools.calls ?? [];
    if (toolsMode === 'unknown')
        add('tools.replay_mode', 'reduces_control', REASONS.replayModeUnknown);
    if (toolsMode === 'not_used') {
        if (calls.length > 0)
            add('tools.calls', 'reduces_control', REASONS.callsWhenNotUsed);
    }
    else {
        const definitions = state(tools.definitions);
        if (definitions !== 'value' && definitions !== 'absent') {
            add('tools.definitions', 'reduces_control', stateReason(definitions));
        }
        calls.forEach((call, index) => {
            if (state(call.input) === 'unavailable') {
                add(`tools.calls[${index}].input`, 'reduces_control', REASONS.unavailable);
            }
        });
        if (tools.ledger_complete !== true)
            add('tools.ledger_complete', 'reduces_control', REASONS.ledgerIncomplete);
    }
    if (toolsMode === 'recorded_outputs') {
        calls.forEach((call, index) => {
            const s = state(call.output);
            if (s !== 'value')
                add(`tools.calls[${index}].output`, 'blocks_replay', stateReason(s));
        });
    }
    if (toolsMode === 'execute' && tools.determinism?.guaranteed !== true) {
        add('tools.determinism.guaranteed', 'prevents_exactness', REASONS.notDeterministic);
    }
    const retrieval = manifest.retrieval ?? {};
    const retrievalMode = normaliseMode(retrieval.replay_mode);
    if (retrievalMode === 'unknown')
        add('retrieval.replay_mode', 'reduces_control', REASONS.replayModeUnknown);
    if (retrievalMode === 'recorded_outputs') {
        const s = state(retrieval.outputs);
        if (s !== 'value')
            add('retrieval.outputs', 'blocks_replay', stateReason(s));
    }
    if (retrievalMode === 'execute') {
        const config = state(retrieval.config);
        if (config !== 'value')
            add('retrieval.config', 'reduces_control', stateReason(config));
        const corpus = state(retrieval.corpus);
        if (corpus !== 'value' && corpus !== 'hash')
            add('retrieval.corpus', 'reduces_control', stateReason(corpus));
        if (retrieval.determinism?.guaranteed !== true) {
            add('retrieval.determinism.guaranteed', 'prevents_exactness', REASONS.notDeterministic);
        }
    }
    const environment = manifest.environment ?? {};
    // `container` is optional by contract: not knowing it is no gap.
    for (const field of ['code_version', 'runtime_version', 'dependency_lock', 'config_fingerprint']) {
        if (state(environment[field]) === 'unavailable') {
            add(`environment.${field}`, 'reduces_control', REASONS.unavailable);
        }
    }
    const isolation = manifest.isolation ?? {};
    for (const field of ISOLATION_FIELDS) {
        const value = isolation[field] ?? 'unknown';
        if (value === 'live')
            add(`isolation.${field}`, 'blocks_replay', LIVE_REASONS[field]);
        if (value === 'unknown')
            add(`isolation.${field}`, 'reduces_control', REASONS.isolationUnknown);
    }
    const source = manifest.source ?? {};
    for (const field of ['trace_id', 'span_id', 'provenance']) {
        if (state(source[field]) === 'unavailable')
            add(`source.${field}`, 'reduces_control', REASONS.unavailable);
    }
    const capture = source.capture ?? 'unknown';
    if (capture === 'unknown')
        add('source.capture', 'reduces_control', REASONS.captureUnknown);
    if (capture === 'mapped')
        add('source.capture', 'prevents_exactness', REASONS.captureMapped);
    gaps.sort(compareGaps);
    return { level: analyze_levelOf(gaps), missing_evidence: gaps };
}
/** `rerun` and `execute` mean the same thing (re-run the step live); a missing mode is unknown. */
function normaliseMode(mode) {
    if (mode === undefined)
        return 'unknown';
    return mode === 'rerun' ? 'execute' : mode;
}
/** Every Evidence object in the manifest with its path, in a fixed order. */
function evidenceEntries(manifest) {
    const out = [];
    const section = (name, fields) => {
        if (!fields)
            return;
        for (const [key, value] of Object.entries(fields)) {
            if (isEvidence(value))
                out.push([`${name}.${key}`, value]);
        }
    };
    section('model', manifest.model);
    section('tools', manifest.tools);
    manifest.tools?.calls?.forEach((call, index) => section(`tools.calls[${index}]`, call));
    section('retrieval', manifest.retrieval);
    section('environment', manifest.environment);
    section('source', manifest.source);
    return out;
}
function isEvidence(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value) && 'state' in value;
}

;// CONCATENATED MODULE: ./build/gate/gate.js
/**
 * The `fail-on` gate: which configured rules a run's per-policy facts cross. Pure; the rules come
 * from the `fail-on` input (see inputs.ts) and the facts from the replay and fidelity reports.
 */

/** Rules that fail when a count is above zero or a flag is set. */
const SIMPLE_RULES = [
    'invalid-policy',
    'newly-allowed',
    'newly-denied',
    'changes',
    'blocking-gaps',
    'malformed',
    'no-traffic',
    'drift',
];
/** The canonical `fail-on` spelling of a rule. */
function ruleText(rule) {
    switch (rule.kind) {
        case 'unevaluable':
            return `unevaluable>${rule.percent}%`;
        case 'fidelity':
            return `fidelity<${rule.below}`;
        default:
            return rule.kind;
    }
}
function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
}
/** `n` as an exact fraction numerator/denominator, from its shortest decimal spelling. */
function toFraction(n) {
    const [whole = '0', frac = ''] = String(n).split('.');
    const den = 10n ** BigInt(frac.length);
    return { num: BigInt(whole) * den + BigInt(frac === '' ? '0' : frac), den };
}
/**
 * unevaluable / evaluated × 100 > percent, in exact integer arithmetic: floating point would
 * make 7 of 100 look like 7.000000000000001% and cross an `unevaluable>7%` it only meets.
 * Nothing evaluated → nothing crossed (a missing sample is what `no-traffic` is for).
 */
function unevaluableAbove(unevaluable, evaluated, percent) {
    if (evaluated <= 0)
        return false;
    // Exponent spellings (1e-7) only come from thresholds the input parser never produces.
    if (!/^\d+(\.\d+)?$/.test(String(percent)))
        return (unevaluable / evaluated) * 100 > percent;
    const { num, den } = toFraction(percent);
    return BigInt(unevaluable) * 100n * den > num * BigInt(evaluated);
}
/** The share as shown in a reason: enough decimals that it visibly differs from the threshold. */
function formatShare(unevaluable, evaluated, threshold) {
    const share = (unevaluable / evaluated) * 100;
    for (let digits = 0; digits <= 6; digits++) {
        const shown = Number(share.toFixed(digits));
        if (shown !== threshold)
            return `${shown}%`;
    }
    return `${share}%`;
}
/**
 * Rules that judge the replayed traffic. A gate holding any of them cannot pass a policy that
 * replayed nothing, so they imply `no-traffic` (docs/action.md "The gate").
 */
const TRAFFIC_RULES = new Set([
    'newly-allowed',
    'newly-denied',
    'changes',
    'blocking-gaps',
    'malformed',
    'drift',
    'unevaluable',
    'fidelity',
]);
/** The rules as applied: `no-traffic` added when a traffic rule is there without it. */
function effectiveRules(rules) {
    const applied = rules.map((rule) => ({ rule, impliedBy: null }));
    const judging = rules.find((r) => TRAFFIC_RULES.has(r.kind));
    if (judging && !rules.some((r) => r.kind === 'no-traffic'))
        applied.push({ rule: { kind: 'no-traffic' }, impliedBy: ruleText(judging) });
    return applied;
}
function fidelityRank(level) {
    return analyze_FIDELITY_LEVELS.indexOf(level);
}
/** Why `rule` fails for `facts`, or null when it does not. */
function check(rule, facts) {
    switch (rule.kind) {
        case 'invalid-policy':
            return facts.invalid && !facts.deleted ? 'the policy is invalid' : null;
        case 'newly-allowed':
            return facts.newlyAllowed > 0
                ? `${plural(facts.newlyAllowed, 'request', 'requests')} newly allowed`
                : null;
        case 'newly-denied':
            return facts.newlyDenied > 0
                ? `${plural(facts.newlyDenied, 'request', 'requests')} newly denied`
                : null;
        case 'changes':
            return facts.changesTotal > 0
                ? `${plural(facts.changesTotal, 'request', 'requests')} decided differently by the head policy`
                : null;
        case 'blocking-gaps':
            return facts.blockingGaps > 0
                ? `${plural(facts.blockingGaps, 'fidelity gap blocks', 'fidelity gaps block')} replay`
                : null;
        case 'malformed':
            return facts.malformed > 0
                ? `${plural(facts.malformed, 'malformed traffic record', 'malformed traffic records')}`
                : null;
        case 'no-traffic':
            if (facts.deleted)
                return null;
            if (facts.noTraffic)
                return 'no traffic to replay';
            // A sample that replayed nothing (empty, all malformed, all filtered) judged nothing either.
            return facts.evaluated === 0 && !facts.invalid && !facts.blockers?.length
                ? 'the sample replayed no record'
                : null;
        case 'drift': {
            const drift = facts.driftTotal ?? 0;
            return drift > 0
                ? `${plural(drift, 'recorded decision is', 'recorded decisions are')} no longer reproduced`
                : null;
        }
        case 'unevaluable':
            return unevaluableAbove(facts.unevaluable, facts.evaluated, rule.percent)
                ? `${facts.unevaluable} of ${plural(facts.evaluated, 'request', 'requests')} unevaluable ` +
                    `(${formatShare(facts.unevaluable, facts.evaluated, rule.percent)}, above ${rule.percent}%)`
                : null;
        case 'fidelity': {
            const worst = facts.fidelityWorst ?? null;
            return worst !== null && fidelityRank(worst) > fidelityRank(rule.below)
                ? `worst replay fidelity is ${worst}, below ${rule.below}`
                : null;
        }
    }
}
/**
 * Applies every rule to every policy. Failures are ordered by policy path (code-unit order), then
 * the policy's blockers, then the rules' order in `fail-on` (an implied `no-traffic` last), so
 * the same inputs always give the same list.
 */
function evaluateGate(rules, facts) {
    const failed = [];
    const policies = [...facts].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const applied = effectiveRules(rules);
    for (const policy of policies) {
        for (const blocker of policy.blockers ?? []) {
            failed.push({
                rule: blocker.rule,
                reason: `${policy.path}: ${blocker.reason} (${blocker.rule})`,
                policy: policy.path,
            });
        }
        for (const { rule, impliedBy } of applied) {
            const why = check(rule, policy);
            if (why === null)
                continue;
            const text = ruleText(rule);
            const label = impliedBy === null ? text : `${text}, implied by ${impliedBy}`;
            failed.push({ rule: text, reason: `${policy.path}: ${why} (${label})`, policy: policy.path });
        }
    }
    return { verdict: failed.length > 0 ? 'fail' : 'pass', failed };
}

;// CONCATENATED MODULE: ./build/gate/failOn.js
/**
 * The `fail-on` grammar, shared by the Action's input and the CLI's `--fail-on`: a comma- or
 * newline-separated list of rules (docs/action-inputs.md "fail-on rules"). Pure; a bad rule throws FailOnError with
 * a message that quotes it and says what was expected.
 */


const DEFAULT_FAIL_ON = 'invalid-policy,newly-allowed,blocking-gaps';
class FailOnError extends Error {
    constructor(message) {
        super(message);
        this.name = 'FailOnError';
    }
}
/** Items of a rule list: split on commas and newlines, trimmed, empties and `#` lines dropped. */
function splitRules(text) {
    return text
        .split(/\r?\n/)
        .filter((line) => !line.trim().startsWith('#'))
        .flatMap((line) => line.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== '');
}
/**
 * What each rule fails on, one line each: the CLI's help prints it and docs/cli.md carries it.
 * A Record over the rule kinds, so a new rule cannot ship without its line.
 */
const SIMPLE_RULE_MEANINGS = {
    'invalid-policy': 'the head policy does not validate or compile',
    'newly-allowed': 'a request the base denied is allowed by the head',
    'newly-denied': 'a request the base allowed is denied by the head',
    changes: 'any request is decided differently (either direction, or from unknown)',
    'blocking-gaps': 'a manifest has a blocks_replay fidelity gap',
    malformed: 'the traffic sample has a malformed record',
    'no-traffic': 'no sample was found, or the sample replayed no record (implied by every rule that judges traffic)',
    drift: 'a replayed decision differs from the recorded one (drift mode)',
};
/** Every form a `fail-on` item can take, with its meaning, in the order help lists them. */
const FAIL_ON_GRAMMAR = [
    ...SIMPLE_RULES.map((rule) => [rule, SIMPLE_RULE_MEANINGS[rule]]),
    ['unevaluable>N%', 'over N% (0 to 100, 4 decimals at most) of the evaluated requests are unevaluable'],
    ['fidelity<LEVEL', `the worst manifest grades below LEVEL (${analyze_FIDELITY_LEVELS.join(' > ')})`],
    ['none', 'nothing fails (alone only)'],
];
const FAIL_ON_HELP = `Expected a comma-separated list of: ${SIMPLE_RULES.join(', ')}, unevaluable>N% (N from 0 to 100), ` +
    `fidelity<LEVEL (LEVEL one of ${analyze_FIDELITY_LEVELS.slice(0, -1).join(', ')}), or none.`;
function parseFailOnItem(item) {
    const lower = item.toLowerCase();
    if (SIMPLE_RULES.includes(lower))
        return { kind: lower };
    if (/^unevaluable\s*>/.test(lower)) {
        const m = /^unevaluable\s*>\s*(\d{1,3}(?:\.\d{1,4})?)\s*%$/.exec(lower);
        const percent = m ? Number(m[1]) : NaN;
        if (!(percent >= 0 && percent <= 100)) {
            throw new FailOnError(`Invalid fail-on rule '${item}'. Expected unevaluable>N% with N a number from 0 to 100 (up to 4 decimals), e.g. unevaluable>5%.`);
        }
        return { kind: 'unevaluable', percent };
    }
    if (/^fidelity\s*</.test(lower)) {
        const level = lower.replace(/^fidelity\s*<\s*/, '');
        if (level === 'unreplayable') {
            throw new FailOnError(`Invalid fail-on rule '${item}'. No level is below unreplayable; use fidelity<partial to fail on unreplayable.`);
        }
        if (!analyze_FIDELITY_LEVELS.includes(level)) {
            throw new FailOnError(`Invalid fail-on rule '${item}'. Expected fidelity<LEVEL with LEVEL one of ${analyze_FIDELITY_LEVELS.slice(0, -1).join(', ')}.`);
        }
        return { kind: 'fidelity', below: level };
    }
    throw new FailOnError(`Invalid fail-on rule '${item}'. ${FAIL_ON_HELP}`);
}
/** Parses a `fail-on` value ('' = the default). `none` alone means no rule can fail the run. */
function parseFailOn(raw) {
    const items = splitRules(raw === '' ? DEFAULT_FAIL_ON : raw);
    if (items.length === 0)
        return parseFailOn(DEFAULT_FAIL_ON);
    if (items.some((item) => item.toLowerCase() === 'none')) {
        if (items.length > 1) {
            throw new FailOnError(`Invalid fail-on '${raw}'. 'none' cannot be combined with other rules.`);
        }
        return [];
    }
    const seen = new Set();
    const rules = [];
    for (const item of items) {
        const rule = parseFailOnItem(item);
        const key = ruleText(rule);
        if (seen.has(key))
            continue;
        seen.add(key);
        rules.push(rule);
    }
    return rules;
}

;// CONCATENATED MODULE: ./build/policy/schema.js

/** Days as policy documents spell them, in ISO order (Monday first). */
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const FIELD_PATTERN = /^(tool|method|resource_uri|prompt|http_path|http_host|http_method|is_batch|unparsable_calls|subject|issuer|group|tag|attribute:[A-Za-z0-9_-]+|claim:[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*|argument:[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)$/;
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const CLOCK_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** Minutes after midnight of a validated `HH:MM` window bound. */
function clockMinutes(clock) {
    const [h, m] = clock.split(':').map(Number);
    return h * 60 + m;
}
const conditionSchema = schemas/* strictObject */.rej({
    field: schemas/* string */.YjP()
        .regex(FIELD_PATTERN, 'is not a known field (tool, method, resource_uri, prompt, http_path, http_host, http_method, is_batch, unparsable_calls, subject, issuer, group, tag, attribute:<name>, claim:<path>, argument:<path>)'),
    operator: schemas/* enum */.k5n(['in', 'not_in']),
    values: schemas/* array */.YOg(schemas/* string */.YjP()).min(1, 'needs at least one value'),
});
const activeWindowSchema = schemas/* strictObject */.rej({
    days: schemas/* array */.YOg(schemas/* enum */.k5n(DAYS)).min(1, 'needs at least one day'),
    from: schemas/* string */.YjP().regex(CLOCK_PATTERN, 'must be HH:MM between 00:00 and 23:59'),
    to: schemas/* string */.YjP().regex(CLOCK_PATTERN, 'must be HH:MM between 00:00 and 23:59'),
    timezone: schemas/* string */.YjP(),
});
const ruleSchema = schemas/* strictObject */.rej({
    id: schemas/* string */.YjP()
        .regex(ID_PATTERN, 'must start with a letter or digit and hold at most 128 letters, digits, "_", "." or "-"'),
    description: schemas/* string */.YjP().optional(),
    effect: schemas/* enum */.k5n(['allow', 'deny']),
    conditions: schemas/* array */.YOg(conditionSchema).min(1, 'needs at least one condition'),
    active_window: activeWindowSchema.optional(),
});
const policySchema = schemas/* strictObject */.rej({
    default_effect: schemas/* enum */.k5n(['deny', 'allow']),
    on_missing_context: schemas/* enum */.k5n(['deny', 'ignore']).optional(),
    rules: schemas/* array */.YOg(ruleSchema),
});

;// CONCATENATED MODULE: ./build/document/path.js
/** The value at `path` in a parsed document; undefined when a step is missing or not a container. */
function valueAtPath(root, path) {
    let node = root;
    for (const segment of path) {
        if (typeof node !== 'object' || node === null)
            return undefined;
        node = node[segment];
    }
    return node;
}
/**
 * The one way the project prints a document path: `rules[2].conditions[0].field`,
 * `tools.calls[1].output`. Keys that are not plain identifiers are quoted
 * (`claims["realm-access"]`), so every path reads back unambiguously.
 */
function formatPath(path) {
    let out = '';
    for (const segment of path) {
        if (typeof segment === 'number')
            out += `[${segment}]`;
        else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment))
            out += out === '' ? segment : `.${segment}`;
        else
            out += `[${JSON.stringify(segment)}]`;
    }
    return out;
}

;// CONCATENATED MODULE: ./build/policy/problems.js
/** `file:line:column: path: message`, the form editors and CI logs link. */
function formatProblem(problem) {
    const where = problem.path === '' ? '(document)' : problem.path;
    return `${problem.file}:${problem.line}:${problem.column}: ${problem.severity}: ${where}: ${problem.message}`;
}
function sortProblems(problems) {
    return [...problems].sort((a, b) => a.line - b.line ||
        a.column - b.column ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
        (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./build/document/sourceDocument.js

function parseSource(text, format, options = {}) {
    const lineCounter = new dist/* LineCounter */.HN();
    const listDuplicates = options.duplicateKeys === 'list';
    const doc = (0,dist/* parseDocument */.Tp)(text, {
        lineCounter,
        prettyErrors: false,
        uniqueKeys: !listDuplicates,
        version: '1.2',
        schema: 'core',
        strict: true,
    });
    let syntaxErrors = doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { line: pos.line, column: pos.col, message: cleanYamlMessage(e.message) };
    });
    if (format === 'json') {
        // JSON's grammar is stricter than YAML flow syntax; where both complain, YAML's positions are
        // the more precise ones (newer V8 messages carry no offset).
        const jsonErrors = jsonSyntaxErrors(text, lineCounter);
        if (jsonErrors.length > 0) {
            syntaxErrors =
                syntaxErrors.length > 0
                    ? syntaxErrors.map((e) => ({ ...e, message: `invalid JSON: ${e.message}` }))
                    : jsonErrors;
        }
    }
    if (doc.contents === null && syntaxErrors.length === 0 && text.trim() === '') {
        syntaxErrors.push({ line: 1, column: 1, message: 'the file is empty' });
    }
    let value = undefined;
    if (syntaxErrors.length === 0) {
        try {
            value = doc.toJS({ maxAliasCount: 100 });
        }
        catch (error) {
            // The `yaml` library refuses alias chains that expand exponentially ("billion laughs"): that
            // is the document's problem, reported like a syntax error, not a crash.
            syntaxErrors = [{ line: 1, column: 1, message: aliasMessage(error) }];
        }
    }
    return {
        value,
        syntaxErrors,
        positionOf: (path, target = 'value') => locate(doc, lineCounter, path, target),
        duplicateKeys: listDuplicates ? findDuplicateKeys(doc, lineCounter) : [],
    };
}
function aliasMessage(error) {
    const message = error instanceof Error ? error.message : String(error);
    return /alias/i.test(message)
        ? 'too many YAML alias expansions (a document whose aliases expand exponentially is refused); write the values out instead'
        : `the document cannot be read: ${message}`;
}
function findDuplicateKeys(doc, lineCounter) {
    const found = [];
    // An explicit stack: a hostile document may nest deeper than the call stack allows.
    const stack = [{ node: doc.contents, path: [] }];
    while (stack.length > 0) {
        const { node, path } = stack.pop();
        if ((0,dist/* isMap */.jh)(node)) {
            const seen = new Set();
            for (const pair of node.items) {
                const key = (0,dist/* isScalar */.jn)(pair.key) ? pair.key.value : pair.key;
                if (seen.has(key) && (typeof key === 'string' || typeof key === 'number')) {
                    const pos = lineCounter.linePos(pair.key.range?.[0] ?? 0);
                    found.push({ path: [...path, key], line: pos.line, column: pos.col });
                }
                seen.add(key);
                if (typeof key === 'string' || typeof key === 'number')
                    stack.push({ node: pair.value, path: [...path, key] });
            }
        }
        else if ((0,dist/* isSeq */.oP)(node)) {
            node.items.forEach((item, index) => stack.push({ node: item, path: [...path, index] }));
        }
    }
    return found.sort((a, b) => a.line - b.line || a.column - b.column);
}
function cleanYamlMessage(message) {
    return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}
/** JSON's own grammar is stricter than YAML flow syntax (comments, single quotes, trailing commas). */
function jsonSyntaxErrors(text, lineCounter) {
    try {
        JSON.parse(text);
        return [];
    }
    catch (error) {
        const { offset, message } = describeJsonError(text, error);
        const pos = lineCounter.linePos(offset);
        return [{ line: pos.line, column: pos.col, message: `invalid JSON: ${message}` }];
    }
}
/**
 * Where `JSON.parse` stopped in `text`, from its error, and the reason in words that do not
 * depend on the Node version. Cheap: no document is built, so it suits files of any size.
 * Lines and columns are 1-based; columns count UTF-16 code units.
 */
function jsonSyntaxError(text) {
    try {
        JSON.parse(text);
        return null;
    }
    catch (error) {
        const { offset, message } = describeJsonError(text, error);
        let line = 1;
        let lineStart = 0;
        for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
            line++;
            lineStart = i + 1;
        }
        return { line, column: offset - lineStart + 1, message };
    }
}
/** V8 shows this many characters each side of an unexpected token (JsonParser, kMaxContextCharacters). */
const V8_CONTEXT = 10;
/**
 * The offset and a stable reason of a `JSON.parse` error. V8 states the position for most errors
 * ("… in JSON at position 7"); for an unexpected token it quotes up to 10 characters each side
 * instead, from which the offset is recovered and then checked against the text.
 */
function describeJsonError(text, error) {
    const raw = error.message;
    const at = /^(.*?) at position (\d+)/.exec(raw);
    if (at)
        return { offset: Number(at[2]), message: lowerFirst(at[1].replace(/ in JSON$/, '')) };
    if (/^Unexpected end of JSON input/.test(raw))
        return { offset: text.length, message: 'unexpected end of input' };
    const token = /^Unexpected token '([\s\S])', (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(raw);
    if (token) {
        const [, char, before, snippet = '', after] = token;
        let offset;
        if (before && after) {
            const start = text.indexOf(snippet);
            offset = start < 0 ? -1 : start + V8_CONTEXT;
        }
        else if (before)
            offset = text.length - snippet.length + V8_CONTEXT;
        else if (after)
            offset = snippet.length - V8_CONTEXT;
        else
            offset = text.indexOf(char);
        const found = offset >= 0 && text[offset] === char;
        return { offset: found ? offset : text.length, message: `unexpected character ${JSON.stringify(char)}` };
    }
    // `"NaN" is not valid JSON`: the whole text is not a JSON value.
    return { offset: 0, message: lowerFirst(raw.replace(/^".*" is not valid JSON$/s, 'not a JSON value')) };
}
function lowerFirst(text) {
    return text.charAt(0).toLowerCase() + text.slice(1);
}
function locate(doc, lineCounter, path, target) {
    let node = doc.contents;
    let keyNode = null;
    let best = doc.contents ?? null;
    for (const segment of path) {
        keyNode = null;
        if ((0,dist/* isMap */.jh)(node)) {
            // The last occurrence: with repeated keys allowed, it is the one the value holds.
            const pair = node.items.findLast((p) => (0,dist/* isPair */.tO)(p) && (0,dist/* isScalar */.jn)(p.key) && p.key.value === segment);
            if (!pair)
                break;
            keyNode = pair.key;
            node = pair.value;
            best = pair.value ?? keyNode;
        }
        else if ((0,dist/* isSeq */.oP)(node) && typeof segment === 'number') {
            const item = node.items[segment];
            if (item === undefined)
                break;
            node = item;
            best = item;
        }
        else {
            break;
        }
    }
    const chosen = target === 'key' && keyNode ? keyNode : best;
    const offset = chosen?.range?.[0] ?? 0;
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
}

;// CONCATENATED MODULE: ./build/time/timeZone.js
/**
 * UTC offsets of IANA time zones, read from the runtime's time-zone database (ICU, through
 * `Intl.DateTimeFormat`). Formatting a date with Intl costs microseconds, far too slow to do for
 * every replayed record, so each zone memoizes its offset per UTC hour: an hour without a
 * transition stores one offset, an hour with one stores the exact second of the transition.
 */
const HOUR = 3600;
/** Memoized hours per zone before the memo starts over (a replay sample spans far fewer). */
const MAX_MEMO_HOURS = 200_000;
class FixedOffsetZone {
    name;
    offset;
    constructor(name, offset) {
        this.name = name;
        this.offset = offset;
    }
    offsetAt() {
        return this.offset;
    }
}
class IntlZone {
    name;
    formatter;
    memo = new Map();
    constructor(name, ianaName) {
        this.name = name;
        this.formatter = new Intl.DateTimeFormat('en-US', {
            timeZone: ianaName,
            hourCycle: 'h23',
            era: 'short',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
        });
    }
    offsetAt(unixSeconds) {
        const hour = Math.floor(unixSeconds / HOUR);
        let entry = this.memo.get(hour);
        if (entry === undefined) {
            entry = this.scanHour(hour * HOUR);
            if (this.memo.size >= MAX_MEMO_HOURS)
                this.memo.clear();
            this.memo.set(hour, entry);
        }
        return unixSeconds < entry.transition ? entry.before : entry.after;
    }
    /**
     * Finds the offsets of one UTC hour. Time-zone transitions fall on whole seconds, and no zone
     * has ever had two in one hour, so comparing both ends and bisecting finds the exact second.
     */
    scanHour(start) {
        const last = start + HOUR - 1;
        const before = this.query(start);
        const after = this.query(last);
        if (before === after)
            return { transition: start, before, after };
        let lo = start; // offset(lo) === before
        let hi = last; // offset(hi) === after
        while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            if (this.query(mid) === before)
                lo = mid;
            else
                hi = mid;
        }
        return { transition: hi, before, after };
    }
    /** The offset straight from the database: local wall-clock seconds minus UTC seconds. */
    query(unixSeconds) {
        const parts = this.formatter.formatToParts(new Date(unixSeconds * 1000));
        let year = 0;
        let month = 0;
        let day = 0;
        let hour = 0;
        let minute = 0;
        let second = 0;
        let bc = false;
        for (const part of parts) {
            switch (part.type) {
                case 'year':
                    year = Number(part.value);
                    break;
                case 'month':
                    month = Number(part.value);
                    break;
                case 'day':
                    day = Number(part.value);
                    break;
                case 'hour':
                    hour = Number(part.value);
                    break;
                case 'minute':
                    minute = Number(part.value);
                    break;
                case 'second':
                    second = Number(part.value);
                    break;
                case 'era':
                    bc = part.value.startsWith('B');
                    break;
                default:
                    break;
            }
        }
        const astronomicalYear = bc ? 1 - year : year;
        const wall = new Date(0);
        // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
        wall.setUTCFullYear(astronomicalYear, month - 1, day);
        wall.setUTCHours(hour, minute, second, 0);
        return wall.getTime() / 1000 - unixSeconds;
    }
}
const UTC_ZONE = new FixedOffsetZone('UTC', 0);
const zones = new Map();
/**
 * Whether a name looks like an IANA zone name the way Go's `time.LoadLocation` requires: tz
 * database names are case-sensitive and every path segment starts with an upper-case letter
 * (`Europe/London`, `Etc/GMT+5`, `EST5EDT`), while Intl would also accept `europe/london`.
 */
function hasIanaShape(name) {
    if (name.length === 0 || name.length > 255)
        return false;
    if (name.includes('..') || name.startsWith('/') || name.includes('\\'))
        return false;
    return name.split('/').every((segment) => /^[A-Z][A-Za-z0-9_+-]*$/.test(segment));
}
/** The Intl name Intl canonicalizes `name` to, or undefined when Intl does not know it. */
function intlCanonicalName(name) {
    try {
        return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    }
    catch {
        return undefined;
    }
}
/**
 * Loads a zone the way OPA's time builtins name zones: `""` and `"UTC"` are UTC, `"Local"` is the
 * process's zone, anything else must be an IANA name the database knows (exact case). Returns
 * undefined for an unknown name.
 */
function loadTimeZone(name) {
    const cached = zones.get(name);
    if (cached !== undefined)
        return cached ?? undefined;
    let zone = null;
    if (name === '' || name === 'UTC') {
        zone = UTC_ZONE;
    }
    else if (name === 'Local') {
        const local = new Intl.DateTimeFormat().resolvedOptions().timeZone;
        zone = new IntlZone(name, local);
    }
    else if (hasIanaShape(name)) {
        const canonical = intlCanonicalName(name);
        // Intl matches names case-insensitively; a canonical name that differs only in case means
        // the caller's spelling is not the database's, which Go rejects.
        const caseMismatch = canonical !== undefined && canonical !== name && canonical.toLowerCase() === name.toLowerCase();
        if (canonical !== undefined && !caseMismatch)
            zone = new IntlZone(name, name);
    }
    zones.set(name, zone);
    return zone ?? undefined;
}
/**
 * Whether `name` is a zone a policy window may use: a known IANA name. Unlike the builtins'
 * naming, `""` and `"Local"` are not accepted (they are not zone names and `Local` depends on
 * the machine).
 */
function isKnownTimeZone(name) {
    if (name === '' || name === 'Local')
        return false;
    return loadTimeZone(name) !== undefined;
}

;// CONCATENATED MODULE: ./build/policy/regoNames.js
/**
 * The documented id → Rego name mapping: `rule_` + the id with `-` and `.` turned into `_`.
 * Keeping the id recognisable makes a Rego diff read like the policy diff. Ids that differ only
 * in `-`/`.`/`_` collide and are rejected by validation rather than renamed.
 */
function regoRuleName(id) {
    return `rule_${id.replace(/[-.]/g, '_')}`;
}
/** The companion rule that says the rule cannot be evaluated on this input. */
function regoNeedsContextName(id) {
    return `needs_context_${id.replace(/[-.]/g, '_')}`;
}

;// CONCATENATED MODULE: ./build/policy/validate.js






function validate_formatOfPath(file) {
    if (/\.json$/i.test(file))
        return 'json';
    if (/\.ya?ml$/i.test(file))
        return 'yaml';
    return null;
}
const MAX_UNPARSABLE = Number.MAX_SAFE_INTEGER;
/**
 * Validates a policy document's text. Pure: the caller reads the file. Every problem in the file is
 * reported in one pass, each with its JSON path and line:column; nothing is compiled from a file
 * with any error.
 */
function validate_validatePolicyText(text, file, format) {
    // A UTF-8 byte-order mark is not content (editors on Windows write one); positions stay as an
    // editor shows them.
    const source = parseSource(text.startsWith('\ufeff') ? text.slice(1) : text, format);
    if (source.syntaxErrors.length > 0) {
        const errors = source.syntaxErrors.map((e) => ({
            file,
            path: '',
            line: e.line,
            column: e.column,
            message: e.message,
            severity: 'error',
        }));
        return { ok: false, errors: sortProblems(errors), warnings: [] };
    }
    const problems = new ProblemList(file, source);
    const raw = source.value;
    const parsed = policySchema.safeParse(raw);
    if (!parsed.success)
        for (const issue of parsed.error.issues)
            reportZodIssue(problems, raw, issue);
    checkSemantics(problems, raw);
    const errors = sortProblems(problems.errors);
    const warnings = sortProblems(problems.warnings);
    if (errors.length > 0 || !parsed.success)
        return { ok: false, errors, warnings };
    return { ok: true, policy: parsed.data, warnings };
}
class ProblemList {
    file;
    source;
    errors = [];
    warnings = [];
    seen = new Set();
    constructor(file, source) {
        this.file = file;
        this.source = source;
    }
    add(severity, path, message, target = 'value') {
        const { line, column } = this.source.positionOf(path, target);
        const problem = {
            file: this.file,
            path: formatPath(path),
            line,
            column,
            message,
            severity,
        };
        const key = `${severity}\0${problem.path}\0${message}`;
        if (this.seen.has(key))
            return;
        this.seen.add(key);
        (severity === 'error' ? this.errors : this.warnings).push(problem);
    }
}
function describeType(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'object')
        return 'a mapping';
    if (typeof value === 'string')
        return 'a string';
    return `${typeof value} ${JSON.stringify(value)}`;
}
function reportZodIssue(problems, raw, issue) {
    const path = issue.path.filter((p) => typeof p !== 'symbol');
    const value = valueAtPath(raw, path);
    if (value === undefined && issue.code !== 'unrecognized_keys' && path.length > 0) {
        problems.add('error', path, `required key "${String(path[path.length - 1])}" is missing`);
        return;
    }
    switch (issue.code) {
        case 'unrecognized_keys':
            for (const key of issue.keys)
                problems.add('error', [...path, key], `unknown key "${key}"`, 'key');
            return;
        case 'invalid_type': {
            if (value === undefined && path.length === 0) {
                problems.add('error', path, 'the file holds no document: expected a policy mapping');
                return;
            }
            if (value === undefined) {
                const key = path[path.length - 1];
                problems.add('error', path, `required key "${String(key)}" is missing`);
                return;
            }
            const hint = issue.expected === 'string' && (typeof value === 'boolean' || typeof value === 'number')
                ? ` (quote it: "${String(value)}")`
                : '';
            problems.add('error', path, `expected ${article(issue.expected)}, got ${describeType(value)}${hint}`);
            return;
        }
        case 'invalid_value':
            problems.add('error', path, `${JSON.stringify(value)} is not allowed; expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`);
            return;
        case 'too_small':
            problems.add('error', path, issue.message);
            return;
        case 'invalid_format':
            problems.add('error', path, `${JSON.stringify(value)} ${issue.message}`);
            return;
        default:
            problems.add('error', path, issue.message);
    }
}
function article(expected) {
    if (expected === 'object')
        return 'a mapping';
    if (expected === 'array')
        return 'a list';
    return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
function isRecord(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/** Checks the schema cannot express, run defensively on whatever parts have the right shape. */
function checkSemantics(problems, raw) {
    // A document that is not a mapping is reported by the schema.
    if (!isRecord(raw))
        return;
    const rules = raw.rules;
    if (!Array.isArray(rules))
        return;
    const ids = new Map();
    const names = new Map();
    rules.forEach((rule, index) => {
        if (!isRecord(rule))
            return;
        const base = ['rules', index];
        // An id that breaks the pattern is already an error; its Rego name would be meaningless.
        if (typeof rule.id === 'string' && ID_PATTERN.test(rule.id)) {
            const first = ids.get(rule.id);
            if (first !== undefined) {
                problems.add('error', [...base, 'id'], `duplicate id "${rule.id}" (first used by rules[${first}])`);
            }
            else {
                ids.set(rule.id, index);
                const name = regoRuleName(rule.id);
                const clash = names.get(name);
                if (clash) {
                    problems.add('error', [...base, 'id'], `id "${rule.id}" maps to the Rego name ${name}, already used by rules[${clash.index}] ("${clash.id}"); ids may not differ only in "-", "." and "_"`);
                }
                else
                    names.set(name, { index, id: rule.id });
            }
        }
        if (rule.effect === 'allow' &&
            raw.default_effect === 'allow' &&
            Array.isArray(rule.conditions) &&
            rule.conditions.length > 0) {
            problems.add('warning', [...base, 'effect'], 'an allow rule under default_effect: allow can never change a decision');
        }
        if (typeof rule.description === 'string' && !rule.description.isWellFormed()) {
            problems.add('error', [...base, 'description'], 'contains a lone UTF-16 surrogate');
        }
        if (Array.isArray(rule.conditions)) {
            rule.conditions.forEach((condition, ci) => checkCondition(problems, [...base, 'conditions', ci], condition));
        }
        if (isRecord(rule.active_window))
            checkWindow(problems, [...base, 'active_window'], rule.active_window);
    });
}
function checkCondition(problems, path, condition) {
    if (!isRecord(condition) || !Array.isArray(condition.values))
        return;
    const values = condition.values;
    const seen = new Set();
    values.forEach((value, vi) => {
        if (typeof value !== 'string')
            return;
        const at = [...path, 'values', vi];
        if (!value.isWellFormed())
            problems.add('error', at, 'contains a lone UTF-16 surrogate');
        if (seen.has(value))
            problems.add('warning', at, `duplicate value ${JSON.stringify(value)}`);
        seen.add(value);
        if (condition.field === 'is_batch' && value !== 'true' && value !== 'false') {
            problems.add('error', at, `is_batch values must be "true" or "false", got ${JSON.stringify(value)}`);
        }
        if (condition.field === 'unparsable_calls' && !isCount(value)) {
            problems.add('error', at, `unparsable_calls values must be whole non-negative numbers without sign, leading zero or fraction (at most 2^53-1), got ${JSON.stringify(value)}`);
        }
    });
}
function isCount(value) {
    return /^(0|[1-9][0-9]*)$/.test(value) && value.length <= 16 && Number(value) <= MAX_UNPARSABLE;
}
function checkWindow(problems, path, window) {
    if (Array.isArray(window.days)) {
        const seen = new Set();
        window.days.forEach((day, di) => {
            if (seen.has(day) && DAYS.includes(day)) {
                problems.add('error', [...path, 'days', di], `day ${JSON.stringify(day)} is listed twice`);
            }
            seen.add(day);
        });
    }
    if (typeof window.from === 'string' && window.from === window.to) {
        problems.add('error', [...path, 'to'], `from and to are both ${window.from}: that reads as both "always" and "never"; say which with another window`);
    }
    if (typeof window.timezone === 'string' && !isKnownTimeZone(window.timezone)) {
        const offset = /^[+-]|^(UTC|GMT)[+-]/.test(window.timezone);
        problems.add('error', [...path, 'timezone'], offset
            ? `${JSON.stringify(window.timezone)} is a fixed offset; use an IANA zone name such as Europe/London so the window follows daylight-saving time`
            : `${JSON.stringify(window.timezone)} is not a time zone this tool knows (IANA names, exact case, e.g. Europe/London, America/New_York, UTC)`);
    }
}

;// CONCATENATED MODULE: ./build/policy/fields.js
/** Parses a field that already matched FIELD_PATTERN. */
function classifyField(field) {
    const colon = field.indexOf(':');
    if (colon >= 0) {
        const prefix = field.slice(0, colon);
        const rest = field.slice(colon + 1);
        if (prefix === 'attribute')
            return { kind: 'attribute', name: rest };
        if (prefix === 'claim')
            return { kind: 'claim', path: rest.split('.') };
        return { kind: 'argument', path: rest.split('.') };
    }
    switch (field) {
        case 'tool':
        case 'method':
        case 'resource_uri':
        case 'prompt':
            return { kind: 'call', name: field };
        case 'http_path':
            return { kind: 'http', name: 'path' };
        case 'http_host':
            return { kind: 'http', name: 'host' };
        case 'http_method':
            return { kind: 'http', name: 'method' };
        case 'is_batch':
            return { kind: 'is_batch' };
        case 'unparsable_calls':
            return { kind: 'unparsable_calls' };
        case 'subject':
        case 'issuer':
            return { kind: 'identity', name: field };
        case 'group':
            return { kind: 'group' };
        case 'tag':
            return { kind: 'tag' };
        default:
            throw new Error(`classifyField: not a policy field: ${field}`);
    }
}
/** Caller fields need a verified token (docs/policy.md "Missing context"). */
function isCallerField(kind) {
    return (kind.kind === 'identity' ||
        kind.kind === 'group' ||
        kind.kind === 'tag' ||
        kind.kind === 'attribute' ||
        kind.kind === 'claim');
}
/** Directory fields additionally need `attributes_resolved`. */
function isDirectoryField(kind) {
    return kind.kind === 'group' || kind.kind === 'tag' || kind.kind === 'attribute';
}
/**
 * Where a field lives in the OPA input (docs/policy.md "Fields"), as path segments: from `input` for
 * request and caller fields, from the call for call fields. The generator and the replay's
 * decision cache both read this one table, so they cannot disagree on what a policy reads.
 */
function inputPathOf(kind) {
    switch (kind.kind) {
        case 'call':
            return { base: 'call', path: [kind.name] };
        case 'argument':
            return { base: 'input', path: ['request', 'mcp', 'arguments', ...kind.path] };
        case 'http':
            return { base: 'input', path: ['request', 'http', kind.name] };
        case 'is_batch':
            return { base: 'input', path: ['request', 'jsonrpc', 'is_batch'] };
        case 'unparsable_calls':
            return { base: 'input', path: ['request', 'jsonrpc', 'unparsable_calls'] };
        case 'identity':
            return { base: 'input', path: ['identity', kind.name] };
        case 'group':
            return { base: 'input', path: ['identity', 'groups'] };
        case 'tag':
            return { base: 'input', path: ['identity', 'tags'] };
        case 'attribute':
            return { base: 'input', path: ['identity', 'attributes', kind.name] };
        case 'claim':
            return { base: 'input', path: ['identity', 'claims', ...kind.path] };
    }
}

;// CONCATENATED MODULE: ./build/policy/features.js

function ruleFeatures(rule) {
    const callFields = new Set();
    const f = {
        id: rule.id,
        callFields: [],
        arguments: false,
        http: false,
        jsonrpc: false,
        subjectOrIssuer: false,
        claims: false,
        directory: false,
        caller: false,
        window: rule.active_window !== undefined,
        combinesCallFields: false,
    };
    for (const condition of rule.conditions) {
        const kind = classifyField(condition.field);
        if (kind.kind === 'call')
            callFields.add(kind.name);
        if (kind.kind === 'argument')
            f.arguments = true;
        if (kind.kind === 'http')
            f.http = true;
        if (kind.kind === 'is_batch' || kind.kind === 'unparsable_calls')
            f.jsonrpc = true;
        if (kind.kind === 'identity')
            f.subjectOrIssuer = true;
        if (kind.kind === 'claim')
            f.claims = true;
        if (isDirectoryField(kind))
            f.directory = true;
        if (isCallerField(kind))
            f.caller = true;
    }
    f.callFields = [...callFields].sort();
    f.combinesCallFields = callFields.size >= 2;
    return f;
}
function policyFeatures(policy) {
    const rules = policy.rules.map(ruleFeatures);
    const any = {
        callFields: [...new Set(rules.flatMap((r) => r.callFields))].sort(),
        arguments: rules.some((r) => r.arguments),
        http: rules.some((r) => r.http),
        jsonrpc: rules.some((r) => r.jsonrpc),
        subjectOrIssuer: rules.some((r) => r.subjectOrIssuer),
        claims: rules.some((r) => r.claims),
        directory: rules.some((r) => r.directory),
        caller: rules.some((r) => r.caller),
        window: rules.some((r) => r.window),
        combinesCallFields: rules.some((r) => r.combinesCallFields),
    };
    return { rules, any };
}

;// CONCATENATED MODULE: ./build/rego/threeValued.js



/** The top-level input key that carries the unknown set to the three-valued entrypoint. */
const UNKNOWNS_KEY = 'policy_replay';
/** The name of the three-valued decision in every generated package. */
const THREE_VALUED_DECISION = 'three_valued_decision';
function isArrayIndex(segment) {
    return /^(0|[1-9][0-9]*)$/.test(segment);
}
/**
 * The payload of a record's unknown set. On an unpaired batch a pointer naming one call names
 * that field on every call (`*`), and one beyond `callCount` changes nothing (dropped).
 */
function unknownsPayload(pointers, unpaired) {
    const unknown = [];
    for (const pointer of pointers) {
        const underCalls = pointer.length >= 4 && pointer[0] === 'request' && pointer[1] === 'mcp' && pointer[2] === 'calls';
        if (!underCalls || !isArrayIndex(pointer[3])) {
            unknown.push([...pointer]);
            continue;
        }
        const index = Number(pointer[3]);
        if (unpaired === null)
            unknown.push(['request', 'mcp', 'calls', index, ...pointer.slice(4)]);
        else if (index < unpaired.call_count)
            unknown.push(['request', 'mcp', 'calls', '*', ...pointer.slice(4)]);
    }
    return { unknown, unpaired: unpaired !== null };
}
/** The decision's header lines; they depend on the policy's two settings, never on its rules. */
function threeValuedHeader(pkg, defaultEffect, onMissingContext) {
    const ids = (set) => `[pair[1] | some pair in sort(data.${pkg}.${set})]`;
    const values = (set) => `max({0} | {v | some v in data.${pkg}.${set}})`;
    return [
        `${THREE_VALUED_DECISION} := {`,
        '\t"allow": tv_allow,',
        `\t"matched_rule_ids": ${ids('tv_matched')},`,
        `\t"missing_context_rule_ids": ${ids('tv_missing_context')},`,
        `\t"undecided_rule_ids": ${ids('tv_undecided')},`,
        `\t"undecided_context_rule_ids": ${ids('tv_undecided_context')},`,
        '}',
        '',
        '# docs/unknowns.md "The decision", with F, U, T as 0, 1, 2.',
        'tv_allow := min([2 - tv_by_missing, 2 - tv_deny_hit, tv_allow_hit])',
        '',
        `tv_by_missing := ${onMissingContext === 'deny' ? values('tv_needs_values') : '0'}`,
        '',
        `tv_deny_hit := ${values('tv_deny_values')}`,
        '',
        `tv_allow_hit := ${defaultEffect === 'allow' ? '2' : values('tv_allow_values')}`,
    ];
}
/** A JSON array of path segments as Rego prints it. */
function threeValued_location(segments) {
    return `[${segments.map((s) => (typeof s === 'number' ? String(s) : JSON.stringify(s))).join(', ')}]`;
}
/** The helper of a condition's test: the two-valued helper's name with a `tv_` prefix. */
function testOf(kind, condition) {
    const negate = condition.operator === 'not_in';
    if (kind.kind === 'is_batch')
        return negate ? 'boolean_not_in' : 'boolean_in';
    if (kind.kind === 'unparsable_calls')
        return negate ? 'number_not_in' : 'number_in';
    return negate ? 'value_not_in' : 'value_in';
}
/** The values as the two-valued helper of the same test takes them. */
function valuesOf(kind, condition) {
    const unique = [...new Set(condition.values)];
    if (kind.kind === 'is_batch' || kind.kind === 'unparsable_calls')
        return `{${unique.join(', ')}}`;
    return `{${unique.map((v) => JSON.stringify(v)).join(', ')}}`;
}
function windowPart(rule) {
    const w = rule.active_window;
    if (!w)
        return null;
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].filter((d) => w.days.includes(d));
    const minutes = (clock) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
    return `tv_window({${days.map((d) => JSON.stringify(d)).join(', ')}}, ${JSON.stringify(w.timezone)}, ${minutes(w.from)}, ${minutes(w.to)})`;
}
/** `head := value if { body } else := …` chains, in the form `opa fmt` prints them. */
function elseChain(head, branches, last) {
    const out = [];
    branches.forEach(({ value, body }, i) => {
        const open = i === 0 ? `${head} := ${value} if {` : `} else := ${value} if {`;
        out.push(open, ...indent(body));
    });
    out.push(`} else := ${last}`);
    return out;
}
function indent(lines) {
    return lines.map((line) => `\t${line}`);
}
/**
 * The call part of a rule (docs/unknowns.md "Call part") as a complete rule, so it is computed
 * once. Each branch is a search that stops at its first failing test, as the two-valued rule's.
 */
function callPartLines(name, rule, calls) {
    const on = (i, call, test) => calls.map((c) => `${c(i, call)} ${test}`);
    const known = { value: '1', body: ['tv_calls_unknown'] };
    if (rule.effect === 'allow') {
        // (calls non-empty) AND (AND over calls): the same on an unpaired batch, with any pairing.
        return elseChain(name, [
            known,
            { value: '0', body: ['count(tv_calls) == 0'] },
            ...calls.map((c) => ({ value: '0', body: ['some i, call in tv_calls', `${c('i', 'call')} == 0`] })),
            { value: '2', body: ['every i, call in tv_calls {', ...indent(on('i', 'call', '== 2')), '}'] },
        ], '1');
    }
    // OR over calls of (AND over the call's conditions).
    const paired = (guard) => [
        { value: '2', body: [...guard, 'some i, call in tv_calls', ...on('i', 'call', '== 2')] },
        { value: '1', body: [...guard, 'some i, call in tv_calls', ...on('i', 'call', '!= 0')] },
    ];
    if (!ruleFeatures(rule).combinesCallFields)
        return elseChain(name, [known, ...paired([])], '0');
    // Two or more call fields over an unpaired batch: F when some(c) is F for some c; T when
    // some(c0) is T and all(c) is T for every other c; else U.
    return elseChain(name, [
        known,
        ...paired(['not tv_unpaired']),
        { value: '0', body: ['not tv_unpaired'] },
        ...calls.map((c) => ({
            value: '0',
            body: ['every i, call in tv_calls {', `\t${c('i', 'call')} == 0`, '}'],
        })),
        ...calls.map((c, k) => ({
            value: '2',
            body: [
                'some i, call in tv_calls',
                `${c('i', 'call')} == 2`,
                'every j, other in tv_calls {',
                ...indent(calls.filter((_, m) => m !== k).map((o) => `${o('j', 'other')} == 2`)),
                '}',
            ],
        })),
    ], '1');
}
/** One rule's three-valued lines: its needs, its call part, its matched value, and what they feed. */
function threeValuedRuleLines(rule, index) {
    const name = `tv_${regoRuleName(rule.id)}`;
    const needsName = `tv_${regoNeedsContextName(rule.id)}`;
    const callsName = `tv_call_part_${regoRuleName(rule.id).slice('rule_'.length)}`;
    const features = ruleFeatures(rule);
    const needsParts = [];
    if (features.caller)
        needsParts.push('tv_caller_needs');
    if (features.directory)
        needsParts.push('tv_directory_needs');
    if (features.window)
        needsParts.push('tv_window_needs');
    // Each part with the test that makes it F and the one that makes it T, in the order of the
    // two-valued rule's body (so the common case stops as early).
    const parts = [];
    if (needsParts.length > 0)
        parts.push({ value: `2 - ${needsName}`, isFalse: `${needsName} == 2`, isTrue: `${needsName} == 0` });
    const part = (value) => ({ value, isFalse: `${value} == 0`, isTrue: `${value} == 2` });
    const calls = [];
    for (const condition of rule.conditions) {
        const kind = classifyField(condition.field);
        const test = testOf(kind, condition);
        const values = valuesOf(kind, condition);
        if (kind.kind === 'call') {
            calls.push((i, call) => `tv_call_${test}(${i}, ${call}, ${JSON.stringify(kind.name)}, ${values})`);
        }
        else
            parts.push(part(`tv_${test}(${threeValued_location(inputPathOf(kind).path)}, ${values})`));
    }
    if (calls.length > 0)
        parts.push(part(callsName));
    const window = windowPart(rule);
    if (window !== null)
        parts.push(part(window));
    const id = `[${index}, ${JSON.stringify(rule.id)}]`;
    const out = [];
    if (needsParts.length > 0) {
        out.push('', needsParts.length === 1
            ? `${needsName} := ${needsParts[0]}`
            : `${needsName} := max([${needsParts.join(', ')}])`, '', `tv_needs_values contains ${needsName}`, '', `tv_missing_context contains ${id} if ${needsName} == 2`, '', `tv_undecided_context contains ${id} if ${needsName} == 1`);
    }
    if (calls.length > 0)
        out.push('', ...callPartLines(callsName, rule, calls));
    // Kleene AND, stopping at the first F part; T only when every part is T.
    out.push('', ...(parts.length === 1
        ? [`${name} := ${parts[0].value}`]
        : elseChain(name, [
            ...parts.map((p) => ({ value: '0', body: [p.isFalse] })),
            { value: '2', body: parts.map((p) => p.isTrue) },
        ], '1')), '', `${rule.effect === 'deny' ? 'tv_deny_values' : 'tv_allow_values'} contains ${name}`, '', `tv_matched contains ${id} if ${name} == 2`, '', `tv_undecided contains ${id} if ${name} == 1`);
    return out;
}
/** The three-valued condition helpers, one per two-valued test: U when the location is unknown. */
const CONDITION_TESTS = [
    'value_in',
    'value_not_in',
    'boolean_in',
    'boolean_not_in',
    'number_in',
    'number_not_in',
];
function conditionHelpers() {
    const out = [
        "# A request or caller condition; an absent key (object.get's null) holds for no test.",
    ];
    for (const test of CONDITION_TESTS) {
        out.push(`tv_${test}(location, values) := 1 if {`, '\ttv_unknown_at(location)', '} else := 2 if {', `\t${test}(object.get(input, location, null), values)`, '} else := 0', '');
    }
    out.push('# A condition on call i.');
    for (const test of ['value_in', 'value_not_in']) {
        out.push(`tv_call_${test}(i, call, field, values) := 1 if {`, '\ttv_call_unknown(i, field)', '} else := 2 if {', `\t${test}(call[field], values)`, '} else := 0', '');
    }
    return out;
}
/** Shared three-valued definitions, after the two-valued helpers they build on. */
const THREE_VALUED_HELPERS = [
    ...`
# Three-valued evaluation (docs/unknowns.md). A location is unknown when a pointer of the unknown
# set names it, lies inside it or contains it: they agree on their common length.
tv_unknown_at(location) if {
	some pointer in input.${UNKNOWNS_KEY}.unknown
	n := min([count(pointer), count(location)])
	array.slice(pointer, 0, n) == array.slice(location, 0, n)
}

# Call i's field: "*" matches any index. A pointer naming or containing the call list is
# tv_calls_unknown, which the call parts test first.
tv_call_unknown(i, field) if {
	some pointer in tv_call_pointers
	tv_index_fits(pointer[3], i)
	tv_field_fits(pointer, field)
}

tv_call_pointers contains pointer if {
	some pointer in input.${UNKNOWNS_KEY}.unknown
	count(pointer) >= 4
	array.slice(pointer, 0, 3) == ["request", "mcp", "calls"]
}

tv_index_fits("*", _)

tv_index_fits(index, i) if index == i

tv_field_fits(pointer, _) if count(pointer) == 4

tv_field_fits(pointer, field) if pointer[4] == field

# The call list is unknown only through a pointer that names or contains it.
tv_calls_unknown if {
	some pointer in input.${UNKNOWNS_KEY}.unknown
	count(pointer) <= 3
	pointer == array.slice(["request", "mcp", "calls"], 0, count(pointer))
}

tv_unpaired if input.${UNKNOWNS_KEY}.unpaired == true

tv_calls := input.request.mcp.calls if {
	is_array(input.request.mcp.calls)
} else := []
`
        .trim()
        .split('\n'),
    '',
    ...conditionHelpers(),
    ...`
tv_time_unknown if tv_unknown_at(["request", "time"])

tv_window(days, zone, from, to) := 1 if {
	tv_time_unknown
} else := 2 if {
	window_open(days, zone, from, to)
} else := 0

tv_caller_needs := 1 if {
	tv_unknown_at(["identity", "verified"])
} else := 0 if {
	identity_verified
} else := 2

tv_directory_needs := 1 if {
	tv_unknown_at(["identity", "attributes_resolved"])
} else := 0 if {
	attributes_resolved
} else := 2

# A lost time does not make a window rule need context: the gateway had one.
tv_window_needs := 0 if {
	tv_time_unknown
} else := 0 if {
	request_has_time
} else := 2`
        .trim()
        .split('\n'),
];

;// CONCATENATED MODULE: ./build/rego/generate.js





const DEFAULT_PACKAGE = 'policy_replay';
/** The wasm/`opa eval` entrypoint of a generated module: the two-valued decision the gateway runs. */
function entrypointOf(packageName = DEFAULT_PACKAGE) {
    return `${packageName.replace(/\./g, '/')}/decision`;
}
/** The three-valued entrypoint the replay runs on records with unknown data (docs/unknowns.md). */
function threeValuedEntrypointOf(packageName = DEFAULT_PACKAGE) {
    return `${packageName.replace(/\./g, '/')}/${THREE_VALUED_DECISION}`;
}
/**
 * Compiles a validated policy to one Rego v1 module. Deterministic, and each rule's lines depend
 * only on that rule (and its position), so a Rego diff reads like the policy diff. The output is
 * already in `opa fmt` form.
 */
function generateRego(policy, options = {}) {
    const pkg = options.packageName ?? DEFAULT_PACKAGE;
    const mode = policy.on_missing_context ?? 'deny';
    const out = [];
    out.push('# Generated by policy-replay from a policy document. Do not edit: change the document.', `package ${pkg}`, '', 'import rego.v1', '', `default_effect := ${JSON.stringify(policy.default_effect)}`, '', `on_missing_context := ${JSON.stringify(mode)}`, '', 'decision := {', '\t"allow": allow,', 
    // Through data: a policy with no rule that matches (or needs context) never defines the set,
    // and a comprehension over an undefined document is simply []. The header then never depends
    // on the rules, so editing one rule changes only that rule's lines.
    `\t"matched_rule_ids": [pair[1] | some pair in sort(data.${pkg}.matched)],`, `\t"missing_context_rule_ids": [pair[1] | some pair in sort(data.${pkg}.missing_context)],`, '}', '', 'default allow := false', '');
    // docs/policy.md "The decision": missing context (in deny mode), then deny rules, then the default,
    // then allow rules.
    const allowBody = ['not missing_context_denies', 'not deny_matched'];
    if (policy.default_effect === 'deny')
        allowBody.push('allow_matched');
    out.push(...block('allow if', allowBody), '');
    out.push('default missing_context_denies := false', '');
    if (mode === 'deny')
        out.push(`missing_context_denies if count(data.${pkg}.missing_context) > 0`, '');
    out.push('default deny_matched := false', '', 'default allow_matched := false', '');
    out.push(...HELPERS);
    out.push('', ...threeValuedHeader(pkg, policy.default_effect, mode), '', ...THREE_VALUED_HELPERS);
    policy.rules.forEach((rule, index) => out.push('', ...ruleBlock(rule, index), ...threeValuedRuleLines(rule, index)));
    return `${out.join('\n')}\n`;
}
function block(head, body) {
    if (body.length === 1)
        return [`${head} ${body[0]}`];
    return [`${head} {`, ...body.map((line) => `\t${line}`), '}'];
}
function ruleBlock(rule, index) {
    const name = regoRuleName(rule.id);
    const contextName = regoNeedsContextName(rule.id);
    const features = ruleFeatures(rule);
    const out = [];
    out.push(`# Rule ${rule.id} (${rule.effect})`);
    if (rule.description !== undefined)
        out.push(...commentLines(rule.description));
    const needsContext = [];
    if (features.caller)
        needsContext.push('not identity_verified');
    if (features.directory)
        needsContext.push('not attributes_resolved');
    if (features.window)
        needsContext.push('not request_has_time');
    const body = [];
    if (needsContext.length > 0)
        body.push(`not ${contextName}`);
    const callConditions = [];
    for (const condition of rule.conditions) {
        const kind = classifyField(condition.field);
        if (kind.kind === 'call')
            callConditions.push(condition);
        else
            body.push(requestCondition(kind, condition));
    }
    if (callConditions.length > 0) {
        const tests = callConditions.map((c) => callCondition(c));
        if (rule.effect === 'deny') {
            // Any call: a batch cannot hide a denied call beside an allowed one.
            body.push('some call in calls', ...tests);
        }
        else {
            // Every call: an allow rule must cover the whole batch.
            body.push('count(calls) > 0', 'every call in calls {', ...tests.map((t) => `\t${t}`), '}');
        }
    }
    if (rule.active_window)
        body.push(windowCondition(rule.active_window));
    out.push(...block(`${name} if`, body));
    for (const test of needsContext)
        out.push('', `${contextName} if ${test}`);
    out.push('', `${rule.effect === 'deny' ? 'deny_matched' : 'allow_matched'} if ${name}`);
    out.push('', `matched contains [${index}, ${JSON.stringify(rule.id)}] if ${name}`);
    if (needsContext.length > 0) {
        out.push('', `missing_context contains [${index}, ${JSON.stringify(rule.id)}] if ${contextName}`);
    }
    return out;
}
/** Each line of the description becomes its own comment line: no text can leave the comment. */
function commentLines(description) {
    return (description
        // eslint-disable-next-line no-control-regex
        .split(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/)
        .map((line) => line
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '\ufffd')
        .replace(/\s+$/, ''))
        .map((line) => (line === '' ? '#' : `# ${line}`)));
}
const REGO_KEYWORDS = new Set([
    'in',
    'if',
    'contains',
    'every',
    'some',
    'not',
    'with',
    'as',
    'else',
    'default',
    'import',
    'package',
    'true',
    'false',
    'null',
]);
/** A reference in the form `opa fmt` prints it: dots for plain names, quoted brackets otherwise. */
function ref(base, segments) {
    let out = base;
    for (const segment of segments) {
        out +=
            /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) && !REGO_KEYWORDS.has(segment)
                ? `.${segment}`
                : `[${JSON.stringify(segment)}]`;
    }
    return out;
}
/** Values become a set literal of quoted strings, first occurrence order, duplicates dropped. */
function stringSet(values) {
    return `{${[...new Set(values)].map((v) => JSON.stringify(v)).join(', ')}}`;
}
function inputRef(kind) {
    const { base, path } = inputPathOf(kind);
    return ref(base, path);
}
function requestCondition(kind, condition) {
    const negate = condition.operator === 'not_in';
    if (kind.kind === 'is_batch') {
        const set = `{${[...new Set(condition.values)].join(', ')}}`;
        return `${negate ? 'boolean_not_in' : 'boolean_in'}(${inputRef(kind)}, ${set})`;
    }
    if (kind.kind === 'unparsable_calls') {
        const set = `{${[...new Set(condition.values)].join(', ')}}`;
        return `${negate ? 'number_not_in' : 'number_in'}(${inputRef(kind)}, ${set})`;
    }
    return `${negate ? 'value_not_in' : 'value_in'}(${inputRef(kind)}, ${stringSet(condition.values)})`;
}
function callCondition(condition) {
    const kind = classifyField(condition.field);
    const negate = condition.operator === 'not_in';
    return `${negate ? 'value_not_in' : 'value_in'}(${inputRef(kind)}, ${stringSet(condition.values)})`;
}
function windowCondition(window) {
    const days = DAYS.filter((d) => window.days.includes(d));
    const from = clockMinutes(window.from);
    const to = clockMinutes(window.to);
    return `window_open({${days.map((d) => JSON.stringify(d)).join(', ')}}, ${JSON.stringify(window.timezone)}, ${from}, ${to}) # ${window.from}-${window.to}`;
}
/**
 * Shared definitions. Absent keys make every function call undefined, so a condition on a key
 * that does not exist is false whatever its operator (docs/policy.md "One condition").
 */
const HELPERS = `
calls := input.request.mcp.calls if is_array(input.request.mcp.calls)

identity_verified if input.identity.verified == true

attributes_resolved if input.identity.attributes_resolved == true

request_has_time if _ = input.request.time

# Strings compare as they are; numbers and booleans by their JSON text.
scalar_text(v) := v if is_string(v)

scalar_text(v) := json.marshal(v) if is_number(v)

scalar_text(v) := json.marshal(v) if is_boolean(v)

value_in(v, values) if scalar_text(v) in values

value_in(v, values) if {
	is_array(v)
	some element in v
	scalar_text(element) in values
}

value_not_in(v, values) if {
	text := scalar_text(v)
	not text in values
}

value_not_in(v, values) if {
	is_array(v)
	not value_in(v, values)
}

boolean_in(v, values) if {
	is_boolean(v)
	v in values
}

boolean_not_in(v, values) if {
	is_boolean(v)
	not v in values
}

number_in(v, values) if {
	is_number(v)
	some n in values
	n == v
}

number_not_in(v, values) if {
	is_number(v)
	not number_in(v, values)
}

# Windows are judged on the request's own time, in the window's zone, on the same local day.
request_ns := time.parse_rfc3339_ns(input.request.time)

weekday_names := {
	"Monday": "mon",
	"Tuesday": "tue",
	"Wednesday": "wed",
	"Thursday": "thu",
	"Friday": "fri",
	"Saturday": "sat",
	"Sunday": "sun",
}

local_minute(zone) := minute if {
	clock := time.clock([request_ns, zone])
	minute := (clock[0] * 60) + clock[1]
}

local_day(zone) := weekday_names[time.weekday([request_ns, zone])]

window_open(days, zone, from, to) if {
	from < to
	local_day(zone) in days
	minute := local_minute(zone)
	minute >= from
	minute < to
}

window_open(days, zone, from, to) if {
	from > to
	local_day(zone) in days
	local_minute(zone) >= from
}

window_open(days, zone, from, to) if {
	from > to
	local_day(zone) in days
	local_minute(zone) < to
}`
    .trim()
    .split('\n');

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
;// CONCATENATED MODULE: ./build/opa/errors.js
/** The OPA toolchain is missing or failed: the CLI exits 3 on these. */
class OpaToolchainError extends Error {
    detail;
    constructor(message, detail) {
        super(message);
        this.detail = detail;
        this.name = 'OpaToolchainError';
    }
}
/**
 * `opa build` ran past its time limit and was killed. Not a toolchain failure: the policy asked
 * for more than the limit allows, so it is reported as a problem of the policy (exit 2).
 */
class OpaTimeoutError extends Error {
    timeoutMs;
    constructor(timeoutMs) {
        super(`opa build did not finish within ${timeoutMs / 1000} s and was stopped`);
        this.timeoutMs = timeoutMs;
        this.name = 'OpaTimeoutError';
    }
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./build/opa/tar.js

/** Reads one regular file out of a .tar.gz bundle (`opa build` output) without a tar binary. */
function extractFromTarGz(archive, wanted) {
    const tar = (0,external_node_zlib_.gunzipSync)(archive);
    let offset = 0;
    const normalise = (name) => name.replace(/^\.?\//, '');
    while (offset + 512 <= tar.length) {
        const header = tar.subarray(offset, offset + 512);
        if (header.every((b) => b === 0))
            break;
        const name = cString(header.subarray(0, 100));
        const prefix = cString(header.subarray(345, 500));
        const size = parseInt(cString(header.subarray(124, 136)).trim() || '0', 8);
        const type = String.fromCharCode(header[156] ?? 0);
        const full = prefix ? `${prefix}/${name}` : name;
        const start = offset + 512;
        if ((type === '0' || type === '\0') && normalise(full) === normalise(wanted)) {
            return new Uint8Array(tar.subarray(start, start + size));
        }
        offset = start + Math.ceil(size / 512) * 512;
    }
    return null;
}
function cString(bytes) {
    const end = bytes.indexOf(0);
    return Buffer.from(end >= 0 ? bytes.subarray(0, end) : bytes).toString('utf8');
}

;// CONCATENATED MODULE: ./build/opa/build.js








const run = (0,external_node_util_.promisify)(external_node_child_process_.execFile);
/** Builtins a replayed policy must never reach: network, runtime and the evaluator's clock. */
const EXCLUDED_BUILTINS = ['http.send', 'net.lookup_ip_addr', 'opa.runtime', 'time.now_ns'];
const capabilitiesByOpa = new Map();
const wasmByContent = new Map();
/** `opa capabilities --current` minus the excluded builtins, once per OPA binary. */
function restrictedCapabilities(opaPath) {
    let cached = capabilitiesByOpa.get(opaPath);
    if (!cached) {
        cached = (async () => {
            const { stdout } = await runOpa(opaPath, ['capabilities', '--current']);
            const capabilities = JSON.parse(stdout);
            capabilities.builtins = capabilities.builtins.filter((b) => !EXCLUDED_BUILTINS.includes(b.name));
            return JSON.stringify(capabilities);
        })();
        capabilitiesByOpa.set(opaPath, cached);
        cached.catch(() => capabilitiesByOpa.delete(opaPath));
    }
    return cached;
}
/** Default time limit of one `opa build` (docs/security.md "Limits"). */
const DEFAULT_BUILD_TIMEOUT_MS = 60_000;
/**
 * Compiles modules to one WebAssembly module with `opa build -t wasm`. Results are cached by the
 * hash of everything that goes in, so base and head of an unchanged policy compile once per run.
 * A build that runs past `timeoutMs` is killed (SIGKILL) and fails with OpaTimeoutError.
 */
function buildWasm(opaPath, modules, entrypoints, timeoutMs = DEFAULT_BUILD_TIMEOUT_MS) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    hash.update(opaPath).update('\0');
    for (const e of entrypoints)
        hash.update(e).update('\0');
    for (const m of modules)
        hash.update(m.name).update('\0').update(m.source).update('\0');
    const key = hash.digest('hex');
    let cached = wasmByContent.get(key);
    if (!cached) {
        cached = buildUncached(opaPath, modules, entrypoints, timeoutMs);
        wasmByContent.set(key, cached);
        cached.catch(() => wasmByContent.delete(key));
    }
    return cached;
}
async function buildUncached(opaPath, modules, entrypoints, timeoutMs) {
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'policy-replay-build-'));
    try {
        const capabilities = (0,external_node_path_.join)(dir, 'capabilities.json');
        await (0,promises_.writeFile)(capabilities, await restrictedCapabilities(opaPath));
        const files = [];
        for (const [i, m] of modules.entries()) {
            const file = (0,external_node_path_.join)(dir, `${String(i).padStart(4, '0')}-${m.name.replace(/[^A-Za-z0-9_.-]/g, '_')}`);
            await (0,promises_.writeFile)(file, m.source);
            files.push(file);
        }
        const bundle = (0,external_node_path_.join)(dir, 'bundle.tar.gz');
        const args = ['build', '-t', 'wasm', '--capabilities', capabilities, '-o', bundle];
        for (const e of entrypoints)
            args.push('-e', e);
        await runOpa(opaPath, [...args, ...files], dir, undefined, timeoutMs);
        const wasm = extractFromTarGz(await (0,promises_.readFile)(bundle), '/policy.wasm');
        if (!wasm)
            throw new OpaToolchainError('opa build produced no policy.wasm');
        return wasm;
    }
    finally {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
    }
}
async function runOpa(opaPath, args, cwd, input, timeoutMs) {
    try {
        const child = run(opaPath, args, {
            cwd,
            maxBuffer: 512 * 1024 * 1024,
            encoding: 'utf8',
            ...(timeoutMs !== undefined ? { timeout: timeoutMs, killSignal: 'SIGKILL' } : {}),
        });
        if (input !== undefined) {
            child.child.stdin?.end(input);
        }
        return await child;
    }
    catch (error) {
        const e = error;
        if (timeoutMs !== undefined && e.killed === true)
            throw new OpaTimeoutError(timeoutMs);
        if (e.code === 'ENOENT' || e.code === 'EACCES') {
            throw new OpaToolchainError(`cannot run opa at ${opaPath}: ${e.code}`);
        }
        const detail = (e.stderr || e.stdout || e.message || '').trim();
        throw new OpaToolchainError(`opa ${args[0]} failed: ${detail.split('\n').slice(0, 20).join('\n')}`, detail);
    }
}

// EXTERNAL MODULE: ./node_modules/@open-policy-agent/opa-wasm/src/index.mjs
var src = __webpack_require__(7774);
;// CONCATENATED MODULE: ./build/engine/errors.js
/** A policy could not be evaluated on one input (a builtin failed, the module trapped). */
class EvaluationError extends Error {
    policy;
    requestId;
    failure;
    constructor(policy, requestId, failure) {
        super(`evaluating ${policy}${requestId !== undefined ? ` on request ${JSON.stringify(requestId)}` : ''} failed: ${describe(failure)}`);
        this.policy = policy;
        this.requestId = requestId;
        this.failure = failure;
        this.name = 'EvaluationError';
    }
}
function describe(cause) {
    if (cause instanceof Error)
        return cause.message;
    if (typeof cause === 'object' && cause !== null && 'message' in cause)
        return String(cause.message);
    return String(cause);
}

;// CONCATENATED MODULE: ./build/time/calendar.js
/** Proleptic Gregorian calendar arithmetic shared by the RFC 3339 parser and the time builtins. */
const SECONDS_PER_DAY = 86_400;
function isLeapYear(year) {
    return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days in `month` (1-12) of `year`; 0 for a month out of range. */
function daysInMonth(month, year) {
    if (month === 2 && isLeapYear(year))
        return 29;
    return DAYS_IN_MONTH[month - 1] ?? 0;
}
/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year, month, day) {
    const y = month <= 2 ? year - 1 : year;
    const era = Math.floor(y / 400);
    const yoe = y - era * 400;
    const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
    const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
    return era * 146097 + doe - 719468;
}
/** The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's civil_from_days). */
function civilFromDays(days) {
    const z = days + 719468;
    const era = Math.floor(z / 146097);
    const doe = z - era * 146097;
    const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
    const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
    const mp = Math.floor((5 * doy + 2) / 153);
    const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
    const month = mp < 10 ? mp + 3 : mp - 9;
    const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    return { year, month, day };
}

;// CONCATENATED MODULE: ./build/time/rfc3339.js

function isDigitAt(s, i) {
    const c = s.charCodeAt(i);
    return c >= 48 && c <= 57;
}
function digitAt(s, i) {
    return s.charCodeAt(i) - 48;
}
/**
 * Scans `s` into `out`. Returns null when it is an instant of the dialect, else the reason in Go's
 * words (`cannot parse month`, `hour out of range`, `extra text: "…"`).
 */
function scanRfc3339(s, dialect, out) {
    const go = dialect === 'go';
    const n = s.length;
    if (n < 4 || !isDigitAt(s, 0) || !isDigitAt(s, 1) || !isDigitAt(s, 2) || !isDigitAt(s, 3))
        return 'cannot parse year';
    const year = digitAt(s, 0) * 1000 + digitAt(s, 1) * 100 + digitAt(s, 2) * 10 + digitAt(s, 3);
    if (s[4] !== '-')
        return 'cannot parse month';
    if (!isDigitAt(s, 5) || !isDigitAt(s, 6))
        return 'cannot parse month';
    const month = digitAt(s, 5) * 10 + digitAt(s, 6);
    if (month < 1 || month > 12)
        return 'month out of range';
    if (s[7] !== '-')
        return 'cannot parse day';
    if (!isDigitAt(s, 8) || !isDigitAt(s, 9))
        return 'cannot parse day';
    const day = digitAt(s, 8) * 10 + digitAt(s, 9);
    if (s[10] !== 'T')
        return 'cannot parse hour';
    let i = 11;
    // Go's getnum: one or two digits for the hour; the record dialect wants two.
    if (!isDigitAt(s, i))
        return 'cannot parse hour';
    let hour = digitAt(s, i++);
    if (isDigitAt(s, i))
        hour = hour * 10 + digitAt(s, i++);
    else if (!go)
        return 'cannot parse hour';
    if (hour >= 24)
        return 'hour out of range';
    if (s[i] !== ':')
        return 'cannot parse minute';
    if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2))
        return 'cannot parse minute';
    const minute = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
    if (minute >= 60)
        return 'minute out of range';
    i += 3;
    if (s[i] !== ':')
        return 'cannot parse second';
    if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2))
        return 'cannot parse second';
    const second = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
    if (second >= 60)
        return 'second out of range';
    i += 3;
    let nanosecond = 0;
    if ((s[i] === '.' || (go && s[i] === ',')) && isDigitAt(s, i + 1)) {
        let end = i + 1;
        let scale = 100_000_000;
        while (isDigitAt(s, end)) {
            if (scale >= 1)
                nanosecond += digitAt(s, end) * scale;
            scale /= 10;
            end++;
        }
        i = end;
    }
    else if (!go && s[i] === '.')
        return 'cannot parse fraction';
    let offsetSeconds = 0;
    if (s[i] === 'Z')
        i++;
    else {
        if (n - i < 6 || s[i + 3] !== ':')
            return 'cannot parse time zone offset';
        if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2) || !isDigitAt(s, i + 4) || !isDigitAt(s, i + 5))
            return 'cannot parse time zone offset';
        const offsetHour = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
        const offsetMinute = digitAt(s, i + 4) * 10 + digitAt(s, i + 5);
        // Go's range test uses > rather than >=: offsets of 24 hours or 60 minutes parse there.
        if (offsetHour > (go ? 24 : 23))
            return 'time zone offset hour out of range';
        if (offsetMinute > (go ? 60 : 59))
            return 'time zone offset minute out of range';
        const sign = s[i];
        if (sign !== '+' && sign !== '-')
            return 'cannot parse time zone offset';
        offsetSeconds = (offsetHour * 60 + offsetMinute) * 60 * (sign === '-' ? -1 : 1);
        i += 6;
    }
    if (i !== n)
        return `extra text: ${JSON.stringify(s.slice(i))}`;
    if (day < 1 || day > daysInMonth(month, year))
        return 'day out of range';
    out.year = year;
    out.month = month;
    out.day = day;
    out.hour = hour;
    out.minute = minute;
    out.second = second;
    out.nanosecond = nanosecond;
    out.offsetSeconds = offsetSeconds;
    return null;
}
/** Nanoseconds since 1970-01-01T00:00:00Z of scanned fields (no range limit). */
function nanosOf(f) {
    const unixSeconds = daysFromCivil(f.year, f.month, f.day) * SECONDS_PER_DAY +
        f.hour * 3600 +
        f.minute * 60 +
        f.second -
        f.offsetSeconds;
    return BigInt(unixSeconds) * 1000000000n + BigInt(f.nanosecond);
}
function emptyFields() {
    return { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanosecond: 0, offsetSeconds: 0 };
}
const scratch = emptyFields();
/** Whether `text` is an instant of the record dialect (every timestamp this tool reads). */
function isRfc3339Instant(text) {
    return scanRfc3339(text, 'record', scratch) === null;
}
/** Nanoseconds since 1970 of a record-dialect instant, or null when `text` is none. */
function instantNanos(text) {
    return scanRfc3339(text, 'record', scratch) === null ? nanosOf(scratch) : null;
}

;// CONCATENATED MODULE: ./build/engine/timeBuiltins.js
/**
 * The time builtins OPA's WebAssembly target leaves to the host, implemented to return exactly
 * what OPA's Go evaluator (v1.22.3, Go's `time` package) returns, plus the same functions as
 * plain TypeScript for the reference evaluator.
 *
 * Precision: opa-wasm hands builtin arguments over through `JSON.parse`, so a nanosecond
 * timestamp such as 1795000000123456789 arrives as the double 1795000000123456800. The parser
 * therefore returns its result to the wasm as raw JSON text (an ArrayBuffer, which opa-wasm
 * loads verbatim) and remembers double → exact integer, so the builtins that receive the
 * timestamp again recover the exact nanoseconds.
 */



/** A builtin refused its arguments; OPA's Go evaluator fails the same call. */
class BuiltinError extends Error {
    builtin;
    args;
    constructor(builtin, args, message) {
        super(`${builtin}: ${message}`);
        this.name = 'BuiltinError';
        this.builtin = builtin;
        this.args = args;
    }
}
const NS_PER_SECOND = 1000000000n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** Go's `time.Weekday.String()`, indexed by days since Sunday. */
const WEEKDAY_NAMES = [
    'Sunday',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
];
function floorDiv(a, b) {
    const q = a / b;
    return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
/** Reads the instant `ns` (nanoseconds since 1970, UTC) on a wall clock in `zone`. */
function civilTime(ns, zone) {
    const seconds = floorDiv(ns, NS_PER_SECOND);
    const nanosecond = Number(ns - seconds * NS_PER_SECOND);
    const unixSeconds = Number(seconds);
    const local = unixSeconds + zone.offsetAt(unixSeconds);
    const days = Math.floor(local / SECONDS_PER_DAY);
    const secondOfDay = local - days * SECONDS_PER_DAY;
    const { year, month, day } = civilFromDays(days);
    return {
        year,
        month,
        day,
        hour: Math.floor(secondOfDay / 3600),
        minute: Math.floor((secondOfDay % 3600) / 60),
        second: secondOfDay % 60,
        nanosecond,
        // 1970-01-01 was a Thursday (4).
        weekday: (((days + 4) % 7) + 7) % 7,
    };
}
const RFC3339_LAYOUT = '2006-01-02T15:04:05Z07:00';
const INSTANT = emptyFields();
/**
 * `time.parse_rfc3339_ns`: parses `value` exactly as Go's `time.Parse(time.RFC3339, value)` does
 * (the `go` dialect of time/rfc3339.ts) and returns nanoseconds since 1970. Throws a BuiltinError
 * for what Go rejects and for instants outside int64 nanoseconds.
 */
function parseRfc3339Nanos(value) {
    const fail = (reason) => {
        throw new BuiltinError('time.parse_rfc3339_ns', [value], `parsing time ${JSON.stringify(value)} as ${JSON.stringify(RFC3339_LAYOUT)}: ${reason}`);
    };
    const problem = scanRfc3339(value, 'go', INSTANT);
    if (problem !== null)
        fail(problem);
    const ns = nanosOf(INSTANT);
    if (ns < INT64_MIN || ns > INT64_MAX)
        fail('time outside of valid range');
    return ns;
}
/** Loads a zone by OPA's naming or throws the BuiltinError OPA's `time.LoadLocation` causes. */
function zoneOrFail(builtin, args, name) {
    const zone = loadTimeZone(name);
    if (zone === undefined)
        throw new BuiltinError(builtin, args, `unknown time zone ${name}`);
    return zone;
}
/** The instant and zone of OPA's `tzTime` operand: `ns` or `[ns, tz]` or `[ns, tz, layout]`. */
function decodeInstant(builtin, args, operand, exactOf) {
    let nsOperand;
    let zone = zoneOrFail(builtin, args, 'UTC');
    if (Array.isArray(operand)) {
        if (operand.length === 0) {
            throw new BuiltinError(builtin, args, 'operand 1 must be either number (ns) or [number (ns), string (tz)]');
        }
        nsOperand = operand[0];
        if (typeof nsOperand !== 'number') {
            throw new BuiltinError(builtin, args, 'operand 1 must be number');
        }
        if (operand.length > 1) {
            const tz = operand[1];
            if (typeof tz !== 'string')
                throw new BuiltinError(builtin, args, 'operand 1 must be string');
            zone = zoneOrFail(builtin, args, tz);
        }
        if (operand.length > 2 && typeof operand[2] !== 'string') {
            throw new BuiltinError(builtin, args, 'operand 1 must be string');
        }
    }
    else if (typeof operand === 'number') {
        nsOperand = operand;
    }
    else {
        throw new BuiltinError(builtin, args, 'operand 1 must be either number (ns) or [number (ns), string (tz)]');
    }
    const n = nsOperand;
    const ns = exactOf(n) ?? (Number.isInteger(n) ? BigInt(n) : undefined);
    if (ns === undefined || ns < INT64_MIN || ns > INT64_MAX) {
        throw new BuiltinError(builtin, args, 'timestamp too big');
    }
    return { ns, zone };
}
function intOperand(builtin, args, value, position) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw new BuiltinError(builtin, args, `operand ${position} must be integer number`);
    }
    return value;
}
/**
 * Go's `t.AddDate(years, months, days)` for a UTC time: the date fields are added and then
 * normalized (month 13 → January of the next year, April 31 → May 1), the clock is kept.
 */
function addDateUtc(ns, years, months, days) {
    const seconds = floorDiv(ns, NS_PER_SECOND);
    const subSecond = ns - seconds * NS_PER_SECOND;
    const unixSeconds = Number(seconds);
    const dayNumber = Math.floor(unixSeconds / SECONDS_PER_DAY);
    const secondOfDay = unixSeconds - dayNumber * SECONDS_PER_DAY;
    const date = civilFromDays(dayNumber);
    const monthIndex = date.month - 1 + months;
    const year = date.year + years + Math.floor(monthIndex / 12);
    const month = (((monthIndex % 12) + 12) % 12) + 1;
    // daysFromCivil tolerates a day past the month's end: it counts on into the next month.
    const newDay = daysFromCivil(year, month, 1) + date.day - 1 + days;
    return BigInt(newDay * SECONDS_PER_DAY + secondOfDay) * NS_PER_SECOND + subSecond;
}
/** opa-wasm loads an ArrayBuffer result verbatim as JSON text: an exact integer survives. */
function integerAsJson(n) {
    const text = n.toString();
    const buffer = new ArrayBuffer(text.length);
    const bytes = new Uint8Array(buffer);
    for (let k = 0; k < text.length; k++)
        bytes[k] = text.charCodeAt(k);
    return buffer;
}
/** More remembered timestamps than one evaluation makes; bounds memory if reset is forgotten. */
const MAX_REMEMBERED = 4096;
function createTimeBuiltins() {
    const exact = new Map();
    const remember = (ns) => {
        if (exact.size >= MAX_REMEMBERED)
            exact.clear();
        exact.set(Number(ns), ns);
        return integerAsJson(ns);
    };
    const exactOf = (n) => exact.get(n);
    const instant = (builtin, args) => decodeInstant(builtin, args, args[0], exactOf);
    const builtins = {
        'time.parse_rfc3339_ns': (...args) => {
            const value = args[0];
            if (typeof value !== 'string') {
                throw new BuiltinError('time.parse_rfc3339_ns', args, 'operand 1 must be string');
            }
            return remember(parseRfc3339Nanos(value));
        },
        'time.clock': (...args) => {
            const { ns, zone } = instant('time.clock', args);
            const t = civilTime(ns, zone);
            return [t.hour, t.minute, t.second];
        },
        'time.date': (...args) => {
            const { ns, zone } = instant('time.date', args);
            const t = civilTime(ns, zone);
            return [t.year, t.month, t.day];
        },
        'time.weekday': (...args) => {
            const { ns, zone } = instant('time.weekday', args);
            return WEEKDAY_NAMES[civilTime(ns, zone).weekday];
        },
        'time.add_date': (...args) => {
            // Declared as a number operand: OPA's type checker never lets a [ns, tz] pair through.
            if (typeof args[0] !== 'number') {
                throw new BuiltinError('time.add_date', args, 'operand 1 must be number');
            }
            const { ns } = instant('time.add_date', args);
            const years = intOperand('time.add_date', args, args[1], 2);
            const months = intOperand('time.add_date', args, args[2], 3);
            const days = intOperand('time.add_date', args, args[3], 4);
            const result = addDateUtc(ns, years, months, days);
            if (result < INT64_MIN || result > INT64_MAX) {
                throw new BuiltinError('time.add_date', args, 'time outside of valid range');
            }
            return remember(result);
        },
    };
    return { builtins, reset: () => exact.clear() };
}

;// CONCATENATED MODULE: ./build/engine/wasmMemory.js
/**
 * How large the memory opa-wasm must hand a compiled module. `opa build -t wasm` makes the module
 * import its memory (`env.memory`) with a minimum that grows with the policy's data: a policy of
 * 500 rules × 20 values needs more than the 5 pages opa-wasm creates by default, and
 * instantiation then fails with "memory import … is smaller than initial". The minimum (and
 * maximum, when one is declared) is read from the module's import section.
 */
/** opa-wasm's own default initial size, kept as the floor. */
const DEFAULT_INITIAL_PAGES = 5;
const IMPORT_SECTION = 2;
const DATA_SECTION = 11;
const PAGE_BYTES = 65_536;
const I32_CONST = 0x41;
const END = 0x0b;
const KIND_FUNCTION = 0;
const KIND_TABLE = 1;
const KIND_MEMORY = 2;
const KIND_GLOBAL = 3;
class Reader {
    bytes;
    offset = 0;
    constructor(bytes) {
        this.bytes = bytes;
    }
    byte() {
        if (this.offset >= this.bytes.length)
            throw new RangeError('unexpected end of the wasm module');
        return this.bytes[this.offset++];
    }
    /** An unsigned LEB128 number (up to 2^53, which covers u32 and the sizes of memory64). */
    uleb() {
        let result = 0;
        let scale = 1;
        for (let i = 0; i < 10; i++) {
            const b = this.byte();
            result += (b & 0x7f) * scale;
            if ((b & 0x80) === 0)
                return result;
            scale *= 128;
        }
        throw new RangeError('malformed LEB128 number in the wasm module');
    }
    skip(n) {
        if (this.offset + n > this.bytes.length)
            throw new RangeError('unexpected end of the wasm module');
        this.offset += n;
    }
    name() {
        const length = this.uleb();
        const start = this.offset;
        this.skip(length);
        return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, length).toString('utf8');
    }
    /** A signed LEB128 number (an i32.const immediate). */
    sleb() {
        let result = 0;
        let scale = 1;
        for (let i = 0; i < 5; i++) {
            const b = this.byte();
            result += (b & 0x7f) * scale;
            scale *= 128;
            if ((b & 0x80) === 0)
                return b & 0x40 ? result - scale : result;
        }
        throw new RangeError('malformed LEB128 number in the wasm module');
    }
    limits() {
        const flags = this.byte();
        const initial = this.uleb();
        return flags & 0x01 ? { initial, maximum: this.uleb() } : { initial };
    }
}
/** The limits of the module's imported memory, or null when it imports none. */
function importedMemoryLimits(wasm) {
    const r = new Reader(wasm);
    r.skip(8); // magic and version
    while (r.offset < wasm.length) {
        const id = r.byte();
        const size = r.uleb();
        const end = r.offset + size;
        if (id !== IMPORT_SECTION) {
            r.skip(size);
            continue;
        }
        const count = r.uleb();
        for (let i = 0; i < count; i++) {
            r.name();
            r.name();
            const kind = r.byte();
            if (kind === KIND_MEMORY)
                return r.limits();
            if (kind === KIND_FUNCTION)
                r.uleb();
            else if (kind === KIND_TABLE) {
                r.byte(); // element type
                r.limits();
            }
            else if (kind === KIND_GLOBAL)
                r.skip(2); // value type, mutability
            else
                throw new RangeError(`unknown import kind ${kind} in the wasm module`);
        }
        r.offset = end;
        return null;
    }
    return null;
}
/**
 * Pages the module's active data segments reach: where the last one ends. `opa build` declares a
 * memory minimum that can fall short of it for a large policy (its data placed after the heap
 * start), and instantiation then fails with "data segment is out of bounds".
 */
function dataSegmentPages(wasm) {
    const r = new Reader(wasm);
    r.skip(8);
    let end = 0;
    while (r.offset < wasm.length) {
        const id = r.byte();
        const size = r.uleb();
        if (id !== DATA_SECTION) {
            r.skip(size);
            continue;
        }
        const count = r.uleb();
        for (let i = 0; i < count; i++) {
            const flags = r.uleb();
            if (flags === 1) {
                r.skip(r.uleb()); // passive: placed by memory.init, not at instantiation
                continue;
            }
            if (flags === 2)
                r.uleb(); // memory index
            if (flags !== 0 && flags !== 2)
                throw new RangeError(`unknown data segment kind ${flags} in the wasm module`);
            if (r.byte() !== I32_CONST)
                throw new RangeError('a data segment offset that is not a constant');
            const offset = r.sleb();
            if (r.byte() !== END)
                throw new RangeError('malformed data segment offset in the wasm module');
            const length = r.uleb();
            r.skip(length);
            end = Math.max(end, offset + length);
        }
        break;
    }
    return Math.ceil(end / PAGE_BYTES);
}
/**
 * The memory descriptor to load `wasm` with: at least the module's own minimum and room for its
 * data segments.
 */
function memoryFor(wasm) {
    const limits = importedMemoryLimits(wasm);
    const initial = Math.max(DEFAULT_INITIAL_PAGES, limits?.initial ?? 0, dataSegmentPages(wasm));
    return limits?.maximum === undefined ? { initial } : { initial, maximum: limits.maximum };
}

;// CONCATENATED MODULE: ./build/engine/wasmEngine.js




/**
 * One compiled policy loaded into opa-wasm: loaded once, evaluated synchronously per input. The
 * time builtins OPA's wasm target lacks are supplied here, with results equal to OPA's Go
 * evaluator; any builtin failure surfaces as an EvaluationError naming the policy and request.
 */
class WasmPolicy {
    name;
    loaded;
    resetBuiltins;
    constructor(name, loaded, resetBuiltins) {
        this.name = name;
        this.loaded = loaded;
        this.resetBuiltins = resetBuiltins;
    }
    static async load(name, wasm) {
        const time = createTimeBuiltins();
        const bytes = new Uint8Array(wasm);
        // Sized from the module: a large policy's data does not fit opa-wasm's default 5 pages.
        const loaded = await (0,src/* loadPolicy */.t)(bytes.buffer, memoryFor(bytes), time.builtins);
        return new WasmPolicy(name, loaded, time.reset);
    }
    get entrypoints() {
        return Object.keys(this.loaded.entrypoints);
    }
    /**
     * `input` may be the parsed value or its JSON text as an ArrayBuffer (no re-serialisation).
     * Returns the decision object of `entrypoint` (the first, the two-valued decision, when omitted).
     */
    evaluate(input, requestId, entrypoint = 0) {
        const decision = this.result(input, requestId, entrypoint);
        if (!decision || typeof decision.allow !== 'boolean') {
            throw new EvaluationError(this.name, requestId, new Error('the policy produced no decision'));
        }
        return decision;
    }
    /**
     * The three-valued decision (docs/unknowns.md) of `entrypoint`, by default the second one a
     * compiled policy has (compile/compilePolicy.ts builds `decision` then `three_valued_decision`).
     */
    evaluateThreeValued(input, requestId, entrypoint = 1) {
        const decision = this.result(input, requestId, entrypoint);
        if (!decision || (decision.allow !== 0 && decision.allow !== 1 && decision.allow !== 2)) {
            throw new EvaluationError(this.name, requestId, new Error('the policy produced no three-valued decision'));
        }
        return decision;
    }
    result(input, requestId, entrypoint) {
        this.resetBuiltins();
        let resultSet;
        try {
            resultSet = this.loaded.evaluate(input, entrypoint);
        }
        catch (error) {
            throw new EvaluationError(this.name, requestId, error);
        }
        const first = Array.isArray(resultSet) ? resultSet[0] : undefined;
        return first?.result;
    }
}

;// CONCATENATED MODULE: ./build/policy/limits.js

/** 1 MiB: a 1,000-rule policy of 20 values per rule is about 270 KB. */
const DEFAULT_MAX_POLICY_BYTES = 1 << 20;
/** Compiles in seconds with OPA 1.22; 100,000 values take over a minute. */
const DEFAULT_MAX_POLICY_VALUES = 25_000;
const DEFAULT_POLICY_LIMITS = {
    maxPolicyBytes: DEFAULT_MAX_POLICY_BYTES,
    maxPolicyValues: DEFAULT_MAX_POLICY_VALUES,
};
const limits_n = (value) => value.toLocaleString('en-US');
function problem(file, path, line, column, message) {
    return { file, path, line, column, message, severity: 'error' };
}
/** The size bound, checked before the text is parsed at all. */
function policySizeProblem(text, file, limits) {
    // A string of L UTF-16 units holds at most 3L bytes of UTF-8: most texts need no counting.
    if (text.length * 3 <= limits.maxPolicyBytes)
        return null;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes <= limits.maxPolicyBytes)
        return null;
    return problem(file, '', 1, 1, `the policy file is ${limits_n(bytes)} bytes, over the ${limits_n(limits.maxPolicyBytes)}-byte limit for a policy ` +
        "(raise it with --max-policy-bytes, or max-policy-bytes in the Action's limits input)");
}
/** The values bound, on a validated policy; the problem points at its longest value list. */
function policyValuesProblem(policy, source, limits) {
    let total = 0;
    let largest = { count: -1, rule: 0, condition: 0 };
    policy.rules.forEach((rule, r) => rule.conditions.forEach((condition, c) => {
        total += condition.values.length;
        if (condition.values.length > largest.count)
            largest = { count: condition.values.length, rule: r, condition: c };
    }));
    if (total <= limits.maxPolicyValues)
        return null;
    const path = ['rules', largest.rule, 'conditions', largest.condition, 'values'];
    const { line, column } = parseSource(source.text, source.format).positionOf(path);
    return problem(source.file, `rules[${largest.rule}].conditions[${largest.condition}].values`, line, column, `the policy has ${limits_n(total)} condition values, over the limit of ${limits_n(limits.maxPolicyValues)} per policy ` +
        `(this list holds ${limits_n(largest.count)}); raise it with --max-policy-values, or max-policy-values in the Action's limits input`);
}

;// CONCATENATED MODULE: ./build/compile/compilePolicy.js
/**
 * Compilation, the stage above policy, rego, opa and engine: a policy document's text becomes a
 * validated policy, its Rego, its WebAssembly module (`opa build -t wasm`) and a loaded engine.
 * Every command and the Action compile through here.
 */







const DEFAULT_COMPILE_LIMITS = {
    ...DEFAULT_POLICY_LIMITS,
    compileTimeoutMs: DEFAULT_BUILD_TIMEOUT_MS,
};
/** A validated policy → Rego → `opa build -t wasm` (OpaTimeoutError past `timeoutMs`). */
async function compilePolicy(policy, opaPath, timeoutMs = DEFAULT_BUILD_TIMEOUT_MS) {
    const rego = generateRego(policy);
    const entrypoint = entrypointOf(DEFAULT_PACKAGE);
    const threeValuedEntrypoint = threeValuedEntrypointOf(DEFAULT_PACKAGE);
    // The order fixes the entrypoint numbers WasmPolicy evaluates by: 0 two-valued, 1 three-valued.
    const wasm = await buildWasm(opaPath, [{ name: 'policy.rego', source: rego }], [entrypoint, threeValuedEntrypoint], timeoutMs);
    return { rego, wasm, entrypoint, threeValuedEntrypoint };
}
/**
 * The limits a text and its validated policy must respect before OPA sees them: the size (checked
 * before parsing) and, once valid, the number of condition values. null: `text` is too large.
 */
function policyLimitProblem(text, displayPath, limits, policy) {
    if (policy === undefined)
        return policySizeProblem(text, displayPath, limits);
    const format = validate_formatOfPath(displayPath) ?? 'yaml';
    return policyValuesProblem(policy, { text, file: displayPath, format }, limits);
}
/** The problem a build that ran out of time becomes: the policy's, at its first line. */
function compileTimeoutProblem(displayPath, error) {
    return {
        file: displayPath,
        path: '',
        line: 1,
        column: 1,
        severity: 'error',
        message: `${error.message}: the policy is too large to compile within the time limit ` +
            "(raise it with --compile-timeout, or compile-timeout in the Action's limits input)",
    };
}
/** validate → Rego → wasm → loaded engine, for one policy text named `displayPath`. */
async function compilePolicyText(text, displayPath, opaPath, limits = DEFAULT_COMPILE_LIMITS) {
    const tooLarge = policyLimitProblem(text, displayPath, limits);
    if (tooLarge)
        return { ok: false, errors: [tooLarge], warnings: [] };
    const validation = validate_validatePolicyText(text, displayPath, validate_formatOfPath(displayPath) ?? 'yaml');
    if (!validation.ok)
        return { ok: false, errors: validation.errors, warnings: validation.warnings };
    const tooMany = policyLimitProblem(text, displayPath, limits, validation.policy);
    if (tooMany)
        return { ok: false, errors: [tooMany], warnings: validation.warnings };
    let compiled;
    try {
        compiled = await compilePolicy(validation.policy, opaPath, limits.compileTimeoutMs);
    }
    catch (error) {
        if (!(error instanceof OpaTimeoutError))
            throw error;
        return { ok: false, errors: [compileTimeoutProblem(displayPath, error)], warnings: validation.warnings };
    }
    const engine = await WasmPolicy.load(displayPath, compiled.wasm);
    return {
        ok: true,
        loaded: {
            policy: validation.policy,
            features: policyFeatures(validation.policy),
            engine,
            wasm: compiled.wasm,
            rego: compiled.rego,
            warnings: validation.warnings,
        },
    };
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
;// CONCATENATED MODULE: ./build/traffic/pointer.js
/**
 * JSON pointers (RFC 6901) into a record's `input`, the unit of the unknown set
 * (docs/unknowns.md "What a record does not know").
 */
/**
 * The segments of `text` below `/input` (`/input` itself is `[]`), escapes undone; null when
 * `text` is not an RFC 6901 pointer starting with the `input` segment. `~` must be followed by `0`
 * or `1`; every other character is allowed in a segment.
 */
function parseInputPointer(text) {
    if (text !== '/input' && !text.startsWith('/input/'))
        return null;
    if (text.length === 6)
        return [];
    const raw = text.slice(7).split('/');
    const segments = [];
    for (const segment of raw) {
        if (segment.includes('~')) {
            if (/~(?![01])/.test(segment))
                return null;
            // ~1 first: "~01" is the text "~1", not "/".
            segments.push(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
        }
        else
            segments.push(segment);
    }
    return segments;
}
/** Whether `text` is a pointer the unknown set accepts (what parseInputPointer accepts). */
function pointer_isInputPointer(text) {
    if (text !== '/input' && !text.startsWith('/input/'))
        return false;
    const tilde = text.indexOf('~');
    return tilde < 0 || !/~(?![01])/.test(text);
}

;// CONCATENATED MODULE: ./build/traffic/record.js




/**
 * One recorded gateway request (docs/traffic.md "A record").
 *
 * The zod schema is the contract and the source of the types. The reader's hot path uses
 * `isTrafficRecord`, a hand-written predicate that accepts exactly what the schema accepts (tested
 * against each other); zod then only runs on the rare malformed record, to word the reason.
 *
 * Decisions recorded here and in docs/traffic.md:
 * - Unknown top-level keys and unknown keys in `unpaired` are malformed ("unknown key"): a typo such
 *   as `unavailible` would otherwise silently drop what the telemetry said it lacked, and the
 *   replay would guess.
 * - `input` is the gateway's document: keys this tool does not know are allowed at every level, but
 *   the values a policy reads must have the type the gateway gives them (docs/policy.md "Fields").
 * - Timestamps are the `record` dialect of time/rfc3339.ts: the RFC 3339 subset OPA's
 *   `time.parse_rfc3339_ns` also accepts.
 * - Repeated entries in `unavailable` are harmless and accepted, and so are repeated
 *   `unknown_paths` (docs/unknowns.md).
 */
const UNAVAILABLE_ENTRIES = [
    'mcp',
    'mcp.tool',
    'mcp.arguments',
    'identity.verification',
    'identity.attributes',
    'identity.claims',
    'time',
];
const RECORDED_DECISIONS = ['allow', 'deny'];
const RFC3339_MESSAGE = 'must be an RFC 3339 instant with an offset, e.g. 2026-11-27T09:15:02.120Z';
const instantSchema = schemas/* string */.YjP().refine(isRfc3339Instant, RFC3339_MESSAGE);
const POINTER_MESSAGE = 'must be a JSON pointer (RFC 6901) starting with /input, e.g. /input/identity/claims/email';
const unknownPathSchema = schemas/* string */.YjP().refine(pointer_isInputPointer, POINTER_MESSAGE);
const stringList = schemas/* array */.YOg(schemas/* string */.YjP());
const callSchema = schemas/* looseObject */._H3({
    tool: schemas/* string */.YjP().optional(),
    method: schemas/* string */.YjP().optional(),
    resource_uri: schemas/* string */.YjP().optional(),
    prompt: schemas/* string */.YjP().optional(),
});
const plainObject = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
const trafficInputSchema = schemas/* looseObject */._H3({
    request: schemas/* looseObject */._H3({
        time: instantSchema.optional(),
        http: schemas/* looseObject */._H3({
            method: schemas/* string */.YjP().optional(),
            host: schemas/* string */.YjP().optional(),
            path: schemas/* string */.YjP().optional(),
        })
            .optional(),
        jsonrpc: schemas/* looseObject */._H3({
            is_batch: schemas/* boolean */.zMY().optional(),
            unparsable_calls: schemas/* int */.Whr().nonnegative().optional(),
        })
            .optional(),
        mcp: schemas/* looseObject */._H3({
            calls: schemas/* array */.YOg(callSchema).optional(),
            arguments: plainObject.optional(),
        })
            .optional(),
    })
        .optional(),
    identity: schemas/* looseObject */._H3({
        verified: schemas/* boolean */.zMY().optional(),
        attributes_resolved: schemas/* boolean */.zMY().optional(),
        subject: schemas/* string */.YjP().optional(),
        issuer: schemas/* string */.YjP().optional(),
        groups: stringList.optional(),
        tags: stringList.optional(),
        attributes: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* union */.KCZ([schemas/* string */.YjP(), stringList])).optional(),
        claims: plainObject.optional(),
    })
        .optional(),
});
/**
 * The most calls an unpaired batch may declare. Replaying one materialises its calls, so a
 * ~100-byte record claiming millions would exhaust memory; no gateway batch comes near this.
 */
const MAX_UNPAIRED_CALLS = 10_000;
/**
 * The most `unknown_paths` one record may carry. Every pointer is matched against every location a
 * policy reads, in both evaluators; no export needs more than a few per record.
 */
const MAX_UNKNOWN_PATHS = 1_024;
const unpairedSchema = schemas/* strictObject */.rej({
    call_count: schemas/* int */.Whr().nonnegative().max(MAX_UNPAIRED_CALLS),
    method: stringList.optional(),
    tool: stringList.optional(),
    resource_uri: stringList.optional(),
    prompt: stringList.optional(),
})
    .superRefine((value, ctx) => {
    for (const key of ['method', 'tool', 'resource_uri', 'prompt']) {
        const list = value[key];
        if (list !== undefined && list.length > value.call_count) {
            ctx.addIssue({
                code: 'custom',
                path: [key],
                message: `has ${list.length} values but call_count is ${value.call_count}`,
            });
        }
    }
});
const trafficRecordSchema = schemas/* strictObject */.rej({
    request_id: schemas/* string */.YjP().min(1, 'must be a non-empty string'),
    occurred_at: instantSchema.optional(),
    recorded_decision: schemas/* enum */.k5n(RECORDED_DECISIONS).optional(),
    policy_revision: schemas/* string */.YjP().optional(),
    manifest_id: schemas/* string */.YjP().optional(),
    input: trafficInputSchema,
    unavailable: schemas/* array */.YOg(schemas/* enum */.k5n(UNAVAILABLE_ENTRIES)).optional(),
    unknown_paths: schemas/* array */.YOg(unknownPathSchema)
        .max(MAX_UNKNOWN_PATHS, `must hold at most ${MAX_UNKNOWN_PATHS} pointers`)
        .optional(),
    unpaired: unpairedSchema.optional(),
})
    .superRefine((value, ctx) => {
    if (value.unpaired !== undefined && value.input.request?.mcp?.calls !== undefined) {
        ctx.addIssue({
            code: 'custom',
            path: ['unpaired'],
            message: 'an unpaired batch must not also carry input.request.mcp.calls',
        });
    }
});
function isObj(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function optString(v) {
    return v === undefined || typeof v === 'string';
}
function optBoolean(v) {
    return v === undefined || typeof v === 'boolean';
}
function isNonNegativeInt(v) {
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}
function isStringList(v) {
    if (!Array.isArray(v))
        return false;
    for (let i = 0; i < v.length; i++)
        if (typeof v[i] !== 'string')
            return false;
    return true;
}
function optStringList(v) {
    return v === undefined || isStringList(v);
}
function optInstant(v) {
    return v === undefined || (typeof v === 'string' && isRfc3339Instant(v));
}
const RECORD_KEYS = new Set([
    'request_id',
    'occurred_at',
    'recorded_decision',
    'policy_revision',
    'manifest_id',
    'input',
    'unavailable',
    'unknown_paths',
    'unpaired',
]);
const UNPAIRED_KEYS = new Set(['call_count', 'method', 'tool', 'resource_uri', 'prompt']);
const UNAVAILABLE_SET = new Set(UNAVAILABLE_ENTRIES);
function isRequest(v) {
    if (v === undefined)
        return true;
    if (!isObj(v))
        return false;
    if (!optInstant(v.time))
        return false;
    const http = v.http;
    if (http !== undefined) {
        if (!isObj(http) || !optString(http.method) || !optString(http.host) || !optString(http.path))
            return false;
    }
    const jsonrpc = v.jsonrpc;
    if (jsonrpc !== undefined) {
        if (!isObj(jsonrpc) || !optBoolean(jsonrpc.is_batch))
            return false;
        if (jsonrpc.unparsable_calls !== undefined && !isNonNegativeInt(jsonrpc.unparsable_calls))
            return false;
    }
    const mcp = v.mcp;
    if (mcp !== undefined) {
        if (!isObj(mcp))
            return false;
        const calls = mcp.calls;
        if (calls !== undefined) {
            if (!Array.isArray(calls))
                return false;
            for (let i = 0; i < calls.length; i++) {
                const c = calls[i];
                if (!isObj(c))
                    return false;
                if (!optString(c.tool) || !optString(c.method) || !optString(c.resource_uri) || !optString(c.prompt))
                    return false;
            }
        }
        if (mcp.arguments !== undefined && !isObj(mcp.arguments))
            return false;
    }
    return true;
}
function isIdentity(v) {
    if (v === undefined)
        return true;
    if (!isObj(v))
        return false;
    if (!optBoolean(v.verified) || !optBoolean(v.attributes_resolved))
        return false;
    if (!optString(v.subject) || !optString(v.issuer))
        return false;
    if (!optStringList(v.groups) || !optStringList(v.tags))
        return false;
    const attributes = v.attributes;
    if (attributes !== undefined) {
        if (!isObj(attributes))
            return false;
        for (const key in attributes) {
            const a = attributes[key];
            if (typeof a !== 'string' && !isStringList(a))
                return false;
        }
    }
    if (v.claims !== undefined && !isObj(v.claims))
        return false;
    return true;
}
function isUnpaired(v) {
    if (!isObj(v))
        return false;
    for (const key in v)
        if (!UNPAIRED_KEYS.has(key))
            return false;
    const count = v.call_count;
    if (!isNonNegativeInt(count) || count > MAX_UNPAIRED_CALLS)
        return false;
    for (const key of ['method', 'tool', 'resource_uri', 'prompt']) {
        const list = v[key];
        if (list === undefined)
            continue;
        if (!isStringList(list) || list.length > count)
            return false;
    }
    return true;
}
/** Accepts exactly what `trafficRecordSchema` accepts; cheap enough for every line of a sample. */
function record_isTrafficRecord(v) {
    if (!isObj(v))
        return false;
    for (const key in v)
        if (!RECORD_KEYS.has(key))
            return false;
    const id = v.request_id;
    if (typeof id !== 'string' || id.length === 0)
        return false;
    if (!optInstant(v.occurred_at))
        return false;
    const decision = v.recorded_decision;
    if (decision !== undefined && decision !== 'allow' && decision !== 'deny')
        return false;
    if (!optString(v.policy_revision) || !optString(v.manifest_id))
        return false;
    const input = v.input;
    if (!isObj(input))
        return false;
    if (!isRequest(input.request) || !isIdentity(input.identity))
        return false;
    const unavailable = v.unavailable;
    if (unavailable !== undefined) {
        if (!Array.isArray(unavailable))
            return false;
        for (let i = 0; i < unavailable.length; i++) {
            const entry = unavailable[i];
            if (typeof entry !== 'string' || !UNAVAILABLE_SET.has(entry))
                return false;
        }
    }
    const unknownPaths = v.unknown_paths;
    if (unknownPaths !== undefined) {
        if (!Array.isArray(unknownPaths) || unknownPaths.length > MAX_UNKNOWN_PATHS)
            return false;
        for (let i = 0; i < unknownPaths.length; i++) {
            const path = unknownPaths[i];
            if (typeof path !== 'string' || !pointer_isInputPointer(path))
                return false;
        }
    }
    if (v.unpaired !== undefined) {
        if (!isUnpaired(v.unpaired))
            return false;
        const request = input.request;
        const mcp = request?.mcp;
        if (mcp?.calls !== undefined)
            return false;
    }
    return true;
}
// ---------------------------------------------------------------------------------------------
// The slow path: why a value is not a record, in words an operator can act on.
function valueAt(root, path) {
    let v = root;
    for (const segment of path) {
        if (typeof v !== 'object' || v === null)
            return undefined;
        v = v[segment];
    }
    return v;
}
function record_describeType(v) {
    if (v === null)
        return 'null';
    if (Array.isArray(v))
        return 'an array';
    if (typeof v === 'object')
        return 'an object';
    if (typeof v === 'number')
        return `the number ${v}`;
    if (typeof v === 'string')
        return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
    return `${typeof v} ${String(v)}`;
}
const MAX_ISSUES_IN_REASON = 3;
/**
 * Why `value` is not a traffic record: up to three problems, each `path: message`, e.g.
 * `input.request.time: must be an RFC 3339 instant …`. Returns `undefined` for a valid record.
 */
function record_explainInvalidRecord(value) {
    if (!isObj(value))
        return `a record must be a JSON object, got ${record_describeType(value)}`;
    const parsed = trafficRecordSchema.safeParse(value);
    if (parsed.success)
        return undefined;
    const reasons = [];
    for (const issue of parsed.error.issues) {
        const path = issue.path.filter((s) => typeof s !== 'symbol');
        if (issue.code === 'unrecognized_keys') {
            for (const key of issue.keys) {
                const where = formatPath([...path, key]);
                reasons.push(`${where}: unknown key`);
            }
            continue;
        }
        const where = path.length === 0 ? 'record' : formatPath(path);
        const actual = valueAt(value, issue.path);
        let message;
        if (issue.code === 'invalid_type' && actual === undefined)
            message = 'is required';
        else if (issue.code === 'invalid_type')
            message = `must be ${record_article(issue.expected)}, got ${record_describeType(actual)}`;
        else if (issue.code === 'invalid_value' && path[0] === 'unavailable' && path.length === 2)
            message = `unknown unavailable entry ${JSON.stringify(actual)} (known: ${UNAVAILABLE_ENTRIES.join(', ')})`;
        else if (issue.code === 'invalid_value')
            message = `must be one of ${issue.values.map((x) => JSON.stringify(x)).join(', ')}, got ${record_describeType(actual)}`;
        else if (issue.code === 'custom' && path[0] === 'unknown_paths' && path.length === 2)
            message = `${issue.message}, got ${record_describeType(actual)}`;
        else if (issue.code === 'too_small' && issue.origin === 'number')
            message = `must not be negative, got ${record_describeType(actual)}`;
        else
            message = issue.message;
        reasons.push(`${where}: ${message}`);
    }
    if (reasons.length === 0)
        return 'not a valid traffic record';
    const shown = reasons.slice(0, MAX_ISSUES_IN_REASON);
    const more = reasons.length - shown.length;
    return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
function record_article(expected) {
    switch (expected) {
        case 'object':
        case 'array':
        case 'int':
            return expected === 'int' ? 'an integer' : `an ${expected}`;
        default:
            return `a ${expected}`;
    }
}

;// CONCATENATED MODULE: ./build/traffic/recordShape.js
/**
 * Checks on a record's raw text that JSON.parse cannot make, run on every line of a sample and so
 * kept to one pass over bytes the reader already holds (docs/security.md "Hostile traffic"):
 *
 * - **Nesting depth.** A record nested thousands deep parses, but every recursive step after it
 *   (the decision cache's key, JSON.stringify, opa-wasm's input parser) can overflow the stack,
 *   and whether it does depends on the thread. Deeper than MAX_RECORD_DEPTH is malformed.
 * - **Repeated keys.** JSON.parse keeps the last of two equal keys in one object, so a record
 *   with two `request_id`s would silently be the second. Every `:` outside a string separates one
 *   object member, so a text whose member count (the scan) exceeds what the parsed value holds
 *   (countMembers) repeats a key somewhere. Only then is the text scanned again to name the key.
 * - **Invalid UTF-8** and **overlong lines** are found by the reader before any text is decoded;
 *   they arrive here as the shape codes below.
 */
/** The deepest nesting of arrays and objects a record may have (the record object is level 1). */
const MAX_RECORD_DEPTH = 64;
const SHAPE_TOO_DEEP = -1;
const SHAPE_INVALID_UTF8 = -2;
const SHAPE_TOO_LONG = -3;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
/** The shape of `bytes[from, to)` (UTF-8 JSON): structure bytes are ASCII, so bytes suffice. */
function scanShapeBytes(bytes, from, to) {
    let colons = 0;
    let depth = 0;
    for (let i = from; i < to; i++) {
        const b = bytes[i];
        if (b === QUOTE) {
            for (i++; i < to; i++) {
                const c = bytes[i];
                if (c === BACKSLASH)
                    i++;
                else if (c === QUOTE)
                    break;
            }
        }
        else if (b === COLON)
            colons++;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
            if (++depth > MAX_RECORD_DEPTH)
                return SHAPE_TOO_DEEP;
        }
        else if (b === CLOSE_BRACE || b === CLOSE_BRACKET)
            depth--;
    }
    return colons;
}
/** The same for text that is already decoded (callers without the bytes). */
function recordShape_scanShapeText(text) {
    let colons = 0;
    let depth = 0;
    const to = text.length;
    for (let i = 0; i < to; i++) {
        const b = text.charCodeAt(i);
        if (b === QUOTE) {
            for (i++; i < to; i++) {
                const c = text.charCodeAt(i);
                if (c === BACKSLASH)
                    i++;
                else if (c === QUOTE)
                    break;
            }
        }
        else if (b === COLON)
            colons++;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
            if (++depth > MAX_RECORD_DEPTH)
                return SHAPE_TOO_DEEP;
        }
        else if (b === CLOSE_BRACE || b === CLOSE_BRACKET)
            depth--;
    }
    return colons;
}
/**
 * Object members in a parsed value. Recursion is safe: the scan already bounded the depth.
 * Allocation-free (no Object.keys): it runs for every record.
 */
function countMembers(value) {
    if (typeof value !== 'object' || value === null)
        return 0;
    let n = 0;
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
            const item = value[i];
            if (typeof item === 'object' && item !== null)
                n += countMembers(item);
        }
        return n;
    }
    const record = value;
    for (const key in record) {
        n++;
        const item = record[key];
        if (typeof item === 'object' && item !== null)
            n += countMembers(item);
    }
    return n;
}
/**
 * The first key that appears twice in one object of `text` (valid JSON), for the malformed
 * reason. Slow (a tokenizer with a key set per open object): only run once countMembers has
 * shown that some key repeats.
 */
function findRepeatedKey(text) {
    const stack = [];
    const pathOfTop = () => {
        let path = '';
        for (let f = 0; f < stack.length - 1; f++) {
            const frame = stack[f];
            if (frame.keys === null)
                path += `[${frame.index}]`;
            else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(frame.key))
                path += path === '' ? frame.key : `.${frame.key}`;
            else
                path += `[${JSON.stringify(frame.key)}]`;
        }
        return path === '' ? 'record' : path;
    };
    let expectKey = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
            let j = i + 1;
            while (j < text.length && text[j] !== '"')
                j += text[j] === '\\' ? 2 : 1;
            const top = stack[stack.length - 1];
            if (expectKey && top?.keys) {
                const key = JSON.parse(text.slice(i, j + 1));
                if (top.keys.has(key))
                    return { key, path: pathOfTop() };
                top.keys.add(key);
                top.key = key;
                expectKey = false;
            }
            i = j;
        }
        else if (c === '{') {
            stack.push({ keys: new Set(), key: '', index: 0 });
            expectKey = true;
        }
        else if (c === '[') {
            stack.push({ keys: null, key: '', index: 0 });
        }
        else if (c === '}' || c === ']') {
            stack.pop();
        }
        else if (c === ',') {
            const top = stack[stack.length - 1];
            if (top?.keys)
                expectKey = true;
            else if (top)
                top.index++;
        }
    }
    return null;
}
/** The malformed reason of an element whose shape is a negative code (or a repeated key). */
function shapeReason(shape, maxLineBytes) {
    switch (shape) {
        case SHAPE_TOO_DEEP:
            return `nested deeper than ${MAX_RECORD_DEPTH} levels of arrays and objects (the limit for a record)`;
        case SHAPE_INVALID_UTF8:
            return 'not valid UTF-8 (replaying it would silently change its text)';
        case SHAPE_TOO_LONG:
            return `longer than ${maxLineBytes} bytes, the --max-line-bytes limit (raise it with --max-line-bytes, or max-line-bytes in the Action's limits input)`;
        default:
            return 'not a valid traffic record';
    }
}
function repeatedKeyReason(repeated) {
    return repeated === null
        ? 'a key appears twice in one object (JSON keeps only the last)'
        : `key ${JSON.stringify(repeated.key)} appears twice in ${repeated.path === 'record' ? 'the record' : repeated.path} (JSON would keep only the last)`;
}

;// CONCATENATED MODULE: ./build/traffic/reader.js









/**
 * The streaming traffic reader (docs/traffic.md). Memory does not grow with the sample except for the
 * set of request ids already seen (duplicate detection needs it): about 60–90 bytes per record for
 * short ids, i.e. well under 100 MB for a million records.
 *
 * Decisions (docs/traffic.md):
 * - Line numbers are physical 1-based line numbers in the (decompressed) file. Blank or
 *   whitespace-only lines in JSON Lines are skipped: they are not records, not malformed, and not
 *   counted, but they still advance the line number so later numbers match an editor.
 * - A `.json` array element's line is the line of its first character.
 * - Only replayed (valid) records claim a request id: a valid record after a malformed one with the
 *   same id is replayed; a second valid record with an id already replayed is malformed.
 * - A trailing `\r` (CRLF files) and a UTF-8 byte-order mark at the start are ignored.
 * - A `.json` file that is not one array (no `[`, text after `]`, no closing `]`) cannot be split
 *   into records and fails the read with a `TrafficReadError`; so do I/O and gzip errors.
 * - Hostile input is a malformed record, never a stopped run or unbounded memory
 *   (docs/security.md): a line (or `.json` element) longer than `maxLineBytes` is kept only up to
 *   that length while the rest is skipped, so memory stays bounded whatever the (decompressed)
 *   input; a line that is not valid UTF-8, nested deeper than MAX_RECORD_DEPTH or repeating a key
 *   in one object is malformed (recordShape.ts). Only regular files are read: a device, FIFO or
 *   directory would never end or never start.
 */
/** Default `maxLineBytes`: the longest line (or `.json` element) read as a record, 1 MiB. */
const DEFAULT_MAX_LINE_BYTES = 1 << 20;
/** A traffic file that cannot be read at all (as opposed to a malformed record inside it). */
class TrafficReadError extends Error {
    path;
    line;
    name = 'TrafficReadError';
    constructor(path, message, 
    /** 1-based line in the (decompressed) file, when the problem has one. */
    line) {
        super(line === undefined ? `${path}: ${message}` : `${path}:${line}: ${message}`);
        this.path = path;
        this.line = line;
    }
}
function reader_trafficFormatOf(path) {
    const lower = path.toLowerCase();
    if (lower.endsWith('.jsonl.gz'))
        return 'jsonl.gz';
    if (lower.endsWith('.jsonl'))
        return 'jsonl';
    if (lower.endsWith('.json.gz'))
        return 'json.gz';
    if (lower.endsWith('.json'))
        return 'json';
    throw new TrafficReadError(path, 'unsupported traffic file: expected .jsonl, .jsonl.gz or .json');
}
/**
 * Turns parsed values into items: validation plus duplicate detection. One per read; exported so a
 * caller holding values from elsewhere (tests, a shard merge) judges them the same way.
 */
class RecordClassifier {
    maxLineBytes;
    ids = new RequestIdTable();
    constructor(maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
        this.maxLineBytes = maxLineBytes;
    }
    classifyText(text, line, shape) {
        const item = parseRecordText(text, line, shape, this.maxLineBytes);
        return item.kind === 'record' ? this.claim(item.record, line) : item;
    }
    classifyValue(value, line) {
        const item = validateRecordValue(value, line);
        return item.kind === 'record' ? this.claim(item.record, line) : item;
    }
    /** The first valid record with an id keeps it; a later one with the same id is malformed. */
    claim(value, line) {
        const id = value.request_id;
        const first = this.ids.claim(id, line);
        if (first !== undefined)
            return { kind: 'malformed', line, reason: duplicateReason(id, first), request_id: id };
        return { kind: 'record', line, record: value };
    }
}
/**
 * One line (or array element) of a sample: parsed once and validated, duplicates not judged. The
 * reader and the replay's per-record step (which judges duplicates in file order on the main
 * thread) share it, so both say the same thing about the same text.
 */
function parseRecordText(text, line, shape = scanShapeText(text), maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    const parsed = parseElementJson(text, shape, maxLineBytes);
    if (parsed.ok)
        return validateRecordValue(parsed.value, line);
    return parsed.request_id === undefined
        ? { kind: 'malformed', line, reason: parsed.reason }
        : { kind: 'malformed', line, reason: parsed.reason, request_id: parsed.request_id };
}
/**
 * One element's JSON, or why it is not usable JSON — its shape refused (too long, invalid UTF-8,
 * too deep), not JSON, or a key repeated in one object: the one parse every sample format shares
 * (records and OPA decision events, docs/decision-logs.md), so they agree on what is malformed.
 */
function parseElementJson(text, shape = recordShape_scanShapeText(text), maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    if (shape < 0)
        return { ok: false, reason: shapeReason(shape, maxLineBytes) };
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        return { ok: false, reason: `not JSON: ${error.message}` };
    }
    if (countMembers(value) !== shape) {
        const reason = repeatedKeyReason(findRepeatedKey(text));
        const id = idOf(value);
        return id === undefined ? { ok: false, reason } : { ok: false, reason, request_id: id };
    }
    return { ok: true, value };
}
function validateRecordValue(value, line) {
    if (isTrafficRecord(value))
        return { kind: 'record', line, record: value };
    const reason = explainInvalidRecord(value) ?? 'not a valid traffic record';
    const id = idOf(value);
    return id === undefined
        ? { kind: 'malformed', line, reason }
        : { kind: 'malformed', line, reason, request_id: id };
}
/** The malformed reason of a second valid record with an id already replayed. */
function duplicateReason(id, firstLine) {
    return `request_id: duplicate ${JSON.stringify(id)} (first on line ${firstLine})`;
}
/** The request_id of a value that is not a valid record, when it has a usable one. */
function idOf(value) {
    if (typeof value !== 'object' || value === null)
        return undefined;
    const id = value.request_id;
    return typeof id === 'string' && id.length > 0 ? id : undefined;
}
function layoutOf(path, options) {
    return options.layout ?? (reader_trafficFormatOf(path).startsWith('jsonl') ? 'lines' : 'array');
}
const DEFAULT_CHUNK = 1 << 20;
/**
 * Whether the file starts with gzip's magic bytes. A compressed export saved without its `.gz`
 * would otherwise read as lines of binary, every one "not JSON"; the content decides, not the name.
 */
function looksGzipped(path) {
    let fd = null;
    try {
        fd = (0,external_node_fs_.openSync)(path, 'r');
        const magic = Buffer.alloc(2);
        return (0,external_node_fs_.readSync)(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
    }
    catch {
        return false; // the stream reports the error with its own message
    }
    finally {
        if (fd !== null)
            (0,external_node_fs_.closeSync)(fd);
    }
}
function openSource(path, gzipByName, chunkSize) {
    const file = (0,external_node_fs_.createReadStream)(path, { highWaterMark: chunkSize });
    if (!gzipByName && !looksGzipped(path))
        return file;
    const gunzip = (0,external_node_zlib_.createGunzip)({ chunkSize: Math.max(64, Math.min(chunkSize, 1 << 18)) });
    // pipeline forwards a read error of the file into the gunzip stream we iterate.
    (0,external_node_stream_.pipeline)(file, gunzip, () => undefined);
    return gunzip;
}
function readError(path, error) {
    if (error instanceof TrafficReadError)
        return error;
    const e = error;
    if (e.code === 'ENOENT')
        return new TrafficReadError(path, 'no such file');
    if (e.code === 'ENOTDIR')
        return new TrafficReadError(path, 'no such file (a parent is not a directory)');
    if (e.code === 'EISDIR')
        return new TrafficReadError(path, 'is a directory, not a traffic file');
    // Only gunzip fails with Z_ codes, also when the content (not the name) said gzip.
    if (typeof e.code === 'string' && e.code.startsWith('Z_'))
        return new TrafficReadError(path, `not a valid gzip file (${e.message})`);
    return new TrafficReadError(path, `cannot read: ${e.message ?? String(error)}`);
}
/**
 * The decompressed bytes of a traffic file, in file order, as they come off the disk (or out of
 * gunzip). I/O and gzip failures surface as TrafficReadError.
 */
async function* readTrafficBytes(path, options = {}) {
    await assertRegularFile(path);
    const gzip = options.layout === undefined ? reader_trafficFormatOf(path).endsWith('.gz') : path.toLowerCase().endsWith('.gz');
    const source = openSource(path, gzip, options.chunkSize ?? DEFAULT_CHUNK);
    try {
        let chunks;
        try {
            chunks = source[Symbol.asyncIterator]();
        }
        catch (error) {
            throw readError(path, error);
        }
        for (;;) {
            let next;
            try {
                next = await chunks.next();
            }
            catch (error) {
                throw readError(path, error);
            }
            if (next.done === true)
                break;
            yield next.value;
        }
    }
    finally {
        source.destroy();
    }
}
/**
 * Reads a traffic file as batches of items (one batch per chunk read), in file order. The batch
 * form exists for throughput: it costs one await per chunk instead of one per record.
 */
async function* readTrafficBatches(path, options = {}) {
    const classifier = new RecordClassifier(options.maxLineBytes);
    const sink = {
        element: (text, line, shape) => classifier.classifyText(text, line, shape),
        empty: (line) => ({ kind: 'malformed', line, reason: EMPTY_ELEMENT_REASON }),
    };
    yield* readTrafficElements(path, sink, options);
}
/**
 * The elements of a traffic file (JSON Lines lines, or `.json` array elements) as the text of
 * each with its line, mapped by `sink`, in batches in file order. Splitting only: what an element
 * is (a record, a repeat, malformed) is the sink's business.
 */
async function* readTrafficElements(path, sink, options = {}) {
    await assertRegularFile(path);
    const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    const splitter = elementSplitter(layoutOf(path, options), sink, path, maxLineBytes);
    for await (const chunk of readTrafficBytes(path, options)) {
        const items = splitter.push(chunk);
        if (items.length > 0)
            yield items;
    }
    const rest = splitter.end();
    if (rest.length > 0)
        yield rest;
}
/** Reads a traffic file item by item, in file order. */
async function* readTraffic(path, options = {}) {
    for await (const batch of readTrafficBatches(path, options))
        yield* batch;
}
/** Hex SHA-256 of a traffic file as stored; an unreadable file is a TrafficReadError. */
async function trafficSha256(path) {
    await assertRegularFile(path);
    try {
        return await sha256OfFile(path);
    }
    catch (error) {
        throw readError(path, error);
    }
}
/**
 * Only a regular file (or a symlink to one) is a sample: `/dev/zero` or a FIFO would be read
 * forever or block, and a directory is a mistake in the path.
 */
async function assertRegularFile(path) {
    let info;
    try {
        info = await (0,promises_.stat)(path);
    }
    catch (error) {
        throw readError(path, error);
    }
    if (info.isFile())
        return;
    if (info.isDirectory())
        throw new TrafficReadError(path, 'is a directory, not a traffic file');
    const what = info.isFIFO()
        ? 'a FIFO (named pipe)'
        : info.isCharacterDevice() || info.isBlockDevice()
            ? 'a device'
            : info.isSocket()
                ? 'a socket'
                : 'not a regular file';
    throw new TrafficReadError(path, `is ${what}, not a traffic file: a sample must be a regular file (write a stream to a file first)`);
}
function elementSplitter(layout, sink, path, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    return layout === 'lines'
        ? new LineSplitter(sink, maxLineBytes)
        : new ArraySplitter(sink, path, maxLineBytes);
}
const EMPTY_ELEMENT_REASON = 'empty array element (two commas, or a comma before ])';
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
function isBlank(buf, start, end) {
    for (let i = start; i < end; i++) {
        const b = buf[i];
        if (b !== SPACE && b !== TAB && b !== CR)
            return false;
    }
    return true;
}
function hasBom(buf, start, end) {
    return end - start >= 3 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf;
}
function countLines(buf) {
    let n = 0;
    for (let i = buf.indexOf(LF); i >= 0; i = buf.indexOf(LF, i + 1))
        n++;
    return n;
}
/**
 * Cuts a stream of bytes into runs of whole lines (each ending with its LF, except the last line
 * of a file without a final newline), numbering them: the unit the replay hands to a worker. A
 * run is emitted once at least `minBytes` of whole lines are waiting (0: as soon as there is one
 * line); only bytes that straddle two input chunks are copied.
 *
 * A line longer than `maxLineBytes` is kept only up to `maxLineBytes + 1` bytes and the rest of
 * it is dropped as it arrives, so a stream without line breaks (1 GB of zeros out of a 1 MB gzip)
 * holds at most `minBytes` + one input chunk + `maxLineBytes` in memory; forEachLine then reports
 * the line as too long.
 */
class LineChunker {
    minBytes;
    maxLineBytes;
    pending = [];
    pendingBytes = 0;
    /** Bytes of the unterminated line at the end of `pending`. */
    partialBytes = 0;
    /** The current line passed maxLineBytes: drop bytes until its LF. */
    skipping = false;
    nextLine = 1;
    constructor(minBytes = 0, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
        this.minBytes = minBytes;
        this.maxLineBytes = maxLineBytes;
    }
    push(input) {
        let chunk = input;
        if (this.skipping) {
            const lf = chunk.indexOf(LF);
            if (lf < 0)
                return null;
            // The LF ends the kept prefix of the long line.
            this.skipping = false;
            chunk = chunk.subarray(lf);
        }
        const nl = chunk.lastIndexOf(LF);
        if (nl < 0) {
            this.extendPartial(chunk);
            return null;
        }
        const head = chunk.subarray(0, nl + 1);
        const tail = chunk.subarray(nl + 1);
        let emitted = null;
        if (this.pendingBytes + head.length < this.minBytes)
            this.append(head);
        else {
            let bytes;
            if (this.pending.length === 0)
                bytes = head;
            else {
                this.pending.push(head);
                bytes = Buffer.concat(this.pending, this.pendingBytes + head.length);
            }
            this.pending = [];
            this.pendingBytes = 0;
            emitted = this.emit(bytes);
        }
        this.partialBytes = 0;
        this.extendPartial(tail);
        return emitted;
    }
    /** What is left at the end of the file (whole lines, and a last line without its LF). */
    end() {
        this.skipping = false;
        this.partialBytes = 0;
        if (this.pendingBytes === 0)
            return null;
        const bytes = Buffer.concat(this.pending, this.pendingBytes);
        this.pending = [];
        this.pendingBytes = 0;
        return this.emit(bytes);
    }
    append(bytes) {
        if (bytes.length === 0)
            return;
        this.pending.push(bytes);
        this.pendingBytes += bytes.length;
    }
    /** Adds bytes of the unterminated line, keeping at most maxLineBytes + 1 of it. */
    extendPartial(bytes) {
        const room = this.maxLineBytes + 1 - this.partialBytes;
        if (bytes.length < room) {
            this.append(bytes);
            this.partialBytes += bytes.length;
            return;
        }
        this.append(bytes.subarray(0, room));
        this.partialBytes += room;
        this.skipping = true;
    }
    emit(bytes) {
        const lines = countLines(bytes) + (bytes[bytes.length - 1] === LF ? 0 : 1);
        const chunk = { bytes, firstLine: this.nextLine, lines };
        this.nextLine += lines;
        return chunk;
    }
}
/**
 * Calls `fn` with the text, line number and shape (recordShape.ts) of each line of a LineChunk
 * that is not blank. A UTF-8 byte-order mark on line 1 and a line's trailing CR are dropped. A
 * line longer than `maxLineBytes`, or not valid UTF-8, comes with its negative shape code and no
 * text: it is never decoded. UTF-8 is checked once for the whole run, and line by line only when
 * the run holds an invalid sequence.
 */
function forEachLine(bytes, firstLine, fn, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const allUtf8 = (0,external_node_buffer_.isUtf8)(buf);
    let line = firstLine;
    let start = 0;
    for (;;) {
        const nl = buf.indexOf(LF, start);
        const stop = nl < 0 ? buf.length : nl;
        if (nl >= 0 || start < buf.length) {
            let from = start;
            let to = stop;
            if (line === 1 && hasBom(buf, from, to))
                from += 3;
            if (to > from && buf[to - 1] === CR)
                to--;
            if (to - from > maxLineBytes)
                fn('', line, SHAPE_TOO_LONG);
            else if (!isBlank(buf, from, to)) {
                if (!allUtf8 && !(0,external_node_buffer_.isUtf8)(buf.subarray(from, to)))
                    fn('', line, SHAPE_INVALID_UTF8);
                else
                    fn(buf.toString('utf8', from, to), line, scanShapeBytes(buf, from, to));
            }
        }
        if (nl < 0)
            return;
        line++;
        start = nl + 1;
    }
}
/** JSON Lines for readTrafficElements: the same cutting and numbering as the replay's chunks. */
class LineSplitter {
    sink;
    maxLineBytes;
    chunker;
    constructor(sink, maxLineBytes) {
        this.sink = sink;
        this.maxLineBytes = maxLineBytes;
        this.chunker = new LineChunker(0, maxLineBytes);
    }
    push(chunk) {
        return this.elements(this.chunker.push(chunk));
    }
    end() {
        return this.elements(this.chunker.end());
    }
    elements(chunk) {
        const items = [];
        if (chunk !== null)
            forEachLine(chunk.bytes, chunk.firstLine, (text, line, shape) => items.push(this.sink.element(text, line, shape)), this.maxLineBytes);
        return items;
    }
}
/** Scanner states of ArraySplitter (plain numbers: the hot loop switches on them). */
const ArrayState = {
    /** Before the opening `[`. */
    Before: 0,
    /** Inside the array, expecting an element (or `]`). */
    Between: 1,
    /** Inside an element. */
    Element: 2,
    /** After the closing `]`. */
    Done: 3,
};
/**
 * A `.json` array, split into top-level elements by a byte scanner that tracks strings and nesting
 * depth; each element is then parsed on its own, so the array is never held in memory whole. The
 * same scan yields each element's shape (recordShape.ts); an element longer than `maxLineBytes`
 * is not kept at all, only scanned to its end and reported as too long.
 */
class ArraySplitter {
    sink;
    path;
    maxElementBytes;
    state = ArrayState.Before;
    line = 1;
    depth = 0;
    inString = false;
    escaped = false;
    /** Pieces of the current element from earlier chunks. */
    pieces = [];
    /** Bytes of the current element in earlier chunks (kept in `pieces` unless too long). */
    pieceBytes = 0;
    /** The current element's `:` outside strings, and whether it nests too deep. */
    colons = 0;
    tooDeep = false;
    elementLine = 0;
    /** Elements (or commas) seen since `[`: a `]` or `,` right after a comma is an empty element. */
    afterComma = false;
    atStart = true;
    constructor(sink, path, maxElementBytes) {
        this.sink = sink;
        this.path = path;
        this.maxElementBytes = maxElementBytes;
    }
    push(chunk) {
        const items = [];
        let i = 0;
        if (this.atStart) {
            this.atStart = false;
            if (hasBom(chunk, 0, chunk.length))
                i = 3;
        }
        let elementStart = this.state === ArrayState.Element ? 0 : -1;
        const n = chunk.length;
        for (; i < n; i++) {
            const b = chunk[i];
            if (b === LF)
                this.line++;
            switch (this.state) {
                case ArrayState.Before:
                    if (b === 0x5b /* [ */)
                        this.state = ArrayState.Between;
                    else if (!isWhitespace(b))
                        throw new TrafficReadError(this.path, 'a .json traffic file must hold one JSON array of records', this.line);
                    break;
                case ArrayState.Between:
                    if (isWhitespace(b))
                        break;
                    if (b === 0x5d /* ] */) {
                        if (this.afterComma)
                            items.push(this.sink.empty(this.line));
                        this.state = ArrayState.Done;
                    }
                    else if (b === 0x2c /* , */) {
                        items.push(this.sink.empty(this.line));
                        this.afterComma = true;
                    }
                    else {
                        this.state = ArrayState.Element;
                        this.elementLine = this.line;
                        elementStart = i;
                        this.depth = 0;
                        this.inString = false;
                        this.escaped = false;
                        this.colons = 0;
                        this.tooDeep = false;
                        this.pieceBytes = 0;
                        i = this.scanElement(chunk, i, items, elementStart);
                        if (this.state !== ArrayState.Element)
                            elementStart = -1;
                    }
                    break;
                case ArrayState.Element:
                    i = this.scanElement(chunk, i, items, elementStart);
                    if (this.state !== ArrayState.Element)
                        elementStart = -1;
                    break;
                case ArrayState.Done:
                    if (!isWhitespace(b))
                        throw new TrafficReadError(this.path, 'unexpected text after the closing ] of the array', this.line);
                    break;
            }
        }
        if (this.state === ArrayState.Element && elementStart >= 0) {
            this.pieceBytes += chunk.length - elementStart;
            // Past the limit the element is only scanned to its end: memory stays bounded.
            if (this.pieceBytes > this.maxElementBytes)
                this.pieces = [];
            else
                this.pieces.push(chunk.subarray(elementStart));
        }
        return items;
    }
    /**
     * Scans from `i` (a byte of the current element) until the element ends at a top-level `,` or
     * `]`, or the chunk ends. Returns the index of the last byte consumed. Counts newlines itself
     * except for the byte at `i`, which the caller has counted.
     */
    scanElement(chunk, i, items, elementStart) {
        const n = chunk.length;
        for (let j = i; j < n; j++) {
            const b = chunk[j];
            if (j > i && b === LF)
                this.line++;
            if (this.inString) {
                if (this.escaped)
                    this.escaped = false;
                else if (b === 0x5c /* \ */)
                    this.escaped = true;
                else if (b === 0x22 /* " */)
                    this.inString = false;
                continue;
            }
            if (b === 0x22)
                this.inString = true;
            else if (b === 0x3a /* : */)
                this.colons++;
            else if (b === 0x7b /* { */ || b === 0x5b /* [ */) {
                if (++this.depth > MAX_RECORD_DEPTH)
                    this.tooDeep = true;
            }
            else if ((b === 0x7d /* } */ || b === 0x5d) /* ] */ && this.depth > 0)
                this.depth--;
            else if (this.depth === 0 && (b === 0x2c || b === 0x5d)) {
                this.finishElement(chunk, elementStart, j, items);
                if (b === 0x5d)
                    this.state = ArrayState.Done;
                else {
                    this.state = ArrayState.Between;
                    this.afterComma = true;
                }
                return j;
            }
        }
        return n - 1;
    }
    finishElement(chunk, start, end, items) {
        const from = Math.max(start, 0);
        const size = this.pieceBytes + end - from;
        let bytes = null;
        if (size <= this.maxElementBytes)
            bytes =
                this.pieces.length > 0
                    ? Buffer.concat([...this.pieces, chunk.subarray(from, end)])
                    : chunk.subarray(from, end);
        this.pieces = [];
        this.pieceBytes = 0;
        let item;
        if (bytes === null)
            item = this.sink.element('', this.elementLine, SHAPE_TOO_LONG);
        else if (!(0,external_node_buffer_.isUtf8)(bytes))
            item = this.sink.element('', this.elementLine, SHAPE_INVALID_UTF8);
        else
            item = this.sink.element(bytes.toString('utf8'), this.elementLine, this.tooDeep ? SHAPE_TOO_DEEP : this.colons);
        items.push(item);
        this.afterComma = false;
    }
    end() {
        if (this.state === ArrayState.Before)
            throw new TrafficReadError(this.path, 'a .json traffic file must hold one JSON array of records', this.line);
        if (this.state !== ArrayState.Done)
            throw new TrafficReadError(this.path, 'the JSON array is not closed (file truncated?)', this.line);
        return [];
    }
}
function isWhitespace(b) {
    return b === SPACE || b === LF || b === CR || b === TAB;
}

;// CONCATENATED MODULE: ./build/replay/limits.js
/**
 * Every resource limit of a run in one place: what a hostile sample or policy may cost before it
 * is an error naming the limit. The CLI sets them with flags of the same names
 * (`--max-line-bytes 4MiB`), the Action with its `limits` input
 * (`max-line-bytes=4MiB, compile-timeout=120s`). docs/security.md "Limits" lists them.
 */


const limits_DEFAULT_LIMITS = { ...DEFAULT_COMPILE_LIMITS, maxLineBytes: DEFAULT_MAX_LINE_BYTES };
const LIMIT_SPECS = [
    { name: 'max-line-bytes', key: 'maxLineBytes', unit: 'bytes', min: 1024, max: 512 * 2 ** 20 },
    { name: 'max-policy-bytes', key: 'maxPolicyBytes', unit: 'bytes', min: 1024, max: 256 * 2 ** 20 },
    { name: 'max-policy-values', key: 'maxPolicyValues', unit: 'count', min: 1, max: 10_000_000 },
    { name: 'compile-timeout', key: 'compileTimeoutMs', unit: 'seconds', min: 1, max: 24 * 3600 },
];
const LIMIT_NAMES = LIMIT_SPECS.map((s) => s.name);
/** A limit value that cannot be used; the message quotes it and says what was expected. */
class LimitError extends Error {
    constructor(message) {
        super(message);
        this.name = 'LimitError';
    }
}
const BYTE_UNITS = { '': 1, b: 1, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30 };
function expected(spec) {
    switch (spec.unit) {
        case 'bytes':
            return `a size in bytes from ${spec.min} to ${spec.max / 2 ** 20}MiB, e.g. 4MiB, 512KiB or 1048576`;
        case 'count':
            return `a whole number from ${spec.min} to ${spec.max}`;
        case 'seconds':
            return `a number of seconds from ${spec.min} to ${spec.max}, e.g. 120 or 120s`;
    }
}
/** One limit's value as written (`4MiB`, `25000`, `120s`) → its internal value (bytes, count, ms). */
function parseLimitValue(name, raw) {
    const spec = LIMIT_SPECS.find((s) => s.name === name);
    if (!spec)
        throw new LimitError(`Unknown limit '${name}'. Expected one of ${LIMIT_NAMES.join(', ')}.`);
    const text = raw.trim().toLowerCase();
    let value = NaN;
    if (spec.unit === 'bytes') {
        const m = /^(\d+)\s*([kmg]ib|b)?$/.exec(text);
        if (m)
            value = Number(m[1]) * BYTE_UNITS[m[2] ?? ''];
    }
    else if (spec.unit === 'seconds') {
        const m = /^(\d+)\s*s?$/.exec(text);
        if (m)
            value = Number(m[1]);
    }
    else if (/^\d+$/.test(text))
        value = Number(text);
    if (!Number.isSafeInteger(value) || value < spec.min || value > spec.max) {
        throw new LimitError(`Invalid ${spec.name} '${raw}'. Expected ${expected(spec)}.`);
    }
    return { key: spec.key, value: spec.unit === 'seconds' ? value * 1000 : value };
}
/** The Action's `limits` input: `name=value` items separated by commas or newlines. */
function parseLimitsList(raw) {
    const limits = { ...limits_DEFAULT_LIMITS };
    for (const item of raw.split(/[,\n]/).map((s) => s.trim())) {
        if (item === '' || item.startsWith('#'))
            continue;
        const at = item.indexOf('=');
        if (at <= 0)
            throw new LimitError(`Invalid limits item '${item}'. Expected name=value with a name among ${LIMIT_NAMES.join(', ')}.`);
        const { key, value } = parseLimitValue(item.slice(0, at).trim(), item.slice(at + 1));
        limits[key] = value;
    }
    return limits;
}

;// CONCATENATED MODULE: ./build/traffic/decisionLog.js


const NO_DECISION_LOG_OPTIONS = Object.freeze({
    decisionPath: null,
    decisionField: null,
    bundle: null,
    manifestIdField: null,
});
/** The option names as the CLI and the Action spell them. */
const DECISION_LOG_OPTION_NAMES = {
    decisionPath: 'decision-path',
    decisionField: 'decision-field',
    bundle: 'bundle',
    manifestIdField: 'manifest-id-field',
};
/** A decision-log option whose value cannot be used; `option` is its CLI / Action name. */
class DecisionLogOptionError extends Error {
    option;
    value;
    name = 'DecisionLogOptionError';
    constructor(option, value, message) {
        super(message);
        this.option = option;
        this.value = value;
    }
}
/**
 * A decision path as OPA's `path` and the user's `--decision-path` compare: a leading `/` and a
 * `data.` / `data/` prefix dropped, dots and slashes equal (`/data/policy_replay.decision` →
 * `policy_replay/decision`).
 */
function normalizeDecisionPath(path) {
    let p = path.replace(/^\/+/, '');
    if (p === 'data')
        p = '';
    else if (p.startsWith('data/') || p.startsWith('data.'))
        p = p.slice(5);
    return p.includes('.') ? p.replace(/\./g, '/') : p;
}
function dottedPath(option, text, example) {
    const segments = text.split('.');
    if (text === '' || segments.some((s) => s === '')) {
        const name = DECISION_LOG_OPTION_NAMES[option];
        throw new DecisionLogOptionError(name, text, `Invalid ${name} '${text}'. Expected a dotted path of keys, e.g. ${example}.`);
    }
    return segments;
}
/** Parses the options; an unusable value throws DecisionLogOptionError naming the option. */
function parseDecisionLogOptions(text) {
    let decisionPath = null;
    if (text.decisionPath !== undefined && text.decisionPath !== null) {
        decisionPath = normalizeDecisionPath(text.decisionPath);
        if (decisionPath === '' || decisionPath.split('/').some((s) => s === '')) {
            throw new DecisionLogOptionError('decision-path', text.decisionPath, `Invalid decision-path '${text.decisionPath}'. Expected the path of a decision under data, e.g. policy_replay/decision.`);
        }
    }
    const bundle = text.bundle ?? null;
    if (bundle === '')
        throw new DecisionLogOptionError('bundle', bundle, "Invalid bundle ''. Expected a bundle name.");
    return {
        decisionPath,
        decisionField: text.decisionField === undefined || text.decisionField === null
            ? null
            : dottedPath('decisionField', text.decisionField, 'allow or decision.allowed'),
        bundle,
        manifestIdField: text.manifestIdField === undefined || text.manifestIdField === null
            ? null
            : dottedPath('manifestIdField', text.manifestIdField, 'input.request.mcp.session_id'),
    };
}
/** Whether any option is set (a record-format sample refuses them). */
function hasDecisionLogOptions(options) {
    return (options.decisionPath !== null ||
        options.decisionField !== null ||
        options.bundle !== null ||
        options.manifestIdField !== null);
}
/** The options back as flags, for messages: `--decision-path x --bundle y`. */
function describeDecisionLogOptions(options) {
    const parts = [];
    if (options.decisionPath !== null)
        parts.push(`--decision-path ${options.decisionPath}`);
    if (options.decisionField !== null)
        parts.push(`--decision-field ${options.decisionField.join('.')}`);
    if (options.bundle !== null)
        parts.push(`--bundle ${options.bundle}`);
    if (options.manifestIdField !== null)
        parts.push(`--manifest-id-field ${options.manifestIdField.join('.')}`);
    return parts.join(' ');
}
function decisionLog_isObj(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const OTHER_PATH = Object.freeze({ kind: 'other_path' });
/** RFC 6901 pointer → keys (`~1` → `/`, `~0` → `~`); null when it is not a pointer. */
function pointerSegments(pointer) {
    if (pointer === '')
        return [];
    if (pointer[0] !== '/')
        return null;
    const parts = pointer.slice(1).split('/');
    for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part.includes('~'))
            parts[i] = part.replace(/~1/g, '/').replace(/~0/g, '~');
    }
    return parts;
}
/** Whether `pointer` names `segments` or something above it. */
function coversSegments(pointer, segments) {
    const p = pointerSegments(pointer);
    if (p === null || p.length > segments.length)
        return false;
    for (let i = 0; i < p.length; i++)
        if (p[i] !== segments[i])
            return false;
    return true;
}
/**
 * Whether a pointer names `/input` or something in it. Only the prefix is checked: a malformed
 * pointer under /input goes into unknown_paths and makes the record malformed there, rather than
 * being dropped here.
 */
function isUnderInput(pointer) {
    return pointer === '/input' || pointer.startsWith('/input/');
}
function decisionLog_valueAt(root, segments) {
    let v = root;
    for (const key of segments) {
        if (!decisionLog_isObj(v) || !Object.hasOwn(v, key))
            return undefined;
        v = v[key];
    }
    return v;
}
/**
 * The `erased` and `masked` pointers of an event, erased first; a reason when either is not a
 * list of strings (OPA always writes one).
 */
function hiddenPointers(event) {
    const out = [];
    for (const key of ['erased', 'masked']) {
        const list = event[key];
        if (list === undefined)
            continue;
        if (!Array.isArray(list))
            return `${key}: must be a list of JSON pointers`;
        for (let i = 0; i < list.length; i++) {
            const pointer = list[i];
            if (typeof pointer !== 'string')
                return `${key}[${i}]: must be a JSON pointer (a string)`;
            out.push(pointer);
        }
    }
    return out;
}
function anyCovers(hidden, segments) {
    for (const pointer of hidden)
        if (coversSegments(pointer, segments))
            return true;
    return false;
}
const RESULT = ['result'];
const RESULT_ALLOW = ['result', 'allow'];
const RESULT_DECISION = ['result', 'decision'];
/** The recorded decision of docs/decision-logs.md "The mapping", or undefined for none. */
function recordedDecisionOf(event, field, hidden) {
    if (event.error !== undefined && event.error !== null)
        return undefined;
    const result = event.result;
    let decision;
    let at;
    if (field !== null) {
        at = ['result', ...field];
        const v = decisionLog_valueAt(result, field);
        decision =
            typeof v === 'boolean' ? (v ? 'allow' : 'deny') : v === 'allow' || v === 'deny' ? v : undefined;
    }
    else if (typeof result === 'boolean') {
        at = RESULT;
        decision = result ? 'allow' : 'deny';
    }
    else if (decisionLog_isObj(result) && typeof result.allow === 'boolean') {
        at = RESULT_ALLOW;
        decision = result.allow ? 'allow' : 'deny';
    }
    else if (decisionLog_isObj(result) && (result.decision === 'allow' || result.decision === 'deny')) {
        at = RESULT_DECISION;
        decision = result.decision;
    }
    else
        return undefined;
    // An erased or masked result (or the field itself) is not what OPA decided.
    if (decision !== undefined && hidden.length > 0 && anyCovers(hidden, at))
        return undefined;
    return decision;
}
/** The policy revision: `bundles` (the only entry, or `--bundle`), else `revision`. */
function policyRevisionOf(event, bundle) {
    const bundles = event.bundles;
    if (decisionLog_isObj(bundles)) {
        let entry;
        if (bundle !== null)
            entry = Object.hasOwn(bundles, bundle) ? bundles[bundle] : undefined;
        else {
            const names = Object.keys(bundles);
            if (names.length === 1)
                entry = bundles[names[0]];
        }
        if (decisionLog_isObj(entry) && typeof entry.revision === 'string' && entry.revision !== '')
            return entry.revision;
    }
    const revision = event.revision;
    return typeof revision === 'string' && revision !== '' ? revision : undefined;
}
/** Turns the record validator's reason into the event's words (`timestamp`, not `occurred_at`). */
function eventReason(reason) {
    return reason
        .split('; ')
        .map((part) => part.startsWith('unknown_paths') ? `erased/masked${part.slice('unknown_paths'.length)}` : part)
        .join('; ');
}
/**
 * Maps one decision event (an object with a `decision_id` key) under the options. The record it
 * makes is validated exactly as a record of our own format is.
 */
function mapDecisionEvent(event, options) {
    const rawPath = event.path;
    if (typeof rawPath !== 'string')
        return OTHER_PATH;
    let path = null;
    if (options.decisionPath !== null) {
        if (rawPath !== options.decisionPath && normalizeDecisionPath(rawPath) !== options.decisionPath)
            return OTHER_PATH;
    }
    else {
        path = normalizeDecisionPath(rawPath);
        if (path === '')
            return OTHER_PATH;
    }
    const id = event.decision_id;
    if (typeof id !== 'string' || id === '')
        return { kind: 'malformed', reason: 'decision_id: must be a non-empty string', path };
    const timestamp = event.timestamp;
    if (timestamp !== undefined && (typeof timestamp !== 'string' || !isRfc3339Instant(timestamp))) {
        return {
            kind: 'malformed',
            reason: 'timestamp: must be an RFC 3339 instant with an offset, e.g. 2026-11-27T09:15:02.120Z',
            request_id: id,
            path,
        };
    }
    const hidden = hiddenPointers(event);
    if (typeof hidden === 'string')
        return { kind: 'malformed', reason: hidden, request_id: id, path };
    let input = event.input;
    if (input === undefined) {
        if (!hidden.includes('/input'))
            return { kind: 'malformed', reason: 'no input', request_id: id, path };
        input = {};
    }
    const record = { request_id: id };
    if (timestamp !== undefined)
        record.occurred_at = timestamp;
    const decision = recordedDecisionOf(event, options.decisionField, hidden);
    if (decision !== undefined)
        record.recorded_decision = decision;
    const revision = policyRevisionOf(event, options.bundle);
    if (revision !== undefined)
        record.policy_revision = revision;
    const fieldPath = options.manifestIdField;
    if (fieldPath !== null) {
        const manifest = decisionLog_valueAt(event, fieldPath);
        if (typeof manifest === 'string' && manifest !== '' && !anyCovers(hidden, fieldPath))
            record.manifest_id = manifest;
    }
    record.input = input;
    if (hidden.length > 0) {
        const unknown = [];
        for (const pointer of hidden)
            if (isUnderInput(pointer) && !unknown.includes(pointer))
                unknown.push(pointer);
        if (unknown.length > 0)
            record.unknown_paths = unknown;
    }
    if (record_isTrafficRecord(record))
        return { kind: 'record', record, path };
    const reason = record_explainInvalidRecord(record) ?? 'not a valid traffic record';
    return { kind: 'malformed', reason: eventReason(reason), request_id: id, path };
}

;// CONCATENATED MODULE: ./build/engine/reference.js



const ABSENT = { present: false };
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/**
 * Walks `path` through objects only: a segment applied to an array, string or other scalar is
 * absent (Rego's `input.a.b` on an array is undefined too). A key holding `undefined` cannot come
 * from JSON and counts as absent.
 */
function lookup(root, path) {
    let current = root;
    for (const key of path) {
        if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, key))
            return ABSENT;
        current = current[key];
    }
    return current === undefined ? ABSENT : { present: true, value: current };
}
/** Whether one array element counts as "in values": strings exactly, numbers/booleans by JSON. */
function elementIn(element, values) {
    if (typeof element === 'string')
        return values.has(element);
    if (typeof element === 'number' || typeof element === 'boolean') {
        return values.has(JSON.stringify(element));
    }
    return false;
}
/** docs/policy.md "One condition" for every field except is_batch and unparsable_calls. */
function genericHolds(found, condition) {
    if (!found.present)
        return false;
    const v = found.value;
    const values = new Set(condition.values);
    const positive = condition.operator === 'in';
    if (typeof v === 'string')
        return values.has(v) === positive;
    if (Array.isArray(v))
        return v.some((element) => elementIn(element, values)) === positive;
    if (typeof v === 'number' || typeof v === 'boolean') {
        return values.has(JSON.stringify(v)) === positive;
    }
    return false; // object or null
}
/** is_batch compares as a boolean: only a boolean value can satisfy either operator. */
function isBatchHolds(found, condition) {
    if (!found.present || typeof found.value !== 'boolean')
        return false;
    const listed = condition.values.some((text) => (text === 'true') === found.value);
    return listed === (condition.operator === 'in');
}
/** unparsable_calls compares as a number: only a number value can satisfy either operator. */
function unparsableCallsHolds(found, condition) {
    if (!found.present || typeof found.value !== 'number')
        return false;
    const listed = condition.values.some((text) => Number(text) === found.value);
    return listed === (condition.operator === 'in');
}
/** Where a non-call field lives in the input (docs/policy.md "Fields"). */
function requestPath(kind) {
    switch (kind.kind) {
        case 'argument':
            return ['request', 'mcp', 'arguments', ...kind.path];
        case 'http':
            return ['request', 'http', kind.name];
        case 'is_batch':
            return ['request', 'jsonrpc', 'is_batch'];
        case 'unparsable_calls':
            return ['request', 'jsonrpc', 'unparsable_calls'];
        case 'identity':
            return ['identity', kind.name];
        case 'group':
            return ['identity', 'groups'];
        case 'tag':
            return ['identity', 'tags'];
        case 'attribute':
            return ['identity', 'attributes', kind.name];
        case 'claim':
            return ['identity', 'claims', ...kind.path];
    }
}
function conditionHolds(kind, found, condition) {
    if (kind.kind === 'is_batch')
        return isBatchHolds(found, condition);
    if (kind.kind === 'unparsable_calls')
        return unparsableCallsHolds(found, condition);
    return genericHolds(found, condition);
}
function classifyRule(rule) {
    const classified = {
        rule,
        call: [],
        request: [],
        readsCaller: false,
        readsDirectory: false,
    };
    for (const condition of rule.conditions) {
        const kind = classifyField(condition.field);
        if (kind.kind === 'call')
            classified.call.push({ condition, kind });
        else
            classified.request.push({ condition, kind });
        if (isCallerField(kind))
            classified.readsCaller = true;
        if (isDirectoryField(kind))
            classified.readsDirectory = true;
    }
    return classified;
}
/** docs/policy.md "Missing context": decided from what the rule reads, never from its outcome. */
function needsContext(rule, input) {
    const flag = (path) => {
        const found = lookup(input, path);
        return found.present && found.value === true;
    };
    if (rule.readsCaller && !flag(['identity', 'verified']))
        return true;
    if (rule.readsDirectory && !flag(['identity', 'attributes_resolved']))
        return true;
    // A present "time" key counts whatever it holds: rejecting invalid times is the caller's job
    // before evaluation, and the compiled policy would fail on them rather than skip the rule.
    if (rule.rule.active_window !== undefined && !lookup(input, ['request', 'time']).present) {
        return true;
    }
    return false;
}
const DAY_BY_GO_WEEKDAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
function minutesOf(clock) {
    return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}
/**
 * docs/policy.md "Windows". From and to are whole minutes, so comparing the local minute of the day
 * is exact: t ≥ from ⇔ minute ≥ from, and t < to ⇔ minute < to, whatever the seconds.
 * Throws a BuiltinError for a time that is not an RFC 3339 string or an unknown zone, as the
 * compiled policy's builtins do.
 */
function inForce(window, time) {
    if (typeof time !== 'string') {
        throw new BuiltinError('time.parse_rfc3339_ns', [time], 'operand 1 must be string');
    }
    const ns = parseRfc3339Nanos(time);
    const zone = loadTimeZone(window.timezone);
    if (zone === undefined) {
        throw new BuiltinError('time.clock', [[Number(ns), window.timezone]], `unknown time zone ${window.timezone}`);
    }
    const local = civilTime(ns, zone);
    const day = DAY_BY_GO_WEEKDAY[local.weekday];
    if (day === undefined || !window.days.includes(day))
        return false;
    const minute = local.hour * 60 + local.minute;
    const from = minutesOf(window.from);
    const to = minutesOf(window.to);
    return from < to ? from <= minute && minute < to : minute >= from || minute < to;
}
function callMatches(rule, call) {
    return rule.call.every(({ condition, kind }) => conditionHolds(kind, lookup(call, [kind.name]), condition));
}
function ruleMatches(rule, input) {
    const requestHolds = rule.request.every(({ condition, kind }) => conditionHolds(kind, lookup(input, requestPath(kind)), condition));
    if (!requestHolds)
        return false;
    if (rule.call.length > 0) {
        const found = lookup(input, ['request', 'mcp', 'calls']);
        const calls = found.present && Array.isArray(found.value) ? found.value : [];
        // Deny needs some offending call; allow needs every call allowed, so a batch cannot
        // smuggle a denied call beside an allowed one.
        const callsHold = rule.rule.effect === 'deny'
            ? calls.some((call) => callMatches(rule, call))
            : calls.length > 0 && calls.every((call) => callMatches(rule, call));
        if (!callsHold)
            return false;
    }
    const window = rule.rule.active_window;
    if (window === undefined)
        return true;
    const time = lookup(input, ['request', 'time']);
    return inForce(window, time.present ? time.value : undefined);
}
/**
 * Decides `input` under `policy` exactly as docs/policy.md "How a policy decides" says. Every rule is
 * evaluated (a deny does not stop the others), so both id lists are complete and in file order.
 */
function evaluateReference(policy, input) {
    const matched = [];
    const missing = [];
    let denyMatched = false;
    let allowMatched = false;
    for (const rule of policy.rules) {
        const classified = classifyRule(rule);
        if (needsContext(classified, input)) {
            missing.push(rule.id);
        }
        else if (ruleMatches(classified, input)) {
            matched.push(rule.id);
            if (rule.effect === 'deny')
                denyMatched = true;
            else
                allowMatched = true;
        }
    }
    const onMissing = policy.on_missing_context ?? 'deny';
    let allow;
    if (onMissing === 'deny' && missing.length > 0)
        allow = false;
    else if (denyMatched)
        allow = false;
    else if (policy.default_effect === 'allow')
        allow = true;
    else
        allow = allowMatched;
    return { allow, matched_rule_ids: matched, missing_context_rule_ids: missing };
}

;// CONCATENATED MODULE: ./build/engine/unknowns.js

/** Every unevaluable reason, sorted (the order reports list them in). docs/unknowns.md "Reasons". */
const UNEVALUABLE_REASONS = [
    'attributes_unavailable',
    'batch_call_pairing_unavailable',
    'claims_unavailable',
    'http_not_recorded',
    'mcp_not_recorded',
    'subject_unverified',
    'time_not_recorded',
    'tool_not_recorded',
];
/** One bit per reason, in UNEVALUABLE_REASONS order: sets of reasons without allocation. */
const REASON_BIT = Object.freeze(Object.fromEntries(UNEVALUABLE_REASONS.map((reason, i) => [reason, 1 << i])));
/** The reasons of a bit set, sorted and distinct. */
function unknowns_reasonsOfBits(bits) {
    const out = [];
    for (let i = 0; i < UNEVALUABLE_REASONS.length; i++)
        if ((bits & (1 << i)) !== 0)
            out.push(UNEVALUABLE_REASONS[i]);
    return out;
}
/**
 * The pointers as they apply to the record's calls: on an unpaired batch a pointer naming one
 * call's field names that field on every call (the lists cannot say which value was that call's),
 * and one naming an index beyond `call_count` changes nothing. A paired record's pointers as they
 * are.
 */
function effectivePointers(data) {
    const unpaired = data.unpaired;
    if (unpaired === null)
        return data.pointers;
    const out = [];
    for (const p of data.pointers) {
        if (p.length >= 4 && p[0] === 'request' && p[1] === 'mcp' && p[2] === 'calls' && unknowns_isArrayIndex(p[3])) {
            if (Number(p[3]) < unpaired.call_count)
                out.push(['request', 'mcp', 'calls', '*', ...p.slice(4)]);
        }
        else
            out.push(p);
    }
    return out;
}
/** `0`, `7`, `12`: the RFC 6901 spelling of an array index (no sign, no leading zero). */
function unknowns_isArrayIndex(segment) {
    return /^(0|[1-9][0-9]*)$/.test(segment);
}
function segmentMatches(pointerSegment, locationSegment) {
    if (typeof locationSegment === 'number')
        return pointerSegment === '*' || pointerSegment === String(locationSegment);
    if (locationSegment === '*')
        return pointerSegment === '*' || unknowns_isArrayIndex(pointerSegment);
    return pointerSegment === locationSegment;
}
function relation(pointer, location) {
    const n = Math.min(pointer.length, location.length);
    for (let i = 0; i < n; i++)
        if (!segmentMatches(pointer[i], location[i]))
            return 'none';
    if (pointer.length === location.length)
        return 'equal';
    return pointer.length > location.length ? 'inside' : 'contains';
}
/** A location is unknown when a pointer equals it, lies inside it or contains it. */
function isUnknown(pointers, location) {
    for (const pointer of pointers)
        if (relation(pointer, location) !== 'none')
            return true;
    return false;
}
/** The call list: unknown only when a pointer equals or contains it (docs/unknowns.md "Locations"). */
const CALL_LIST = ['request', 'mcp', 'calls'];
function isCallListUnknown(pointers) {
    for (const pointer of pointers) {
        const r = relation(pointer, CALL_LIST);
        if (r === 'equal' || r === 'contains')
            return true;
    }
    return false;
}
const VERIFIED = ['identity', 'verified'];
const ATTRIBUTES_RESOLVED = ['identity', 'attributes_resolved'];
const REQUEST_TIME = ['request', 'time'];
/** Where call `index`'s field lives (`*`: any call, the static reading). */
function callFieldLocation(index, field) {
    return ['request', 'mcp', 'calls', index, field];
}
/** Where a request or caller field lives (docs/policy.md's table); call fields use callFieldLocation. */
function requestFieldLocation(kind) {
    return inputPathOf(kind).path;
}
/** The reason a U location gives for anything but a call's tool (docs/unknowns.md's table). */
function reasonOfKind(kind) {
    switch (kind.kind) {
        case 'call':
        case 'argument':
        case 'is_batch':
        case 'unparsable_calls':
            return 'mcp_not_recorded';
        case 'http':
            return 'http_not_recorded';
        case 'identity':
        case 'claim':
            return 'claims_unavailable';
        case 'group':
        case 'tag':
        case 'attribute':
            return 'attributes_unavailable';
    }
}
/**
 * The reasons (bits) of an unknown location, one per pointer that makes it unknown: a call's tool
 * is `tool_not_recorded` through a pointer to the tool itself (equal or inside), and
 * `mcp_not_recorded` through one that contains it; every other location has one reason.
 */
function locationReasonBits(pointers, location, kind) {
    if (kind.kind !== 'call' || kind.name !== 'tool')
        return isUnknown(pointers, location) ? REASON_BIT[reasonOfKind(kind)] : 0;
    let bits = 0;
    for (const pointer of pointers) {
        const r = relation(pointer, location);
        if (r === 'equal' || r === 'inside')
            bits |= REASON_BIT.tool_not_recorded;
        else if (r === 'contains')
            bits |= REASON_BIT.mcp_not_recorded;
    }
    return bits;
}

;// CONCATENATED MODULE: ./build/engine/threeValued.js


const TRUE = { v: 2, bits: 0 };
const FALSE = { v: 0, bits: 0 };
const unknown = (bits) => ({ v: 1, bits });
const known = (b) => (b ? TRUE : FALSE);
function and(values) {
    let bits = 0;
    let sawUnknown = false;
    for (const x of values) {
        if (x.v === 0)
            return FALSE;
        if (x.v === 1) {
            sawUnknown = true;
            bits |= x.bits;
        }
    }
    return sawUnknown ? unknown(bits) : TRUE;
}
function or(values) {
    let bits = 0;
    let sawUnknown = false;
    for (const x of values) {
        if (x.v === 2)
            return TRUE;
        if (x.v === 1) {
            sawUnknown = true;
            bits |= x.bits;
        }
    }
    return sawUnknown ? unknown(bits) : FALSE;
}
function not(x) {
    return x.v === 1 ? x : x.v === 2 ? FALSE : TRUE;
}
/** The calls of an unpaired batch by the simplest pairing: call i takes the i-th value of each list. */
function pairLists(lists) {
    const calls = [];
    for (let i = 0; i < lists.call_count; i++) {
        const call = {};
        for (const field of ['method', 'tool', 'resource_uri', 'prompt']) {
            const list = lists[field];
            if (list !== undefined && i < list.length)
                call[field] = list[i];
        }
        calls.push(call);
    }
    return calls;
}
class Evaluation {
    input;
    pointers;
    unpaired;
    callListUnknown;
    calls;
    constructor(input, unknowns) {
        this.input = input;
        this.unpaired = unknowns.unpaired;
        this.pointers = effectivePointers(unknowns);
        this.callListUnknown = isCallListUnknown(this.pointers);
        if (this.unpaired !== null)
            this.calls = pairLists(this.unpaired);
        else {
            const found = lookup(input, ['request', 'mcp', 'calls']);
            this.calls = found.present && Array.isArray(found.value) ? found.value : [];
        }
    }
    requestCondition(condition, kind) {
        const path = requestPath(kind);
        if (isUnknown(this.pointers, path))
            return unknown(locationReasonBits(this.pointers, path, kind));
        return known(conditionHolds(kind, lookup(this.input, path), condition));
    }
    callCondition(index, call, { condition, kind }) {
        const location = callFieldLocation(index, kind.name);
        if (isUnknown(this.pointers, location))
            return unknown(locationReasonBits(this.pointers, location, kind));
        return known(conditionHolds(kind, lookup(call, [kind.name]), condition));
    }
    /** docs/policy.md's quantifiers over the calls, each call the AND of its conditions. */
    pairedCalls(rule) {
        const perCall = this.calls.map((call, i) => and(rule.call.map((c) => this.callCondition(i, call, c))));
        if (rule.rule.effect === 'deny')
            return or(perCall);
        return and([known(this.calls.length > 0), ...perCall]);
    }
    /** all(c) and some(c) of one call condition over an unpaired batch's list. */
    quantified(lists, { condition, kind }) {
        if (lists.call_count > 0) {
            const location = callFieldLocation(0, kind.name);
            if (isUnknown(this.pointers, location)) {
                const u = unknown(locationReasonBits(this.pointers, location, kind));
                return { all: u, some: u };
            }
        }
        const list = lists[kind.name] ?? [];
        const holds = (value) => conditionHolds(kind, { present: true, value }, condition);
        // A call lacking the key satisfies neither `in` nor `not_in`.
        return {
            all: known(list.length === lists.call_count && list.every(holds)),
            some: known(list.some(holds)),
        };
    }
    /** docs/unknowns.md: an unpaired batch and a rule with conditions on two or more call fields. */
    unpairedCalls(rule, lists) {
        const q = rule.call.map((c) => this.quantified(lists, c));
        if (rule.rule.effect === 'allow')
            return and([known(lists.call_count > 0), ...q.map((x) => x.all)]);
        if (q.some((x) => x.some.v === 0))
            return FALSE;
        const decided = q.some((x, k) => x.some.v === 2 && q.every((y, j) => j === k || y.all.v === 2));
        if (decided)
            return TRUE;
        let bits = REASON_BIT.batch_call_pairing_unavailable;
        for (const x of q)
            bits |= x.all.bits | x.some.bits;
        return unknown(bits);
    }
    callPart(rule) {
        if (this.callListUnknown)
            return unknown(REASON_BIT.mcp_not_recorded);
        const fields = new Set(rule.call.map((c) => c.kind.name));
        if (this.unpaired !== null && fields.size >= 2)
            return this.unpairedCalls(rule, this.unpaired);
        return this.pairedCalls(rule);
    }
    requestPart(rule) {
        return and(rule.request.map(({ condition, kind }) => this.requestCondition(condition, kind)));
    }
    timeUnknown() {
        return isUnknown(this.pointers, REQUEST_TIME);
    }
    windowPart(rule) {
        const window = rule.rule.active_window;
        if (window === undefined)
            return null;
        if (this.timeUnknown())
            return unknown(REASON_BIT.time_not_recorded);
        const time = lookup(this.input, ['request', 'time']);
        // Without a time the rule needs context and cannot match; inForce is not asked.
        if (!time.present)
            return FALSE;
        return known(inForce(window, time.value));
    }
    /** docs/policy.md "Missing context", with the caller and directory parts U when their flag is unknown. */
    needs(rule) {
        const parts = [];
        const flag = (path) => {
            const found = lookup(this.input, path);
            return found.present && found.value === true;
        };
        if (rule.readsCaller) {
            parts.push(isUnknown(this.pointers, VERIFIED)
                ? unknown(REASON_BIT.subject_unverified)
                : known(!flag(['identity', 'verified'])));
        }
        if (rule.readsDirectory) {
            parts.push(isUnknown(this.pointers, ATTRIBUTES_RESOLVED)
                ? unknown(REASON_BIT.attributes_unavailable)
                : known(!flag(['identity', 'attributes_resolved'])));
        }
        if (rule.rule.active_window !== undefined) {
            // The gateway had a time; an export that lost it does not make the rule need context.
            parts.push(this.timeUnknown() ? FALSE : known(!lookup(this.input, ['request', 'time']).present));
        }
        return parts.length === 0 ? null : or(parts);
    }
}
/**
 * Decides `input` under `policy` knowing that the locations of `unknowns` are unknown: allow 2,
 * deny 0, unevaluable 1 (docs/unknowns.md "The decision"). On a record with nothing unknown it
 * equals evaluateReference. `input` is the recorded input (for an unpaired batch, without calls:
 * they come from `unknowns.unpaired`).
 */
function evaluateReferenceThreeValued(policy, input, unknowns) {
    const evaluation = new Evaluation(input, unknowns);
    const out = {
        allow: 0,
        matched_rule_ids: [],
        missing_context_rule_ids: [],
        undecided_rule_ids: [],
        undecided_context_rule_ids: [],
        reasons: [],
    };
    const denyMatched = [];
    const allowMatched = [];
    const needsAll = [];
    const onMissing = policy.on_missing_context ?? 'deny';
    let reasonBits = 0;
    for (const rule of policy.rules) {
        const classified = classifyRule(rule);
        const needs = evaluation.needs(classified);
        const parts = [];
        if (needs !== null)
            parts.push(not(needs));
        const window = evaluation.windowPart(classified);
        if (window !== null)
            parts.push(window);
        if (classified.request.length > 0)
            parts.push(evaluation.requestPart(classified));
        if (classified.call.length > 0)
            parts.push(evaluation.callPart(classified));
        const matched = and(parts);
        (rule.effect === 'deny' ? denyMatched : allowMatched).push(matched);
        if (matched.v === 2)
            out.matched_rule_ids.push(rule.id);
        if (matched.v === 1) {
            out.undecided_rule_ids.push(rule.id);
            reasonBits |= matched.bits;
        }
        if (needs !== null) {
            needsAll.push(needs);
            if (needs.v === 2)
                out.missing_context_rule_ids.push(rule.id);
            if (needs.v === 1) {
                out.undecided_context_rule_ids.push(rule.id);
                if (onMissing === 'deny')
                    reasonBits |= needs.bits;
            }
        }
    }
    const byMissing = onMissing === 'deny' ? or(needsAll) : FALSE;
    const allow = and([
        not(byMissing),
        not(or(denyMatched)),
        policy.default_effect === 'allow' ? TRUE : or(allowMatched),
    ]);
    out.allow = allow.v;
    if (allow.v === 1)
        out.reasons = unknowns_reasonsOfBits(reasonBits);
    return out;
}

;// CONCATENATED MODULE: ./build/traffic/unknowns.js

/** What each `unavailable` entry stands for (docs/unknowns.md's table). */
const UNAVAILABLE_POINTERS = {
    mcp: ['/input/request/mcp', '/input/request/jsonrpc'],
    'mcp.tool': ['/input/request/mcp/tool', '/input/request/mcp/calls/*/tool'],
    'mcp.arguments': ['/input/request/mcp/arguments'],
    'identity.verification': ['/input/identity/verified'],
    'identity.attributes': ['/input/identity/groups', '/input/identity/tags', '/input/identity/attributes'],
    'identity.claims': ['/input/identity/claims', '/input/identity/subject', '/input/identity/issuer'],
    time: ['/input/request/time'],
};
const PARSED_UNAVAILABLE = new Map(Object.entries(UNAVAILABLE_POINTERS).map(([entry, pointers]) => [
    entry,
    pointers.map((p) => parseInputPointer(p)),
]));
/**
 * The decision-log entry point: an OPA decision event's `erased` and `masked` pointers that a
 * record's unknown set takes (those starting with `/input`; a masked value was replaced, so the
 * recorded one is not the real one). A converter puts them in the record's `unknown_paths`.
 */
function decisionLogUnknownPaths(erased, masked) {
    const out = [];
    for (const list of [erased, masked]) {
        if (!Array.isArray(list))
            continue;
        for (const pointer of list)
            if (typeof pointer === 'string' && isInputPointer(pointer))
                out.push(pointer);
    }
    return out;
}
/**
 * Whether the record may lack something: it has `unavailable` entries, `unknown_paths`, or unpaired
 * calls. false is the common case, and the replay then takes its two-valued path unchanged.
 */
function unknowns_hasUnknowns(record) {
    const unavailable = record.unavailable;
    const paths = record.unknown_paths;
    return ((unavailable !== undefined && unavailable.length > 0) ||
        (paths !== undefined && paths.length > 0) ||
        record.unpaired !== undefined);
}
/**
 * A text equal for two records exactly when their unknown sets are equal as written and their
 * calls are paired alike (unpaired with the same call_count, or paired): what the three-valued
 * evaluation depends on besides the input's values. Assumes hasUnknowns(record).
 */
function unknownKey(record) {
    const unpaired = record.unpaired === undefined ? 'p' : `u${record.unpaired.call_count}`;
    return `${unpaired}${JSON.stringify(record.unavailable ?? [])}${JSON.stringify(record.unknown_paths ?? [])}`;
}
/** The unknown set's pointers, as segments below `/input`. */
function unknownPointers(record) {
    const out = [];
    for (const entry of record.unavailable ?? [])
        out.push(...PARSED_UNAVAILABLE.get(entry));
    // The record validators accept only pointers parseInputPointer parses.
    for (const path of record.unknown_paths ?? [])
        out.push(parseInputPointer(path));
    return out;
}
/** The unknown set in the form the evaluators take it. */
function unknowns_unknownDataOf(record) {
    return { pointers: unknownPointers(record), unpaired: record.unpaired ?? null };
}

;// CONCATENATED MODULE: ./build/traffic/availability.js




function readingOf(policy) {
    const reads = [];
    const seen = new Set();
    const add = (location, kind, reason) => {
        const key = JSON.stringify(location);
        if (seen.has(key))
            return;
        seen.add(key);
        reads.push({ location, kind, reason });
    };
    let combinesCallFields = false;
    let denyCombinesCallFields = false;
    let readsCallList = false;
    for (const rule of policy.rules) {
        const callFields = new Set();
        let caller = false;
        let directory = false;
        for (const condition of rule.conditions) {
            const kind = classifyField(condition.field);
            if (kind.kind === 'call') {
                callFields.add(kind.name);
                add(callFieldLocation('*', kind.name), kind, 0);
            }
            else
                add(requestFieldLocation(kind), kind, 0);
            if (isCallerField(kind))
                caller = true;
            if (isDirectoryField(kind))
                directory = true;
        }
        if (callFields.size > 0)
            readsCallList = true;
        if (callFields.size >= 2)
            combinesCallFields = true;
        if (callFields.size >= 2 && rule.effect === 'deny')
            denyCombinesCallFields = true;
        if (caller)
            add(VERIFIED, null, REASON_BIT.subject_unverified);
        if (directory)
            add(ATTRIBUTES_RESOLVED, null, REASON_BIT.attributes_unavailable);
        if (rule.active_window)
            add(REQUEST_TIME, null, REASON_BIT.time_not_recorded);
    }
    return { reads, combinesCallFields, denyCombinesCallFields, readsCallList };
}
/** The static rule's reasons (bits) for a record's unknown set; 0: scoreable by reading. */
function readingReasonBits(reading, data) {
    let bits = 0;
    const pointers = data.pointers;
    if (pointers.length > 0) {
        if (reading.readsCallList && isCallListUnknown(pointers))
            bits |= REASON_BIT.mcp_not_recorded;
        for (const read of reading.reads) {
            if (read.kind !== null)
                bits |= locationReasonBits(pointers, read.location, read.kind);
            else if (isUnknown(pointers, read.location))
                bits |= read.reason;
        }
    }
    if (data.unpaired !== null && reading.combinesCallFields)
        bits |= REASON_BIT.batch_call_pairing_unavailable;
    return bits;
}
/** The static rule's reasons for a record, sorted and distinct; empty when it is scoreable. */
function readingReasons(record, reading) {
    if (!hasUnknowns(record))
        return [];
    return reasonsOfBits(readingReasonBits(reading, unknownDataOf(record)));
}
const PAIRED_FIELDS = ['method', 'tool', 'resource_uri', 'prompt'];
/**
 * The input with `request.mcp.calls` rebuilt from an unpaired batch by the simplest pairing: call
 * `i` takes the `i`-th value of each list and lacks the key when the list is shorter. The decision
 * on it is exact for any policy none of whose rules combines two call fields (each call condition
 * then only sees how many calls carry which value, which every pairing preserves). Pure: the
 * record is not modified. A record without `unpaired` returns its own input.
 */
function pairUnpaired(record) {
    const unpaired = record.unpaired;
    if (unpaired === undefined)
        return record.input;
    const calls = [];
    for (let i = 0; i < unpaired.call_count; i++) {
        const call = {};
        for (const field of PAIRED_FIELDS) {
            const list = unpaired[field];
            if (list !== undefined && i < list.length)
                call[field] = list[i];
        }
        calls.push(call);
    }
    const input = record.input;
    const request = input.request ?? {};
    return { ...input, request: { ...request, mcp: { ...(request.mcp ?? {}), calls } } };
}
/** The input a policy is evaluated on: the recorded input, with an unpaired batch paired. */
function evaluationInput(record) {
    return record.unpaired === undefined ? record.input : pairUnpaired(record);
}

;// CONCATENATED MODULE: ./build/replay/projection.js





function keyNodes(tree) {
    return [...tree].map(([key, sub], i) => ({
        key,
        marker: `${i}:`,
        children: sub === true ? null : keyNodes(sub),
    }));
}
/** Go's weekday numbering (0 = Sunday) of the policy's day names. */
const WEEKDAY_OF = {
    mon: 1,
    tue: 2,
    wed: 3,
    thu: 4,
    fri: 5,
    sat: 6,
    sun: 0,
};
function addPath(tree, path) {
    let node = tree;
    for (let i = 0; i < path.length; i++) {
        const key = path[i];
        const existing = node.get(key);
        if (existing === true)
            return; // an ancestor is read whole already
        if (i === path.length - 1) {
            node.set(key, true);
            return;
        }
        let child = existing;
        if (child === undefined) {
            child = new Map();
            node.set(key, child);
        }
        node = child;
    }
}
/** The input path of a request-level field; call fields are read apart, per call. */
function projection_requestPath(kind) {
    const { base, path } = inputPathOf(kind);
    return base === 'input' ? path : null;
}
function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Copies what `nodes` read of `value` (a plain object) into a fresh object. */
function projectObject(value, nodes) {
    // A null prototype: a key named __proto__ becomes an own property like any other.
    const out = Object.create(null);
    for (const node of nodes) {
        if (!Object.hasOwn(value, node.key))
            continue;
        const child = value[node.key];
        out[node.key] =
            node.children === null || !isPlainObject(child) ? child : projectObject(child, node.children);
    }
    return out;
}
/**
 * How a condition compares the value at one path: `sets` (the policies' distinct value sets on
 * that path) for the generic comparison of strings and string arrays; `exact` for `is_batch`,
 * `unparsable_calls` and the context flags, whose few values are keyed as they are.
 */
class ValueLeaf {
    path;
    exact;
    /** Each string any set holds → the indices of the sets holding it, as its class code. */
    codes = new Map();
    indices = new Map();
    /** A set's content (LeafSets' id) → its index. */
    setIds = new Map();
    constructor(path, exact, sets) {
        this.path = path;
        this.exact = exact;
        sets.forEach((set, i) => {
            this.setIds.set(setId(set), i);
            for (const value of set) {
                const list = this.indices.get(value) ?? [];
                list.push(i);
                this.indices.set(value, list);
            }
        });
        for (const [value, list] of this.indices)
            this.codes.set(value, `s${list.join('.')}`);
    }
    /** The decision class of `value` (undefined: absent). */
    classOf(value) {
        if (value === undefined)
            return '-';
        if (this.exact)
            return exactClass('e', value);
        if (typeof value === 'string')
            return this.codes.get(value) ?? 's';
        if (Array.isArray(value))
            return this.arrayClass(value);
        if (value === null)
            return 'z';
        if (typeof value === 'object')
            return 'o';
        // Numbers and booleans compare by their JSON text: rare, keyed exactly.
        return exactClass('n', value);
    }
    /** The index of the set holding exactly `values` (LeafSets added it). */
    indexOf(values) {
        const index = this.setIds.get(setId(new Set(values)));
        if (index === undefined)
            throw new Error(`no value set ${JSON.stringify(values)} at ${this.path.join('.')}`);
        return index;
    }
    /**
     * The sets a call field's value meets, for ruleBits: a string, its sets; an array of strings, the
     * sets some element is in; `NO_SETS` for what no condition ever holds on (absent, null, an
     * object); null for numbers, booleans and other arrays (compared by their JSON text: the caller
     * falls back to keying them exactly).
     */
    setsOf(value) {
        if (typeof value === 'string')
            return this.indices.get(value) ?? NONE_OF_THE_SETS;
        if (value === undefined || value === null)
            return NO_SETS;
        if (Array.isArray(value)) {
            let hit = null;
            for (const element of value) {
                if (typeof element !== 'string')
                    return null;
                const list = this.indices.get(element);
                if (list === undefined)
                    continue;
                hit = hit === null ? [...list] : hit.concat(list);
            }
            return hit ?? NONE_OF_THE_SETS;
        }
        return typeof value === 'object' ? NO_SETS : null;
    }
    /** An array of strings meets a set when some element is in it; other arrays are keyed exactly. */
    arrayClass(values) {
        let hit = null;
        for (const element of values) {
            if (typeof element !== 'string')
                return exactClass('A', values);
            const list = this.indices.get(element);
            if (list === undefined)
                continue;
            hit ??= new Set();
            for (const i of list)
                hit.add(i);
        }
        return hit === null ? 'a' : `a${[...hit].sort((x, y) => x - y).join('.')}`;
    }
}
/** A value that compares (a string or string array) but is in none of the sets: `not_in` holds. */
const NONE_OF_THE_SETS = Object.freeze([]);
/** A value no condition holds on, `in` or `not_in` (absent, null, an object). */
const NO_SETS = Object.freeze([]);
/** A call field an unknown pointer names (ruleTrits). */
const UNKNOWN_FIELD = Object.freeze([]);
/** Kleene's truth values as ruleTrits writes them. */
const F = 0;
const U = 1;
const T = 2;
/** LeafSets' identity of a value set: its distinct values, sorted. */
function setId(set) {
    return JSON.stringify([...set].sort());
}
/** A value keyed as it is: a tag, the length of its JSON text and the text (unambiguous). */
function exactClass(tag, value) {
    // Booleans and numbers are most of these (is_batch, the context flags): their JSON text without
    // JSON.stringify. Finite numbers only come from JSON, and String gives the same digits.
    const json = typeof value === 'boolean'
        ? value
            ? 'true'
            : 'false'
        : typeof value === 'number'
            ? String(value)
            : JSON.stringify(value);
    return `${tag}${json.length}:${json}`;
}
/** The value at `path` below `root`, through plain objects only (as a Rego reference reads it). */
function projection_valueAt(root, path) {
    let value = root;
    for (const key of path) {
        if (!isPlainObject(value) || !Object.hasOwn(value, key))
            return undefined;
        value = value[key];
    }
    return value;
}
function ownValue(object, key) {
    return Object.hasOwn(object, key) ? object[key] : undefined;
}
/** Distinct value sets (by content) per path, in first-seen order. */
class LeafSets {
    byPath = new Map();
    add(path, exact, values) {
        const id = JSON.stringify(path);
        let entry = this.byPath.get(id);
        if (!entry) {
            entry = { path: [...path], exact, sets: new Map() };
            this.byPath.set(id, entry);
        }
        const set = new Set(values);
        entry.sets.set(setId(set), set);
    }
    leaves() {
        return [...this.byPath.values()]
            .sort((a, b) => (JSON.stringify(a.path) < JSON.stringify(b.path) ? -1 : 1))
            .map((e) => new ValueLeaf(e.path, e.exact, [...e.sets.values()]));
    }
}
/** Whether one of two paths is a prefix of the other; `*` in `pointer` matches any number. */
function prefixes(pointer, location) {
    const n = Math.min(pointer.length, location.length);
    for (let i = 0; i < n; i++) {
        const p = pointer[i];
        const l = location[i];
        if (p === l || String(p) === String(l))
            continue;
        if (p === '*' && typeof l === 'number')
            continue;
        return false;
    }
    return true;
}
/** The part of the input a set of policies' decisions depend on, and a cache key for it. */
class InputProjection {
    request;
    identity;
    /** The call fields the policies read, in a fixed order. */
    callFields;
    windows;
    requestLeaves;
    identityLeaves;
    callLeaves;
    /** Each distinct conjunction of call conditions some rule has: the tests ruleBits makes per call. */
    callRules;
    /** The union of what `policies` read: one key serves every one of them. */
    constructor(policies) {
        const request = new Map();
        const identity = new Map();
        const callFields = new Set();
        const requestSets = new LeafSets();
        const identitySets = new LeafSets();
        const callSets = new LeafSets();
        // The context flags: `verified == true`, `attributes_resolved == true`.
        identitySets.add(['verified'], true, []);
        identitySets.add(['attributes_resolved'], true, []);
        // The helpers every generated module has (generate.ts HELPERS).
        addPath(identity, ['verified']);
        addPath(identity, ['attributes_resolved']);
        addPath(request, ['time']);
        // `calls` is read whatever the policy's fields (count(calls) > 0 in allow rules); it is
        // projected on its own (projectCalls), below an `mcp` object read in part.
        request.set('mcp', new Map());
        const windows = new Map();
        const callRules = new Map();
        for (const policy of policies) {
            for (const rule of policy.rules) {
                const tests = [];
                for (const condition of rule.conditions) {
                    const kind = classifyField(condition.field);
                    if (kind.kind === 'call') {
                        callFields.add(kind.name);
                        callSets.add([kind.name], false, condition.values);
                        tests.push({
                            field: kind.name,
                            values: condition.values,
                            negate: condition.operator === 'not_in',
                        });
                        continue;
                    }
                    const path = projection_requestPath(kind);
                    addPath(path[0] === 'request' ? request : identity, path.slice(1));
                    const exact = kind.kind === 'is_batch' || kind.kind === 'unparsable_calls';
                    (path[0] === 'request' ? requestSets : identitySets).add(path.slice(1), exact, condition.values);
                }
                if (tests.length > 0)
                    callRules.set(JSON.stringify(tests), tests);
                const window = rule.active_window;
                if (window) {
                    const days = DAYS.filter((d) => window.days.includes(d));
                    const id = JSON.stringify([days, window.timezone, window.from, window.to]);
                    if (windows.has(id))
                        continue;
                    const zone = loadTimeZone(window.timezone);
                    // Validation rejects unknown zones; the check keeps this class honest on its own.
                    if (!zone)
                        throw new Error(`unknown time zone ${window.timezone}`);
                    windows.set(id, {
                        days: new Set(days.map((d) => WEEKDAY_OF[d])),
                        zone,
                        from: clockMinutes(window.from),
                        to: clockMinutes(window.to),
                    });
                }
            }
        }
        this.request = keyNodes(request);
        this.identity = keyNodes(identity);
        this.callFields = keyNodes(new Map([...callFields].sort().map((f) => [f, true])));
        // Sorted by zone so that key() converts the time once per zone.
        const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
        this.windows = [...windows.entries()]
            .sort(([a, x], [b, y]) => order(x.zone.name, y.zone.name) || order(a, b))
            .map(([, w]) => w);
        this.requestLeaves = requestSets.leaves();
        this.identityLeaves = identitySets.leaves();
        this.callLeaves = callSets.leaves();
        this.callRules = [...callRules.values()].map((tests) => tests.map((t) => {
            const leaf = this.callLeaves.findIndex((l) => l.path[0] === t.field);
            return { leaf, set: this.callLeaves[leaf].indexOf(t.values), negate: t.negate };
        }));
    }
    /** The input reduced to what the policies read, the request time included. */
    project(input) {
        const out = Object.create(null);
        const request = input.request;
        if (request !== undefined) {
            if (!isPlainObject(request))
                out.request = request;
            else {
                const projected = projectObject(request, this.request);
                const mcp = request.mcp;
                if (isPlainObject(mcp) && Object.hasOwn(mcp, 'calls')) {
                    // projectObject made `mcp` a fresh object (its node has children): safe to extend.
                    projected.mcp.calls = this.projectCalls(mcp.calls);
                }
                out.request = projected;
            }
        }
        const identity = input.identity;
        if (identity !== undefined) {
            out.identity = isPlainObject(identity) ? projectObject(identity, this.identity) : identity;
        }
        return out;
    }
    /**
     * A string equal for two inputs only when every policy decides them the same way by
     * construction; null when the time cannot be judged here (the record is then evaluated on its
     * own, errors and all). The key names, for each value a policy reads, its **decision class**
     * (docs/performance.md "The decision cache"), not the value: every condition compares a value
     * with a fixed set of strings, so two strings in the same sets of the policies' value sets are
     * interchangeable, and so are two string arrays that meet the same sets. `resource_uri`s,
     * prompts and subjects that no rule names all share one class. Values of any other shape
     * (numbers, booleans, mixed arrays) are keyed exactly. `ordered`: keep the calls in order, one
     * entry per call (a three-valued key, whose unknown pointers name calls by index); otherwise the
     * calls count as a set, since `some call` and `every call` (with at least one call) do not
     * depend on order or repetition. Unless `byRule` is false, the calls are then keyed by what each
     * rule's call conditions make of them (ruleBits, ruleTrits), which is all a decision depends on;
     * `byRule: false` keeps each call's classes, which is what the reasons of an unevaluable record
     * depend on (UnknownsJudge).
     */
    key(input, calls = 'set', mask = null, byRule = true) {
        const request = input.request;
        const time = isPlainObject(request) && Object.hasOwn(request, 'time') ? request.time : undefined;
        let text;
        if (mask?.time)
            text = '?';
        else if (time === undefined)
            text = '-';
        else if (this.windows.length === 0)
            text = '+';
        else {
            if (typeof time !== 'string')
                return null;
            let ns;
            try {
                ns = parseRfc3339Nanos(time);
            }
            catch {
                return null;
            }
            text = '';
            // Windows of one zone are adjacent (the constructor sorts them): one civil time per zone.
            let zone = null;
            let local = null;
            for (const w of this.windows) {
                if (w.zone !== zone) {
                    zone = w.zone;
                    local = civilTime(ns, zone);
                }
                text += windowOpen(w, local) ? '1' : '0';
            }
        }
        const identity = input.identity;
        const leaves = this.requestLeaves;
        for (let i = 0; i < leaves.length; i++)
            text += mask?.request[i] ? ',?' : `,${leaves[i].classOf(projection_valueAt(request, leaves[i].path))}`;
        const people = this.identityLeaves;
        for (let i = 0; i < people.length; i++)
            text += mask?.identity[i] ? ',?' : `,${people[i].classOf(projection_valueAt(identity, people[i].path))}`;
        if (mask?.callList)
            return `${text}|?`;
        const mcp = isPlainObject(request) ? request.mcp : undefined;
        const callList = isPlainObject(mcp) && Object.hasOwn(mcp, 'calls') ? mcp.calls : undefined;
        if (byRule && calls === 'set' && mask === null) {
            const bits = this.ruleBits(callList);
            if (bits !== null)
                return `${text}|${bits}`;
        }
        if (byRule && calls === 'ordered' && mask !== null) {
            const trits = this.ruleTrits(callList, mask);
            if (trits !== null)
                return `${text}|${trits}`;
        }
        return `${text}|${this.callsClass(callList, calls, mask?.callFields ?? null)}`;
    }
    /**
     * The calls as the two-valued decision reads them: for each conjunction of call conditions some
     * rule has, whether some call satisfies it (a deny rule's `some call`) and whether every call does
     * (an allow rule's `every call`), and whether there is a call at all. Batches of different kinds
     * of call that agree on these decide alike, so they share a key. Null (the caller keys the kinds
     * of call instead) when a call field holds a number, a boolean or an array of other than strings,
     * which compare by their JSON text.
     */
    ruleBits(calls) {
        const rules = this.callRules;
        if (!Array.isArray(calls) || rules.length === 0)
            return null;
        const leaves = this.callLeaves;
        const some = new Uint8Array(rules.length);
        const every = new Uint8Array(rules.length).fill(1);
        const sets = new Array(leaves.length);
        for (const call of calls) {
            for (let i = 0; i < leaves.length; i++) {
                const leaf = leaves[i];
                const held = leaf.setsOf(isPlainObject(call) ? ownValue(call, leaf.path[0]) : undefined);
                if (held === null)
                    return null;
                sets[i] = held;
            }
            for (let r = 0; r < rules.length; r++) {
                let holds = true;
                for (const test of rules[r]) {
                    const held = sets[test.leaf];
                    const member = held.includes(test.set);
                    if (test.negate ? held === NO_SETS || member : !member) {
                        holds = false;
                        break;
                    }
                }
                if (holds)
                    some[r] = 1;
                else
                    every[r] = 0;
            }
        }
        let text = calls.length === 0 ? 'R0' : 'R+';
        for (let r = 0; r < rules.length; r++)
            text += String(some[r] + 2 * every[r]);
        return text;
    }
    /**
     * ruleBits for a three-valued key on paired calls (docs/unknowns.md "Three-valued evaluation"):
     * a call's value for a conjunction is the Kleene AND of its conditions, U on a field an unknown
     * pointer names for that call (by index or `*`); per conjunction the key keeps the OR over calls
     * (a deny rule's) and the AND over calls (an allow rule's), each T, F or U. The unknown set itself
     * is the key's other part. Null as ruleBits.
     */
    ruleTrits(calls, mask) {
        const rules = this.callRules;
        if (!Array.isArray(calls) || rules.length === 0)
            return null;
        const leaves = this.callLeaves;
        const some = new Uint8Array(rules.length).fill(F);
        const every = new Uint8Array(rules.length).fill(T);
        // Per call field: the sets its value meets, or UNKNOWN_FIELD.
        const sets = new Array(leaves.length);
        for (let index = 0; index < calls.length; index++) {
            const call = calls[index];
            for (let i = 0; i < leaves.length; i++) {
                const name = leaves[i].path[0];
                if (mask.callFields[i] || mask.callPointers.some((p) => prefixes(p, [index, name]))) {
                    sets[i] = UNKNOWN_FIELD;
                    continue;
                }
                const held = leaves[i].setsOf(isPlainObject(call) ? ownValue(call, name) : undefined);
                if (held === null)
                    return null;
                sets[i] = held;
            }
            for (let r = 0; r < rules.length; r++) {
                let value = T;
                for (const test of rules[r]) {
                    const held = sets[test.leaf];
                    if (held === UNKNOWN_FIELD) {
                        value = U;
                        continue;
                    }
                    const member = held.includes(test.set);
                    if (test.negate ? held === NO_SETS || member : !member) {
                        value = F;
                        break;
                    }
                }
                // Kleene: OR is T if any is T, else U if any is U; AND is F if any is F, else U if any is U.
                if (value === T)
                    some[r] = T;
                else if (value === U && some[r] === F)
                    some[r] = U;
                if (value === F)
                    every[r] = F;
                else if (value === U && every[r] === T)
                    every[r] = U;
            }
        }
        let text = calls.length === 0 ? 'Q0' : 'Q+';
        for (let r = 0; r < rules.length; r++)
            text += String(some[r] * 3 + every[r]);
        return text;
    }
    callsClass(calls, keying, masked) {
        if (calls === undefined)
            return '-';
        if (!Array.isArray(calls))
            return exactClass('X', calls);
        const leaves = this.callLeaves;
        if (leaves.length === 0)
            return calls.length === 0 ? '[]' : '[+]';
        if (keying === 'per-field')
            return this.perFieldClass(calls, masked);
        const classes = [];
        for (const call of calls) {
            let tuple = '';
            // A call that is not an object reads like one without the fields: undefined in the Rego.
            for (let i = 0; i < leaves.length; i++) {
                const leaf = leaves[i];
                tuple += masked?.[i]
                    ? '?;'
                    : `${leaf.classOf(isPlainObject(call) ? ownValue(call, leaf.path[0]) : undefined)};`;
            }
            classes.push(tuple);
        }
        if (keying === 'set') {
            const distinct = classes.length > 1 ? [...new Set(classes)].sort() : classes;
            return `{${distinct.join('|')}}`;
        }
        return `[${classes.join('|')}]`;
    }
    /**
     * What a three-valued key may leave out for an unknown set: the locations it makes unknown,
     * whose values the three-valued evaluation never reads (docs/unknowns.md: a condition on an
     * unknown location is U whatever the value). Pointers are segments below `/input`; a pointer
     * is "at" a location when one is a prefix of the other (equal, inside or containing), `*`
     * matching a call index. The call list itself only when a pointer equals or contains it; a
     * call field only when the pointer names it on every call (`*`): one naming a single call keeps
     * the classes, which stays exact.
     */
    maskOf(pointers) {
        const at = (location) => pointers.some((p) => prefixes(p, location));
        const callsPath = ['request', 'mcp', 'calls'];
        return {
            time: at(['request', 'time']),
            request: this.requestLeaves.map((leaf) => at(['request', ...leaf.path])),
            identity: this.identityLeaves.map((leaf) => at(['identity', ...leaf.path])),
            callList: pointers.some((p) => p.length <= callsPath.length && prefixes(p, callsPath)),
            callFields: this.callLeaves.map((leaf) => pointers.some((p) => p.length > callsPath.length &&
                prefixes(p.slice(0, callsPath.length), callsPath) &&
                p[callsPath.length] === '*' &&
                (p.length === callsPath.length + 1 || p[callsPath.length + 1] === leaf.path[0]))),
            callPointers: pointers
                .filter((p) => p.length > callsPath.length && prefixes(p.slice(0, callsPath.length), callsPath))
                .map((p) => p.slice(callsPath.length)),
        };
    }
    /**
     * An unpaired batch (paired by position for the evaluation): per call field, the set of classes
     * its calls hold (`-` for a call lacking the key). The three-valued rules of an unpaired batch
     * read nothing else: `all(c)` and `some(c)` per condition, and whether there is a call.
     */
    perFieldClass(calls, masked) {
        let text = calls.length === 0 ? '<0' : '<+';
        for (let i = 0; i < this.callLeaves.length; i++) {
            const leaf = this.callLeaves[i];
            if (masked?.[i]) {
                text += ';?';
                continue;
            }
            const classes = new Set();
            for (const call of calls)
                classes.add(leaf.classOf(isPlainObject(call) ? ownValue(call, leaf.path[0]) : undefined));
            text += `;${[...classes].sort().join('|')}`;
        }
        return `${text}>`;
    }
    projectCalls(calls) {
        if (!Array.isArray(calls))
            return calls;
        return calls.map((call) => (isPlainObject(call) ? projectObject(call, this.callFields) : call));
    }
}
/** `window_open(days, zone, from, to)` of generate.ts, on the civil-time functions the wasm uses. */
function windowOpen(w, t) {
    if (!w.days.has(t.weekday))
        return false;
    const minute = t.hour * 60 + t.minute;
    if (w.from < w.to)
        return minute >= w.from && minute < w.to;
    if (w.from > w.to)
        return minute >= w.from || minute < w.to;
    return false;
}
/**
 * How many inputs one generation of the cache holds; two generations are kept. It bounds memory,
 * not correctness. Measured on the 1M-record example sample in-process: 16,384 holds every distinct
 * two-valued key (18,006 evaluations against 25,744 with 4,096, 20.9 s against 22.9 s) at the same
 * peak RSS; 65,536 gained nothing more. (With keys by value, before decision classes, 4,096 won:
 * bigger caches kept keys long enough to reach V8's old space.)
 */
const DECISION_CACHE_LIMIT = 16_384;
/** Keys longer than this (UTF-16 units) are evaluated uncached: they almost never repeat. */
const MAX_KEY_LENGTH = 512;
/**
 * A generation also turns over once its keys hold this many UTF-16 units, so hostile keys cannot
 * take a worker past its capped heap: keys take at most 2 stores × 2 generations × 2 MiB.
 */
const KEY_UNITS_PER_GENERATION = 1 << 20;
/**
 * The wasm engines of one replay behind one decision cache keyed by the input's projection onto
 * what any of the policies reads: a record costs one key, and each policy is evaluated once per
 * distinct key. Decisions are shared between records: callers must not mutate them. Evaluation
 * errors are not cached. Three-valued decisions (records with unknown data, docs/unknowns.md) are
 * cached beside the two-valued ones, under keys that add the unknown set.
 */
class DecisionCache {
    sides;
    limit;
    projection;
    /**
     * Two generations: lookups try the young one, then the old one (moving a hit back to the young
     * one); when the young one is full it becomes the old one. Frequent projections survive the
     * turnover, unlike with a cache that starts over.
     */
    twoValued = { young: new Map(), old: new Map(), youngChars: 0 };
    /**
     * The three-valued decisions keep generations of their own: records with unknown data are few,
     * and would otherwise be pushed out by the many two-valued keys between two of them.
     */
    threeValued = { young: new Map(), old: new Map(), youngChars: 0 };
    encoder = new TextEncoder();
    last = {
        store: this.twoValued,
        input: null,
        unknownKey: null,
        key: null,
        entry: null,
        buffer: null,
    };
    last3 = {
        store: this.threeValued,
        input: null,
        unknownKey: null,
        key: null,
        entry: null,
        buffer: null,
    };
    /** The projection key of the last input keyed, per way of keying the calls. */
    keyed = {
        set: {
            input: null,
            unknownKey: null,
            text: null,
        },
        ordered: {
            input: null,
            unknownKey: null,
            text: null,
        },
        'per-field': {
            input: null,
            unknownKey: null,
            text: null,
        },
    };
    /** The mask of each unknown set seen (few per sample; bounded all the same). */
    masks = new Map();
    maskOf(unknowns) {
        let mask = this.masks.get(unknowns.key);
        if (mask === undefined) {
            mask = this.projection.maskOf(unknowns.payload.unknown);
            if (this.masks.size >= 1_024)
                this.masks.clear();
            this.masks.set(unknowns.key, mask);
        }
        return mask;
    }
    hits = 0;
    misses = 0;
    /** What this cache evaluated since the last `learned()`, when sharing (else null). */
    fresh = null;
    /** From now on, remember every evaluation for `learned()`. */
    share() {
        this.fresh ??= [];
    }
    /** The decisions evaluated here since the last call (share() first), for other caches to learn. */
    learned() {
        const out = this.fresh ?? [];
        if (this.fresh !== null)
            this.fresh = [];
        return out;
    }
    /** Takes decisions another cache of the same policies evaluated (its learned()). */
    learn(decisions) {
        for (const d of decisions) {
            const store = d.threeValued ? this.threeValued : this.twoValued;
            let entry = this.lookup(store, d.key);
            if (entry === null) {
                entry = [];
                this.remember(store, d.key, entry);
            }
            entry[d.index] ??= d.decision;
        }
    }
    constructor(sides, limit = DECISION_CACHE_LIMIT) {
        this.sides = sides;
        this.limit = limit;
        this.projection = new InputProjection(sides.map((s) => s.policy));
    }
    /** The decision of side `index` on `input`. */
    evaluate(index, input, requestId) {
        const last = this.last;
        if (input !== last.input)
            this.select(last, input, null, 'set');
        const cached = last.entry?.[index];
        if (cached !== undefined) {
            this.hits++;
            return cached;
        }
        this.misses++;
        const decision = this.sides[index].engine.evaluate(this.inputBuffer(last, input, null), requestId);
        this.store(last, index, decision, false);
        return decision;
    }
    /** The three-valued decision of side `index` on `input` with `unknowns` unknown. */
    evaluateThreeValued(index, input, unknowns, requestId) {
        const last = this.last3;
        if (input !== last.input || unknowns.key !== last.unknownKey)
            // A three-valued key keeps what the unknown pointers can name: calls by index, or for an
            // unpaired batch each field's values (a pointer there names the field on every call).
            this.select(last, input, unknowns, unknowns.payload.unpaired ? 'per-field' : 'ordered');
        const cached = last.entry?.[index];
        if (cached !== undefined) {
            this.hits++;
            return cached;
        }
        this.misses++;
        const decision = this.sides[index].engine.evaluateThreeValued(this.inputBuffer(last, input, unknowns.payload), requestId);
        this.store(last, index, decision, true);
        return decision;
    }
    /**
     * A key under which records with unknowns share their unevaluable reasons: the unknown set and
     * each call's classes (not only each rule's OR and AND over the calls, as the decision's key
     * has: two records can agree on those while different conditions of theirs are U). Null: the
     * input cannot be keyed, the reasons are computed for the record alone.
     */
    reasonKey(input, unknowns) {
        const keying = unknowns.payload.unpaired ? 'per-field' : 'ordered';
        const projected = this.projection.key(input, keying, this.maskOf(unknowns), false);
        return projected === null ? null : `${unknowns.key}\0${projected}`;
    }
    select(last, input, unknowns, calls) {
        const unknownKey = unknowns?.key ?? null;
        last.input = input;
        last.unknownKey = unknownKey;
        const keyed = this.keyed[calls];
        if (input !== keyed.input || keyed.unknownKey !== unknownKey) {
            keyed.input = input;
            keyed.unknownKey = unknownKey;
            keyed.text = this.projection.key(input, calls, unknowns === null ? null : this.maskOf(unknowns));
        }
        const projected = keyed.text;
        // The unknown key is JSON text after a one-letter tag (no NUL can occur in it), so the NUL
        // separates the two parts unambiguously; two-valued keys carry no NUL at all.
        const key = projected === null ? null : unknownKey === null ? projected : `${unknownKey}\0${projected}`;
        // Long keys (a policy reading a large argument) almost never repeat, and caching them would
        // let memory grow with value size: bounded by count × MAX_KEY_LENGTH instead.
        last.key = key !== null && key.length <= MAX_KEY_LENGTH ? key : null;
        last.entry = last.key === null ? null : this.lookup(last.store, last.key);
        last.buffer = null;
    }
    store(last, index, decision, threeValued) {
        if (last.key === null)
            return;
        if (last.entry === null) {
            last.entry = [];
            this.remember(last.store, last.key, last.entry);
        }
        last.entry[index] = decision;
        this.fresh?.push({ threeValued, key: last.key, index, decision });
    }
    lookup(store, key) {
        const young = store.young.get(key);
        if (young !== undefined)
            return young;
        const old = store.old.get(key);
        if (old === undefined)
            return null;
        this.remember(store, key, old);
        return old;
    }
    remember(store, key, entry) {
        if (store.young.size >= this.limit || store.youngChars >= KEY_UNITS_PER_GENERATION) {
            store.old = store.young;
            store.young = new Map();
            store.youngChars = 0;
        }
        store.young.set(key, entry);
        store.youngChars += key.length;
    }
    /**
     * The projected input (with the unknown set under UNKNOWNS_KEY for the three-valued decision) as
     * JSON bytes in an ArrayBuffer, which opa-wasm copies into its memory without re-serialising;
     * made once per record for all sides. The buffer is allocated here (not taken from
     * TextEncoder.encode) so it belongs to this realm, the one opa-wasm's `instanceof ArrayBuffer`
     * checks against. The projection keeps only `request` and `identity`, so a record's own input
     * can never supply the unknown set.
     */
    inputBuffer(last, input, payload) {
        if (last.buffer === null) {
            const projected = this.projection.project(input);
            if (payload !== null)
                projected[UNKNOWNS_KEY] = payload;
            const text = JSON.stringify(projected);
            last.buffer = new ArrayBuffer(Buffer.byteLength(text, 'utf8'));
            this.encoder.encodeInto(text, new Uint8Array(last.buffer));
        }
        return last.buffer;
    }
}

;// CONCATENATED MODULE: ./build/replay/unknownSides.js







const UNEVALUABLE_MODES = ['precise', 'static'];
/** Distinct unknown sets remembered at a time; a sample has few, this only bounds memory. */
const KEY_LIMIT = 1_024;
/** Reasons kept per reason key before the map starts over (as many as the decision cache holds). */
const REASONS_LIMIT = DECISION_CACHE_LIMIT;
class UnknownsJudge {
    mode;
    sides;
    cache;
    readings;
    byKey = new Map();
    /**
     * The reasons of undecided records by DecisionCache.reasonKey: records sharing that key have the
     * same conditions U, so the reference evaluator runs once per key, not once per record.
     */
    reasonsOf = new Map();
    constructor(mode, sides, cache) {
        this.mode = mode;
        this.sides = sides;
        this.cache = cache;
        this.readings = sides.map((side) => readingOf(side.policy));
    }
    infoOf(record, key) {
        let info = this.byKey.get(key);
        if (info === undefined) {
            const pointers = unknownPointers(record);
            const unpaired = record.unpaired ?? null;
            info = {
                payload: unknownsPayload(pointers, unpaired),
                readingBits: this.readings.map((reading) => readingReasonBits(reading, { pointers, unpaired })),
                threeValued: this.readings.map((reading) => readingReasonBits(reading, { pointers, unpaired: null }) !== 0 ||
                    (unpaired !== null && reading.denyCombinesCallFields)),
            };
            if (this.byKey.size >= KEY_LIMIT)
                this.byKey.clear();
            this.byKey.set(key, info);
        }
        return info;
    }
    /**
     * Judges side `index` on a record that has unknowns (traffic/unknowns.ts hasUnknowns); `input`
     * is its evaluation input (an unpaired batch paired). `withReasons`: name the reasons of an
     * unevaluable result (the primary side; the base's are never reported).
     */
    judge(index, record, input, withReasons) {
        const key = unknownKey(record);
        const info = this.infoOf(record, key);
        const bits = info.readingBits[index];
        const byReading = bits !== 0;
        if (!byReading || (this.mode === 'precise' && !info.threeValued[index])) {
            const decision = this.cache.evaluate(index, input, record.request_id);
            return { truth: decision.allow ? 2 : 0, decision, reasons: 0, byReading };
        }
        if (this.mode === 'static')
            return { truth: 1, decision: null, reasons: bits, byReading };
        const side = this.sides[index];
        const decision = this.cache.evaluateThreeValued(index, input, { key, payload: info.payload }, record.request_id);
        if (decision.allow !== 1) {
            const decided = {
                allow: decision.allow === 2,
                matched_rule_ids: decision.matched_rule_ids,
                missing_context_rule_ids: decision.missing_context_rule_ids,
            };
            return { truth: decision.allow, decision: decided, reasons: 0, byReading };
        }
        if (!withReasons)
            return { truth: 1, decision: null, reasons: 0, byReading };
        const reasonKey = this.cache.reasonKey(input, { key, payload: info.payload });
        const known = reasonKey === null ? undefined : this.reasonsOf.get(reasonKey);
        if (known !== undefined)
            return { truth: 1, decision: null, reasons: known, byReading };
        const reference = evaluateReferenceThreeValued(side.policy, record.input, unknowns_unknownDataOf(record));
        if (reference.allow !== 1) {
            throw new EvaluationError(side.engine.name, record.request_id, new Error(`opa-wasm finds the record unevaluable but the reference evaluator decides ${reference.allow === 2 ? 'allow' : 'deny'}; ` +
                'the two three-valued evaluations must agree (docs/unknowns.md), please report this record'));
        }
        let reasons = 0;
        for (const reason of reference.reasons)
            reasons |= REASON_BIT[reason];
        if (reasonKey !== null) {
            if (this.reasonsOf.size >= REASONS_LIMIT)
                this.reasonsOf.clear();
            this.reasonsOf.set(reasonKey, reasons);
        }
        return { truth: 1, decision: null, reasons, byReading };
    }
}

;// CONCATENATED MODULE: ./build/action/inputs.js
/**
 * Every Action input, read and validated once into a typed Settings object (the pattern of
 * actions/checkout's input-helper). Nothing after this module looks at a raw input string.
 */








/** A bad input value. The message quotes the value and says what was expected. */
class InputError extends Error {
    input;
    value;
    code = 'invalid-input';
    constructor(
    /** The input's name as in action.yml, e.g. `max-changes`. */
    input, 
    /** The value as given (trimmed). */
    value, message) {
        super(message);
        this.input = input;
        this.value = value;
        this.name = 'InputError';
    }
}
/** Every input name, as spelled in action.yml. */
const INPUT_NAMES = (/* unused pure expression or super */ null && ([
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
    'opa-sha256',
    'opa-download-url',
    'mode',
    'unevaluable',
    'token-login',
    'limits',
    'comment-id',
    'comment-file',
    'pull-request-file',
]));
const DEFAULTS = {
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
};
/**
 * Splits a list input on newlines and on commas that are not inside `{…}` or `[…]` (so the
 * default `policies/**\/*.{json,yaml,yml}` stays one pattern). Items are trimmed; empty items and
 * lines starting with `#` are dropped.
 */
function splitList(text) {
    const items = [];
    for (const line of text.split(/\r?\n/)) {
        if (line.trim().startsWith('#'))
            continue;
        let depth = 0;
        let current = '';
        for (const ch of line) {
            if (ch === '{' || ch === '[')
                depth++;
            else if ((ch === '}' || ch === ']') && depth > 0)
                depth--;
            if (ch === ',' && depth === 0) {
                items.push(current);
                current = '';
            }
            else
                current += ch;
        }
        items.push(current);
    }
    return items.map((item) => item.trim()).filter((item) => item !== '');
}
function balanced(pattern) {
    const stack = [];
    const pairs = { '}': '{', ']': '[' };
    for (const ch of pattern) {
        if (ch === '{' || ch === '[')
            stack.push(ch);
        else if (ch === '}' || ch === ']') {
            if (stack.pop() !== pairs[ch])
                return false;
        }
    }
    return stack.length === 0;
}
function parsePolicies(raw) {
    const globs = splitList(raw === '' ? DEFAULTS.policies : raw).map((glob) => {
        const negated = glob.startsWith('!');
        const body = (negated ? glob.slice(1) : glob).replace(/^(\.\/)+/, '');
        if (body === '' ||
            body.startsWith('/') ||
            /^[A-Za-z]:[\\/]/.test(body) ||
            body.split('/').includes('..')) {
            throw new InputError('policies', raw, `Invalid policies pattern '${glob}'. Expected a glob relative to the repository root, e.g. ${DEFAULTS.policies}.`);
        }
        if (!balanced(body)) {
            throw new InputError('policies', raw, `Invalid policies pattern '${glob}'. Its braces or brackets are unbalanced.`);
        }
        return negated ? `!${body}` : body;
    });
    if (!globs.some((glob) => !glob.startsWith('!'))) {
        throw new InputError('policies', raw, `Invalid policies '${raw}'. Expected at least one pattern that selects files (not only '!' exclusions).`);
    }
    return [...new Set(globs)];
}
/**
 * A predicate for repository-relative paths: matched by some including pattern and by no `!`
 * pattern. Dotfiles and dot-directories match too, so no policy is skipped for its name.
 */
function policyMatcher(globs) {
    const include = globs.filter((g) => !g.startsWith('!'));
    const exclude = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
    // `flags: 's'`: a path segment may hold a line break (git allows it), and such a policy must not
    // be skipped silently.
    const isIncluded = include.length > 0 ? picomatch(include, { dot: true, flags: 's' }) : () => false;
    const isExcluded = exclude.length > 0 ? picomatch(exclude, { dot: true, flags: 's' }) : () => false;
    return (path) => {
        const normalized = path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
        return isIncluded(normalized) && !isExcluded(normalized);
    };
}
/** Placeholders a traffic/manifests template may use. */
const TEMPLATE_PLACEHOLDERS = ['name', 'dir', 'path'];
function parseTemplate(input, raw) {
    if (raw === '')
        return null;
    // `{a,b}` is glob-brace syntax, not a placeholder; only a bare word in braces is a placeholder.
    for (const m of raw.matchAll(/\{([^{},]*)\}/g)) {
        const name = m[1] ?? '';
        if (!TEMPLATE_PLACEHOLDERS.includes(name)) {
            throw new InputError(input, raw, `Invalid ${input} '${raw}'. Unknown placeholder '{${name}}'; expected {name}, {dir} or {path}.`);
        }
    }
    if (/[{}]/.test(raw.replace(/\{(name|dir|path)\}/g, ''))) {
        throw new InputError(input, raw, `Invalid ${input} '${raw}'. Braces may only surround a placeholder: {name}, {dir} or {path}.`);
    }
    return raw;
}
/**
 * Fills a traffic/manifests template for one policy file (repository-relative, `/`-separated):
 * `{name}` = file name without its last extension, `{dir}` = its directory (`.` at the root),
 * `{path}` = the path without its last extension. `policies/team/acme.yaml` →
 * name `acme`, dir `policies/team`, path `policies/team/acme`.
 */
function expandPathTemplate(template, policyPath) {
    const normalized = policyPath.replace(/\\/g, '/');
    const slash = normalized.lastIndexOf('/');
    const dir = slash === -1 ? '.' : normalized.slice(0, slash);
    const file = normalized.slice(slash + 1);
    const dot = file.lastIndexOf('.');
    const name = dot > 0 ? file.slice(0, dot) : file;
    const path = slash === -1 ? name : `${dir}/${name}`;
    const values = { name, dir, path };
    return template.replace(/\{(name|dir|path)\}/g, (_, key) => values[key] ?? '');
}
/** The decision-log inputs, each checked as the CLI checks its flag. */
function parseDecisionLogInputs(get) {
    const text = {
        decisionPath: get('decision-path') || null,
        decisionField: get('decision-field') || null,
        bundle: get('bundle') || null,
        manifestIdField: get('manifest-id-field') || null,
    };
    try {
        parseDecisionLogOptions(text);
    }
    catch (error) {
        if (error instanceof DecisionLogOptionError)
            throw new InputError(error.option, error.value, error.message);
        throw error;
    }
    return text;
}
function parseCountInput(name, raw, fallback) {
    if (raw === '')
        return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) {
        throw new InputError(name, raw, `Invalid ${name} '${raw}'. Expected a whole number ≥ 0.`);
    }
    return n;
}
function parseFailOnInput(raw) {
    try {
        return parseFailOn(raw);
    }
    catch (error) {
        if (error instanceof FailOnError)
            throw new InputError('fail-on', raw, error.message);
        throw error;
    }
}
function parseChoice(input, raw, choices, fallback) {
    if (raw === '')
        return fallback;
    const lower = raw.toLowerCase();
    if (choices.includes(lower))
        return lower;
    const expected = choices.length === 2 ? `${choices[0]} or ${choices[1]}` : `one of ${choices.join(', ')}`;
    throw new InputError(input, raw, `Invalid ${input} '${raw}'. Expected ${expected}.`);
}
function parseOpaVersion(raw) {
    if (raw === '')
        return DEFAULTS.opaVersion;
    const m = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(raw);
    if (!m || m[1] === undefined) {
        throw new InputError('opa-version', raw, `Invalid opa-version '${raw}'. Expected an exact OPA release such as ${OPA_VERSION}.`);
    }
    return m[1];
}
function parseSha256(raw) {
    if (raw === '')
        return null;
    if (!/^[0-9a-fA-F]{64}$/.test(raw)) {
        throw new InputError('opa-sha256', raw, `Invalid opa-sha256 '${raw}'. Expected 64 hexadecimal characters: the SHA-256 of the OPA release binary for this runner.`);
    }
    return raw.toLowerCase();
}
function parseDownloadUrl(raw) {
    if (raw === '')
        return DEFAULTS.opaDownloadUrl;
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (url === null ||
        (url.protocol !== 'https:' && url.protocol !== 'http:') ||
        url.search !== '' ||
        url.hash !== '') {
        throw new InputError('opa-download-url', raw, `Invalid opa-download-url '${raw}'. Expected an http(s) base URL without query or fragment, e.g. ${DEFAULT_OPA_DOWNLOAD_URL}.`);
    }
    return raw.replace(/\/+$/, '');
}
/**
 * `redact: auto` hashes subjects unless the repository is known to be private or internal: an
 * unknown visibility is treated as public, because leaking subjects is the costlier mistake.
 */
function resolveRedact(redact, visibility) {
    if (redact === 'subjects')
        return true;
    if (redact === 'none')
        return false;
    return visibility !== 'private' && visibility !== 'internal';
}
/** The repository's visibility from a webhook payload (`repository.visibility`, else `repository.private`). */
function repositoryVisibility(payload) {
    const repo = payload?.repository;
    if (repo === undefined || repo === null)
        return null;
    if (repo.visibility === 'public' || repo.visibility === 'private' || repo.visibility === 'internal')
        return repo.visibility;
    if (typeof repo.private === 'boolean')
        return repo.private ? 'private' : 'public';
    return null;
}
/**
 * The mode for this run. `auto` picks `pull-request` for pull_request / pull_request_target
 * events and `drift` for schedule / workflow_dispatch; any other event needs an explicit mode.
 * `post-comment` is never automatic: it posts a file an earlier run left, and must be asked for.
 */
function resolveMode(mode, eventName) {
    if (mode !== 'auto')
        return mode;
    if (eventName === 'pull_request' || eventName === 'pull_request_target')
        return 'pull-request';
    if (eventName === 'schedule' || eventName === 'workflow_dispatch')
        return 'drift';
    throw new InputError('mode', mode, `Invalid mode 'auto' for the '${eventName}' event. Expected a pull_request, schedule or workflow_dispatch event, or set mode: pull-request or mode: drift.`);
}
/** A GitHub login: letters, digits and single hyphens, optionally an App's `[bot]` suffix. */
function parseLogin(raw) {
    if (raw === '')
        return null;
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(\[bot\])?$/.test(raw)) {
        throw new InputError('token-login', raw, `Invalid token-login '${raw}'. Expected a GitHub login such as my-app[bot] or octocat.`);
    }
    return raw;
}
function parseLimitsInput(raw) {
    if (raw === '')
        return { ...limits_DEFAULT_LIMITS };
    try {
        return parseLimitsList(raw);
    }
    catch (error) {
        if (error instanceof LimitError)
            throw new InputError('limits', raw, error.message);
        throw error;
    }
}
/**
 * A marker suffix: it names the comment in its hidden marker and the comment file, so it is kept
 * to characters that are safe in both.
 */
function parseCommentId(raw) {
    if (raw === '')
        return null;
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9_.]|-(?!-)){0,63}$/.test(raw)) {
        throw new InputError('comment-id', raw, `Invalid comment-id '${raw}'. Expected up to 64 letters, digits, '_', '.' or single '-', starting with a letter or digit, e.g. security-policies.`);
    }
    return raw;
}
/** Reads and validates every input. Throws InputError on the first bad value. */
function parseSettings(read, context) {
    const get = (name) => read(name).trim();
    const githubToken = get('github-token');
    if (githubToken === '') {
        throw new InputError('github-token', '', 'Missing github-token. Expected a token, e.g. the default ${{ github.token }} with pull-requests: write (and issues: write for drift).');
    }
    const opaPath = get('opa-path') || null;
    const opaSha256 = parseSha256(get('opa-sha256'));
    if (opaPath !== null && opaSha256 !== null) {
        throw new InputError('opa-sha256', opaSha256, `Invalid opa-sha256 '${opaSha256}' together with opa-path '${opaPath}'. opa-sha256 verifies a downloaded OPA; opa-path skips the download. Set only one.`);
    }
    const redact = parseChoice('redact', get('redact'), ['subjects', 'none', 'auto'], DEFAULTS.redact);
    const mode = parseChoice('mode', get('mode'), ['auto', 'pull-request', 'drift', 'post-comment'], DEFAULTS.mode);
    // The two files of post-comment mode belong to it alone: set elsewhere, they would be ignored.
    const commentFile = get('comment-file') || null;
    const pullRequestFile = get('pull-request-file') || null;
    for (const [input, value] of [
        ['comment-file', commentFile],
        ['pull-request-file', pullRequestFile],
    ]) {
        if (mode === 'post-comment' && value === null) {
            throw new InputError(input, '', `Missing ${input}. mode: post-comment posts the comment file of an earlier run on the pull request its number file names; set both comment-file and pull-request-file.`);
        }
        if (mode !== 'post-comment' && value !== null) {
            throw new InputError(input, value, `Invalid ${input} '${value}' with mode: ${mode}. ${input} is read only by mode: post-comment.`);
        }
    }
    return {
        githubToken,
        policies: parsePolicies(get('policies')),
        traffic: parseTemplate('traffic', get('traffic')),
        manifests: parseTemplate('manifests', get('manifests')),
        ...parseDecisionLogInputs(get),
        maxChanges: parseCountInput('max-changes', get('max-changes'), DEFAULTS.maxChanges),
        maxGroups: parseCountInput('max-groups', get('max-groups'), DEFAULTS.maxGroups),
        failOn: parseFailOnInput(get('fail-on')),
        comment: parseChoice('comment', get('comment'), ['update', 'off'], DEFAULTS.comment),
        redact,
        redactSubjects: resolveRedact(redact, context.visibility),
        opaVersion: parseOpaVersion(get('opa-version')),
        opaPath,
        opaSha256,
        opaDownloadUrl: parseDownloadUrl(get('opa-download-url')),
        mode,
        unevaluable: parseChoice('unevaluable', get('unevaluable'), UNEVALUABLE_MODES, DEFAULTS.unevaluable),
        tokenLogin: parseLogin(get('token-login')),
        limits: parseLimitsInput(get('limits')),
        commentId: parseCommentId(get('comment-id')),
        commentFile,
        pullRequestFile,
    };
}
/** The runner's inputs (`INPUT_<NAME>`, hyphens kept) through @actions/core. */
const coreInputReader = (name) => core/* getInput */.V4(name);
/**
 * Settings for this runner: inputs via @actions/core, repository visibility from the event
 * payload at $GITHUB_EVENT_PATH (unreadable → unknown, which `redact: auto` treats as public).
 */
function readSettings(env = process.env, read = coreInputReader) {
    let visibility = null;
    const eventPath = env.GITHUB_EVENT_PATH;
    if (eventPath) {
        try {
            visibility = repositoryVisibility(JSON.parse((0,external_node_fs_.readFileSync)(eventPath, 'utf8')));
        }
        catch {
            visibility = null;
        }
    }
    return parseSettings(read, { visibility });
}

// EXTERNAL MODULE: ./build/action/eventPayload.js
var eventPayload = __webpack_require__(9961);
;// CONCATENATED MODULE: ./build/action/context.js

class ContextError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ContextError';
    }
}
function readRunContext(env) {
    const repository = env.GITHUB_REPOSITORY ?? '';
    const [owner, repo] = repository.split('/');
    if (!owner || !repo)
        throw new ContextError(`GITHUB_REPOSITORY '${repository}' is not owner/name`);
    const payload = (0,eventPayload/* readEventPayload */.N)(env);
    if (!payload.ok)
        throw new ContextError(payload.message);
    const event = payload.event;
    return {
        eventName: env.GITHUB_EVENT_NAME ?? '',
        event,
        owner,
        repo,
        workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
        apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
        serverUrl: (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''),
        runId: env.GITHUB_RUN_ID ?? null,
        sha: env.GITHUB_SHA ?? null,
        tempDir: env.RUNNER_TEMP ?? env.TMPDIR ?? '/tmp',
    };
}
function pullRequestNumber(context) {
    const pr = context.event.pull_request;
    const n = pr?.number ?? context.event.number;
    return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

;// CONCATENATED MODULE: ./build/gate/gateFacts.js
/** What the gate needs to know about one policy's report (a replay or a drift report). */
function gateFactsOf(report, extra = {}) {
    if (report.result && 'drift_total' in report.result) {
        const d = report.result;
        const fidelity = d.fidelity;
        return {
            path: report.meta.head?.path ?? '',
            invalid: false,
            noTraffic: false,
            evaluated: d.evaluated,
            unevaluable: d.unevaluable,
            changesTotal: 0,
            newlyAllowed: 0,
            newlyDenied: 0,
            malformed: d.malformed.count,
            fidelityWorst: fidelity?.worst ?? null,
            blockingGaps: fidelity ? fidelity.blocking_gaps.reduce((sum, g) => sum + g.manifests, 0) : 0,
            driftTotal: d.drift_total,
            ...extra,
        };
    }
    const r = report.result;
    const fidelity = r?.fidelity;
    return {
        path: report.meta.head?.path ?? report.meta.base?.path ?? '',
        invalid: report.errors.length > 0,
        noTraffic: false,
        deleted: report.meta.status === 'deleted',
        evaluated: r?.evaluated ?? 0,
        unevaluable: r?.unevaluable ?? 0,
        changesTotal: r?.changes_total ?? 0,
        newlyAllowed: r?.newly_allowed ?? 0,
        newlyDenied: r?.newly_denied ?? 0,
        malformed: r?.malformed.count ?? 0,
        fidelityWorst: fidelity?.worst ?? null,
        blockingGaps: fidelity ? fidelity.blocking_gaps.reduce((sum, g) => sum + g.manifests, 0) : 0,
        ...extra,
    };
}

;// CONCATENATED MODULE: ./build/git/repository.js
/**
 * The project's one way of running git: reads policy files, file lists and the tracked files of
 * the workspace's repository. Every call is
 * `execFile('git', [...])` with an argument array: no shell, so no value from a pull request
 * (paths, refs) can be interpreted as shell syntax, and commit ids are checked to be hex first so
 * none can be read as an option either.
 */

/** A git command failed (missing commit, unreachable remote, not a repository, …). */
class GitError extends Error {
    args;
    exitCode;
    stderr;
    name = 'GitError';
    kind = 'git';
    constructor(args, exitCode, stderr, message) {
        super(message);
        this.args = args;
        this.exitCode = exitCode;
        this.stderr = stderr;
    }
}
const SHA_PATTERN = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
/** Policy files are small, but a 3000-file name-status listing is not; stay well clear of the default 1 MiB. */
const MAX_BUFFER = 256 * 1024 * 1024;
function runGit(cwd, args) {
    return new Promise((resolve, reject) => {
        (0,external_node_child_process_.execFile)('git', [...args], {
            cwd,
            encoding: 'buffer',
            maxBuffer: MAX_BUFFER,
            // Never block on a credential prompt in CI, and keep messages in one language for parsing.
            env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
        }, (error, stdout, stderr) => {
            const stderrText = stderr.toString('utf8').trim();
            if (error) {
                const code = typeof error.code === 'number' ? error.code : null;
                const detail = stderrText || error.message;
                reject(new GitError(args, code, stderrText, `git ${args[0] ?? ''} failed: ${detail}`));
                return;
            }
            resolve({ stdout, stderr: stderrText });
        });
    });
}
function checkSha(sha) {
    if (!SHA_PATTERN.test(sha)) {
        throw new GitError([], null, '', `'${sha}' is not a full commit id (40 or 64 hex digits)`);
    }
}
/** True when the commit object is in the local repository. */
async function hasCommit(cwd, sha) {
    checkSha(sha);
    try {
        await runGit(cwd, ['cat-file', '-e', `${sha}^{commit}`]);
        return true;
    }
    catch (error) {
        if (error instanceof GitError && error.exitCode !== null)
            return false;
        throw error;
    }
}
/**
 * Makes sure every commit is present, fetching the missing ones from `remote` in one call. A
 * shallow checkout (actions/checkout's default depth 1) gets `--depth=1` so the fetch stays
 * small; a full clone must not get it, or the fetch would make it shallow.
 */
async function ensureCommits(cwd, shas, remote = 'origin') {
    const missing = [];
    for (const sha of new Set(shas)) {
        if (!(await hasCommit(cwd, sha)))
            missing.push(sha);
    }
    if (missing.length === 0)
        return;
    const shallow = (await runGit(cwd, ['rev-parse', '--is-shallow-repository'])).stdout
        .toString('utf8')
        .trim();
    const depth = shallow === 'true' ? ['--depth=1'] : [];
    try {
        await runGit(cwd, ['fetch', '--no-tags', '--no-recurse-submodules', ...depth, remote, ...missing]);
    }
    catch (error) {
        const detail = error instanceof GitError ? error.stderr || error.message : String(error);
        throw new GitError(['fetch', remote, ...missing], error instanceof GitError ? error.exitCode : null, detail, `commit(s) ${missing.join(', ')} are not in the checkout and could not be fetched from '${remote}': ${detail}`);
    }
    for (const sha of missing) {
        if (!(await hasCommit(cwd, sha))) {
            throw new GitError(['cat-file', '-e', sha], null, '', `commit ${sha} is still missing after fetching it`);
        }
    }
}
/**
 * The content of `path` (relative to the repository root) at commit `sha`, or null when no file
 * exists there at that commit. A missing commit is an error, not null: reporting "absent" for a
 * commit we simply do not have would make a changed policy look deleted or added.
 */
async function readFileAtCommit(cwd, sha, path) {
    if (!(await hasCommit(cwd, sha))) {
        throw new GitError(['cat-file', '-e', sha], null, '', `commit ${sha} is not in the checkout`);
    }
    const spec = `${sha}:${path.replace(/^\.?\/+/, '')}`;
    let type;
    try {
        type = (await runGit(cwd, ['cat-file', '-t', spec])).stdout.toString('utf8').trim();
    }
    catch (error) {
        if (error instanceof GitError && error.exitCode !== null)
            return null;
        throw error;
    }
    // A directory (or submodule) by that name is not a policy file.
    if (type !== 'blob')
        return null;
    return (await runGit(cwd, ['cat-file', 'blob', spec])).stdout.toString('utf8');
}
/** The merge base of two present commits, or null when the local history cannot tell (shallow). */
async function mergeBase(cwd, base, head) {
    checkSha(base);
    checkSha(head);
    try {
        const out = (await runGit(cwd, ['merge-base', base, head])).stdout.toString('utf8').trim();
        return SHA_PATTERN.test(out) ? out : null;
    }
    catch (error) {
        if (error instanceof GitError && error.exitCode !== null)
            return null;
        throw error;
    }
}
function statusOf(code) {
    switch (code[0]) {
        case 'A':
            return 'added';
        case 'M':
            return 'modified';
        case 'D':
            return 'removed';
        case 'R':
            return 'renamed';
        case 'C':
            return 'copied';
        case 'T':
            return 'changed';
        default:
            return undefined;
    }
}
/** Parses `git diff --name-status -z` output: status NUL path [NUL path] per entry. */
function parseNameStatus(output) {
    const fields = output.split('\0');
    if (fields[fields.length - 1] === '')
        fields.pop();
    const files = [];
    for (let i = 0; i < fields.length;) {
        const code = fields[i++] ?? '';
        const status = statusOf(code);
        if (status === undefined)
            throw new GitError(['diff'], null, '', `unexpected git diff status '${code}'`);
        if (status === 'renamed' || status === 'copied') {
            const from = fields[i++];
            const to = fields[i++];
            if (from === undefined || to === undefined) {
                throw new GitError(['diff'], null, '', `truncated git diff entry for status '${code}'`);
            }
            files.push({ filename: to, status, previous_filename: from });
        }
        else {
            const name = fields[i++];
            if (name === undefined)
                throw new GitError(['diff'], null, '', `truncated git diff entry for status '${code}'`);
            files.push({ filename: name, status });
        }
    }
    return files;
}
/**
 * The files changed between two commits, as the pull-request files API reports them: the diff
 * from `from` to `to` with rename detection. Pass the merge base as `from` to get the PR's view
 * (`base...head`). Both commits must be present (see `ensureCommits`).
 */
async function diffNameStatus(cwd, from, to) {
    checkSha(from);
    checkSha(to);
    const { stdout } = await runGit(cwd, [
        // Past git's rename limit renames come out as add + delete: both names are still listed, so no
        // policy is missed, and an exhaustive rename search over thousands of files could take minutes.
        'diff',
        '--no-ext-diff',
        '--no-textconv',
        '--name-status',
        '-z',
        '-M',
        from,
        to,
        '--',
    ]);
    return parseNameStatus(stdout.toString('utf8'));
}
/** The files git tracks in the work tree at `cwd` (repository-relative, `/`-separated). */
async function trackedFiles(cwd) {
    const { stdout } = await runGit(cwd, ['ls-files', '-z']);
    return stdout
        .toString('utf8')
        .split('\0')
        .filter((p) => p !== '');
}

;// CONCATENATED MODULE: ./build/github/pullFiles.js

/** The REST API's documented ceiling for `GET /pulls/{n}/files`. */
const PULL_FILES_API_CAP = 3000;
/** The file list could not be obtained completely: the run must fail rather than skip files. */
class PullFilesIncompleteError extends Error {
    pullNumber;
    listed;
    changedFiles;
    name = 'PullFilesIncompleteError';
    kind = 'pull-files-incomplete';
    constructor(pullNumber, listed, changedFiles, message, cause) {
        super(message, cause === undefined ? undefined : { cause });
        this.pullNumber = pullNumber;
        this.listed = listed;
        this.changedFiles = changedFiles;
    }
}
async function listPullFiles(client, options) {
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
    }
    catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new PullFilesIncompleteError(options.pullNumber, listed.length, pull.changedFiles, `pull request #${options.pullNumber} changes ${pull.changedFiles} files but the GitHub API listed only ` +
            `${listed.length} (it stops at ${PULL_FILES_API_CAP}), and git could not list them between ` +
            `${pull.baseSha} and ${pull.headSha}: ${detail}. Check out the repository with enough history ` +
            `(actions/checkout with fetch-depth: 0) so no policy is skipped.`, error);
    }
}
function toPullFile(file) {
    return file.previous_filename === undefined
        ? { filename: file.filename, status: file.status }
        : { filename: file.filename, status: file.status, previous_filename: file.previous_filename };
}

;// CONCATENATED MODULE: ./build/traffic/requestIdTable.js
/**
 * The request ids a sample has used so far, each with the line of its first record: what catches a
 * repeated request_id, and the one structure of the replay
 * that grows with the sample. A JS Map of a million ids costs ~75 MB of live heap and, since V8
 * sizes the heap to a multiple of what is live, ~110 MB of heap; here the ids' UTF-8 bytes, their
 * hashes and lines sit in typed arrays off the JS heap (~40 bytes an id of 16 characters, no
 * collection). Exact: a hash match is confirmed on the bytes; an id that is not well-formed
 * UTF-16 (a lone surrogate, which UTF-8 cannot carry) is kept in a Map instead.
 */
const requestIdTable_PAGE_BYTES = 1 << 20;
const INITIAL_ENTRIES = 1 << 12;
class requestIdTable_RequestIdTable {
    /** The ids' bytes, in pages (no copying as the table grows); entry i at offsets[i]. */
    pages = [];
    pageUsed = requestIdTable_PAGE_BYTES;
    offsets = new Float64Array(INITIAL_ENTRIES);
    lengths = new Uint32Array(INITIAL_ENTRIES);
    lines = new Float64Array(INITIAL_ENTRIES);
    hashes = new Uint32Array(INITIAL_ENTRIES);
    /** Open addressing, linear probing: entry index + 1, 0 for an empty slot; at most half full. */
    slots = new Int32Array(INITIAL_ENTRIES * 2);
    count = 0;
    scratch = new Uint8Array(256);
    encoder = new TextEncoder();
    illFormed = new Map();
    get size() {
        return this.count + this.illFormed.size;
    }
    /**
     * The line `id` was first claimed on; when it was not claimed yet, claims it for `line` and
     * returns undefined.
     */
    claim(id, line) {
        if (!id.isWellFormed()) {
            const first = this.illFormed.get(id);
            if (first === undefined)
                this.illFormed.set(id, line);
            return first;
        }
        const length = this.encode(id);
        const bytes = this.scratch;
        let hash = 0x811c9dc5;
        for (let i = 0; i < length; i++)
            hash = Math.imul(hash ^ bytes[i], 0x01000193);
        hash >>>= 0;
        const mask = this.slots.length - 1;
        for (let slot = hash & mask;; slot = (slot + 1) & mask) {
            const entry = this.slots[slot] - 1;
            if (entry < 0) {
                this.insert(slot, hash, length, line);
                return undefined;
            }
            if (this.hashes[entry] === hash && this.sameBytes(entry, length))
                return this.lines[entry];
        }
    }
    /** UTF-8 of `id` into the scratch buffer; returns its length. */
    encode(id) {
        // Three bytes per UTF-16 unit is the most UTF-8 can need.
        if (this.scratch.length < id.length * 3)
            this.scratch = new Uint8Array(id.length * 3);
        return this.encoder.encodeInto(id, this.scratch).written;
    }
    sameBytes(entry, length) {
        if (this.lengths[entry] !== length)
            return false;
        const at = this.offsets[entry];
        const page = this.pages[Math.floor(at / requestIdTable_PAGE_BYTES)];
        const start = at % requestIdTable_PAGE_BYTES;
        const bytes = this.scratch;
        for (let i = 0; i < length; i++)
            if (page[start + i] !== bytes[i])
                return false;
        return true;
    }
    insert(slot, hash, length, line) {
        const entry = this.count++;
        if (entry === this.hashes.length)
            this.growEntries();
        // An id longer than a page gets a page of its own.
        if (this.pageUsed + length > requestIdTable_PAGE_BYTES || this.pages.length === 0) {
            this.pages.push(new Uint8Array(Math.max(requestIdTable_PAGE_BYTES, length)));
            this.pageUsed = 0;
        }
        const pageIndex = this.pages.length - 1;
        this.pages[pageIndex].set(this.scratch.subarray(0, length), this.pageUsed);
        // A long id starts its own page at 0 and fills it, so an offset still names one page.
        this.offsets[entry] = pageIndex * requestIdTable_PAGE_BYTES + this.pageUsed;
        this.pageUsed += length;
        this.lengths[entry] = length;
        this.lines[entry] = line;
        this.hashes[entry] = hash;
        this.slots[slot] = entry + 1;
        if (this.count * 2 > this.slots.length)
            this.rehash();
    }
    growEntries() {
        const grow = (a, make) => {
            const b = make(a.length * 2);
            b.set(a);
            return b;
        };
        this.offsets = grow(this.offsets, (n) => new Float64Array(n));
        this.lengths = grow(this.lengths, (n) => new Uint32Array(n));
        this.lines = grow(this.lines, (n) => new Float64Array(n));
        this.hashes = grow(this.hashes, (n) => new Uint32Array(n));
    }
    rehash() {
        const slots = new Int32Array(this.slots.length * 2);
        const mask = slots.length - 1;
        for (let entry = 0; entry < this.count; entry++) {
            let slot = this.hashes[entry] & mask;
            while (slots[slot] !== 0)
                slot = (slot + 1) & mask;
            slots[slot] = entry + 1;
        }
        this.slots = slots;
    }
}

;// CONCATENATED MODULE: ./build/traffic/sampleFiles.js




/** The most files one sample may have (report positions encode the file's index). */
const MAX_SAMPLE_FILES = 1 << 20;
function compareShown(a, b) {
    return a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0;
}
function toShown(path) {
    const slashed = path.replace(/\\/g, '/');
    const normalized = external_node_path_.posix.normalize(slashed);
    return normalized === '.' ? slashed : normalized;
}
function sampleFiles_describe(error) {
    const code = error?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
        return 'no such file or directory';
    if (code === 'EACCES' || code === 'EPERM')
        return 'permission denied';
    return error instanceof Error ? error.message : String(error);
}
async function walkDirectory(dir, out) {
    let dirents;
    try {
        dirents = await (0,promises_.readdir)(dir.path, { withFileTypes: true });
    }
    catch (error) {
        throw new TrafficReadError(dir.shown, `cannot list the directory: ${sampleFiles_describe(error)}`);
    }
    for (const dirent of dirents) {
        if (dirent.name.startsWith('.'))
            continue;
        const child = {
            shown: `${dir.shown.replace(/\/+$/, '')}/${dirent.name}`,
            path: (0,external_node_path_.join)(dir.path, dirent.name),
        };
        if (dirent.isDirectory())
            await walkDirectory(child, out);
        else if (dirent.isFile())
            out.push(child);
        else if (dirent.isSymbolicLink()) {
            const info = await (0,promises_.stat)(child.path).catch(() => null);
            if (info?.isFile())
                out.push(child);
        }
    }
}
/**
 * The files a glob matches whose name `accept`s, sorted by the path as shown. The glob part is the
 * same in both spellings of `source`; only the base differs (workspace-relative as shown, absolute
 * as read). Directories starting with `.` and `node_modules` are not entered; a base that does not
 * exist matches nothing. Shared with `replay --manifests` (fidelity/report.ts).
 */
async function globFiles(source, accept = () => true) {
    const read = picomatch.scan(source.path);
    const shown = picomatch.scan(toShown(source.shown));
    const isMatch = picomatch(read.glob);
    const root = `${read.prefix}${read.base}` || '.';
    const shownBase = `${shown.prefix}${shown.base}`.replace(/^\.\//, '').replace(/\/+$/, '');
    // picomatch.scan does not flag `**` without its scanToEnd option: look for it.
    const maxDepth = read.glob.includes('**') ? Infinity : read.glob.split('/').length;
    const out = [];
    const walk = async (dir, relative, depth) => {
        let dirents;
        try {
            dirents = await (0,promises_.readdir)(dir, { withFileTypes: true });
        }
        catch {
            return;
        }
        for (const dirent of dirents) {
            const candidate = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
            const path = (0,external_node_path_.join)(dir, dirent.name);
            if (dirent.isDirectory()) {
                if (depth < maxDepth && !dirent.name.startsWith('.') && dirent.name !== 'node_modules')
                    await walk(path, candidate, depth + 1);
                continue;
            }
            const isFile = dirent.isSymbolicLink()
                ? ((await (0,promises_.stat)(path).catch(() => null))?.isFile() ?? false)
                : dirent.isFile();
            if (isFile && accept(dirent.name) && isMatch(candidate))
                out.push({ shown: shownBase === '' ? candidate : `${shownBase}/${candidate}`, path });
        }
    };
    await walk(root, '', 1);
    return out.sort(compareShown);
}
/** Every file the sources name, once, sorted by the path as shown. */
async function listSampleFiles(sources) {
    const found = [];
    for (const source of sources) {
        const before = found.length;
        let failure = null;
        const info = await (0,promises_.stat)(source.path).catch((error) => {
            failure = error;
            return null;
        });
        if (info !== null) {
            if (info.isDirectory()) {
                await walkDirectory({ shown: toShown(source.shown), path: source.path }, found);
                if (found.length === before)
                    throw new TrafficReadError(source.shown, 'the directory holds no file');
            }
            else
                found.push({ shown: toShown(source.shown), path: source.path });
            continue;
        }
        if (!picomatch.scan(source.shown).isGlob) {
            const code = failure?.code;
            throw new TrafficReadError(source.shown, code === 'ENOENT' ? 'no such file' : sampleFiles_describe(failure));
        }
        found.push(...(await globFiles(source)));
        if (found.length === before)
            throw new TrafficReadError(source.shown, 'the pattern matches no file');
    }
    const seen = new Set();
    const files = found.sort(compareShown).filter((f) => {
        const key = (0,external_node_path_.resolve)(f.path);
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
    if (files.length > MAX_SAMPLE_FILES)
        throw new TrafficReadError(sources[0]?.shown ?? '', `the sample has ${files.length} files; at most ${MAX_SAMPLE_FILES} are read (concatenate some)`);
    return files;
}

;// CONCATENATED MODULE: ./build/traffic/sample.js







/** Positions of file `i` start at `i × FILE_STRIDE`. */
const FILE_STRIDE = 2 ** 32;
function fileIndexOf(position) {
    return Math.floor(position / FILE_STRIDE);
}
// ---------------------------------------------------------------------------------------------
// Planning: the files, their layout and the sample's format.
function isJsonLinesName(path) {
    return /\.jsonl(\.gz)?$/i.test(path);
}
const sample_SPACE = 0x20;
const sample_TAB = 0x09;
const sample_LF = 0x0a;
const sample_CR = 0x0d;
/** Index of the first byte that is not JSON whitespace (a leading BOM skipped), or -1. */
function firstContentByte(chunk, atStart) {
    let i = atStart && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    for (; i < chunk.length; i++) {
        const b = chunk[i];
        if (b !== sample_SPACE && b !== sample_TAB && b !== sample_LF && b !== sample_CR)
            return i;
    }
    return -1;
}
/** A reader error about `file.path`, renamed to the path as shown. */
function shownError(error, file) {
    if (!(error instanceof TrafficReadError) || error.path !== file.path || file.path === file.shown)
        return error;
    const rest = error.message.slice(file.path.length);
    const line = /^:(\d+): /.exec(rest);
    return new TrafficReadError(file.shown, rest.slice(line ? line[0].length : 2), error.line);
}
/** Reads `file` up to its first record or event: its layout and which it holds. */
async function sniffFile(file, maxLineBytes) {
    let layout = null;
    let index = 0;
    let evidence = null;
    let sawObject = false;
    /** Elements read as JSON at all (one refused for its length or bytes was not). */
    let parsedAny = false;
    const sink = {
        element: (text, line, shape) => {
            const where = layout === 'array' ? `${file.shown}:[${index}]` : `${file.shown}:${line}`;
            index++;
            if (evidence !== null)
                return;
            if (shape >= 0)
                parsedAny = true;
            const parsed = parseElementJson(text, shape, maxLineBytes);
            if (!parsed.ok || !sample_isObject(parsed.value))
                return;
            sawObject = true;
            if (Object.hasOwn(parsed.value, 'decision_id'))
                evidence = { kind: 'events', where };
            else if (Object.hasOwn(parsed.value, 'request_id'))
                evidence = { kind: 'records', where };
        },
        empty: () => {
            index++;
            parsedAny = true;
        },
    };
    let splitter = null;
    const waiting = [];
    try {
        for await (const chunk of readTrafficBytes(file.path, { layout: 'lines' })) {
            if (splitter === null) {
                waiting.push(chunk);
                const at = firstContentByte(chunk, waiting.length === 1);
                if (at < 0)
                    continue;
                const first = chunk[at];
                layout = first === 0x5b /* [ */ && !isJsonLinesName(file.path) ? 'array' : 'lines';
                splitter = elementSplitter(layout, sink, file.shown, maxLineBytes);
                for (const c of waiting.splice(0))
                    splitter.push(c);
            }
            else
                splitter.push(chunk);
            if (evidence !== null)
                break;
        }
        if (evidence === null)
            splitter?.end();
    }
    catch (error) {
        throw shownError(error, file);
    }
    // Every line malformed is a report; not one JSON object among the lines parsed is some other
    // file (a policy, a text log) named by mistake. Lines refused unparsed (too long, invalid
    // UTF-8: a hostile sample) are malformed records, as ever.
    if (parsedAny && !sawObject)
        throw new TrafficReadError(file.shown, 'not a traffic file: no line or array element is a JSON object (expected JSON Lines or a JSON array of records or OPA decision events)');
    return { layout: layout ?? 'lines', evidence };
}
/**
 * Lists and inspects the sample's files. Throws TrafficReadError for a sample that cannot be
 * replayed as one: unreadable, mixing records and decision events, or decision-log options on a
 * sample of records.
 */
async function planSample(sources, options, shown = sources.map((s) => s.shown).join(', '), maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    const files = await listSampleFiles(sources);
    const sniffed = [];
    for (const file of files)
        sniffed.push(await sniffFile(file, maxLineBytes));
    const records = sniffed.find((s) => s.evidence?.kind === 'records')?.evidence;
    const events = sniffed.find((s) => s.evidence?.kind === 'events')?.evidence;
    if (records && events) {
        throw new TrafficReadError(shown, `the sample mixes records of our own format (${records.where}) and OPA decision events (${events.where}); replay them as separate samples`);
    }
    if (records && hasDecisionLogOptions(options)) {
        throw new TrafficReadError(shown, `${describeDecisionLogOptions(options)}: these options read OPA decision logs, but the sample holds records of our own format (${records.where})`);
    }
    // Neither (an empty sample, a log without decisions): the options say what it was meant to be.
    const format = events || (!records && hasDecisionLogOptions(options)) ? 'opa-decision-log' : 'records';
    return {
        shown,
        format,
        files: files.map((file, i) => ({
            ...file,
            layout: sniffed[i].layout,
            indexed: format === 'opa-decision-log' && sniffed[i].layout === 'array',
        })),
        options,
        maxLineBytes,
    };
}
function positionOf(plan, position) {
    const index = fileIndexOf(position);
    const file = plan.files[index];
    const local = position - index * FILE_STRIDE;
    const where = {};
    if (plan.files.length > 1 && file)
        where.file = file.shown;
    if (file?.indexed)
        where.index = local;
    else
        where.line = local;
    return where;
}
/** `line 7`, `element [3]`, `logs/a.log:7`, `logs/b.json:[3]`. */
function positionText(plan, position) {
    return describePosition(positionOf(plan, position));
}
/** A report position in words (the text report, error messages). */
function describePosition(where) {
    const local = where.index !== undefined ? `[${where.index}]` : String(where.line ?? '?');
    if (where.file !== undefined)
        return `${where.file}:${local}`;
    return where.index !== undefined ? `element ${local}` : `line ${local}`;
}
/** The malformed reason of a second valid record with an id already replayed. */
function sampleDuplicateReason(plan, id, first) {
    if (plan.format === 'records' && plan.files.length <= 1)
        return duplicateReason(id, first);
    const key = plan.format === 'records' ? 'request_id' : 'decision_id';
    return `${key}: duplicate ${JSON.stringify(id)} (first on ${positionText(plan, first)})`;
}
const NON_DECISION = Object.freeze({ kind: 'skipped', otherPath: false });
const sample_OTHER_PATH = Object.freeze({ kind: 'skipped', otherPath: true });
const MIXED = Object.freeze({ kind: 'mixed' });
const EMPTY_ELEMENT = Object.freeze({
    kind: 'malformed',
    reason: 'empty array element (two commas, or a comma before ])',
});
function sample_isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** Classifies elements of one sample; pure, so it runs on any thread. */
class SampleElementReader {
    options;
    maxLineBytes;
    events;
    constructor(format, options, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
        this.options = options;
        this.maxLineBytes = maxLineBytes;
        this.events = format === 'opa-decision-log';
    }
    /**
     * One element's text (null: an empty array element), with its shape when the reader scanned it
     * (recordShape.ts: too long, invalid UTF-8, too deep, repeated keys).
     */
    read(text, shape) {
        if (text === null)
            return EMPTY_ELEMENT;
        const parsed = parseElementJson(text, shape, this.maxLineBytes);
        if (!parsed.ok)
            return parsed.request_id === undefined
                ? { kind: 'malformed', reason: parsed.reason }
                : { kind: 'malformed', reason: parsed.reason, request_id: parsed.request_id };
        const value = parsed.value;
        if (this.events) {
            if (!sample_isObject(value) || !Object.hasOwn(value, 'decision_id'))
                return sample_isObject(value) && Object.hasOwn(value, 'request_id') ? MIXED : NON_DECISION;
            const mapped = mapDecisionEvent(value, this.options);
            if (mapped.kind === 'other_path')
                return sample_OTHER_PATH;
            return mapped;
        }
        if (record_isTrafficRecord(value))
            return { kind: 'record', record: value, path: null };
        // A valid record has no decision_id key, so only a malformed one can be an event.
        if (sample_isObject(value) && Object.hasOwn(value, 'decision_id'))
            return MIXED;
        const reason = record_explainInvalidRecord(value) ?? 'not a valid traffic record';
        const id = idOf(value);
        return id === undefined ? { kind: 'malformed', reason } : { kind: 'malformed', reason, request_id: id };
    }
}
/** The refusal of a sample that mixes records and events, at the element that showed it. */
function mixedSampleError(plan, position) {
    const what = plan.format === 'records'
        ? 'an OPA decision event (decision_id) in a sample of records of our own format'
        : 'a record of our own format (request_id) in a sample of OPA decision events';
    return new TrafficReadError(plan.shown, `${positionText(plan, position)}: ${what}; replay them as separate samples`);
}
// ---------------------------------------------------------------------------------------------
// The one-path rule.
/** Thrown at the second distinct decision path; `withDecisionPathListing` words it. */
class SeveralDecisionPaths extends Error {
    name = 'SeveralDecisionPaths';
}
/** Without --decision-path, every replayed event must have the path of the first. */
class DecisionPathGuard {
    first = null;
    note(path) {
        if (path === null)
            return;
        if (this.first === null)
            this.first = path;
        else if (path !== this.first)
            throw new SeveralDecisionPaths(`${this.first} and ${path}`);
    }
}
/**
 * Runs a pass over the sample; when it meets a second decision path, counts every event's path
 * (one more streaming pass, only on this error) and fails with the list.
 */
async function withDecisionPathListing(plan, pass) {
    try {
        return await pass();
    }
    catch (error) {
        if (!(error instanceof SeveralDecisionPaths))
            throw error;
        const counts = await countDecisionPaths(plan);
        const listed = [...counts.paths.entries()]
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
            .map(([path, n]) => `${path} (${n})`);
        const without = counts.withoutPath > 0 ? `; ${counts.withoutPath} without a path` : '';
        throw new TrafficReadError(plan.shown, `the decision log holds decisions of ${counts.paths.size} paths: ${listed.join(', ')}${without}. Replaying one policy against another's decisions is meaningless: choose one with --decision-path (the Action: decision-path)`);
    }
}
/** Decision events per normalized path, and those without a path. */
async function countDecisionPaths(plan) {
    const paths = new Map();
    let withoutPath = 0;
    for await (const unit of sampleUnits(plan, 0)) {
        const count = (text, shape) => {
            if (text === null)
                return;
            const parsed = parseElementJson(text, shape, plan.maxLineBytes);
            if (!parsed.ok || !sample_isObject(parsed.value) || !Object.hasOwn(parsed.value, 'decision_id'))
                return;
            const path = parsed.value.path;
            const normalized = typeof path === 'string' ? normalizeDecisionPath(path) : '';
            if (normalized === '')
                withoutPath++;
            else
                paths.set(normalized, (paths.get(normalized) ?? 0) + 1);
        };
        forEachUnitElement(unit, plan.maxLineBytes, (text, _position, shape) => count(text, shape));
    }
    return { paths, withoutPath };
}
/** The most lines a file of the sample may have (positions give each file 2^32). */
const MAX_FILE_LINES = FILE_STRIDE - 1;
/**
 * The sample's files in order, as units. `lineChunkBytes`: how many bytes of whole lines a lines
 * unit waits for (0: one per read).
 */
async function* sampleUnits(plan, lineChunkBytes) {
    for (let f = 0; f < plan.files.length; f++) {
        const file = plan.files[f];
        const base = f * FILE_STRIDE;
        try {
            if (file.layout === 'lines') {
                const chunker = new LineChunker(lineChunkBytes, plan.maxLineBytes);
                const unit = (chunk) => {
                    if (chunk === null)
                        return null;
                    if (chunk.firstLine + chunk.lines > MAX_FILE_LINES)
                        throw new TrafficReadError(file.shown, `more than ${MAX_FILE_LINES} lines; split the file`);
                    return { kind: 'lines', base, ...chunk };
                };
                for await (const bytes of readTrafficBytes(file.path, { layout: 'lines' })) {
                    const next = unit(chunker.push(bytes));
                    if (next !== null)
                        yield next;
                }
                const rest = unit(chunker.end());
                if (rest !== null)
                    yield rest;
            }
            else {
                let index = 0;
                const local = (line) => base + (file.indexed ? index++ : line);
                const sink = {
                    element: (text, line, shape) => ({ text, position: local(line), shape }),
                    empty: (line) => ({ text: null, position: local(line), shape: undefined }),
                };
                const read = { layout: 'array', maxLineBytes: plan.maxLineBytes };
                for await (const batch of readTrafficElements(file.path, sink, read)) {
                    yield {
                        kind: 'elements',
                        texts: batch.map((e) => e.text),
                        positions: batch.map((e) => e.position),
                        shapes: batch.map((e) => e.shape),
                    };
                }
            }
        }
        catch (error) {
            throw shownError(error, file);
        }
    }
}
/** Calls `fn` with each element of a unit, its position and its shape, in order. */
function forEachUnitElement(unit, maxLineBytes, fn) {
    if (unit.kind === 'elements') {
        for (let i = 0; i < unit.texts.length; i++)
            fn(unit.texts[i], unit.positions[i], unit.shapes[i]);
        return;
    }
    const base = unit.base;
    forEachLine(unit.bytes, unit.firstLine, (text, line, shape) => fn(text, base + line, shape), maxLineBytes);
}
/**
 * Every record and malformed element of the sample, in order, judged as the replay judges them:
 * skipped lines are dropped, a repeated id is malformed, a mixed sample or a second decision path
 * throws. In-process.
 */
async function* readSampleItems(plan) {
    const reader = new SampleElementReader(plan.format, plan.options, plan.maxLineBytes);
    const ids = new requestIdTable_RequestIdTable();
    const guard = new DecisionPathGuard();
    for await (const unit of sampleUnits(plan, 0)) {
        const items = [];
        forEachUnitElement(unit, plan.maxLineBytes, (text, position, shape) => {
            const element = reader.read(text, shape);
            switch (element.kind) {
                case 'skipped':
                    return;
                case 'mixed':
                    throw mixedSampleError(plan, position);
                case 'malformed':
                    guard.note(element.path ?? null);
                    items.push(element.request_id === undefined
                        ? { kind: 'malformed', position, reason: element.reason }
                        : { kind: 'malformed', position, reason: element.reason, request_id: element.request_id });
                    return;
                case 'record': {
                    guard.note(element.path);
                    const id = element.record.request_id;
                    const first = ids.claim(id, position);
                    if (first === undefined)
                        items.push({ kind: 'record', position, record: element.record });
                    else
                        items.push({
                            kind: 'malformed',
                            position,
                            reason: sampleDuplicateReason(plan, id, first),
                            request_id: id,
                        });
                }
            }
        });
        if (items.length > 0)
            yield items;
    }
}
// ---------------------------------------------------------------------------------------------
// Digests.
/**
 * SHA-256 of each file as stored, and of the sample: the files' bytes concatenated in sample
 * order (so one file's sample digest is that file's, and `cat` of the files in order through
 * `sha256sum` reproduces it).
 */
async function sampleDigest(files) {
    const whole = (0,external_node_crypto_.createHash)('sha256');
    const each = [];
    for (const file of files) {
        const hash = (0,external_node_crypto_.createHash)('sha256');
        try {
            for await (const chunk of (0,external_node_fs_.createReadStream)(file.path, { highWaterMark: 1 << 20 })) {
                hash.update(chunk);
                whole.update(chunk);
            }
        }
        catch (error) {
            const code = error.code;
            throw new TrafficReadError(file.shown, code === 'ENOENT' ? 'no such file' : `cannot read: ${error.message}`);
        }
        each.push(hash.digest('hex'));
    }
    return { sha256: whole.digest('hex'), files: each };
}

;// CONCATENATED MODULE: ./build/fidelity/manifest.js




/** The replay-runtime v2 manifest (docs/fidelity.md "The manifest"), strict: unknown keys are errors. */
const MANIFEST_SCHEMA_ID = 'replay-runtime/v2';
const SHA256_PATTERN = /^[0-9a-f]{64}$/;
const sha256Schema = schemas/* string */.YjP().regex(SHA256_PATTERN, 'must be a SHA-256 hash: 64 lowercase hex digits');
/** Any JSON value. Manifests come from our own JSON parser, so only "present" needs checking. */
const jsonValueSchema = schemas/* custom */.IeY((value) => value !== undefined, {
    message: 'missing required key "value"',
});
const EVIDENCE_STATES = ['value', 'hash', 'absent', 'unavailable'];
const evidenceSchema = schemas/* discriminatedUnion */.gMt('state', [
    schemas/* strictObject */.rej({ state: schemas/* literal */.euz('value'), value: jsonValueSchema, sha256: sha256Schema.optional() }),
    schemas/* strictObject */.rej({ state: schemas/* literal */.euz('hash'), sha256: sha256Schema }),
    schemas/* strictObject */.rej({ state: schemas/* literal */.euz('absent') }),
    schemas/* strictObject */.rej({ state: schemas/* literal */.euz('unavailable') }),
]);
const evidence = evidenceSchema.optional();
const determinismSchema = schemas/* strictObject */.rej({ guaranteed: schemas/* boolean */.zMY(), basis: schemas/* string */.YjP().optional() });
/** `execute` (tools) and `rerun` (retrieval) are synonyms; both words are accepted in both places. */
const REPLAY_MODES = ['not_used', 'recorded_outputs', 'execute', 'rerun', 'unknown'];
const replayModeSchema = schemas/* enum */.k5n(REPLAY_MODES);
const ISOLATION_VALUES = ['isolated', 'stubbed', 'live', 'unknown'];
const isolationValueSchema = schemas/* enum */.k5n(ISOLATION_VALUES);
const CAPTURE_VALUES = ['native', 'mapped', 'unknown'];
const modelSectionSchema = schemas/* strictObject */.rej({
    provider: evidence,
    deployment: evidence,
    parameters: evidence,
    seed: evidence,
    input: evidence,
    system_instructions: evidence,
    developer_instructions: evidence,
    determinism: determinismSchema.optional(),
});
const toolCallSchema = schemas/* strictObject */.rej({
    id: schemas/* string */.YjP().optional(),
    name: schemas/* string */.YjP().optional(),
    input: evidence,
    output: evidence,
});
const toolsSectionSchema = schemas/* strictObject */.rej({
    replay_mode: replayModeSchema.optional(),
    definitions: evidence,
    ledger_complete: schemas/* boolean */.zMY().optional(),
    calls: schemas/* array */.YOg(toolCallSchema).optional(),
    determinism: determinismSchema.optional(),
});
const retrievalSectionSchema = schemas/* strictObject */.rej({
    replay_mode: replayModeSchema.optional(),
    config: evidence,
    corpus: evidence,
    outputs: evidence,
    determinism: determinismSchema.optional(),
});
const environmentSectionSchema = schemas/* strictObject */.rej({
    code_version: evidence,
    runtime_version: evidence,
    dependency_lock: evidence,
    config_fingerprint: evidence,
    container: evidence,
});
const isolationSectionSchema = schemas/* strictObject */.rej({
    network: isolationValueSchema.optional(),
    filesystem: isolationValueSchema.optional(),
    external_services: isolationValueSchema.optional(),
    side_effects: isolationValueSchema.optional(),
});
const sourceSectionSchema = schemas/* strictObject */.rej({
    trace_id: evidence,
    span_id: evidence,
    capture: schemas/* enum */.k5n(CAPTURE_VALUES).optional(),
    provenance: evidence,
});
const manifestSchema = schemas/* strictObject */.rej({
    schema: schemas/* literal */.euz(MANIFEST_SCHEMA_ID, { message: `must be "${MANIFEST_SCHEMA_ID}"` }),
    id: schemas/* string */.YjP().min(1, 'must be a non-empty string'),
    model: modelSectionSchema.optional(),
    tools: toolsSectionSchema.optional(),
    retrieval: retrievalSectionSchema.optional(),
    environment: environmentSectionSchema.optional(),
    isolation: isolationSectionSchema.optional(),
    source: sourceSectionSchema.optional(),
});
/** Files ending in `.jsonl` or `.ndjson` hold one manifest per line; anything else holds one. */
function manifest_isJsonLines(file) {
    return /\.(jsonl|ndjson)$/i.test(file);
}
/**
 * Parses and validates the text of one manifest file. `file` is used for reporting and to pick
 * the format. Never throws on bad content: every problem becomes a {@link ManifestProblem}.
 */
function parseManifestText(text, file) {
    if (!manifest_isJsonLines(file))
        return [parseOne(text, file, 1)];
    const entries = [];
    const lines = text.split('\n');
    lines.forEach((raw, index) => {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (line.trim() === '')
            return;
        entries.push(parseOne(line, file, index + 1));
    });
    return entries;
}
/**
 * Manifests up to this many characters get exact positions for their problems; a larger invalid
 * manifest's problems are reported at its first line. Positions come from building a YAML
 * document, which costs about 100 bytes of memory and some microseconds per character: fine for
 * the rare invalid manifest, too much for every one.
 */
const POSITIONED_MANIFEST_CHARS = 1024 * 1024;
/**
 * One manifest: `JSON.parse` and the schema first (fast, no positions); only a manifest with a
 * problem, or with a repeated key (which `JSON.parse` would silently resolve), is read a second
 * time to say where each problem is.
 */
function parseOne(text, file, firstLine) {
    // A UTF-8 byte order mark is not JSON, but editors add it; skip it like Node's readers do.
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    let value;
    try {
        value = JSON.parse(body);
    }
    catch {
        const error = jsonSyntaxError(body) ?? { line: 1, column: 1, message: 'not JSON' };
        return {
            ok: false,
            file,
            line: firstLine,
            id: null,
            problems: [
                {
                    file,
                    path: '',
                    line: firstLine + error.line - 1,
                    column: error.column,
                    message: `invalid JSON: ${error.message}`,
                },
            ],
        };
    }
    const result = manifestSchema.safeParse(value);
    const repeatedKeys = colonsOutsideStrings(body) !== memberCount(value);
    if (result.success && !repeatedKeys)
        return { ok: true, file, line: firstLine, manifest: result.data };
    const source = positionedSource(body);
    const at = (path, target) => {
        if (source === null)
            return { line: firstLine, column: 1 };
        const position = source.positionOf(path, target);
        return { line: firstLine + position.line - 1, column: position.column };
    };
    const problems = [];
    if (repeatedKeys) {
        if (source === null) {
            problems.push({ file, path: '', ...at([], 'value'), message: 'a key is repeated in an object' });
        }
        for (const repeat of source?.duplicateKeys ?? []) {
            problems.push({
                file,
                path: formatPath(repeat.path),
                line: firstLine + repeat.line - 1,
                column: repeat.column,
                message: `duplicate key ${JSON.stringify(repeat.path[repeat.path.length - 1])}`,
            });
        }
    }
    if (!result.success) {
        for (const issue of result.error.issues)
            problems.push(...issueProblems(issue, value, at, file));
    }
    problems.sort(manifest_compareProblems);
    return { ok: false, file, line: firstLine, id: readableId(value), problems };
}
/** The document that locates problems, for a manifest small enough (see POSITIONED_MANIFEST_CHARS). */
function positionedSource(text) {
    if (text.length > POSITIONED_MANIFEST_CHARS)
        return null;
    try {
        return parseSource(text, 'json', { duplicateKeys: 'list' });
    }
    catch {
        return null; // nesting deeper than the YAML reader's stack: problems stay at the first line
    }
}
/**
 * Colons outside strings: in valid JSON, exactly one per object member. More than the parsed
 * value holds means a repeated key that `JSON.parse` kept only once. One pass, no allocation.
 */
function colonsOutsideStrings(text) {
    let colons = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x5c)
                i++;
            else if (c === 0x22)
                inString = false;
        }
        else if (c === 0x22)
            inString = true;
        else if (c === 0x3a)
            colons++;
    }
    return colons;
}
/** Object members in a parsed JSON value, counted without recursion (depth is the input's to choose). */
function memberCount(value) {
    let members = 0;
    const stack = [value];
    while (stack.length > 0) {
        const node = stack.pop();
        if (typeof node !== 'object' || node === null)
            continue;
        if (Array.isArray(node)) {
            for (const item of node)
                stack.push(item);
        }
        else {
            for (const key of Object.keys(node)) {
                members++;
                stack.push(node[key]);
            }
        }
    }
    return members;
}
function readableId(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return null;
    const id = value.id;
    return typeof id === 'string' && id !== '' ? id : null;
}
function issueProblems(issue, root, at, file) {
    const path = issue.path.filter((s) => typeof s !== 'symbol');
    const problem = (where, message, preferKey = false) => ({
        file,
        path: formatPath(where),
        ...at(where, preferKey ? 'key' : 'value'),
        message,
    });
    if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => problem([...path, key], `unknown key ${JSON.stringify(key)}`, true));
    }
    const present = hasPath(root, path);
    if (!present) {
        // Reported at the object that lacks the key.
        const key = path[path.length - 1];
        return [problem(path, `missing required key ${JSON.stringify(String(key))}`)];
    }
    if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator === 'state') {
        return [problem(path, `must be one of ${EVIDENCE_STATES.map((s) => JSON.stringify(s)).join(', ')}`)];
    }
    if (issue.code === 'invalid_type') {
        return [problem(path, `expected ${issue.expected}, got ${manifest_describeType(valueAtPath(root, path))}`)];
    }
    if (issue.code === 'invalid_value') {
        const allowed = issue.values.map((v) => JSON.stringify(v));
        return [
            problem(path, allowed.length === 1 ? `must be ${allowed[0]}` : `must be one of ${allowed.join(', ')}`),
        ];
    }
    return [problem(path, issue.message)];
}
function hasPath(root, path) {
    let node = root;
    for (const segment of path) {
        if (typeof node !== 'object' || node === null)
            return false;
        if (!Object.prototype.hasOwnProperty.call(node, segment))
            return false;
        node = node[segment];
    }
    return true;
}
function manifest_describeType(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    return typeof value;
}
function manifest_compareProblems(a, b) {
    return (compareStrings(a.file, b.file) ||
        a.line - b.line ||
        a.column - b.column ||
        compareStrings(a.path, b.path) ||
        compareStrings(a.message, b.message));
}

;// CONCATENATED MODULE: ./build/fidelity/report.js







/** A manifest file that could not be read at all (missing, a directory, no permission). */
class ManifestFileError extends Error {
    file;
    name = 'ManifestFileError';
    constructor(file, message) {
        super(`${file}: ${message}`);
        this.file = file;
    }
}
/** Grades parsed entries; invalid ones keep their problems. Pure. */
function gradeEntries(entries, files = []) {
    const reports = [];
    const invalid = [];
    const invalidManifests = [];
    for (const entry of entries) {
        if (entry.ok) {
            const analysis = analyzeManifest(entry.manifest);
            reports.push({ id: entry.manifest.id, file: entry.file, ...analysis });
        }
        else {
            invalid.push(...entry.problems);
            invalidManifests.push({ file: entry.file, line: entry.line, id: entry.id, problems: entry.problems });
        }
    }
    return { files: [...files], reports, invalid, invalidManifests };
}
/**
 * The largest manifest file read. A manifest is a few kilobytes; the limit keeps one file's text
 * and parsed values within a few hundred megabytes. Larger sets are split into several files (a
 * JSON Lines file can be cut between any two lines); they are read one at a time.
 */
const MAX_MANIFEST_FILE_BYTES = 64 * 1024 * 1024;
/** Reads and grades the given manifest files, in the order given. Throws {@link ManifestFileError}. */
async function gradeManifestFiles(files) {
    const graded = [];
    for (const file of files) {
        let text;
        try {
            const size = (await (0,promises_.stat)(file)).size;
            if (size > MAX_MANIFEST_FILE_BYTES) {
                throw new ManifestFileError(file, `${(size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_MANIFEST_FILE_BYTES / 1024 / 1024} MiB limit of one manifest file: split it into several files (a JSON Lines file can be cut between any two lines)`);
            }
            text = await (0,promises_.readFile)(file, 'utf8');
        }
        catch (error) {
            if (error instanceof ManifestFileError)
                throw error;
            throw new ManifestFileError(file, describeFsError(error));
        }
        // Graded file by file: only the grades are kept, not the manifests' values.
        graded.push(gradeEntries(parseManifestText(text, file)));
    }
    return {
        files: [...files],
        reports: graded.flatMap((set) => set.reports),
        invalid: graded.flatMap((set) => set.invalid),
        invalidManifests: graded.flatMap((set) => set.invalidManifests),
    };
}
/** The `fidelity` command's JSON result: reports and invalid problems, both in input order. */
async function fidelityCommandResult(files) {
    const set = await gradeManifestFiles(files);
    return { reports: set.reports, invalid: set.invalid };
}
const MANIFEST_FILE = /\.(json|jsonl|ndjson)$/i;
/**
 * Loads every manifest for `replay --manifests`: a directory (its *.json / *.jsonl files, not
 * recursive, sorted by name), a glob (matching *.json / *.jsonl files, sorted by path), or one
 * file. A missing directory or file throws {@link ManifestFileError}; a glob matching nothing
 * gives an empty set.
 */
async function loadManifestsFromDirOrGlob(pathOrGlob) {
    return gradeManifestFiles(await resolveManifestFiles(pathOrGlob));
}
async function resolveManifestFiles(pathOrGlob) {
    const scan = picomatch.scan(pathOrGlob);
    if (!scan.isGlob) {
        let info;
        try {
            info = await (0,promises_.stat)(pathOrGlob);
        }
        catch (error) {
            throw new ManifestFileError(pathOrGlob, describeFsError(error));
        }
        if (!info.isDirectory() && !info.isFile()) {
            // A FIFO or device would block the read forever.
            throw new ManifestFileError(pathOrGlob, 'not a regular file or directory (a device, FIFO or socket)');
        }
        if (!info.isDirectory())
            return [pathOrGlob];
        const names = (await (0,promises_.readdir)(pathOrGlob, { withFileTypes: true }))
            .filter((d) => d.isFile() && MANIFEST_FILE.test(d.name))
            .map((d) => d.name)
            .sort(compareStrings);
        return names.map((name) => external_node_path_.join(pathOrGlob, name));
    }
    const files = await globFiles({ shown: pathOrGlob, path: pathOrGlob }, (name) => MANIFEST_FILE.test(name));
    return files.map((f) => f.path).sort(compareStrings);
}
function describeFsError(error) {
    const code = error?.code;
    if (code === 'ENOENT')
        return 'no such file or directory';
    if (code === 'EISDIR')
        return 'is a directory';
    if (code === 'EACCES' || code === 'EPERM')
        return 'permission denied';
    return error instanceof Error ? error.message : String(error);
}
/**
 * The `fidelity` section of the replay report.
 *
 * - `manifests` counts valid and invalid manifests; `levels` sums to it because an invalid
 *   manifest counts as `unreplayable` (nothing it says can be trusted).
 * - `recordManifestIds` is each record's `manifest_id` (undefined/null when it has none), or a
 *   map from manifest id (null/undefined for "no id") to a record count.
 * - A record joins the manifest its id names; an invalid manifest whose `id` is readable joins
 *   as `unreplayable`; a record naming no manifest is `no_manifest`. If two manifests share an id
 *   the record takes the worse level.
 * - `worst` is null when there are no manifests at all.
 * - `reports` lists the valid manifests sorted by id (then level, worst last), without values.
 */
function summarizeFidelity(set, recordManifestIds) {
    const levels = zeroLevels();
    const levelById = new Map();
    const note = (id, level) => {
        levels[level]++;
        if (id === null)
            return;
        const known = levelById.get(id);
        levelById.set(id, known === undefined ? level : (worstLevel([known, level]) ?? level));
    };
    for (const report of set.reports)
        note(report.id, report.level);
    for (const invalid of set.invalidManifests)
        note(invalid.id, 'unreplayable');
    const records = { ...zeroLevels(), no_manifest: 0 };
    const counts = recordManifestIds instanceof Map
        ? recordManifestIds.entries()
        : mapIterable(recordManifestIds, (id) => [id, 1]);
    for (const [id, count] of counts) {
        const level = id === null || id === undefined ? undefined : levelById.get(id);
        if (level === undefined)
            records.no_manifest += count;
        else
            records[level] += count;
    }
    const groups = new Map();
    for (const report of set.reports) {
        const seen = new Set();
        for (const gap of report.missing_evidence) {
            if (gap.impact !== 'blocks_replay')
                continue;
            const key = JSON.stringify([gap.path, gap.reason]);
            if (seen.has(key))
                continue;
            seen.add(key);
            const group = groups.get(key) ?? { path: gap.path, reason: gap.reason, manifests: 0 };
            group.manifests++;
            groups.set(key, group);
        }
    }
    const blocking_gaps = [...groups.values()].sort((a, b) => compareStrings(a.path, b.path) || compareStrings(a.reason, b.reason));
    const reports = set.reports
        .map((r) => ({ id: r.id, level: r.level, missing_evidence: r.missing_evidence }))
        .sort((a, b) => compareStrings(a.id, b.id) || compareLevels(a.level, b.level));
    const manifests = set.reports.length + set.invalidManifests.length;
    return {
        manifests,
        invalid: set.invalidManifests.length,
        levels,
        records_by_level: records,
        worst: worstLevel(analyze_FIDELITY_LEVELS.filter((level) => levels[level] > 0)),
        blocking_gaps,
        reports,
    };
}
function zeroLevels() {
    return { exact: 0, controlled: 0, partial: 0, unreplayable: 0 };
}
function* mapIterable(items, f) {
    for (const item of items)
        yield f(item);
}
// ---------------------------------------------------------------------------------------------
// Text for a person.
const IMPACT_TITLE = {
    blocks_replay: 'blocks replay',
    reduces_control: 'reduces control',
    prevents_exactness: 'prevents exactness',
};
/**
 * What evidence would close a gap. Derived from the path and the fixed reasons, so the JSON keeps
 * exactly docs/fidelity.md's `{path, impact, reason}`.
 */
function remedyFor(gap) {
    const p = gap.path;
    const field = p.slice(p.lastIndexOf('.') + 1);
    switch (gap.reason) {
        case 'hash only':
            return `supply the content of ${p} (state "value"), not only its hash`;
        case 'attested absent':
            return `replay needs ${p} as a value`;
        case 'not captured':
            return valueOrHashSuffices(p)
                ? `capture ${p} (its value, or its hash)`
                : p === 'tools.definitions'
                    ? `capture ${p} as a value (or attest it absent)`
                    : `capture ${p} as a value`;
        case 'sha256 mismatch':
            return `make ${p}.sha256 the SHA-256 of the RFC 8785 canonical JSON of its value (or fix the value)`;
        case 'sha256 unverifiable: value has no canonical JSON form':
            return `remove lone surrogates from ${p}'s value, or drop its sha256`;
        case 'replay mode unknown':
            return `record ${p}: not_used, recorded_outputs, or execute/rerun`;
        case 'call ledger not attested complete':
            return 'attest tools.ledger_complete: true once every tool call is recorded';
        case 'calls listed although replay mode is not_used':
            return 'set tools.replay_mode to recorded_outputs or execute, or do not list calls';
        case 'isolation unknown':
            return `record ${p} (isolated, stubbed or live)`;
        case 'capture unknown':
            return 'record source.capture (native or mapped)';
        case 'mapped trace, not native runtime evidence':
            return 'capture the run natively from the runtime (source.capture: native)';
        case 'determinism not guaranteed (a seed is not a guarantee)':
        case 'determinism not guaranteed':
            return `only a runtime guarantee lifts this: ${p}: true with a basis`;
        default:
            if (gap.reason.startsWith('live '))
                return `replay with ${field.replace('_', ' ')} isolated or stubbed`;
            return `supply evidence for ${p}`;
    }
}
function valueOrHashSuffices(p) {
    return /^tools\.calls\[\d+\]\.input$/.test(p) || p.startsWith('environment.') || p.startsWith('source.');
}
/** The `--format text` report: per manifest, gaps grouped by impact with what would lift the level. */
function renderFidelityText(result) {
    const lines = [];
    for (const report of result.reports) {
        lines.push(`${report.id}  ${report.level}  (${report.file})`);
        if (report.missing_evidence.length === 0) {
            lines.push('  no gaps: every piece of evidence for an exact replay is present');
        }
        GAP_IMPACTS.forEach((impact, rank) => {
            const gaps = report.missing_evidence.filter((gap) => gap.impact === impact);
            if (gaps.length === 0)
                return;
            // Closing this group and every worse one (listed above it) leaves the level the rest allow.
            const rest = report.missing_evidence.filter((gap) => GAP_IMPACTS.indexOf(gap.impact) > rank);
            const worse = report.missing_evidence.some((gap) => GAP_IMPACTS.indexOf(gap.impact) < rank);
            const closing = worse ? 'closing these too' : 'closing these';
            lines.push(`  ${IMPACT_TITLE[impact]} (${gaps.length}); ${closing} lifts it to ${levelOf(rest)}:`);
            const width = Math.max(...gaps.map((gap) => gap.path.length));
            for (const gap of gaps) {
                lines.push(`    ${gap.path.padEnd(width)}  ${gap.reason}`);
                lines.push(`    ${' '.repeat(width)}  -> ${remedyFor(gap)}`);
            }
        });
        lines.push('');
    }
    if (result.invalid.length > 0) {
        lines.push(`invalid manifests (graded unreplayable), ${result.invalid.length} problem(s):`);
        for (const problem of [...result.invalid].sort(compareProblems)) {
            const where = problem.path === '' ? '' : `  ${problem.path}`;
            lines.push(`  ${problem.file}:${problem.line}:${problem.column}${where}  ${problem.message}`);
        }
        lines.push('');
    }
    const counts = zeroLevels();
    for (const report of result.reports)
        counts[report.level]++;
    // A .json file is one manifest; a JSON Lines manifest is one line, and all its problems share it.
    const invalidManifests = new Set(result.invalid.map((p) => (isJsonLines(p.file) ? `${p.file}\u0000${p.line}` : p.file))).size;
    counts.unreplayable += invalidManifests;
    const parts = FIDELITY_LEVELS.map((level) => `${counts[level]} ${level}`);
    lines.push(`${result.reports.length + invalidManifests} manifest(s): ${parts.join(', ')} (${invalidManifests} invalid, graded unreplayable)`);
    return `${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./build/replay/changeOrder.js

/**
 * docs/report.md's order, most dangerous first: deny→allow, unknown→allow, allow→deny, unknown→deny;
 * within a group most recent occurred_at first (as instants, not strings), untimed last, then
 * request_id.
 */
function changeGroup(change) {
    if (change.draft_decision === 'allow')
        return change.current_decision === 'deny' ? 0 : 1;
    return change.current_decision === 'allow' ? 2 : 3;
}
const instantCache = new Map();
function instantOf(occurredAt) {
    if (occurredAt === null)
        return null;
    let cached = instantCache.get(occurredAt);
    if (cached === undefined) {
        cached = instantNanos(occurredAt);
        if (instantCache.size > 10_000)
            instantCache.clear();
        instantCache.set(occurredAt, cached);
    }
    return cached;
}
function compareChanges(a, b) {
    const group = changeGroup(a) - changeGroup(b);
    if (group !== 0)
        return group;
    return compareRecency(a.occurred_at, a.request_id, b.occurred_at, b.request_id);
}
/** Most recent first, untimed last, then request_id (code-unit order). */
function compareRecency(aTime, aId, bTime, bId) {
    const ta = instantOf(aTime);
    const tb = instantOf(bTime);
    if (ta !== null && tb !== null && ta !== tb)
        return ta > tb ? -1 : 1;
    if (ta === null && tb !== null)
        return 1;
    if (ta !== null && tb === null)
        return -1;
    return aId < bId ? -1 : aId > bId ? 1 : 0;
}
/**
 * Keeps the first `capacity` changes in order while counting every one offered, in memory
 * bounded by the cap (a sorted array; caps are small, and an insert is a binary search).
 */
class TopChanges {
    capacity;
    items = [];
    constructor(capacity) {
        this.capacity = capacity;
    }
    offer(change) {
        if (this.capacity === 0)
            return;
        const items = this.items;
        if (items.length === this.capacity && compareChanges(change, items[items.length - 1]) >= 0)
            return;
        let lo = 0;
        let hi = items.length;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (compareChanges(items[mid], change) <= 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        items.splice(lo, 0, change);
        if (items.length > this.capacity)
            items.pop();
    }
}

;// CONCATENATED MODULE: ./build/policy/ruleDiff.js


/**
 * What a policy edit changed, by meaning rather than by text (docs/explain.md "The rule diff").
 * Pure: it reads two validated documents.
 */
/** The parts of a rule a modification is reported by, in the order `what` lists them. */
const RULE_PARTS = (/* unused pure expression or super */ null && (['effect', 'conditions', 'active_window', 'description']));
/** The policy-wide settings, in the order `settings` lists them. */
const SETTING_NAMES = ['default_effect', 'on_missing_context'];
/**
 * The diff from `base` to `head`. No base (a new policy): every head rule is added and both
 * settings are listed `from: null`; no head (a deleted policy): every base rule is removed and
 * both settings are listed `to: null`.
 */
function ruleDiff(base, head) {
    const baseRules = base?.rules ?? [];
    const headRules = head?.rules ?? [];
    const baseById = new Map(baseRules.map((r) => [r.id, r]));
    const headIds = new Set(headRules.map((r) => r.id));
    const added = [];
    const modified = [];
    for (const rule of headRules) {
        const before = baseById.get(rule.id);
        if (before === undefined) {
            added.push(rule.id);
            continue;
        }
        const what = changedParts(before, rule);
        if (what.length > 0)
            modified.push({ id: rule.id, what });
    }
    const removed = baseRules.filter((r) => !headIds.has(r.id)).map((r) => r.id);
    const commonInBase = baseRules.filter((r) => headIds.has(r.id)).map((r) => r.id);
    const commonInHead = headRules.filter((r) => baseById.has(r.id)).map((r) => r.id);
    const reordered = commonInBase.some((id, i) => commonInHead[i] !== id);
    return { added, removed, modified, reordered, settings: settingChanges(base, head) };
}
function settingChanges(base, head) {
    const value = (policy, name) => {
        if (policy === null)
            return null;
        return name === 'default_effect' ? policy.default_effect : (policy.on_missing_context ?? 'deny');
    };
    const changes = [];
    for (const name of SETTING_NAMES) {
        const from = value(base, name);
        const to = value(head, name);
        if (from !== to)
            changes.push({ name, from, to });
    }
    return changes;
}
/** Which parts of a rule differ in meaning; [] when the edit changes nothing. */
function changedParts(before, after) {
    const what = [];
    if (before.effect !== after.effect)
        what.push('effect');
    if (conditionsKey(before.conditions) !== conditionsKey(after.conditions))
        what.push('conditions');
    if (windowKey(before.active_window) !== windowKey(after.active_window))
        what.push('active_window');
    // A missing description and an empty one both say nothing.
    if ((before.description ?? '') !== (after.description ?? ''))
        what.push('description');
    return what;
}
/**
 * A rule's conditions as a canonical text. A rule's conditions are a conjunction and each
 * condition tests membership in a set, so the conditions compare as a set of
 * (field, operator, set of values): the order of conditions, the order of values and repeated
 * values or conditions change no decision. Anything else — even a rewrite that is logically
 * equivalent, such as splitting `in [a, b]` into two rules — is reported as a modification.
 */
function conditionsKey(conditions) {
    const keys = conditions.map((c) => JSON.stringify([c.field, c.operator, [...new Set(c.values)].sort(compareStrings)]));
    return JSON.stringify([...new Set(keys)].sort(compareStrings));
}
/** A window as canonical text: its days as a set, the clock times and the zone name as written. */
function windowKey(window) {
    if (window === undefined)
        return '';
    const days = DAYS.filter((d) => window.days.includes(d));
    return JSON.stringify([days, window.from, window.to, window.timezone]);
}

;// CONCATENATED MODULE: ./build/replay/changeExplanation.js
/**
 * What one side's decision rested on, beyond the rules it matched (docs/explain.md "because"),
 * read from the decision the engine returned and the policy's settings — the order of
 * docs/policy.md "The decision":
 * 1. `on_missing_context: deny` and some rule lacked context → deny (missing context);
 * 2. a deny rule matched → deny (the rule);
 * 3. `default_effect: allow` → allow (the default);
 * 4. an allow rule matched → allow (the rule); otherwise deny (the default).
 */
/** No matched rule decided it: step 3, or the "otherwise deny" of step 4. */
const BASIS_DEFAULT = 1;
/**
 * It came from missing context: step 1, or, under `on_missing_context: ignore`, an allow while
 * some rule was skipped for lacking context (under `deny` that request would have been denied).
 */
const BASIS_MISSING_CONTEXT = 2;
/** One policy's rules as the explanation reads them. */
class RuleTable {
    ids;
    index;
    denies;
    defaultAllow;
    missingDenies;
    constructor(policy) {
        this.ids = policy.rules.map((r) => r.id);
        this.index = new Map(this.ids.map((id, i) => [id, i]));
        this.denies = policy.rules.map((r) => r.effect === 'deny');
        this.defaultAllow = policy.default_effect === 'allow';
        this.missingDenies = (policy.on_missing_context ?? 'deny') === 'deny';
    }
    /** Rule ids as indices into the policy's rules, in the order given. */
    indicesOf(ids) {
        const out = [];
        for (const id of ids) {
            const index = this.index.get(id);
            // The generated Rego only ever names the policy's own rules.
            if (index === undefined)
                throw new Error(`the policy matched an unknown rule ${JSON.stringify(id)}`);
            out.push(index);
        }
        return out;
    }
    /** BASIS_* bits of one decision of this policy. */
    basisOf(decision) {
        const lacking = decision.missing_context_rule_ids.length > 0;
        if (this.missingDenies && lacking)
            return BASIS_MISSING_CONTEXT;
        let denyMatched = false;
        let allowMatched = false;
        for (const index of this.indicesOf(decision.matched_rule_ids)) {
            if (this.denies[index])
                denyMatched = true;
            else
                allowMatched = true;
        }
        let basis = 0;
        if (!denyMatched && (this.defaultAllow || !allowMatched))
            basis |= BASIS_DEFAULT;
        if (!this.missingDenies && lacking && decision.allow)
            basis |= BASIS_MISSING_CONTEXT;
        return basis;
    }
}
function explainChange(head, headDecision, base, baseDecision) {
    const headBasis = head.basisOf(headDecision);
    const baseBasis = base !== null && baseDecision !== null ? base.basisOf(baseDecision) : 0;
    return {
        base_matched: base !== null && baseDecision !== null ? base.indicesOf(baseDecision.matched_rule_ids) : [],
        head_basis: headBasis,
        base_basis: baseBasis,
        head_missing: missingOf(head, headDecision, headBasis),
        base_missing: base !== null && baseDecision !== null ? missingOf(base, baseDecision, baseBasis) : [],
    };
}
function missingOf(table, decision, basis) {
    if ((basis & BASIS_MISSING_CONTEXT) === 0 || decision.allow)
        return [];
    return table.indicesOf(decision.missing_context_rule_ids);
}

;// CONCATENATED MODULE: ./build/replay/changeGroups.js




/**
 * Change groups (docs/explain.md "Change groups"): every change belongs to exactly one group,
 * keyed by direction, the head's matched rules, the base's matched rules, method and tools. The
 * groups are aggregated in memory, one entry per group and per distinct subject in it — at most
 * one of each per change — and summarised once at the end of the replay.
 */
/** The directions in the danger order of docs/report.md (the index is changeGroup()'s number). */
const DIRECTIONS = ['newly_allowed', 'unknown_to_allow', 'newly_denied', 'unknown_to_deny'];
const DEFAULT_MAX_GROUPS = 50;
/** Shared by every group without base rules (never mutated). */
const NO_RULES = [];
const MAX_TOP_SUBJECTS = 5;
const MAX_GROUP_EXAMPLES = 3;
/** One group while changes are still arriving. */
class GroupAccumulator {
    direction;
    headRules;
    baseRules;
    method;
    tools;
    count = 0;
    subjects = new Map();
    first = null;
    last = null;
    examples = [];
    headBasis = 0;
    baseBasis = 0;
    headMissing = new Set();
    baseMissing = new Set();
    /** Filled when merging partial reports (their `because` is already computed). */
    because = new Map();
    constructor(direction, headRules, baseRules, method, tools) {
        this.direction = direction;
        this.headRules = headRules;
        this.baseRules = baseRules;
        this.method = method;
        this.tools = tools;
    }
    addSubject(subject, count) {
        this.subjects.set(subject, (this.subjects.get(subject) ?? 0) + count);
    }
    /** Keeps the earliest and latest instant; equal instants keep the smaller text (any order gives the same). */
    addTime(text) {
        const ns = instantOf(text);
        if (text === null || ns === null)
            return;
        const first = this.first;
        if (first === null || ns < first.ns || (ns === first.ns && text < first.text))
            this.first = { text, ns };
        const last = this.last;
        if (last === null || ns > last.ns || (ns === last.ns && text < last.text))
            this.last = { text, ns };
    }
    /** Keeps the first MAX_GROUP_EXAMPLES in the change order (within a direction: by recency). */
    addExample(example) {
        const examples = this.examples;
        const before = (a, b) => compareRecency(a.occurred_at, a.request_id, b.occurred_at, b.request_id);
        if (examples.length === MAX_GROUP_EXAMPLES && before(example, examples[examples.length - 1]) >= 0)
            return;
        let at = examples.length;
        while (at > 0 && before(examples[at - 1], example) > 0)
            at--;
        examples.splice(at, 0, example);
        if (examples.length > MAX_GROUP_EXAMPLES)
            examples.pop();
    }
}
/**
 * The text that identifies a group, built per change, so cheaply (a third of JSON.stringify's
 * cost): rule ids hold no space or line break (docs/policy.md), and method and tools come
 * length-prefixed, so no two different keys share a text whatever the traffic holds.
 */
function groupKey(direction, headRules, baseRules, method, tools) {
    let key = `${direction} ${headRules.join(' ')}\n${baseRules.join(' ')}\n${method === null ? '' : `${method.length}:${method}`}`;
    for (const tool of tools)
        key += `\n${tool.length}:${tool}`;
    return key;
}
function directionOf(change) {
    return DIRECTIONS[changeGroup(change)];
}
/** Collects the changes of one replay into groups, in any order. */
class ChangeGroupCollector {
    options;
    groups = new Map();
    constructor(options) {
        this.options = options;
    }
    add(change, explain) {
        const direction = directionOf(change);
        const baseIds = this.options.baseRules;
        const baseRules = explain === null || baseIds === null || explain.base_matched.length === 0
            ? NO_RULES
            : explain.base_matched.map((i) => baseIds[i]);
        const key = groupKey(direction, change.matched_rule_ids, baseRules, change.method, change.tools);
        let group = this.groups.get(key);
        if (group === undefined) {
            group = new GroupAccumulator(direction, change.matched_rule_ids, baseRules, change.method, change.tools);
            this.groups.set(key, group);
        }
        group.count++;
        group.addSubject(change.subject, 1);
        group.addTime(change.occurred_at);
        group.addExample({ request_id: change.request_id, occurred_at: change.occurred_at });
        if (explain !== null) {
            group.headBasis |= explain.head_basis;
            group.baseBasis |= explain.base_basis;
            for (const i of explain.head_missing)
                group.headMissing.add(this.options.headRules[i]);
            if (baseIds !== null)
                for (const i of explain.base_missing)
                    group.baseMissing.add(baseIds[i]);
        }
    }
    finish() {
        const diff = this.options.diff;
        for (const group of this.groups.values()) {
            if (diff !== null)
                for (const entry of becauseOf(group, diff))
                    addBecause(group, entry);
        }
        return summarize([...this.groups.values()], this.options.maxGroups, this.options.partial);
    }
}
function summarize(groups, maxGroups, partial) {
    const all = groups.map((g) => ({ group: toGroup(g, partial), subjects: g.subjects })).sort(byGroupOrder);
    return {
        change_groups: (partial ? all : all.slice(0, maxGroups)).map((t) => t.group),
        change_groups_total: all.length,
        all,
    };
}
function byGroupOrder(a, b) {
    return compareGroups(a.group, b.group);
}
/**
 * The order of docs/explain.md: direction in the danger order, then count (descending), then
 * the key — head_rules, then base_rules, then method, then tools. Lists compare element by
 * element in code-unit order (a list that is a prefix of another comes first); a null method
 * comes before any method.
 */
function compareGroups(a, b) {
    return (DIRECTIONS.indexOf(a.direction) - DIRECTIONS.indexOf(b.direction) ||
        b.count - a.count ||
        compareLists(a.head_rules, b.head_rules) ||
        compareLists(a.base_rules, b.base_rules) ||
        compareNullable(a.method, b.method) ||
        compareLists(a.tools, b.tools));
}
function compareLists(a, b) {
    for (let i = 0; i < a.length && i < b.length; i++) {
        const order = compareStrings(a[i], b[i]);
        if (order !== 0)
            return order;
    }
    return a.length - b.length;
}
function compareNullable(a, b) {
    if (a === b)
        return 0;
    if (a === null)
        return -1;
    if (b === null)
        return 1;
    return compareStrings(a, b);
}
/** By count (descending), then name in code-unit order; the null subject after every name. */
function compareSubjects(a, b) {
    if (a.count !== b.count)
        return b.count - a.count;
    if (a.subject === b.subject)
        return 0;
    if (a.subject === null)
        return 1;
    if (b.subject === null)
        return -1;
    return compareStrings(a.subject, b.subject);
}
function toGroup(g, partial) {
    const subjects = [...g.subjects].map(([subject, count]) => ({ subject, count })).sort(compareSubjects);
    const group = {
        direction: g.direction,
        count: g.count,
        head_rules: g.headRules,
        base_rules: g.baseRules,
        method: g.method,
        tools: g.tools,
        subjects: { distinct: subjects.length, top: subjects.slice(0, MAX_TOP_SUBJECTS) },
        first_at: g.first?.text ?? null,
        last_at: g.last?.text ?? null,
        examples: g.examples.map((e) => e.request_id),
        because: [...g.because.values()].sort(compareBecause),
    };
    if (partial)
        group.partial = { subjects, examples: [...g.examples] };
    return group;
}
function addBecause(group, entry) {
    const id = 'rule' in entry ? `rule\0${entry.side}\0${entry.rule}` : `setting\0${entry.setting}`;
    group.because.set(id, entry);
}
/**
 * Rules first — the head's, then the base's, each by id in code-unit order — then settings in
 * the order of the policy document. A total order on the entries alone, so a merge of shards
 * lists them exactly as one run does.
 */
function compareBecause(a, b) {
    const aRule = 'rule' in a;
    const bRule = 'rule' in b;
    if (aRule && bRule) {
        if (a.side !== b.side)
            return a.side === 'head' ? -1 : 1;
        return compareStrings(a.rule, b.rule);
    }
    if (aRule !== bRule)
        return aRule ? -1 : 1;
    const aName = a.setting;
    const bName = b.setting;
    return SETTING_NAMES.indexOf(aName) - SETTING_NAMES.indexOf(bName);
}
/** How the rule diff names each rule's edit; a description-only edit explains nothing. */
function ruleChanges(diff) {
    const changes = new Map();
    for (const id of diff.added)
        changes.set(id, 'added');
    for (const id of diff.removed)
        changes.set(id, 'removed');
    for (const m of diff.modified)
        if (m.what.some((w) => w !== 'description'))
            changes.set(m.id, 'modified');
    return changes;
}
const ruleChangeCache = new WeakMap();
/**
 * The edits that explain a group (docs/explain.md "because"): its head rules that were added or
 * modified, its base rules that were removed or modified, each changed setting a side's decision
 * rested on, and — where a side's decision came from missing context while `on_missing_context`
 * stayed the same — the edited rules that lacked the context on that side.
 */
function becauseOf(group, diff) {
    let changes = ruleChangeCache.get(diff);
    if (changes === undefined) {
        changes = ruleChanges(diff);
        ruleChangeCache.set(diff, changes);
    }
    const out = [];
    const rule = (id, side) => {
        const change = changes.get(id);
        if (change !== undefined)
            out.push({ rule: id, change, side });
    };
    for (const id of group.headRules)
        rule(id, 'head');
    for (const id of group.baseRules)
        rule(id, 'base');
    const basis = group.headBasis | group.baseBasis;
    const setting = (name) => diff.settings.find((s) => s.name === name);
    const defaultEffect = setting('default_effect');
    if (defaultEffect && (basis & BASIS_DEFAULT) !== 0)
        out.push({ setting: 'default_effect', from: defaultEffect.from, to: defaultEffect.to });
    const missing = setting('on_missing_context');
    if (missing) {
        if ((basis & BASIS_MISSING_CONTEXT) !== 0)
            out.push({ setting: 'on_missing_context', from: missing.from, to: missing.to });
    }
    else {
        for (const id of group.headMissing)
            rule(id, 'head');
        for (const id of group.baseMissing)
            rule(id, 'base');
    }
    return out;
}
/**
 * The groups of shard partial reports merged into the groups one run over the whole sample
 * produces: counts and subject counts add up, first/last times and examples combine by the same
 * rules as within a run, and `because` is the union (each shard's is computed the same way).
 */
function mergeChangeGroups(partials, maxGroups) {
    const groups = new Map();
    for (const list of partials) {
        for (const g of list) {
            if (!g.partial)
                throw new Error('a change group of a shard report lacks its partial data');
            const key = groupKey(g.direction, g.head_rules, g.base_rules, g.method, g.tools);
            let group = groups.get(key);
            if (group === undefined) {
                group = new GroupAccumulator(g.direction, g.head_rules, g.base_rules, g.method, g.tools);
                groups.set(key, group);
            }
            group.count += g.count;
            for (const s of g.partial.subjects)
                group.addSubject(s.subject, s.count);
            group.addTime(g.first_at);
            group.addTime(g.last_at);
            for (const e of g.partial.examples)
                group.addExample(e);
            for (const entry of g.because)
                addBecause(group, entry);
        }
    }
    const { change_groups, change_groups_total } = summarize([...groups.values()], maxGroups, false);
    return { change_groups, change_groups_total };
}

;// CONCATENATED MODULE: ./build/replay/shard.js
function parseShard(text) {
    const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
    if (!m)
        return null;
    const index = Number(m[1]);
    const count = Number(m[2]);
    if (index > count || count > 10_000)
        return null;
    return { index, count };
}
/** FNV-1a (32-bit) over the UTF-8 bytes of the key: stable across runs, machines and Node versions. */
function fnv1a32(key) {
    let hash = 0x811c9dc5;
    const bytes = Buffer.from(key, 'utf8');
    for (let i = 0; i < bytes.length; i++) {
        hash ^= bytes[i];
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash >>> 0;
}
/**
 * A record goes to the shard of its request_id, so both copies of a repeated id land together and
 * the repeat is still caught; a malformed line without an id goes by its line number.
 */
function inShard(shard, requestId, line) {
    if (!shard || shard.count === 1)
        return true;
    const key = requestId !== undefined ? `id:${requestId}` : `line:${line}`;
    return fnv1a32(key) % shard.count === shard.index - 1;
}

;// CONCATENATED MODULE: ./build/replay/recordOutcome.js












/**
 * The replay in two steps. `RecordEvaluator` turns one element of the sample (a line's text) into
 * a RecordOutcome: parse, validate, availability, the decisions. It depends on nothing but the
 * element, so it runs anywhere — in-process or in a worker thread — and the outcomes of different
 * chunks can be computed in any order. Everything that depends on what came before in the file
 * (a repeated request_id, --limit, the counters, the capped change list) is the aggregation's
 * (replay.ts), which consumes outcomes strictly in file order. Both paths run these same
 * functions, so the worker path's report is the in-process report by construction.
 */
/** A policy's verdict on a record: allowed, denied, or not scoreable (unevaluable). */
const VERDICT_UNEVALUABLE = -1;
const VERDICT_DENY = 0;
const VERDICT_ALLOW = 1;
/**
 * The decision pair a record's change is judged on, as in docs/report.md: in compare mode the base
 * (unknown when it cannot score the record) against the head; in drift mode the recorded decision
 * against the head. null: not a change candidate (no head, unevaluable, or drift without a
 * recorded decision).
 */
function decisionPair(config, primary, base, recorded) {
    if (!config.hasHead || primary === VERDICT_UNEVALUABLE)
        return null;
    const drift = config.mode === 'drift';
    if (drift && recorded === null)
        return null;
    const current = drift
        ? recorded
        : base === null || base === VERDICT_UNEVALUABLE
            ? 'unknown'
            : base === VERDICT_ALLOW
                ? 'allow'
                : 'deny';
    return { current, draft: primary === VERDICT_ALLOW ? 'allow' : 'deny' };
}
/** Evaluates elements of one replay's sample; one per thread (it owns a DecisionCache). */
class RecordEvaluator {
    config;
    primary;
    base;
    /** Its decisions; worker threads exchange what theirs evaluate (DecisionCache.learned). */
    cache;
    judge;
    primaryRules;
    baseRules;
    sinceNs;
    both;
    elements;
    constructor(config, primary, base) {
        this.config = config;
        this.primary = primary;
        this.base = base;
        this.both = config.hasHead && config.hasBase && base !== null;
        // Side 0 is the primary policy, side 1 the base when both are replayed.
        const sides = this.both ? [primary, base] : [primary];
        this.cache = new DecisionCache(sides);
        this.judge = new UnknownsJudge(config.unevaluable, sides, this.cache);
        this.primaryRules = new RuleTable(primary.policy);
        this.baseRules = this.both ? new RuleTable(base.policy) : null;
        this.sinceNs = config.since === null ? null : instantOf(config.since);
        this.elements = new SampleElementReader(config.format ?? 'records', config.decisionLog ?? NO_DECISION_LOG_OPTIONS, config.maxLineBytes);
    }
    /** Every non-blank line of a run of lines, in order; positions are `base + line`. */
    evaluateLines(bytes, firstLine, base = 0) {
        const out = [];
        forEachLine(bytes, firstLine, (text, line, shape) => out.push(this.evaluateText(text, base + line, shape)), this.config.maxLineBytes);
        return out;
    }
    /**
     * One element (null: an empty array element) at a position; `shape` is the reader's scan of it
     * (recordShape.ts), computed when absent.
     */
    evaluateText(text, line, shape) {
        const element = this.elements.read(text, shape);
        switch (element.kind) {
            case 'record':
                return this.evaluateRecord(element.record, line, element.path);
            case 'malformed': {
                const outcome = { kind: 'malformed', line, reason: element.reason };
                if (element.request_id !== undefined)
                    outcome.request_id = element.request_id;
                if (typeof element.path === 'string')
                    outcome.decision_path = element.path;
                return outcome;
            }
            case 'skipped':
                return { kind: 'skipped', line, otherPath: element.otherPath };
            case 'mixed':
                return { kind: 'mixed', line };
        }
    }
    evaluateRecord(record, line, decisionPath = null) {
        const config = this.config;
        const outcome = {
            kind: 'record',
            line,
            request_id: record.request_id,
            occurred_at: record.occurred_at ?? null,
            manifest_id: record.manifest_id ?? null,
            recorded_decision: record.recorded_decision ?? null,
            policy_revision: config.mode === 'drift' ? (record.policy_revision ?? null) : null,
            evaluated: false,
            error: null,
            primary: VERDICT_UNEVALUABLE,
            reasons: 0,
            byReading: false,
            matched: null,
            base: null,
            change: null,
            decision_path: decisionPath,
        };
        if (!this.wanted(record, line))
            return outcome;
        outcome.evaluated = true;
        let primaryDecision;
        let baseDecision = null;
        try {
            const input = evaluationInput(record);
            if (!unknowns_hasUnknowns(record)) {
                // The common case: nothing unknown, the two-valued decisions through the cache.
                primaryDecision = this.cache.evaluate(0, input, record.request_id);
                if (this.both)
                    baseDecision = this.cache.evaluate(1, input, record.request_id);
            }
            else {
                const primary = this.judge.judge(0, record, input, true);
                primaryDecision = primary.decision;
                outcome.reasons = primary.reasons;
                outcome.byReading = primary.byReading;
                // The base's decision only matters for a change (the head decided) or against a
                // recorded decision: a record that is neither needs no base evaluation.
                if (this.both && (primaryDecision !== null || record.recorded_decision !== undefined))
                    baseDecision = this.judge.judge(1, record, input, false).decision;
            }
            if (this.both)
                outcome.base = baseDecision === null ? null : verdictOf(baseDecision);
        }
        catch (error) {
            // A builtin failure (say, a time the gateway recorded but no evaluator can read) makes the
            // record unreplayable: it is reported as malformed, never guessed.
            if (!(error instanceof EvaluationError))
                throw error;
            outcome.error = error.message;
            return outcome;
        }
        outcome.primary = primaryDecision === null ? VERDICT_UNEVALUABLE : verdictOf(primaryDecision);
        // A deleted policy: the counts and the recorded mismatch are the base's own decisions.
        if (!config.hasHead)
            outcome.base = primaryDecision === null ? null : outcome.primary;
        if (primaryDecision !== null)
            outcome.matched = this.primaryRules.indicesOf(primaryDecision.matched_rule_ids);
        const pair = decisionPair(config, outcome.primary, outcome.base, outcome.recorded_decision);
        if (pair !== null && pair.current !== pair.draft) {
            const explain = config.mode === 'compare'
                ? explainChange(this.primaryRules, primaryDecision, this.baseRules, baseDecision)
                : null;
            outcome.change = changeDetail(record, explain);
        }
        return outcome;
    }
    /** Whether the aggregation can use this record's decisions at all (--shard, --since). */
    wanted(record, line) {
        if (!inShard(this.config.shard ?? undefined, record.request_id, line))
            return false;
        if (this.sinceNs === null)
            return true;
        if (record.occurred_at === undefined)
            return false;
        const t = instantOf(record.occurred_at);
        return t !== null && t >= this.sinceNs;
    }
}
function verdictOf(decision) {
    return decision.allow ? VERDICT_ALLOW : VERDICT_DENY;
}
/** The change-row fields an operator recognises the request by. */
function changeDetail(record, explain = null) {
    return { subject: subjectOf(record), method: methodOf(record), tools: toolsOf(record), explain };
}
/**
 * What a change row may show of a record: not what its unknown set covers (a masked value is not
 * the real one). null: nothing is unknown.
 */
function unknownPointersOf(record) {
    return unknowns_hasUnknowns(record) ? effectivePointers(unknowns_unknownDataOf(record)) : null;
}
const CALL_FIELDS = ['method', 'tool', 'resource_uri', 'prompt'];
/**
 * The calls as replayed (an unpaired batch paired), less the fields the record does not know;
 * null when the call list itself is unknown.
 */
function shownCalls(record) {
    const calls = evaluationInput(record).request?.mcp?.calls;
    const pointers = unknownPointersOf(record);
    if (pointers === null || !Array.isArray(calls))
        return calls ?? [];
    if (isCallListUnknown(pointers))
        return null;
    return calls.map((call, i) => {
        const shown = {};
        for (const field of CALL_FIELDS) {
            const value = call[field];
            if (value !== undefined && !isUnknown(pointers, callFieldLocation(i, field)))
                shown[field] = value;
        }
        return shown;
    });
}
/** `input.identity.subject`, or null when there is none or the record does not know it. */
function subjectOf(record) {
    const subject = record.input.identity?.subject;
    if (typeof subject !== 'string')
        return null;
    const pointers = unknownPointersOf(record);
    return pointers !== null && isUnknown(pointers, ['identity', 'subject']) ? null : subject;
}
/**
 * The calls' shared method, "batch" when they differ (or some call has none), null when there is
 * no call. Judged on the calls as replayed, so an unpaired batch reads like the same calls
 * recorded paired; a method the record does not know counts as none.
 */
function methodOf(record) {
    const calls = shownCalls(record);
    if (calls === null || calls.length === 0)
        return null;
    const first = calls[0]?.method;
    if (typeof first === 'string' && calls.every((c) => c.method === first))
        return first;
    // Several calls without one shared method are a batch; a lone call without one names none.
    return calls.length > 1 ? 'batch' : null;
}
/** Distinct tool names in call order; [] when none were called or tools were not recorded. */
function toolsOf(record) {
    const calls = shownCalls(record) ?? [];
    const seen = new Set();
    for (const call of calls)
        if (typeof call.tool === 'string')
            seen.add(call.tool);
    return [...seen];
}
/** The evaluator's sides from a replay's head and base (the primary is the head when there is one). */
function evaluatorSides(head, base) {
    const primary = head ?? base;
    if (!primary)
        throw new Error('replayTraffic needs a head or a base policy');
    return { primary, base: head && base ? base : null };
}

;// CONCATENATED MODULE: ./build/replay/heap.js
/** A binary heap ordered by `before`: the root is the element that sorts first. */
class Heap {
    before;
    items = [];
    constructor(before) {
        this.before = before;
    }
    get size() {
        return this.items.length;
    }
    peek() {
        return this.items[0];
    }
    push(item) {
        const items = this.items;
        items.push(item);
        let i = items.length - 1;
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (!this.before(items[i], items[parent]))
                break;
            [items[i], items[parent]] = [items[parent], items[i]];
            i = parent;
        }
    }
    pop() {
        const items = this.items;
        const top = items[0];
        const last = items.pop();
        if (items.length > 0 && last !== undefined) {
            items[0] = last;
            let i = 0;
            for (;;) {
                const l = 2 * i + 1;
                const r = l + 1;
                let m = i;
                if (l < items.length && this.before(items[l], items[m]))
                    m = l;
                if (r < items.length && this.before(items[r], items[m]))
                    m = r;
                if (m === i)
                    break;
                [items[i], items[m]] = [items[m], items[i]];
                i = m;
            }
        }
        return top;
    }
    toArray() {
        return [...this.items];
    }
}

;// CONCATENATED MODULE: ./build/replay/selection.js



async function buildRecordFilter(plan, since, limit) {
    const sinceNs = since === null ? null : instantOf(since);
    const passesSince = (occurredAt) => {
        if (sinceNs === null)
            return true;
        if (occurredAt === undefined)
            return false;
        const t = instantOf(occurredAt);
        return t !== null && t >= sinceNs;
    };
    let chosen = null;
    if (limit !== null) {
        // The root is the least recent kept record, the first to give way to a more recent one.
        const heap = new Heap((a, b) => compareRecency(a.time, a.id, b.time, b.id) > 0);
        for await (const batch of readSampleItems(plan)) {
            for (const item of batch) {
                if (item.kind !== 'record' || !passesSince(item.record.occurred_at))
                    continue;
                const key = { id: item.record.request_id, time: item.record.occurred_at ?? null };
                if (heap.size < limit)
                    heap.push(key);
                else if (limit > 0 && compareRecency(key.time, key.id, heap.peek().time, heap.peek().id) < 0) {
                    heap.pop();
                    heap.push(key);
                }
            }
        }
        chosen = new Set(heap.toArray().map((k) => k.id));
    }
    const filter = {
        excludedWithoutTime: 0,
        accepts(requestId, occurredAt) {
            if (sinceNs !== null && occurredAt === undefined) {
                filter.excludedWithoutTime++;
                return false;
            }
            if (!passesSince(occurredAt))
                return false;
            return chosen === null || chosen.has(requestId);
        },
    };
    return filter;
}

// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(5919);
;// CONCATENATED MODULE: ./build/replay/outcomeCodec.js
const RECORD = 0;
const SKIPPED = 1;
const OTHER = 2;
const NULL = -1;
const RECORDED = [null, 'allow', 'deny'];
/** Growable numbers, so a run of any length packs without a second pass. */
class Numbers {
    array = new Float64Array(1_024);
    length = 0;
    push(value) {
        if (this.length === this.array.length) {
            const bigger = new Float64Array(this.array.length * 2);
            bigger.set(this.array);
            this.array = bigger;
        }
        this.array[this.length++] = value;
    }
    done() {
        return this.array.slice(0, this.length);
    }
}
function packOutcomes(outcomes) {
    const numbers = new Numbers();
    const texts = [];
    const others = [];
    const string = (value) => {
        if (value === null)
            numbers.push(NULL);
        else {
            numbers.push(value.length);
            texts.push(value);
        }
    };
    for (const outcome of outcomes) {
        if (outcome.kind === 'skipped') {
            numbers.push(SKIPPED);
            numbers.push(outcome.line);
            numbers.push(outcome.otherPath ? 1 : 0);
        }
        else if (outcome.kind === 'record' && outcome.change === null) {
            numbers.push(RECORD);
            numbers.push(outcome.line);
            numbers.push((outcome.evaluated ? 1 : 0) | (outcome.byReading ? 2 : 0));
            numbers.push(outcome.primary);
            numbers.push(outcome.reasons);
            numbers.push(outcome.base ?? NULL - 1);
            numbers.push(RECORDED.indexOf(outcome.recorded_decision));
            if (outcome.matched === null)
                numbers.push(NULL);
            else {
                numbers.push(outcome.matched.length);
                for (const index of outcome.matched)
                    numbers.push(index);
            }
            string(outcome.request_id);
            string(outcome.occurred_at);
            string(outcome.manifest_id);
            string(outcome.policy_revision);
            string(outcome.error);
            string(outcome.decision_path);
        }
        else {
            numbers.push(OTHER);
            others.push(outcome);
        }
    }
    return { count: outcomes.length, numbers: numbers.done(), text: texts.join(''), others };
}
function unpackOutcomes(packed) {
    const { numbers, text, others } = packed;
    const out = new Array(packed.count);
    let n = 0;
    let t = 0;
    let o = 0;
    const string = () => {
        const length = numbers[n++];
        if (length === NULL)
            return null;
        const value = text.slice(t, t + length);
        t += length;
        return value;
    };
    for (let i = 0; i < packed.count; i++) {
        const kind = numbers[n++];
        if (kind === SKIPPED) {
            out[i] = { kind: 'skipped', line: numbers[n++], otherPath: numbers[n++] === 1 };
        }
        else if (kind === RECORD) {
            const line = numbers[n++];
            const flags = numbers[n++];
            const primary = numbers[n++];
            const reasons = numbers[n++];
            const base = numbers[n++];
            const recorded = RECORDED[numbers[n++]];
            const count = numbers[n++];
            let matched = null;
            if (count !== NULL) {
                matched = new Array(count);
                for (let k = 0; k < count; k++)
                    matched[k] = numbers[n++];
            }
            const outcome = {
                kind: 'record',
                line,
                request_id: string(),
                occurred_at: string(),
                manifest_id: string(),
                recorded_decision: recorded,
                policy_revision: string(),
                evaluated: (flags & 1) !== 0,
                error: string(),
                primary,
                reasons,
                byReading: (flags & 2) !== 0,
                matched,
                base: base === NULL - 1 ? null : base,
                change: null,
                decision_path: string(),
            };
            out[i] = outcome;
        }
        else {
            out[i] = others[o++];
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./build/replay/workerPool.js





/**
 * Worker threads for the replay: the main thread reads, decompresses and cuts the sample into
 * runs of whole lines; each worker evaluates runs with its own engines and decision cache
 * (recordOutcome.ts) and posts the outcomes back; the main thread aggregates them strictly in file
 * order. At most `2 × workers` runs are out at a time, so memory does not grow with the sample.
 */
/** Bytes of whole lines per run handed to a worker (about a thousand records). */
const WORKER_CHUNK_BYTES = 1 << 20;
/**
 * Each worker's old generation, in MB. V8 sizes a heap by a multiple of what is live; a worker
 * holds ~30 MB live (its decision cache, one run) but, uncapped, lets garbage reach ~120 MB
 * before collecting, which on two workers took a 1,000,000-record replay past the 400 MB target.
 * Measured there: uncapped 509 MB / 14.4 s, 80 MB 377 MB / 16.3 s, 64 MB 364 MB / 15.8 s.
 */
const WORKER_OLD_GENERATION_MB = 64;
/**
 * A run this large (a line of several MB) is evaluated on the main thread instead: parsing it
 * could need more than a worker's capped heap.
 */
const LOCAL_CHUNK_BYTES = 4 << 20;
/**
 * Where the worker script is, relative to this module: the one worker bundle lives at
 * dist/cli/replay-worker/index.js, found as `replay-worker/index.js` from the CLI bundle and as
 * `cli/replay-worker/index.js` from the Action bundle (dist/index.js); `worker.js` in the tsc build
 * (build/replay/). null under the TypeScript sources, which a worker thread cannot load.
 */
function replayWorkerScript() {
    let dir;
    try {
        dir = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    }
    catch {
        return null;
    }
    for (const candidate of WORKER_SCRIPTS) {
        const path = (0,external_node_path_.join)(dir, candidate);
        if ((0,external_node_fs_.existsSync)(path))
            return path;
    }
    return null;
}
const WORKER_SCRIPTS = ['replay-worker/index.js', 'cli/replay-worker/index.js', 'worker.js'];
class ReplayWorkerPool {
    slots;
    finished = new Map();
    nextSeq = 0;
    nextDelivered = 0;
    failure = null;
    closing = false;
    wake = null;
    deliver = null;
    maxInFlight;
    constructor(script, count, init) {
        this.maxInFlight = 2 * count;
        this.slots = [];
        for (let i = 0; i < count; i++) {
            const worker = new external_node_worker_threads_.Worker(script, {
                workerData: init,
                resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB },
            });
            const slot = { worker, busy: 0, pending: [] };
            worker.on('message', (reply) => this.onReply(slot, reply));
            worker.on('error', (error) => this.fail(error));
            worker.on('exit', (code) => {
                if (!this.closing)
                    this.fail(new Error(`a replay worker stopped (exit code ${code})`));
            });
            this.slots.push(slot);
        }
    }
    /**
     * Hands every run of lines to the workers and calls `deliver` with their outcomes in sample
     * order. Resolves when every unit is delivered; rejects with the first failure (a worker's
     * error is rethrown with its name and message). `local` evaluates, in order, what a worker does
     * not take: a run too large for a worker's heap, and the elements of a JSON array.
     */
    async run(units, deliver, local) {
        this.deliver = deliver;
        for await (const unit of units) {
            while (this.failure === null && this.nextSeq - this.nextDelivered >= this.maxInFlight)
                await this.progress();
            if (this.failure !== null)
                throw this.failure;
            if (unit.kind === 'elements' || unit.bytes.length > LOCAL_CHUNK_BYTES)
                this.finish(this.nextSeq++, local(unit));
            else
                this.submit(unit.bytes, unit.firstLine, unit.base);
        }
        while (this.failure === null && this.nextDelivered < this.nextSeq)
            await this.progress();
        if (this.failure !== null)
            throw this.failure;
    }
    async close() {
        this.closing = true;
        await Promise.all(this.slots.map((s) => s.worker.terminate()));
    }
    submit(run, firstLine, base) {
        let slot = this.slots[0];
        for (const s of this.slots)
            if (s.busy < slot.busy)
                slot = s;
        slot.busy++;
        // Transfer, not copy: the buffer must be exactly the run (a Buffer may view a larger one).
        let bytes = run;
        if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength)
            bytes = new Uint8Array(bytes);
        const learned = slot.pending.length === 1 ? slot.pending[0] : slot.pending.flat();
        slot.pending = [];
        const request = { seq: this.nextSeq++, bytes, firstLine, base, learned };
        slot.worker.postMessage(request, [bytes.buffer]);
    }
    onReply(slot, reply) {
        slot.busy--;
        if ('error' in reply) {
            const error = new Error(reply.error.message);
            error.name = reply.error.name;
            if (reply.error.stack !== undefined)
                error.stack = reply.error.stack;
            this.fail(error);
            return;
        }
        if (reply.learned.length > 0)
            for (const other of this.slots)
                if (other !== slot)
                    other.pending.push(reply.learned);
        this.finish(reply.seq, unpackOutcomes(reply.outcomes));
    }
    /** Records run `seq`'s outcomes and delivers every run that is now next in order. */
    finish(seq, outcomes) {
        this.finished.set(seq, outcomes);
        try {
            for (let next = this.finished.get(this.nextDelivered); next !== undefined;) {
                this.finished.delete(this.nextDelivered++);
                this.deliver(next);
                next = this.finished.get(this.nextDelivered);
            }
        }
        catch (error) {
            this.fail(error);
        }
        this.signal();
    }
    fail(error) {
        this.failure ??= error;
        this.signal();
    }
    signal() {
        const wake = this.wake;
        this.wake = null;
        wake?.();
    }
    progress() {
        return new Promise((resolve) => (this.wake = resolve));
    }
}

;// CONCATENATED MODULE: ./build/replay/replay.js
















/**
 * Below this many (decompressed) bytes a sample is replayed in-process: starting threads and
 * loading the wasm in each costs about as much as a few thousand records.
 */
const AUTO_WORKERS_MIN_BYTES = 8 << 20;
/** A JSON Lines export compresses about 8:1 or better; the threshold is on the estimate. */
const GZIP_RATIO_ESTIMATE = 8;
/** More threads than this stop paying: the main thread's reading and aggregation is serial. */
const MAX_AUTO_WORKERS = 4;
/** How many worker threads the replay of a sample of `bytes` bytes (on disk) uses by default. */
function autoWorkerCount(trafficPath, bytes, parallelism) {
    const format = trafficFormatOf(trafficPath);
    if (!format.startsWith('jsonl'))
        return 0;
    return workersForEstimate(format.endsWith('.gz') ? bytes * GZIP_RATIO_ESTIMATE : bytes, parallelism);
}
function workersForEstimate(estimate, parallelism) {
    if (estimate < AUTO_WORKERS_MIN_BYTES || parallelism < 2)
        return 0;
    return Math.min(parallelism, MAX_AUTO_WORKERS);
}
/** The decompressed bytes of the sample's files of lines, estimated from their size on disk. */
async function linesEstimate(plan) {
    let estimate = 0;
    for (const file of plan.files) {
        if (file.layout !== 'lines')
            continue;
        const size = await (0,promises_.stat)(file.path).then((s) => s.size, () => 0);
        estimate += looksGzipped(file.path) ? size * GZIP_RATIO_ESTIMATE : size;
    }
    return estimate;
}
async function workerCountFor(options, plan) {
    const hasLines = plan.files.some((f) => f.layout === 'lines');
    if (options.workers !== undefined) {
        if (!Number.isSafeInteger(options.workers) || options.workers < 0)
            throw new RangeError(`workers must be a whole number ≥ 0, not ${options.workers}`);
        if (options.workers <= 1 || !hasLines)
            return 0;
        return options.workers;
    }
    const count = hasLines ? workersForEstimate(await linesEstimate(plan), (0,external_node_os_.availableParallelism)()) : 0;
    // Without the worker script (the TypeScript sources under a test runner) or the wasm bytes,
    // the automatic choice stays in-process; an explicit `workers` insists (workerInit throws).
    if (count === 0 || replayWorkerScript() === null)
        return 0;
    if (!options.head?.wasm && options.head)
        return 0;
    if (!options.base?.wasm && options.base)
        return 0;
    return count;
}
/**
 * Replays every record of the sample against the head and the base. Streaming: memory holds the
 * capped change list, counters, and the ids already replayed (to catch repeats).
 */
async function replayTraffic(options) {
    const { primary, base } = evaluatorSides(options.head, options.base);
    const plan = options.sample ??
        (await planOf(options.trafficPath, options.decisionLog, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES));
    const config = {
        mode: options.mode ?? 'compare',
        hasHead: options.head !== null,
        hasBase: options.base !== null,
        shard: options.shard ?? null,
        since: options.since,
        format: plan.format,
        decisionLog: plan.options,
        maxLineBytes: plan.maxLineBytes,
        unevaluable: options.unevaluable ?? 'precise',
    };
    const workers = await workerCountFor(options, plan);
    // Threads start (and compile their wasm) while the --limit pass reads the sample.
    const pool = workers > 0
        ? new ReplayWorkerPool(replayWorkerScriptOrThrow(), workers, workerInit(config, primary, base))
        : null;
    try {
        return await withDecisionPathListing(plan, async () => {
            const filter = await buildRecordFilter(plan, options.since, options.limit);
            // Drift compares with recorded decisions: there is no edit to explain.
            const diff = config.mode === 'drift' ? null : ruleDiff(options.base?.policy ?? null, options.head?.policy ?? null);
            const groups = new ChangeGroupCollector({
                headRules: primary.policy.rules.map((r) => r.id),
                baseRules: base?.policy.rules.map((r) => r.id) ?? null,
                diff,
                maxGroups: options.maxGroups ?? DEFAULT_MAX_GROUPS,
                partial: options.shard !== undefined,
            });
            const aggregate = new ReplayAggregator(config, primary.policy, filter, options.maxChanges, groups, plan);
            let read = 0;
            const take = (outcomes) => {
                for (const outcome of outcomes)
                    aggregate.add(outcome);
                read += outcomes.length;
                options.onProgress?.(read);
            };
            // In-process, or for a unit a worker does not take: the same evaluator on this thread.
            const evaluator = new RecordEvaluator(config, primary, base);
            const local = (unit) => evaluateUnit(evaluator, unit);
            if (pool === null)
                for await (const unit of sampleUnits(plan, 0))
                    take(local(unit));
            else
                await pool.run(sampleUnits(plan, WORKER_CHUNK_BYTES), take, local);
            return {
                ...aggregate.finish(diff),
                excludedWithoutTime: filter.excludedWithoutTime,
                workers,
                plan,
            };
        });
    }
    finally {
        await pool?.close();
    }
}
/** A sample given by path(s), planned without decision-log options unless given. */
function planOf(trafficPath, decisionLog = NO_DECISION_LOG_OPTIONS, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    const paths = typeof trafficPath === 'string' ? [trafficPath] : trafficPath;
    return planSample(paths.map((p) => ({ shown: p, path: p })), decisionLog, undefined, maxLineBytes);
}
function evaluateUnit(evaluator, unit) {
    if (unit.kind === 'lines')
        return evaluator.evaluateLines(unit.bytes, unit.firstLine, unit.base);
    const out = [];
    forEachUnitElement(unit, 0, (text, position, shape) => out.push(evaluator.evaluateText(text, position, shape)));
    return out;
}
function replayWorkerScriptOrThrow() {
    const script = replayWorkerScript();
    if (script === null)
        throw new Error('worker threads need the built worker script (run the bundle or the tsc build)');
    return script;
}
function workerInit(config, primary, base) {
    const side = (s) => {
        if (!s.wasm)
            throw new Error(`worker threads need the wasm bytes of ${s.engine.name}`);
        return { name: s.engine.name, wasm: s.wasm, policy: s.policy, features: s.features };
    };
    return { config, primary: side(primary), base: base === null ? null : side(base) };
}
/**
 * The in-order half of the replay: consumes outcomes in file order and keeps everything that
 * depends on order or on other records — repeated ids (the first stays, a repeat is malformed),
 * --shard, --since/--limit, the counters, rule hits, the capped change list, malformed examples,
 * manifest ids and revisions.
 */
class ReplayAggregator {
    config;
    primary;
    filter;
    groups;
    plan;
    counts = { evaluated: 0, allowed: 0, denied: 0, unevaluable: 0 };
    unevaluableByReading = 0;
    byReason = new Array(UNEVALUABLE_REASONS.length).fill(0);
    /** Per index of the primary's rules. */
    ruleCounts;
    ruleIds;
    top;
    split = { changes_total: 0, newly_allowed: 0, newly_denied: 0, from_unknown: 0 };
    /** Examples by position (`line`); finish() says where each is, as the report does. */
    malformed = { count: 0, examples: [] };
    manifestIds = new Map();
    revisions = new Map();
    /** Line of the first replayable record of each request_id. */
    firstLineOf = new requestIdTable_RequestIdTable();
    recordedMismatch = 0;
    withoutRecordedDecision = 0;
    skipped = { non_decision: 0, other_path: 0 };
    fileCounts;
    paths = new DecisionPathGuard();
    constructor(config, primary, filter, maxChanges, groups, plan) {
        this.config = config;
        this.primary = primary;
        this.filter = filter;
        this.groups = groups;
        this.plan = plan;
        this.ruleIds = primary.rules.map((r) => r.id);
        this.ruleCounts = this.ruleIds.map(() => 0);
        this.top = new TopChanges(maxChanges);
        this.fileCounts = plan.files.map(() => 0);
    }
    add(o) {
        const shard = this.config.shard ?? undefined;
        // Whole-sample facts first: every shard counts every file's elements and refuses the same
        // samples.
        this.fileCounts[fileIndexOf(o.line)]++;
        if (o.kind === 'mixed')
            throw mixedSampleError(this.plan, o.line);
        if (o.kind === 'skipped') {
            if (inShard(shard, undefined, o.line)) {
                if (o.otherPath)
                    this.skipped.other_path++;
                else
                    this.skipped.non_decision++;
            }
            return;
        }
        this.paths.note(o.decision_path ?? null);
        if (o.kind === 'malformed') {
            if (inShard(shard, o.request_id, o.line))
                this.noteMalformed(o.line, o.reason);
            return;
        }
        const first = this.firstLineOf.claim(o.request_id, o.line);
        if (first !== undefined) {
            if (inShard(shard, o.request_id, o.line))
                this.noteMalformed(o.line, sampleDuplicateReason(this.plan, o.request_id, first));
            return;
        }
        if (!inShard(shard, o.request_id, o.line))
            return;
        if (!this.filter.accepts(o.request_id, o.occurred_at ?? undefined))
            return;
        // The evaluator skips exactly what the two checks above drop.
        if (!o.evaluated)
            throw new Error(`record on line ${o.line} was kept but not evaluated`);
        if (o.error !== null) {
            this.noteMalformed(o.line, o.error);
            return;
        }
        const counts = this.counts;
        counts.evaluated++;
        this.manifestIds.set(o.manifest_id, (this.manifestIds.get(o.manifest_id) ?? 0) + 1);
        if (o.byReading)
            this.unevaluableByReading++;
        if (o.primary === VERDICT_UNEVALUABLE) {
            counts.unevaluable++;
            for (let i = 0; i < UNEVALUABLE_REASONS.length; i++)
                if ((o.reasons & (1 << i)) !== 0)
                    this.byReason[i]++;
        }
        else {
            if (o.primary === VERDICT_ALLOW)
                counts.allowed++;
            else
                counts.denied++;
            for (const index of o.matched)
                this.ruleCounts[index]++;
        }
        if (o.recorded_decision !== null && o.base !== null) {
            if ((o.base === VERDICT_ALLOW ? 'allow' : 'deny') !== o.recorded_decision)
                this.recordedMismatch++;
        }
        const drift = this.config.mode === 'drift';
        let revision;
        if (drift) {
            revision = this.revisions.get(o.policy_revision);
            if (!revision)
                this.revisions.set(o.policy_revision, (revision = { records: 0, drift: 0 }));
            revision.records++;
        }
        if (drift && o.primary !== VERDICT_UNEVALUABLE && o.recorded_decision === null) {
            this.withoutRecordedDecision++;
            return;
        }
        const pair = decisionPair(this.config, o.primary, o.base, o.recorded_decision);
        if (pair === null || pair.current === pair.draft)
            return;
        const split = this.split;
        split.changes_total++;
        if (pair.current === 'unknown')
            split.from_unknown++;
        else if (pair.draft === 'allow')
            split.newly_allowed++;
        else
            split.newly_denied++;
        if (revision)
            revision.drift++;
        const detail = o.change;
        if (detail === null)
            throw new Error(`change on line ${o.line} came without its details`);
        const change = {
            request_id: o.request_id,
            occurred_at: o.occurred_at,
            subject: detail.subject,
            method: detail.method,
            tools: detail.tools,
            current_decision: pair.current,
            draft_decision: pair.draft,
            matched_rule_ids: o.matched.map((i) => this.ruleIds[i]),
        };
        this.top.offer(change);
        this.groups.add(change, detail.explain);
    }
    finish(diff) {
        const byReason = new Map();
        UNEVALUABLE_REASONS.forEach((reason, i) => {
            if (this.byReason[i] > 0)
                byReason.set(reason, this.byReason[i]);
        });
        const ruleHits = new Map(this.ruleIds.map((id) => [id, 0]));
        this.ruleIds.forEach((id, i) => ruleHits.set(id, ruleHits.get(id) + this.ruleCounts[i]));
        // UNEVALUABLE_REASONS is sorted, so the reasons come out sorted.
        const reasons = [...byReason.keys()];
        const groups = this.groups.finish();
        const result = {
            ...this.counts,
            unevaluable_by_reading: this.unevaluableByReading,
            unevaluable_reasons: reasons,
            unevaluable_by_reason: Object.fromEntries(reasons.map((r) => [r, byReason.get(r)])),
            changes: this.top.items,
            changes_total: this.split.changes_total,
            newly_allowed: this.split.newly_allowed,
            newly_denied: this.split.newly_denied,
            from_unknown: this.split.from_unknown,
            rule_diff: diff,
            change_groups: groups.change_groups,
            change_groups_total: groups.change_groups_total,
            rule_hits: Object.fromEntries(ruleHits),
            malformed: {
                count: this.malformed.count,
                examples: this.malformed.examples.map((e) => ({
                    ...positionOf(this.plan, e.line),
                    reason: e.reason,
                })),
            },
            recorded_mismatch: this.recordedMismatch,
        };
        return {
            result,
            manifestIds: this.manifestIds,
            withoutRecordedDecision: this.withoutRecordedDecision,
            revisions: this.revisions,
            skipped: this.skipped,
            fileCounts: this.fileCounts,
            groups: groups.all,
        };
    }
    noteMalformed(line, reason) {
        this.malformed.count++;
        keepFirstExamples(this.malformed.examples, { line, reason });
    }
}
/**
 * Keeps the first MAX_MALFORMED_EXAMPLES examples by (position, reason): sample order, and an
 * order a shard merge reproduces when a minified `.json` array puts many records on one line.
 */
function keepFirstExamples(examples, example) {
    const full = examples.length >= MAX_MALFORMED_EXAMPLES;
    if (full && compareExamples(example, examples[examples.length - 1]) >= 0)
        return;
    let at = examples.length;
    while (at > 0 && compareExamples(examples[at - 1], example) > 0)
        at--;
    examples.splice(at, 0, example);
    if (examples.length > MAX_MALFORMED_EXAMPLES)
        examples.pop();
}
/**
 * The report's order of malformed examples: by file (files are read in this sorted order), then
 * line or element index, then reason.
 */
function compareExamples(a, b) {
    const fa = a.file ?? '';
    const fb = b.file ?? '';
    if (fa !== fb)
        return fa < fb ? -1 : 1;
    return ((a.line ?? a.index ?? 0) - (b.line ?? b.index ?? 0) ||
        (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}

;// CONCATENATED MODULE: ./build/replay/run.js











/** The report's name for a policy version: the base always says which commit (null: unknown). */
function policyRef(source, side = 'head') {
    const sha256 = sha256OfText(source.text);
    return side === 'base'
        ? { path: source.displayPath, ref: source.ref ?? null, sha256 }
        : { path: source.displayPath, sha256 };
}
/**
 * Reads a policy file. Only a regular file no larger than `maxPolicyBytes` is read at all: a
 * device or FIFO would never end, and a huge file is refused before it fills memory.
 */
async function readPolicySource(file, displayPath = file, maxPolicyBytes = DEFAULT_LIMITS.maxPolicyBytes) {
    const info = await stat(file);
    if (!info.isFile())
        throw new Error(`${displayPath} is not a regular file (a directory, device or FIFO)`);
    if (info.size > maxPolicyBytes) {
        throw new Error(`${displayPath} is ${info.size.toLocaleString('en-US')} bytes, over the ${maxPolicyBytes.toLocaleString('en-US')}-byte limit for a policy ` +
            '(raise it with --max-policy-bytes)');
    }
    return { displayPath, text: await readFile(file, 'utf8') };
}
/** Validation alone (no OPA needed): every problem of the sides given, in order. */
function validateSources(...sources) {
    return sources.flatMap((source) => {
        if (!source)
            return [];
        const result = validatePolicyText(source.text, source.displayPath, formatOfPath(source.displayPath) ?? 'yaml');
        return result.ok ? [] : result.errors;
    });
}
/** validate → Rego → wasm → loaded engine, for one side. */
async function preparePolicy(source, opaPath, limits = limits_DEFAULT_LIMITS) {
    const compiled = await compilePolicyText(source.text, source.displayPath, opaPath, limits);
    if (!compiled.ok)
        return compiled;
    const { policy, features, engine, wasm, rego, warnings } = compiled.loaded;
    return {
        ok: true,
        prepared: { side: { policy, features, engine, wasm }, ref: policyRef(source), rego, warnings },
    };
}
function toReportError(p) {
    return { file: p.file, path: p.path, line: p.line, column: p.column, message: p.message };
}
/** The whole replay of one policy change, as the JSON report (docs/report.md "The replay report"). */
async function runReplay(options) {
    const paths = typeof options.trafficPath === 'string' ? [options.trafficPath] : options.trafficPath;
    // One path with a display name (the Action's, a test's) is shown by that name in `files` too.
    const sources = options.traffic ??
        paths.map((p) => ({ shown: paths.length === 1 ? (options.trafficDisplayPath ?? p) : p, path: p }));
    const maxLineBytes = (options.limits ?? limits_DEFAULT_LIMITS).maxLineBytes;
    const decisionLog = options.decisionLog ?? NO_DECISION_LOG_OPTIONS;
    const [head, base, { plan, digest }] = await Promise.all([
        options.head ? preparePolicy(options.head, options.opa.path, options.limits) : null,
        options.base ? preparePolicy(options.base, options.opa.path, options.limits) : null,
        planSample(sources, decisionLog, options.trafficDisplayPath, maxLineBytes).then(async (plan) => ({
            plan,
            digest: await sampleDigest(plan.files),
        })),
    ]);
    const baseProblems = base && !base.ok ? base.errors : [];
    const baseIsUnknown = options.invalidBase === 'unknown' && baseProblems.length > 0;
    const errors = [...(head && !head.ok ? head.errors : []), ...(baseIsUnknown ? [] : baseProblems)];
    const baseErrors = baseIsUnknown ? baseProblems.map(toReportError) : [];
    const warnings = [
        ...(head ? (head.ok ? head.prepared.warnings : head.warnings) : []),
        ...(base ? (base.ok ? base.prepared.warnings : base.warnings) : []),
    ];
    const headPrepared = head?.ok ? head.prepared : null;
    const basePrepared = base?.ok ? base.prepared : null;
    const status = options.mode === 'drift'
        ? 'drift'
        : options.head === null
            ? 'deleted'
            : options.base === null
                ? 'added'
                : 'changed';
    const refOf = (source, side) => source ? policyRef(source, side) : null;
    const meta = {
        tool: 'policy-replay',
        version: TOOL_VERSION,
        opa_version: options.opa.version,
        head: refOf(options.head, 'head'),
        base: refOf(options.base, 'base'),
        traffic: {
            path: plan.shown,
            sha256: digest.sha256,
            format: plan.format,
            files: plan.files.map((f, i) => ({ path: f.shown, sha256: digest.files[i], count: null })),
        },
        skipped: { non_decision: 0, other_path: 0 },
        since: options.since ?? null,
        limit: options.limit ?? null,
        status,
        excluded_without_time: 0,
        max_changes: options.maxChanges,
        max_groups: options.maxGroups ?? DEFAULT_MAX_GROUPS,
        unevaluable_mode: options.unevaluable ?? 'precise',
        ...(options.shard ? { shard: options.shard } : {}),
    };
    if (errors.length > 0) {
        return {
            report: { meta, errors: errors.map(toReportError), result: null },
            head: headPrepared,
            base: basePrepared,
            warnings,
            outcome: null,
            fidelity: null,
            baseErrors,
        };
    }
    const manifestSet = options.manifests ? await loadManifestsFromDirOrGlob(options.manifests) : null;
    const outcome = await replayTraffic({
        head: headPrepared?.side ?? null,
        base: basePrepared?.side ?? null,
        trafficPath: options.trafficPath,
        sample: plan,
        since: options.since ?? null,
        limit: options.limit ?? null,
        maxChanges: options.maxChanges,
        maxGroups: meta.max_groups,
        ...(options.shard ? { shard: options.shard } : {}),
        mode: options.mode ?? 'compare',
        unevaluable: options.unevaluable ?? 'precise',
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
        maxLineBytes: (options.limits ?? limits_DEFAULT_LIMITS).maxLineBytes,
    });
    meta.excluded_without_time = outcome.excludedWithoutTime;
    meta.skipped = outcome.skipped;
    meta.traffic.files.forEach((f, i) => (f.count = outcome.fileCounts[i]));
    const fidelity = manifestSet ? summarizeFidelity(manifestSet, outcome.manifestIds) : null;
    const result = fidelity ? { ...outcome.result, fidelity } : outcome.result;
    return {
        report: { meta, errors: [], result },
        head: headPrepared,
        base: basePrepared,
        warnings,
        outcome,
        fidelity,
        baseErrors,
    };
}

;// CONCATENATED MODULE: ./build/action/sampleLocator.js







const entrySchema = schemas/* strictObject */.rej({
    traffic: schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* array */.YOg(schemas/* string */.YjP()).min(1)]).optional(),
    manifests: schemas/* string */.YjP().optional(),
    'decision-path': schemas/* string */.YjP().optional(),
    'decision-field': schemas/* string */.YjP().optional(),
    bundle: schemas/* string */.YjP().optional(),
    'manifest-id-field': schemas/* string */.YjP().optional(),
});
const mappingSchema = schemas/* strictObject */.rej({ policies: schemas/* record */.g1P(schemas/* string */.YjP(), entrySchema) });
const MAPPING_FILE = '.policy-replay.yml';
class MappingError extends Error {
    constructor(message) {
        super(message);
        this.name = 'MappingError';
    }
}
/** Parses `.policy-replay.yml`; every path in it must be relative and stay in the repository. */
function parseSampleMapping(text) {
    const parsed = mappingSchema.safeParse((0,dist/* parse */.qg)(text));
    if (!parsed.success) {
        throw new MappingError(`${MAPPING_FILE} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`).join('; ')}`);
    }
    for (const [policy, entry] of Object.entries(parsed.data.policies)) {
        const traffic = entry.traffic === undefined ? [] : [entry.traffic].flat();
        for (const path of [...traffic, entry.manifests]) {
            if (path !== undefined && ((0,external_node_path_.isAbsolute)(path) || path.split(/[\\/]/).includes('..'))) {
                throw new MappingError(`${MAPPING_FILE}: ${JSON.stringify(path)} (for ${JSON.stringify(policy)}) must be a path inside the repository, without ".."`);
            }
        }
        try {
            decisionLogOf(entry, null);
        }
        catch (error) {
            if (!(error instanceof DecisionLogOptionError))
                throw error;
            throw new MappingError(`${MAPPING_FILE}: ${JSON.stringify(policy)}: ${error.message}`);
        }
    }
    return parsed.data;
}
/** The decision-log options of one policy: each from its mapping entry, else from the inputs. */
function decisionLogOf(entry, settings) {
    return parseDecisionLogOptions({
        decisionPath: entry?.['decision-path'] ?? settings?.decisionPath ?? null,
        decisionField: entry?.['decision-field'] ?? settings?.decisionField ?? null,
        bundle: entry?.bundle ?? settings?.bundle ?? null,
        manifestIdField: entry?.['manifest-id-field'] ?? settings?.manifestIdField ?? null,
    });
}
/** The mapping in the checked-out workspace (drift runs: the default branch). */
function readSampleMapping(workspace) {
    const file = (0,external_node_path_.join)(workspace, MAPPING_FILE);
    if (!(0,external_node_fs_.existsSync)(file))
        return null;
    return parseSampleMapping((0,external_node_fs_.readFileSync)(file, 'utf8'));
}
/** Whether `path` (already joined to the workspace) really lies inside it, symlinks resolved. */
function insideWorkspace(workspace, path) {
    try {
        const root = (0,external_node_fs_.realpathSync)(workspace);
        const real = (0,external_node_fs_.realpathSync)(path);
        const rel = (0,external_node_path_.relative)(root, real);
        return rel === '' || (!rel.startsWith(`..${external_node_path_.sep}`) && rel !== '..' && !(0,external_node_path_.isAbsolute)(rel));
    }
    catch {
        return false;
    }
}
/** The files a candidate names, or null when it names none (or one leading out). */
async function filesOf(workspace, candidates) {
    let files;
    try {
        files = await listSampleFiles(candidates.map((c) => ({ shown: c.shown, path: c.file })));
    }
    catch {
        return null; // missing, a glob matching nothing, an empty directory: looked for, not found
    }
    const needsContainment = candidates.some((c) => c.contained);
    if (needsContainment && files.some((f) => !insideWorkspace(workspace, f.path)))
        return null;
    return files;
}
async function locateSample(workspace, policyPath, settings, mapping) {
    const mapped = mapping?.policies[policyPath];
    const name = expandPathTemplate('{name}', policyPath);
    const fromMapping = (p) => ({ shown: p, file: (0,external_node_path_.resolve)(workspace, p), contained: true });
    const fromInput = (p) => ({
        shown: p,
        file: (0,external_node_path_.isAbsolute)(p) ? p : (0,external_node_path_.resolve)(workspace, p),
        contained: false,
    });
    // Each entry is one sample (a mapping list is one sample of several parts); the first usable wins.
    const trafficCandidates = mapped?.traffic
        ? [[mapped.traffic].flat().map(fromMapping)]
        : settings.traffic
            ? [[fromInput(expandPathTemplate(settings.traffic, policyPath))]]
            : [`traffic/${name}.jsonl`, `traffic/${name}.jsonl.gz`, `traffic/${name}.json`].map((p) => [
                fromMapping(p),
            ]);
    const manifestCandidates = mapped?.manifests
        ? [fromMapping(mapped.manifests)]
        : settings.manifests
            ? [fromInput(expandPathTemplate(settings.manifests, policyPath))]
            : [fromMapping(`traffic/${name}.manifests`)];
    const samples = [];
    for (const candidate of trafficCandidates) {
        const files = await filesOf(workspace, candidate);
        if (files !== null)
            samples.push({ shown: candidate.map((c) => c.shown).join(', '), files });
    }
    const traffic = samples[0] ?? null;
    const usable = (c) => (0,external_node_fs_.existsSync)(c.file) && (!c.contained || insideWorkspace(workspace, c.file));
    const manifests = manifestCandidates.find(usable) ?? null;
    const inRepository = (candidates) => [
        ...new Set(candidates.flatMap((c) => repositoryPaths(workspace, c.file))),
    ];
    return {
        traffic: traffic?.shown ?? null,
        manifests: manifests?.shown ?? null,
        trafficFiles: traffic?.files ?? null,
        manifestsPath: manifests?.file ?? null,
        looked: trafficCandidates.flat().map((c) => c.shown),
        found: samples.map((c) => c.shown),
        // A directory or glob is everything under it (evidence.ts); a file in it that is a symlink
        // is also read from where it points.
        evidencePaths: {
            traffic: inRepository([
                ...trafficCandidates.flat(),
                ...(traffic?.files ?? []).map((f) => ({ file: f.path })),
            ]),
            manifests: inRepository(manifestCandidates),
        },
        decisionLog: decisionLogOf(mapped, settings),
    };
}
/**
 * `file` relative to the workspace, `/`-separated, as written and with the symlinks of its
 * nearest existing ancestor resolved (a base-branch symlink `traffic -> samples` makes
 * `samples/x.jsonl` a sample path too). Nothing for a path outside the workspace.
 */
function repositoryPaths(workspace, file) {
    const paths = [];
    const add = (root, path) => {
        const rel = (0,external_node_path_.relative)(root, path);
        if (rel === '' || rel === '..' || rel.startsWith(`..${external_node_path_.sep}`) || (0,external_node_path_.isAbsolute)(rel))
            return;
        paths.push(rel.split(external_node_path_.sep).join('/'));
    };
    add((0,external_node_path_.resolve)(workspace), (0,external_node_path_.resolve)(file));
    let root;
    try {
        root = (0,external_node_fs_.realpathSync)(workspace);
    }
    catch {
        return paths;
    }
    let existing = (0,external_node_path_.resolve)(file);
    let rest = '';
    while (!(0,external_node_fs_.existsSync)(existing)) {
        const parent = (0,external_node_path_.dirname)(existing);
        if (parent === existing)
            return paths;
        rest = rest === '' ? (0,external_node_path_.basename)(existing) : (0,external_node_path_.join)((0,external_node_path_.basename)(existing), rest);
        existing = parent;
    }
    try {
        add(root, (0,external_node_path_.join)((0,external_node_fs_.realpathSync)(existing), rest));
    }
    catch {
        // unreadable: the path as written is already there
    }
    return paths;
}

;// CONCATENATED MODULE: ./build/action/evidence.js

/**
 * The pull request must not choose the evidence that gates it (README "Security model"). The
 * sample and manifests are read from the checked-out workspace, which holds the pull request's
 * files: a pull request that adds `traffic/acme.jsonl` (empty) beside the real
 * `traffic/acme.jsonl.gz`, or edits the sample or its manifests, would otherwise replay what it
 * likes and pass. So a policy fails closed, whatever `fail-on` says, when
 * - the pull request adds, changes, deletes or renames (from or to) any path its sample or
 *   manifests can be read from — every candidate of the layout that applies, not only the one
 *   found, and any directory on the way to one; or
 * - more than one candidate sample exists, so that no added file can shadow the real one.
 */
const UNTRUSTED_EVIDENCE = 'untrusted-evidence';
const AMBIGUOUS_SAMPLE = 'ambiguous-sample';
/** Whether a changed path `changed` can alter what is read at `candidate` (a path or a glob). */
function touches(changed, candidate) {
    const scan = picomatch.scan(candidate);
    // A glob stands for everything under its static base.
    const target = scan.isGlob ? scan.base : candidate;
    if (target === '' || target === '.')
        return true;
    return changed === target || changed.startsWith(`${target}/`) || target.startsWith(`${changed}/`);
}
function evidence_problem(rule, file, message) {
    return { rule, error: { file, path: '', line: 1, column: 1, message } };
}
/** The paths a pull request touched: every file's name, and a rename's or copy's old name. */
function touchedPaths(files) {
    const paths = new Set();
    for (const f of files) {
        if (f.status === 'unchanged')
            continue;
        paths.add(f.filename);
        if (f.previous_filename !== undefined)
            paths.add(f.previous_filename);
    }
    return [...paths].sort();
}
/**
 * The evidence problems of one policy. `touched` is null outside pull requests (drift runs),
 * where only the ambiguity check applies.
 */
function evidenceProblems(sample, touched) {
    const problems = [];
    for (const [kind, candidates] of [
        ['traffic sample', sample.evidencePaths.traffic],
        ['manifests', sample.evidencePaths.manifests],
    ]) {
        for (const changed of touched ?? []) {
            const hit = candidates.find((c) => touches(changed, c));
            if (hit === undefined)
                continue;
            problems.push(evidence_problem(UNTRUSTED_EVIDENCE, changed, `the pull request changes ${changed}, and this policy's ${kind} is read from ${hit}: ` +
                'the evidence that gates a pull request must not come from it. Keep samples and manifests ' +
                'where a pull request cannot write (downloaded by an earlier step into $RUNNER_TEMP, or ' +
                'committed on the base branch and left unchanged)'));
        }
    }
    if (sample.found.length > 1) {
        problems.push(evidence_problem(AMBIGUOUS_SAMPLE, sample.found[1], `more than one traffic sample exists for this policy (${sample.found.join(', ')}): keep ` +
            'exactly one, so that no added file can stand in for the real sample'));
    }
    return problems;
}

;// CONCATENATED MODULE: ./build/action/policyFailure.js
/**
 * One policy's failure stays that policy's (README "Security model"): an error while replaying it
 * — a hostile document the validator did not foresee, an unreadable sample, a crash in the engine
 * or the renderer — becomes its `replay-failed` blocker, annotated and shown in its section, and
 * fails the run whatever `fail-on` says; every other policy is still replayed and reported.
 */
const REPLAY_FAILED = 'replay-failed';
/** The message of anything thrown, with its kind when that is not a plain Error. */
function failureMessage(error) {
    if (!(error instanceof Error))
        return String(error);
    return error.name && error.name !== 'Error' && !error.message.startsWith(error.name)
        ? `${error.name}: ${error.message}`
        : error.message;
}
/** The blocker of a policy whose processing threw `error`, annotated at the policy file. */
function replayFailure(path, error) {
    return {
        rule: REPLAY_FAILED,
        file: path,
        path: '',
        line: 1,
        column: 1,
        message: `could not be replayed: ${failureMessage(error)}`,
    };
}
/** A PolicyBlocker from an evidence or failure problem. */
function blocker(rule, error) {
    return { rule, ...error };
}
/** What the gate must fail on for this policy, whatever the rules. */
function blockersOf(outcome) {
    return (outcome.blockers ?? []).map((b) => ({ rule: b.rule, reason: b.message }));
}

;// CONCATENATED MODULE: ./build/action/policyOutcome.js

/**
 * The outcome a policy starts from once its sample is located: nothing replayed yet, "no traffic"
 * when no sample was found and nothing blocks it, and a blocker (logged) for every evidence
 * problem, which then keeps the policy from being replayed.
 */
function sampledOutcome(policy, sample, evidence, log) {
    const outcome = {
        ...policy,
        traffic: sample.traffic,
        traffic_looked: sample.looked,
        manifests: sample.manifests,
        no_traffic: sample.traffic === null && evidence.length === 0,
        errors: [],
        report: null,
    };
    if (evidence.length > 0) {
        outcome.blockers = evidence.map((p) => blocker(p.rule, p.error));
        for (const b of outcome.blockers)
            log(`${policy.path}: not replayed: ${b.message}`);
    }
    return outcome;
}
/** The outcome of a policy whose processing threw: nothing replayed, its one blocker `failure`. */
function failedOutcome(policy, failure) {
    return {
        ...policy,
        traffic: null,
        traffic_looked: [],
        manifests: null,
        no_traffic: false,
        errors: [],
        report: null,
        blockers: [failure],
    };
}

;// CONCATENATED MODULE: ./build/action/regoDiff.js
/**
 * A unified diff of two generated Rego modules (small files: a plain LCS table is enough), with
 * three lines of context. Pure.
 */
const MAX_TABLE_CELLS = 4_000_000;
function unifiedDiff(before, after, fromName, toName, context = 3) {
    const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
    const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
    // The LCS table is n×m: bound it, since a pull request controls the size of the module.
    if (a.length * b.length > MAX_TABLE_CELLS) {
        return `--- ${fromName}\n+++ ${toName}\n@@ the generated Rego changed too much to diff here (${a.length} → ${b.length} lines); see \`policy-replay compile\` @@\n`;
    }
    const ops = diffLines(a, b);
    if (ops.every((op) => op.kind === ' '))
        return '';
    const out = [`--- ${fromName}`, `+++ ${toName}`];
    let i = 0;
    while (i < ops.length) {
        if (ops[i].kind === ' ') {
            i++;
            continue;
        }
        const start = Math.max(0, i - context);
        let end = i;
        // Extend the hunk while changes are within 2*context lines of each other.
        for (;;) {
            while (end < ops.length && ops[end].kind !== ' ')
                end++;
            let next = end;
            while (next < ops.length && ops[next].kind === ' ' && next - end < 2 * context)
                next++;
            if (next < ops.length && ops[next].kind !== ' ' && next - end <= 2 * context)
                end = next;
            else
                break;
        }
        const stop = Math.min(ops.length, end + context);
        const hunk = ops.slice(start, stop);
        const aStart = hunk[0].a;
        const bStart = hunk[0].b;
        const aLen = hunk.filter((o) => o.kind !== '+').length;
        const bLen = hunk.filter((o) => o.kind !== '-').length;
        out.push(`@@ -${aStart + (aLen ? 1 : 0)},${aLen} +${bStart + (bLen ? 1 : 0)},${bLen} @@`);
        for (const op of hunk)
            out.push(`${op.kind}${op.text}`);
        i = stop;
    }
    return `${out.join('\n')}\n`;
}
function diffLines(a, b) {
    const n = a.length;
    const m = b.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
        for (let j = m - 1; j >= 0; j--) {
            lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
        }
    }
    const ops = [];
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[i] === b[j]) {
            ops.push({ kind: ' ', text: a[i], a: i, b: j });
            i++;
            j++;
        }
        else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
            // Deletions before insertions, as diff(1) prints a replaced line.
            ops.push({ kind: '-', text: a[i], a: i, b: j });
            i++;
        }
        else {
            ops.push({ kind: '+', text: b[j], a: i, b: j });
            j++;
        }
    }
    return ops;
}

;// CONCATENATED MODULE: ./build/action/log.js


/**
 * The Action's one door to the runner's log: every log line, annotation and failure message goes
 * through here, and through the project's one sanitiser (src/text/workflowCommands.ts). Policy
 * paths come from the pull request (git allows newlines in file names), reasons quote traffic
 * values, policy keys and manifest ids: none of it may issue a workflow command.
 */
/** A log line: line breaks show as `␤`, and no `::` or `##[` can start a command. */
function safeLogLine(text) {
    return inertLogLine(text);
}
function logInfo(text) {
    core/* info */.pq(workflowCommands_inertLogLine(text));
}
/** A warning annotation; @actions/core keeps it on one line, the sanitiser does the rest. */
function logWarning(text, properties) {
    core/* warning */.$e(inertText(text), properties);
}
/** A notice annotation. */
function logNotice(text, properties) {
    core/* notice */.lm(inertText(text), properties);
}
/** An error annotation (at a file, line and column when given). */
function logError(text, properties) {
    core/* error */.z3(inertText(text), properties);
}
/** Fails the step with `text` as its error annotation. */
function failStep(text) {
    core/* setFailed */.C1(inertText(text));
}

;// CONCATENATED MODULE: ./build/action/annotations.js





/**
 * Annotations on the edited rule (docs/explain.md "Annotations"): for each rule or setting named
 * in some change group's `because`, one annotation on the head file at the line of the rule's
 * `id` key (a setting: its key), saying what it newly allows or denies. Computed from every
 * group of the replay, not only those the report keeps, so the counts are the true ones.
 */
/** GitHub shows at most 10 annotations of each severity per step. */
const MAX_ANNOTATIONS_PER_SEVERITY = 10;
/** Longest traffic value (a tool or method name) quoted in an annotation. */
const MAX_VALUE_LENGTH = 100;
const annotations_n = (value) => value.toLocaleString('en-US');
const annotations_plural = (count, word) => `${annotations_n(count)} ${word}${count === 1 ? '' : 's'}`;
/** The annotations of one policy, largest first. Pure. */
function changeAnnotations(input) {
    const explained = new Map();
    for (const tally of input.groups) {
        const seen = new Set();
        for (const entry of tally.group.because) {
            const key = 'rule' in entry ? `rule\0${entry.rule}` : `setting\0${entry.setting}`;
            // A modified rule is named once per side; its group counts once.
            if (seen.has(key))
                continue;
            seen.add(key);
            let item = explained.get(key);
            if (item === undefined) {
                item = { ...annotations_describe(entry), allowing: [], denying: [] };
                explained.set(key, item);
            }
            (allows(tally.group.direction) ? item.allowing : item.denying).push(tally);
        }
    }
    const locate = locator(input.headPath, input.headText);
    const out = [];
    for (const item of explained.values()) {
        const warning = item.allowing.length > 0;
        const groups = warning ? item.allowing : item.denying;
        const requests = groups.reduce((sum, t) => sum + t.group.count, 0);
        const subjects = new Set();
        for (const t of groups)
            for (const subject of t.subjects.keys())
                subjects.add(subject);
        let file;
        let line = null;
        if (input.headPath === null)
            file = input.basePath;
        else {
            file = input.headPath;
            if (!item.removed)
                line = item.isRule ? locate.rule(item.name) : locate.setting(item.name);
        }
        out.push({
            severity: warning ? 'warning' : 'notice',
            file,
            line,
            title: `policy-replay: ${item.name} newly ${warning ? 'allows' : 'denies'} requests`,
            message: `${item.name} (${item.label}): newly ${warning ? 'allows' : 'denies'} ${annotations_plural(requests, 'request')} from ${annotations_plural(subjects.size, 'subject')} — ${kinds(groups)}`,
            requests,
            name: item.name,
        });
    }
    return out.sort(largestFirst);
}
function annotations_describe(entry) {
    if ('rule' in entry) {
        return { name: entry.rule, label: entry.change, isRule: true, removed: entry.change === 'removed' };
    }
    return {
        name: entry.setting,
        label: `${entry.from ?? 'none'} → ${entry.to ?? 'none'}`,
        isRule: false,
        removed: entry.to === null,
    };
}
/** The kinds of request (method and tools), largest first: the first named, the rest counted. */
function kinds(groups) {
    const sizes = new Map();
    for (const t of groups) {
        const kind = kindOf(t.group);
        sizes.set(kind, (sizes.get(kind) ?? 0) + t.group.count);
    }
    const ordered = [...sizes].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]));
    const [first] = ordered[0];
    return ordered.length === 1 ? first : `${first} and ${annotations_plural(ordered.length - 1, 'other kind')} of request`;
}
function kindOf(group) {
    if (group.method === null && group.tools.length === 0)
        return 'no MCP call';
    return [group.method ?? '(no method)', ...group.tools].map((v) => inert(v)).join(' ');
}
/**
 * Traffic values in an annotation: the runner reads `::` commands at a line's start and `##[`
 * anywhere, and @actions/core escapes only line breaks and `%`. So line and control characters
 * become U+FFFD, `##[` is broken with a zero-width space, and long values are cut.
 */
function inert(value) {
    let text = [...value].length > MAX_VALUE_LENGTH ? `${[...value].slice(0, MAX_VALUE_LENGTH - 1).join('')}…` : value;
    // eslint-disable-next-line no-control-regex
    const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
    text = text.replace(unsafe, '\ufffd');
    return text.replace(/#(?=#\[)/g, '#\u200b');
}
function largestFirst(a, b) {
    return (b.requests - a.requests ||
        compareStrings(a.file ?? '', b.file ?? '') ||
        compareStrings(a.name, b.name) ||
        compareStrings(a.severity, b.severity));
}
/** Lines of the rules' `id` keys and of the settings' keys in the head file. */
function locator(path, text) {
    const empty = { rule: () => null, setting: () => null };
    if (path === null || text === null)
        return empty;
    const source = parseSource(text.startsWith('\ufeff') ? text.slice(1) : text, validate_formatOfPath(path) ?? 'yaml');
    const doc = source.value;
    if (source.syntaxErrors.length > 0 || typeof doc !== 'object' || doc === null)
        return empty;
    const rules = Array.isArray(doc.rules) ? doc.rules : [];
    return {
        rule: (id) => {
            const index = rules.findIndex((r) => r?.id === id);
            return index < 0 ? null : source.positionOf(['rules', index, 'id'], 'key').line;
        },
        setting: (name) => Object.hasOwn(doc, name) ? source.positionOf([name], 'key').line : null,
    };
}
/**
 * The run's annotations, at most MAX_ANNOTATIONS_PER_SEVERITY of each severity (GitHub shows no
 * more per step), largest first across every policy of the run.
 */
function capAnnotations(all) {
    const sorted = [...all].sort(largestFirst);
    const pick = (severity) => sorted.filter((a) => a.severity === severity).slice(0, MAX_ANNOTATIONS_PER_SEVERITY);
    return [...pick('warning'), ...pick('notice')];
}
/** Prints the annotations through the Action's one log door (log.ts), which sanitises them. */
function emitAnnotations(annotations) {
    for (const a of annotations) {
        const properties = { title: a.title };
        // A path the runner could read as a command is not attached (the message still names the rule).
        if (a.file !== null && !a.file.includes('##[')) {
            properties.file = a.file;
            if (a.line !== null)
                properties.startLine = a.line;
        }
        if (a.severity === 'warning')
            logWarning(a.message, properties);
        else
            logNotice(a.message, properties);
    }
}

;// CONCATENATED MODULE: ./build/action/pullRequest.js











/**
 * The PR's policy files. A rename within the policy globs is a rename (base at the old name); a
 * move into the globs is a new policy, and a move out of them is a deleted one (under its old
 * name): to the gateway, a file that stops or starts being a policy is exactly that.
 */
function selectPolicyChanges(files, globs) {
    const matches = policyMatcher(globs);
    const changes = [];
    for (const file of files) {
        if (file.status === 'unchanged')
            continue;
        const previous = file.previous_filename ?? null;
        const isPolicy = matches(file.filename);
        const wasPolicy = previous !== null && matches(previous);
        if (file.status === 'renamed' && previous !== null) {
            if (isPolicy && wasPolicy)
                changes.push({ path: file.filename, status: 'renamed', previousPath: previous });
            else if (isPolicy)
                changes.push({ path: file.filename, status: 'added', previousPath: null });
            else if (wasPolicy)
                changes.push({ path: previous, status: 'removed', previousPath: null });
            continue;
        }
        if (!isPolicy)
            continue;
        const status = file.status === 'added' || file.status === 'copied'
            ? 'added'
            : file.status === 'removed'
                ? 'removed'
                : 'modified';
        changes.push({ path: file.filename, status, previousPath: null });
    }
    return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
/** Lists the PR's policy changes and replays each one. */
async function listPolicyChanges(deps) {
    const { client, context, pullNumber, settings } = deps;
    const files = await listPullFiles(client, {
        owner: context.owner,
        repo: context.repo,
        pullNumber,
        workspace: context.workspace,
    });
    deps.log(`pull request #${pullNumber}: ${files.files.length} changed files (listed via ${files.source})`);
    return {
        baseSha: files.baseSha,
        headSha: files.headSha,
        changes: selectPolicyChanges(files.files, settings.policies),
        mappingChanged: files.files.some((f) => f.filename === MAPPING_FILE || f.previous_filename === MAPPING_FILE),
        touched: touchedPaths(files.files),
    };
}
async function replayPolicyChanges(deps, baseSha, headSha, changes, touched = []) {
    const { context } = deps;
    await ensureCommits(context.workspace, [baseSha, headSha]);
    // The mapping is read at the base commit: a pull request must not choose the sample that gates it.
    const mappingText = await readFileAtCommit(context.workspace, baseSha, MAPPING_FILE);
    const mapping = mappingText === null ? null : parseSampleMapping(mappingText);
    const outcomes = [];
    for (const change of changes) {
        // One policy's failure is its own: the others are still replayed and reported.
        try {
            outcomes.push(await replayPolicyChange(deps, change, { baseSha, headSha, mapping, touched }));
        }
        catch (error) {
            const failure = replayFailure(change.path, error);
            deps.log(`${change.path}: ${failure.message}`);
            outcomes.push(failedOutcome({ path: change.path, status: change.status, previous_path: change.previousPath }, failure));
        }
    }
    return outcomes;
}
async function replayPolicyChange(deps, change, at) {
    const { context, settings, opa } = deps;
    const { baseSha, headSha } = at;
    const headPath = change.status === 'removed' ? null : change.path;
    const basePath = change.status === 'added' ? null : (change.previousPath ?? change.path);
    const headText = headPath ? await readFileAtCommit(context.workspace, headSha, headPath) : null;
    const baseText = basePath ? await readFileAtCommit(context.workspace, baseSha, basePath) : null;
    const head = headText === null ? null : { displayPath: headPath, text: headText, ref: headSha };
    const base = baseText === null ? null : { displayPath: basePath, text: baseText, ref: baseSha };
    const sample = await locateSample(context.workspace, change.path, settings, at.mapping);
    const evidence = evidenceProblems(sample, at.touched);
    const outcome = sampledOutcome({ path: change.path, status: change.status, previous_path: change.previousPath }, sample, evidence, deps.log);
    if (sample.traffic === null || evidence.length > 0) {
        if (evidence.length === 0)
            deps.log(`${change.path}: no traffic to replay (looked for ${sample.looked.join(', ')})`);
        // Still validate and compile the head: an invalid policy fails whether or not there is traffic.
        if (head) {
            const prepared = await preparePolicy(head, opa.path, settings.limits);
            if (!prepared.ok) {
                outcome.errors = prepared.errors.map((e) => ({
                    file: e.file,
                    path: e.path,
                    line: e.line,
                    column: e.column,
                    message: e.message,
                }));
                outcome.report = errorReport(change.path, head, base, opa.version, outcome.errors, settings.unevaluable);
            }
        }
        return outcome;
    }
    deps.log(`${change.path}: replaying ${sample.traffic}`);
    const run = await runReplay({
        head,
        base,
        trafficPath: sample.trafficFiles.map((f) => f.path),
        traffic: sample.trafficFiles,
        trafficDisplayPath: sample.traffic,
        decisionLog: sample.decisionLog,
        manifests: sample.manifestsPath,
        maxChanges: Math.max(settings.maxChanges, 0),
        maxGroups: settings.maxGroups,
        unevaluable: settings.unevaluable,
        invalidBase: 'unknown',
        opa,
        limits: settings.limits,
    });
    outcome.report = run.report;
    outcome.errors = run.report.errors;
    if (run.baseErrors.length > 0)
        outcome.base_errors = run.baseErrors;
    if (run.outcome) {
        outcome.annotations = changeAnnotations({ groups: run.outcome.groups, headPath, headText, basePath });
    }
    // Only when every side that exists compiled: a diff against a failed side would read as if the
    // policy had been emptied.
    if (run.report.errors.length === 0 && (run.head || run.base)) {
        outcome.rego_diff = unifiedDiff(run.base?.rego ?? '', run.head?.rego ?? '', basePath ? `a/${basePath} (Rego)` : '/dev/null', headPath ? `b/${headPath} (Rego)` : '/dev/null');
    }
    return outcome;
}
function errorReport(path, head, base, opaVersion, errors, unevaluable) {
    return {
        meta: {
            tool: 'policy-replay',
            version: TOOL_VERSION,
            opa_version: opaVersion,
            head: { ...policyRef(head, 'head'), path },
            base: base ? policyRef(base, 'base') : null,
            traffic: { path: '', sha256: '', format: 'records', files: [] },
            skipped: { non_decision: 0, other_path: 0 },
            since: null,
            limit: null,
            status: base ? 'changed' : 'added',
            excluded_without_time: 0,
            max_changes: 0,
            max_groups: 0,
            unevaluable_mode: unevaluable,
        },
        errors,
        result: null,
    };
}

;// CONCATENATED MODULE: ./build/replay/drift.js
/**
 * The drift report (docs/report.md "The drift report"): the replay in drift mode, renamed so nobody reads
 * a drift as a PR change. `newly_allowed` = recorded deny, replayed allow.
 */
function toDriftReport(run) {
    const { report, outcome } = run;
    if (!report.result || !outcome)
        return { meta: report.meta, errors: report.errors, result: null };
    const r = report.result;
    const revisions = [...outcome.revisions.entries()]
        .map(([revision, stats]) => ({ revision, records: stats.records, drift: stats.drift }))
        .sort((a, b) => b.drift - a.drift || compareRevision(a.revision, b.revision));
    return {
        meta: report.meta,
        errors: [],
        result: {
            evaluated: r.evaluated,
            allowed: r.allowed,
            denied: r.denied,
            unevaluable: r.unevaluable,
            unevaluable_by_reading: r.unevaluable_by_reading,
            unevaluable_reasons: r.unevaluable_reasons,
            unevaluable_by_reason: r.unevaluable_by_reason,
            without_recorded_decision: outcome.withoutRecordedDecision,
            drift_total: r.changes_total,
            newly_allowed: r.newly_allowed,
            newly_denied: r.newly_denied,
            drifts: r.changes.map(toDrift),
            drift_groups: r.change_groups,
            drift_groups_total: r.change_groups_total,
            policy_revisions: revisions,
            rule_hits: r.rule_hits,
            malformed: r.malformed,
            ...(r.fidelity ? { fidelity: r.fidelity } : {}),
        },
    };
}
function compareRevision(a, b) {
    if (a === b)
        return 0;
    if (a === null)
        return 1;
    if (b === null)
        return -1;
    return a < b ? -1 : 1;
}
function toDrift(change) {
    return {
        request_id: change.request_id,
        occurred_at: change.occurred_at,
        subject: change.subject,
        method: change.method,
        tools: change.tools,
        recorded_decision: change.current_decision,
        replayed_decision: change.draft_decision,
        matched_rule_ids: change.matched_rule_ids,
    };
}

;// CONCATENATED MODULE: ./build/action/drift.js










/** The policy files at the checked-out default branch, as Git tracks them. */
async function trackedPolicies(workspace, globs) {
    const matches = policyMatcher(globs);
    return (await trackedFiles(workspace)).filter(matches).sort();
}
/** Replays each saved policy against its sample's recorded decisions. */
async function replayDrift(context, settings, opa, log) {
    const mapping = readSampleMapping(context.workspace);
    const outcomes = [];
    for (const path of await trackedPolicies(context.workspace, settings.policies)) {
        // One policy's failure is its own: the others are still replayed and reported.
        try {
            outcomes.push(await replayDriftOf(path, context, settings, opa, log, mapping));
        }
        catch (error) {
            const failure = replayFailure(path, error);
            log(`${path}: ${failure.message}`);
            outcomes.push(failedOutcome({ path, status: 'scheduled', previous_path: null }, failure));
        }
    }
    return outcomes;
}
async function replayDriftOf(path, context, settings, opa, log, mapping) {
    const sample = await locateSample(context.workspace, path, settings, mapping);
    // No pull request here: only the ambiguity check applies.
    const evidence = evidenceProblems(sample, null);
    const outcome = sampledOutcome({ path, status: 'scheduled', previous_path: null }, sample, evidence, log);
    if (evidence.length > 0)
        return outcome;
    if (sample.traffic === null) {
        log(`${path}: no traffic to replay (looked for ${sample.looked.join(', ')})`);
        return outcome;
    }
    log(`${path}: drift replay of ${sample.traffic}`);
    const text = await (0,promises_.readFile)((0,external_node_path_.join)(context.workspace, path), 'utf8');
    const result = await runReplay({
        head: { displayPath: path, text, ref: context.sha },
        base: null,
        mode: 'drift',
        trafficPath: sample.trafficFiles.map((f) => f.path),
        traffic: sample.trafficFiles,
        trafficDisplayPath: sample.traffic,
        decisionLog: sample.decisionLog,
        manifests: sample.manifestsPath,
        maxChanges: settings.maxChanges,
        maxGroups: settings.maxGroups,
        unevaluable: settings.unevaluable,
        opa,
        limits: settings.limits,
    });
    outcome.drift = toDriftReport(result);
    outcome.errors = result.report.errors;
    return outcome;
}

;// CONCATENATED MODULE: ./build/render/fitSections.js
function fitSections(sections, limit, measure, pointer) {
    const joined = sections.join('\n\n');
    if (measure(joined) <= limit)
        return { body: `${joined}\n`, omitted: 0 };
    const kept = [];
    for (let count = sections.length - 1; count >= 0; count--) {
        const candidate = [...sections.slice(0, count), pointer(sections.length - count)].join('\n\n');
        if (measure(candidate) + 1 <= limit) {
            kept.push(...sections.slice(0, count));
            return { body: `${candidate}\n`, omitted: sections.length - count };
        }
    }
    // Not even the pointer alone fits: a limit this small is a caller bug.
    return { body: `${pointer(sections.length).slice(0, limit - 1)}\n`, omitted: sections.length };
}
/**
 * Fits a body by showing fewer change rows before dropping any section: renders with the most rows
 * (≤ maxRows) for which every section fits, and falls back to cutting sections only when even no
 * rows do not fit. The tables say "showing N of M", so fewer rows stay truthful.
 */
function fitWithFewerRows(render, maxRows, limit, measure, pointer) {
    const attempt = (rows) => ({ ...fitSections(render(rows), limit, measure, pointer), rows });
    const full = attempt(maxRows);
    if (full.omitted === 0 || maxRows === 0)
        return full;
    let best = null;
    let lo = 0;
    let hi = maxRows - 1;
    while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const fitted = attempt(mid);
        if (fitted.omitted === 0) {
            best = fitted;
            lo = mid + 1;
        }
        else
            hi = mid - 1;
    }
    return best ?? attempt(0);
}
/**
 * One row budget for two tables, for fitWithFewerRows: the first (the change groups) fills first,
 * so every row of the second (the per-request changes) goes before any row of the first.
 */
function splitRowBudget(budget, firstMax, secondMax) {
    const first = Math.min(budget, firstMax);
    return { first, second: Math.min(secondMax, budget - first) };
}
/** A code fence longer than any backtick run inside the content, so the content cannot close it. */
function fenced(content, info = '') {
    // A loop, not Math.max(...runs): a document of 100,000 backtick runs would overflow the stack.
    let longest = 0;
    for (const m of content.matchAll(/`+/g))
        if (m[0].length > longest)
            longest = m[0].length;
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return `${fence}${info}\n${content.replace(/\n$/, '')}\n${fence}`;
}
const utf16Length = (text) => text.length;
const utf8Length = (text) => Buffer.byteLength(text, 'utf8');

;// CONCATENATED MODULE: ./build/action/runMarkdown.js




const MAX_FAILURES_SHOWN = 50;
/**
 * The sections of the PR comment and the job summary, in the order they may be cut from the end:
 * verdict and gate failures first, then each policy, then the Rego diffs.
 */
function runMarkdownSections(options) {
    const sections = [];
    const icon = options.verdict === 'pass' ? '✅' : '❌';
    const head = [`## ${icon} ${options.title}: ${options.verdict}`];
    head.push('', `${options.policies.length} polic${options.policies.length === 1 ? 'y file' : 'y files'} changed; each is replayed against its recorded traffic.`);
    for (const note of options.notes ?? [])
        head.push('', note);
    if (options.failed.length > 0) {
        // Capped, so the verdict section always fits in one comment whatever the number of failures.
        const shown = options.failed.slice(0, MAX_FAILURES_SHOWN);
        head.push('', '**Failed gate rules**', '', ...shown.map((f) => `- ${escapeMarkdown(f.reason, 400)}`));
        if (options.failed.length > shown.length) {
            head.push(`- … and ${options.failed.length - shown.length} more (the JSON report lists every one)`);
        }
    }
    sections.push(head.join('\n'));
    for (const policy of options.policies) {
        if (policy.blockers?.length)
            sections.push(blockerSection(policy));
        if (policy.no_traffic && policy.errors.length === 0 && policy.report === null) {
            sections.push(`### ${escapeMarkdown(policy.path)}\n\n**No traffic to replay**: no sample was found for this policy (looked for ${policy.traffic_looked.map((p) => escapeMarkdown(p)).join(', ')}).`);
            continue;
        }
        if (policy.report) {
            const report = policy.report;
            const parts = renderedOrFailure(policy, () => replayMarkdownSections(report, {
                redactSubjects: options.redactSubjects,
                maxRows: options.maxRows,
                maxGroupRows: options.maxGroupRows,
            }));
            if (policy.no_traffic)
                parts.push('**No traffic to replay** for this policy.');
            if (policy.base_errors && policy.base_errors.length > 0) {
                parts[0] = `${parts[0]}\n\nThe base version is invalid (${policy.base_errors.length} problem${policy.base_errors.length === 1 ? '' : 's'}, first: ${escapeMarkdown(`${policy.base_errors[0].path}: ${policy.base_errors[0].message}`, 300)}), so it was not compared: every current decision is \`unknown\`.`;
            }
            if (policy.status === 'renamed' && policy.previous_path) {
                parts[0] = `${parts[0]}\n\nRenamed from ${escapeMarkdown(policy.previous_path)}.`;
            }
            sections.push(...parts);
        }
    }
    for (const policy of options.policies) {
        if (!policy.rego_diff)
            continue;
        sections.push([
            `<details><summary>Rego diff: ${escapeHtmlText(policy.path)}</summary>`,
            '',
            fenced(policy.rego_diff, 'diff'),
            '',
            '</details>',
        ].join('\n'));
    }
    return sections;
}
/** A policy that was not judged: why, and what to do (README "Security model"). */
function blockerSection(policy) {
    const lines = (policy.blockers ?? []).map((b) => `- **${escapeMarkdown(b.rule)}**: ${escapeMarkdown(b.message, 1000)}`);
    return `### ${escapeMarkdown(policy.path)}\n\n**Not judged**: this policy fails the check whatever \`fail-on\` says.\n\n${lines.join('\n')}`;
}
/**
 * One policy's sections, or, when rendering them throws, one section saying so: a report no
 * renderer foresaw must not take the other policies' sections (or the comment) with it.
 */
function renderedOrFailure(policy, render) {
    try {
        return render();
    }
    catch (error) {
        return [
            `### ${escapeMarkdown(policy.path)}\n\n**This policy's report could not be rendered** (${escapeMarkdown(failureMessage(error), 300)}); the JSON report (output \`report\`) has it.`,
        ];
    }
}

;// CONCATENATED MODULE: ./build/action/postComment.js
/**
 * `mode: post-comment`: the second half of the fork pull-request recipe (docs/action.md "Fork
 * pull requests"). A `pull_request` run from a fork has a read-only token, so it renders the
 * comment to a file (output `comment-file`) and uploads it with the pull request's number; a
 * `workflow_run` job in the base repository, with a write token, posts it with this mode.
 *
 * Both files came from a job that ran the fork's code, so they are untrusted data: the number is
 * checked to be a number and to name a pull request whose head is the commit that run was for;
 * the body is bounded, must be UTF-8 text, and loses any policy-replay marker it carries (it
 * could otherwise take over another configuration's sticky comment). Nothing in either file is
 * ever run, logged, or interpolated into anything but the comment body.
 */



/** A comment of 65,536 code points is at most 4 bytes each in UTF-8; anything larger is refused. */
const MAX_COMMENT_FILE_BYTES = MAX_COMMENT_LENGTH * 4;
/** Room for digits, a line break and some whitespace. */
const MAX_NUMBER_FILE_BYTES = 64;
/** The artifact is not what a policy-replay run writes: nothing is posted. */
class CommentArtifactError extends Error {
    name = 'CommentArtifactError';
}
/** The number in a pull-request file: digits only (whitespace around them allowed), 1 to 2^31-1. */
function parsePullRequestNumber(text, file) {
    const trimmed = text.trim();
    const n = Number(trimmed);
    if (!/^[1-9][0-9]{0,9}$/.test(trimmed) || n > 2 ** 31 - 1) {
        throw new CommentArtifactError(`${file} does not hold a pull request number (expected digits such as 42, ${Buffer.byteLength(text)} bytes found); nothing posted`);
    }
    return n;
}
/** Any hidden policy-replay marker (sticky comments, drift issues), whatever its id. */
const MARKER = /<!--\s*policy-replay:[\s\S]*?-->/g;
/**
 * The comment body in a comment file: strict UTF-8, no control characters but tab and line
 * breaks (the renderer never writes others), no policy-replay marker (the poster adds its own).
 */
function commentBodyFromBytes(bytes, file) {
    let text;
    try {
        text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    }
    catch {
        throw new CommentArtifactError(`${file} is not UTF-8 text; nothing posted`);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
        throw new CommentArtifactError(`${file} holds control characters, which no rendered comment has; nothing posted`);
    }
    const body = text.replace(MARKER, '');
    if (body.includes('<!-- policy-replay:') || body.includes('<!--policy-replay:')) {
        throw new CommentArtifactError(`${file} holds a malformed policy-replay marker; nothing posted`);
    }
    if (commentLength(body) > MAX_COMMENT_LENGTH - 100) {
        throw new CommentArtifactError(`${file} holds ${commentLength(body)} characters, more than a comment can (${MAX_COMMENT_LENGTH}); nothing posted`);
    }
    return body;
}
/** Reads at most `limit` bytes; a longer file is an error before anything is decoded. */
async function readBounded(file, limit) {
    let handle;
    try {
        handle = await (0,promises_.open)(file, 'r');
    }
    catch (error) {
        throw new CommentArtifactError(`cannot read ${file}: ${error.code ?? error.message}; nothing posted (did the pull request run upload its comment?)`);
    }
    try {
        if (!(await handle.stat()).isFile())
            throw new CommentArtifactError(`${file} is not a file; nothing posted`);
        const buffer = Buffer.alloc(limit + 1);
        let length = 0;
        while (length < buffer.length) {
            const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
            if (bytesRead === 0)
                break;
            length += bytesRead;
        }
        if (length > limit) {
            throw new CommentArtifactError(`${file} is larger than ${limit} bytes; nothing posted`);
        }
        return buffer.subarray(0, length);
    }
    finally {
        await handle.close();
    }
}
function sourceRunOf(context) {
    if (context.eventName !== 'workflow_run') {
        throw new CommentArtifactError(`mode: post-comment runs on the workflow_run event (it posts what a pull_request run left), not on '${context.eventName}'`);
    }
    const run = context.event.workflow_run;
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
/** Validates both files against the workflow run, then keeps the pull request's sticky comment. */
async function postCommentFile(request) {
    const { client, context } = request;
    const source = sourceRunOf(context);
    if (source.event !== 'pull_request') {
        throw new CommentArtifactError(`the workflow run that triggered this one was a '${source.event}' run, not a pull_request run; nothing posted`);
    }
    const numberText = new TextDecoder('utf-8').decode(await readBounded(request.pullRequestFile, MAX_NUMBER_FILE_BYTES));
    const pullNumber = parsePullRequestNumber(numberText, request.pullRequestFile);
    const body = commentBodyFromBytes(await readBounded(request.commentFile, MAX_COMMENT_FILE_BYTES), request.commentFile);
    if (body.trim() === '')
        return { action: 'empty' };
    const repo = { owner: context.owner, repo: context.repo };
    let pull;
    try {
        pull = await client.getPullRequest(repo, pullNumber);
    }
    catch (error) {
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
        throw new CommentArtifactError(`pull request #${pullNumber} is at ${pull.headSha.slice(0, 12)} on '${pull.headRef}', but the run that made the comment was for ${source.headSha.slice(0, 12)}${source.headBranch ? ` on '${source.headBranch}'` : ''}: the number does not belong to that run; nothing posted`);
    }
    const result = await syncStickyComment(client, {
        ...repo,
        issueNumber: pullNumber,
        body,
        ...(request.commentId ? { markerId: request.commentId } : {}),
    });
    if (result.action === 'forbidden')
        return { action: 'forbidden', pullNumber, warning: result.warning };
    return { action: result.action, pullNumber, htmlUrl: result.htmlUrl };
}

;// CONCATENATED MODULE: ./build/action/runReport.js
const LEVEL_ORDER = ['exact', 'controlled', 'partial', 'unreplayable'];
function runTotals(policies) {
    const totals = {
        evaluated: 0,
        allowed: 0,
        denied: 0,
        unevaluable: 0,
        changesTotal: 0,
        newlyAllowed: 0,
        worstFidelity: null,
    };
    for (const p of policies) {
        const r = p.report?.result ?? p.drift?.result;
        if (!r)
            continue;
        totals.evaluated += r.evaluated;
        totals.allowed += r.allowed;
        totals.denied += r.denied;
        totals.unevaluable += r.unevaluable;
        totals.changesTotal += 'drift_total' in r ? r.drift_total : r.changes_total;
        totals.newlyAllowed += r.newly_allowed;
        const worst = r.fidelity?.worst ?? null;
        if (worst !== null &&
            (totals.worstFidelity === null ||
                LEVEL_ORDER.indexOf(worst) > LEVEL_ORDER.indexOf(totals.worstFidelity))) {
            totals.worstFidelity = worst;
        }
    }
    return totals;
}

;// CONCATENATED MODULE: ./build/action/main.js
























const SUMMARY_LIMIT = 1024 * 1024;
/** Room for the hidden marker and a little slack under GitHub's comment limit. */
const COMMENT_LIMIT = MAX_COMMENT_LENGTH - 200;
/** The Action: parse inputs once, run the mode, publish; any error fails the step with its message. */
async function main_run(env = process.env) {
    try {
        const settings = readSettings(env);
        const context = readRunContext(env);
        const mode = resolveMode(settings.mode, context.eventName);
        const client = createGitHubClient({
            token: settings.githubToken,
            apiUrl: context.apiUrl,
            ...(settings.tokenLogin ? { login: settings.tokenLogin } : {}),
        });
        if (mode === 'drift')
            await runDriftMode(settings, context, client);
        else if (mode === 'post-comment')
            await runPostCommentMode(settings, context, client);
        else
            await runPullRequestMode(settings, context, client);
    }
    catch (error) {
        failStep(`policy-replay: ${error.message}`);
    }
}
async function obtainOpa(settings) {
    const opa = await ensureOpa({
        opaPath: settings.opaPath,
        opaVersion: settings.opaVersion,
        opaSha256: settings.opaSha256,
        downloadBaseUrl: settings.opaDownloadUrl,
        platform: process.platform,
        arch: process.arch,
    });
    logInfo(`OPA ${opa.version} at ${opa.path} (${opa.source})`);
    return { path: opa.path, version: opa.version };
}
function annotateErrors(policies) {
    for (const policy of policies) {
        for (const b of policy.blockers ?? []) {
            logError(`${policy.path}: ${b.message}`, {
                title: `policy-replay: ${b.rule}`,
                file: b.file,
                startLine: b.line,
                startColumn: b.column,
            });
        }
        for (const e of policy.errors) {
            logError(`${e.path ? `${e.path}: ` : ''}${e.message}`, {
                title: 'invalid policy',
                file: e.file,
                startLine: e.line,
                startColumn: e.column,
            });
        }
    }
}
async function writeRunReport(context, report) {
    const dir = (0,external_node_path_.join)(context.tempDir, 'policy-replay');
    await (0,promises_.mkdir)(dir, { recursive: true });
    const file = (0,external_node_path_.join)(dir, `report-${context.runId ?? 'local'}.json`);
    await (0,promises_.writeFile)(file, reportToJson(report));
    return file;
}
/**
 * The comment body as this run would post it (without the hidden marker, which the poster adds),
 * written whether or not `comment: off`: the fork recipe uploads it for mode: post-comment. Empty
 * when the pull request changes no policy, as no comment is posted then either.
 */
async function writeCommentFile(context, settings, body) {
    const dir = (0,external_node_path_.join)(context.tempDir, 'policy-replay');
    await (0,promises_.mkdir)(dir, { recursive: true });
    const suffix = settings.commentId ? `-${settings.commentId}` : '';
    const file = (0,external_node_path_.join)(dir, `comment-${context.runId ?? 'local'}${suffix}.md`);
    await (0,promises_.writeFile)(file, body);
    core/* setOutput */.uH('comment-file', file);
    return file;
}
function setOutputs(file, verdict, policies) {
    const totals = runTotals(policies);
    core/* setOutput */.uH('report', file);
    core/* setOutput */.uH('verdict', verdict);
    core/* setOutput */.uH('evaluated', totals.evaluated);
    core/* setOutput */.uH('allowed', totals.allowed);
    core/* setOutput */.uH('denied', totals.denied);
    core/* setOutput */.uH('unevaluable', totals.unevaluable);
    core/* setOutput */.uH('changes-total', totals.changesTotal);
    core/* setOutput */.uH('newly-allowed', totals.newlyAllowed);
    core/* setOutput */.uH('fidelity', totals.worstFidelity ?? '');
}
async function writeSummary(render, maxRows) {
    const fitted = fitWithFewerRows(render, maxRows, SUMMARY_LIMIT - 1024, utf8Length, (omitted) => `_${omitted} more section(s) left out: the job summary is capped at 1 MiB; the JSON report (output \`report\`) has everything._`);
    await core/* summary */.z.addRaw(fitted.body).write();
}
function finish(verdict, failed) {
    if (verdict === 'fail')
        failStep(`policy-replay: ${failed.map((f) => f.reason).join('; ')}`);
}
async function runPullRequestMode(settings, context, client) {
    const pullNumber = pullRequestNumber(context);
    if (pullNumber === null)
        throw new Error(`no pull request in the '${context.eventName}' event payload`);
    const listing = await listPolicyChanges({ client, settings, context, pullNumber, log: logInfo });
    if (listing.changes.length === 0) {
        const pull = { number: pullNumber, baseSha: listing.baseSha, headSha: listing.headSha };
        const file = await writeRunReport(context, runReport(context, 'pull-request', { verdict: 'pass', failed: [] }, [], pull));
        setOutputs(file, 'pass', []);
        await writeCommentFile(context, settings, '');
        await core/* summary */.z
            .addRaw('policy-replay: no policy file changed in this pull request; nothing to replay.\n')
            .write();
        logInfo('no policy file changed: nothing to replay');
        return;
    }
    const opa = await obtainOpa(settings);
    const policies = await replayPolicyChanges({ client, settings, context, pullNumber, opa, log: logInfo }, listing.baseSha, listing.headSha, listing.changes, listing.touched);
    annotateErrors(policies);
    emitAnnotations(capAnnotations(policies.flatMap((p) => p.annotations ?? [])));
    const facts = policies.map((p) => p.report
        ? gateFactsOf(p.report, { path: p.path, noTraffic: p.no_traffic, blockers: blockersOf(p) })
        : emptyFacts(p));
    const gate = evaluateGate(settings.failOn, facts);
    const pull = { number: pullNumber, baseSha: listing.baseSha, headSha: listing.headSha };
    const file = await writeRunReport(context, runReport(context, 'pull-request', gate, policies, pull));
    setOutputs(file, gate.verdict, policies);
    // One row budget: change rows go before any group row, and rows before whole sections.
    const rowBudget = settings.maxGroups + settings.maxChanges;
    const render = (budget) => {
        const rows = splitRowBudget(budget, settings.maxGroups, settings.maxChanges);
        return runMarkdownSections({
            verdict: gate.verdict,
            failed: gate.failed,
            policies,
            redactSubjects: settings.redactSubjects,
            maxRows: rows.second,
            maxGroupRows: rows.first,
            title: 'policy-replay',
            notes: listing.mappingChanged
                ? [
                    'This pull request changes `.policy-replay.yml`: samples were located with the base branch version, so a pull request cannot choose the traffic that gates it.',
                ]
                : [],
        });
    };
    await writeSummary(render, rowBudget);
    const runLink = context.runId
        ? `${context.serverUrl}/${context.owner}/${context.repo}/actions/runs/${context.runId}`
        : null;
    const summaryPointer = `see the job summary${runLink ? ` of [this run](${runLink})` : ''}`;
    // Fewer change rows before fewer sections; room is kept for the note that says so.
    const fitted = fitWithFewerRows(render, rowBudget, COMMENT_LIMIT - 400, commentLength, (omitted) => `_${omitted} more section(s) did not fit in one comment: ${summaryPointer} for the full report._`);
    const shown = splitRowBudget(fitted.rows, settings.maxGroups, settings.maxChanges);
    const body = fitted.rows < rowBudget && fitted.omitted === 0
        ? `${fitted.body}\n_Tables shortened to ${shown.second} change row(s) and ${shown.first} group row(s) to fit one comment: ${summaryPointer} for more._\n`
        : fitted.body;
    await writeCommentFile(context, settings, body);
    if (settings.comment === 'update') {
        const result = await syncStickyComment(client, {
            owner: context.owner,
            repo: context.repo,
            issueNumber: pullNumber,
            body,
            ...(settings.commentId ? { markerId: settings.commentId } : {}),
        });
        if (result.action === 'forbidden')
            logWarning(`policy-replay could not comment: ${result.warning}`);
        else
            logInfo(`comment ${result.action} (${result.htmlUrl})`);
    }
    finish(gate.verdict, gate.failed);
}
/** Posts the comment file a pull_request run left (docs/action.md "Fork pull requests"). */
async function runPostCommentMode(settings, context, client) {
    const outcome = await postCommentFile({
        client,
        context,
        commentFile: settings.commentFile ?? '',
        pullRequestFile: settings.pullRequestFile ?? '',
        commentId: settings.commentId,
    });
    switch (outcome.action) {
        case 'empty':
            logInfo('the comment file is empty: the pull request changes no policy, so nothing is posted');
            return;
        case 'stale':
            logWarning(outcome.warning);
            return;
        case 'forbidden':
            // Posting is this mode's whole job: a token that cannot write is a misconfiguration.
            throw new Error(`${outcome.warning} Give this job permissions: pull-requests: write.`);
        default:
            logInfo(`comment ${outcome.action} on pull request #${outcome.pullNumber} (${outcome.htmlUrl})`);
    }
}
function emptyFacts(p) {
    return {
        path: p.path,
        invalid: p.errors.length > 0,
        noTraffic: p.no_traffic,
        deleted: p.status === 'removed',
        evaluated: 0,
        unevaluable: 0,
        changesTotal: 0,
        newlyAllowed: 0,
        newlyDenied: 0,
        malformed: 0,
        fidelityWorst: null,
        blockingGaps: 0,
        blockers: blockersOf(p),
    };
}
async function runDriftMode(settings, context, client) {
    const opa = await obtainOpa(settings);
    const policies = await replayDrift(context, settings, opa, logInfo);
    annotateErrors(policies);
    const facts = policies.map((p) => p.drift
        ? gateFactsOf(p.drift, { path: p.path, noTraffic: p.no_traffic, blockers: blockersOf(p) })
        : emptyFacts(p));
    const gate = evaluateGate(settings.failOn, facts);
    const file = await writeRunReport(context, runReport(context, 'drift', gate, policies));
    setOutputs(file, gate.verdict, policies);
    const heading = [
        `## ${gate.verdict === 'pass' ? '✅' : '❌'} policy-replay drift: ${gate.verdict}`,
        ...(gate.failed.length ? ['', ...gate.failed.map((f) => `- ${escapeMarkdown(f.reason, 400)}`)] : []),
    ].join('\n');
    const rowBudget = settings.maxGroups + settings.maxChanges;
    const policySections = (policy, budget) => {
        if (policy.blockers?.length)
            return [blockerSection(policy)];
        if (!policy.drift)
            return [`### ${escapeMarkdown(policy.path)}\n\n**No traffic to replay.**`];
        const drift = policy.drift;
        const rows = splitRowBudget(budget, settings.maxGroups, settings.maxChanges);
        return renderedOrFailure(policy, () => driftMarkdownSections(drift, {
            redactSubjects: settings.redactSubjects,
            maxRows: rows.second,
            maxGroupRows: rows.first,
        }));
    };
    const renderSummary = (maxRows) => [
        heading,
        ...policies.flatMap((p) => policySections(p, maxRows)),
    ];
    const issueBodies = [];
    for (const policy of policies) {
        if (!policy.drift?.result)
            continue;
        issueBodies.push({
            path: policy.path,
            driftTotal: policy.drift.result.drift_total,
            body: fitWithFewerRows((rows) => policySections(policy, rows), rowBudget, COMMENT_LIMIT, commentLength, (omitted) => `_${omitted} more section(s): see the job summary._`).body,
        });
    }
    // The report, outputs and summary land before any issue is touched, so an issue failure (issues
    // disabled, a read-only token) never hides the drift itself.
    await writeSummary(renderSummary, rowBudget);
    const issueFailures = [];
    for (const item of issueBodies) {
        try {
            const issue = await syncDriftIssue(client, {
                owner: context.owner,
                repo: context.repo,
                policyPath: item.path,
                title: driftIssueTitle(item.path),
                body: item.body,
                driftTotal: item.driftTotal,
                closeComment: driftResolvedComment(item.path),
            });
            for (const w of issue.warnings)
                logWarning(w);
            logInfo(`${item.path}: drift issue ${issue.action}${issue.issueNumber ? ` #${issue.issueNumber}` : ''}`);
        }
        catch (error) {
            issueFailures.push(`${item.path}: ${error.message}`);
        }
    }
    // Only when issues can be written at all: after a failure above, the sweep would fail the same way.
    if (issueFailures.length === 0) {
        try {
            const closed = await closeOrphanedDriftIssues(client, {
                owner: context.owner,
                repo: context.repo,
                livePolicyPaths: policies.map((p) => p.path),
            });
            for (const number of closed)
                logInfo(`closed drift issue #${number}: its policy no longer exists`);
        }
        catch (error) {
            issueFailures.push(`closing the issues of deleted policies: ${error.message}`);
        }
    }
    if (issueFailures.length > 0) {
        failStep(`policy-replay: could not keep the drift issues: ${issueFailures.join('; ')}`);
        return;
    }
    finish(gate.verdict, gate.failed);
}
function runReport(context, mode, gate, policies, pull) {
    return {
        tool: 'policy-replay',
        version: TOOL_VERSION,
        mode,
        repository: `${context.owner}/${context.repo}`,
        pull_request: pull?.number ?? null,
        base_sha: pull?.baseSha ?? null,
        head_sha: pull?.headSha ?? context.sha,
        verdict: gate.verdict,
        failed: gate.failed,
        policies: policies.map(({ rego_diff: _diff, annotations: _annotations, ...rest }) => rest),
    };
}
/** GitHub caps issue titles at 256 characters, and a title is one line. */
function driftIssueTitle(path) {
    const title = `Policy drift: ${path.replace(/[\r\n\u2028\u2029]/g, ' ')}`;
    return [...title].length <= 256 ? title : `${[...title].slice(0, 255).join('')}…`;
}


/***/ })

};
