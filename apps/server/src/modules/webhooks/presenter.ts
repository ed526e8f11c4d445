import { isWebhookEvent } from '@leerpad/core';
import type { WebhookDeliveryAttemptRow, WebhookDeliveryRow, WebhookRow } from '../../db/schema-settings';
import { deliveryBody, WEBHOOK_RETRY_LIMIT } from './delivery';
import type { WebhookDeliveryResource, WebhookResource } from './schema';

/** The signing secret is in the answer that makes it (creation, rotation) only; later a hint of it. */
export function presentWebhook(row: WebhookRow, options: { withSecret?: boolean } = {}): WebhookResource {
  return {
    type: 'webhooks',
    id: String(row.id),
    attributes: {
      url: row.url,
      events: row.events.split(',').filter(isWebhookEvent),
      active: Boolean(row.active),
      ...(options.withSecret ? { secret: row.secret } : {}),
      secret_hint: `${row.secret.slice(0, 6)}…${row.secret.slice(-4)}`,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

export function presentWebhookDelivery(
  row: WebhookDeliveryRow,
  attempts: WebhookDeliveryAttemptRow[],
): WebhookDeliveryResource {
  return {
    type: 'webhook_deliveries',
    id: String(row.id),
    attributes: {
      webhook_id: String(row.webhook_id),
      event: row.event,
      body: deliveryBody(row),
      status: row.status,
      attempts: row.attempts,
      will_retry: row.status === 'failed' && row.attempts <= WEBHOOK_RETRY_LIMIT,
      response_code: row.response_code,
      duration_ms: row.duration_ms,
      error: row.error,
      created_at: row.created_at,
      delivered_at: row.delivered_at,
      attempt_log: attempts
        .filter((attempt) => attempt.delivery_id === row.id)
        .map((attempt) => ({
          attempted_at: attempt.attempted_at,
          succeeded: Boolean(attempt.succeeded),
          response_code: attempt.response_code,
          duration_ms: attempt.duration_ms,
          error: attempt.error,
        })),
    },
  };
}
