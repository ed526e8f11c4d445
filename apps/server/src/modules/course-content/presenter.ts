import { fromFlag } from '../../db/dialect';
import type { ContentLabelRow, CourseRow, CourseSectionRow, EnrollmentRow } from '../../db/schema-learning';
import { identifier, identifiers } from '../../http/jsonapi';
import { fileUrl } from '../files/presenter';
import type { OutlineObjectRow } from './queries';
import type { CourseResource, LearningObjectResource } from './schema';

export interface CourseExtras {
  labels: ContentLabelRow[];
  learningObjectsCount?: number | undefined;
  /** The signed-in account's enrolment in the course, if any. */
  enrollment: Pick<EnrollmentRow, 'id'> | null;
  abilities: Record<string, boolean>;
  sections?: CourseSectionRow[] | undefined;
}

export function presentCourse(course: CourseRow, extras: CourseExtras): CourseResource {
  const relationships: CourseResource['relationships'] = {
    catalog_category: { data: identifier('catalog_categories', course.catalog_category_id) },
    content_labels: {
      data: identifiers(
        'content_labels',
        extras.labels.map((label) => label.id),
      ),
    },
    enrollment: { data: identifier('enrollments', extras.enrollment?.id) },
    cover_file: { data: identifier('files', course.cover_file_id) },
  };
  if (extras.sections) {
    relationships.course_sections = {
      data: identifiers(
        'course_sections',
        extras.sections.map((section) => section.id),
      ),
    };
  }
  return {
    type: 'courses',
    id: String(course.id),
    attributes: {
      title: course.title,
      summary: course.summary,
      description: course.description,
      cover_image_url: course.cover_file_id ? fileUrl(course.cover_file_id) : course.cover_image_url,
      language: course.language,
      status: course.status as CourseResource['attributes']['status'],
      estimated_minutes: course.estimated_minutes,
      ...(extras.learningObjectsCount === undefined
        ? {}
        : { learning_objects_count: extras.learningObjectsCount }),
      requires_approval: Boolean(course.requires_approval),
      requires_signoff: Boolean(course.requires_signoff),
      published_at: course.published_at,
      created_at: course.created_at,
      updated_at: course.updated_at,
    },
    relationships,
    meta: { abilities: extras.abilities },
  };
}

/**
 * A learning object as listed in a course outline: no content and only its section (the course is
 * the one it is listed in), so an outline of 500 objects stays small.
 */
export function presentOutlineObject(row: OutlineObjectRow): LearningObjectResource {
  return {
    type: 'learning_objects',
    id: String(row.id),
    attributes: {
      kind: row.type as LearningObjectResource['attributes']['kind'],
      title: row.title,
      position: row.position,
      required: fromFlag(row.required),
      estimated_minutes: row.estimated_minutes,
    },
    relationships: {
      course_section: { data: identifier('course_sections', row.section_id) },
    },
  };
}
