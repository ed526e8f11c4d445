import type { Kysely } from 'kysely';

/**
 * The admin dashboard counts per week and month (GET /v1/admin/overview): each of its grouped
 * queries reads one portal's rows in a time range, so each gets an index on (portal, time).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const indexes: Array<[string, string, string]> = [
    ['enrollments_portal_enrolled', 'enrollments', 'enrolled_at'],
    ['enrollments_portal_completed', 'enrollments', 'completed_at'],
    ['learning_object_progress_portal_updated', 'learning_object_progress', 'updated_at'],
    ['accounts_portal_created', 'accounts', 'created_at'],
    ['orders_portal_paid', 'orders', 'paid_at'],
  ];
  for (const [name, table, column] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(['portal_id', column]).execute();
  }
}
