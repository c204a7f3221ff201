/** What a GitHub request can fail with, each with a `kind` callers switch on. */

/** A request GitHub answered with an error status (after retries), or that never got an answer. */
export class GitHubApiError extends Error {
  override readonly name = 'GitHubApiError';
  readonly kind = 'github-api' as const;
  constructor(
    /** HTTP status; 0 when no response arrived (network failure, timeout). */
    readonly status: number,
    readonly method: string,
    readonly url: string,
    message: string,
    /** The last answer was a rate limit (primary or secondary) that retries could not outlast. */
    readonly rateLimited = false,
    readonly attempts = 1,
  ) {
    super(message);
  }
}

/**
 * A request the client refused to send because its URL is not on the configured API's origin
 * (a `Link` header pointing elsewhere): the token stays home.
 */
export class GitHubOriginError extends Error {
  override readonly name = 'GitHubOriginError';
  readonly kind = 'github-origin' as const;
  constructor(
    readonly method: string,
    readonly url: string,
    readonly apiOrigin: string,
  ) {
    super(
      `refused to send ${method} ${url}: it is not on the GitHub API's origin ${apiOrigin} ` +
        '(a response linked to another host; the token is only ever sent to GITHUB_API_URL)',
    );
  }
}

/** A response body that does not have the shape the REST API documents. */
export class GitHubResponseError extends Error {
  override readonly name = 'GitHubResponseError';
  readonly kind = 'github-response' as const;
  constructor(
    readonly method: string,
    readonly url: string,
    message: string,
  ) {
    super(message);
  }
}
