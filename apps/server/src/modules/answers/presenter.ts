import type { AnswerInvitationState } from '@leerpad/core';
import type { AnswerRow } from '../../db/schema-learning';
import { identifier, identifiers } from '../../http/jsonapi';
import type { AnswerResource } from './schema';

export function presentAnswer(
  row: AnswerRow,
  memberIds: readonly number[],
  invitations: Array<{ account_id: number; state: AnswerInvitationState }>,
  abilities: { edit: boolean; submit: boolean; review: boolean; respond: boolean },
): AnswerResource {
  return {
    type: 'answers',
    id: String(row.id),
    attributes: {
      status: row.status as AnswerResource['attributes']['status'],
      text: row.text,
      grade: row.grade,
      feedback: row.feedback,
      submitted_at: row.submitted_at,
      reviewed_at: row.reviewed_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
      invitations: invitations.map((invitation) => ({
        account_id: String(invitation.account_id),
        state: invitation.state,
      })),
    },
    relationships: {
      learning_object: { data: identifier('learning_objects', row.learning_object_id) },
      course: { data: identifier('courses', row.course_id) },
      account: { data: identifier('accounts', row.account_id) },
      members: { data: identifiers('accounts', memberIds) },
      file: { data: identifier('files', row.file_id) },
      reviewer: { data: identifier('accounts', row.reviewer_id) },
    },
    meta: { abilities },
  };
}
