import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const catalogCategoryResource = resourceSchema('CatalogCategory', 'catalog_categories', {
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable(),
    position: z.number().int(),
    published_courses_count: z.number().int().optional().describe('On lists and after a change.'),
    created_at: timestamp,
    updated_at: timestamp,
  }),
});
export type CatalogCategoryResource = z.infer<typeof catalogCategoryResource>;
