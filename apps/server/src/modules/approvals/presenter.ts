import type { CoachMandateRow } from '../../db/schema-coaching';
import { identifier, identifiers } from '../../http/jsonapi';
import type { CoachMandateResource } from './schema';

export { presentApprovalRequest } from '../enrollments/approval-requests';

export function presentCoachMandate(row: CoachMandateRow, courseIds: number[]): CoachMandateResource {
  return {
    type: 'coach_mandates',
    id: String(row.id),
    attributes: {
      all_courses: Boolean(row.all_courses),
      created_at: row.created_at,
      updated_at: row.updated_at,
      revoked_at: row.revoked_at,
    },
    relationships: {
      coach: { data: identifier('accounts', row.coach_id) },
      courses: { data: identifiers('courses', row.all_courses ? [] : courseIds) },
      granted_by: { data: identifier('accounts', row.granted_by) },
    },
  };
}
