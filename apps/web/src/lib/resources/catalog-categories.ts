/** Catalog categories (SPEC §3): what students browse the catalog by. Owner of ['catalog-categories']. */
import { CATALOG_CATEGORIES_PATH } from '@leerpad/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { courseKeys } from './course-keys';
import { fetchList } from './document';

export interface CatalogCategory {
  id: string;
  type?: string;
  name: string;
  description?: string | null;
  position?: number;
  publishedCoursesCount?: number;
}

export interface CategoryInput {
  name?: string;
  description?: string;
  position?: number;
}

export const catalogCategoryKeys = { all: ['catalog-categories'] as const };

export const catalogCategoriesQuery = queryOptions({
  queryKey: catalogCategoryKeys.all,
  queryFn: ({ signal }) => fetchList<CatalogCategory>(CATALOG_CATEGORIES_PATH, { signal }),
});

/** Creates a category (POST) or changes one (PATCH); the list refreshes either way. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CategoryInput }) =>
      apiRequest(id ? `/v1/catalog_categories/${id}` : '/v1/catalog_categories', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogCategoryKeys.all }),
    meta: { errorToast: false },
  });
}

/** Deleting a category takes it off its courses too. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/catalog_categories/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogCategoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: courseKeys.all }),
      ]),
  });
}
