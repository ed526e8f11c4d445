import type { CourseSectionRow } from '../../db/schema-learning';
import { identifier, identifiers } from '../../http/jsonapi';
import type { CourseSectionResource } from './schema';

export function presentSection(
  section: CourseSectionRow,
  learningObjectIds: number[],
): CourseSectionResource {
  return {
    type: 'course_sections',
    id: String(section.id),
    attributes: { title: section.title, position: section.position, updated_at: section.updated_at },
    relationships: {
      course: { data: identifier('courses', section.course_id) },
      learning_objects: { data: identifiers('learning_objects', learningObjectIds) },
    },
  };
}
