import { describe, expect, it } from 'vitest';
import {
  canManageCourses,
  mayActAsRoles,
  canManageMultiplePortals,
  isAcademyStaff,
  isAdmin,
  isAllStaff,
  isCoach,
  isStaff,
  isStudent,
  isSupport,
  roleSegment,
  stripAcademyPrefix,
} from './roles';

describe('role predicates', () => {
  it.each([
    { roles: ['coach'], coach: true, student: false, staff: false },
    { roles: ['student'], coach: false, student: true, staff: false },
    { roles: ['student', 'coach'], coach: true, student: false, staff: false },
    { roles: ['coach', 'admin'], coach: false, student: false, staff: true },
    { roles: ['student', 'academy author'], coach: false, student: false, staff: true },
    { roles: ['financial controller'], coach: false, student: false, staff: true },
    { roles: ['unauthenticated'], coach: false, student: false, staff: false },
    { roles: [], coach: false, student: false, staff: false },
  ])('$roles → coach $coach, student $student, staff $staff', ({ roles, coach, student, staff }) => {
    expect(isCoach(roles)).toBe(coach);
    expect(isStudent(roles)).toBe(student);
    expect(isAllStaff(roles)).toBe(staff);
  });

  it.each([
    { roles: ['admin'], staff: true, academy: false },
    { roles: ['academy manager'], staff: false, academy: true },
    { roles: ['academy marketing', 'support'], staff: true, academy: true },
  ])('separates platform staff from academy staff for $roles', ({ roles, staff, academy }) => {
    expect(isStaff(roles)).toBe(staff);
    expect(isAcademyStaff(roles)).toBe(academy);
  });

  it.each([
    { check: isSupport, roles: ['academy support'], expected: true },
    { check: isSupport, roles: ['admin'], expected: false },
    { check: isAdmin, roles: ['academy admin'], expected: true },
    { check: canManageMultiplePortals, roles: ['support'], expected: true },
    { check: canManageMultiplePortals, roles: ['academy admin'], expected: false },
    { check: canManageCourses, roles: ['academy author'], expected: true },
    { check: canManageCourses, roles: ['academy manager'], expected: true },
    { check: canManageCourses, roles: ['support'], expected: false },
    { check: canManageCourses, roles: ['coach'], expected: false },
  ])('$check.name($roles) is $expected', ({ check, roles, expected }) => {
    expect(check(roles)).toBe(expected);
  });
});

describe('feedback segment and academy prefix', () => {
  it.each([
    { roles: ['academy sales'], segment: 'admin' },
    { roles: ['coach', 'student'], segment: 'coach' },
    { roles: ['student'], segment: 'student' },
    { roles: [], segment: 'guest' },
  ])('files $roles under $segment', ({ roles, segment }) => {
    expect(roleSegment(roles)).toBe(segment);
  });

  it.each([
    ['academy admin', 'admin'],
    ['academy support', 'support'],
    ['coach', 'coach'],
    ['financial controller', 'financial controller'],
  ])('%s → %s', (role, expected) => {
    expect(stripAcademyPrefix(role)).toBe(expected);
  });
});

describe('acting as someone', () => {
  it('lets support act as students, coaches and other support, never as an admin or manager', () => {
    expect(mayActAsRoles(['support'], ['student'])).toBe(true);
    expect(mayActAsRoles(['support'], ['coach'])).toBe(true);
    expect(mayActAsRoles(['support'], ['academy support'])).toBe(true);
    expect(mayActAsRoles(['support'], ['admin'])).toBe(false);
    expect(mayActAsRoles(['academy support'], ['student', 'academy manager'])).toBe(false);
    expect(mayActAsRoles(['student'], ['coach'])).toBe(false);
  });
});
