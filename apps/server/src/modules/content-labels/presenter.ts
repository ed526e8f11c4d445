import type { ContentLabelRow } from '../../db/schema-learning';
import type { ContentLabelResource } from './schema';

export function presentContentLabel(row: ContentLabelRow): ContentLabelResource {
  return {
    type: 'content_labels',
    id: String(row.id),
    attributes: { name: row.name, color: row.color, created_at: row.created_at, updated_at: row.updated_at },
  };
}
