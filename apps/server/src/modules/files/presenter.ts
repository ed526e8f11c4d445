import type { FileRow } from '../../db/schema-learning';
import type { FileResource } from './schema';

/** Where a stored file is downloaded (with the access checks of GET /api/v1/files/{id}/content). */
export const fileUrl = (id: number) => `/api/v1/files/${id}/content`;

export function presentFile(row: FileRow): FileResource {
  return {
    type: 'files',
    id: String(row.id),
    attributes: {
      name: row.name,
      content_type: row.content_type,
      byte_size: row.byte_size,
      url: fileUrl(row.id),
      created_at: row.created_at,
    },
  };
}
