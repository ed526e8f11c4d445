import type { CatalogCategoryRow } from '../../db/schema-learning';
import type { CatalogCategoryResource } from './schema';

export function presentCatalogCategory(
  row: CatalogCategoryRow,
  publishedCourses?: number,
): CatalogCategoryResource {
  return {
    type: 'catalog_categories',
    id: String(row.id),
    attributes: {
      name: row.name,
      description: row.description,
      position: row.position,
      ...(publishedCourses === undefined ? {} : { published_courses_count: publishedCourses }),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}
