import type { FileRow } from '../../db/schema-learning';
import type { FeedbackRequestRow } from '../../db/schema-portfolio';
import { feedbackState, parseJsonList } from './service';

/** A file of an item as a visitor without an account opens it (through `url`). */
export const guestFile = (file: FileRow, url: string) => ({
  id: String(file.id),
  name: file.name,
  content_type: file.content_type,
  size: Number(file.byte_size),
  url,
});

export const presentKind = (kind: string) =>
  (['reflection', 'evidence', 'link', 'course', 'certificate'] as const).find((known) => known === kind) ??
  'reflection';

export function presentRequest(row: FeedbackRequestRow) {
  return {
    type: 'feedback_requests' as const,
    id: String(row.id),
    attributes: {
      email: row.email,
      name: row.name,
      message: row.message,
      state: feedbackState(row),
      criteria: parseJsonList<string>(row.criteria),
      expires_at: row.expires_at,
      rated_at: row.rated_at,
      created_at: row.created_at,
    },
    relationships: { item: { data: { type: 'portfolio_items' as const, id: String(row.item_id) } } },
  };
}

/** A coach's comment on an item, with its author's name. */
export function presentComment(row: {
  id: number;
  item_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
  full_name: string | null;
}) {
  return {
    type: 'portfolio_comments' as const,
    id: String(row.id),
    attributes: { body: row.body, author_name: row.full_name ?? null, created_at: row.created_at },
    relationships: {
      item: { data: { type: 'portfolio_items' as const, id: String(row.item_id) } },
      author: {
        data: row.author_id !== null ? { type: 'accounts' as const, id: String(row.author_id) } : null,
      },
    },
  };
}
