import type { AcceptUser, PermissionLevel } from '../acceptance/permission.js';
import { InputError } from './settings.js';

/** The inputs of acceptance (docs/action.md "Accepting an intended change"). Pure. */

export const DEFAULT_STATUS_CONTEXT = 'policy-replay';
export const DEFAULT_ACCEPT_PERMISSION: PermissionLevel = 'maintain';

/** Read and none would let anyone who can comment on a public repository accept. */
const ACCEPTING_LEVELS: readonly PermissionLevel[] = ['triage', 'write', 'maintain', 'admin'];
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9_]|-(?=[A-Za-z0-9_])){0,38}(\[bot\])?$/;
const ORG = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const TEAM = /^[A-Za-z0-9._-]{1,100}$/;
/** What GitHub shows as a status's name: printable, one line, short. */
const CONTEXT = /^[\x21-\x7e](?:[\x20-\x7e]{0,98}[\x21-\x7e])?$/;

/** Unset: `policy-replay`, or `policy-replay/<comment-id>` so two configurations keep two statuses. */
export function parseStatusContext(raw: string, commentId: string | null): string {
  if (raw === '')
    return commentId === null ? DEFAULT_STATUS_CONTEXT : `${DEFAULT_STATUS_CONTEXT}/${commentId}`;
  if (!CONTEXT.test(raw))
    throw new InputError(
      'status-context',
      raw,
      `Invalid status-context '${raw}'. Expected up to 100 printable ASCII characters on one line, such as policy-replay/gateway.`,
    );
  return raw;
}

export function parseAcceptPermission(raw: string): PermissionLevel {
  if (raw === '') return DEFAULT_ACCEPT_PERMISSION;
  if (!(ACCEPTING_LEVELS as readonly string[]).includes(raw))
    throw new InputError(
      'accept-permission',
      raw,
      `Invalid accept-permission '${raw}'. Expected ${ACCEPTING_LEVELS.join(', ')}.`,
    );
  return raw as PermissionLevel;
}

/** Logins (a leading `@` allowed) and `@org/team` slugs, comma or newline separated. */
export function parseAcceptUsers(raw: string): AcceptUser[] {
  const users: AcceptUser[] = [];
  for (const entry of raw
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const team = /^@([^/]+)\/(.+)$/.exec(entry);
    if (team && ORG.test(team[1]!) && TEAM.test(team[2]!)) {
      users.push({ kind: 'team', org: team[1]!, team: team[2]! });
      continue;
    }
    const login = entry.startsWith('@') ? entry.slice(1) : entry;
    if (!team && LOGIN.test(login)) {
      users.push({ kind: 'login', login });
      continue;
    }
    throw new InputError(
      'accept-users',
      entry,
      `Invalid accept-users entry '${entry}'. Expected a login (lead, @lead, release-bot[bot]) or a team (@acme/policy-owners).`,
    );
  }
  return users;
}
