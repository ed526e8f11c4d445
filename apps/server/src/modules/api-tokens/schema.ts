import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const apiTokenResource = resourceSchema('ApiToken', 'api_tokens', {
  attributes: z.object({
    name: z.string(),
    scopes: z.array(z.string()).describe('The permissions the token may use.'),
    token_hint: z.string().describe('The first characters of the secret.'),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    creator_name: z.string(),
    secret: z
      .string()
      .optional()
      .describe(
        'The secret to send as `Authorization: Bearer …`; only in the answer that creates the token.',
      ),
  }),
});
export type ApiTokenResource = z.infer<typeof apiTokenResource>;
