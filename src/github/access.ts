import { z } from 'zod';
import { GitHubApiError } from './errors.js';
import { repoParams, type RequestCore } from './requestCore.js';
import type { GitHubClient } from './types.js';

/** Who may do what: a user's repository permission and a team's membership. */

const permissionSchema = z.object({
  permission: z.string(),
  role_name: z.string().nullish(),
  user: z
    .object({
      permissions: z
        .object({
          admin: z.boolean().optional(),
          maintain: z.boolean().optional(),
          push: z.boolean().optional(),
          triage: z.boolean().optional(),
          pull: z.boolean().optional(),
        })
        .nullish(),
    })
    .nullish(),
});
const membershipSchema = z.object({ state: z.string() });

export function accessApi(
  core: RequestCore,
): Pick<GitHubClient, 'getCollaboratorPermission' | 'getTeamMembership'> {
  const { call } = core;
  return {
    async getCollaboratorPermission(repo, username) {
      const answer = await call(
        'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
        { ...repoParams(repo), username },
        permissionSchema,
      );
      return {
        permission: answer.permission,
        roleName: answer.role_name ?? null,
        permissions: answer.user?.permissions ?? null,
      };
    },
    async getTeamMembership(org, teamSlug, username) {
      try {
        const answer = await call(
          'GET /orgs/{org}/teams/{team_slug}/memberships/{username}',
          { org, team_slug: teamSlug, username },
          membershipSchema,
        );
        return answer.state === 'active' ? 'active' : 'pending';
      } catch (error) {
        // 404 is GitHub's answer for "not a member"; any other failure is not an answer at all.
        if (error instanceof GitHubApiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
