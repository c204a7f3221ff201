import { getOctokit } from '@actions/github';
import { z } from 'zod';
import { GitHubResponseError } from './errors.js';
import { assertApiOrigin } from './origin.js';
import { withRetries, type Headers, type RetryPolicy } from './retry.js';

/** A runaway Link chain must not loop forever: 1000 pages of 100 is far past any API cap. */
const MAX_PAGES = 1000;

interface RawResponse {
  status: number;
  headers: Headers;
  data: unknown;
  url: string;
}
type RawRequest = (route: string, params?: Record<string, unknown>) => Promise<RawResponse>;
type PageIterator = (route: string, params: Record<string, unknown>) => AsyncIterable<RawResponse>;

/** What every API area is built on: requests with origin checks and retries, parsed answers, pages. */
export interface RequestCore {
  /** One request whose answer is not read. */
  raw: RawRequest;
  /** One request, its answer checked against `schema`. */
  call<T>(route: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T>;
  /** Every page of a listing, through Octokit's pagination (the request hook vets each next URL). */
  paginate<T>(route: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T[]>;
}

export interface RequestCoreOptions extends RetryPolicy {
  token: string;
  apiUrl: string;
  apiOrigin: string;
  userAgent?: string;
  warn: (message: string) => void;
}

function parse<T>(schema: z.ZodType<T>, data: unknown, method: string, url: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape';
    throw new GitHubResponseError(method, url, `unexpected response from ${method} ${url}: ${where}`);
  }
  return result.data;
}

export function createRequestCore(options: RequestCoreOptions): RequestCore {
  const silent = () => undefined;
  const octokit = getOctokit(options.token, {
    baseUrl: options.apiUrl,
    userAgent: options.userAgent ?? 'policy-replay',
    log: { debug: silent, info: silent, warn: (message: string) => options.warn(message), error: silent },
  });

  octokit.hook.wrap('request', async (request, requestOptions) => {
    const method = String(requestOptions.method);
    // The options still hold the URL template; errors should name the URL that was called.
    const url = octokit.request.endpoint(requestOptions as unknown as { method: string; url: string }).url;
    assertApiOrigin(method, url, options.apiOrigin);
    return withRetries(method, url, options, async (signal) =>
      request({ ...requestOptions, request: { ...requestOptions.request, signal } }),
    );
  });

  const raw = octokit.request as unknown as RawRequest;
  const pages = octokit.paginate.iterator as unknown as PageIterator;

  return {
    raw,
    async call(route, params, schema) {
      const response = await raw(route, params);
      return parse(schema, response.data, route.split(' ')[0] ?? 'GET', response.url);
    },
    async paginate(route, params, schema) {
      const items = [];
      const pageSchema = z.array(schema);
      let page = 0;
      for await (const response of pages(route, { ...params, per_page: 100 })) {
        items.push(...parse(pageSchema, response.data, 'GET', response.url));
        if (++page >= MAX_PAGES) break;
      }
      return items;
    },
  };
}

export const repoParams = (repo: { owner: string; repo: string }) => ({ owner: repo.owner, repo: repo.repo });
