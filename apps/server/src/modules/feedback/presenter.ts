import { identifier } from '../../http/jsonapi';
import type { FeedbackNoteResource, FeedbackProjectResource } from './schema';
import type { FeedbackNoteRow, FeedbackProjectRow } from './service';

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

export const presentFeedbackNote = (note: FeedbackNoteRow): FeedbackNoteResource => ({
  type: 'feedback_notes',
  id: String(note.id),
  attributes: {
    feedback: note.feedback,
    email: note.email,
    url: note.url,
    entity: note.entity,
    segments: note.segments,
  },
  relationships: {
    project: { data: identifier('feedback_projects', note.project_id) },
    account: { data: identifier('accounts', note.account_id) },
  },
});
