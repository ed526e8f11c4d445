import type { TicketMessageRow, TicketRow } from '../../db/schema-support';
import { includable, registerRelationships } from '../../http/includes';

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
