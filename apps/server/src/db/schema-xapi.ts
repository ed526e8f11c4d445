import type { Generated, Selectable } from 'kysely';

/**
 * Table shapes of the Learning Record Store (migration 20261202600000_xapi, decision 063). Same
 * conventions as schema.ts: booleans are 0/1 integers, timestamps ISO-8601 text.
 */
export interface XapiCredentialsTable {
  id: Generated<number>;
  portal_id: number;
  /** The admin who made it; null once that account is gone. */
  account_id: number | null;
  name: string;
  /** The Basic-auth user name; public, unique over all portals. */
  key: string;
  /** SHA-256 of the secret; the secret itself is shown once and never stored. */
  secret_hash: string;
  /** Comma-separated xAPI scopes (`statements/write`, `statements/read/mine`, `state`, …). */
  scopes: string;
  /** The xAPI version ('1.0' or '2.0') the credential last spoke. */
  xapi_version: Generated<string>;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** A launch's credential (cmi5, decision 068): it speaks for this agent only; null for an admin's. */
  actor_key: string | null;
  /** When a launch's credential stops working; null for an admin's. */
  expires_at: string | null;
}

export interface XapiStatementsTable {
  seq: Generated<number>;
  portal_id: number;
  id: string;
  stored: string;
  timestamp: string;
  verb_id: string;
  activity_id: string | null;
  registration: string | null;
  actor_key: string | null;
  credential_id: number | null;
  voided: Generated<number>;
  target_id: string | null;
  /** The whole statement as stored: an object read from jsonb on PostgreSQL, JSON text on SQLite. */
  statement: string | object;
  /** Comma-separated SHA-2 hashes of the statement's attachments. */
  attachment_hashes: string | null;
}

export interface XapiStatementMentionsTable {
  portal_id: number;
  seq: number;
  kind: 'agent' | 'activity';
  key: string;
  direct: number;
}

export interface XapiAttachmentsTable {
  portal_id: number;
  sha2: string;
  content_type: string;
  content: Uint8Array;
}

export interface XapiActivitiesTable {
  portal_id: number;
  activity_id: string;
  definition: string;
}

export interface XapiDocumentsTable {
  id: Generated<number>;
  portal_id: number;
  kind: 'state' | 'activity_profile' | 'agent_profile';
  subject: string;
  agent_key: string;
  registration: string;
  document_id: string;
  content_type: string;
  content: Uint8Array;
  etag: string;
  updated_at: string;
}

/** Per portal: whether Leerpad writes statements about its own learning (decision 069). */
export interface XapiSettingsTable {
  portal_id: number;
  self_statements: Generated<number>;
  updated_at: string;
}

/** A learning event waiting to become a statement in the portal's LRS (decision 069). */
export interface XapiSelfStatementsTable {
  id: Generated<number>;
  portal_id: number;
  statement_id: string;
  verb: 'completed' | 'passed' | 'failed' | 'earned';
  account_id: number;
  object_kind: 'course' | 'learning_object' | 'certification';
  object_id: number;
  /** The statement's result as JSON (a quiz's score), or null. */
  result: string | null;
  occurred_at: string;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface XapiTables {
  xapi_credentials: XapiCredentialsTable;
  xapi_statements: XapiStatementsTable;
  xapi_statement_mentions: XapiStatementMentionsTable;
  xapi_attachments: XapiAttachmentsTable;
  xapi_activities: XapiActivitiesTable;
  xapi_documents: XapiDocumentsTable;
  xapi_settings: XapiSettingsTable;
  xapi_self_statements: XapiSelfStatementsTable;
}

export type XapiCredentialRow = Selectable<XapiCredentialsTable>;
export type XapiDocumentRow = Selectable<XapiDocumentsTable>;
