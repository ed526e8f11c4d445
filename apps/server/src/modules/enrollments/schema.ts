import { ENROLLMENT_STATUSES } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const enrollmentResource = resourceSchema('Enrollment', 'enrollments', {
  attributes: z.object({
    status: z.enum(ENROLLMENT_STATUSES),
    progress: z.number().int().describe('Whole percent of required objects completed, rounded down.'),
    required_count: z.number().int(),
    completed_count: z.number().int(),
    enrolled_at: timestamp,
    last_activity_at: timestamp,
    completed_at: timestamp.nullable(),
  }),
  relationships: z.object({
    course: toOne('courses'),
    account: toOne('accounts'),
    last_learning_object: toOne('learning_objects'),
  }),
});
export type EnrollmentResource = z.infer<typeof enrollmentResource>;

export const learningObjectProgressResource = resourceSchema(
  'LearningObjectProgress',
  'learning_object_progress',
  {
    attributes: z.object({
      status: z.enum(['in_progress', 'completed']),
      completed: z.boolean(),
      last_position: z.number().int().nullable(),
      score: z.number().nullable(),
      attempts_count: z.number().int(),
      completed_at: timestamp.nullable(),
      updated_at: timestamp,
    }),
    relationships: z.object({
      learning_object: toOne('learning_objects'),
      enrollment: toOne('enrollments'),
    }),
  },
);
export type LearningObjectProgressResource = z.infer<typeof learningObjectProgressResource>;
