import type { ContentLabelRow } from '../../db/schema-learning';
import type { ResourceObject } from '../../http/jsonapi';

export function presentContentLabel(row: ContentLabelRow): ResourceObject {
  return {
    type: 'content_labels',
    id: String(row.id),
    attributes: { name: row.name, color: row.color, created_at: row.created_at, updated_at: row.updated_at },
  };
}
