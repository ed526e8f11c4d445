import type { Kysely, Selectable } from 'kysely';
import { NotFound } from '../domain/errors';
import type { Database, Executor, InPortal, PortalScope } from './schema';

/** The tenant tables whose rows have an integer `id` of their own. */
export type PortalTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; portal_id: number } ? T : never;
}[keyof Database];

export type PortalTableRow<T extends PortalTable> = InPortal<Selectable<Database[T]> & { portal_id: number }>;

/** What a missing row of a table is called in a 404 (`approval_requests` → "approval request"). */
const subjectOf = (table: string) => table.replace(/ies$/, 'y').replace(/s$/, '').replace(/_/g, ' ');

/**
 * The row of `table` with this id within the portal, or the domain's NotFound (a row of another
 * portal is as missing as one that never was). `subject` names the record in the 404 when the
 * table's name does not say it well.
 */
export async function findInPortal<T extends PortalTable>(
  db: Executor,
  table: T,
  scope: PortalScope,
  id: number,
  subject: string = subjectOf(table),
): Promise<PortalTableRow<T>> {
  // One place reads every tenant table by (portal, id); the table's row type is restored below.
  const anyTable = db as unknown as Kysely<Record<string, { id: number; portal_id: number }>>;
  const row = await anyTable
    .selectFrom(table as string)
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound(subject);
  return row as unknown as PortalTableRow<T>;
}
