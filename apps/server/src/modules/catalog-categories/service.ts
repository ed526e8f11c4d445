import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { CatalogCategoryRow } from '../../db/schema-learning';
import { NotFound } from '../../domain/errors';
import { requireUniqueName } from '../course-content/taxonomy';

export async function listCategories(db: Executor, scope: PortalScope): Promise<CatalogCategoryRow[]> {
  return db
    .selectFrom('catalog_categories')
    .selectAll()
    .where('portal_id', '=', scope)
    .orderBy('position')
    .orderBy('name')
    .execute();
}

export async function findCategory(
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<CatalogCategoryRow>> {
  const row = await db
    .selectFrom('catalog_categories')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('catalog category');
  return { ...row, portal_id: scope };
}

const NAME_TAKEN = 'A category with this name exists.';

export interface CategoryInput {
  name?: string | undefined;
  description?: string | null | undefined;
  position?: number | undefined;
}

export async function createCategory(
  db: Kysely<Database>,
  scope: PortalScope,
  input: CategoryInput & { name: string },
  pointer: (attribute: string) => string,
): Promise<CatalogCategoryRow> {
  return db.transaction().execute(async (trx) => {
    await requireUniqueName(trx, 'catalog_categories', scope, input.name, null, pointer('name'), NAME_TAKEN);
    const last = await trx
      .selectFrom('catalog_categories')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('portal_id', '=', scope)
      .executeTakeFirst();
    const now = nowIso();
    return trx
      .insertInto('catalog_categories')
      .values({
        portal_id: scope,
        name: input.name,
        description: input.description ?? null,
        position: input.position ?? Number(last?.position ?? 0) + 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function updateCategory(
  db: Kysely<Database>,
  row: InPortal<CatalogCategoryRow>,
  input: CategoryInput,
  pointer: (attribute: string) => string,
): Promise<CatalogCategoryRow> {
  return db.transaction().execute(async (trx) => {
    if (input.name !== undefined)
      await requireUniqueName(
        trx,
        'catalog_categories',
        row.portal_id,
        input.name,
        row.id,
        pointer('name'),
        NAME_TAKEN,
      );
    await trx
      .updateTable('catalog_categories')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    return findCategory(trx, row.portal_id, row.id);
  });
}

/** Courses in a deleted category stay, uncategorised (the foreign key sets null). */
export async function deleteCategory(db: Kysely<Database>, row: InPortal<CatalogCategoryRow>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('courses')
      .set({ catalog_category_id: null })
      .where('catalog_category_id', '=', row.id)
      .execute();
    await trx.deleteFrom('catalog_categories').where('id', '=', row.id).execute();
  });
}

/** Published course counts per category, for catalog filters. */
export async function publishedCountsByCategory(
  db: Executor,
  scope: PortalScope,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('courses')
    .select(['catalog_category_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('portal_id', '=', scope)
    .where('status', '=', 'published')
    .where('catalog_category_id', 'is not', null)
    .groupBy('catalog_category_id')
    .execute();
  return new Map(rows.map((row) => [row.catalog_category_id as number, Number(row.count)]));
}
