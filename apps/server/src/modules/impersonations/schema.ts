import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const impersonationResource = resourceSchema('Impersonation', 'impersonations', {
  attributes: z.object({
    reason: z.string(),
    actor_name: z.string().nullable().describe('The support user who acted.'),
    account_name: z.string().nullable().describe('The account acted as.'),
    started_at: timestamp,
    expires_at: timestamp,
    ended_at: timestamp.nullable().describe('When the act ended: stopped, or its hour ran out.'),
    active: z.boolean(),
  }),
  relationships: z.object({
    actor: toOne('accounts'),
    account: toOne('accounts'),
  }),
});
export type ImpersonationResource = z.infer<typeof impersonationResource>;
