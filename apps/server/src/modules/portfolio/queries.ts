/** What the portfolio screens read and write besides the multi-step commands (commands.ts). */
import { nowIso } from '../../db/dialect';
import { pagedList, type PageRequest } from '../../db/pages';
import type { Executor, PortalScope } from '../../db/schema';
import type { PortfolioItemRow } from '../../db/schema-portfolio';
import { parseJsonList } from './service';

/** Which of `ids` are files the account uploaded in the portal. */
export async function ownFileIds(db: Executor, scope: PortalScope, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The files attached to an item, in its order (only the portal's own and its student's uploads). */
export async function filesOfItem(db: Executor, scope: PortalScope, item: PortfolioItemRow) {
  const ids = parseJsonList<number>(item.file_ids).map(Number);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('files')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('account_id', '=', item.account_id)
    .where('id', 'in', ids)
    .execute();
  return ids.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
}

/** Items, newest first: the reader's own, and (`shared`) every item not private. */
export function listItems(
  db: Executor,
  scope: PortalScope,
  reader: { accountId: number; shared: boolean },
  studentIds: number[] | undefined,
  page: PageRequest,
) {
  let filtered = db
    .selectFrom('portfolio_items')
    .where('portal_id', '=', scope)
    .where((eb) =>
      reader.shared
        ? eb.or([eb('account_id', '=', reader.accountId), eb('visibility', '!=', 'private')])
        : eb('account_id', '=', reader.accountId),
    );
  if (studentIds) filtered = filtered.where('account_id', 'in', studentIds);
  return pagedList(filtered, filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
}

/** The account's enrolment in a course it completed, if any. */
export function completedEnrollment(db: Executor, scope: PortalScope, accountId: number, courseId: number) {
  return db
    .selectFrom('enrollments')
    .select('course_id')
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
}

export interface NewItem {
  kind: string;
  title: string;
  body: string;
  url: string | null;
  fileIds: number[];
  courseId: number | null;
  visibility: string;
  competencies: string[];
}

export function createItem(db: Executor, scope: PortalScope, accountId: number, item: NewItem) {
  const now = nowIso();
  return db
    .insertInto('portfolio_items')
    .values({
      portal_id: scope,
      account_id: accountId,
      kind: item.kind,
      title: item.title,
      body: item.body,
      url: item.url,
      file_ids: JSON.stringify(item.fileIds),
      course_id: item.courseId,
      certificate_id: null,
      visibility: item.visibility,
      competencies: JSON.stringify(item.competencies),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateItem(
  db: Executor,
  item: PortfolioItemRow,
  changes: Partial<Pick<NewItem, 'title' | 'body' | 'url' | 'fileIds' | 'visibility' | 'competencies'>>,
) {
  return db
    .updateTable('portfolio_items')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.body !== undefined ? { body: changes.body } : {}),
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.fileIds ? { file_ids: JSON.stringify(changes.fileIds) } : {}),
      ...(changes.visibility ? { visibility: changes.visibility } : {}),
      ...(changes.competencies ? { competencies: JSON.stringify(changes.competencies) } : {}),
      updated_at: nowIso(),
    })
    .where('portal_id', '=', item.portal_id)
    .where('id', '=', item.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteItem(db: Executor, item: PortfolioItemRow): Promise<void> {
  await db
    .deleteFrom('portfolio_items')
    .where('portal_id', '=', item.portal_id)
    .where('id', '=', item.id)
    .execute();
}

/** Comments on an item with their authors' names, oldest first. */
export function listItemComments(db: Executor, item: PortfolioItemRow, page: PageRequest) {
  const filtered = db
    .selectFrom('portfolio_comments')
    .where('portfolio_comments.portal_id', '=', item.portal_id)
    .where('portfolio_comments.item_id', '=', item.id);
  const rows = filtered
    .leftJoin('accounts', 'accounts.id', 'portfolio_comments.author_id')
    .selectAll('portfolio_comments')
    .select('accounts.full_name')
    .orderBy('portfolio_comments.id', 'asc');
  return pagedList(filtered, rows, page);
}

/** An account's requests for feedback, newest first (on the named items). */
export function listFeedbackRequests(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  itemIds: number[] | undefined,
  page: PageRequest,
) {
  const filtered = db
    .selectFrom('feedback_requests')
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .$if(itemIds !== undefined, (query) => query.where('item_id', 'in', itemIds ?? []));
  return pagedList(filtered, filtered.selectAll().orderBy('id', 'desc'), page);
}

/** An item of the portal, or nothing (for a body that names one). */
export function itemOfPortal(db: Executor, scope: PortalScope, id: number) {
  return db
    .selectFrom('portfolio_items')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The student's name and the course's title a feedback form shows beside the item. */
export async function feedbackFormNames(db: Executor, item: PortfolioItemRow) {
  const [student, course] = await Promise.all([
    db.selectFrom('accounts').select('full_name').where('id', '=', item.account_id).executeTakeFirstOrThrow(),
    item.course_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('courses').select('title').where('id', '=', item.course_id).executeTakeFirst(),
  ]);
  return { studentName: student.full_name, courseTitle: course?.title ?? null };
}

export function profileOf(db: Executor, accountId: number) {
  return db.selectFrom('profiles').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Whether another account of the portal has this handle. */
export async function handleTakenByAnother(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  handle: string,
) {
  const row = await db
    .selectFrom('profiles')
    .select('id')
    .where('portal_id', '=', scope)
    .where('handle', '=', handle)
    .where('account_id', '!=', accountId)
    .executeTakeFirst();
  return Boolean(row);
}

export interface ProfileValues {
  headline?: string | null;
  biography?: string | null;
  handle: string | null;
  is_public: number;
  indexable?: number;
}

/** Stores the account's profile (one per account; the unique handle index decides a race). */
export async function saveProfile(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  values: ProfileValues,
) {
  await db
    .insertInto('profiles')
    .values({ portal_id: scope, account_id: accountId, ...values })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
    .execute();
}

/** A public profile of an active account by handle. */
export function publicProfile(db: Executor, scope: PortalScope, handle: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.id', 'profiles.account_id')
    .select([
      'profiles.account_id',
      'profiles.headline',
      'profiles.biography',
      'profiles.handle',
      'profiles.indexable',
      'accounts.full_name',
      'accounts.avatar_url',
    ])
    .where('profiles.portal_id', '=', scope)
    .where('profiles.handle', '=', handle.toLowerCase())
    .where('profiles.is_public', '=', 1)
    .where('accounts.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** What a public profile shows: its public items (newest first) and its certificates not revoked. */
export async function publicShowcase(db: Executor, scope: PortalScope, accountId: number) {
  const [items, certificates] = await Promise.all([
    db
      .selectFrom('portfolio_items')
      .leftJoin('courses', 'courses.id', 'portfolio_items.course_id')
      .selectAll('portfolio_items')
      .select('courses.title as course_title')
      .where('portfolio_items.portal_id', '=', scope)
      .where('portfolio_items.account_id', '=', accountId)
      .where('portfolio_items.visibility', '=', 'public')
      .where('portfolio_items.kind', '!=', 'certificate')
      .orderBy('portfolio_items.created_at', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('certificates')
      .innerJoin('certifications', 'certifications.id', 'certificates.certification_id')
      .selectAll('certifications')
      .select([
        'certificates.code',
        'certificates.status',
        'certificates.issued_at',
        'certificates.expires_at',
      ])
      .where('certificates.portal_id', '=', scope)
      .where('certificates.account_id', '=', accountId)
      .where('certificates.status', '!=', 'revoked')
      .orderBy('certificates.issued_at', 'desc')
      .execute(),
  ]);
  return { items, certificates };
}

/** The public items of the public profile with this handle (an active account's). */
export function publicItemsOfHandle(db: Executor, scope: PortalScope, handle: string) {
  return db
    .selectFrom('portfolio_items')
    .innerJoin('profiles', 'profiles.account_id', 'portfolio_items.account_id')
    .innerJoin('accounts', 'accounts.id', 'portfolio_items.account_id')
    .selectAll('portfolio_items')
    .where('portfolio_items.portal_id', '=', scope)
    .where('profiles.portal_id', '=', scope)
    .where('profiles.handle', '=', handle.toLowerCase())
    .where('profiles.is_public', '=', 1)
    .where('accounts.deactivated_at', 'is', null)
    .where('portfolio_items.visibility', '=', 'public')
    .where('portfolio_items.kind', '!=', 'certificate')
    .execute();
}

/** A file the account uploaded in the portal, if it is one. */
export function ownFile(db: Executor, scope: PortalScope, accountId: number, fileId: number) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Sets (or, with null, removes) the account's profile photo. */
export async function setAvatar(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  avatarUrl: string | null,
) {
  await db
    .updateTable('accounts')
    .set({ avatar_url: avatarUrl })
    .where('portal_id', '=', scope)
    .where('id', '=', accountId)
    .execute();
}

/** The file that is an active account's current photo at `path`, with whether its profile is public. */
export function currentAvatar(db: Executor, scope: PortalScope, fileId: number, path: string) {
  return db
    .selectFrom('files')
    .innerJoin('accounts', 'accounts.id', 'files.account_id')
    .leftJoin('profiles', 'profiles.account_id', 'accounts.id')
    .selectAll('files')
    .select('profiles.is_public')
    .where('files.portal_id', '=', scope)
    .where('files.id', '=', fileId)
    .where('accounts.portal_id', '=', scope)
    .where('accounts.avatar_url', '=', path)
    .where('accounts.deactivated_at', 'is', null)
    .executeTakeFirst();
}
