import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Invalid, TooLarge } from '../../domain/errors';
import { FileTooLargeError, byteCap } from '../../storage/file-storage';

/** The largest export zip an upload may bring. */
export const PORTAL_IMPORT_MAX_BYTES = 20 * 1024 ** 3;

export interface ImportUpload {
  path: string;
  fields: Record<string, string>;
  remove(): Promise<void>;
}

/**
 * Receives the multipart upload of an import: the zip (field "file") into a temporary file, since
 * a zip is read from its end; the other fields as text.
 */
export async function receiveImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const folder = join(tmpdir(), 'leerpad-imports');
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.zip`);
  const remove = () => rm(path, { force: true });
  const fields: Record<string, string> = {};
  let received = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: PORTAL_IMPORT_MAX_BYTES } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          throw new Invalid([
            { pointer: '/file', code: 'ONE_FILE_PER_REQUEST', detail: 'Send one file per request.' },
          ]);
        }
        await pipeline(part.file, byteCap(PORTAL_IMPORT_MAX_BYTES), createWriteStream(path));
        if (part.file.truncated) throw new FileTooLargeError(PORTAL_IMPORT_MAX_BYTES);
        received = true;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await remove();
    if (error instanceof FileTooLargeError)
      throw new TooLarge({
        code: 'FILE_TOO_LARGE',
        title: 'Too large',
        detail: `The export is larger than ${PORTAL_IMPORT_MAX_BYTES} bytes.`,
        pointer: '/file',
      });
    throw error;
  }
  if (!received) {
    await remove();
    throw new Invalid([
      { pointer: '/file', code: 'FILE_MISSING', detail: 'Choose a portal export (.zip) to import.' },
    ]);
  }
  return { path, fields, remove };
}
