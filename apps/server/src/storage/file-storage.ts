import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Thrown by `write` when the content is larger than allowed; nothing is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

/**
 * Where uploaded files live. The default keeps them on local disk under the data directory; an
 * S3-compatible adapter can take its place without the modules noticing. Keys are ours (never a
 * name from the client): `portal-<id>/<yyyy>/<random>`.
 */
export interface FileStorage {
  /** Streams `source` into `key` and returns the number of bytes written. */
  write(key: string, source: Readable, maxBytes: number): Promise<number>;
  /** The content, or null when nothing is stored under `key`. */
  read(key: string): Promise<{ stream: Readable; byteSize: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Proves at start-up that files can be stored: writes a small probe and removes it, so a wrong
   * bucket, folder or credential stops the server with a clear message instead of failing the first
   * upload.
   */
  check(): Promise<void>;
}

/** Writes and removes one probe object through `storage`'s own write and remove. */
export async function probeStorage(storage: Pick<FileStorage, 'write' | 'remove'>): Promise<void> {
  const key = `probe/${randomUUID()}.txt`;
  await storage.write(key, Readable.from([Buffer.from('leerpad storage check')]), 1024);
  await storage.remove(key);
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Every adapter accepts the same keys: path segments of letters, digits, `.`, `_` and `-`, never `..`. */
export function checkStorageKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

/** Counts what passes through and fails with FileTooLargeError past `maxBytes`. */
export function byteCap(maxBytes: number): Transform & { bytes(): number } {
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      if (written > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => written });
}

export function localDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkStorageKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  };
  const storage: FileStorage = {
    async write(key, source, maxBytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const partial = `${path}.${process.pid}.${randomUUID()}.partial`;
      const counter = byteCap(maxBytes);
      try {
        await pipeline(source, counter, createWriteStream(partial));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return counter.bytes();
    },
    async read(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), byteSize: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    check: () => probeStorage(storage),
  };
  return storage;
}

export const defaultStorageRoot = (dataDir: string) => join(dataDir, 'files');
