/** Role names and role groups (SPEC §6). Role names are the API's strings and contain spaces. */

export const ROLES = {
  coach: 'coach',
  student: 'student',
  admin: 'admin',
  support: 'support',
  author: 'author',
  financialController: 'financial controller',
  academyAuthor: 'academy author',
  academySupport: 'academy support',
  academyAdmin: 'academy admin',
  academyManager: 'academy manager',
  academySales: 'academy sales',
  academyMarketing: 'academy marketing',
  unauthenticated: 'unauthenticated',
} as const;

export type RoleName = (typeof ROLES)[keyof typeof ROLES];

/** Roles an account can be given (everything but the visitor's). */
export const ACCOUNT_ROLE_NAMES = Object.values(ROLES).filter(
  (role) => role !== ROLES.unauthenticated,
) as Exclude<RoleName, 'unauthenticated'>[];

const ACADEMY_PREFIX = 'academy ';

export const STAFF_ROLES: readonly RoleName[] = [
  ROLES.admin,
  ROLES.support,
  ROLES.author,
  ROLES.financialController,
];
export const ACADEMY_ROLES: readonly RoleName[] = [
  ROLES.academyAuthor,
  ROLES.academySupport,
  ROLES.academyAdmin,
  ROLES.academyManager,
  ROLES.academySales,
  ROLES.academyMarketing,
];
export const ALL_STAFF_ROLES: readonly RoleName[] = [...STAFF_ROLES, ...ACADEMY_ROLES];
/**
 * Roles that make an account a coach of its portal: someone students can have as primary coach,
 * who reviews hand-ins, answers tickets and may hold a mandate. Server queries that look for coaches
 * are built from this list, through `rolesGranting('enter:coach')` (`coachAccounts` in the server's
 * accounts module).
 */
export const COACH_ROLES: readonly RoleName[] = [ROLES.coach];
export const SUPPORT_ROLES: readonly RoleName[] = [ROLES.support, ROLES.academySupport];
export const AUTHOR_ROLES: readonly RoleName[] = [ROLES.author, ROLES.academyAuthor];
export const ADMIN_ROLES: readonly RoleName[] = [ROLES.admin, ROLES.academyAdmin];
export const MANAGER_ROLES: readonly RoleName[] = [ROLES.academyManager];
/** Platform staff who may switch between and manage several portals. */
export const PORTAL_MANAGER_ROLES: readonly RoleName[] = [ROLES.admin, ROLES.support];
export const COURSE_MANAGER_ROLES: readonly RoleName[] = [...AUTHOR_ROLES, ...ADMIN_ROLES, ...MANAGER_ROLES];

export function hasRole(roles: readonly string[], role: RoleName): boolean {
  return roles.includes(role);
}

export function hasAnyRole(roles: readonly string[], group: readonly string[]): boolean {
  return roles.some((role) => group.includes(role));
}

export const isAllStaff = (roles: readonly string[]) => hasAnyRole(roles, ALL_STAFF_ROLES);
export const isStaff = (roles: readonly string[]) => hasAnyRole(roles, STAFF_ROLES);
export const isAcademyStaff = (roles: readonly string[]) => hasAnyRole(roles, ACADEMY_ROLES);
export const isSupport = (roles: readonly string[]) => hasAnyRole(roles, SUPPORT_ROLES);
export const isAuthor = (roles: readonly string[]) => hasAnyRole(roles, AUTHOR_ROLES);
export const isAdmin = (roles: readonly string[]) => hasAnyRole(roles, ADMIN_ROLES);
export const isManager = (roles: readonly string[]) => hasAnyRole(roles, MANAGER_ROLES);
export const canManageMultiplePortals = (roles: readonly string[]) => hasAnyRole(roles, PORTAL_MANAGER_ROLES);
export const canManageCourses = (roles: readonly string[]) => hasAnyRole(roles, COURSE_MANAGER_ROLES);

/** A coach counts as a coach only when not also staff (SPEC §6). */
export function isCoach(roles: readonly string[]): boolean {
  return hasAnyRole(roles, COACH_ROLES) && !isAllStaff(roles);
}

/** A student counts as a student only when neither coach nor staff (SPEC §6). */
export function isStudent(roles: readonly string[]): boolean {
  return hasRole(roles, ROLES.student) && !hasRole(roles, ROLES.coach) && !isAllStaff(roles);
}

export type RoleSegment = 'admin' | 'coach' | 'student' | 'guest';

/** The audience segment the feedback widget files a user under. */
export function roleSegment(roles: readonly string[]): RoleSegment {
  if (isAllStaff(roles)) return 'admin';
  if (hasRole(roles, ROLES.coach)) return 'coach';
  if (hasRole(roles, ROLES.student)) return 'student';
  return 'guest';
}

/** 'academy admin' → 'admin': academy roles mirror the platform roles for feedback matching. */
export function stripAcademyPrefix(role: string): string {
  return role.startsWith(ACADEMY_PREFIX) ? role.slice(ACADEMY_PREFIX.length) : role;
}

/** How far up a role reaches: admins and managers, other staff, coaches, students. */
function roleRank(role: string): number {
  if (hasAnyRole([role], ADMIN_ROLES) || hasAnyRole([role], MANAGER_ROLES)) return 4;
  if (role === ROLES.coach) return 2;
  if (role === ROLES.student) return 1;
  if (role === ROLES.unauthenticated) return 0;
  return 3;
}

/** The highest rank among the roles (0 without any). */
export const highestRoleRank = (roles: readonly string[]) => Math.max(0, ...roles.map(roleRank));

/** Whether someone with `actorRoles` may act as someone with `targetRoles`: never as anyone above them. */
export function mayActAsRoles(actorRoles: readonly string[], targetRoles: readonly string[]): boolean {
  return highestRoleRank(targetRoles) <= highestRoleRank(actorRoles);
}
