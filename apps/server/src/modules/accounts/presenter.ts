import type { AccountRow } from '../../db/schema';
import type { AccountImportRow, AccountNoteRow, SignInRow } from '../../db/schema-accounts';
import type {
  AccountImportResource,
  AccountNoteResource,
  AccountResource,
  EntityResource,
  ManagedAccountResource,
  SignInResource,
} from './schema';
import { identifier } from '../../http/jsonapi';

export type AccountSummary = Pick<
  AccountRow,
  'id' | 'full_name' | 'locale' | 'avatar_url' | 'last_online' | 'email' | 'phone_number' | 'entity_id'
>;

/** The attributes every account presents; contact details only when `showContact`. */
const accountAttributes = (account: AccountSummary, roles: string[], options: { showContact: boolean }) => ({
  full_name: account.full_name,
  locale: account.locale,
  roles,
  avatar_url: account.avatar_url,
  last_online: account.last_online,
  email_address: options.showContact ? account.email : null,
  phone_number: options.showContact ? account.phone_number : null,
});

/** Contact details are shown to the account itself and to staff only. */
export function presentAccount(
  account: AccountSummary,
  roles: string[],
  options: { showContact: boolean },
): AccountResource {
  return {
    type: 'accounts',
    id: String(account.id),
    attributes: accountAttributes(account, roles, options),
    relationships: { entity: { data: identifier('entities', account.entity_id) } },
  };
}

export function presentEntity(entity: { id: number; name: string }): EntityResource {
  return { type: 'entities', id: String(entity.id), attributes: { name: entity.name } };
}

export type ManagedAccountRow = AccountSummary &
  Pick<AccountRow, 'portal_id' | 'primary_coach_id' | 'deactivated_at' | 'created_at'> & {
    subscription_active: number | boolean | null;
  };

/** An account with its administration: whether it is active, since when, its coach and subscription. */
export function presentManagedAccount(
  account: ManagedAccountRow,
  roles: string[],
  options: { showContact: boolean; manage: boolean },
): ManagedAccountResource {
  return {
    type: 'accounts',
    id: String(account.id),
    attributes: {
      ...accountAttributes(account, roles, options),
      active: account.deactivated_at === null,
      deactivated_at: account.deactivated_at,
      created_at: account.created_at,
      subscription_active: Boolean(account.subscription_active),
    },
    relationships: {
      entity: { data: identifier('entities', account.entity_id) },
      primary_coach: { data: identifier('accounts', account.primary_coach_id) },
    },
    meta: { abilities: { manage: options.manage } },
  };
}

export function presentAccountNote(
  note: AccountNoteRow & { author_name: string | null },
): AccountNoteResource {
  return {
    type: 'account_notes',
    id: String(note.id),
    attributes: { body: note.body, author_name: note.author_name, created_at: note.created_at },
    relationships: {
      account: { data: identifier('accounts', note.account_id) },
      author: { data: identifier('accounts', note.author_id) },
    },
  };
}

export function presentSignIn(signIn: SignInRow): SignInResource {
  return {
    type: 'sign_ins',
    id: String(signIn.id),
    attributes: { ip: signIn.ip, user_agent: signIn.user_agent, created_at: signIn.created_at },
  };
}

export function presentAccountImport(row: AccountImportRow): AccountImportResource {
  return {
    type: 'account_imports',
    id: String(row.id),
    attributes: {
      file_name: row.file_name,
      mode: row.mode,
      mapping: JSON.parse(row.mapping) as Record<string, string>,
      status: row.status,
      total_rows: row.total_rows,
      rows_done: row.rows_done,
      created_count: row.created_count,
      updated_count: row.updated_count,
      errors: JSON.parse(row.report) as AccountImportResource['attributes']['errors'],
      created_at: row.created_at,
      finished_at: row.finished_at,
    },
  };
}
