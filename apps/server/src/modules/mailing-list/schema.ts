import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const mailingListSettingsResource = resourceSchema('MailingListSettings', 'mailing_list_settings', {
  attributes: z.object({
    opt_in_text: z.string().describe('What people agree to when they join the mailing list.'),
    default_consent: z.boolean().describe('Whether an account that never chose is on the list.'),
    consenting_accounts: z.number().int().describe('How many active accounts are on the list now.'),
    updated_at: timestamp.nullable(),
  }),
});
export type MailingListSettingsResource = z.infer<typeof mailingListSettingsResource>;
