import type { Generated, Selectable } from 'kysely';

/**
 * Table shapes of the portal settings (migration 20261125140000_integrations and later). Same
 * conventions as schema.ts: booleans are 0/1 integers, timestamps ISO-8601 text, lists as text.
 */
export interface ApiTokensTable {
  id: Generated<number>;
  portal_id: number;
  /** The creator: a request with the token acts as this account. */
  account_id: number;
  name: string;
  /** Comma-separated permission names. */
  scopes: string;
  /** SHA-256 of the secret; the secret itself is shown once and never stored. */
  token_hash: string;
  /** The first characters of the secret, to tell tokens apart. */
  token_hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface WebhooksTable {
  id: Generated<number>;
  portal_id: number;
  url: string;
  /** Comma-separated event names. */
  events: string;
  secret: string;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  portal_id: number;
  webhook_id: number;
  event: string;
  /** The JSON body sent. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  /** When the outbox handed the delivery to the job queue; null until then. */
  queued_at: string | null;
  delivered_at: string | null;
}

export interface WebhookDeliveryAttemptsTable {
  id: Generated<number>;
  portal_id: number;
  delivery_id: number;
  succeeded: number;
  response_code: number | null;
  duration_ms: number;
  error: string | null;
  attempted_at: string;
}

export interface SettingsTables {
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookDeliveryAttemptRow = Selectable<WebhookDeliveryAttemptsTable>;
