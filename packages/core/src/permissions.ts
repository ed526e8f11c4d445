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
  /** What the permission allows, for the decision record and the OpenAPI document. */
  description: string;
}

const COACH_AND_STAFF: readonly RoleName[] = [...COACH_ROLES, ...ALL_STAFF_ROLES];

const RULES = {
  'enter:admin': { roles: ALL_STAFF_ROLES, description: 'Use the admin environment.' },
  'enter:coach': { roles: COACH_ROLES, description: 'Use the coach environment.' },
  'enter:student': { roles: [ROLES.student], description: 'Use the student environment.' },
  'manage:portal': {
    roles: PORTAL_MANAGER_ROLES,
    description: 'Switch between portals and read every portal (platform staff).',
  },
  'read:any-course': {
    roles: ALL_STAFF_ROLES,
    description: 'See every course of the portal, drafts and archived ones included.',
  },
  'manage:course': {
    roles: COURSE_MANAGER_ROLES,
    description:
      'Create, edit, reorder and delete courses, learning objects, quizzes, categories and labels.',
  },
  'triage:content-issue': {
    roles: ALL_STAFF_ROLES,
    description: 'See and resolve every content issue of the portal.',
  },
  'review:answer': {
    roles: COACH_AND_STAFF,
    owner: true,
    description: 'Read handed-in answers and review them; students read their own.',
  },
  'follow:student': {
    roles: COACH_AND_STAFF,
    owner: true,
    coach: true,
    description: "See a student's enrolments, progress, quiz attempts and contact details.",
  },
  'read:account': {
    roles: ALL_STAFF_ROLES,
    owner: true,
    coach: true,
    description: 'Read an account and what it owns (preferences, notifications, promotions).',
  },
  'update:account': {
    roles: [...SUPPORT_ROLES, ...ADMIN_ROLES],
    owner: true,
    description:
      "Change an account's name, phone number and language, its preferences and its notifications' read state; the account itself may too.",
  },
  'search:account': { roles: ALL_STAFF_ROLES, description: 'Search the accounts of the portal.' },
  'manage:account': {
    roles: [...SUPPORT_ROLES, ...ADMIN_ROLES],
    description: 'Create, change, deactivate and import accounts.',
  },
  'read:audit-log': {
    roles: [...SUPPORT_ROLES, ...ADMIN_ROLES],
    description: 'Read and export the audit log of the portal.',
  },
  'act-as:account': { roles: SUPPORT_ROLES, description: 'Act as another account, with a reason.' },
  'use:support-palette': {
    roles: SUPPORT_ROLES,
    feature: FEATURES.accountSupport,
    description: 'Open the support palette (ctrl+k).',
  },
  'manage:announcement': {
    roles: [...SUPPORT_ROLES, ...ADMIN_ROLES, ...MANAGER_ROLES],
    description: 'Write and publish announcements.',
  },
  'manage:certification': {
    roles: [...ADMIN_ROLES, ...MANAGER_ROLES],
    description: 'Define certifications and assign them.',
  },
  'read:certificate': {
    roles: ALL_STAFF_ROLES,
    owner: true,
    description: 'See a certificate, its PDF and its verifiable credential; holders see their own.',
  },
  'keep:portfolio': {
    roles: [ROLES.student],
    feature: FEATURES.portfolioFeature,
    description:
      'Keep a portfolio: add items, ask for feedback on them by e-mail and edit the public profile.',
  },
  'comment:portfolio-item': {
    roles: COACH_AND_STAFF,
    feature: FEATURES.portfolioFeature,
    description: 'Read and comment on the portfolio items students share with their coaches.',
  },
  'read:qualifications': {
    roles: COACH_AND_STAFF,
    feature: FEATURES.qualificationsReport,
    description:
      'See the qualifications report: which students hold which certifications (coaches: their own students).',
  },
  'manage:order': {
    roles: [ROLES.admin, ROLES.academyAdmin, ROLES.academySales, ROLES.financialController],
    description: 'See and change orders, sales catalogs and promotions.',
  },
  'manage:marketing': {
    roles: [ROLES.admin, ROLES.academyAdmin, ROLES.academyMarketing, ROLES.academyManager],
    description: 'Change mailing-list settings and export consenting accounts.',
  },
  'manage:portal-settings': {
    roles: ADMIN_ROLES,
    description: 'Change integrations, languages, agreements, order automations and content labels.',
  },
  'manage:feature-flag': { roles: [ROLES.admin], description: "Switch the portal's features on and off." },
  'manage:coach-mandate': {
    roles: ADMIN_ROLES,
    feature: FEATURES.coachMandateApprovals,
    description: 'Grant coaches the mandate to approve requests.',
  },
  'decide:approval-request': {
    roles: COACH_ROLES,
    feature: FEATURES.coachMandateApprovals,
    description:
      "Approve or reject students' requests (enrolment in an approval course) for the courses of one's mandate.",
  },
  'ask:ticket': {
    roles: [ROLES.student],
    feature: FEATURES.reviewTickets,
    description: 'Ask a coach a question (a ticket), reply to it, close and reopen it.',
  },
  'answer:ticket': {
    roles: COACH_ROLES,
    feature: FEATURES.reviewTickets,
    coach: true,
    description:
      "Read and answer the tickets of one's students (or of every student without a primary coach).",
  },
  'oversee:ticket': {
    roles: ALL_STAFF_ROLES,
    feature: FEATURES.reviewTickets,
    description: 'Read every ticket of the portal.',
  },
  'use:chat': { roles: COACH_ROLES, description: "Use the portal's chat widget." },
  'plan:follow-up': {
    roles: COACH_AND_STAFF,
    feature: FEATURES.followUps,
    description: 'Plan follow-ups with students, list them and mark them done.',
  },
  'give:feedback': { roles: COACH_AND_STAFF, description: 'Send product feedback and upvote ideas.' },
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

export function describePermission(permission: Permission): string {
  return RULES[permission].description;
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
