import { sql } from 'kysely';
import { locks } from '../../db/locks';
import { Invalid } from '../../domain/errors';
import type { Executor, PortalScope } from '../../db/schema';

/** The tables that sort courses: a name is unique within a portal, whatever its case. */
type TaxonomyTable = 'catalog_categories' | 'content_labels';

export async function requireUniqueName(
  trx: Executor,
  table: TaxonomyTable,
  scope: PortalScope,
  name: string,
  exceptId: number | null,
  pointer: string,
  detail: string,
): Promise<void> {
  await locks.name(trx, table, scope, name);
  const clash = await trx
    .selectFrom(table)
    .select('id')
    .where('portal_id', '=', scope)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  if (clash) throw new Invalid([{ pointer, code: 'TAKEN', detail }]);
}
