import { z } from 'zod';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  listDocument,
  listQueryShape,
  metaDocument,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { accountPolicy } from '../accounts/policy';
import { findAccountInPortal } from '../accounts/service';
import { notificationPolicy } from './policy';
import { presentNotification } from './presenter';
import { readerLocale } from '../../http/locale';
import { findNotification, listNotifications, markAllRead, setReadAt } from './service';
import type { Services } from '../../context/services';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';
import { notificationResource } from './schema';
import { lastEventId, notificationStreams, notificationsAfter, STREAMS_PER_ACCOUNT } from './stream';
import { dateTime } from '../../http/dates';

const streamEvent = z.object({
  id: z.string(),
  unread: z.number().int(),
  message: z.string(),
  link: z.string().nullable(),
  received_at: z.string(),
});

/** Whether the client asks for the event stream (EventSource sends `Accept: text/event-stream`). */
function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => part.trim().split(';')[0] === 'text/event-stream');
}

const ownerParams = z.object({ account: idParam });
const notificationParams = z.object({ account: idParam, notification: idParam });

/**
 * Notifications are per account: the account itself, or staff of its portal, read them; only the
 * account itself and those who manage accounts mark them read (`change`).
 */
async function owner(
  services: Services,
  portal: PortalContext,
  actor: AccountContext,
  accountId: number,
  change = false,
) {
  const target = await findAccountInPortal(services.db, portal.id, accountId);
  if (!accountPolicy.isSelfOrStaff(actor, target)) throw ApiError.notFound('account');
  if (change && !accountPolicy.canChange(actor, target)) throw ApiError.forbidden();
  return target;
}

export const notificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/notifications/stream',
    summary:
      'Live notifications of the signed-in account as Server-Sent Events (Accept: text/event-stream): ' +
      'one event per new notification, id = notification id, data = {id, unread, message, link, received_at}; ' +
      `Last-Event-ID replays newer ones first; at most ${STREAMS_PER_ACCOUNT} open streams per account (429). ` +
      'Without that Accept: the same events since Last-Event-ID as one JSON document.',
    tags: ['notifications'],
    permission: 'signed-in',
    response: metaDocument({ unread: z.number().int(), events: z.array(streamEvent) }),
    async handler({ request, reply, services, portal, account }) {
      const locale = readerLocale(account, portal);
      const after = lastEventId(request.headers['last-event-id']);
      if (!wantsEventStream(request.headers.accept)) {
        const { unread, events } = await notificationsAfter(services.db, account.id, after ?? 0, locale);
        return { meta: { unread, events: after === null ? [] : events } };
      }
      const streams = notificationStreams(services.db, services.events);
      if (!streams.hasRoom(account.id)) {
        throw new ApiError(429, [
          {
            code: 'TOO_MANY_STREAMS',
            title: 'Too many open streams',
            detail: `At most ${STREAMS_PER_ACCOUNT} notification streams may be open per account; close a tab.`,
          },
        ]);
      }
      await streams.open(reply, { accountId: account.id, locale, after });
      return null;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account/notifications',
    summary: "An account's notifications, newest first; filter[status]=unread for the unread ones",
    tags: ['notifications'],
    permission: 'signed-in',
    response: listDocument(notificationResource, { unread: z.number().int() }),
    params: ownerParams,
    query: z.object({ ...listQueryShape, 'filter[status]': z.enum(['unread', 'read', 'all']).optional() }),
    async handler({ services, portal, account, params, query }) {
      const target = await owner(services, portal, account, params.account);
      if (query['filter[status]'] === 'read') {
        throw ApiError.badRequest('INVALID_PARAMETER', 'filter[status] supports "unread".', {
          parameter: 'filter[status]',
        });
      }
      const page = pageFrom(query);
      const { rows, total, unread } = await listNotifications(services.db, target.id, {
        unreadOnly: query['filter[status]'] === 'unread',
        size: page.size,
        offset: page.offset,
      });
      return buildDocument(
        rows.map((row) =>
          presentNotification(
            row,
            { open: notificationPolicy.canOpen(account, row.link, portal) },
            readerLocale(account, portal),
          ),
        ),
        { meta: { ...pageMeta(total, page), unread } },
      );
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/accounts/:account/notifications',
    summary: 'Mark all notifications as read: {"operation": "mark_all_as_read"}',
    tags: ['notifications'],
    permission: 'signed-in',
    response: metaDocument({ updated: z.number().int(), unread: z.number().int() }),
    params: ownerParams,
    resourceType: 'notifications',
    body: z.object({ operation: z.literal('mark_all_as_read') }),
    async handler({ services, portal, account, params }) {
      const target = await owner(services, portal, account, params.account, true);
      const updated = await markAllRead(services.db, target.id);
      return { meta: { updated, unread: 0 } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account/notifications/:notification',
    summary: 'One notification',
    tags: ['notifications'],
    permission: 'signed-in',
    response: resourceDocument(notificationResource),
    params: notificationParams,
    async handler({ services, portal, account, params }) {
      const target = await owner(services, portal, account, params.account);
      const row = await findNotification(services.db, target.id, params.notification);
      return buildDocument(
        presentNotification(
          row,
          { open: notificationPolicy.canOpen(account, row.link, portal) },
          readerLocale(account, portal),
        ),
      );
    },
  }),
  ...(['PATCH', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      url: '/v1/accounts/:account/notifications/:notification',
      summary: 'Mark one notification read (read_at = a date) or unread (read_at = null)',
      tags: ['notifications'],
      permission: 'signed-in',
      response: resourceDocument(notificationResource),
      params: notificationParams,
      resourceType: 'notifications',
      body: z.object({ read_at: dateTime.nullable() }),
      async handler({ services, portal, account, params, body }) {
        const target = await owner(services, portal, account, params.account, true);
        const readAt = body.read_at === null ? null : new Date(body.read_at).toISOString();
        const row = await setReadAt(services.db, target.id, params.notification, readAt);
        return buildDocument(
          presentNotification(
            row,
            { open: notificationPolicy.canOpen(account, row.link, portal) },
            readerLocale(account, portal),
          ),
        );
      },
    }),
  ),
];
