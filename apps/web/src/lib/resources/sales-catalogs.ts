/** Sales catalogs (issue 14): products grouped; the one shown to students is the pricing page. Owner of ['sales-catalogs']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { SHORT_LIST, fetchData, fetchList } from './document';
import type { Product } from './products';

export interface SalesCatalog {
  id: string;
  type: 'sales_catalogs';
  name: string;
  description: string | null;
  shownToStudents: boolean;
  createdAt: string;
  updatedAt: string;
  /** Included with the catalog: whole products. */
  products: Product[];
}

export interface SalesCatalogInput {
  name: string;
  description: string | null;
  shownToStudents: boolean;
  productIds: string[];
}

export const salesCatalogKeys = { all: ['sales-catalogs'] as const };

export const salesCatalogsQuery = queryOptions({
  queryKey: salesCatalogKeys.all,
  queryFn: ({ signal }) => fetchList<SalesCatalog>('/v1/sales_catalogs', { signal, query: SHORT_LIST }),
});

export function useSaveSalesCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SalesCatalogInput }) =>
      apiRequest(id ? `/v1/sales_catalogs/${id}` : '/v1/sales_catalogs', {
        method: id ? 'PATCH' : 'POST',
        // Written as a catalog is read: its products are a relationship (decision 050).
        body: (({ productIds, ...rest }: SalesCatalogInput) => ({
          ...rest,
          products: productIds.map((productId) => ({ type: 'products', id: productId })),
        }))(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesCatalogKeys.all }),
    meta: { errorToast: false },
  });
}

export function useDeleteSalesCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/sales_catalogs/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesCatalogKeys.all }),
  });
}

/** The pricing page: the catalog shown to students, with its products for sale (404 when none). */
export function currentSalesCatalogQuery() {
  return queryOptions({
    queryKey: [...salesCatalogKeys.all, 'current'] as const,
    queryFn: ({ signal }) => fetchData<SalesCatalog>('/v1/sales_catalogs/current', { signal }),
  });
}
