import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  can,
  canGrantRole,
  isPermission,
  namesChange,
  PERMISSIONS,
  rolesGranting,
  type Permission,
} from './permissions';
import { COACH_ROLES } from './roles';

const ALL_FEATURES = ['account-support', 'coach_mandate_approvals'];
const on = (roles: string[], features: string[] = ALL_FEATURES) => ({
  accountId: 7,
  portalId: 1,
  roles,
  features,
});

describe('permissions by role', () => {
  it.each<{ roles: string[]; allowed: Permission[]; denied: Permission[] }>([
    {
      roles: ['student'],
      allowed: ['enter:student'],
      denied: ['enter:admin', 'manage:course', 'review:answer', 'search:account', 'give:feedback'],
    },
    {
      roles: ['coach'],
      allowed: ['enter:coach', 'review:answer', 'follow:student', 'use:chat', 'give:feedback'],
      denied: ['enter:admin', 'manage:course', 'search:account', 'read:any-course', 'update:account'],
    },
    {
      roles: ['author'],
      allowed: ['enter:admin', 'manage:course', 'read:any-course', 'review:answer', 'search:account'],
      denied: [
        'manage:account',
        'update:account',
        'manage:order',
        'manage:portal-settings',
        'act-as:account',
      ],
    },
    {
      roles: ['academy sales'],
      allowed: ['enter:admin', 'manage:order', 'read:account'],
      denied: [
        'update:account',
        'read:audit-log',
        'manage:course',
        'manage:account',
        'manage:marketing',
        'manage:portal',
      ],
    },
    {
      roles: ['support'],
      allowed: [
        'read:audit-log',
        'manage:account',
        'update:account',
        'act-as:account',
        'use:support-palette',
        'manage:portal',
      ],
      denied: ['manage:course', 'manage:order', 'manage:feature-flag'],
    },
    {
      roles: ['academy admin'],
      allowed: [
        'manage:course',
        'manage:account',
        'update:account',
        'manage:portal-settings',
        'manage:coach-mandate',
      ],
      denied: ['manage:portal', 'manage:feature-flag', 'act-as:account'],
    },
    {
      roles: ['admin'],
      allowed: ['manage:portal', 'manage:feature-flag', 'manage:order', 'manage:portal-settings'],
      denied: ['act-as:account', 'use:support-palette', 'use:chat'],
    },
  ])('$roles', ({ roles, allowed, denied }) => {
    for (const permission of allowed) expect(can(on(roles), permission), permission).toBe(true);
    for (const permission of denied) expect(can(on(roles), permission), permission).toBe(false);
  });

  it('gives coaches and staff the qualifications report where the portal has it', () => {
    const report = ['qualifications-report'];
    expect(can(on(['coach'], report), 'read:qualifications')).toBe(true);
    expect(can(on(['academy admin'], report), 'read:qualifications')).toBe(true);
    expect(can(on(['student'], report), 'read:qualifications')).toBe(false);
    expect(can(on(['coach'], []), 'read:qualifications')).toBe(false);
    expect(can(on(['academy admin'], report), 'manage:certification')).toBe(true);
    expect(can(on(['coach'], report), 'manage:certification')).toBe(false);
    expect(can(on(['student']), 'read:certificate', { portalId: 1, ownerId: 7 })).toBe(true);
    expect(can(on(['student']), 'read:certificate', { portalId: 1, ownerId: 8 })).toBe(false);
    expect(can(on(['author']), 'read:certificate', { portalId: 1, ownerId: 8 })).toBe(true);
  });

  it('needs the portal feature the permission names', () => {
    expect(can(on(['support'], []), 'use:support-palette')).toBe(false);
    expect(can(on(['academy admin'], []), 'manage:coach-mandate')).toBe(false);
    expect(can(on(['academy admin'], []), 'manage:course')).toBe(true);
  });

  it('lists every permission held by role as abilities', () => {
    expect(abilitiesOf(on(['student']))).toEqual(['enter:student']);
    expect(abilitiesOf(on(['coach', 'student']))).toContain('review:answer');
    expect(abilitiesOf(on(['admin']))).not.toContain('enter:student');
  });

  it('knows its own names and nothing else', () => {
    expect(PERMISSIONS.every(isPermission)).toBe(true);
    expect(PERMISSIONS.every((name) => /^[a-z-]+:[a-z-]+$/.test(name))).toBe(true);
    for (const name of ['manage:courses', 'admin', '', 'toString', '__proto__', 42]) {
      expect(isPermission(name), String(name)).toBe(false);
    }
  });
});

describe('permissions on records', () => {
  it('lets an owner and their primary coach in, and no other student or coach', () => {
    const record = { portalId: 1, ownerId: 7, coachId: 9 };
    expect(can(on(['student']), 'read:account', record)).toBe(true);
    expect(can({ ...on(['student']), accountId: 8 }, 'read:account', record)).toBe(false);
    expect(can({ ...on(['coach']), accountId: 9 }, 'read:account', record)).toBe(true);
    expect(can({ ...on(['coach']), accountId: 10 }, 'read:account', record)).toBe(false);
    expect(can(on(['student']), 'review:answer', { portalId: 1, ownerId: [3, 7] })).toBe(true);
    expect(can(on(['student']), 'manage:course', { portalId: 1, ownerId: 7 })).toBe(false);
  });

  it('keeps academy roles on their own portal and lets platform staff cross', () => {
    const foreign = { portalId: 2, ownerId: 99 };
    expect(can(on(['academy admin']), 'manage:course', foreign)).toBe(false);
    expect(can(on(['academy admin']), 'manage:course', { portalId: 1 })).toBe(true);
    expect(can(on(['admin']), 'manage:course', foreign)).toBe(true);
    expect(can(on(['author', 'academy sales']), 'manage:order', foreign)).toBe(false);
    expect(can(on(['author', 'academy sales']), 'manage:course', foreign)).toBe(true);
    expect(can(on(['student']), 'read:account', { portalId: 2, ownerId: 7 })).toBe(false);
  });
});

describe('changing an account', () => {
  it('lets the account itself and account managers change it, and not those who only read it', () => {
    const student = { portalId: 1, ownerId: 7, coachId: 9 };
    expect(can(on(['student']), 'update:account', student)).toBe(true);
    expect(can({ ...on(['student']), accountId: 8 }, 'update:account', student)).toBe(false);
    // The primary coach reads the account, and may not rename their student.
    expect(can({ ...on(['coach']), accountId: 9 }, 'read:account', student)).toBe(true);
    expect(can({ ...on(['coach']), accountId: 9 }, 'update:account', student)).toBe(false);
    for (const reader of [
      'author',
      'academy sales',
      'academy author',
      'academy manager',
      'financial controller',
    ]) {
      expect(can({ ...on([reader]), accountId: 8 }, 'read:account', student), reader).toBe(true);
      expect(can({ ...on([reader]), accountId: 8 }, 'update:account', student), reader).toBe(false);
    }
    for (const manager of ['support', 'academy support', 'admin', 'academy admin']) {
      expect(can({ ...on([manager]), accountId: 8 }, 'update:account', student), manager).toBe(true);
    }
    expect(can(on(['academy admin']), 'update:account', { portalId: 2, ownerId: 99 })).toBe(false);
  });

  it("names core's coach roles as the roles that enter the coach environment", () => {
    // The server finds coaches in SQL through rolesGranting('enter:coach').
    expect(rolesGranting('enter:coach')).toEqual(COACH_ROLES);
    expect(COACH_ROLES).toContain('coach');
  });

  it('tells the permissions that change something from those that only look', () => {
    const changes: Permission[] = ['manage:account', 'update:account', 'plan:follow-up', 'act-as:account'];
    const looks: Permission[] = [
      'read:account',
      'search:account',
      'follow:student',
      'oversee:ticket',
      'enter:admin',
    ];
    for (const permission of changes) expect(namesChange(permission), permission).toBe(true);
    for (const permission of looks) expect(namesChange(permission), permission).toBe(false);
  });
});

describe('granting roles', () => {
  it('grants only roles whose powers the granter holds', () => {
    expect(canGrantRole(['support'], 'student')).toBe(true);
    expect(canGrantRole(['support'], 'coach')).toBe(true);
    expect(canGrantRole(['support'], 'support')).toBe(true);
    expect(canGrantRole(['support'], 'admin')).toBe(false);
    expect(canGrantRole(['support'], 'academy admin')).toBe(false);
    expect(canGrantRole(['academy admin'], 'author')).toBe(true);
    expect(canGrantRole(['academy admin'], 'admin')).toBe(false);
    expect(canGrantRole(['academy admin'], 'support')).toBe(false);
    expect(canGrantRole(['admin'], 'support')).toBe(true);
    expect(canGrantRole(['admin'], 'unauthenticated')).toBe(false);
    expect(canGrantRole(['admin'], 'wizard')).toBe(false);
  });
});
