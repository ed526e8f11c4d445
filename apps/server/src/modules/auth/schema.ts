import { z } from 'zod';

/** GET /api/ping: the session heartbeat. */
export const pingSchema = z.object({
  authenticated: z.boolean(),
  account_id: z.string().nullable(),
  portal_id: z.string(),
  database: z.enum(['ok', 'unavailable']),
  redirect: z.string().optional(),
});
