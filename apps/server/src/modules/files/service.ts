import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_UPLOAD_MAX_BYTES, INLINE_FILE_TYPES } from '@leerpad/core';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { FileRow } from '../../db/schema-learning';
import { Conflict, Invalid, NotFound, TooLarge } from '../../domain/errors';
import { FileTooLargeError } from '../../storage/file-storage';
import type { FileStorage } from '../../storage/file-storage';

export const tooLarge = () =>
  new TooLarge({
    code: 'FILE_TOO_LARGE',
    title: 'File too large',
    detail: `A file may be at most ${FILE_UPLOAD_MAX_BYTES.toLocaleString('en')} bytes.`,
    pointer: '/file',
    meta: { max_bytes: FILE_UPLOAD_MAX_BYTES },
  });

/** Browsers may show these in place; everything else downloads, so no upload runs as a page of ours. */
const INLINE_TYPES = new Set(INLINE_FILE_TYPES);

export const isInline = (contentType: string) => INLINE_TYPES.has(contentType);

/** A file name safe to store and to echo in a header: no path, no control characters, bounded. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((character) => character.charCodeAt(0) > 0x1f && character !== '\u007f' && character !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

export function cleanContentType(raw: string | undefined): string {
  const type = (raw ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  return /^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*$/.test(type) ? type : 'application/octet-stream';
}

export async function findFile(db: Executor, scope: PortalScope, id: number): Promise<InPortal<FileRow>> {
  const row = await db
    .selectFrom('files')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('file');
  return { ...row, portal_id: scope };
}

export interface StorageQuota {
  accountBytes: number;
  portalBytes: number;
}

function quotaExceeded(scope: 'account' | 'portal', limit: number, used: number): TooLarge {
  return new TooLarge({
    code: 'QUOTA_EXCEEDED',
    title: 'Storage full',
    detail:
      scope === 'account'
        ? `Your files may take ${limit.toLocaleString('en')} bytes in all; remove some before you upload more.`
        : `This academy's files may take ${limit.toLocaleString('en')} bytes in all; ask its staff to make room.`,
    pointer: '/file',
    meta: { scope, limit_bytes: limit, used_bytes: used },
  });
}

/** What an account and its portal keep: uploads and unpacked SCORM and cmi5 packages (decisions 064, 068). */
async function bytesUsed(db: Executor, scope: PortalScope, accountId: number) {
  const [account, portal, packagesOfAccount, packagesOfPortal, cmi5OfAccount, cmi5OfPortal] =
    await Promise.all([
      db
        .selectFrom('files')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('files')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'))
        .where('portal_id', '=', scope)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('scorm_packages')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('scorm_packages')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'))
        .where('portal_id', '=', scope)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('cmi5_packages')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('cmi5_packages')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'))
        .where('portal_id', '=', scope)
        .executeTakeFirstOrThrow(),
    ]);
  return {
    account: Number(account.bytes) + Number(packagesOfAccount.bytes) + Number(cmi5OfAccount.bytes),
    portal: Number(portal.bytes) + Number(packagesOfPortal.bytes) + Number(cmi5OfPortal.bytes),
  };
}

/** 413 before reading an upload of this size that would not fit in what is left. */
export async function checkQuota(
  db: Executor,
  quota: StorageQuota,
  scope: PortalScope,
  accountId: number,
  incomingBytes: number,
): Promise<void> {
  const used = await bytesUsed(db, scope, accountId);
  if (used.account + incomingBytes > quota.accountBytes)
    throw quotaExceeded('account', quota.accountBytes, used.account);
  if (used.portal + incomingBytes > quota.portalBytes)
    throw quotaExceeded('portal', quota.portalBytes, used.portal);
}

/**
 * Streams an upload into storage under a key of ours, then records it. Over the cap, the partial
 * content is removed and the answer is 413.
 */
export async function storeUpload(
  db: Kysely<Database>,
  storage: FileStorage,
  quota: StorageQuota,
  upload: {
    scope: PortalScope;
    accountId: number;
    name: string;
    contentType: string;
    stream: Readable;
    truncated(): boolean;
  },
): Promise<InPortal<FileRow>> {
  const key = `portal-${upload.scope}/${new Date().getUTCFullYear()}/${randomUUID()}`;
  let size: number;
  try {
    size = await storage.write(key, upload.stream, FILE_UPLOAD_MAX_BYTES);
  } catch (error) {
    await storage.remove(key);
    if (error instanceof FileTooLargeError || upload.truncated()) throw tooLarge();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (upload.truncated()) {
    await storage.remove(key);
    throw tooLarge();
  }
  if (size === 0) {
    await storage.remove(key);
    throw new Invalid([{ pointer: '/file', detail: 'The file is empty.' }]);
  }
  try {
    // Weighed again with the real size, one upload of the portal at a time, so that two uploads at
    // once cannot both take the last room.
    return await db.transaction().execute(async (trx) => {
      await locks.storage(trx, upload.scope);
      await checkQuota(trx, quota, upload.scope, upload.accountId, size);
      const row = await trx
        .insertInto('files')
        .values({
          portal_id: upload.scope,
          account_id: upload.accountId,
          name: upload.name,
          content_type: upload.contentType,
          byte_size: size,
          storage_key: key,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...row, portal_id: upload.scope };
    });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/** Forgets an upload and its content (an upload refused after it was stored). */
export async function removeFile(
  db: Kysely<Database>,
  storage: FileStorage,
  row: InPortal<FileRow>,
): Promise<void> {
  await db.deleteFrom('files').where('id', '=', row.id).execute();
  await storage.remove(row.storage_key);
}

/** Where a file is in use: a course's cover, a learning object, an answer, a portfolio item. */
async function usesOf(db: Executor, file: InPortal<FileRow>): Promise<string[]> {
  const scope = file.portal_id;
  const [cover, learningObject, answer, items] = await Promise.all([
    db
      .selectFrom('courses')
      .select('id')
      .where('portal_id', '=', scope)
      .where('cover_file_id', '=', file.id)
      .executeTakeFirst(),
    db
      .selectFrom('learning_objects')
      .select('id')
      .where('portal_id', '=', scope)
      .where('file_id', '=', file.id)
      .executeTakeFirst(),
    db
      .selectFrom('answers')
      .select('id')
      .where('portal_id', '=', scope)
      .where('file_id', '=', file.id)
      .executeTakeFirst(),
    db
      .selectFrom('portfolio_items')
      .select('file_ids')
      .where('portal_id', '=', scope)
      .where('file_ids', '!=', '[]')
      .where('account_id', '=', file.account_id)
      .execute(),
  ]);
  const uses: string[] = [];
  if (cover) uses.push('course');
  if (learningObject) uses.push('learning_object');
  if (answer) uses.push('answer');
  if (items.some((item) => (JSON.parse(item.file_ids) as unknown[]).map(Number).includes(file.id)))
    uses.push('portfolio_item');
  return uses;
}

/**
 * Deletes an upload and reclaims its storage. A file still in use (a course cover, a learning
 * object, an answer, a portfolio item) is refused with 409: remove it there first. The row goes in
 * one transaction under the portal's storage lock; the bytes go after the commit, so a failure to
 * remove them leaves an orphan object (logged by the caller), never a row without content.
 */
export async function deleteFile(
  db: Kysely<Database>,
  storage: FileStorage,
  file: InPortal<FileRow>,
): Promise<void> {
  const deleted = await db.transaction().execute(async (trx) => {
    await locks.storage(trx, file.portal_id);
    const uses = await usesOf(trx, file);
    if (uses.length > 0) {
      throw new Conflict({
        code: 'FILE_IN_USE',
        title: 'File in use',
        detail: 'This file is still used; remove it where it is used before deleting it.',
        meta: { used_by: uses },
      });
    }
    const result = await trx
      .deleteFrom('files')
      .where('portal_id', '=', file.portal_id)
      .where('id', '=', file.id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
  // Deleted by a request at the same time: that one reclaims the storage.
  if (!deleted) throw new NotFound('file');
  await storage.remove(file.storage_key);
}

/**
 * Answers a stored file's bytes with its type and name: images, PDF, audio, video and plain text in
 * place, everything else (or with `download`) as an attachment. The caller has authorised the reader.
 */
export async function sendFile(
  storage: FileStorage,
  reply: FastifyReply,
  file: FileRow,
  options: { download?: boolean; cache?: string } = {},
): Promise<Record<string, unknown>> {
  const stored = await storage.read(file.storage_key);
  if (!stored)
    throw new NotFound({ code: 'FILE_MISSING', title: 'Not found', detail: 'The file content is missing.' });
  const inline = isInline(file.content_type) && !options.download;
  const asciiName = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply
    .header('content-type', inline ? file.content_type : 'application/octet-stream')
    .header('content-length', String(stored.byteSize))
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', options.cache ?? 'private, max-age=3600');
  // The stream is the body; the route wrapper passes anything without `data` through untouched.
  return stored.stream as unknown as Record<string, unknown>;
}

/** `?download=1` (or `true`) asks for an attachment rather than showing the file in place. */
export const wantsDownload = (value: string | undefined) => value === '1' || value === 'true';

/** The first bytes of a stored file (at most `count`), to recognise its real type. */
export async function leadingBytes(storage: FileStorage, key: string, count = 16): Promise<Buffer> {
  const stored = await storage.read(key);
  if (!stored) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stored.stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= count) break;
    }
  } finally {
    stored.stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** PNG, JPEG or WebP by their signatures (what a browser shows as an image), else null. */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}
