import { CURRENCIES, MAX_PRICE_CENTS, PLAN_INTERVALS, PRODUCT_KINDS, VAT_RATES } from '@leerpad/core';
import { z } from 'zod';
import { portalSettingsChanged } from '../../context/portal';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  listQueryShape,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { relatedToMany } from '../../http/write-document';
import {
  coursesOfProducts,
  deleteCatalog,
  deleteProduct,
  findCatalog,
  findProduct,
  listCatalogs,
  listProducts,
  productsByIds,
  productsOfCatalogs,
  saveCatalog,
  saveProduct,
  shownCatalog,
} from './catalog-service';
import type { ProductRow, SalesCatalogRow } from '../../db/schema-commerce';
import type { Executor } from '../../db/schema';
import { presentCatalog, presentProduct } from './presenter';
import { productResource, salesCatalogResource } from './schema';
import { commerceSettings } from './settings';

const productBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(5000).nullable().optional(),
    kind: z.enum(PRODUCT_KINDS),
    plan_interval: z.enum(PLAN_INTERVALS).nullable().optional(),
    price_cents: z
      .number()
      .int('Enter a whole number of cents.')
      .min(0, 'A price cannot be negative.')
      .max(MAX_PRICE_CENTS),
    currency: z.enum(CURRENCIES).optional(),
    vat_rate: z
      .number()
      .refine(
        (rate) => (VAT_RATES as readonly number[]).includes(rate),
        `VAT rate is one of ${VAT_RATES.join(', ')}.`,
      ),
    active: z.boolean().optional(),
    courses: relatedToMany('courses', 100).optional(),
  })
  .superRefine((value, context) => {
    if (value.kind === 'plan' && !value.plan_interval) {
      context.addIssue({
        code: 'custom',
        path: ['plan_interval'],
        message: 'A plan renews every month or every year.',
      });
    }
  });

const catalogBody = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).nullable().optional(),
  shown_to_students: z.boolean().optional(),
  products: relatedToMany('products', 100).optional(),
});

async function productDocument(db: Executor, rows: ProductRow[], single: boolean) {
  const courses = await coursesOfProducts(
    db,
    rows.map((row) => row.id),
  );
  const data = rows.map((row) => presentProduct(row, courses.get(row.id) ?? []));
  return single
    ? buildDocument(data[0]!)
    : buildDocument(data, {
        meta: pageMeta(data.length, { number: 1, size: Math.max(1, data.length), offset: 0 }),
      });
}

async function catalogDocument(
  db: Executor,
  rows: SalesCatalogRow[],
  single: boolean,
  includeProducts: boolean,
) {
  const products = await productsOfCatalogs(
    db,
    rows.map((row) => row.id),
  );
  const data = rows.map((row) => presentCatalog(row, products.get(row.id) ?? []));
  const included = [];
  if (includeProducts && rows.length > 0) {
    const scope = rows[0]!.portal_id as Parameters<typeof productsByIds>[1];
    const productRows = await productsByIds(db, scope, [...products.values()].flat());
    const courses = await coursesOfProducts(
      db,
      productRows.map((row) => row.id),
    );
    included.push(...productRows.map((row) => presentProduct(row, courses.get(row.id) ?? [])));
  }
  const options = includeProducts ? { included } : {};
  return single
    ? buildDocument(data[0]!, options)
    : buildDocument(data, {
        ...options,
        meta: pageMeta(data.length, { number: 1, size: Math.max(1, data.length), offset: 0 }),
      });
}

export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/products',
    summary: 'Every product of the portal (sales staff)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: listDocument(productResource),
    query: z.object(listQueryShape),
    async handler({ services, portal }) {
      return productDocument(services.db, await listProducts(services.db, portal.id), false);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/products',
    summary:
      'Create a product: price in cents excluding VAT, VAT rate 21 | 9 | 0, kind plan | course | bundle',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(productResource),
    status: 201,
    resourceType: 'products',
    body: productBody,
    async handler({ services, portal, body, pointer }) {
      const row = await saveProduct(
        services.db,
        portal.id,
        null,
        productInput(body, commerceSettings(portal).currency),
        pointer,
      );
      return productDocument(services.db, [row], true);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/products/:product',
    summary: 'One product (sales staff)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(productResource),
    params: z.object({ product: idParam }),
    async handler({ services, portal, params }) {
      return productDocument(services.db, [await findProduct(services.db, portal.id, params.product)], true);
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/products/:product',
    summary: 'Change a product (all attributes, as for create)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(productResource),
    params: z.object({ product: idParam }),
    resourceType: 'products',
    body: productBody,
    async handler({ services, portal, params, body, pointer }) {
      const existing = await findProduct(services.db, portal.id, params.product);
      const row = await saveProduct(
        services.db,
        portal.id,
        existing,
        productInput(body, existing.currency),
        pointer,
      );
      return productDocument(services.db, [row], true);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/products/:product',
    summary: 'Delete a product; a product that was sold is taken out of sale instead',
    tags: ['commerce'],
    permission: 'manage:order',
    response: deletedDocument,
    params: z.object({ product: idParam }),
    async handler({ services, portal, params }) {
      await deleteProduct(services.db, await findProduct(services.db, portal.id, params.product));
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/sales_catalogs',
    summary: 'The sales catalogs of the portal (sales staff)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: listDocument(salesCatalogResource),
    query: z.object(listQueryShape),
    async handler({ services, portal }) {
      return catalogDocument(services.db, await listCatalogs(services.db, portal.id), false, true);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/sales_catalogs/current',
    summary: 'The pricing page: the catalog shown to students, with its products included (404 when none)',
    tags: ['commerce'],
    permission: 'public',
    response: resourceDocument(salesCatalogResource),
    async handler({ services, portal }) {
      const catalog = await shownCatalog(services.db, portal.id);
      if (!catalog) throw ApiError.notFound('sales catalog');
      const document = await catalogDocument(services.db, [catalog], true, true);
      // Only products for sale appear on the pricing page.
      const forSale = new Set(
        (document.included ?? []).filter((item) => item.attributes?.active === true).map((item) => item.id),
      );
      const data = document.data as ReturnType<typeof presentCatalog>;
      data.relationships.products.data = data.relationships.products.data.filter((item) =>
        forSale.has(item.id),
      );
      return { ...document, included: (document.included ?? []).filter((item) => forSale.has(item.id)) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/sales_catalogs',
    summary: 'Create a sales catalog: name, products; shown_to_students makes it the pricing page',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(salesCatalogResource),
    status: 201,
    resourceType: 'sales_catalogs',
    body: catalogBody,
    async handler({ services, portal, body, pointer }) {
      const row = await saveCatalog(services.db, portal.id, null, catalogInput(body), pointer);
      // The portal tells whether it has a price list (its pricing page, the 402 screen's button).
      await portalSettingsChanged(services, portal.id);
      return catalogDocument(services.db, [row], true, true);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/sales_catalogs/:sales_catalog',
    summary: 'One sales catalog with its products',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(salesCatalogResource),
    params: z.object({ sales_catalog: idParam }),
    async handler({ services, portal, params }) {
      return catalogDocument(
        services.db,
        [await findCatalog(services.db, portal.id, params.sales_catalog)],
        true,
        true,
      );
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/sales_catalogs/:sales_catalog',
    summary: 'Change a sales catalog (all attributes, as for create)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(salesCatalogResource),
    params: z.object({ sales_catalog: idParam }),
    resourceType: 'sales_catalogs',
    body: catalogBody,
    async handler({ services, portal, params, body, pointer }) {
      const existing = await findCatalog(services.db, portal.id, params.sales_catalog);
      const row = await saveCatalog(services.db, portal.id, existing, catalogInput(body), pointer);
      await portalSettingsChanged(services, portal.id);
      return catalogDocument(services.db, [row], true, true);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/sales_catalogs/:sales_catalog',
    summary: 'Delete a sales catalog (its products stay)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: deletedDocument,
    params: z.object({ sales_catalog: idParam }),
    async handler({ services, portal, params }) {
      await deleteCatalog(services.db, await findCatalog(services.db, portal.id, params.sales_catalog));
      await portalSettingsChanged(services, portal.id);
      return { meta: { deleted: true } };
    },
  }),
];

function productInput(body: z.output<typeof productBody>, currency: string) {
  return {
    name: body.name,
    description: body.description ?? null,
    kind: body.kind,
    plan_interval: body.plan_interval ?? null,
    price_cents: body.price_cents,
    currency: body.currency ?? currency,
    vat_rate: body.vat_rate,
    active: body.active ?? true,
    course_ids: body.courses ?? [],
  };
}

function catalogInput(body: z.output<typeof catalogBody>) {
  return {
    name: body.name,
    description: body.description ?? null,
    shown_to_students: body.shown_to_students ?? false,
    product_ids: body.products ?? [],
  };
}
