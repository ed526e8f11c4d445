import type { Generated, Selectable } from 'kysely';

/** Staff notes on an account. */
export interface AccountNotesTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  /** Null once the author's account is gone. */
  author_id: number | null;
  body: string;
  created_at: string;
}

/** One successful sign-in: when and from where. */
export interface SignInsTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export type AccountImportMode = 'create' | 'update' | 'upsert';
/** `inviting`: the accounts are in, their invitations are being handed to the mailer. */
export type AccountImportStatus = 'queued' | 'validating' | 'importing' | 'inviting' | 'failed' | 'completed';

/** A CSV import of accounts: the file, how its columns map, and its progress and report. */
export interface AccountImportsTable {
  id: Generated<number>;
  portal_id: number;
  created_by: number | null;
  file_name: string;
  mode: AccountImportMode;
  /** JSON: account field → column header. */
  mapping: string;
  /** The file as UTF-8 text; emptied once the import has finished. */
  content: string;
  status: AccountImportStatus;
  total_rows: number;
  rows_done: number;
  created_count: number;
  updated_count: number;
  /** JSON: the bad lines, `[{line, column, reason}]`. */
  report: string;
  created_at: string;
  finished_at: string | null;
}

export interface AccountTables {
  account_notes: AccountNotesTable;
  sign_ins: SignInsTable;
  account_imports: AccountImportsTable;
}

export type AccountNoteRow = Selectable<AccountNotesTable>;
export type SignInRow = Selectable<SignInsTable>;
export type AccountImportRow = Selectable<AccountImportsTable>;
