import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { dialectOf } from './dialect';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // The migration under way, so that a failure names it even when the database went away before
  // Kysely could record a result for it.
  let running: string | null = null;
  const tracked: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(migrations)) {
    tracked[name] = {
      ...migration,
      up: async (database) => {
        running = name;
        await migration.up(database);
      },
    };
  }
  // A database made before a migration with an earlier name landed still takes it (areas that
  // grew side by side carry interleaved timestamps); each migration runs once, by name.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => tracked },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failedResult = results?.find((result) => result.status === 'Error')?.migrationName;
  if (error || failedResult) {
    const failed = failedResult ?? running;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed
        ? `Migration ${failed} failed: ${reason}`
        : `Could not read which migrations have run (none was started): ${reason}`,
    );
  }
}

/** Any 64-bit number of our own: the first-start lock, the same on every instance. */
const STARTUP_LOCK_KEY = 'leerpad:startup';

/**
 * Runs the first-start work (migrations, first portal, demo data) on one connection that holds a
 * PostgreSQL session advisory lock, so that instances starting together take turns: the second one
 * finds the schema migrated and the portal made. SQLite has one process per file and needs none.
 */
export async function withStartupLock<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database>) => Promise<T>,
  onWait: (message: string) => void = () => undefined,
): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work(db);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(hashtextextended(${STARTUP_LOCK_KEY}, 0)) as locked`.execute(connection);
    if (!rows[0]?.locked) {
      onWait('Waiting for another instance to finish migrating and setting up the database');
      await sql`select pg_advisory_lock(hashtextextended(${STARTUP_LOCK_KEY}, 0))`.execute(connection);
    }
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${STARTUP_LOCK_KEY}, 0))`
        .execute(connection)
        .catch(() => undefined);
    }
  });
}
