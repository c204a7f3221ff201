import { z } from 'zod';
import { repoParams, type RequestCore } from './requestCore.js';
import type { CommitStatus, GitHubClient } from './types.js';

/** Commit statuses: the required check of an accepted change lives here (docs/security.md). */

const statusSchema = z.object({
  id: z.number(),
  state: z.enum(['error', 'failure', 'pending', 'success']),
  description: z.string().nullish(),
  target_url: z.string().nullish(),
  context: z.string(),
  created_at: z.string(),
  creator: z.object({ login: z.string() }).nullish(),
});

function toStatus(raw: z.infer<typeof statusSchema>): CommitStatus {
  return {
    id: raw.id,
    state: raw.state,
    description: raw.description ?? '',
    targetUrl: raw.target_url ?? '',
    context: raw.context,
    createdAt: raw.created_at,
    creatorLogin: raw.creator?.login ?? null,
  };
}

export function statusesApi(
  core: RequestCore,
): Pick<GitHubClient, 'createCommitStatus' | 'listCommitStatuses'> {
  const { call, paginate } = core;
  return {
    async createCommitStatus(repo, sha, status) {
      const created = await call(
        'POST /repos/{owner}/{repo}/statuses/{sha}',
        {
          ...repoParams(repo),
          sha,
          state: status.state,
          context: status.context,
          description: status.description,
          target_url: status.targetUrl,
        },
        statusSchema,
      );
      return toStatus(created);
    },
    async listCommitStatuses(repo, ref) {
      const statuses = await paginate(
        'GET /repos/{owner}/{repo}/commits/{ref}/statuses',
        { ...repoParams(repo), ref },
        statusSchema,
      );
      return statuses.map(toStatus);
    },
  };
}
