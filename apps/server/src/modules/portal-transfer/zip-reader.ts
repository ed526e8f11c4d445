import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { checkStorageKey } from '../../storage/file-storage';
import { FILE_PREFIX, MANIFEST, TABLE_PREFIX } from './format';
import type { ExportManifest } from './format';

/** Why an upload is not a portal export that can be imported; the import answers 422 with it. */
export class BadExport extends Error {
  constructor(
    message: string,
    readonly code = 'EXPORT_INVALID',
    readonly meta: Record<string, unknown> = { reason: message },
  ) {
    super(message);
  }
}

export interface ZipLimits {
  /** The most bytes all entries may unpack to. */
  maxUnpackedBytes: number;
  /** The most entries. */
  maxEntries: number;
  /** The most an entry of more than a megabyte may unpack to per byte it takes in the zip. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUnpackedBytes: 50 * 1024 ** 3,
  maxEntries: 2_000_000,
  maxRatio: 200,
};

const MANIFEST_MAX_BYTES = 1024 * 1024;

export interface ExportArchive {
  manifest: ExportManifest;
  tables: Set<string>;
  /** Storage keys of the files in the zip. */
  files: Set<string>;
  /** The rows of a table's JSON file, one at a time. */
  rows(table: string): AsyncGenerator<Record<string, unknown>>;
  /** The content of a stored file. */
  file(key: string): Promise<Readable>;
  close(): void;
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    ),
  );
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    ),
  );
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Opens an export and checks it before anything is written: a zip at all, only the names an export
 * has (nothing outside its folders: zip-slip), sizes within the limits (zip bombs), and a manifest
 * of a format this installation reads.
 */
export async function openExport(
  path: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ExportArchive> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    throw new BadExport(`The file is not a zip archive: ${reason(error)}`, 'EXPORT_NOT_ZIP');
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new BadExport(
        `The zip holds ${zip.entryCount} entries; at most ${limits.maxEntries} are read.`,
        'EXPORT_TOO_LARGE',
      );
    let entries: Entry[];
    try {
      entries = await readEntries(zip);
    } catch (error) {
      // yauzl refuses absolute names, `..` and backslashes (zip-slip) while it lists the entries.
      const unsafe = /(?:relative|absolute) path: (.*)$|invalid characters in fileName: (.*)$/.exec(
        reason(error),
      );
      if (unsafe) {
        const name = unsafe[1] ?? unsafe[2] ?? '';
        throw new BadExport(
          `The zip holds "${name}", which is no part of a portal export.`,
          'EXPORT_UNSAFE_NAME',
          {
            name,
          },
        );
      }
      throw new BadExport(`The zip cannot be read: ${reason(error)}`, 'EXPORT_NOT_ZIP');
    }
    const byName = new Map<string, Entry>();
    let unpacked = 0;
    for (const entry of entries) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      if (byName.has(name)) throw new BadExport(`The zip holds "${name}" twice.`);
      const known =
        name === MANIFEST ||
        (name.startsWith(TABLE_PREFIX) && /^[a-z][a-z0-9_]*\.json$/.test(name.slice(TABLE_PREFIX.length))) ||
        (name.startsWith(FILE_PREFIX) && safeKey(name.slice(FILE_PREFIX.length)));
      if (!known)
        throw new BadExport(
          `The zip holds "${name}", which is no part of a portal export.`,
          'EXPORT_UNSAFE_NAME',
          {
            name,
          },
        );
      unpacked += entry.uncompressedSize;
      if (unpacked > limits.maxUnpackedBytes)
        throw new BadExport(
          `The zip unpacks to more than ${limits.maxUnpackedBytes} bytes.`,
          'EXPORT_TOO_LARGE',
        );
      if (
        entry.uncompressedSize > 1024 * 1024 &&
        entry.uncompressedSize > Math.max(1, entry.compressedSize) * limits.maxRatio
      )
        throw new BadExport(
          `"${name}" unpacks to far more than it takes in the zip (a zip bomb).`,
          'EXPORT_TOO_LARGE',
        );
      byName.set(name, entry);
    }
    const manifestEntry = byName.get(MANIFEST);
    if (!manifestEntry) throw new BadExport('The zip has no manifest.json: it is not a portal export.');
    if (manifestEntry.uncompressedSize > MANIFEST_MAX_BYTES)
      throw new BadExport('manifest.json is too large.');
    let manifest: ExportManifest;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await entryStream(zip, manifestEntry)) chunks.push(chunk as Buffer);
      manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportManifest;
    } catch (error) {
      throw new BadExport(`manifest.json cannot be read: ${reason(error)}`);
    }
    if (!manifest || typeof manifest !== 'object' || typeof manifest.counts !== 'object' || !manifest.counts)
      throw new BadExport('manifest.json does not describe a portal export.');

    const tables = new Set(
      [...byName.keys()]
        .filter((name) => name.startsWith(TABLE_PREFIX))
        .map((name) => name.slice(TABLE_PREFIX.length, -'.json'.length)),
    );
    const files = new Set(
      [...byName.keys()]
        .filter((name) => name.startsWith(FILE_PREFIX))
        .map((name) => name.slice(FILE_PREFIX.length)),
    );
    return {
      manifest,
      tables,
      files,
      async *rows(table) {
        const entry = byName.get(`${TABLE_PREFIX}${table}.json`);
        if (!entry) return;
        const lines = createInterface({ input: await entryStream(zip, entry), crlfDelay: Infinity });
        let line = 0;
        for await (const text of lines) {
          line += 1;
          const trimmed = text.trim().replace(/,$/, '');
          if (trimmed === '[' || trimmed === ']' || trimmed === '') continue;
          let row: unknown;
          try {
            row = JSON.parse(trimmed);
          } catch {
            throw new BadExport(`${TABLE_PREFIX}${table}.json line ${line} is not a JSON row.`);
          }
          if (!row || typeof row !== 'object' || Array.isArray(row))
            throw new BadExport(`${TABLE_PREFIX}${table}.json line ${line} is not a row.`);
          yield row as Record<string, unknown>;
        }
      },
      async file(key) {
        const entry = byName.get(`${FILE_PREFIX}${key}`);
        if (!entry) throw new BadExport(`The file ${key} is missing from the zip.`);
        return entryStream(zip, entry);
      },
      close() {
        zip.close();
      },
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function safeKey(key: string): boolean {
  try {
    checkStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
