import type { ApprovalRequestRow } from '../../db/schema-coaching';
import type { EnrollmentRow } from '../../db/schema-learning';
import { includable, registerLoader, registerRelationships } from '../../http/includes';
import { presentEnrollment, presentProgress } from './presenter';

// The progress counts are stored on the enrolment row itself (decision 039).
registerLoader('enrollments', async (db, scope, ids) =>
  (
    await db
      .selectFrom('enrollments')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map((row) =>
    presentEnrollment(row, {
      required: row.progress_required,
      completed: row.progress_completed,
      percent: row.progress_percent,
    }),
  ),
);

registerLoader('learning_object_progress', async (db, scope, ids) =>
  (
    await db
      .selectFrom('learning_object_progress')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .orderBy('learning_object_id')
      .execute()
  ).map(presentProgress),
);

// An approval request lives in this module (below approvals, which lists and decides them).
registerRelationships<ApprovalRequestRow>('approval_requests', {
  student: { type: 'accounts', ids: (row) => row.student_id },
  course: { type: 'courses', ids: (row) => row.course_id },
  decided_by: { type: 'accounts', ids: (row) => row.decided_by },
});

registerRelationships<EnrollmentRow>('enrollments', {
  course: { type: 'courses', ids: (row) => row.course_id },
  last_learning_object: { type: 'learning_objects', ids: (row) => row.last_learning_object_id },
  account: { type: 'accounts', ids: (row) => row.account_id },
  learning_object_progress: {
    type: 'learning_object_progress',
    query: async (rows, { services, portal }) =>
      (
        await services.db
          .selectFrom('learning_object_progress')
          .select('id')
          .where('portal_id', '=', portal.id)
          .where(
            'enrollment_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('enrollment_id')
          .orderBy('learning_object_id')
          .execute()
      ).map((row) => row.id),
  },
});

export const ENROLLMENT_INCLUDES = includable('enrollments', [
  'course',
  'last_learning_object',
  'account',
  'learning_object_progress',
]);
/** A list of enrolments does not include every enrolment's progress. */
export const ENROLLMENT_LIST_INCLUDES = includable('enrollments', [
  'course',
  'last_learning_object',
  'account',
]);
