import { registerLoader } from '../../http/includes';
import { presentCatalogCategory } from './presenter';

registerLoader('catalog_categories', async (db, scope, ids) =>
  (
    await db
      .selectFrom('catalog_categories')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map((category) => presentCatalogCategory(category)),
);
