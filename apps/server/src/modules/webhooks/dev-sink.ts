import { timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SIGNATURE_HEADER } from '@leerpad/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../context/services';
import { signatureOf } from './delivery';

/** Where the demo's webhook points: the app receives its own deliveries (demo mode only). */
const SINK_ROUTE = '/dev/webhook-sink';
export const DEV_WEBHOOK_SINK_PATH = `/api${SINK_ROUTE}`;
const KEPT = 50;

interface Received {
  received_at: string;
  event: string | null;
  delivery: string | null;
  signature_valid: boolean;
  body: unknown;
}

/**
 * The demo's receiver: takes a delivery, checks its signature against the webhook's secret, and
 * keeps the last few in memory for `GET` to show. Deliveries carry no X-Requested-With header, so
 * the cross-site guard lets this one address through (it changes nothing).
 */
export function registerWebhookSink(app: FastifyInstance, services: Services): void {
  const received: Received[] = [];
  app.post(SINK_ROUTE, async (request, reply) => {
    const raw = JSON.stringify(request.body ?? null);
    const deliveryId = Number(request.headers['x-leerpad-delivery']);
    const webhook = Number.isSafeInteger(deliveryId)
      ? await services.db
          .selectFrom('webhook_deliveries')
          .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
          .select('webhooks.secret')
          .where('webhook_deliveries.id', '=', deliveryId)
          .executeTakeFirst()
      : undefined;
    const sent = String(request.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
    const expected = webhook ? signatureOf(webhook.secret, raw) : '';
    const valid =
      sent.length === expected.length &&
      sent.length > 0 &&
      timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
    received.unshift({
      received_at: new Date().toISOString(),
      event:
        typeof request.headers['x-leerpad-event'] === 'string' ? request.headers['x-leerpad-event'] : null,
      delivery: Number.isSafeInteger(deliveryId) ? String(deliveryId) : null,
      signature_valid: valid,
      body: request.body ?? null,
    });
    received.length = Math.min(received.length, KEPT);
    return reply.status(valid ? 200 : 400).send({ meta: { signature_valid: valid } });
  });
  app.get(SINK_ROUTE, async () => ({ meta: { received } }));
}
