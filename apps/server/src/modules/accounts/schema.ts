import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

const accountAttributes = z.object({
  full_name: z.string(),
  locale: z.string().nullable(),
  roles: z.array(z.string()),
  avatar_url: z.string().nullable(),
  last_online: timestamp.nullable(),
  email_address: z.string().nullable().describe('Shown to the account itself and to staff only.'),
  phone_number: z.string().nullable().describe('Shown to the account itself and to staff only.'),
});

export const accountResource = resourceSchema('Account', 'accounts', {
  attributes: accountAttributes,
  relationships: z.object({ entity: toOne('entities') }),
});
export type AccountResource = z.infer<typeof accountResource>;

/** An account as a group member picker shows it: the name only. */
export const accountNameResource = resourceSchema('AccountName', 'accounts', {
  attributes: accountAttributes.pick({ full_name: true }),
});
export type AccountNameResource = z.infer<typeof accountNameResource>;

export const entityResource = resourceSchema('Entity', 'entities', {
  attributes: z.object({ name: z.string() }),
});
export type EntityResource = z.infer<typeof entityResource>;
