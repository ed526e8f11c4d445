import { migrations } from '../../db/migrations';

/**
 * The zip of a portal export (decision 059): `manifest.json`, `tables/<table>.json` (a JSON array,
 * one row per line) and `files/<storage key>` for every stored file: the `files` table's and those
 * a row keeps under a prefix of its own (a SCORM package's unpacked files).
 */
export const EXPORT_FORMAT = 1;
export const MANIFEST = 'manifest.json';
export const TABLE_PREFIX = 'tables/';
export const FILE_PREFIX = 'files/';
export const tableEntry = (table: string) => `${TABLE_PREFIX}${table}.json`;

export interface ExportManifest {
  format: number;
  /** The newest migration of the exporting installation: an import needs to know it. */
  migration: string;
  portal_id: number;
  created_at: string;
  /** Rows per table. */
  counts: Record<string, number>;
  /** Files of the `files` table. */
  files: number;
  /** Files kept under a row's own prefix (SCORM packages); absent in exports made before they moved. */
  package_files?: number;
  /** Files the rows name that were not found in storage. */
  missing_files: number;
  left_out: string;
}

/** The name of the newest migration this installation has run. */
export function latestMigration(): string {
  const known = Object.keys(migrations).sort();
  return known[known.length - 1] ?? '';
}

/** Whether this installation's code knows the migration an export was made at. */
export const knowsMigration = (name: string) => Object.prototype.hasOwnProperty.call(migrations, name);
