import { FEATURES } from '@leerpad/core';
import type { AccountContext } from '../../context/account';
import type { PortalContext } from '../../context/portal';
import type { Executor } from '../../db/schema';
import type { TicketMessageRow, TicketRow } from '../../db/schema-support';
import { includable, registerLoader, registerRelationships } from '../../http/includes';
import { ticketPolicy } from './policy';
import { presentTicket } from './presenter';
import { threadSummaries } from './service';
import type { TicketResource } from './schema';

/** Tickets as the viewer sees them: the first message as the body, the message count, abilities. */
export async function presentTicketRows(
  db: Executor,
  portal: PortalContext,
  account: AccountContext,
  rows: readonly TicketRow[],
): Promise<TicketResource[]> {
  const threads = await threadSummaries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const owns = ticketPolicy.owns(account, row);
    const answers = ticketPolicy.answers(account, portal, row);
    return presentTicket(row, threads.get(row.id) ?? { body: '', messageCount: 0 }, {
      reply: owns || (answers && row.state !== 'closed'),
      close: (owns || answers) && row.state !== 'closed',
      reopen: owns && row.state === 'closed',
    });
  });
}

// Included tickets are the ones the viewer may see (ticketPolicy), and none while tickets are off.
registerLoader('tickets', async (db, scope, ids, { portal, account }) => {
  if (!account || !portal.features.has(FEATURES.reviewTickets)) return [];
  const rows = await db
    .selectFrom('tickets')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', 'in', [...ids])
    .execute();
  const visible = rows.filter((row) => ticketPolicy.canSee(account, portal, row));
  return presentTicketRows(db, portal, account, visible);
});

/** How many of a student's tickets come along with them, newest first. */
const STUDENT_TICKETS_INCLUDED = 100;

registerRelationships<{ id: string }>('students', {
  tickets: {
    type: 'tickets',
    // The student's tickets the viewer answers (theirs or every coach's) or oversees.
    async query(students, { services, portal, account }) {
      if (!account || students.length === 0 || !portal.features.has(FEATURES.reviewTickets)) return [];
      let tickets = services.db
        .selectFrom('tickets')
        .select('id')
        .where('portal_id', '=', portal.id)
        .where(
          'student_id',
          'in',
          students.map((student) => Number(student.id)),
        );
      if (!ticketPolicy.oversees(account, portal)) {
        if (!ticketPolicy.answers(account, portal, { coach_id: null })) return [];
        tickets = tickets.where((eb) => eb.or([eb('coach_id', '=', account.id), eb('coach_id', 'is', null)]));
      }
      const rows = await tickets
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(STUDENT_TICKETS_INCLUDED)
        .execute();
      return rows.map((row) => row.id);
    },
  },
});

registerRelationships<TicketRow>('tickets', {
  student: { type: 'accounts', ids: (row) => row.student_id },
  coach: { type: 'accounts', ids: (row) => row.coach_id },
  course: { type: 'courses', ids: (row) => row.course_id },
  learning_object: { type: 'learning_objects', ids: (row) => row.learning_object_id },
});

registerRelationships<TicketMessageRow>('ticket_messages', {
  author: { type: 'accounts', ids: (row) => row.author_id },
});

export const TICKET_INCLUDES = includable('tickets', ['student', 'coach', 'course', 'learning_object']);
export const TICKET_MESSAGE_INCLUDES = includable('ticket_messages', ['author']);
