import { FEATURES, FILE_UPLOAD_MAX_BYTES } from '@leerpad/core';
import { z } from 'zod';
import type { InPortal } from '../../db/schema';
import type { FileRow } from '../../db/schema-learning';
import { DomainError } from '../../domain/errors';
import { ApiError } from '../../http/errors';
import { buildDocument, deletedDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { filePolicy } from './policy';
import { presentFile } from './presenter';
import {
  checkQuota,
  cleanContentType,
  cleanFileName,
  deleteFile,
  findFile,
  removeFile,
  sendFile,
  storeUpload,
  tooLarge,
  wantsDownload,
} from './service';
import { fileResource } from './schema';

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const fileParams = z.object({ file: idParam });

function multipartError(error: unknown): ApiError | DomainError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return ApiError.validation([
      { pointer: '/file', code: 'ONE_FILE_PER_REQUEST', detail: 'Send one file per request.' },
    ]);
  }
  return ApiError.badRequest('MALFORMED_MULTIPART', 'The upload could not be read as multipart/form-data.');
}

export const fileRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/files',
    summary: `Upload one file as multipart/form-data in the field "file" (account_files feature; at most ${FILE_UPLOAD_MAX_BYTES} bytes, else 413)`,
    tags: ['files'],
    permission: 'signed-in',
    response: resourceDocument(fileResource),
    feature: FEATURES.accountFiles,
    upload: 'file',
    status: 201,
    async handler({ request, services, portal, account }) {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > FILE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      if (!request.isMultipart()) {
        throw new ApiError(415, [
          {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            title: 'Unsupported media type',
            detail: 'Send the file as multipart/form-data in a field named "file".',
            meta: { accepted: 'multipart/form-data' },
          },
        ]);
      }
      const quota = {
        accountBytes: services.config.quotaAccountBytes,
        portalBytes: services.config.quotaPortalBytes,
      };
      await checkQuota(
        services.db,
        quota,
        portal.id,
        account.id,
        Math.max(0, declared - MULTIPART_OVERHEAD_BYTES),
      );
      // Exactly one file: the first is stored, and a second one in the same request undoes it.
      let stored: InPortal<FileRow> | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (stored || part.fieldname !== 'file') {
            part.file.resume();
            throw ApiError.validation([
              {
                pointer: '/file',
                code: stored ? 'ONE_FILE_PER_REQUEST' : 'FILE_MISSING',
                detail: stored ? 'Send one file per request.' : 'Choose a file to upload.',
              },
            ]);
          }
          const upload = part;
          stored = await storeUpload(services.db, services.storage, quota, {
            scope: portal.id,
            accountId: account.id,
            name: cleanFileName(upload.filename),
            contentType: cleanContentType(upload.mimetype),
            stream: upload.file,
            truncated: () => upload.file.truncated,
          });
        }
      } catch (error) {
        if (stored) await removeFile(services.db, services.storage, stored);
        throw error instanceof ApiError || error instanceof DomainError ? error : multipartError(error);
      }
      if (!stored)
        throw ApiError.validation([
          { pointer: '/file', code: 'FILE_MISSING', detail: 'Choose a file to upload.' },
        ]);
      return buildDocument(presentFile(stored));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/files/:file',
    summary: "A file's name, type, size and download address (for those who may download it)",
    tags: ['files'],
    permission: 'signed-in',
    response: resourceDocument(fileResource),
    params: fileParams,
    async handler({ services, portal, account, params }) {
      const file = await findFile(services.db, portal.id, params.file);
      if (!(await filePolicy.canRead(services.db, account, file))) throw ApiError.notFound('file');
      return buildDocument(presentFile(file));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/files/:file/content',
    summary:
      'Download a file (images, PDF, audio, video and plain text open in place; ?download=1 forces a download)',
    tags: ['files'],
    permission: 'signed-in',
    response: 'file',
    params: fileParams,
    query: z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }),
    async handler({ services, portal, account, params, query, reply }) {
      const file = await findFile(services.db, portal.id, params.file);
      if (!(await filePolicy.canRead(services.db, account, file))) throw ApiError.notFound('file');
      return sendFile(services.storage, reply, file, { download: wantsDownload(query.download) });
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/files/:file',
    summary:
      'Delete an uploaded file and reclaim its storage (its uploader only; 409 FILE_IN_USE while a course, learning object, answer or portfolio item uses it)',
    tags: ['files'],
    permission: 'signed-in',
    response: deletedDocument,
    params: fileParams,
    async handler({ services, portal, account, params }) {
      const file = await findFile(services.db, portal.id, params.file);
      if (!(await filePolicy.canRead(services.db, account, file))) throw ApiError.notFound('file');
      if (!filePolicy.canDelete(account, file))
        throw ApiError.forbidden('Only the person who uploaded a file may delete it.');
      await deleteFile(services.db, services.storage, file);
      return { meta: { deleted: true as const } };
    },
  }),
];
