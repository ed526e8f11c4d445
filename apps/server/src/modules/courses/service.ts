import type { CourseSort, CourseStatus } from '@leerpad/core';

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { indexedContains, nowIso } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { DialectName } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import { refreshProgress } from '../enrollments/service';
import { forgetAnswerWeeks } from '../course-content/answer-weeks';
import type { CourseRow, CourseSectionRow } from '../../db/schema-learning';
import { Conflict, Invalid } from '../../domain/errors';
import type { SortOrder } from '../../db/pages';
import { sectionsOf } from '../course-content/queries';

export interface CourseListOptions {
  statuses: readonly CourseStatus[] | null;
  search?: string | undefined;
  categoryIds?: number[] | undefined;
  labelIds?: number[] | undefined;
  language?: string | undefined;
  sort: SortOrder<CourseSort>[];
  page: { size: number; offset: number };
  /** Whose enrolment to report per course. */
  accountId: number;
}

export type CourseListRow = CourseRow & { enrollment_id: number | null; learning_objects_count: number };

/**
 * One page of a portal's courses with the total. Filters use the indexes of the learning migration;
 * a search first collects its matches through the search index (a materialised CTE, so the planner
 * cannot trade it for a walk along the title index) and then sorts and pages them.
 */
export async function listCourses(
  db: Kysely<Database>,
  dialect: DialectName,
  scope: PortalScope,
  options: CourseListOptions,
): Promise<{ rows: CourseListRow[]; total: number }> {
  const needle = options.search?.trim();
  // Per listed course, in the same query: my enrolment (unique index) and its object count.
  const extras = (table: 'courses' | 'matches') => [
    sql<
      number | null
    >`(select enrollments.id from enrollments where enrollments.course_id = ${sql.ref(`${table}.id`)} and enrollments.account_id = ${options.accountId})`.as(
      'enrollment_id',
    ),
    sql<number>`(select count(*) from learning_objects where learning_objects.course_id = ${sql.ref(`${table}.id`)})`.as(
      'learning_objects_count',
    ),
  ];
  const filtered = () => {
    let query = db.selectFrom('courses').where('courses.portal_id', '=', scope);
    if (options.statuses) {
      const [only] = options.statuses;
      query =
        options.statuses.length === 1 && only
          ? query.where('courses.status', '=', only)
          : query.where('courses.status', 'in', [...options.statuses]);
    }
    if (needle) query = query.where(indexedContains(dialect, 'courses', ['title', 'summary'], needle));
    if (options.categoryIds?.length) {
      query = query.where('courses.catalog_category_id', 'in', options.categoryIds);
    }
    if (options.labelIds?.length) {
      const labelIds = options.labelIds;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('course_content_labels')
            .select('course_content_labels.course_id')
            .whereRef('course_content_labels.course_id', '=', 'courses.id')
            .where('course_content_labels.content_label_id', 'in', labelIds),
        ),
      );
    }
    if (options.language) query = query.where('courses.language', '=', options.language);
    return query;
  };
  const lastDirection = options.sort[options.sort.length - 1]?.direction ?? 'asc';

  if (needle) {
    const matches = () =>
      db.with(
        (cte) => cte('matches').materialized(),
        () => filtered().selectAll('courses'),
      );
    let page = matches().selectFrom('matches').selectAll().select(extras('matches'));
    for (const order of options.sort) page = page.orderBy(`matches.${order.key}`, order.direction);
    const [rows, count] = await Promise.all([
      page
        .orderBy('matches.id', lastDirection)
        .limit(options.page.size)
        .offset(options.page.offset)
        .execute(),
      // Counting needs no order, so the search index drives it directly.
      filtered()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(numbers), total: Number(count.total) };
  }

  let page = filtered().selectAll('courses').select(extras('courses'));
  for (const order of options.sort) page = page.orderBy(`courses.${order.key}`, order.direction);
  const [rows, count] = await Promise.all([
    page.orderBy('courses.id', lastDirection).limit(options.page.size).offset(options.page.offset).execute(),
    filtered()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(numbers), total: Number(count.total) };
}

const numbers = <T extends { learning_objects_count: number | string }>(row: T) => ({
  ...row,
  learning_objects_count: Number(row.learning_objects_count),
});

export interface CourseChanges {
  title?: string | undefined;
  summary?: string | undefined;
  description?: string | undefined;
  language?: string | undefined;
  status?: CourseStatus | undefined;
  catalog_category_id?: number | null | undefined;
  estimated_minutes?: number | null | undefined;
  /** 1 when enrolling needs a coach's approval. */
  requires_approval?: number | undefined;
  /** 1 when completing needs a coach's sign-off. */
  requires_signoff?: number | undefined;
  cover_file_id?: number | null | undefined;
  cover_image_url?: string | null | undefined;
  content_label_ids?: number[] | undefined;
}

/** Checks that referenced categories, labels and cover files belong to the portal; 422 otherwise. */
export async function checkCourseReferences(
  db: Executor,
  scope: PortalScope,
  changes: CourseChanges,
  pointer: (attribute: string) => string,
): Promise<void> {
  const problems: Array<{ pointer: string; detail: string; code?: string }> = [];
  if (changes.catalog_category_id) {
    const category = await db
      .selectFrom('catalog_categories')
      .select('id')
      .where('portal_id', '=', scope)
      .where('id', '=', changes.catalog_category_id)
      .executeTakeFirst();
    if (!category)
      problems.push({ pointer: pointer('catalog_category'), detail: 'No such catalog category.' });
  }
  if (changes.content_label_ids?.length) {
    const found = new Set(
      (
        await db
          .selectFrom('content_labels')
          .select('id')
          .where('portal_id', '=', scope)
          .where('id', 'in', changes.content_label_ids)
          .execute()
      ).map((row) => row.id),
    );
    changes.content_label_ids.forEach((id, index) => {
      if (!found.has(id))
        problems.push({ pointer: pointer(`content_labels/${index}`), detail: 'No such content label.' });
    });
  }
  if (changes.cover_file_id) {
    const file = await db
      .selectFrom('files')
      .select(['id', 'content_type'])
      .where('portal_id', '=', scope)
      .where('id', '=', changes.cover_file_id)
      .executeTakeFirst();
    if (!file) problems.push({ pointer: pointer('cover_file'), detail: 'No such file.' });
    else if (!/^image\/(png|jpeg|gif|webp|avif)$/.test(file.content_type))
      problems.push({
        pointer: pointer('cover_file'),
        code: 'COVER_NOT_IMAGE',
        detail: 'A cover must be a PNG, JPEG, GIF, WebP or AVIF image.',
      });
  }
  if (problems.length > 0) throw new Invalid(problems);
}

async function replaceLabels(trx: Executor, scope: PortalScope, courseId: number, labelIds: number[]) {
  await trx.deleteFrom('course_content_labels').where('course_id', '=', courseId).execute();
  const unique = [...new Set(labelIds)];
  if (unique.length > 0) {
    await trx
      .insertInto('course_content_labels')
      .values(unique.map((id) => ({ portal_id: scope, course_id: courseId, content_label_id: id })))
      .execute();
  }
}

export async function createCourse(
  db: Kysely<Database>,
  scope: PortalScope,
  authorId: number,
  input: CourseChanges & { title: string; language: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const status = input.status ?? 'draft';
    const { id } = await trx
      .insertInto('courses')
      .values({
        portal_id: scope,
        title: input.title,
        summary: input.summary ?? '',
        description: input.description ?? '',
        language: input.language,
        status,
        catalog_category_id: input.catalog_category_id ?? null,
        estimated_minutes: input.estimated_minutes ?? null,
        requires_approval: input.requires_approval ?? 0,
        requires_signoff: input.requires_signoff ?? 0,
        cover_file_id: input.cover_file_id ?? null,
        cover_image_url: input.cover_image_url ?? null,
        published_at: status === 'published' ? now : null,
        created_by: authorId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.content_label_ids) await replaceLabels(trx, scope, id, input.content_label_ids);
    return id;
  });
}

export async function updateCourse(
  db: Kysely<Database>,
  course: InPortal<CourseRow>,
  changes: CourseChanges,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { content_label_ids: labelIds, ...columns } = changes;
    const now = nowIso();
    const publishedAt = columns.status === 'published' && !course.published_at ? { published_at: now } : {};
    await trx
      .updateTable('courses')
      .set({ ...columns, ...publishedAt, updated_at: now })
      .where('portal_id', '=', course.portal_id)
      .where('id', '=', course.id)
      .execute();
    if (labelIds) await replaceLabels(trx, course.portal_id, course.id, labelIds);
  });
}

/** A course that students are enrolled in is archived, not deleted: their progress stays. */
export async function deleteCourse(db: Kysely<Database>, course: InPortal<CourseRow>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const enrolled = await trx
      .selectFrom('enrollments')
      .select('id')
      .where('course_id', '=', course.id)
      .limit(1)
      .executeTakeFirst();
    if (enrolled) {
      throw new Conflict({
        code: 'COURSE_HAS_ENROLLMENTS',
        title: 'Course in use',
        detail: 'Students are enrolled in this course. Archive it instead of deleting it.',
      });
    }
    await trx
      .deleteFrom('courses')
      .where('portal_id', '=', course.portal_id)
      .where('id', '=', course.id)
      .execute();
  });
}

async function touchCourse(trx: Executor, courseId: number) {
  await trx.updateTable('courses').set({ updated_at: nowIso() }).where('id', '=', courseId).execute();
}

/** Adds a section at the end, or at `position` (1-based) moving the later ones down. */
export async function createSection(
  db: Kysely<Database>,
  course: InPortal<CourseRow>,
  input: { title: string; position?: number | undefined },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await locks.outline(trx, course.id);
    const sections = await sectionsOf(trx, course.portal_id, course.id);
    const index = Math.min(Math.max((input.position ?? sections.length + 1) - 1, 0), sections.length);
    const now = nowIso();
    const { id } = await trx
      .insertInto('course_sections')
      .values({
        portal_id: course.portal_id,
        course_id: course.id,
        title: input.title,
        position: index + 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [offset, section] of sections.slice(index).entries()) {
      await trx
        .updateTable('course_sections')
        .set({ position: index + 2 + offset })
        .where('id', '=', section.id)
        .execute();
    }
    await touchCourse(trx, course.id);
    return id;
  });
}

export async function updateSection(
  db: Kysely<Database>,
  section: InPortal<CourseSectionRow>,
  changes: { title?: string | undefined },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (changes.title !== undefined) {
      await trx
        .updateTable('course_sections')
        .set({ title: changes.title, updated_at: nowIso() })
        .where('id', '=', section.id)
        .execute();
    }
    await touchCourse(trx, section.course_id);
  });
}

export async function deleteSection(
  db: Kysely<Database>,
  section: InPortal<CourseSectionRow>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await locks.outline(trx, section.course_id);
    // The section's objects and their answers go with it (cascade): out of the weekly counts first.
    const answers = await trx
      .selectFrom('answers')
      .innerJoin('learning_objects', 'learning_objects.id', 'answers.learning_object_id')
      .select(['answers.account_id', 'answers.submitted_at', 'answers.reviewed_at'])
      .where('learning_objects.section_id', '=', section.id)
      .execute();
    await forgetAnswerWeeks(trx, section.portal_id, answers);
    await trx.deleteFrom('course_sections').where('id', '=', section.id).execute();
    // The section's objects went with it: fewer required objects for every enrolment.
    await refreshProgress(trx, { courseId: section.course_id });
    const rest = await sectionsOf(trx, section.portal_id, section.course_id);
    for (const [index, row] of rest.entries()) {
      if (row.position !== index + 1) {
        await trx
          .updateTable('course_sections')
          .set({ position: index + 1 })
          .where('id', '=', row.id)
          .execute();
      }
    }
    await touchCourse(trx, section.course_id);
  });
}

export interface OutlineOrder {
  sections: Array<{ id: number; learning_object_ids: number[] }>;
}

/**
 * Reorders a whole outline in one transaction: every section of the course exactly once, and every
 * learning object exactly once under the section it now belongs to (objects may move between
 * sections). Anything missing, unknown or repeated is a 422 pointing at it.
 */
export async function reorderOutline(
  db: Kysely<Database>,
  course: InPortal<CourseRow>,
  order: OutlineOrder,
  pointer: (attribute: string) => string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await locks.outline(trx, course.id);
    const sections = await sectionsOf(trx, course.portal_id, course.id);
    const objects = await trx
      .selectFrom('learning_objects')
      .select(['id', 'section_id', 'position'])
      .where('course_id', '=', course.id)
      .execute();
    const sectionIds = new Set(sections.map((section) => section.id));
    const objectIds = new Map(objects.map((object) => [object.id, object]));
    const problems: Array<{ pointer: string; detail: string; code?: string }> = [];
    const seenSections = new Set<number>();
    const seenObjects = new Set<number>();
    order.sections.forEach((section, sectionIndex) => {
      if (!sectionIds.has(section.id))
        problems.push({
          pointer: pointer(`sections/${sectionIndex}/id`),
          detail: 'This section is not in the course.',
        });
      else if (seenSections.has(section.id))
        problems.push({
          pointer: pointer(`sections/${sectionIndex}/id`),
          detail: 'This section is listed twice.',
        });
      seenSections.add(section.id);
      section.learning_object_ids.forEach((id, objectIndex) => {
        const at = pointer(`sections/${sectionIndex}/learning_object_ids/${objectIndex}`);
        if (!objectIds.has(id))
          problems.push({ pointer: at, detail: 'This learning object is not in the course.' });
        else if (seenObjects.has(id))
          problems.push({ pointer: at, detail: 'This learning object is listed twice.' });
        seenObjects.add(id);
      });
    });
    const missingSections = sections.filter((section) => !seenSections.has(section.id)).map((s) => s.id);
    const missingObjects = objects.filter((object) => !seenObjects.has(object.id)).map((o) => o.id);
    if (missingSections.length > 0)
      problems.push({
        pointer: pointer('sections'),
        detail: `Sections missing from the order: ${missingSections.join(', ')}.`,
      });
    if (missingObjects.length > 0)
      problems.push({
        pointer: pointer('sections'),
        detail: `Learning objects missing from the order: ${missingObjects.join(', ')}.`,
      });
    if (problems.length > 0) throw new Invalid(problems);

    const now = nowIso();
    for (const [sectionIndex, section] of order.sections.entries()) {
      const current = sections.find((row) => row.id === section.id);
      if (current && current.position !== sectionIndex + 1) {
        await trx
          .updateTable('course_sections')
          .set({ position: sectionIndex + 1, updated_at: now })
          .where('id', '=', section.id)
          .execute();
      }
      for (const [objectIndex, id] of section.learning_object_ids.entries()) {
        const object = objectIds.get(id);
        if (object && (object.section_id !== section.id || object.position !== objectIndex + 1)) {
          await trx
            .updateTable('learning_objects')
            .set({ section_id: section.id, position: objectIndex + 1, updated_at: now })
            .where('id', '=', id)
            .execute();
        }
      }
    }
    await touchCourse(trx, course.id);
  });
}
