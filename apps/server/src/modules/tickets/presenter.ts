import type { TicketMessageRow, TicketRow } from '../../db/schema-support';
import { identifier } from '../../http/jsonapi';
import type { TicketMessageResource, TicketResource, TicketState } from './schema';

export function presentTicket(
  row: TicketRow,
  extra: { body: string; messageCount: number },
  abilities: TicketResource['meta']['abilities'],
): TicketResource {
  return {
    type: 'tickets',
    id: String(row.id),
    attributes: {
      subject: row.subject,
      body: extra.body,
      state: row.state as TicketState,
      message_count: extra.messageCount,
      created_at: row.created_at,
      updated_at: row.updated_at,
      closed_at: row.closed_at,
    },
    relationships: {
      student: { data: identifier('accounts', row.student_id) },
      coach: { data: identifier('accounts', row.coach_id) },
      course: { data: identifier('courses', row.course_id) },
      learning_object: { data: identifier('learning_objects', row.learning_object_id) },
    },
    meta: { abilities },
  };
}

export function presentTicketMessage(row: TicketMessageRow): TicketMessageResource {
  return {
    type: 'ticket_messages',
    id: String(row.id),
    attributes: { body: row.body, created_at: row.created_at },
    relationships: {
      ticket: { data: identifier('tickets', row.ticket_id) },
      author: { data: identifier('accounts', row.author_id) },
    },
  };
}
