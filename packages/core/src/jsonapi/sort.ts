/** JSON:API sort parameters: 'name' ascending, '-name' descending. */

export type SortDirection = 'asc' | 'desc';

export interface SortItem {
  property: string;
  direction: SortDirection;
}

export function parseSort(sort: string | null | undefined): SortItem[] {
  if (!sort) return [];
  return sort
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '-')
    .map((part) =>
      part.startsWith('-')
        ? { property: part.slice(1), direction: 'desc' as const }
        : { property: part, direction: 'asc' as const },
    );
}

export function sortParam(sorting: readonly SortItem[]): string {
  return sorting
    .map(({ property, direction }) => (direction === 'desc' ? `-${property}` : property))
    .join(',');
}
