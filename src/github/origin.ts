import { GitHubOriginError } from './errors.js';

/** The configured API's base URL, without trailing slashes, and its origin; throws on a bad URL. */
export function apiBaseOf(configured: string): { apiUrl: string; apiOrigin: string } {
  const apiUrl = configured.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiUrl) || !URL.canParse(apiUrl))
    throw new Error(`Invalid GitHub API URL '${configured}'.`);
  return { apiUrl, apiOrigin: new URL(apiUrl).origin };
}

/** Before any attempt: a URL a response chose (a Link header) must not take the token elsewhere. */
export function assertApiOrigin(method: string, url: string, apiOrigin: string): void {
  if (!URL.canParse(url) || new URL(url).origin !== apiOrigin)
    throw new GitHubOriginError(method, url, apiOrigin);
}
