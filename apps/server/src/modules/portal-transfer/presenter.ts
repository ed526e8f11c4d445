import type { PortalExportRow } from '../../db/schema-transfer';
import type { ImportResult } from './import';
import type { PortalExportResource, PortalImportResource } from './schema';

export const exportFileUrl = (row: Pick<PortalExportRow, 'id' | 'portal_id'>) =>
  `/api/v1/portals/${row.portal_id}/exports/${row.id}/file`;

export function presentPortalExport(row: PortalExportRow): PortalExportResource {
  return {
    type: 'portal_exports',
    id: String(row.id),
    attributes: {
      status: row.status,
      progress: row.progress,
      byte_size: row.byte_size,
      counts: row.counts ? (JSON.parse(row.counts) as Record<string, number>) : null,
      error: row.error,
      file_url: row.status === 'completed' ? exportFileUrl(row) : null,
      created_at: row.created_at,
      finished_at: row.finished_at,
    },
    relationships: { portal: { data: { type: 'portals', id: String(row.portal_id) } } },
  };
}

/** An import is named by the portal it made. */
export function presentPortalImport(result: ImportResult): PortalImportResource {
  return {
    type: 'portal_imports',
    id: String(result.portalId),
    attributes: { name: result.name, domains: result.domains, counts: result.counts, files: result.files },
    relationships: { portal: { data: { type: 'portals', id: String(result.portalId) } } },
  };
}
