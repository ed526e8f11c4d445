/**
 * Backups of the whole database: SQLite's online backup (consistent while the server runs) or
 * pg_dump's custom format; restore puts one back into the same database (stop the servers first,
 * start them after: a running server keeps caches and job state of the database it had). Uploaded files
 * live in LEERPAD_DATA_DIR/files and are copied with the data folder (docs/deployment.md).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, renameSync, rmSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseKind } from '../config';
import { sqlitePath } from './connection';

function run(command: string, args: string[], output: 'inherit' | 'ignore' = 'inherit'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', output, 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`${command} could not run (${error.message}); install the PostgreSQL client tools.`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`)),
    );
  });
}

export async function backupDatabase(url: string, kind: DatabaseKind, file: string): Promise<void> {
  if (existsSync(file)) throw new Error(`${file} exists already; choose a new file name.`);
  if (kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url]);
    return;
  }
  const path = sqlitePath(url);
  if (!existsSync(path)) throw new Error(`There is no database at ${path}.`);
  const source = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
}

export interface RestoreReport {
  /** Other sessions on the database while it was restored (a server still running). */
  otherConnections: number;
}

export async function restoreDatabase(url: string, kind: DatabaseKind, file: string): Promise<RestoreReport> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  if (kind === 'postgres') return restorePostgres(url, file);
  const path = sqlitePath(url);
  // Check it is a readable SQLite database before anything is replaced.
  const backup = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
  } finally {
    backup.close();
  }
  const staging = `${path}.restoring`;
  const copy = new SqliteDatabase(file, { readonly: true });
  try {
    await copy.backup(staging);
  } finally {
    copy.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  renameSync(staging, path);
  return { otherConnections: 0 };
}

/**
 * Empties what a backup brings back, in the restore's own transaction: pg-boss's schema (its
 * partitioned job tables, whose inherited primary keys `pg_restore --clean` cannot drop), and the
 * app's tables, views, sequences, functions and types in `public`. Extensions stay, with their objects.
 */
const EMPTY_DATABASE = `
SET LOCAL client_min_messages = warning;
DROP SCHEMA IF EXISTS pgboss CASCADE;
DO $$
DECLARE item record;
BEGIN
  FOR item IN
    SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    ORDER BY c.relkind DESC
  LOOP
    EXECUTE format('DROP %s IF EXISTS public.%I CASCADE',
      CASE item.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
        WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, item.relname);
  END LOOP;
  FOR item IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', item.relname);
  END LOOP;
  FOR item IN
    SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', item.signature);
  END LOOP;
  FOR item IN
    SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'c')
      AND (t.typrelid = 0 OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', item.typname);
  END LOOP;
END $$;
`;

/**
 * Restores a pg_dump file into the database of `url`, whatever it holds now, as one transaction:
 * pg_restore writes the backup as SQL, psql runs it after emptying the database, and COMMIT is sent
 * only once pg_restore has read the whole file. A file that is not a backup, or a failure halfway,
 * leaves the database as it was.
 */
async function restorePostgres(url: string, file: string): Promise<RestoreReport> {
  // Read the file's table of contents first: a file that is not a backup stops here.
  await run('pg_restore', ['--list', file], 'ignore');
  const otherConnections = await countOtherConnections(url);
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${url}`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let psqlErrors = '';
  psql.stderr.on('data', (chunk: Buffer) => (psqlErrors += chunk.toString()));
  const psqlExit = new Promise<number>((resolve, reject) => {
    psql.once('error', (error) =>
      reject(new Error(`psql could not run (${error.message}); install the PostgreSQL client tools.`)),
    );
    psql.once('exit', (code) => resolve(code ?? 1));
  });
  // psql may stop reading (ON_ERROR_STOP); its exit code tells why, not the broken pipe.
  psql.stdin.on('error', () => undefined);
  const write = async (text: string | Buffer) => {
    if (!psql.stdin.write(text)) await Promise.race([once(psql.stdin, 'drain'), psqlExit]);
  };
  const restore = spawn('pg_restore', ['--no-owner', '--no-comments', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let restoreErrors = '';
  restore.stderr.on('data', (chunk: Buffer) => (restoreErrors += chunk.toString()));
  const restoreExit = new Promise<number>((resolve) => restore.once('exit', (code) => resolve(code ?? 1)));
  await write('BEGIN;\n');
  await write(EMPTY_DATABASE);
  for await (const chunk of restore.stdout) await write(chunk as Buffer);
  const restoreCode = await restoreExit;
  // Without COMMIT, psql's session ends and PostgreSQL rolls everything back.
  if (restoreCode === 0) await write('COMMIT;\n');
  psql.stdin.end();
  const psqlCode = await psqlExit;
  if (restoreCode !== 0) throw new Error(`pg_restore failed (${restoreCode}): ${restoreErrors.trim()}`);
  if (psqlCode !== 0)
    throw new Error(`The restore was rolled back; the database is unchanged: ${psqlErrors.trim()}`);
  return { otherConnections };
}

async function countOtherConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}
