import type { Generated, Selectable } from 'kysely';

/** Table shapes of portal exports (migration 20261202300000_portal_exports, decision 059). */
export type PortalExportStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface PortalExportsTable {
  id: Generated<number>;
  portal_id: number;
  requested_by: number | null;
  status: PortalExportStatus;
  progress: Generated<number>;
  storage_key: string | null;
  byte_size: number | null;
  /** JSON: rows per table and the number of files, as in the zip's manifest. */
  counts: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export type PortalExportRow = Selectable<PortalExportsTable>;

export interface TransferTables {
  portal_exports: PortalExportsTable;
}
