import { z } from 'zod';
import { humanText } from '../text/bidi.js';
import { repoParams, type RequestCore } from './requestCore.js';
import type { GitHubClient, IssueComment } from './types.js';

/** Issue and pull request comments: list, create, update, delete. */

const commentSchema = z.object({
  id: z.number(),
  body: z.string().nullish(),
  user: z.object({ login: z.string(), type: z.string().nullish() }).nullish(),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  html_url: z.string().default(''),
});

function toComment(raw: z.infer<typeof commentSchema>): IssueComment {
  return {
    id: raw.id,
    body: raw.body ?? '',
    userLogin: raw.user?.login ?? '',
    userType: raw.user?.type ?? null,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at ?? raw.created_at,
    htmlUrl: raw.html_url,
  };
}

export function commentsApi(
  core: RequestCore,
): Pick<
  GitHubClient,
  'listIssueComments' | 'getIssueComment' | 'createIssueComment' | 'updateIssueComment' | 'deleteIssueComment'
> {
  const { raw, call, paginate } = core;
  return {
    async listIssueComments(repo, issueNumber) {
      const comments = await paginate(
        'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { ...repoParams(repo), issue_number: issueNumber },
        commentSchema,
      );
      return comments.map(toComment);
    },
    async getIssueComment(repo, commentId) {
      const comment = await call(
        'GET /repos/{owner}/{repo}/issues/comments/{comment_id}',
        { ...repoParams(repo), comment_id: commentId },
        commentSchema,
      );
      return toComment(comment);
    },
    async createIssueComment(repo, issueNumber, body) {
      const comment = await call(
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { ...repoParams(repo), issue_number: issueNumber, body: humanText(body) },
        commentSchema,
      );
      return toComment(comment);
    },
    async updateIssueComment(repo, commentId, body) {
      const comment = await call(
        'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
        { ...repoParams(repo), comment_id: commentId, body: humanText(body) },
        commentSchema,
      );
      return toComment(comment);
    },
    async deleteIssueComment(repo, commentId) {
      await raw('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        ...repoParams(repo),
        comment_id: commentId,
      });
    },
  };
}
