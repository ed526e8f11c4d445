import { describe, expect, it } from 'vitest';
import {
  availableEnvironments,
  baseEnvironment,
  environmentFromPath,
  isSafeReturnTo,
  notificationsHomeLink,
  resolveEnvironment,
  showCoachMenu,
  showEnvironmentSwitch,
  showStudentMenu,
} from './environment';

describe('environmentFromPath', () => {
  it.each([
    ['/admin', 'admin', false],
    ['/admin/courses/create', 'admin', false],
    ['/administrator', null, false],
    ['/coach', 'coach', false],
    ['/coach/tickets?page=2', 'coach', false],
    ['/coaching', null, false],
    ['/courses/12', 'student', false],
    ['/catalog', 'student', false],
    ['/portfolio/items', 'student', false],
    ['/profile', 'student', true],
    ['/profile/edit', 'student', true],
    ['/profiles/42', 'guest', false],
    ['/auth', 'guest', false],
    ['/auth/login/register', 'guest', false],
    ['/rate/abc', 'guest', false],
    ['/', null, false],
    ['/notifications', null, false],
  ])('%s → %s (profile %s)', (pathname, environment, profile) => {
    expect(environmentFromPath(pathname)).toEqual({ environment, profile });
  });
});

describe('baseEnvironment and resolveEnvironment', () => {
  it.each([
    { roles: ['admin'], authenticated: false, expected: 'guest' },
    { roles: ['academy author', 'coach'], authenticated: true, expected: 'admin' },
    { roles: ['coach', 'student'], authenticated: true, expected: 'coach' },
    { roles: ['student'], authenticated: true, expected: 'student' },
    { roles: [], authenticated: true, expected: 'student' },
  ])('$roles (logged in: $authenticated) → $expected', ({ roles, authenticated, expected }) => {
    expect(baseEnvironment(roles, authenticated)).toBe(expected);
  });

  it.each([
    { pathname: '/catalog', roles: ['admin'], expected: 'student' },
    { pathname: '/notifications', roles: ['admin'], expected: 'admin' },
    { pathname: '/', roles: ['coach'], expected: 'coach' },
    { pathname: '/account/orders', roles: ['student'], expected: 'student' },
  ])(
    '$pathname for $roles is $expected: the prefix wins, else the roles',
    ({ pathname, roles, expected }) => {
      expect(resolveEnvironment(pathname, roles, true).environment).toBe(expected);
    },
  );
});

describe('environment switch', () => {
  it.each([
    { roles: ['student'], available: ['student'], shown: false },
    { roles: ['coach'], available: ['coach'], shown: true },
    { roles: ['student', 'coach'], available: ['student', 'coach'], shown: true },
    { roles: ['admin'], available: ['admin'], shown: false },
    { roles: ['admin', 'student'], available: ['student', 'admin'], shown: true },
    { roles: [], available: [], shown: false },
  ])('$roles → offers $available, switch shown: $shown', ({ roles, available, shown }) => {
    expect(availableEnvironments(roles)).toEqual(available);
    expect(showEnvironmentSwitch(roles)).toBe(shown);
  });
});

describe('menus', () => {
  it.each([
    { environment: 'coach', roles: ['coach'], coach: true, student: false },
    { environment: 'guest', roles: ['coach'], coach: true, student: false },
    { environment: 'guest', roles: ['student'], coach: false, student: true },
    { environment: 'guest', roles: ['student', 'coach'], coach: true, student: false },
    { environment: 'student', roles: ['student'], coach: false, student: true },
    { environment: 'admin', roles: ['coach', 'student', 'admin'], coach: false, student: false },
  ] as const)('$environment with $roles: coach menu $coach, student menu $student', (row) => {
    expect(showCoachMenu(row.environment, row.roles)).toBe(row.coach);
    expect(showStudentMenu(row.environment, row.roles)).toBe(row.student);
  });
});

describe('notificationsHomeLink', () => {
  it.each([
    ['coach', '/coach'],
    ['admin', '/admin'],
    ['student', '/catalog'],
    ['guest', '/'],
    [null, '/'],
  ] as const)('%s → %s', (environment, link) => {
    expect(notificationsHomeLink(environment)).toBe(link);
  });
});

describe('isSafeReturnTo', () => {
  it.each([
    ['/admin/accounts/12', true],
    ['/catalog?page=2#top', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/\t/evil.example', false],
    ['https://evil.example/admin', false],
    ['javascript:alert(1)', false],
    ['admin', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (uri, safe) => {
    expect(isSafeReturnTo(uri)).toBe(safe);
  });
});
