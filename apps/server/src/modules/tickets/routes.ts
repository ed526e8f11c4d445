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
  resourceDocument,
} from '../../http/jsonapi';
import { includeQuery, sortQuery } from '../../http/query-contract';
import { enumListFilter, idListFilter, sortFrom } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { findLearningObject } from '../course-content/queries';
import { contentAccess } from '../enrollments/service';
import { ticketPolicy } from './policy';
import { presentTicketMessage } from './presenter';
import {
  askTicket,
  changeTicketState,
  findTicket,
  listTicketMessages,
  listTickets,
  postMessage,
  type ScopedTicket,
} from './service';
import { TICKET_STATES, ticketMessageResource, ticketResource } from './schema';
import { presentTicketRows, TICKET_INCLUDES, TICKET_MESSAGE_INCLUDES } from './resources';

const messageBody = z.string().trim().min(1, 'Write a message.').max(10_000);

async function ticketsDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  rows: TicketRow[],
  include: ReadonlySet<string>,
  options: { single: boolean; meta?: Record<string, unknown> },
) {
  const data = await presentTicketRows(services.db, portal, account, rows);
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
): Promise<ScopedTicket> {
  const ticket = await findTicket(services.db, portal.id, id);
  if (!ticketPolicy.canSee(account, portal, ticket)) throw ApiError.notFound('ticket');
  return ticket;
}

const TICKET_SORTS = ['updated_at', 'created_at', 'state', 'subject'] as const;

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
      sort: sortQuery(TICKET_SORTS),
      include: includeQuery(TICKET_INCLUDES),
      'filter[state]': enumListFilter(TICKET_STATES).optional(),
      'filter[course]': idListFilter.optional(),
      'filter[student]': idListFilter.optional(),
      'filter[search]': z.string().trim().max(200).optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, TICKET_INCLUDES);
      const sort = sortFrom(query.sort, TICKET_SORTS, [{ key: 'updated_at', direction: 'desc' }]);
      const page = pageFrom(query);
      const oversees = ticketPolicy.oversees(account, portal);
      const answers = ticketPolicy.answers(account, portal, { coach_id: account.id });
      const list = await listTickets(
        services.db,
        portal.id,
        oversees ? 'all' : { studentId: account.id, ...(answers ? { coachId: account.id } : {}) },
        {
          states: query['filter[state]'],
          courseIds: query['filter[course]'],
          studentIds: query['filter[student]'],
          search: query['filter[search]'],
        },
        sort,
        page,
      );
      return ticketsDocument(services, portal, account, list.rows, include, {
        single: false,
        meta: { ...list.meta, state_counts: list.stateCounts },
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
    query: z.object({ include: includeQuery(TICKET_INCLUDES) }),
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
    query: z.object({ ...listQueryShape, include: includeQuery(TICKET_MESSAGE_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const ticket = await visibleTicket(services, portal, account, params.ticket);
      const include = includesFrom(query, TICKET_MESSAGE_INCLUDES);
      const list = await listTicketMessages(services.db, ticket, pageFrom(query, 100));
      const included = await includeRelated(
        { services, portal, account },
        'ticket_messages',
        list.rows,
        include,
      );
      return buildDocument(list.rows.map(presentTicketMessage), {
        included,
        meta: list.meta,
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
