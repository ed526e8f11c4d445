import type { CoachMandateRow } from '../../db/schema-coaching';
import { includable, registerRelationships } from '../../http/includes';

/** A mandate with the courses it covers (none listed: every course). */
export type MandateWithCourses = CoachMandateRow & { course_ids: readonly number[] };

registerRelationships<MandateWithCourses>('coach_mandates', {
  coach: { type: 'accounts', ids: (row) => row.coach_id },
  courses: { type: 'courses', ids: (row) => row.course_ids },
});

// The relationships of approval requests are declared beside their presenter (enrollments).
export const REQUEST_INCLUDES = includable('approval_requests', ['student', 'course', 'decided_by']);
export const MANDATE_INCLUDES = includable('coach_mandates', ['coach', 'courses']);
