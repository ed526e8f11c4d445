/**
 * Portal exports (a zip of the whole portal, written by a background job) and portal imports (such
 * a zip loaded as a new portal by platform staff), decision 059.
 */
import { fetchData, fetchList } from './document';
import { sendMultipart } from '../api/upload';

export interface PortalExport {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  /** Percent written, 0–100. */
  progress: number;
  byteSize: number | null;
  /** Rows per table and the number of files, once completed. */
  counts: Record<string, number> | null;
  error: string | null;
  /** Where the finished zip is downloaded (an /api address). */
  fileUrl: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface PortalImport {
  /** The new portal's id. */
  id: string;
  name: string;
  domains: string[];
  counts: Record<string, number>;
  files: number;
}

export const portalExportsKey = (portalId: string) => ['portals', portalId, 'exports'] as const;

/** The portal's latest exports, newest first. */
export const listPortalExports = (portalId: string) =>
  fetchList<PortalExport>(`/v1/portals/${portalId}/exports`);

export const startPortalExport = (portalId: string) =>
  fetchData<PortalExport>(`/v1/portals/${portalId}/exports`, { method: 'POST' });

/** One export as it stands now (read again and again while the job runs, so never cached). */
export const readPortalExport = (portalId: string, id: string) =>
  fetchData<PortalExport>(`/v1/portals/${portalId}/exports/${id}`);

/** Uploads an export (multipart, with progress) to load it as a new portal. */
export function importPortal(
  file: File,
  options: { domains: string; name: string },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<PortalImport> {
  const body = new FormData();
  if (options.domains.trim()) body.append('domains', options.domains.trim());
  if (options.name.trim()) body.append('name', options.name.trim());
  body.append('file', file);
  return sendMultipart<PortalImport>('/v1/portal_imports', body, onProgress, signal);
}
