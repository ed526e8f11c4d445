import { can } from '@leerpad/core';
import { subjectOf } from '../../http/authorize';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';
import type { TicketRow } from '../../db/schema-support';

/**
 * Who sees a ticket: the student who asked it, the coach it went to (or, when it went to every
 * coach because the student had no primary coach, every coach), and staff, who read all.
 */
export const ticketPolicy = {
  oversees(actor: AccountContext, portal: PortalContext): boolean {
    return can(subjectOf(actor, portal), 'oversee:ticket');
  },
  answers(actor: AccountContext, portal: PortalContext, ticket: Pick<TicketRow, 'coach_id'>): boolean {
    // A coach answers the tickets that went to them, or to every coach.
    if (!can(subjectOf(actor, portal), 'answer:ticket')) return false;
    return ticket.coach_id === null || ticket.coach_id === actor.id;
  },
  owns(actor: AccountContext, ticket: Pick<TicketRow, 'student_id'>): boolean {
    return ticket.student_id === actor.id;
  },
  canSee(actor: AccountContext, portal: PortalContext, ticket: TicketRow): boolean {
    return (
      ticketPolicy.owns(actor, ticket) ||
      ticketPolicy.answers(actor, portal, ticket) ||
      ticketPolicy.oversees(actor, portal)
    );
  },
};
