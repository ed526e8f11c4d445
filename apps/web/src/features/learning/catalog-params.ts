/** The catalog's choices as the address holds them (`?q=…&category=…&label=…&sort=…&page=…&size=…`). */
import { CATALOG_DEFAULT_SORT, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@leerpad/core';
import type { CatalogParams } from '../../lib/resources/course-keys';

export const CATALOG_SORTS = ['title', '-published_at', 'estimated_minutes', '-estimated_minutes'] as const;

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

const idList = (value: string | null) => (value ?? '').split(',').filter((id) => /^\d+$/.test(id));

/** Reads the catalog's choices from the address, ignoring anything it does not understand. */
export function catalogParamsFrom(searchParams: URLSearchParams, categoriesOn: boolean): CatalogParams {
  const sort = searchParams.get('sort') ?? CATALOG_DEFAULT_SORT;
  const size = positive(searchParams.get('size'), DEFAULT_PAGE_SIZE);
  return {
    search: (searchParams.get('q') ?? '').trim(),
    categories: categoriesOn ? idList(searchParams.get('category')) : [],
    labels: idList(searchParams.get('label')),
    sort: (CATALOG_SORTS as readonly string[]).includes(sort) ? sort : CATALOG_DEFAULT_SORT,
    page: positive(searchParams.get('page'), 1),
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}
