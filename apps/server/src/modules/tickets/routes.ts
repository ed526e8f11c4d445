import { FEATURES } from '@leerpad/core';
import { z } from 'zod';
import type { TicketRow } from '../../db/schema-support';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import { includeRelated } from '../../http/includes';
import {
  buildDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { enumListFilter, idListFilter, sortFrom } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { findLearningObject } from '../course-content/queries';
import { contentAccess } from '../enrollments/service';
import { ticketPolicy } from './policy';
import { presentTicket, presentTicketMessage } from './presenter';
import { askTicket, changeTicketState, findTicket, postMessage } from './service';
import { TICKET_STATES, ticketMessageResource, ticketResource } from './schema';
import { TICKET_INCLUDES, TICKET_MESSAGE_INCLUDES } from './resources';

const messageBody = z.string().trim().min(1, 'Write a message.').max(10_000);

async function ticketsDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  rows: TicketRow[],
  include: ReadonlySet<string>,
  options: { single: boolean; meta?: Record<string, unknown> },
) {
  const db = services.db;
  const ids = rows.map((row) => row.id);
  const [firsts, counts] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('ticket_messages')
            .select(['ticket_id', 'body', 'id'])
            .where('ticket_id', 'in', ids)
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('ticket_messages')
                .select((inner) => inner.fn.min('id').as('id'))
                .where('ticket_id', 'in', ids)
                .groupBy('ticket_id'),
            )
            .execute(),
          db
            .selectFrom('ticket_messages')
            .select(['ticket_id', (eb) => eb.fn.countAll<number>().as('count')])
            .where('ticket_id', 'in', ids)
            .groupBy('ticket_id')
            .execute(),
        ]);
  const firstBody = new Map(firsts.map((row) => [row.ticket_id, row.body]));
  const countOf = new Map(counts.map((row) => [row.ticket_id, Number(row.count)]));
  const data = rows.map((row) => {
    const owns = ticketPolicy.owns(account, row);
    const answers = ticketPolicy.answers(account, portal, row);
    return presentTicket(
      row,
      { body: firstBody.get(row.id) ?? '', messageCount: countOf.get(row.id) ?? 0 },
      {
        reply: owns || (answers && row.state !== 'closed'),
        close: (owns || answers) && row.state !== 'closed',
        reopen: owns && row.state === 'closed',
      },
    );
  });
  const included = await includeRelated({ services, portal, account }, 'tickets', rows, include);
  return buildDocument(options.single ? (data[0] ?? null) : data, {
    included,
    ...(options.meta ? { meta: options.meta } : {}),
  });
}

/** The ticket if the caller may see it; another student's (or another coach's) is a 404. */
async function visibleTicket(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  id: number,
): Promise<TicketRow> {
  const ticket = await findTicket(services.db, portal.id, id);
  if (!ticketPolicy.canSee(account, portal, ticket)) throw ApiError.notFound('ticket');
  return ticket;
}

export const ticketRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/tickets',
    summary:
      "Tickets: a student's own, a coach's (those that went to them or to every coach), every ticket for staff; filter by state, course and student; last activity first",
    tags: ['tickets'],
    permission: 'signed-in',
    feature: FEATURES.reviewTickets,
    response: listDocument(ticketResource, {
      state_counts: z.object({
        open: z.number().int(),
        answered: z.number().int(),
        closed: z.number().int(),
      }),
    }),
    query: z.object({
      ...listQueryShape,
      'filter[state]': enumListFilter(TICKET_STATES).optional(),
      'filter[course]': idListFilter.optional(),
      'filter[student]': idListFilter.optional(),
      'filter[search]': z.string().trim().max(200).optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, TICKET_INCLUDES);
      const sort = sortFrom(query.sort, ['updated_at', 'created_at', 'state', 'subject'] as const, [
        { key: 'updated_at', direction: 'desc' },
      ]);
      const page = pageFrom(query);
      const scoped = () => {
        let base = services.db.selectFrom('tickets').where('portal_id', '=', portal.id);
        if (!ticketPolicy.oversees(account, portal)) {
          const answers = ticketPolicy.answers(account, portal, { coach_id: account.id });
          base = base.where((eb) =>
            answers
              ? eb.or([
                  eb('student_id', '=', account.id),
                  eb('coach_id', '=', account.id),
                  eb('coach_id', 'is', null),
                ])
              : eb('student_id', '=', account.id),
          );
        }
        if (query['filter[course]']) base = base.where('course_id', 'in', query['filter[course]']);
        if (query['filter[student]']) base = base.where('student_id', 'in', query['filter[student]']);
        const search = query['filter[search]'];
        if (search) base = base.where('subject', 'like', `%${search.replace(/[%_\\]/g, '')}%`);
        return base;
      };
      let base = scoped();
      if (query['filter[state]']) base = base.where('state', 'in', query['filter[state]']);
      let rowsQuery = base.selectAll();
      for (const order of sort) rowsQuery = rowsQuery.orderBy(order.key, order.direction);
      const [rows, count, byState] = await Promise.all([
        rowsQuery.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        scoped()
          .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy('state')
          .execute(),
      ]);
      const stateCounts: Record<string, number> = Object.fromEntries(
        TICKET_STATES.map((state) => [state, 0]),
      );
      for (const row of byState) stateCounts[row.state] = Number(row.count);
      return ticketsDocument(services, portal, account, rows, include, {
        single: false,
        meta: { ...pageMeta(Number(count.total), page), state_counts: stateCounts },
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/tickets',
    summary:
      'Ask a question (a student): subject, body and optionally the learning object it is about. It goes to the primary coach, else to every coach; they are notified in the app and by e-mail',
    tags: ['tickets'],
    permission: 'ask:ticket',
    response: resourceDocument(ticketResource),
    status: 201,
    resourceType: 'tickets',
    body: z.object({
      subject: z.string().trim().min(1).max(200),
      body: messageBody,
      learning_object: relatedTo('learning_objects').nullable().optional(),
    }),
    async handler({ services, portal, account, body, pointer }) {
      let courseId: number | null = null;
      let learningObjectId: number | null = null;
      if (body.learning_object != null) {
        const object = await findLearningObject(services.db, portal.id, body.learning_object).catch(() => {
          throw ApiError.validation([
            { pointer: pointer('learning_object'), detail: 'This learning object does not exist.' },
          ]);
        });
        await contentAccess(services, portal, account, object.course_id);
        courseId = object.course_id;
        learningObjectId = object.id;
      }
      const ticket = await askTicket(services, portal, account, {
        subject: body.subject,
        body: body.body,
        courseId,
        learningObjectId,
      });
      return ticketsDocument(services, portal, account, [ticket], new Set(), { single: true });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/tickets/:ticket',
    summary: 'One ticket (its student, its coach, or staff)',
    tags: ['tickets'],
    permission: 'signed-in',
    feature: FEATURES.reviewTickets,
    response: resourceDocument(ticketResource),
    params: z.object({ ticket: idParam }),
    query: z.object({ include: listQueryShape.include }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, TICKET_INCLUDES);
      const ticket = await visibleTicket(services, portal, account, params.ticket);
      return ticketsDocument(services, portal, account, [ticket], include, { single: true });
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/tickets/:ticket',
    summary:
      'Change the state of a ticket: close it (student or coach), reopen it (student). Other changes are 422',
    tags: ['tickets'],
    permission: 'signed-in',
    feature: FEATURES.reviewTickets,
    response: resourceDocument(ticketResource),
    params: z.object({ ticket: idParam }),
    resourceType: 'tickets',
    body: z.object({ state: z.enum(TICKET_STATES) }),
    async handler({ services, portal, account, params, body }) {
      const ticket = await visibleTicket(services, portal, account, params.ticket);
      if (!ticketPolicy.owns(account, ticket) && !ticketPolicy.answers(account, portal, ticket))
        throw ApiError.forbidden('Only the student and their coach change a ticket.');
      const updated = await changeTicketState(services.db, portal, ticket, account.id, body.state);
      return ticketsDocument(services, portal, account, [updated], new Set(), { single: true });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/tickets/:ticket/messages',
    summary: 'The thread of a ticket, oldest first',
    tags: ['tickets'],
    permission: 'signed-in',
    feature: FEATURES.reviewTickets,
    response: listDocument(ticketMessageResource),
    params: z.object({ ticket: idParam }),
    query: z.object({ ...listQueryShape }),
    async handler({ services, portal, account, params, query }) {
      const ticket = await visibleTicket(services, portal, account, params.ticket);
      const page = pageFrom(query, 100);
      const base = services.db
        .selectFrom('ticket_messages')
        .where('portal_id', '=', portal.id)
        .where('ticket_id', '=', ticket.id);
      const include = includesFrom(query, TICKET_MESSAGE_INCLUDES);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'asc').limit(page.size).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const included = await includeRelated({ services, portal, account }, 'ticket_messages', rows, include);
      return buildDocument(rows.map(presentTicketMessage), {
        included,
        meta: pageMeta(Number(count.total), page),
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/tickets/:ticket/messages',
    summary:
      "Write in a ticket's thread: a coach's reply makes it answered, the student's makes it open; the other side is notified in the app and by e-mail",
    tags: ['tickets'],
    permission: 'signed-in',
    feature: FEATURES.reviewTickets,
    response: resourceDocument(ticketMessageResource),
    status: 201,
    params: z.object({ ticket: idParam }),
    resourceType: 'ticket_messages',
    body: z.object({ body: messageBody }),
    async handler({ services, portal, account, params, body }) {
      const ticket = await visibleTicket(services, portal, account, params.ticket);
      if (!ticketPolicy.owns(account, ticket) && !ticketPolicy.answers(account, portal, ticket))
        throw ApiError.forbidden('Only the student and their coach write in a ticket.');
      const message = await postMessage(services, portal, ticket, account, body.body);
      return buildDocument(presentTicketMessage(message));
    },
  }),
];
