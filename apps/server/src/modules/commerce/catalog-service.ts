import { findInPortal } from '../../db/find-in-portal';
import type { Kysely } from 'kysely';
import { nowIso, toFlag } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { ProductRow, SalesCatalogRow } from '../../db/schema-commerce';
import { Invalid } from '../../domain/errors';

export interface ProductInput {
  name: string;
  description: string | null;
  kind: string;
  plan_interval: string | null;
  price_cents: number;
  currency: string;
  vat_rate: number;
  active: boolean;
  course_ids: number[];
}

export interface CatalogInput {
  name: string;
  description: string | null;
  shown_to_students: boolean;
  product_ids: number[];
}

export const findProduct = (db: Executor, scope: PortalScope, id: number): Promise<InPortal<ProductRow>> =>
  findInPortal(db, 'products', scope, id);

export async function productsByIds(db: Executor, scope: PortalScope, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Course ids per product. */
export async function coursesOfProducts(db: Executor, productIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return map;
  const rows = await db
    .selectFrom('product_courses')
    .select(['product_id', 'course_id'])
    .where('product_id', 'in', productIds)
    .orderBy('course_id')
    .execute();
  for (const row of rows) map.get(row.product_id)?.push(row.course_id);
  return map;
}

/** 422 for course ids that are not courses of this portal. */
async function checkCourses(db: Executor, scope: PortalScope, ids: number[], pointer: string) {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('courses')
    .select('id')
    .where('portal_id', '=', scope)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== new Set(ids).size) {
    throw new Invalid([{ pointer, detail: 'One of these courses does not exist.' }]);
  }
}

export async function listProducts(db: Executor, scope: PortalScope): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('portal_id', '=', scope)
    .orderBy('kind')
    .orderBy('price_cents')
    .orderBy('id')
    .execute();
}

export async function saveProduct(
  db: Kysely<Database>,
  scope: PortalScope,
  existing: ProductRow | null,
  input: ProductInput,
  pointer: (attribute: string) => string,
): Promise<ProductRow> {
  await checkCourses(db, scope, input.course_ids, pointer('courses'));
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const values = {
      name: input.name,
      description: input.description,
      kind: input.kind,
      plan_interval: input.kind === 'plan' ? input.plan_interval : null,
      price_cents: input.price_cents,
      currency: input.currency,
      vat_rate: input.vat_rate,
      active: toFlag(input.active),
      updated_at: now,
    };
    const row = existing
      ? await trx
          .updateTable('products')
          .set(values)
          .where('id', '=', existing.id)
          .where('portal_id', '=', scope)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('products')
          .values({ ...values, portal_id: scope, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    await trx.deleteFrom('product_courses').where('product_id', '=', row.id).execute();
    const courses = [...new Set(input.course_ids)];
    if (courses.length > 0) {
      await trx
        .insertInto('product_courses')
        .values(courses.map((course_id) => ({ product_id: row.id, course_id })))
        .execute();
    }
    return row;
  });
}

export async function deleteProduct(db: Kysely<Database>, product: InPortal<ProductRow>): Promise<void> {
  const sold = await db
    .selectFrom('order_lines')
    .select('id')
    .where('portal_id', '=', product.portal_id)
    .where('product_id', '=', product.id)
    .executeTakeFirst();
  if (sold) {
    // Sold products stay for the order history; they leave the shop instead.
    await db
      .updateTable('products')
      .set({ active: 0, updated_at: nowIso() })
      .where('id', '=', product.id)
      .execute();
    return;
  }
  await db
    .deleteFrom('products')
    .where('id', '=', product.id)
    .where('portal_id', '=', product.portal_id)
    .execute();
}

export const findCatalog = (
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<SalesCatalogRow>> => findInPortal(db, 'sales_catalogs', scope, id);

export async function shownCatalog(db: Executor, scope: PortalScope): Promise<SalesCatalogRow | undefined> {
  return db
    .selectFrom('sales_catalogs')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('shown_to_students', '=', 1)
    .executeTakeFirst();
}

/** Product ids per catalog, in catalog order. */
export async function productsOfCatalogs(db: Executor, catalogIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(catalogIds.map((id) => [id, []]));
  if (catalogIds.length === 0) return map;
  const rows = await db
    .selectFrom('sales_catalog_products')
    .select(['catalog_id', 'product_id'])
    .where('catalog_id', 'in', catalogIds)
    .orderBy('position')
    .orderBy('product_id')
    .execute();
  for (const row of rows) map.get(row.catalog_id)?.push(row.product_id);
  return map;
}

export async function listCatalogs(db: Executor, scope: PortalScope): Promise<SalesCatalogRow[]> {
  return db.selectFrom('sales_catalogs').selectAll().where('portal_id', '=', scope).orderBy('id').execute();
}

/** Saves a catalog; showing it to students hides the portal's other catalog in the same transaction. */
export async function saveCatalog(
  db: Kysely<Database>,
  scope: PortalScope,
  existing: SalesCatalogRow | null,
  input: CatalogInput,
  pointer: (attribute: string) => string,
): Promise<SalesCatalogRow> {
  const products = await productsByIds(db, scope, input.product_ids);
  if (products.length !== new Set(input.product_ids).size) {
    throw new Invalid([{ pointer: pointer('products'), detail: 'One of these products does not exist.' }]);
  }
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (input.shown_to_students) {
      await trx
        .updateTable('sales_catalogs')
        .set({ shown_to_students: 0, updated_at: now })
        .where('portal_id', '=', scope)
        .where('shown_to_students', '=', 1)
        .$if(existing !== null, (q) => q.where('id', '!=', existing!.id))
        .execute();
    }
    const values = {
      name: input.name,
      description: input.description,
      shown_to_students: toFlag(input.shown_to_students),
      updated_at: now,
    };
    const row = existing
      ? await trx
          .updateTable('sales_catalogs')
          .set(values)
          .where('id', '=', existing.id)
          .where('portal_id', '=', scope)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('sales_catalogs')
          .values({ ...values, portal_id: scope, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    await trx.deleteFrom('sales_catalog_products').where('catalog_id', '=', row.id).execute();
    const ids = [...new Set(input.product_ids)];
    if (ids.length > 0) {
      await trx
        .insertInto('sales_catalog_products')
        .values(ids.map((product_id, position) => ({ catalog_id: row.id, product_id, position })))
        .execute();
    }
    return row;
  });
}

export async function deleteCatalog(db: Kysely<Database>, catalog: InPortal<SalesCatalogRow>): Promise<void> {
  await db
    .deleteFrom('sales_catalogs')
    .where('id', '=', catalog.id)
    .where('portal_id', '=', catalog.portal_id)
    .execute();
}
