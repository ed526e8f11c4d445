import { describe, expect, it } from 'vitest';
import { abilitiesOf, can, canGrantRole, isPermission, PERMISSIONS, type Permission } from './permissions';

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
      denied: ['enter:admin', 'manage:course', 'search:account', 'read:any-course'],
    },
    {
      roles: ['author'],
      allowed: ['enter:admin', 'manage:course', 'read:any-course', 'review:answer'],
      denied: ['manage:account', 'manage:order', 'manage:portal-settings', 'act-as:account'],
    },
    {
      roles: ['academy sales'],
      allowed: ['enter:admin', 'manage:order'],
      denied: ['read:audit-log', 'manage:course', 'manage:account', 'manage:marketing', 'manage:portal'],
    },
    {
      roles: ['support'],
      allowed: ['read:audit-log', 'manage:account', 'act-as:account', 'use:support-palette', 'manage:portal'],
      denied: ['manage:course', 'manage:order', 'manage:feature-flag'],
    },
    {
      roles: ['academy admin'],
      allowed: ['manage:course', 'manage:account', 'manage:portal-settings', 'manage:coach-mandate'],
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
