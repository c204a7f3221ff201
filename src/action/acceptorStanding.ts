import type { GitHubClient, RepoRef } from '../github/client.js';
import { permissionLevel, sameLogin, type PermissionLevel } from '../acceptance/permission.js';
import type { Settings } from './settings.js';

/**
 * What the API says of a would-be acceptor, asked when the acceptance is checked (an acceptance
 * whose author has since lost the permission no longer counts). A failed lookup is no standing:
 * acceptance fails closed.
 */
export interface Standing {
  permission: PermissionLevel | null;
  /** Named in `accept-users`, by login or by an active team membership. */
  listed: boolean;
  /** Lookups that failed, for the log and the refusal. */
  problems: string[];
}

export async function standingOf(
  client: GitHubClient,
  repo: RepoRef,
  settings: Pick<Settings, 'acceptUsers'>,
  login: string,
): Promise<Standing> {
  const problems: string[] = [];
  let listed = settings.acceptUsers.some((u) => u.kind === 'login' && sameLogin(u.login, login));
  for (const entry of settings.acceptUsers) {
    if (listed) break;
    if (entry.kind !== 'team') continue;
    try {
      listed = (await client.getTeamMembership(entry.org, entry.team, login)) === 'active';
    } catch (error) {
      problems.push(
        `the membership of @${entry.org}/${entry.team} could not be read (${(error as Error).message})`,
      );
    }
  }
  let permission: PermissionLevel | null = null;
  try {
    permission = permissionLevel(await client.getCollaboratorPermission(repo, login));
  } catch (error) {
    problems.push(`the repository permission of @${login} could not be read (${(error as Error).message})`);
  }
  return { permission, listed, problems };
}
