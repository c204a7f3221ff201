import { describe, it, expect } from '@jest/globals';
import {
  PERMISSION_LEVELS,
  atLeast,
  isBot,
  isPermissionLevel,
  mayAccept,
  permissionLevel,
  sameLogin,
  type PermissionAnswer,
  type PermissionLevel,
} from '../../src/acceptance/permission.js';

function answer(
  permission: string,
  roleName: string | null,
  permissions: PermissionAnswer['permissions'] = null,
): PermissionAnswer {
  return { permission, roleName, permissions };
}

describe('permissionLevel', () => {
  it.each<[string, PermissionAnswer, PermissionLevel]>([
    [
      'admin flag',
      answer('admin', 'admin', { admin: true, maintain: true, push: true, triage: true, pull: true }),
      'admin',
    ],
    [
      'maintain flag under legacy write',
      answer('write', 'maintain', { maintain: true, push: true, triage: true, pull: true }),
      'maintain',
    ],
    ['push flag', answer('write', 'write', { push: true, triage: true, pull: true }), 'write'],
    ['triage flag under legacy read', answer('read', 'triage', { triage: true, pull: true }), 'triage'],
    ['pull flag', answer('read', 'read', { pull: true }), 'read'],
    [
      'every flag false',
      answer('read', 'read', { admin: false, maintain: false, push: false, triage: false, pull: false }),
      'none',
    ],
    ['flags outrank the role name', answer('admin', 'admin', { push: true }), 'write'],
    ['flags only, with the admin flag alone', answer('read', null, { admin: true }), 'admin'],
    [
      'custom role judged by its flags',
      answer('write', 'policy-reviewer', { maintain: true, push: true }),
      'maintain',
    ],
  ])('%s', (_what, given, level) => {
    expect(permissionLevel(given)).toBe(level);
  });

  it.each<[string, PermissionAnswer, PermissionLevel]>([
    ['role maintain over legacy write', answer('write', 'maintain'), 'maintain'],
    ['role triage over legacy read', answer('read', 'triage'), 'triage'],
    ['role admin', answer('admin', 'admin'), 'admin'],
    ['custom role without flags: the legacy field', answer('write', 'policy-reviewer'), 'write'],
    ['custom role without flags, legacy read', answer('read', 'security-auditor'), 'read'],
    ['legacy only: write', answer('write', null), 'write'],
    ['legacy only: admin', answer('admin', null), 'admin'],
    ['legacy only: read', answer('read', null), 'read'],
    ['legacy only: none', answer('none', null), 'none'],
    ['an unknown legacy value', answer('superuser', null), 'none'],
    ['an unknown legacy value under a custom role', answer('owner', 'custom'), 'none'],
  ])('without flags: %s', (_what, given, level) => {
    expect(permissionLevel(given)).toBe(level);
  });
});

describe('atLeast', () => {
  it('orders none < read < triage < write < maintain < admin', () => {
    expect(PERMISSION_LEVELS).toEqual(['none', 'read', 'triage', 'write', 'maintain', 'admin']);
    PERMISSION_LEVELS.forEach((level, i) =>
      PERMISSION_LEVELS.forEach((required, j) =>
        expect([level, required, atLeast(level, required)]).toEqual([level, required, i >= j]),
      ),
    );
  });

  it.each<[PermissionLevel, PermissionLevel, boolean]>([
    ['maintain', 'maintain', true],
    ['admin', 'maintain', true],
    ['write', 'maintain', false],
    ['triage', 'write', false],
    ['write', 'triage', true],
    ['read', 'triage', false],
    ['none', 'read', false],
  ])('%s at least %s: %s', (level, required, expected) => {
    expect(atLeast(level, required)).toBe(expected);
  });
});

describe('mayAccept', () => {
  it.each<[string, { permission: PermissionLevel | null; listed: boolean }, PermissionLevel, boolean]>([
    ['enough permission', { permission: 'maintain', listed: false }, 'maintain', true],
    ['more than enough', { permission: 'admin', listed: false }, 'write', true],
    ['too little permission', { permission: 'write', listed: false }, 'maintain', false],
    ['no permission known, not listed', { permission: null, listed: false }, 'triage', false],
    ['listed without permission', { permission: null, listed: true }, 'admin', true],
    ['listed with too little permission', { permission: 'read', listed: true }, 'maintain', true],
  ])('%s', (_what, standing, required, expected) => {
    expect(mayAccept(standing, required)).toBe(expected);
  });
});

describe('isBot', () => {
  it.each<[string, string | null, boolean]>([
    ['dependabot[bot]', 'Bot', true],
    ['release-bot[bot]', null, true],
    ['Release-Bot[BOT]', 'User', true],
    ['automation', 'Bot', true],
    ['alice', 'User', false],
    ['robot', null, false],
    ['bot', 'User', false],
    ['[bot]alice', 'User', false],
  ])('%s (%s): %s', (login, type, expected) => {
    expect(isBot(login, type)).toBe(expected);
  });
});

describe('isPermissionLevel and sameLogin', () => {
  it('knows the levels only', () => {
    for (const level of PERMISSION_LEVELS) expect(isPermissionLevel(level)).toBe(true);
    expect(isPermissionLevel('Admin')).toBe(false);
    expect(isPermissionLevel('owner')).toBe(false);
  });

  it('compares logins without case', () => {
    expect(sameLogin('Alice', 'alice')).toBe(true);
    expect(sameLogin('alice', 'alice2')).toBe(false);
  });
});
