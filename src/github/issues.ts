import { z } from 'zod';
import { humanText } from '../text/bidi.js';
import { GitHubApiError } from './errors.js';
import { repoParams, type RequestCore } from './requestCore.js';
import type { GitHubClient, Issue, IssueUpdate } from './types.js';

/** Issues and their labels. */

const issueSchema = z.object({
  number: z.number(),
  title: z.string(),
  body: z.string().nullish(),
  state: z.enum(['open', 'closed']),
  labels: z.array(z.union([z.string(), z.object({ name: z.string() })])).default([]),
  user: z.object({ login: z.string() }).nullish(),
  created_at: z.string(),
  html_url: z.string().default(''),
  pull_request: z.unknown().optional(),
});
const labelSchema = z.object({ name: z.string(), color: z.string(), description: z.string().nullish() });

/**
 * Every title and body this client writes is text people read on GitHub: no bidi control in it
 * (src/text/bidi.ts), whichever caller built it.
 */
function humanUpdate(update: IssueUpdate): IssueUpdate {
  const out = { ...update };
  if (out.title !== undefined) out.title = humanText(out.title);
  if (out.body !== undefined) out.body = humanText(out.body);
  return out;
}

function toIssue(raw: z.infer<typeof issueSchema>): Issue {
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

export function issuesApi(
  core: RequestCore,
): Pick<
  GitHubClient,
  'listIssues' | 'createIssue' | 'updateIssue' | 'addLabels' | 'getLabel' | 'createLabel'
> {
  const { raw, call, paginate } = core;
  return {
    async listIssues(repo, filter) {
      const params: Record<string, unknown> = { ...repoParams(repo), state: filter.state };
      if (filter.labels && filter.labels.length > 0) params.labels = filter.labels.join(',');
      const issues = await paginate('GET /repos/{owner}/{repo}/issues', params, issueSchema);
      return issues.filter((issue) => issue.pull_request === undefined).map(toIssue);
    },
    async createIssue(repo, issue) {
      const created = await call(
        'POST /repos/{owner}/{repo}/issues',
        {
          ...repoParams(repo),
          title: humanText(issue.title),
          body: humanText(issue.body),
          labels: issue.labels ?? [],
        },
        issueSchema,
      );
      return toIssue(created);
    },
    async updateIssue(repo, issueNumber, update) {
      const updated = await call(
        'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
        { ...repoParams(repo), issue_number: issueNumber, ...humanUpdate(update) },
        issueSchema,
      );
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
        const label = await call(
          'GET /repos/{owner}/{repo}/labels/{name}',
          { ...repoParams(repo), name },
          labelSchema,
        );
        return { name: label.name, color: label.color, description: label.description ?? null };
      } catch (error) {
        if (error instanceof GitHubApiError && error.status === 404) return null;
        throw error;
      }
    },
    async createLabel(repo, label) {
      const created = await call(
        'POST /repos/{owner}/{repo}/labels',
        { ...repoParams(repo), name: label.name, color: label.color, description: label.description ?? '' },
        labelSchema,
      );
      return { name: created.name, color: created.color, description: created.description ?? null };
    },
  };
}
