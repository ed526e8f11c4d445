/** Pagination rules (SPEC §2 "Notifications page", "Other screens"; §9). */
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAGINATION_EDGE_PAGES,
  PAGINATION_NEIGHBOUR_PAGES,
  PAGINATION_THRESHOLD,
} from './constants';

export type PaginationItem = number | 'ellipsis';

export function lastPage(total: number, size: number): number {
  if (total <= 0 || size <= 0) return 1;
  return Math.ceil(total / size);
}

export function shouldShowPagination(total: number | null | undefined): boolean {
  return (total ?? 0) > PAGINATION_THRESHOLD;
}

/**
 * Page buttons: `edge` pages at each end and `neighbours` either side of the current page, with
 * an ellipsis for each hidden run. A run of a single page shows that page instead: an ellipsis
 * would take the same room and hide it.
 */
export function paginationWindow(
  current: number,
  last: number,
  edge: number = PAGINATION_EDGE_PAGES,
  neighbours: number = PAGINATION_NEIGHBOUR_PAGES,
): PaginationItem[] {
  const final = Math.max(1, Math.floor(last));
  const page = Math.min(Math.max(1, Math.floor(current)), final);
  const visible = (candidate: number) =>
    candidate <= edge || candidate > final - edge || Math.abs(candidate - page) <= neighbours;

  const items: PaginationItem[] = [];
  for (let candidate = 1; candidate <= final; candidate++) {
    if (visible(candidate)) {
      items.push(candidate);
    } else if (visible(candidate - 1) && visible(candidate + 1)) {
      items.push(candidate);
    } else if (items.at(-1) !== 'ellipsis') {
      items.push('ellipsis');
    }
  }
  return items;
}

/** A requested page size, made whole and kept between 1 and the maximum; junk gives the default. */
export function clampPageSize(size: number | string | null | undefined): number {
  const number = Math.floor(Number(size));
  if (!Number.isFinite(number) || number < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(number, MAX_PAGE_SIZE);
}
