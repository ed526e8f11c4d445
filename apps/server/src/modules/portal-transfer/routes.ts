import { z } from 'zod';
import { authorize } from '../../http/authorize';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import type { Services } from '../../context/services';
import type { AccountContext } from '../../context/account';
import type { PortalContext } from '../../context/portal';
import { DomainError, Invalid } from '../../domain/errors';
import { portalSettingsChanged } from '../../context/portal';
import { DomainsTaken, domainProblems, importPortal } from './import';
import { presentPortalExport, presentPortalImport } from './presenter';
import { portalExportResource, portalImportResource } from './schema';
import { exportFile, findExport, listExports, startExport } from './service';
import { receiveImportUpload } from './upload';
import { BadExport } from './zip-reader';

const EXPORT_LIST_LIMIT = 10;

/**
 * The portal in the address, for its academy admin or platform staff; another portal's is a 404
 * to an academy admin, as if it did not exist.
 */
async function exportablePortal(
  services: Services,
  account: AccountContext,
  portal: PortalContext,
  id: number,
) {
  authorize(account, portal, 'manage:portal-settings', { portalId: id }, { resource: 'portal' });
  const target = id === portal.id ? portal : await services.portals.findById(id);
  if (!target) throw ApiError.notFound('portal');
  return target;
}

/** Domains to give the imported portal: a comma, space or line separated list, or none to keep the exported ones. */
function domainsFrom(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const domains = value
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  const problems = domainProblems(domains);
  if (problems.length > 0)
    throw new Invalid(
      problems.map((problem) => ({
        pointer: `/domains/${problem.index}`,
        code: 'INVALID_FORMAT',
        detail: problem.detail,
      })),
    );
  return domains;
}

const exportParams = z.object({ portal: idParam, export: idParam });

export const portalTransferRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/portals/:portal/exports',
    summary:
      'Export the whole portal as a zip (its academy admin or platform staff): starts a job; GET the export for its progress, then its file',
    tags: ['portals'],
    permission: 'manage:portal-settings',
    response: resourceDocument(portalExportResource),
    params: z.object({ portal: idParam }),
    status: 202,
    async handler({ services, portal, account, params }) {
      const target = await exportablePortal(services, account, portal, params.portal);
      return buildDocument(presentPortalExport(await startExport(services, target.id, account.id)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/exports',
    summary: `The portal's latest exports (at most ${EXPORT_LIST_LIMIT}), newest first`,
    tags: ['portals'],
    permission: 'manage:portal-settings',
    response: listDocument(portalExportResource),
    params: z.object({ portal: idParam }),
    async handler({ services, portal, account, params }) {
      const target = await exportablePortal(services, account, portal, params.portal);
      const rows = await listExports(services.db, target.id, EXPORT_LIST_LIMIT);
      return buildDocument(rows.map(presentPortalExport), { meta: { total: rows.length, last_page: 1 } });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/exports/:export',
    summary:
      'A portal export: status (queued, running, completed, failed), progress 0–100 and, once completed, file_url',
    tags: ['portals'],
    permission: 'manage:portal-settings',
    response: resourceDocument(portalExportResource),
    params: exportParams,
    async handler({ services, portal, account, params }) {
      const target = await exportablePortal(services, account, portal, params.portal);
      return buildDocument(presentPortalExport(await findExport(services.db, target.id, params.export)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/exports/:export/file',
    summary: 'Download a completed portal export (application/zip; 409 EXPORT_NOT_READY before it is done)',
    tags: ['portals'],
    permission: 'manage:portal-settings',
    response: 'file',
    params: exportParams,
    async handler({ services, portal, account, params, reply }) {
      const target = await exportablePortal(services, account, portal, params.portal);
      const row = await findExport(services.db, target.id, params.export);
      const stored = await exportFile(services, row);
      const day = row.created_at.slice(0, 10);
      reply
        .header('content-type', 'application/zip')
        .header('content-length', String(stored.byteSize))
        .header('content-disposition', `attachment; filename="portal-${target.id}-${day}-${row.id}.zip"`)
        .header('cache-control', 'private, no-store');
      return stored.stream as unknown as Record<string, unknown>;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/portal_imports',
    summary:
      'Import a portal export (platform staff) as multipart/form-data: the zip in "file", optionally "domains" (the new portal\'s domains, comma separated, instead of the exported ones) and "name". Loads it as a new portal, all or nothing: 409 DOMAIN_TAKEN names a domain of another portal, 422 says what is wrong with the zip',
    tags: ['portals'],
    permission: 'manage:portal',
    response: resourceDocument(portalImportResource),
    upload: 'file',
    status: 201,
    location: (resource, prefix) => `${prefix}/v1/portals/${resource.id}`,
    async handler({ request, services }) {
      if (!request.isMultipart()) {
        throw new ApiError(415, [
          {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            title: 'Unsupported media type',
            detail: 'Send the export as multipart/form-data in a field named "file".',
          },
        ]);
      }
      let upload;
      try {
        upload = await receiveImportUpload(request);
      } catch (error) {
        if (error instanceof ApiError || error instanceof DomainError) throw error;
        throw ApiError.badRequest(
          'MALFORMED_MULTIPART',
          'The upload could not be read as multipart/form-data.',
        );
      }
      try {
        const domains = domainsFrom(upload.fields.domains);
        const name = upload.fields.name?.trim().slice(0, 200) || undefined;
        const result = await importPortal(services.db, services.storage, upload.path, {
          domains,
          name,
          maxFileBytes: services.config.quotaPortalBytes,
        });
        await portalSettingsChanged(services, result.portalId);
        return buildDocument(presentPortalImport(result));
      } catch (error) {
        if (error instanceof DomainsTaken)
          throw new ApiError(
            409,
            error.taken.map(({ index, domain }) => ({
              code: 'DOMAIN_TAKEN',
              title: 'Conflict',
              detail: `The domain ${domain} belongs to another portal already.`,
              source: { pointer: `/domains/${index}` },
              meta: { domain },
            })),
          );
        if (error instanceof BadExport)
          throw new Invalid([
            { pointer: '/file', code: error.code, detail: error.message, meta: error.meta },
          ]);
        throw error;
      } finally {
        await upload.remove();
      }
    },
  }),
];
