import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Acting as a user: a support user's session acts as another account, with a reason, for at most an
 * hour. One open act per session (a partial unique index), so two clicks at once never open two.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('impersonations')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('set null'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('ended_at', timestamp)
    .execute();
  await sql`create unique index impersonations_open_per_session on impersonations (session_id) where ended_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('impersonations_account')
    .on('impersonations')
    .columns(['account_id', 'started_at'])
    .execute();
}
