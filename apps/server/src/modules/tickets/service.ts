import type { MessageKey } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { TicketMessageRow, TicketRow } from '../../db/schema-support';
import type { Services } from '../../context/services';
import { Invalid } from '../../domain/errors';
import { findInPortal } from '../../db/find-in-portal';
import { pagedList, tally, type PageRequest, type SortOrder } from '../../db/pages';
import type { PortalContext } from '../../context/portal';
import { accountMailLocale, sendMail } from '../../mail/render';
import { coachesOf } from '../answers/service';
import { notify } from '../notifications/service';
import { emitWebhookEvent } from '../webhooks/service';
import { TICKET_STATES, type TicketState } from './schema';

export type ScopedTicket = InPortal<TicketRow>;

export const findTicket = (db: Executor, scope: PortalScope, id: number): Promise<ScopedTicket> =>
  findInPortal(db, 'tickets', scope, id);

export type TicketSort = SortOrder<'updated_at' | 'created_at' | 'state' | 'subject'>;

/**
 * Tickets of the portal a reader may see (`readable`: every one, a student's own, or also a coach's
 * and those of no coach yet), newest first after `sort`, with the count of each state over the same
 * tickets whatever the state filter.
 */
export async function listTickets(
  db: Executor,
  scope: PortalScope,
  readable: 'all' | { studentId: number; coachId?: number },
  filters: { states?: TicketState[]; courseIds?: number[]; studentIds?: number[]; search?: string },
  sort: TicketSort[],
  page: PageRequest,
) {
  let visible = db.selectFrom('tickets').where('portal_id', '=', scope);
  if (readable !== 'all') {
    const { studentId, coachId } = readable;
    visible = visible.where((eb) =>
      coachId !== undefined
        ? eb.or([eb('student_id', '=', studentId), eb('coach_id', '=', coachId), eb('coach_id', 'is', null)])
        : eb('student_id', '=', studentId),
    );
  }
  if (filters.courseIds) visible = visible.where('course_id', 'in', filters.courseIds);
  if (filters.studentIds) visible = visible.where('student_id', 'in', filters.studentIds);
  if (filters.search)
    visible = visible.where('subject', 'like', `%${filters.search.replace(/[%_\\]/g, '')}%`);
  const filtered = filters.states ? visible.where('state', 'in', filters.states) : visible;
  let rows = filtered.selectAll();
  for (const order of sort) rows = rows.orderBy(order.key, order.direction);
  const [list, byState] = await Promise.all([
    pagedList(filtered, rows.orderBy('id', 'desc'), page),
    visible
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('state')
      .execute(),
  ]);
  return { ...list, stateCounts: tally(TICKET_STATES, 'state', byState) };
}

/** The thread of a ticket, oldest first. */
export function listTicketMessages(db: Executor, ticket: ScopedTicket, page: PageRequest) {
  const filtered = db
    .selectFrom('ticket_messages')
    .where('portal_id', '=', ticket.portal_id)
    .where('ticket_id', '=', ticket.id);
  return pagedList(filtered, filtered.selectAll().orderBy('id', 'asc'), page);
}

/** The first message (the question) and the number of messages of each ticket. */
export async function threadSummaries(
  db: Executor,
  ticketIds: number[],
): Promise<Map<number, { body: string; messageCount: number }>> {
  if (ticketIds.length === 0) return new Map();
  const [firsts, counts] = await Promise.all([
    db
      .selectFrom('ticket_messages')
      .select(['ticket_id', 'body', 'id'])
      .where('ticket_id', 'in', ticketIds)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('ticket_messages')
          .select((inner) => inner.fn.min('id').as('id'))
          .where('ticket_id', 'in', ticketIds)
          .groupBy('ticket_id'),
      )
      .execute(),
    db
      .selectFrom('ticket_messages')
      .select(['ticket_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('ticket_id', 'in', ticketIds)
      .groupBy('ticket_id')
      .execute(),
  ]);
  const firstBody = new Map(firsts.map((row) => [row.ticket_id, row.body]));
  const countOf = new Map(counts.map((row) => [row.ticket_id, Number(row.count)]));
  return new Map(
    ticketIds.map((id) => [id, { body: firstBody.get(id) ?? '', messageCount: countOf.get(id) ?? 0 }]),
  );
}

/** Where each side reads the thread. */
export const ticketLink = (ticketId: number, side: 'student' | 'coach') =>
  side === 'coach' ? `/coach/tickets/${ticketId}` : `/account/tickets/${ticketId}`;

interface Recipient {
  accountId: number;
  side: 'student' | 'coach';
}

/** Who hears of a new message: the coach(es) when the student wrote, the student otherwise. */
async function recipientsOf(trx: Executor, ticket: ScopedTicket, authorId: number): Promise<Recipient[]> {
  if (authorId !== ticket.student_id) return [{ accountId: ticket.student_id, side: 'student' }];
  const coaches =
    ticket.coach_id !== null
      ? [ticket.coach_id]
      : await coachesOf(trx, ticket.portal_id, [ticket.student_id]);
  return coaches.map((accountId) => ({ accountId, side: 'coach' }));
}

async function announce(
  trx: Executor,
  ticket: ScopedTicket,
  authorId: number,
  authorName: string,
  key: { student: MessageKey; coach: MessageKey },
): Promise<Recipient[]> {
  const recipients = await recipientsOf(trx, ticket, authorId);
  for (const recipient of recipients)
    await notify(trx, {
      scope: ticket.portal_id,
      accountId: recipient.accountId,
      key: key[recipient.side],
      params: { name: authorName, subject: ticket.subject },
      link: ticketLink(ticket.id, recipient.side),
    });
  return recipients;
}

/** E-mails the other side of a new message, each in their own language, after the commit. */
async function mailRecipients(
  services: Services,
  portal: PortalContext,
  ticket: TicketRow,
  recipients: Recipient[],
  authorName: string,
): Promise<void> {
  const baseUrl = portal.row.base_url.replace(/\/$/, '');
  for (const recipient of recipients) {
    const account = await services.db
      .selectFrom('accounts')
      .select(['full_name', 'email'])
      .where('id', '=', recipient.accountId)
      .executeTakeFirst();
    if (!account) continue;
    await sendMail(services.mailer, {
      to: `${account.full_name} <${account.email}>`,
      key: 'ticket_message',
      params: {
        name: account.full_name,
        author: authorName,
        subject: ticket.subject,
        link: `${baseUrl}${ticketLink(ticket.id, recipient.side)}`,
      },
      locale: await accountMailLocale(services.db, recipient.accountId, portal),
      portal,
    });
  }
}

export async function askTicket(
  services: Services,
  portal: PortalContext,
  student: { id: number; fullName: string },
  input: { subject: string; body: string; courseId: number | null; learningObjectId: number | null },
): Promise<TicketRow> {
  const db: Kysely<Database> = services.db;
  const { ticket, recipients } = await db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('accounts')
      .select('primary_coach_id')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const ticket = await trx
      .insertInto('tickets')
      .values({
        portal_id: portal.id,
        student_id: student.id,
        coach_id: owner.primary_coach_id,
        course_id: input.courseId,
        learning_object_id: input.learningObjectId,
        subject: input.subject,
        state: 'open',
        created_at: now,
        updated_at: now,
        closed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .then((row): ScopedTicket => ({ ...row, portal_id: portal.id }));
    await trx
      .insertInto('ticket_messages')
      .values({
        portal_id: portal.id,
        ticket_id: ticket.id,
        author_id: student.id,
        body: input.body,
        created_at: now,
      })
      .execute();
    const recipients = await announce(trx, ticket, student.id, student.fullName, {
      student: 'ticket_answered',
      coach: 'ticket_asked',
    });
    await emitWebhookEvent(trx, portal.id, 'ticket.created', {
      ticket_id: String(ticket.id),
      subject: ticket.subject,
      account_id: String(student.id),
      course_id: ticket.course_id === null ? null : String(ticket.course_id),
      learning_object_id: ticket.learning_object_id === null ? null : String(ticket.learning_object_id),
      created_at: ticket.created_at,
    });
    return { ticket, recipients };
  });
  await mailRecipients(services, portal, ticket, recipients, student.fullName);
  return ticket;
}

/**
 * A message in the thread: a coach's reply makes the ticket answered, the student's makes it open
 * again (reopening a closed one). A coach cannot write in a closed ticket.
 */
export async function postMessage(
  services: Services,
  portal: PortalContext,
  ticket: TicketRow,
  author: { id: number; fullName: string },
  body: string,
): Promise<TicketMessageRow> {
  const { message, current, recipients } = await services.db.transaction().execute(async (trx) => {
    const current = await findTicket(trx, portal.id, ticket.id);
    const fromStudent = author.id === current.student_id;
    if (!fromStudent && current.state === 'closed')
      throw new Invalid([
        {
          pointer: '/body',
          code: 'TICKET_CLOSED',
          detail: 'This ticket is closed; the student can reopen it.',
        },
      ]);
    const now = nowIso();
    const message = await trx
      .insertInto('ticket_messages')
      .values({ portal_id: portal.id, ticket_id: current.id, author_id: author.id, body, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const state: TicketState = fromStudent ? 'open' : 'answered';
    await trx
      .updateTable('tickets')
      .set({ state, updated_at: now, closed_at: null })
      .where('id', '=', current.id)
      .execute();
    const recipients = await announce(trx, current, author.id, author.fullName, {
      student: 'ticket_answered',
      coach: 'ticket_replied',
    });
    return { message, current, recipients };
  });
  await mailRecipients(services, portal, current, recipients, author.fullName);
  return message;
}

/** Allowed state changes by PATCH: anyone who sees it closes it; only the student reopens it. */
export async function changeTicketState(
  db: Kysely<Database>,
  portal: PortalContext,
  ticket: TicketRow,
  actorId: number,
  state: TicketState,
): Promise<TicketRow> {
  return db.transaction().execute(async (trx) => {
    const current = await findTicket(trx, portal.id, ticket.id);
    if (current.state === state) return current;
    const allowed =
      (state === 'closed' && current.state !== 'closed') ||
      (state === 'open' && current.state === 'closed' && actorId === current.student_id);
    if (!allowed)
      throw new Invalid([
        {
          pointer: '/state',
          code: 'TRANSITION_NOT_ALLOWED',
          detail: `A ticket cannot go from ${current.state} to ${state}.`,
        },
      ]);
    const now = nowIso();
    await trx
      .updateTable('tickets')
      .set({ state, updated_at: now, closed_at: state === 'closed' ? now : null })
      .where('id', '=', current.id)
      .execute();
    return findTicket(trx, portal.id, current.id);
  });
}
