import type { LearningObjectRow } from '../../db/schema-learning';
import { includable, registerRelationships } from '../../http/includes';

registerRelationships<LearningObjectRow>('learning_objects', {
  file: { type: 'files', ids: (row) => (row.type === 'file' ? row.file_id : null) },
  // The signed-in account's own progress on the object, through their enrolment in its course.
  learning_object_progress: {
    type: 'learning_object_progress',
    query: async (rows, { services, portal, account }) =>
      account
        ? (
            await services.db
              .selectFrom('learning_object_progress')
              .innerJoin('enrollments', 'enrollments.id', 'learning_object_progress.enrollment_id')
              .select('learning_object_progress.id')
              .where('enrollments.portal_id', '=', portal.id)
              .where('enrollments.account_id', '=', account.id)
              .where(
                'learning_object_progress.learning_object_id',
                'in',
                rows.map((row) => row.id),
              )
              .execute()
          ).map((row) => row.id)
        : [],
  },
});

export const LEARNING_OBJECT_INCLUDES = includable('learning_objects', ['file', 'learning_object_progress']);
/** What a write answers with on request (the editor keeps the saved object with its file). */
export const LEARNING_OBJECT_WRITE_INCLUDES = includable('learning_objects', ['file']);
