import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const auditEventResource = resourceSchema('AuditEvent', 'audit_events', {
  attributes: z.object({
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    actor_name: z.string().nullable().describe('Empty for the system (jobs, the seed).'),
    acting_for_name: z.string().nullable(),
    created_at: timestamp,
  }),
  relationships: z.object({ actor: toOne('accounts'), acting_for: toOne('accounts') }),
});
export type AuditEventResource = z.infer<typeof auditEventResource>;
