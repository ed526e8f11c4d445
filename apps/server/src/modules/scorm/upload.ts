import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SCORM_PACKAGE_MAX_BYTES } from '@leerpad/core';
import type { FastifyRequest } from 'fastify';
import { Invalid, TooLarge } from '../../domain/errors';
import { byteCap, FileTooLargeError } from '../../storage/file-storage';
import { cleanFileName } from '../files/service';

export const packageTooLarge = () =>
  new TooLarge({
    code: 'SCORM_PACKAGE_TOO_LARGE',
    title: 'Package too large',
    detail: `A SCORM package may be at most ${SCORM_PACKAGE_MAX_BYTES.toLocaleString('en')} bytes.`,
    pointer: '/file',
    meta: { max_bytes: SCORM_PACKAGE_MAX_BYTES },
  });

/**
 * Receives the one zip of a multipart upload into a temporary file (a zip is read from its end, so
 * it cannot be unpacked while it streams in) and hands its path to `use`; the file goes afterwards.
 */
export async function withUploadedZip<T>(
  request: FastifyRequest,
  use: (zip: { path: string; name: string }) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > SCORM_PACKAGE_MAX_BYTES + 64 * 1024) throw packageTooLarge();
  const dir = await mkdtemp(join(tmpdir(), 'leerpad-scorm-'));
  try {
    let received: { path: string; name: string } | null = null;
    for await (const part of request.parts({ limits: { fileSize: SCORM_PACKAGE_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (received || part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const path = join(dir, 'package.zip');
      try {
        await pipeline(part.file, byteCap(SCORM_PACKAGE_MAX_BYTES), createWriteStream(path));
      } catch (error) {
        if (error instanceof FileTooLargeError) throw packageTooLarge();
        throw error;
      }
      if (part.file.truncated) throw packageTooLarge();
      received = { path, name: cleanFileName(part.filename) };
    }
    if (!received)
      throw new Invalid([{ pointer: '/file', code: 'FILE_MISSING', detail: 'Choose a zip file to upload.' }]);
    return await use(received);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw packageTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new Invalid([
        { pointer: '/file', code: 'ONE_FILE_PER_REQUEST', detail: 'Send one file per request.' },
      ]);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
