import { COURSE_STATUSES } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp, toMany, toOne } from '../../http/jsonapi';

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
