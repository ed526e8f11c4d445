import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const portalExportResource = resourceSchema('PortalExport', 'portal_exports', {
  attributes: z.object({
    status: z.enum(['queued', 'running', 'completed', 'failed']),
    progress: z.number().int().min(0).max(100).describe('Percent written, 0–100.'),
    byte_size: z.number().int().nullable(),
    counts: z
      .record(z.string(), z.number().int())
      .nullable()
      .describe('Rows per table and the number of files, once completed.'),
    error: z.string().nullable(),
    file_url: z.string().nullable().describe('Where the finished zip is downloaded.'),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
  }),
  relationships: z.object({ portal: toOne('portals') }),
});
export type PortalExportResource = z.infer<typeof portalExportResource>;

export const portalImportResource = resourceSchema('PortalImport', 'portal_imports', {
  attributes: z.object({
    name: z.string(),
    domains: z.array(z.string()),
    counts: z.record(z.string(), z.number().int()),
    files: z.number().int(),
  }),
  relationships: z.object({ portal: toOne('portals') }),
});
export type PortalImportResource = z.infer<typeof portalImportResource>;
