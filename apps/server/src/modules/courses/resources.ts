import type { CourseRow } from '../../db/schema-learning';
import { includable, registerLoader, registerRelationships } from '../../http/includes';
import { presentSection } from './presenter';

/** A section with the ids of its learning objects in outline order. */
registerLoader('course_sections', async (db, scope, ids) => {
  const sectionIds = [...ids];
  const [sections, objects] = await Promise.all([
    db
      .selectFrom('course_sections')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', sectionIds)
      .execute(),
    db
      .selectFrom('learning_objects')
      .select(['id', 'section_id'])
      .where('portal_id', '=', scope)
      .where('section_id', 'in', sectionIds)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  const bySection = new Map<number, number[]>(sections.map((section) => [section.id, []]));
  for (const object of objects) bySection.get(object.section_id)?.push(object.id);
  return sections.map((section) => presentSection(section, bySection.get(section.id) ?? []));
});

/**
 * A course with what a page of courses has already read about it for the signed-in account: its
 * labels and their enrolment, and for one course its outline (in order) and their progress.
 */
export type CourseWithContext = Pick<CourseRow, 'id' | 'catalog_category_id'> & {
  label_ids: readonly number[];
  enrollment_id: number | null;
  section_ids?: readonly number[];
  outline_ids?: readonly number[];
  progress_ids?: readonly number[];
};

registerRelationships<CourseWithContext>('courses', {
  catalog_category: { type: 'catalog_categories', ids: (row) => row.catalog_category_id },
  content_labels: { type: 'content_labels', ids: (row) => row.label_ids },
  enrollment: { type: 'enrollments', ids: (row) => row.enrollment_id },
  course_sections: { type: 'course_sections', ids: (row) => row.section_ids },
  learning_objects: { type: 'learning_objects', ids: (row) => row.outline_ids },
  learning_object_progress: { type: 'learning_object_progress', ids: (row) => row.progress_ids },
});

export const COURSE_LIST_INCLUDES = includable('courses', [
  'catalog_category',
  'content_labels',
  'enrollment',
]);
export const COURSE_INCLUDES = includable('courses', [
  ...COURSE_LIST_INCLUDES,
  'course_sections',
  'learning_objects',
  'learning_object_progress',
]);
