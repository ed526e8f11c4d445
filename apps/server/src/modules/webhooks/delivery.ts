import { createHmac } from 'node:crypto';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@leerpad/core';
import { nowIso, toFlag } from '../../db/dialect';
import type { Services } from '../../context/services';

/** How long a receiver may take to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Retries after the first attempt; the wait doubles from `config.webhookRetrySeconds`. */
export const WEBHOOK_RETRY_LIMIT = 5;

/** `sha256=<hex HMAC-SHA256 of the raw body, keyed with the webhook's secret>`. */
export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** What a receiver gets: the delivery id, the event, when it happened, and the event's data. */
export function deliveryBody(delivery: { id: number; event: string; payload: string; created_at: string }) {
  return JSON.stringify({
    id: String(delivery.id),
    event: delivery.event,
    created_at: delivery.created_at,
    data: JSON.parse(delivery.payload) as unknown,
  });
}

/**
 * One attempt at a delivery: POST the body, signed, and log the outcome. A failed attempt throws,
 * so the job queue retries it with backoff. A delivered one, or one whose webhook is gone, is done.
 */
export async function attemptDelivery(services: Services, deliveryId: number): Promise<void> {
  const db = services.db;
  const delivery = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .selectAll('webhook_deliveries')
    .select(['webhooks.url', 'webhooks.secret'])
    .where('webhook_deliveries.id', '=', deliveryId)
    .executeTakeFirst();
  if (!delivery || delivery.status === 'delivered') return;

  const body = deliveryBody(delivery);
  const started = performance.now();
  let responseCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Leerpad-Webhooks/1',
        'x-leerpad-event': delivery.event,
        'x-leerpad-delivery': String(delivery.id),
        [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
        [WEBHOOK_SIGNATURE_HEADER]: signatureOf(delivery.secret, body),
      },
      body,
    });
    responseCode = response.status;
    await response.body?.cancel();
    if (!response.ok) error = `The receiver answered ${response.status}.`;
  } catch (failure) {
    error = failure instanceof Error ? failure.message.slice(0, 500) : 'The request failed.';
  }
  const durationMs = Math.round(performance.now() - started);
  const succeeded = error === null;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        portal_id: delivery.portal_id,
        delivery_id: delivery.id,
        succeeded: toFlag(succeeded),
        response_code: responseCode,
        duration_ms: durationMs,
        error,
        attempted_at: now,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: succeeded ? 'delivered' : 'failed',
        attempts: eb('attempts', '+', 1),
        response_code: responseCode,
        duration_ms: durationMs,
        error,
        ...(succeeded ? { delivered_at: now } : {}),
      }))
      .where('id', '=', delivery.id)
      .execute();
  });
  if (!succeeded) throw new Error(`Webhook delivery ${delivery.id}: ${error}`);
}
