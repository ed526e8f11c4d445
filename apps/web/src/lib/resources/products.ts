/**
 * Products and sales catalogs (issue 14): the pricing page reads the catalog shown to students.
 * Types mirror the server presenter (apps/server/src/modules/commerce/presenter.ts), camelCased.
 * Owner of the ['products', …] and ['sales_catalogs', …] keys.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PlanInterval, ProductKind } from '@leerpad/core';
import { fetchData, fetchList, SHORT_LIST } from './document';

// ---- Types (mirror presentProduct / presentCatalog) ----
export interface Product {
  id: string;
  type: 'products';
  name: string;
  description: string | null;
  kind: ProductKind;
  planInterval: PlanInterval | null;
  priceCents: number;
  currency: string;
  vatRate: number;
  vatCents: number;
  priceWithVatCents: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  /** relationships.courses: identifiers (courses are not included). */
  courses: Array<{ id: string; type: 'courses' }>;
}

export interface SalesCatalog {
  id: string;
  type: 'sales_catalogs';
  name: string;
  description: string | null;
  shownToStudents: boolean;
  createdAt: string;
  updatedAt: string;
  /** relationships.products, resolved from `included`. */
  products: Product[];
}
// ---- End of types ----

export const productKeys = {
  all: ['products'] as const,
  list: () => ['products', 'list'] as const,
};

export const salesCatalogKeys = {
  all: ['sales_catalogs'] as const,
  current: () => ['sales_catalogs', 'current'] as const,
};

/** The pricing page: the catalog shown to students with its products for sale (404 when none). */
export function currentCatalogQuery() {
  return queryOptions({
    queryKey: salesCatalogKeys.current(),
    queryFn: ({ signal }) => fetchData<SalesCatalog>('/v1/sales_catalogs/current', { signal }),
  });
}

/** Every product of the portal (sales staff). */
export function productsQuery() {
  return queryOptions({
    queryKey: productKeys.list(),
    queryFn: ({ signal }) => fetchList<Product>('/v1/products', { signal, query: SHORT_LIST }),
  });
}
