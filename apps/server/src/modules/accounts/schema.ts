import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp, toOne } from '../../http/jsonapi';

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

/** An account as its own page and the accounts administration show it. */
export const managedAccountResource = resourceSchema('ManagedAccount', 'accounts', {
  attributes: accountAttributes.extend({
    active: z.boolean().describe('False once deactivated: the account cannot sign in.'),
    deactivated_at: timestamp.nullable(),
    created_at: timestamp,
    subscription_active: z.boolean(),
  }),
  relationships: z.object({ entity: toOne('entities'), primary_coach: toOne('accounts') }),
  meta: abilitiesMeta(['manage']),
});
export type ManagedAccountResource = z.infer<typeof managedAccountResource>;

export const accountNoteResource = resourceSchema('AccountNote', 'account_notes', {
  attributes: z.object({
    body: z.string(),
    author_name: z.string().nullable(),
    created_at: timestamp,
  }),
  relationships: z.object({ account: toOne('accounts'), author: toOne('accounts') }),
});
export type AccountNoteResource = z.infer<typeof accountNoteResource>;

export const signInResource = resourceSchema('SignIn', 'sign_ins', {
  attributes: z.object({
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    created_at: timestamp,
  }),
});
export type SignInResource = z.infer<typeof signInResource>;

export const accountImportResource = resourceSchema('AccountImport', 'account_imports', {
  attributes: z.object({
    file_name: z.string(),
    mode: z.enum(['create', 'update', 'upsert']),
    mapping: z.record(z.string(), z.string()),
    status: z.enum(['queued', 'validating', 'importing', 'inviting', 'failed', 'completed']),
    total_rows: z.number().int(),
    rows_done: z.number().int(),
    created_count: z.number().int(),
    updated_count: z.number().int(),
    errors: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), reason: z.string() })),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
  }),
});
export type AccountImportResource = z.infer<typeof accountImportResource>;

/** An account as a group member picker shows it: the name only. */
export const accountNameResource = resourceSchema('AccountName', 'accounts', {
  attributes: accountAttributes.pick({ full_name: true }),
});
export type AccountNameResource = z.infer<typeof accountNameResource>;

export const entityResource = resourceSchema('Entity', 'entities', {
  attributes: z.object({ name: z.string() }),
});
export type EntityResource = z.infer<typeof entityResource>;
