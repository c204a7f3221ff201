import { boundedList } from '../text/listing.js';
import { GitHubApiError } from './errors.js';
import type { RetryNotice } from './types.js';

/**
 * Retries with backoff: which failed attempts are worth repeating, after how long, and the loop
 * that repeats them (docs/github.md).
 */

const BACKOFF_BASE_MS = 1_000;
/** GitHub asks clients to wait at least a minute after a secondary limit that names no retry-after. */
const SECONDARY_LIMIT_FALLBACK_MS = 60_000;

export type Headers = Record<string, string | number | undefined>;

interface RequestErrorLike {
  status?: unknown;
  message?: unknown;
  response?: { headers?: Headers; data?: unknown };
  name?: unknown;
}

interface Classified {
  retry: boolean;
  reason: RetryNotice['reason'];
  delayMs: number;
  rateLimited: boolean;
}

function headerValue(headers: Headers | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return value === undefined ? undefined : String(value);
}

export function messageOf(error: RequestErrorLike): string {
  const data = error.response?.data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message, errors } = data as { message: unknown; errors?: unknown };
    if (typeof message === 'string') {
      // 422 answers say "Validation Failed" and put the reason (e.g. "body is too long") in errors[].
      const details = Array.isArray(errors)
        ? errors
            .map((item: unknown) =>
              typeof item === 'string'
                ? item
                : typeof item === 'object' && item !== null && 'message' in item
                  ? String((item as { message: unknown }).message)
                  : JSON.stringify(item),
            )
            .filter((detail) => detail !== '')
        : [];
      // Bounded: an answer listing thousands of errors gives one short message.
      return details.length > 0 ? `${message}: ${boundedList(details, '; ', 1_000)}` : message;
    }
  }
  return typeof error.message === 'string' ? error.message : 'unknown error';
}

/**
 * Decides whether a failed attempt is worth repeating and after how long. Plain 4xx answers
 * (403 permission, 404, 422 validation) are final: repeating them only burns rate limit.
 */
export function classifyFailure(
  status: number,
  headers: Headers | undefined,
  message: string,
  attempt: number,
  now: number = Date.now(),
): Classified {
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
  if (status === 0) return { retry: true, reason: 'network', delayMs: backoffMs, rateLimited: false };
  if (status >= 500) {
    return { retry: true, reason: 'server-error', delayMs: retryAfterMs ?? backoffMs, rateLimited: false };
  }
  return { retry: false, reason: 'server-error', delayMs: 0, rateLimited: false };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface RetryPolicy {
  maxAttempts: number;
  /** Multiplies every wait. */
  scale: number;
  /** A wait longer than this (before scaling) is not attempted. */
  maxWait: number;
  timeoutMs: number;
  onRetry?: (notice: RetryNotice) => void;
}

/** Sends one request through `send` (given an abort signal per attempt) until it succeeds or must stop. */
export async function withRetries<T>(
  method: string,
  url: string,
  policy: RetryPolicy,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(AbortSignal.timeout(policy.timeoutMs));
    } catch (caught) {
      const error = caught as RequestErrorLike;
      const aborted = error.name === 'AbortError' || error.name === 'TimeoutError';
      // Octokit reports transport failures as status 500 with no response; keep them apart.
      const status = !aborted && typeof error.status === 'number' && error.response ? error.status : 0;
      const message = status === 0 ? `no response: ${String(error.message)}` : messageOf(error);
      const verdict = classifyFailure(status, error.response?.headers, message, attempt);
      const canWait = verdict.delayMs <= policy.maxWait;
      if (!verdict.retry || attempt >= policy.maxAttempts || !canWait) {
        throw new GitHubApiError(status, method, url, message, verdict.rateLimited, attempt);
      }
      const delayMs = Math.round(verdict.delayMs * policy.scale);
      policy.onRetry?.({ method, url, status, attempt, delayMs, reason: verdict.reason });
      await sleep(delayMs);
    }
  }
}
