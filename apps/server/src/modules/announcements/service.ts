import { can } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import { findInPortal } from '../../db/find-in-portal';
import type { Executor, PortalScope } from '../../db/schema';
import type { AnnouncementRow } from '../../db/schema-support';
import type { Services } from '../../context/services';
import { Invalid, NotFound } from '../../domain/errors';
import type { PageRequest } from '../../db/pages';
import { recordAudit } from '../audit/service';
import { sanitizeRichText } from '../course-content/rich-text';
import { notify } from '../notifications/service';
import { audienceOf, courseIdsOf } from './presenter';
import type { AnnouncementAudience } from './schema';

export interface AnnouncementInput {
  title: string;
  body: string;
  language: string;
  audience: AnnouncementAudience[];
  course_ids: number[];
  starts_at: string;
  ends_at: string | null;
}

interface Actor {
  accountId: number;
  actingForId?: number | null;
  ip: string | null;
}

/** Who reads an announcement: by the environment their roles open (never by role name). */
const AUDIENCE_PERMISSION = {
  students: 'enter:student',
  coaches: 'enter:coach',
  staff: 'enter:admin',
} as const;

/** Where a body field was in the request (`/ends_at`, `/data/attributes/ends_at`, `/data/relationships/courses/data/0`). */
type Pointer = (path: string) => string;

export function checkWindow(startsAt: string, endsAt: string | null, pointer: Pointer): void {
  if (endsAt && new Date(endsAt) <= new Date(startsAt))
    throw new Invalid([
      {
        pointer: pointer('ends_at'),
        detail: 'The publish window must end after it starts.',
        code: 'WINDOW_ENDS_BEFORE_START',
      },
    ]);
}

async function checkCourses(
  db: Executor,
  scope: PortalScope,
  courseIds: number[],
  pointer: Pointer,
): Promise<void> {
  if (courseIds.length === 0) return;
  const found = await db
    .selectFrom('courses')
    .select('id')
    .where('portal_id', '=', scope)
    .where('id', 'in', courseIds)
    .execute();
  const known = new Set(found.map((row) => row.id));
  const index = courseIds.findIndex((id) => !known.has(id));
  if (index >= 0)
    throw new Invalid([
      {
        pointer: pointer(`courses/${index}`),
        detail: 'This course does not exist in the portal.',
        code: 'UNKNOWN_COURSE',
      },
    ]);
}

export const findAnnouncement = (db: Executor, scope: PortalScope, id: number): Promise<AnnouncementRow> =>
  findInPortal(db, 'announcements', scope, id);

export async function listAnnouncements(db: Executor, scope: PortalScope, page: PageRequest) {
  const rows = await db
    .selectFrom('announcements')
    .selectAll()
    .where('portal_id', '=', scope)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('announcements')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('portal_id', '=', scope)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export async function createAnnouncement(
  db: Executor,
  scope: PortalScope,
  input: AnnouncementInput,
  actor: Actor,
  pointer: Pointer,
): Promise<AnnouncementRow> {
  checkWindow(input.starts_at, input.ends_at, pointer);
  await checkCourses(db, scope, input.course_ids, pointer);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('announcements')
      .values({
        portal_id: scope,
        author_id: actor.actingForId ? null : actor.accountId,
        title: input.title,
        body: sanitizeRichText(input.body),
        language: input.language,
        audience: input.audience.join(','),
        course_ids: JSON.stringify(input.course_ids),
        starts_at: input.starts_at,
        ends_at: input.ends_at,
        notified_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      actingForId: actor.actingForId ?? null,
      action: 'announcement.created',
      entityType: 'announcement',
      entityId: row.id,
      details: { title: row.title, audience: row.audience, starts_at: row.starts_at },
      ip: actor.ip,
    });
    return row;
  });
}

export async function updateAnnouncement(
  db: Executor,
  scope: PortalScope,
  id: number,
  change: Partial<AnnouncementInput>,
  actor: Actor,
  pointer: Pointer,
): Promise<AnnouncementRow> {
  const current = await findAnnouncement(db, scope, id);
  const startsAt = change.starts_at ?? current.starts_at;
  const endsAt = change.ends_at !== undefined ? change.ends_at : current.ends_at;
  checkWindow(startsAt, endsAt, pointer);
  if (change.course_ids) await checkCourses(db, scope, change.course_ids, pointer);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('announcements')
      .set({
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.body !== undefined ? { body: sanitizeRichText(change.body) } : {}),
        ...(change.language !== undefined ? { language: change.language } : {}),
        ...(change.audience !== undefined ? { audience: change.audience.join(',') } : {}),
        ...(change.course_ids !== undefined ? { course_ids: JSON.stringify(change.course_ids) } : {}),
        ...(change.starts_at !== undefined ? { starts_at: change.starts_at } : {}),
        ...(change.ends_at !== undefined ? { ends_at: change.ends_at } : {}),
        updated_at: nowIso(),
      })
      .where('portal_id', '=', scope)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      actingForId: actor.actingForId ?? null,
      action: 'announcement.updated',
      entityType: 'announcement',
      entityId: id,
      details: { fields: Object.keys(change) },
      ip: actor.ip,
    });
    return row;
  });
}

export async function deleteAnnouncement(db: Executor, scope: PortalScope, id: number, actor: Actor) {
  await findAnnouncement(db, scope, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('announcements').where('portal_id', '=', scope).where('id', '=', id).execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      actingForId: actor.actingForId ?? null,
      action: 'announcement.deleted',
      entityType: 'announcement',
      entityId: id,
      ip: actor.ip,
    });
  });
}

/** Whether an account with these roles (and enrolments) is in the announcement's audience. */
function addressedTo(
  row: AnnouncementRow,
  reader: { roles: readonly string[]; courseIds: ReadonlySet<number> },
): boolean {
  const courses = courseIdsOf(row);
  return audienceOf(row).some((audience) => {
    if (!can({ roles: reader.roles }, AUDIENCE_PERMISSION[audience])) return false;
    if (audience !== 'students' || courses.length === 0) return true;
    return courses.some((course) => reader.courseIds.has(course));
  });
}

async function enrolledCourses(db: Executor, scope: PortalScope, accountId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('enrollments')
    .select('course_id')
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .execute();
  return new Set(rows.map((row) => row.course_id));
}

/** The announcements within their window addressed to the reader, newest first, with the reader's state. */
export async function currentAnnouncementsFor(
  db: Executor,
  scope: PortalScope,
  reader: { id: number; roles: readonly string[] },
  options: { includeDismissed: boolean },
) {
  const now = nowIso();
  const rows = await db
    .selectFrom('announcements')
    .leftJoin('announcement_states', (join) =>
      join
        .onRef('announcement_states.announcement_id', '=', 'announcements.id')
        .on('announcement_states.account_id', '=', reader.id),
    )
    .selectAll('announcements')
    .select(['announcement_states.read_at', 'announcement_states.dismissed_at'])
    .where('announcements.portal_id', '=', scope)
    .where('announcements.starts_at', '<=', now)
    .where((eb) => eb.or([eb('announcements.ends_at', 'is', null), eb('announcements.ends_at', '>', now)]))
    .orderBy('announcements.starts_at', 'desc')
    .orderBy('announcements.id', 'desc')
    .limit(200)
    .execute();
  const courseIds = await enrolledCourses(db, scope, reader.id);
  return rows.filter(
    (row) =>
      addressedTo(row, { roles: reader.roles, courseIds }) && (options.includeDismissed || !row.dismissed_at),
  );
}

/** Marks an announcement read or dismissed (or not) for the reader; 404 when it is not addressed to them. */
export async function setReaderState(
  db: Executor,
  scope: PortalScope,
  id: number,
  reader: { id: number; roles: readonly string[] },
  change: { read?: boolean; dismissed?: boolean },
) {
  const visible = await currentAnnouncementsFor(db, scope, reader, { includeDismissed: true });
  const row = visible.find((candidate) => candidate.id === id);
  if (!row) throw new NotFound('announcement');
  const now = nowIso();
  const readAt = change.read === undefined ? row.read_at : change.read ? (row.read_at ?? now) : null;
  const dismissedAt =
    change.dismissed === undefined ? row.dismissed_at : change.dismissed ? (row.dismissed_at ?? now) : null;
  await db
    .insertInto('announcement_states')
    .values({ announcement_id: id, account_id: reader.id, read_at: readAt, dismissed_at: dismissedAt })
    .onConflict((conflict) =>
      conflict
        .columns(['announcement_id', 'account_id'])
        .doUpdateSet({ read_at: readAt, dismissed_at: dismissedAt }),
    )
    .execute();
  return { row, state: { read_at: readAt, dismissed_at: dismissedAt } };
}

/** Where the audience reads it: coaches on their news page, everyone else on their home page. */
function linkFor(roles: readonly string[]): string {
  if (can({ roles }, 'enter:coach')) return '/coach/news';
  if (can({ roles }, 'enter:student')) return '/';
  return '/admin/announcements';
}

/**
 * Notifies the audience of every announcement whose window has started and that was not notified
 * yet. Each announcement is claimed by setting `notified_at` in the same transaction as its
 * notifications (the update only matches while it is unset), so a restart or a second instance
 * never notifies twice; a crash before the commit leaves it for the next sweep.
 */
export async function notifyStartedAnnouncements(services: Services, now = new Date()): Promise<number> {
  const db = services.db;
  const at = now.toISOString();
  const due = await db
    .selectFrom('announcements')
    .select(['id', 'portal_id'])
    .where('notified_at', 'is', null)
    .where('starts_at', '<=', at)
    .orderBy('id')
    .limit(50)
    .execute();
  let notified = 0;
  for (const { id, portal_id } of due) {
    // Before the transaction: the portal registry may read the database, and on SQLite the one
    // connection is the transaction's until it ends.
    const portal = await services.portals.findById(portal_id);
    if (!portal) continue;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('announcements')
        .set({ notified_at: at })
        .where('id', '=', id)
        .where('notified_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return;
      // An announcement that already ended before anyone was told is not worth a notification.
      if (claimed.ends_at && new Date(claimed.ends_at) <= now) return;
      const scope = portal.id;
      const accounts = await trx
        .selectFrom('accounts')
        .select(['id'])
        .where('portal_id', '=', scope)
        .where('deactivated_at', 'is', null)
        .execute();
      const roles = await trx
        .selectFrom('account_roles')
        .innerJoin('accounts', 'accounts.id', 'account_roles.account_id')
        .select(['account_roles.account_id', 'account_roles.role'])
        .where('accounts.portal_id', '=', scope)
        .execute();
      const enrolments = await trx
        .selectFrom('enrollments')
        .select(['account_id', 'course_id'])
        .where('portal_id', '=', scope)
        .execute();
      const rolesOf = new Map<number, string[]>();
      for (const row of roles)
        rolesOf.set(row.account_id, [...(rolesOf.get(row.account_id) ?? []), row.role]);
      const coursesOf = new Map<number, Set<number>>();
      for (const row of enrolments) {
        const set = coursesOf.get(row.account_id) ?? new Set<number>();
        set.add(row.course_id);
        coursesOf.set(row.account_id, set);
      }
      for (const account of accounts) {
        const accountRoles = rolesOf.get(account.id) ?? [];
        if (!addressedTo(claimed, { roles: accountRoles, courseIds: coursesOf.get(account.id) ?? new Set() }))
          continue;
        await notify(trx, {
          scope,
          accountId: account.id,
          key: 'announcement_published',
          link: linkFor(accountRoles),
        });
        notified++;
      }
    });
  }
  return notified;
}
