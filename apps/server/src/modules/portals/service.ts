import { PORTAL_SEARCH_LIMIT } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { containsInsensitive } from '../../db/dialect';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/schema';

export async function searchPortals(
  db: Kysely<Database>,
  dialect: DialectName,
  name: string | undefined,
  page: { size: number; offset: number } = { size: PORTAL_SEARCH_LIMIT, offset: 0 },
) {
  let query = db.selectFrom('portals');
  const needle = name?.trim();
  if (needle) query = query.where((eb) => containsInsensitive(dialect, eb.ref('name'), needle));
  const [rows, count] = await Promise.all([
    query.select('id').orderBy('name').orderBy('id').limit(page.size).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.total) };
}

export function languagesOf(db: Kysely<Database>, portalId: number) {
  return db
    .selectFrom('portal_languages')
    .select(['id', 'locale', 'is_primary', 'overrides'])
    .where('portal_id', '=', portalId)
    .orderBy('is_primary', 'desc')
    .orderBy('locale')
    .execute();
}

export function domainsOf(db: Kysely<Database>, portalIds: number[]) {
  if (portalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portal_domains')
    .select(['id', 'portal_id', 'domain'])
    .where('portal_id', 'in', portalIds)
    .orderBy('id')
    .execute();
}
