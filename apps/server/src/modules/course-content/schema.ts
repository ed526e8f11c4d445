import { COURSE_STATUSES, LEARNING_OBJECT_TYPES } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp, toMany, toOne } from '../../http/jsonapi';

/** The resource types this module's presenters produce; courses and learning-objects re-export them. */
export const courseResource = resourceSchema('Course', 'courses', {
  attributes: z.object({
    title: z.string(),
    summary: z.string().describe('Plain text.'),
    description: z.string().describe('Sanitised HTML.'),
    cover_image_url: z.string().nullable(),
    language: z.string(),
    status: z.enum(COURSE_STATUSES),
    estimated_minutes: z.number().int().nullable(),
    learning_objects_count: z.number().int().optional(),
    requires_approval: z.boolean().describe("Enrolling needs a coach's approval (an approval request)."),
    requires_signoff: z
      .boolean()
      .describe(
        "Completing needs a coach's sign-off (an approval request once every required object is done).",
      ),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({
    catalog_category: toOne('catalog_categories'),
    content_labels: toMany('content_labels'),
    enrollment: toOne('enrollments').describe("The signed-in account's enrolment, or null."),
    cover_file: toOne('files'),
    course_sections: toMany('course_sections').optional().describe('Only when included.'),
  }),
  meta: z.object({
    abilities: z
      .record(z.string(), z.boolean())
      .describe('update, delete, enroll, read_content: what the signed-in account may do.'),
  }),
});
export type CourseResource = z.infer<typeof courseResource>;

export const courseSectionResource = resourceSchema('CourseSection', 'course_sections', {
  attributes: z.object({ title: z.string(), position: z.number().int(), updated_at: timestamp }),
  relationships: z.object({
    course: toOne('courses'),
    learning_objects: toMany('learning_objects').describe('In outline order.'),
  }),
});
export type CourseSectionResource = z.infer<typeof courseSectionResource>;

/**
 * In a course outline a learning object carries its outline attributes and section only; read on
 * its own (GET /api/v1/learning_objects/{id}) it adds its content, course, file and abilities.
 */
export const learningObjectResource = resourceSchema('LearningObject', 'learning_objects', {
  attributes: z.object({
    kind: z.enum(LEARNING_OBJECT_TYPES),
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
        'quiz: {pass_mark, attempts_limit, questions_per_attempt, time_limit_minutes (null: none), question_count}; assignment: {answer_type, group_submission}; {} otherwise.',
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
