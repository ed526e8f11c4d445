/**
 * `npm run portal -- export <portal id or domain> [file]` and
 * `npm run portal -- import <file> [--domains a.example,b.example] [--name "New name"]`: one portal
 * of the installation of DATABASE_URL and LEERPAD_STORAGE_URL to a zip and back (decision 059).
 */
import { createWriteStream, existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { writePortalExport } from './modules/portal-transfer/export';
import { DomainsTaken, domainProblems, importPortal } from './modules/portal-transfer/import';
import { BadExport } from './modules/portal-transfer/zip-reader';
import { storageFor } from './storage/storage-for';

const USAGE =
  'Usage: npm run portal -- export <portal id or domain> [file.zip]\n' +
  '       npm run portal -- import <file.zip> [--domains a.example,b.example] [--name "Portal name"]\n';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(): Promise<number> {
  const [command, subject, ...rest] = process.argv.slice(2);
  if (!subject || (command !== 'export' && command !== 'import')) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = openDatabase(config.databaseUrl, config.databaseKind);
  const storage = storageFor(config.storage);
  try {
    await migrateToLatest(database.db);
    if (command === 'export') {
      const found = await database.db
        .selectFrom('portals')
        .leftJoin('portal_domains', 'portal_domains.portal_id', 'portals.id')
        .select(['portals.id', 'portals.name'])
        .where((eb) =>
          /^\d+$/.test(subject)
            ? eb('portals.id', '=', Number(subject))
            : eb('portal_domains.domain', '=', subject.toLowerCase()),
        )
        .executeTakeFirst();
      if (!found) {
        process.stderr.write(`There is no portal ${subject}.\n`);
        return 1;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      const file = rest[0] ?? `portal-${found.id}-${stamp}.zip`;
      if (existsSync(file)) {
        process.stderr.write(`${file} exists already; choose a new file name.\n`);
        return 1;
      }
      const started = Date.now();
      const result = await writePortalExport(
        database.db,
        database.kind,
        storage,
        found.id,
        async (zip: Readable) => {
          const out = createWriteStream(file, { flags: 'wx' });
          await pipeline(zip, out);
          return out.bytesWritten;
        },
        async (percent) => {
          process.stdout.write(`\rExporting ${found.name}: ${percent}%`);
        },
      );
      const rows = Object.values(result.manifest.counts).reduce((sum, count) => sum + count, 0);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\rExported ${found.name} (portal ${found.id}) to ${file}: ${rows} rows, ${result.manifest.files} files, ${result.byteSize} bytes in ${seconds} s.\n`,
      );
      if (result.manifest.missing_files > 0)
        process.stdout.write(
          `${result.manifest.missing_files} file(s) the rows name were missing from storage.\n`,
        );
      return 0;
    }
    const domains = option(rest, '--domains')
      ?.split(/[\s,]+/)
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean);
    const problems = domainProblems(domains ?? []);
    if (problems.length > 0) {
      process.stderr.write(`${problems.map((problem) => problem.detail).join('\n')}\n`);
      return 2;
    }
    const started = Date.now();
    const result = await importPortal(database.db, storage, subject, {
      domains,
      name: option(rest, '--name'),
    });
    const rows = Object.values(result.counts).reduce((sum, count) => sum + count, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Imported ${result.name} as portal ${result.portalId} on ${result.domains.join(', ')}: ${rows} rows, ${result.files} files in ${seconds} s.\n` +
        'Running servers serve it on its domains within seconds.\n',
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainsTaken) {
      process.stderr.write(`${error.message}\nChoose other domains with --domains.\n`);
      return 1;
    }
    if (error instanceof BadExport) {
      process.stderr.write(`Nothing was imported: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
