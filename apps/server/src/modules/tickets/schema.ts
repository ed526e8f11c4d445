import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const TICKET_STATES = ['open', 'answered', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const ticketResource = resourceSchema('Ticket', 'tickets', {
  attributes: z.object({
    subject: z.string(),
    /** The first message of the thread. */
    body: z.string(),
    state: z.enum(TICKET_STATES),
    message_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
    closed_at: timestamp.nullable(),
  }),
  relationships: z.object({
    student: toOne('accounts'),
    coach: toOne('accounts'),
    course: toOne('courses'),
    learning_object: toOne('learning_objects'),
  }),
  meta: abilitiesMeta(['reply', 'close', 'reopen']),
});
export type TicketResource = z.infer<typeof ticketResource>;

export const ticketMessageResource = resourceSchema('TicketMessage', 'ticket_messages', {
  attributes: z.object({
    body: z.string(),
    created_at: timestamp,
  }),
  relationships: z.object({
    ticket: toOne('tickets'),
    author: toOne('accounts'),
  }),
});
export type TicketMessageResource = z.infer<typeof ticketMessageResource>;
