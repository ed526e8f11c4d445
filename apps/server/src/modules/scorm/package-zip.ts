import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { SCORM_MAX_COMPRESSION_RATIO, SCORM_MAX_FILES, SCORM_UNPACKED_MAX_BYTES } from '@leerpad/core';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { DomainError, Invalid } from '../../domain/errors';
import type { FileStorage } from '../../storage/file-storage';
import { packagePath, parseManifest } from './manifest';
import type { ScormManifest } from './manifest';

/** A file of a package: its path in the zip, its size, its type; stored under `<prefix>/<index>`. */
export interface PackageFile {
  path: string;
  size: number;
  type: string;
}

export const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;

function refuse(code: string, detail: string, meta: Record<string, unknown> = {}): never {
  throw new Invalid([{ pointer: '/file', code, detail, meta }]);
}

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    ),
  );

async function entriesOf(zip: ZipFile): Promise<Entry[]> {
  const entries: Entry[] = [];
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > SCORM_MAX_FILES) {
        reject(
          new Invalid([
            {
              pointer: '/file',
              code: 'SCORM_ZIP_BOMB',
              detail: `A package may hold at most ${SCORM_MAX_FILES} files.`,
              meta: { limit: SCORM_MAX_FILES },
            },
          ]),
        );
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

const streamOf = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))),
  );

async function readText(zip: ZipFile, entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await streamOf(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  swf: 'application/octet-stream',
};
export const contentTypeOf = (path: string) =>
  TYPES[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * Reads an uploaded zip, checks everything before a byte is stored (paths that leave the package,
 * too many files, too much unpacked or too high a compression ratio, the manifest and its launch
 * files), then stores every file under a fresh prefix. On any failure nothing is left in storage.
 */
export function unpackPackage(
  zipPath: string,
  storage: FileStorage,
  prefix: string,
  /** Refuses (quota) before anything is stored, with the unpacked size. */
  checkRoom: (bytes: number) => Promise<void>,
): Promise<{ manifest: ScormManifest; files: PackageFile[]; byteSize: number }> {
  return unpackArchive(zipPath, storage, prefix, checkRoom, {
    manifestName: 'imsmanifest.xml',
    missing: () =>
      refuse(
        'SCORM_MANIFEST_MISSING',
        'The zip has no imsmanifest.xml at its top level: is it a SCORM package?',
      ),
    tooLarge: () => refuse('SCORM_MANIFEST_INVALID', 'imsmanifest.xml is too large.', { line: 1 }),
    parse: parseManifest,
  });
}

/** The file that describes a kind of package (imsmanifest.xml, cmi5.xml) and how it is read. */
export interface PackageDescriptor<T> {
  /** Its path at the package's top level. */
  manifestName: string;
  /** Refusals when it is not there or too large to read. */
  missing: () => never;
  tooLarge: () => never;
  /** Reads it, knowing the paths the package holds; refuses what does not fit. */
  parse: (text: string, paths: ReadonlySet<string>) => T;
}

/**
 * The checks and storage of `unpackPackage` for any kind of package: the descriptor names the file
 * that describes it and how that is read.
 */
export async function unpackArchive<T>(
  zipPath: string,
  storage: FileStorage,
  prefix: string,
  checkRoom: (bytes: number) => Promise<void>,
  descriptor: PackageDescriptor<T>,
): Promise<{ manifest: T; files: PackageFile[]; byteSize: number }> {
  let zip: ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch {
    refuse('SCORM_ZIP_UNREADABLE', 'The upload is not a zip file that can be read.');
  }
  const written: string[] = [];
  try {
    let entries: Entry[];
    try {
      entries = await entriesOf(zip);
    } catch (error) {
      if (error instanceof Invalid) throw error;
      // yauzl refuses names that climb out (`../x`) or are absolute as it lists them.
      const unsafe = /invalid relative path|absolute path|invalid characters in fileName/i.exec(
        (error as Error).message,
      );
      if (unsafe)
        refuse(
          'SCORM_UNSAFE_PATH',
          `The zip holds a path that leaves the package: ${(error as Error).message}.`,
          {
            path: (error as Error).message.split(': ').pop() ?? '',
          },
        );
      refuse('SCORM_ZIP_UNREADABLE', 'The upload is not a zip file that can be read.');
    }
    const files: Array<PackageFile & { entry: Entry }> = [];
    let total = 0;
    for (const entry of entries) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      const path = packagePath(name);
      if (path === null || name.startsWith('/') || /^[a-z]:/i.test(name) || name.includes('\\'))
        refuse('SCORM_UNSAFE_PATH', `The zip holds a path that leaves the package: ${name}.`, { path: name });
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        total > SCORM_UNPACKED_MAX_BYTES ||
        (entry.uncompressedSize > 1024 * 1024 && ratio > SCORM_MAX_COMPRESSION_RATIO)
      )
        refuse(
          'SCORM_ZIP_BOMB',
          `The package unpacks to too much (at most ${SCORM_UNPACKED_MAX_BYTES.toLocaleString('en')} bytes, and at most ${SCORM_MAX_COMPRESSION_RATIO} times its compressed size per file).`,
          { limit: SCORM_UNPACKED_MAX_BYTES },
        );
      files.push({ path, size: entry.uncompressedSize, type: contentTypeOf(path), entry });
    }
    const manifestEntry = files.find((file) => file.path === descriptor.manifestName);
    if (!manifestEntry) descriptor.missing();
    if (manifestEntry.size > MANIFEST_MAX_BYTES) descriptor.tooLarge();
    const manifest = descriptor.parse(
      await readText(zip, manifestEntry.entry),
      new Set(files.map((file) => file.path)),
    );
    await checkRoom(total);
    for (const [index, file] of files.entries()) {
      const key = `${prefix}/${index}`;
      written.push(key);
      // yauzl checks the inflated size against the declared one, so a lying header fails here.
      await storage.write(key, await streamOf(zip, file.entry), file.size);
    }
    return {
      manifest,
      files: files.map(({ path, size, type }) => ({ path, size, type })),
      byteSize: total,
    };
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
    if (error instanceof DomainError) throw error;
    refuse('SCORM_ZIP_UNREADABLE', `The zip could not be unpacked: ${(error as Error).message}.`);
  } finally {
    zip.close();
  }
}

export const newPackagePrefix = (portalId: number, kind: 'scorm' | 'cmi5' = 'scorm') =>
  `${kind}/portal-${portalId}/${randomUUID()}`;
