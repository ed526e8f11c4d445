import { sql } from 'kysely';

/** One page of a list: `page[number]` counted from 1, `page[size]` rows, skipping `offset` rows. */
export interface PageRequest {
  number: number;
  size: number;
  offset: number;
}

/** One key of a list's order (`sort=-published_at` → published_at, desc). */
export interface SortOrder<K extends string> {
  key: K;
  direction: 'asc' | 'desc';
}

/** The `meta` of a list document: how many rows match, and where this page stands. */
export type PageMeta = {
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
};

export function pageMeta(total: number, page: PageRequest): PageMeta {
  return {
    total,
    last_page: Math.max(1, Math.ceil(total / page.size)),
    current_page: page.number,
    per_page: page.size,
  };
}

/** The `meta` of a list that is never cut into pages: one page holds every row. */
export const onePageMeta = (total: number): PageMeta =>
  pageMeta(total, { number: 1, size: Math.max(1, total), offset: 0 });

/** A page of rows with the count of every row that matches and the page's `meta`. */
export interface PagedRows<Row> {
  rows: Row[];
  total: number;
  meta: PageMeta;
}

/** The rows query of a list, ordered, before its page is cut (any Kysely select). */
interface RowsQuery<Row> {
  limit(limit: number): RowsQuery<Row>;
  offset(offset: number): RowsQuery<Row>;
  execute(): Promise<Row[]>;
}

/** The filtered query of a list before it selects anything (any Kysely select). */
interface FilteredQuery {
  select<Selection>(selection: Selection): { executeTakeFirstOrThrow(): Promise<unknown> };
}

/**
 * One page of a list and its count, in parallel: `filtered` holds the list's joins and conditions
 * (the count runs on it), `rows` selects and orders on top of it. Without a page, every row.
 */
export async function pagedList<Row>(
  filtered: FilteredQuery,
  rows: RowsQuery<Row>,
  page: PageRequest | undefined,
): Promise<PagedRows<Row>> {
  const [data, count] = await Promise.all([
    (page ? rows.limit(page.size).offset(page.offset) : rows).execute(),
    filtered.select(sql<number | string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number((count as { total: number | string }).total);
  return {
    rows: data,
    total,
    meta: page ? pageMeta(total, page) : onePageMeta(total),
  };
}

/** Counts grouped by a column (`[{status, count}]`) as one number per known value, 0 for the absent. */
export function tally<V extends string, K extends string>(
  values: readonly V[],
  key: K,
  groups: ReadonlyArray<Record<K, string> & { count: number | string }>,
): Record<V, number> {
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<V, number>;
  for (const group of groups) {
    const value: string = group[key];
    if ((values as readonly string[]).includes(value)) counts[value as V] = Number(group.count);
  }
  return counts;
}
