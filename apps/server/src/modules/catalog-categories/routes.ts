import { FEATURES } from '@leerpad/core';
import { z } from 'zod';
import { buildDocument, deletedDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { presentCatalogCategory } from './presenter';
import {
  createCategory,
  deleteCategory,
  findCategory,
  listCategories,
  publishedCountsByCategory,
  updateCategory,
} from './service';
import { catalogCategoryResource } from './schema';

const fields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).nullable(),
  position: z.number().int().min(0).max(100_000),
};
const updateBody = z.object({
  name: fields.name.optional(),
  description: fields.description.optional(),
  position: fields.position.optional(),
});
const params = z.object({ catalog_category: idParam });

export const catalogCategoryRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/catalog_categories',
    summary:
      "The portal's catalog categories in order, with their published course counts (catalog-categories feature)",
    tags: ['catalog'],
    permission: 'signed-in',
    response: listDocument(catalogCategoryResource),
    feature: FEATURES.catalogCategories,
    async handler({ services, portal }) {
      const [rows, counts] = await Promise.all([
        listCategories(services.db, portal.id),
        publishedCountsByCategory(services.db, portal.id),
      ]);
      return buildDocument(
        rows.map((row) => presentCatalogCategory(row, counts.get(row.id) ?? 0)),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/catalog_categories',
    summary: 'Add a catalog category (course managers)',
    tags: ['catalog'],
    permission: 'manage:course',
    response: resourceDocument(catalogCategoryResource),
    feature: FEATURES.catalogCategories,
    status: 201,
    resourceType: 'catalog_categories',
    body: updateBody.extend({ name: fields.name }),
    async handler({ services, portal, body, pointer }) {
      const row = await createCategory(services.db, portal.id, body, pointer);
      return buildDocument(presentCatalogCategory(row, 0));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/catalog_categories/:catalog_category',
    summary: 'Rename, describe or move a catalog category (course managers)',
    tags: ['catalog'],
    permission: 'manage:course',
    response: resourceDocument(catalogCategoryResource),
    feature: FEATURES.catalogCategories,
    params,
    resourceType: 'catalog_categories',
    body: updateBody,
    async handler({ services, portal, params, body, pointer }) {
      const row = await findCategory(services.db, portal.id, params.catalog_category);
      const updated = await updateCategory(services.db, row, body, pointer);
      const counts = await publishedCountsByCategory(services.db, portal.id);
      return buildDocument(presentCatalogCategory(updated, counts.get(updated.id) ?? 0));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/catalog_categories/:catalog_category',
    summary: 'Delete a catalog category; its courses stay, uncategorised (course managers)',
    tags: ['catalog'],
    permission: 'manage:course',
    response: deletedDocument,
    feature: FEATURES.catalogCategories,
    params,
    async handler({ services, portal, params }) {
      await deleteCategory(services.db, await findCategory(services.db, portal.id, params.catalog_category));
      return { meta: { deleted: true } };
    },
  }),
];
