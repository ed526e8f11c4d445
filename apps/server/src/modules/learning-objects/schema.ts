import { LEARNING_OBJECT_TYPES } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

/**
 * In a course outline a learning object carries its outline attributes and section only; read on
 * its own (GET /api/v1/learning_objects/{id}) it adds its content, course, file and abilities.
 */
export const learningObjectResource = resourceSchema('LearningObject', 'learning_objects', {
  attributes: z.object({
    type: z.enum(LEARNING_OBJECT_TYPES),
    title: z.string(),
    position: z.number().int(),
    required: z.boolean(),
    estimated_minutes: z.number().int().nullable(),
    body: z.string().optional().describe('Sanitised HTML. Not in an outline.'),
    video_url: z.string().nullable().optional(),
    video_provider: z.enum(['youtube', 'vimeo', 'file']).nullable().optional(),
    embed_url: z.string().nullable().optional(),
    settings: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'quiz: {pass_mark, attempts_limit, questions_per_attempt, question_count}; assignment: {answer_type, group_submission}; {} otherwise.',
      ),
    updated_at: timestamp.optional(),
  }),
  relationships: z.object({
    course: toOne('courses').optional(),
    course_section: toOne('course_sections'),
    file: toOne('files').optional(),
  }),
  meta: z
    .object({ abilities: z.record(z.string(), z.boolean()).describe('update, complete, report_issue.') })
    .optional(),
});
export type LearningObjectResource = z.infer<typeof learningObjectResource>;
