/** Integrations (decision 022): the events a webhook can subscribe to, and the signature header. */
export const WEBHOOK_EVENTS = [
  'enrollment.created',
  'course.completed',
  'account.created',
  'ticket.created',
  'order.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (name: unknown): name is WebhookEvent =>
  typeof name === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(name);

export const WEBHOOK_SIGNATURE_HEADER = 'x-leerpad-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-leerpad-timestamp';
