import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../dialect';

/**
 * A classmate added to a group answer is first invited: they join the answer (answer_members) only
 * once they accept. Existing memberships are accepted ones and stay as they are. A declined invitation
 * is kept so the author sees it; it never blocks the classmate's own answer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = timestampType(dialectOf(db));
  await db.schema
    .createTable('answer_invitations')
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('answers.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('answer_invitations_pk', ['answer_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('answer_invitations_account')
    .on('answer_invitations')
    .columns(['account_id', 'learning_object_id'])
    .execute();
}
