import { z } from 'zod';
import { resourceSchema, timestamp, toMany, toOne } from '../../http/jsonapi';

export {
  APPROVAL_KINDS,
  APPROVAL_STATES,
  DECISIONS,
  approvalRequestResource,
  type ApprovalRequestResource,
  type ApprovalState,
} from '../enrollments/approval-requests';

export const coachMandateResource = resourceSchema('CoachMandate', 'coach_mandates', {
  attributes: z.object({
    all_courses: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
    revoked_at: timestamp.nullable(),
  }),
  relationships: z.object({
    coach: toOne('accounts'),
    courses: toMany('courses').describe('The named courses; empty when the mandate covers all courses.'),
    granted_by: toOne('accounts'),
  }),
});
export type CoachMandateResource = z.infer<typeof coachMandateResource>;
