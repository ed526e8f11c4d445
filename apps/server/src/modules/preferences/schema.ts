import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const accountPreferenceResource = resourceSchema('AccountPreference', 'account_preferences', {
  attributes: z.object({
    property: z.string(),
    payload: z.string().describe('Stored as sent.'),
    updated_at: timestamp,
  }),
});
export type AccountPreferenceResource = z.infer<typeof accountPreferenceResource>;
