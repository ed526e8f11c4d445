import type { LearningObjectRow } from '../../db/schema-learning';
import { identifier } from '../../http/jsonapi';
import type { LearningObjectResource } from './schema';
import { presentOutlineObject } from '../course-content/presenter';
import { presentSettings } from '../course-content/learning-object-settings';

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
