import type { Kysely } from 'kysely';

/** An upvote counts once per account; the e-mail the voter types no longer decides (older rows have none). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('feedback_upvotes')
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('feedback_upvotes_account')
    .unique()
    .on('feedback_upvotes')
    .columns(['project_id', 'account_id'])
    .execute();
}
