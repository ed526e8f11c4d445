import { WEBHOOK_EVENTS } from '@leerpad/core';
import { z } from 'zod';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { relayWebhookOutbox } from './outbox';
import { presentWebhook, presentWebhookDelivery } from './presenter';
import { webhookDeliveryResource, webhookResource } from './schema';
import {
  createWebhook,
  deleteWebhook,
  deliveriesOf,
  findWebhook,
  listWebhooks,
  redeliver,
  updateWebhook,
} from './service';

/** Receivers are reached over http or https only (no file:, ftp:, javascript: …). */
const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Use an http:// or https:// address.');
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length);

export const webhookRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/webhooks',
    summary: "The portal's webhooks: address, events, a hint of the secret",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: listDocument(webhookResource),
    async handler({ services, portal }) {
      const rows = await listWebhooks(services.db, portal.id);
      return buildDocument(
        rows.map((row) => presentWebhook(row)),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/webhooks',
    summary: 'Add a webhook: an http(s) address and the events it receives; a signing secret is made',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(webhookResource),
    status: 201,
    resourceType: 'webhooks',
    body: z.object({ url: webhookUrl, events, active: z.boolean().default(true) }),
    async handler({ request, services, portal, account, body }) {
      const row = await createWebhook(services.db, portal.id, body, {
        accountId: account.id,
        ip: request.ip,
      });
      return buildDocument(presentWebhook(row, { withSecret: true }));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/webhooks/:webhook',
    summary: 'Change a webhook: address, events, on/off, or a new secret',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(webhookResource),
    params: z.object({ webhook: idParam }),
    resourceType: 'webhooks',
    body: z.object({
      url: webhookUrl.optional(),
      events: events.optional(),
      active: z.boolean().optional(),
      rotate_secret: z.boolean().optional(),
    }),
    async handler({ request, services, portal, account, params, body }) {
      await findWebhook(services.db, portal.id, params.webhook);
      const row = await updateWebhook(services.db, portal.id, params.webhook, body, {
        accountId: account.id,
        ip: request.ip,
      });
      return buildDocument(presentWebhook(row, { withSecret: body.rotate_secret === true }));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/webhooks/:webhook',
    summary: 'Remove a webhook and its delivery log',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: deletedDocument,
    params: z.object({ webhook: idParam }),
    async handler({ request, services, portal, account, params }) {
      await findWebhook(services.db, portal.id, params.webhook);
      await deleteWebhook(services.db, portal.id, params.webhook, { accountId: account.id, ip: request.ip });
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/webhooks/:webhook/deliveries',
    summary:
      "A webhook's deliveries, newest first, each with every attempt (status, response code, duration)",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: listDocument(webhookDeliveryResource),
    params: z.object({ webhook: idParam }),
    query: z.object({
      'page[number]': listQueryShape['page[number]'],
      'page[size]': listQueryShape['page[size]'],
    }),
    async handler({ services, portal, params, query }) {
      await findWebhook(services.db, portal.id, params.webhook);
      const page = pageFrom(query);
      const { rows, attempts, total } = await deliveriesOf(services.db, portal.id, params.webhook, page);
      return buildDocument(
        rows.map((row) => presentWebhookDelivery(row, attempts)),
        { meta: pageMeta(total, page) },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/webhook_deliveries/:webhook_delivery/redelivery',
    summary: 'Send a delivery again (a new delivery with the same event and body)',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(webhookDeliveryResource),
    status: 201,
    params: z.object({ webhook_delivery: idParam }),
    async handler({ request, services, portal, account, params }) {
      const row = await redeliver(services.db, portal.id, params.webhook_delivery, {
        accountId: account.id,
        ip: request.ip,
      });
      await relayWebhookOutbox(services);
      return buildDocument(presentWebhookDelivery(row, []));
    },
  }),
];
