import type { EnrollmentRow, LearningObjectProgressRow } from '../../db/schema-learning';
import { identifier } from '../../http/jsonapi';
import type { AccountNameResource } from '../accounts/schema';
import type { EnrollmentResource, LearningObjectProgressResource } from './schema';
import type { ProgressCounts } from './service';

export function presentEnrollment(
  row: EnrollmentRow,
  counts: ProgressCounts | undefined,
): EnrollmentResource {
  return {
    type: 'enrollments',
    id: String(row.id),
    attributes: {
      status: row.status as EnrollmentResource['attributes']['status'],
      progress: counts?.percent ?? 0,
      required_count: counts?.required ?? 0,
      completed_count: counts?.completed ?? 0,
      enrolled_at: row.enrolled_at,
      last_activity_at: row.last_activity_at,
      completed_at: row.completed_at,
    },
    relationships: {
      course: { data: identifier('courses', row.course_id) },
      account: { data: identifier('accounts', row.account_id) },
      last_learning_object: { data: identifier('learning_objects', row.last_learning_object_id) },
    },
  };
}

export function presentProgress(row: LearningObjectProgressRow): LearningObjectProgressResource {
  return {
    type: 'learning_object_progress',
    id: String(row.id),
    attributes: {
      status: row.status as LearningObjectProgressResource['attributes']['status'],
      completed: row.status === 'completed',
      last_position: row.last_position,
      score: row.score,
      attempts_count: row.attempts_count,
      completed_at: row.completed_at,
      updated_at: row.updated_at,
    },
    relationships: {
      learning_object: { data: identifier('learning_objects', row.learning_object_id) },
      enrollment: { data: identifier('enrollments', row.enrollment_id) },
    },
  };
}

/** A classmate, as a group member picker needs one: the name and nothing else. */
export function presentClassmate(row: { id: number; full_name: string }): AccountNameResource {
  return { type: 'accounts', id: String(row.id), attributes: { full_name: row.full_name } };
}
