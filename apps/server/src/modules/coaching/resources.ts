import { includable, registerLoader, registerRelationships } from '../../http/includes';
import { presentFollowUp } from './presenter';
import type { FollowUpResource, StudentResource } from './schema';

registerLoader('follow_ups', async (db, scope, ids) => {
  const now = new Date();
  return (
    await db
      .selectFrom('follow_ups')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map((row) => presentFollowUp(row, now));
});

const idsOf = (data: ReadonlyArray<{ id: string }>) => data.map((item) => item.id);

// A student is presented with the ids of what the coach may see (their enrolments, handed-in answers
// and, for those who plan them, follow-ups); an include loads exactly those.
registerRelationships<StudentResource>('students', {
  enrollments: {
    type: 'enrollments',
    ids: (student) => idsOf(student.relationships.enrollments.data),
    with: ['course'],
  },
  answers: {
    type: 'answers',
    ids: (student) => idsOf(student.relationships.answers.data),
    with: ['learning_object'],
  },
  follow_ups: { type: 'follow_ups', ids: (student) => idsOf(student.relationships.follow_ups.data) },
  // The scores a coach follows, whatever kind of object gave them: a quiz's best percent, a SCORM
  // package's mean SCO score.
  results: {
    type: 'learning_object_progress',
    query: async (students, { services, portal }) => {
      const enrollmentIds = students.flatMap((student) =>
        student.relationships.enrollments.data.map((enrollment) => Number(enrollment.id)),
      );
      if (enrollmentIds.length === 0) return [];
      const rows = await services.db
        .selectFrom('learning_object_progress')
        .select('id')
        .where('portal_id', '=', portal.id)
        .where('enrollment_id', 'in', enrollmentIds)
        .where('score', 'is not', null)
        .orderBy('enrollment_id')
        .orderBy('learning_object_id')
        .execute();
      return rows.map((row) => row.id);
    },
    with: ['learning_object'],
  },
});

// `tickets` is declared by the tickets module (tickets/resources.ts): the ones the viewer may see.
export const STUDENT_INCLUDES = includable('students', [
  'enrollments',
  'answers',
  'follow_ups',
  'tickets',
  'results',
]);

// The people of a follow-up are accounts (decision 050), presented by the accounts loader.
registerRelationships<FollowUpResource>('follow_ups', {
  student: { type: 'accounts', ids: (followUp) => followUp.relationships.student.data?.id },
  coach: { type: 'accounts', ids: (followUp) => followUp.relationships.coach.data?.id },
});

export const FOLLOW_UP_INCLUDES = includable('follow_ups', ['student', 'coach']);
