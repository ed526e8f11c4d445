import { z } from 'zod';
import { resourceSchema, timestamp, toMany, toOne } from '../../http/jsonapi';

/** A student as their coach (or staff) follows them: the person row plus what needs attention. */
export const studentResource = resourceSchema('Student', 'students', {
  attributes: z.object({
    full_name: z.string(),
    avatar_url: z.string().nullable(),
    last_online: timestamp.nullable(),
    email_address: z.string().nullable(),
    phone_number: z.string().nullable(),
    mentee: z.boolean().describe('Whether the caller is this student’s primary coach.'),
    progress: z.number().int().describe('Average whole percent of progress over the enrolments.'),
    enrollments_count: z.number().int(),
    waiting_answers: z.number().int().describe('Handed-in answers waiting for review.'),
  }),
  relationships: z.object({
    enrollments: toMany('enrollments'),
    answers: toMany('answers'),
    follow_ups: toMany('follow_ups'),
    tickets: toMany('tickets').optional().describe('Only with include=tickets.'),
    results: toMany('learning_object_progress')
      .optional()
      .describe(
        'Only with include=results: the scored objects of their enrolments (quizzes, SCORM packages), with their learning object.',
      ),
  }),
});
export type StudentResource = z.infer<typeof studentResource>;

export const followUpResource = resourceSchema('FollowUp', 'follow_ups', {
  attributes: z.object({
    due_at: timestamp.describe('ISO 8601 date and time.'),
    kind: z.enum(['call', 'meeting', 'message']),
    note: z.string(),
    done_at: timestamp.nullable(),
    outcome: z.string().nullable(),
    reminded_at: timestamp.nullable(),
    overdue: z.boolean().describe('Due in the past and not done.'),
    created_at: timestamp,
  }),
  relationships: z.object({
    student: toOne('accounts'),
    coach: toOne('accounts'),
  }),
});
export type FollowUpResource = z.infer<typeof followUpResource>;

const studentRef = { student_id: z.string(), student_name: z.string() };
export const coachOverviewResource = resourceSchema('CoachOverview', 'coach_overviews', {
  attributes: z.object({
    students_count: z.number().int(),
    mentees_count: z.number().int(),
    inactive_days: z.number().int(),
    waiting_answers: z.array(
      z.object({
        answer_id: z.string(),
        ...studentRef,
        title: z.string(),
        submitted_at: timestamp.nullable(),
        age_days: z.number().int(),
      }),
    ),
    follow_ups_due: z.array(
      z.object({
        follow_up_id: z.string(),
        ...studentRef,
        kind: z.enum(['call', 'meeting', 'message']),
        note: z.string(),
        due_at: timestamp,
        overdue: z.boolean(),
      }),
    ),
    open_tickets: z
      .array(
        z.object({
          ticket_id: z.string(),
          ...studentRef,
          subject: z.string(),
          updated_at: timestamp,
          age_days: z.number().int(),
        }),
      )
      .describe(
        "Open tickets that wait for the coach's answer (flag review-tickets), longest waiting first.",
      ),
    inactive_students: z.array(z.object({ ...studentRef, last_online: timestamp.nullable() })),
    recent_completions: z.array(
      z.object({
        ...studentRef,
        course_id: z.string(),
        title: z.string(),
        completed_at: timestamp.nullable(),
      }),
    ),
    weekly: z.object({
      weeks: z.array(z.string()).describe('Monday (UTC) of each of the last 12 weeks.'),
      submissions: z.array(z.number().int()),
      reviews: z.array(z.number().int()),
    }),
    mentee_progress: z.object({ buckets: z.array(z.string()), counts: z.array(z.number().int()) }),
  }),
});
