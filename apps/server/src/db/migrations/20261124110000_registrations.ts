import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Sign-ups waiting for their e-mail address to be confirmed: registering answers the same whether
 * or not the address has an account, and only the mailbox's owner can finish it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('registrations')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  // One waiting sign-up per address and portal: signing up again replaces the link.
  await db.schema
    .createIndex('registrations_portal_email')
    .unique()
    .on('registrations')
    .columns(['portal_id', 'email'])
    .execute();
}
