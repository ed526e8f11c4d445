import { finished } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { EXPORTED_TABLES, insertOrder } from './catalogue';
import type { TableSpec } from './catalogue';
import { EXPORT_FORMAT, FILE_PREFIX, MANIFEST, latestMigration, tableEntry } from './format';
import type { ExportManifest } from './format';

/** Rows read per query while a table is written. */
const PAGE = 1000;
/** The largest zip an export may write (the storage adapter stops past it). */
export const EXPORT_MAX_BYTES = 50 * 1024 ** 3;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** The rows of `table` that belong to the portal, as a query to page through. */
function scoped(db: AnyDb, table: string, spec: TableSpec, portalId: number) {
  const base = db.selectFrom(table).selectAll(table);
  if (spec.scope === 'self') return base.where(`${table}.id`, '=', portalId);
  if (spec.scope === 'portal') return base.where(`${table}.portal_id`, '=', portalId);
  const { column, parent } = spec.scope;
  return base.where(
    `${table}.${column}`,
    'in',
    db.selectFrom(parent).select('id').where('portal_id', '=', portalId),
  );
}

async function countRows(db: AnyDb, table: string, spec: TableSpec, portalId: number): Promise<number> {
  const row = (await scoped(db, table, spec, portalId)
    .clearSelect()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/** Every row of the portal in `table`, page by page: by id, or by all columns for keyless tables. */
async function* rowsOf(db: AnyDb, table: string, spec: TableSpec, portalId: number): AsyncGenerator<Row> {
  if (spec.key) {
    const key = spec.key;
    let after = 0;
    for (;;) {
      const rows = (await scoped(db, table, spec, portalId)
        .where(`${table}.${key}`, '>', after)
        .orderBy(`${table}.${key}`)
        .limit(PAGE)
        .execute()) as Row[];
      for (const row of rows) yield row;
      if (rows.length < PAGE) return;
      after = Number(rows[rows.length - 1]![key]);
    }
  }
  const first = (await scoped(db, table, spec, portalId).limit(1).execute()) as Row[];
  if (first.length === 0) return;
  // Ordered by every column, so that pages neither skip nor repeat a row.
  const ordinals = sql.raw(
    Object.keys(first[0]!)
      .map((_, index) => String(index + 1))
      .join(', '),
  );
  for (let offset = 0; ; offset += PAGE) {
    const rows = (await scoped(db, table, spec, portalId)
      .orderBy(sql`${ordinals}`)
      .limit(PAGE)
      .offset(offset)
      .execute()) as Row[];
    for (const row of rows) yield row;
    if (rows.length < PAGE) return;
  }
}

/** A table as a JSON array with one row per line, so that an import can read it row by row. */
async function* tableJson(
  rows: AsyncGenerator<Row>,
  spec: TableSpec,
  counted: (rows: number) => void,
): AsyncGenerator<Buffer> {
  yield Buffer.from('[\n');
  let count = 0;
  for await (const row of rows) {
    const written = { ...row };
    for (const column of Object.keys(spec.secrets ?? {})) delete written[column];
    for (const column of spec.binary ?? [])
      if (written[column] instanceof Uint8Array)
        written[column] = Buffer.from(written[column] as Uint8Array).toString('base64');
    for (const column of spec.jsonText ?? [])
      if (written[column] !== null && typeof written[column] === 'object')
        written[column] = JSON.stringify(written[column]);
    yield Buffer.from(`${count > 0 ? ',\n' : ''}${JSON.stringify(written)}`);
    count += 1;
    counted(count);
  }
  yield Buffer.from(`${count > 0 ? '\n' : ''}]\n`);
}

export interface ExportResult {
  manifest: ExportManifest;
  byteSize: number;
}

/**
 * Streams the portal's zip into `sink` (the storage adapter, or a file for the command line): the
 * manifest, one JSON file per table and `files/<storage key>` for every stored file of the portal,
 * read through `storage`. `progress` hears 0–99 as rows and file bytes are written.
 */
export async function writePortalExport(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  storage: FileStorage,
  portalId: number,
  sink: (zip: Readable) => Promise<number>,
  progress: (percent: number) => Promise<void>,
): Promise<ExportResult> {
  const zip = new yazl.ZipFile();
  const stored = sink(zip.outputStream as unknown as Readable);
  // A storage that stops reading (full, too large) must end the export, not leave it waiting.
  const storageStopped = stored.then(() => {
    throw new Error('The storage stopped reading the export before it was complete.');
  });
  storageStopped.catch(() => undefined);
  const untilDone = (stream: Readable) => Promise.race([finished(stream), storageStopped]);

  const counts: Record<string, number> = {};
  const files: Array<{ key: string; bytes: number }> = [];
  let reported = -1;
  const report = async (done: number, total: number) => {
    const percent = Math.min(99, Math.floor((done / Math.max(1, total)) * 100));
    if (percent > reported) {
      reported = percent;
      await progress(percent);
    }
  };

  const writeTables = async (reader: AnyDb) => {
    const order = insertOrder();
    const totals = new Map<string, number>();
    for (const table of order)
      totals.set(table, await countRows(reader, table, EXPORTED_TABLES[table]!, portalId));
    const fileRows = (await scoped(reader, 'files', EXPORTED_TABLES.files!, portalId)
      .clearSelect()
      .select(['storage_key', 'byte_size'])
      .orderBy('id')
      .execute()) as Array<{ storage_key: string; byte_size: number }>;
    // Stored files that belong to rows of other tables (SCORM packages), without a size of their own.
    const ownedKeys: string[] = [];
    for (const table of order) {
      const spec = EXPORTED_TABLES[table]!;
      if (!spec.storedUnder) continue;
      for await (const row of rowsOf(reader, table, spec, portalId))
        ownedKeys.push(...spec.storedUnder.keys(row));
    }
    const rowTotal = [...totals.values()].reduce((sum, value) => sum + value, 0);
    // Rows and file bytes share the bar: a row weighs as much as a kilobyte of file.
    const total = rowTotal + fileRows.reduce((sum, file) => sum + file.byte_size / 1024, 0);
    let done = 0;
    for (const table of order) {
      const spec = EXPORTED_TABLES[table]!;
      let before = 0;
      const stream = Readable.from(
        tableJson(rowsOf(reader, table, spec, portalId), spec, (count) => {
          done += count - before;
          before = count;
          counts[table] = count;
        }),
      );
      counts[table] = 0;
      zip.addReadStream(stream, tableEntry(table));
      await untilDone(stream);
      await report(done, total);
    }
    return { fileRows, ownedKeys, done, total };
  };

  // PostgreSQL reads every table in one snapshot, so no row points at one written after its table.
  const { fileRows, ownedKeys, done, total } =
    dialect === 'postgres'
      ? await db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            await sql`set transaction read only`.execute(trx);
            return writeTables(trx as unknown as AnyDb);
          })
      : await writeTables(db as unknown as AnyDb);

  let fileDone = done;
  for (const file of fileRows) {
    const content = await storage.read(file.storage_key);
    if (content) {
      zip.addReadStream(content.stream, `${FILE_PREFIX}${file.storage_key}`);
      await untilDone(content.stream);
      files.push({ key: file.storage_key, bytes: content.byteSize });
    }
    fileDone += file.byte_size / 1024;
    await report(fileDone, total);
  }
  let ownedFiles = 0;
  for (const key of ownedKeys) {
    const content = await storage.read(key);
    if (!content) continue;
    zip.addReadStream(content.stream, `${FILE_PREFIX}${key}`);
    await untilDone(content.stream);
    ownedFiles += 1;
  }

  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    migration: latestMigration(),
    portal_id: portalId,
    created_at: new Date().toISOString(),
    counts,
    files: files.length,
    package_files: ownedFiles,
    missing_files: fileRows.length - files.length + ownedKeys.length - ownedFiles,
    left_out:
      'sessions, API tokens, LRS credentials, payment keys, signing keys, webhook secrets (decisions 059, 067)',
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST);
  zip.end();
  const byteSize = await stored;
  return { manifest, byteSize };
}
