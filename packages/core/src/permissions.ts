/**
 * The permission model: every action a person may take is a named permission (`action:entity`),
 * granted by role groups (SPEC §6), sometimes gated by a portal feature, and for records also by
 * portal membership, ownership or being the student's coach. `can()` is the one place where role
 * names are compared; the server's routes and the web app's menus and guards both ask it.
 * docs/decisions/012-permission-model.md explains how to add one.
 */
import { FEATURES, hasFeature, type FeatureName, type FeatureSet } from './access';
import {
  ADMIN_ROLES,
  ALL_STAFF_ROLES,
  COACH_ROLES,
  COURSE_MANAGER_ROLES,
  MANAGER_ROLES,
  PORTAL_MANAGER_ROLES,
  ROLES,
  STAFF_ROLES,
  SUPPORT_ROLES,
  type RoleName,
} from './roles';

interface PermissionRule {
  /** Roles that hold the permission (any one of them is enough). */
  roles: readonly RoleName[];
  /** Portal feature the permission needs; without it nobody holds the permission on that portal. */
  feature?: FeatureName;
  /** The record's owner holds the permission on that record whatever their roles. */
  owner?: boolean;
  /** The primary coach of the record's student holds the permission on that record. */
  coach?: boolean;
}

const COACH_AND_STAFF: readonly RoleName[] = [...COACH_ROLES, ...ALL_STAFF_ROLES];

const RULES = {
  'enter:admin': { roles: ALL_STAFF_ROLES },
  'enter:coach': { roles: COACH_ROLES },
  'enter:student': { roles: [ROLES.student] },
  'manage:portal': { roles: PORTAL_MANAGER_ROLES },
  'read:any-course': { roles: ALL_STAFF_ROLES },
  'manage:course': { roles: COURSE_MANAGER_ROLES },
  'triage:content-issue': { roles: ALL_STAFF_ROLES },
  'review:answer': {
    roles: COACH_AND_STAFF,
    owner: true,
  },
  'follow:student': {
    roles: COACH_AND_STAFF,
    owner: true,
    coach: true,
  },
  'read:account': {
    roles: ALL_STAFF_ROLES,
    owner: true,
    coach: true,
  },
  'update:account': {
    roles: [...SUPPORT_ROLES, ...ADMIN_ROLES],
    owner: true,
  },
  'search:account': { roles: ALL_STAFF_ROLES },
  'manage:account': { roles: [...SUPPORT_ROLES, ...ADMIN_ROLES] },
  /** Page views per route and day (decision 072). */
  'read:analytics': { roles: ADMIN_ROLES },
  'read:audit-log': { roles: [...SUPPORT_ROLES, ...ADMIN_ROLES] },
  'act-as:account': { roles: SUPPORT_ROLES },
  'use:support-palette': {
    roles: SUPPORT_ROLES,
    feature: FEATURES.accountSupport,
  },
  'manage:announcement': { roles: [...SUPPORT_ROLES, ...ADMIN_ROLES, ...MANAGER_ROLES] },
  'manage:certification': { roles: [...ADMIN_ROLES, ...MANAGER_ROLES] },
  'read:certificate': {
    roles: ALL_STAFF_ROLES,
    owner: true,
  },
  'keep:portfolio': {
    roles: [ROLES.student],
    feature: FEATURES.portfolioFeature,
  },
  'comment:portfolio-item': {
    roles: COACH_AND_STAFF,
    feature: FEATURES.portfolioFeature,
  },
  'read:qualifications': {
    roles: COACH_AND_STAFF,
    feature: FEATURES.qualificationsReport,
  },
  'manage:order': { roles: [ROLES.admin, ROLES.academyAdmin, ROLES.academySales, ROLES.financialController] },
  'manage:marketing': {
    roles: [ROLES.admin, ROLES.academyAdmin, ROLES.academyMarketing, ROLES.academyManager],
  },
  'manage:portal-settings': { roles: ADMIN_ROLES },
  // An academy admin looks after their own portal's addresses; platform staff after every portal's.
  'manage:portal-domains': { roles: [...PORTAL_MANAGER_ROLES, ROLES.academyAdmin] },
  /** Name, colours, logo, favicon, support links and business model: academy admins on their own portal, platform support and admins on any (decision 058). */
  'manage:portal-branding': { roles: [...ADMIN_ROLES, ROLES.support] },
  'manage:feature-flag': { roles: [ROLES.admin] },
  'manage:coach-mandate': {
    roles: ADMIN_ROLES,
    feature: FEATURES.coachMandateApprovals,
  },
  'decide:approval-request': {
    roles: COACH_ROLES,
    feature: FEATURES.coachMandateApprovals,
  },
  'ask:ticket': {
    roles: [ROLES.student],
    feature: FEATURES.reviewTickets,
  },
  'answer:ticket': {
    roles: COACH_ROLES,
    feature: FEATURES.reviewTickets,
    coach: true,
  },
  'oversee:ticket': {
    roles: ALL_STAFF_ROLES,
    feature: FEATURES.reviewTickets,
  },
  'use:chat': { roles: COACH_ROLES },
  'plan:follow-up': {
    roles: COACH_AND_STAFF,
    feature: FEATURES.followUps,
  },
  'give:feedback': { roles: COACH_AND_STAFF },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof RULES;
export const PERMISSIONS = Object.keys(RULES) as Permission[];

export function isPermission(name: unknown): name is Permission {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(RULES, name);
}

/** The portal feature a permission needs, if any: without it the API answers FEATURE_DISABLED. */
export function requiredFeature(permission: Permission): FeatureName | undefined {
  const rule: PermissionRule = RULES[permission];
  return rule.feature;
}

/** The roles that grant a permission (for queries such as "accounts who may enter the coach environment"). */
export function rolesGranting(permission: Permission): readonly RoleName[] {
  return RULES[permission].roles;
}

/**
 * The actions that change something (decision 048). A write route (POST, PUT, PATCH, DELETE)
 * declares a permission with one of them; `read`, `search`, `follow`, `oversee`, `enter` and `use`
 * only look, and a write that declares one of those (or `signed-in`) must check the record's
 * owner in its policy and be listed as such in the role matrix.
 */
export const CHANGE_ACTIONS = [
  'manage',
  'update',
  'create',
  'delete',
  'triage',
  'review',
  'keep',
  'comment',
  'decide',
  'ask',
  'answer',
  'plan',
  'give',
  'act-as',
] as const;

/** Whether the permission's action changes something (`manage:course`), rather than only looks (`read:account`). */
export function namesChange(permission: Permission): boolean {
  const action = permission.slice(0, permission.indexOf(':'));
  return (CHANGE_ACTIONS as readonly string[]).includes(action);
}

/** Who is asking: their roles on their own portal, and the features of the portal they are on. */
export interface PermissionSubject {
  accountId?: number | null;
  /** The portal the account belongs to. */
  portalId?: number | null;
  roles: readonly string[];
  /** Features of the portal the request is on; undefined skips feature gates (menu previews). */
  features?: FeatureSet | null;
}

/** The record a permission is asked for: whose portal, whose it is, who coaches its student. */
export interface PermissionRecord {
  portalId?: number | null;
  ownerId?: number | null | readonly number[];
  /** The primary coach of the student the record belongs to. */
  coachId?: number | null;
}

const holdsRole = (roles: readonly string[], granted: readonly string[]) =>
  roles.some((role) => granted.includes(role));

function isOwner(subject: PermissionSubject, record: PermissionRecord): boolean {
  if (subject.accountId == null || record.ownerId == null) return false;
  return typeof record.ownerId === 'number'
    ? record.ownerId === subject.accountId
    : record.ownerId.includes(subject.accountId);
}

/**
 * Whether a record of another portal is out of reach: only platform staff (not academy roles,
 * which belong to one organisation) work across portals, and only through a role that grants the
 * permission (decision 004).
 */
export function crossesPortal(
  subject: PermissionSubject,
  permission: Permission,
  record: PermissionRecord | undefined,
): boolean {
  if (record?.portalId == null || subject.portalId == null || record.portalId === subject.portalId)
    return false;
  const platformRoles = subject.roles.filter((role) => (STAFF_ROLES as readonly string[]).includes(role));
  return !holdsRole(platformRoles, RULES[permission].roles);
}

/**
 * Whether the subject holds the permission, on the record when one is given. Without a record
 * the answer is "by role": owner and coach grants need the record to apply.
 */
export function can(subject: PermissionSubject, permission: Permission, record?: PermissionRecord): boolean {
  const rule: PermissionRule = RULES[permission];
  if (rule.feature && subject.features !== undefined && !hasFeature(subject.features, rule.feature))
    return false;
  if (crossesPortal(subject, permission, record)) return false;
  if (holdsRole(subject.roles, rule.roles)) return true;
  if (!record) return false;
  if (rule.owner && isOwner(subject, record)) return true;
  return Boolean(rule.coach && subject.accountId != null && record.coachId === subject.accountId);
}

/** Permissions that open a learner's or coach's own environment rather than a power over others. */
const ENVIRONMENT_PERMISSIONS: readonly Permission[] = [
  'enter:student',
  'enter:coach',
  'use:chat',
  'ask:ticket',
  'answer:ticket',
  'keep:portfolio',
  'decide:approval-request',
];

/**
 * Whether someone with `actorRoles` may give (or take away) `role`: only when they hold every
 * power the role brings themselves, so a support user cannot make an admin. The platform admin
 * grants every role. Portal features are not considered: a role is granted for good.
 */
export function canGrantRole(actorRoles: readonly string[], role: string): boolean {
  if (!(Object.values(ROLES) as string[]).includes(role) || role === ROLES.unauthenticated) return false;
  if (actorRoles.includes(ROLES.admin)) return true;
  return PERMISSIONS.every(
    (permission) =>
      ENVIRONMENT_PERMISSIONS.includes(permission) ||
      !holdsRole([role], RULES[permission].roles) ||
      holdsRole(actorRoles, RULES[permission].roles),
  );
}

/** Every permission the subject holds by role on its portal: the `meta.abilities` of `/me`. */
export function abilitiesOf(subject: PermissionSubject): Permission[] {
  return PERMISSIONS.filter((permission) => can(subject, permission));
}
