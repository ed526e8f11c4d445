import { fromFlag } from '../../db/dialect';
import type { LearningObjectRow } from '../../db/schema-learning';
import { identifier } from '../../http/jsonapi';
import type { LearningObjectResource } from './schema';
import type { OutlineObjectRow } from '../courses/service';
import { presentSettings } from './settings';

/**
 * A learning object as listed in a course outline: no content and only its section (the course is
 * the one it is listed in), so an outline of 500 objects stays small.
 */
export function presentOutlineObject(row: OutlineObjectRow): LearningObjectResource {
  return {
    type: 'learning_objects',
    id: String(row.id),
    attributes: {
      type: row.type as LearningObjectResource['attributes']['type'],
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

/**
 * A learning object with its content, for the player and the editor. Quizzes never carry their
 * questions here: students get them through an attempt, authors through quiz_questions.
 */
export function presentLearningObject(
  row: LearningObjectRow,
  extras: { questionCount?: number | undefined; abilities: Record<string, boolean> },
): LearningObjectResource {
  const outline = presentOutlineObject(row);
  const settings = presentSettings(row.type, row.settings);
  if (row.type === 'quiz' && extras.questionCount !== undefined)
    settings.question_count = extras.questionCount;
  return {
    ...outline,
    attributes: {
      ...outline.attributes,
      body: row.body,
      video_url: row.type === 'video' ? row.video_url : null,
      video_provider:
        row.type === 'video'
          ? (row.video_provider as LearningObjectResource['attributes']['video_provider'])
          : null,
      embed_url: row.type === 'video' ? row.embed_url : null,
      settings,
      updated_at: row.updated_at,
    },
    relationships: {
      course: { data: identifier('courses', row.course_id) },
      ...outline.relationships,
      file: { data: identifier('files', row.type === 'file' ? row.file_id : null) },
    },
    meta: { abilities: extras.abilities },
  };
}
