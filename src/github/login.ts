import { z } from 'zod';
import { GitHubApiError } from './errors.js';
import type { RequestCore } from './requestCore.js';
import type { TokenLogin } from './types.js';

export const DEFAULT_FALLBACK_LOGIN = 'github-actions[bot]';

const userSchema = z.object({ login: z.string() });

/** Whose token the client holds (docs/github.md), discovered once and cached while it succeeds. */
export function tokenLoginOf(
  core: RequestCore,
  configured: { login?: string; fallbackLogin?: string },
): () => Promise<TokenLogin> {
  let loginPromise: Promise<TokenLogin> | undefined;
  async function discoverLogin(): Promise<TokenLogin> {
    if (configured.login) return { login: configured.login, source: 'configured' };
    try {
      const user = await core.call('GET /user', {}, userSchema);
      return { login: user.login, source: 'api' };
    } catch (error) {
      // GITHUB_TOKEN and other installation tokens may not read /user ("Resource not accessible by
      // integration", 403); a 401/404 has the same meaning here. Anything else is a real failure.
      if (error instanceof GitHubApiError && [401, 403, 404].includes(error.status) && !error.rateLimited) {
        return { login: configured.fallbackLogin ?? DEFAULT_FALLBACK_LOGIN, source: 'fallback' };
      }
      throw error;
    }
  }
  return () => {
    loginPromise ??= discoverLogin();
    // A failed discovery must not poison the cache for a later retry.
    loginPromise.catch(() => (loginPromise = undefined));
    return loginPromise;
  };
}
