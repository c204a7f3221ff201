/**
 * Repository permission levels in GitHub's order, and who may accept (docs/security.md). Pure.
 */

export const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

export function isPermissionLevel(value: string): value is PermissionLevel {
  return (PERMISSION_LEVELS as readonly string[]).includes(value);
}

export function atLeast(level: PermissionLevel, required: PermissionLevel): boolean {
  return PERMISSION_LEVELS.indexOf(level) >= PERMISSION_LEVELS.indexOf(required);
}

/** Whether someone accepts: named in `accept-users`, or at least the required permission. */
export function mayAccept(
  standing: { permission: PermissionLevel | null; listed: boolean },
  required: PermissionLevel,
): boolean {
  return standing.listed || (standing.permission !== null && atLeast(standing.permission, required));
}

/** What `GET collaborators/{user}/permission` says, as the client returns it. */
export interface PermissionAnswer {
  /** The legacy level: `admin`, `write`, `read`, `none` (maintain reads as write, triage as read). */
  permission: string;
  /** The role: `admin`, `maintain`, `write`, `triage`, `read`, or a custom role's name. */
  roleName: string | null;
  permissions: {
    admin?: boolean;
    maintain?: boolean;
    push?: boolean;
    triage?: boolean;
    pull?: boolean;
  } | null;
}

/**
 * The user's level. The legacy `permission` field folds maintain into write and triage into read,
 * so the per-permission flags decide when present, then the role's name; a custom role is judged by
 * its flags (or, without them, by the legacy field, which never overstates).
 */
export function permissionLevel(answer: PermissionAnswer): PermissionLevel {
  const flags = answer.permissions;
  if (flags) {
    if (flags.admin) return 'admin';
    if (flags.maintain) return 'maintain';
    if (flags.push) return 'write';
    if (flags.triage) return 'triage';
    if (flags.pull) return 'read';
    return 'none';
  }
  if (answer.roleName !== null && isPermissionLevel(answer.roleName)) return answer.roleName;
  return isPermissionLevel(answer.permission) ? answer.permission : 'none';
}

/** An `accept-users` entry: a login, or `@org/team`. */
export type AcceptUser = { kind: 'login'; login: string } | { kind: 'team'; org: string; team: string };

/** A bot account: its type says so, or its login has an App's `[bot]` suffix. */
export function isBot(login: string, type: string | null): boolean {
  return type === 'Bot' || /\[bot\]$/i.test(login);
}

export function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
