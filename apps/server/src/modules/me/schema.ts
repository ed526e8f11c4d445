import { z } from 'zod';
import { resourceDocument, resourceSchema, toOne } from '../../http/jsonapi';
import { portalTheme } from '../portals/schema';

export const meResource = resourceSchema('Me', 'me', {
  attributes: z.object({
    roles: z.array(z.string()),
    available_business_models: z.array(z.string()),
    theme: portalTheme,
  }),
  relationships: z.object({
    account: toOne('accounts'),
    entity: toOne('entities'),
    portal: toOne('portals'),
    subscription: toOne('subscriptions'),
    contract: toOne('contracts'),
    primary_coach: toOne('primary_coaches'),
    profile: toOne('profiles'),
  }),
});

/** GET /api/v1/me, and the answer to signing in. */
export const meDocumentSchema = resourceDocument(meResource, {
  abilities: z.array(z.string()).describe('Every permission the account holds by role on this portal.'),
  features: z.array(z.string()),
  feature_flags: z.record(z.string(), z.boolean()),
  unread_notifications: z.number().int(),
  total_notifications: z.number().int(),
  acting: z
    .object({
      impersonation_id: z.string(),
      actor_id: z.string(),
      actor_name: z.string(),
      expires_at: z.string(),
    })
    .nullable()
    .describe('Set while a support user acts as this account: who acts, and until when.'),
});
