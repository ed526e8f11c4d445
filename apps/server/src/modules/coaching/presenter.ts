import type { FollowUpRow } from '../../db/schema-coaching';
import { identifier, identifiers } from '../../http/jsonapi';
import type { FollowUpResource, StudentResource } from './schema';
import type { StudentFigures, StudentRow } from './service';

export function presentStudent(
  row: StudentRow,
  figures: StudentFigures | undefined,
  options: { coachId: number; answerIds?: number[]; followUpIds?: number[] },
): StudentResource {
  return {
    type: 'students',
    id: String(row.id),
    attributes: {
      full_name: row.full_name,
      avatar_url: row.avatar_url,
      last_online: row.last_online,
      email_address: row.email,
      phone_number: row.phone_number,
      mentee: row.primary_coach_id === options.coachId,
      progress: row.progress_percent,
      enrollments_count: figures?.enrollments.length ?? 0,
      waiting_answers: figures?.waiting ?? 0,
    },
    relationships: {
      enrollments: { data: identifiers('enrollments', figures?.enrollments ?? []) },
      answers: { data: identifiers('answers', options.answerIds ?? []) },
      follow_ups: { data: identifiers('follow_ups', options.followUpIds ?? []) },
    },
  };
}

export function presentFollowUp(row: FollowUpRow, now = new Date()): FollowUpResource {
  return {
    type: 'follow_ups',
    id: String(row.id),
    attributes: {
      due_at: row.due_at,
      kind: row.kind,
      note: row.note,
      done_at: row.done_at,
      outcome: row.outcome,
      reminded_at: row.reminded_at,
      overdue: row.done_at === null && new Date(row.due_at).getTime() < now.getTime(),
      created_at: row.created_at,
    },
    relationships: {
      student: { data: identifier('accounts', row.student_id) },
      coach: { data: identifier('accounts', row.coach_id) },
    },
  };
}
