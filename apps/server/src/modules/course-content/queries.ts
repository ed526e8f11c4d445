import type { Executor, InPortal, PortalScope } from '../../db/schema';
import type {
  ContentLabelRow,
  CourseRow,
  CourseSectionRow,
  EnrollmentRow,
  LearningObjectRow,
} from '../../db/schema-learning';
import { NotFound } from '../../domain/errors';

/*
 * Lookups of course content within a portal that several modules build on: a course, its sections
 * and outline, a learning object, and an account's enrolment in a course. Read-only; the writes stay
 * with the module that owns each table.
 */

export async function findCourse(
  db: Executor,
  scope: PortalScope,
  courseId: number,
): Promise<InPortal<CourseRow>> {
  const course = await db
    .selectFrom('courses')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw new NotFound('course');
  return { ...course, portal_id: scope };
}

export async function findEnrollment(
  db: Executor,
  scope: PortalScope,
  courseId: number,
  accountId: number,
): Promise<InPortal<EnrollmentRow> | undefined> {
  const row = await db
    .selectFrom('enrollments')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('course_id', '=', courseId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && { ...row, portal_id: scope };
}

/** Label rows per course, for the courses given. */
export async function labelsByCourse(
  db: Executor,
  scope: PortalScope,
  courseIds: number[],
): Promise<Map<number, ContentLabelRow[]>> {
  const byCourse = new Map<number, ContentLabelRow[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .selectFrom('course_content_labels')
    .innerJoin('content_labels', 'content_labels.id', 'course_content_labels.content_label_id')
    .selectAll('content_labels')
    .select('course_content_labels.course_id')
    .where('course_content_labels.portal_id', '=', scope)
    .where('course_content_labels.course_id', 'in', courseIds)
    .orderBy('content_labels.name')
    .execute();
  for (const { course_id, ...label } of rows) byCourse.get(course_id)?.push(label);
  return byCourse;
}

export async function learningObjectCounts(db: Executor, courseIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(courseIds.map((id) => [id, 0]));
  if (courseIds.length === 0) return counts;
  const rows = await db
    .selectFrom('learning_objects')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  for (const row of rows) counts.set(row.course_id, Number(row.count));
  return counts;
}

export const OUTLINE_OBJECT_COLUMNS = [
  'id',
  'section_id',
  'type',
  'title',
  'position',
  'required',
  'estimated_minutes',
] as const;

export type OutlineObjectRow = {
  id: number;
  section_id: number;
  type: string;
  title: string;
  position: number;
  required: number;
  estimated_minutes: number | null;
};

/** Outline objects of the portal by id (included with enrolments, answers and content issues). */
export async function outlineObjectsByIds(
  db: Executor,
  scope: PortalScope,
  objectIds: Iterable<number | null>,
): Promise<OutlineObjectRow[]> {
  const ids = [...new Set(objectIds)].filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  return db
    .selectFrom('learning_objects')
    .select(OUTLINE_OBJECT_COLUMNS)
    .where('portal_id', '=', scope)
    .where('id', 'in', ids)
    .execute();
}

export async function sectionsOf(
  db: Executor,
  scope: PortalScope,
  courseId: number,
): Promise<CourseSectionRow[]> {
  return db
    .selectFrom('course_sections')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Outline columns only (no bodies): what a course page lists. */
export async function outlineObjectsOf(
  db: Executor,
  scope: PortalScope,
  courseId: number,
): Promise<OutlineObjectRow[]> {
  return db
    .selectFrom('learning_objects')
    .select(OUTLINE_OBJECT_COLUMNS)
    .where('portal_id', '=', scope)
    .where('course_id', '=', courseId)
    .orderBy('section_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function findSection(
  db: Executor,
  scope: PortalScope,
  sectionId: number,
): Promise<InPortal<CourseSectionRow>> {
  const section = await db
    .selectFrom('course_sections')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', sectionId)
    .executeTakeFirst();
  if (!section) throw new NotFound('section');
  return { ...section, portal_id: scope };
}

export async function findLearningObject(
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<LearningObjectRow>> {
  const row = await db
    .selectFrom('learning_objects')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('learning object');
  return { ...row, portal_id: scope };
}
