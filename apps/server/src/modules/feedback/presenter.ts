import type { FeedbackProjectResource } from './schema';
import type { FeedbackProjectRow } from './service';

export const presentFeedbackProject = (row: FeedbackProjectRow): FeedbackProjectResource => ({
  type: 'feedback_projects',
  id: String(row.id),
  attributes: {
    name: row.name,
    description: row.description,
    state: row.state as FeedbackProjectResource['attributes']['state'],
    upvotes: row.upvotes,
  },
});

export const presentFeedbackNote = (note: { id: number; feedback: string }) => ({
  type: 'feedback_notes' as const,
  id: String(note.id),
  attributes: { feedback: note.feedback },
});
