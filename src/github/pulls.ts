import { z } from 'zod';
import { repoParams, type RequestCore } from './requestCore.js';
import type { GitHubClient } from './types.js';

/** Pull requests: the pull itself, its files, and the merge base of its two sides. */

const pullSchema = z.object({
  number: z.number(),
  user: z.object({ login: z.string(), type: z.string().nullish() }).nullish(),
  changed_files: z.number(),
  base: z.object({ sha: z.string(), ref: z.string(), repo: z.object({ full_name: z.string() }).nullish() }),
  head: z.object({ sha: z.string(), ref: z.string(), repo: z.object({ full_name: z.string() }).nullish() }),
});
const pullFileSchema = z.object({
  filename: z.string(),
  status: z.enum(['added', 'modified', 'removed', 'renamed', 'copied', 'changed', 'unchanged']),
  previous_filename: z.string().optional(),
});
const reviewSchema = z.object({
  id: z.number(),
  user: z.object({ login: z.string(), type: z.string().nullish() }).nullish(),
  body: z.string().nullish(),
  state: z.string(),
  commit_id: z.string().nullish(),
  html_url: z.string().default(''),
});
const pullCommitSchema = z.object({ sha: z.string() });
const compareSchema = z.object({ merge_base_commit: z.object({ sha: z.string() }) });

export function pullsApi(
  core: RequestCore,
): Pick<
  GitHubClient,
  'getPullRequest' | 'listPullRequestFiles' | 'getMergeBase' | 'listPullReviews' | 'listPullCommits'
> {
  const { call, paginate } = core;
  return {
    async getPullRequest(repo, pullNumber) {
      const pull = await call(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}',
        { ...repoParams(repo), pull_number: pullNumber },
        pullSchema,
      );
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
        authorLogin: pull.user?.login ?? null,
      };
    },
    async listPullRequestFiles(repo, pullNumber) {
      const files = await paginate(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
        { ...repoParams(repo), pull_number: pullNumber },
        pullFileSchema,
      );
      return files.map((file) =>
        file.previous_filename === undefined
          ? { filename: file.filename, status: file.status }
          : { filename: file.filename, status: file.status, previous_filename: file.previous_filename },
      );
    },
    async listPullReviews(repo, pullNumber) {
      const reviews = await paginate(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
        { ...repoParams(repo), pull_number: pullNumber },
        reviewSchema,
      );
      return reviews.map((review) => ({
        id: review.id,
        userLogin: review.user?.login ?? '',
        userType: review.user?.type ?? null,
        body: review.body ?? '',
        state: review.state,
        commitId: review.commit_id ?? null,
        htmlUrl: review.html_url,
      }));
    },
    async listPullCommits(repo, pullNumber) {
      const commits = await paginate(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits',
        { ...repoParams(repo), pull_number: pullNumber },
        pullCommitSchema,
      );
      return commits.map((commit) => commit.sha);
    },
    async getMergeBase(repo, base, head) {
      const compare = await call(
        'GET /repos/{owner}/{repo}/compare/{basehead}',
        { ...repoParams(repo), basehead: `${base}...${head}`, per_page: 1 },
        compareSchema,
      );
      return compare.merge_base_commit.sha;
    },
  };
}
