import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = identityType(dialect);
  const timestamp = timestampType(dialect);
  const primary = <T extends { primaryKey(): { autoIncrement(): unknown } }>(c: T) =>
    (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()) as T;

  // Product feedback is about Leerpad itself, so projects are shared by every portal.
  await db.schema
    .createTable('feedback_projects')
    .addColumn('id', id, primary)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('upvotes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('feedback_notes')
    .addColumn('id', id, primary)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('project_id', 'integer', (c) => c.references('feedback_projects.id').onDelete('set null'))
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('url', 'text')
    .addColumn('entity', 'text')
    .addColumn('segments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_notes_portal').on('feedback_notes').column('portal_id').execute();

  await db.schema
    .createTable('feedback_upvotes')
    .addColumn('id', id, primary)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('feedback_projects.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('feedback_upvotes_unique', ['project_id', 'email'])
    .execute();
}
