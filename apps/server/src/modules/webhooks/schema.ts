import { WEBHOOK_EVENTS } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const webhookResource = resourceSchema('Webhook', 'webhooks', {
  attributes: z.object({
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    active: z.boolean(),
    secret: z
      .string()
      .optional()
      .describe('Keys the X-Leerpad-Signature HMAC of every delivery; only in the answer that makes it.'),
    secret_hint: z.string().describe('The first and last characters of the secret, to tell secrets apart.'),
    created_at: timestamp,
    updated_at: timestamp,
  }),
});
export type WebhookResource = z.infer<typeof webhookResource>;

const attempt = z.object({
  attempted_at: timestamp,
  succeeded: z.boolean(),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliveryResource = resourceSchema('WebhookDelivery', 'webhook_deliveries', {
  attributes: z.object({
    webhook_id: z.string(),
    event: z.string(),
    body: z.string().describe('The JSON body as sent (and signed).'),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    will_retry: z
      .boolean()
      .describe('A failed delivery that the background job will try again (with a growing wait).'),
    response_code: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: timestamp,
    delivered_at: timestamp.nullable(),
    attempt_log: z.array(attempt),
  }),
});
export type WebhookDeliveryResource = z.infer<typeof webhookDeliveryResource>;
