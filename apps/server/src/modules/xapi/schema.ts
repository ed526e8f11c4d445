import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const xapiCredentialResource = resourceSchema('XapiCredential', 'xapi_credentials', {
  attributes: z.object({
    name: z.string(),
    key: z.string().describe('The Basic-auth user name for the LRS.'),
    scopes: z.array(z.string()).describe('The xAPI scopes the credential may use.'),
    endpoint: z.string().describe("The portal's LRS address."),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    creator_name: z.string().nullable(),
    secret: z
      .string()
      .optional()
      .describe('The Basic-auth password; only in the answer that creates the credential.'),
  }),
});
export type XapiCredentialResource = z.infer<typeof xapiCredentialResource>;

export const xapiSettingsResource = resourceSchema('XapiSettings', 'xapi_settings', {
  attributes: z.object({
    self_statements: z
      .boolean()
      .describe(
        "Whether Leerpad writes statements about its own learning (completions, quiz results, certificates) to the portal's LRS.",
      ),
  }),
});
export type XapiSettingsResource = z.infer<typeof xapiSettingsResource>;
