import type { CourseSectionRow } from '../../db/schema-learning';
import { identifier } from '../../http/jsonapi';
import type { ResourceIdentifier, ResourceObject } from '../../http/jsonapi';

export function presentSection(section: CourseSectionRow, learningObjectIds: number[]): ResourceObject {
  return {
    type: 'course_sections',
    id: String(section.id),
    attributes: { title: section.title, position: section.position, updated_at: section.updated_at },
    relationships: {
      course: { data: identifier('courses', section.course_id) },
      learning_objects: {
        data: learningObjectIds.map((id) => identifier('learning_objects', id) as ResourceIdentifier),
      },
    },
  };
}
