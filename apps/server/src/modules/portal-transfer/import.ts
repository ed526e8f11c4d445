import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { EXPORTED_TABLES, insertOrder, referencedTable } from './catalogue';
import type { TableSpec } from './catalogue';
import { EXPORT_FORMAT, knowsMigration } from './format';
import { BadExport, DEFAULT_ZIP_LIMITS, openExport } from './zip-reader';
import type { ExportArchive, ZipLimits } from './zip-reader';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any> | Transaction<any>;
type Row = Record<string, unknown>;

/** The domains an import would give the new portal that another portal has already (409). */
export class DomainsTaken extends Error {
  constructor(readonly taken: Array<{ index: number; domain: string }>) {
    super(`These domains belong to another portal already: ${taken.map((t) => t.domain).join(', ')}.`);
  }
}

export interface ImportOptions {
  /** The new portal's domains instead of the exported ones. */
  domains?: string[];
  /** The new portal's name instead of the exported one. */
  name?: string;
  /** The largest file the storage takes. */
  maxFileBytes?: number;
  limits?: ZipLimits;
}

export interface ImportResult {
  portalId: number;
  name: string;
  domains: string[];
  counts: Record<string, number>;
  files: number;
}

/** The ids an import gave: old id in the export → new id, per table. */
class IdMap {
  private readonly tables = new Map<string, Map<string, number>>();
  set(table: string, oldId: unknown, newId: number) {
    let map = this.tables.get(table);
    if (!map) this.tables.set(table, (map = new Map()));
    map.set(String(oldId), newId);
  }
  get(table: string, oldId: unknown): number | undefined {
    return this.tables.get(table)?.get(String(oldId));
  }
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Checks domain overrides: host names (optionally with a port), each once. */
export function domainProblems(domains: string[]): Array<{ index: number; detail: string }> {
  const seen = new Set<string>();
  const problems: Array<{ index: number; detail: string }> = [];
  domains.forEach((domain, index) => {
    if (!DOMAIN.test(domain)) problems.push({ index, detail: `"${domain}" is not a host name.` });
    else if (seen.has(domain)) problems.push({ index, detail: `"${domain}" is named twice.` });
    seen.add(domain);
  });
  return problems;
}

async function exportedDomains(archive: ExportArchive): Promise<string[]> {
  const domains: string[] = [];
  for await (const row of archive.rows('portal_domains')) domains.push(String(row.domain));
  return domains;
}

/**
 * Loads a portal export from the zip at `path` as a new portal, in one transaction: every id is given
 * anew and every reference (foreign keys, ids kept without one, ids inside JSON) follows; files are
 * written through the storage adapter under new keys. A broken zip or a row that cannot be written
 * leaves nothing behind (BadExport); a domain of another portal is a DomainsTaken.
 */
export async function importPortal(
  db: Kysely<Database>,
  storage: FileStorage,
  path: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const archive = await openExport(path, options.limits ?? DEFAULT_ZIP_LIMITS);
  const written: string[] = [];
  try {
    const { manifest } = archive;
    if (manifest.format !== EXPORT_FORMAT)
      throw new BadExport(
        `This installation reads export format ${EXPORT_FORMAT}, not ${String(manifest.format)}.`,
        'EXPORT_FORMAT',
      );
    if (typeof manifest.migration !== 'string' || !knowsMigration(manifest.migration))
      throw new BadExport(
        `The export was made by a newer Leerpad (schema ${String(manifest.migration)}); upgrade this installation first.`,
        'EXPORT_NEWER',
      );
    for (const table of archive.tables)
      if (!EXPORTED_TABLES[table]) throw new BadExport(`The zip holds the unknown table ${table}.`);
    if (!archive.tables.has('portals')) throw new BadExport('The zip holds no portal.');

    const domains = options.domains ?? (await exportedDomains(archive));
    const taken = await db
      .selectFrom('portal_domains')
      .select('domain')
      .where('domain', 'in', domains.length > 0 ? domains : [''])
      .execute();
    if (taken.length > 0) {
      const names = new Set(taken.map((row) => row.domain));
      throw new DomainsTaken(
        domains.map((domain, index) => ({ index, domain })).filter(({ domain }) => names.has(domain)),
      );
    }

    // Files go to storage first, outside the transaction: a long upload (S3) must not hold it open
    // idle. Their keys are new and unknown to any row until the transaction commits.
    const stored = new Map<string, string>();
    const batch = randomUUID();
    for await (const file of archive.rows('files')) {
      const key = String(file.storage_key);
      if (!archive.files.has(key))
        throw new BadExport(`The file ${key} is missing from the zip.`, 'EXPORT_INCOMPLETE');
      const newKey = `imported/${batch}/${randomUUID()}`;
      await storage.write(newKey, await archive.file(key), options.maxFileBytes ?? Number.MAX_SAFE_INTEGER);
      written.push(newKey);
      stored.set(key, newKey);
    }
    // Files a row keeps under a prefix of its own (SCORM and cmi5 packages) move to a new prefix per row.
    const prefixes = new Map<string, string>();
    for (const table of insertOrder()) {
      const under = EXPORTED_TABLES[table]!.storedUnder;
      if (!under) continue;
      for await (const row of archive.rows(table)) {
        const prefix = String(row[under.column]);
        // No files of its own (a cmi5 course whose units are all elsewhere): nothing to move.
        if (prefix === '') continue;
        if (prefixes.has(prefix)) throw new BadExport(`${table}: two rows share the files under ${prefix}.`);
        const newPrefix = `imported/${batch}/${randomUUID()}`;
        prefixes.set(prefix, newPrefix);
        for (const key of under.keys(row)) {
          if (!key.startsWith(`${prefix}/`) || !archive.files.has(key))
            throw new BadExport(`The file ${key} is missing from the zip.`, 'EXPORT_INCOMPLETE');
          const newKey = `${newPrefix}${key.slice(prefix.length)}`;
          await storage.write(
            newKey,
            await archive.file(key),
            options.maxFileBytes ?? Number.MAX_SAFE_INTEGER,
          );
          written.push(newKey);
        }
      }
    }
    const result = await db
      .transaction()
      .execute(async (trx) =>
        loadRows(trx as unknown as AnyDb, archive, { ...options, domains }, stored, prefixes),
      );
    return { ...result, domains };
  } catch (error) {
    // Files written before the transaction failed are removed again: nothing stays behind.
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
    if (error instanceof BadExport || error instanceof DomainsTaken) throw error;
    throw new BadExport(
      `The export could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      'EXPORT_ROW_FAILED',
    );
  } finally {
    archive.close();
  }
}

async function loadRows(
  trx: AnyDb,
  archive: ExportArchive,
  options: ImportOptions & { domains: string[] },
  stored: Map<string, string>,
  prefixes: Map<string, string>,
): Promise<Omit<ImportResult, 'domains'>> {
  const ids = new IdMap();
  const counts: Record<string, number> = {};
  const restores: Array<{ table: string; id: number; values: Row }> = [];
  let portalId = 0;
  let portalName = '';
  let files = 0;

  const remap = (table: string, oldId: unknown, where: string): number => {
    const found = ids.get(table, oldId);
    if (found === undefined)
      throw new BadExport(
        `${where} points at ${table} ${String(oldId)}, which is not in the export.`,
        'EXPORT_DANGLING',
      );
    return found;
  };

  for (const table of insertOrder()) {
    const spec: TableSpec = EXPORTED_TABLES[table]!;
    const selfRefs: Array<{ id: number; column: string; oldId: unknown }> = [];
    let count = 0;
    if (spec.derived) await trx.deleteFrom(table).where('portal_id', '=', portalId).execute();
    if (table === 'portal_domains') {
      for (const domain of options.domains)
        await trx.insertInto('portal_domains').values({ portal_id: portalId, domain }).execute();
    }
    for await (const exported of archive.rows(table)) {
      count += 1;
      const where = `${table} row ${count}`;
      if (table === 'portal_domains') continue;
      const row: Row = { ...exported };
      const oldId = spec.key ? row[spec.key] : undefined;
      if (spec.key) delete row[spec.key];
      if (table === 'portals') {
        if (count > 1) throw new BadExport('The zip holds more than one portal.');
        if (options.name) row.name = options.name;
        portalName = String(row.name);
      } else {
        if ('portal_id' in row || spec.scope === 'portal') row.portal_id = portalId;
      }
      for (const [column, reference] of Object.entries(spec.refs)) {
        const value = row[column];
        if (value === null || value === undefined) continue;
        if (spec.clear?.includes(column)) {
          row[column] = null;
          continue;
        }
        const target = referencedTable(reference, row);
        if (!target) throw new BadExport(`${where}: ${column} names no known kind of record.`);
        if (target === table && spec.key) {
          // A reference to a row of the same table is filled in once the whole table is in.
          selfRefs.push({ id: -1, column, oldId: value });
          row[column] = null;
          continue;
        }
        row[column] = remap(target, value, `${where} (${column})`);
      }
      for (const [column, rewrite] of Object.entries(spec.json ?? {})) {
        if (typeof row[column] !== 'string') continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(row[column] as string);
        } catch {
          continue;
        }
        row[column] = JSON.stringify(
          rewrite(parsed, (target, id) => {
            const found = ids.get(target, id);
            if (found === undefined)
              throw new BadExport(
                `${where} (${column}) points at ${target} ${String(id)}, which is not in the export.`,
                'EXPORT_DANGLING',
              );
            return typeof id === 'string' ? String(found) : found;
          }),
        );
      }
      for (const [column, make] of Object.entries(spec.secrets ?? {})) row[column] = make();
      Object.assign(row, spec.importAs ?? {});
      for (const [column, make] of Object.entries(spec.globallyUnique ?? {})) {
        if (row[column] == null) continue;
        const clash = await trx
          .selectFrom(table)
          .select(column)
          .where(column, '=', row[column])
          .executeTakeFirst();
        if (clash) row[column] = make();
      }
      for (const column of spec.binary ?? [])
        if (typeof row[column] === 'string') row[column] = Buffer.from(row[column] as string, 'base64');
      for (const column of spec.jsonText ?? [])
        if (row[column] !== null && typeof row[column] === 'object')
          row[column] = JSON.stringify(row[column]);
      if (spec.storedUnder && row[spec.storedUnder.column] !== '') {
        const prefix = prefixes.get(String(row[spec.storedUnder.column]));
        if (!prefix)
          throw new BadExport(`${where}: its files are missing from the zip.`, 'EXPORT_INCOMPLETE');
        row[spec.storedUnder.column] = prefix;
      }
      if (table === 'files') {
        const key = stored.get(String(row.storage_key));
        if (!key)
          throw new BadExport(`${where}: its file ${String(row.storage_key)} is missing from the zip.`);
        row.storage_key = key;
        files += 1;
      }
      const restored = spec.restore
        ? Object.fromEntries(
            spec.restore.filter((column) => column in row).map((column) => [column, row[column]]),
          )
        : null;

      let newId = 0;
      if (spec.key) {
        const inserted = (await trx
          .insertInto(table)
          .values(row)
          .returning(spec.key)
          .executeTakeFirstOrThrow()) as Record<string, number>;
        newId = Number(inserted[spec.key]);
        ids.set(table, oldId, newId);
        for (const self of selfRefs) if (self.id === -1) self.id = newId;
      } else {
        await trx.insertInto(table).values(row).execute();
      }
      if (table === 'portals') portalId = newId;
      if (restored && Object.keys(restored).length > 0) restores.push({ table, id: newId, values: restored });
    }
    for (const self of selfRefs)
      await trx
        .updateTable(table)
        .set({ [self.column]: remap(table, self.oldId, `${table} ${self.id} (${self.column})`) })
        .where(spec.key ?? 'id', '=', self.id)
        .execute();
    const expected = archive.manifest.counts[table];
    if (expected !== undefined && expected !== count)
      throw new BadExport(
        `${table} holds ${count} rows; the manifest says ${expected}.`,
        'EXPORT_INCOMPLETE',
      );
    counts[table] = count;
    if (table === 'portals' && count === 0) throw new BadExport('The zip holds no portal.');
  }
  // Figures kept by triggers while rows went in are set back to what the export says.
  for (const restore of restores)
    await trx.updateTable(restore.table).set(restore.values).where('id', '=', restore.id).execute();
  return { portalId, name: portalName, counts, files };
}
