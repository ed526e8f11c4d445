/**
 * A list page whose choices live in the address (`?page=2&size=50&status=open`), so reload, back and
 * shared links keep them: the page and page size read from it (sizes of §2 only), and one way to
 * change choices, where an empty value removes the parameter.
 */
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@leerpad/core';

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The page and page size an address asks for. */
export function listAddressFrom(searchParams: URLSearchParams): { page: number; size: number } {
  const page = positive(searchParams.get('page'), 1);
  const requestedSize = positive(searchParams.get('size'), DEFAULT_PAGE_SIZE);
  const size = (PAGE_SIZE_OPTIONS as readonly number[]).includes(requestedSize)
    ? requestedSize
    : DEFAULT_PAGE_SIZE;
  return { page, size };
}

export function useListAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, size } = listAddressFrom(searchParams);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next);
  };

  /** For `<Pagination onChange>`: the first page and the default size leave the address clean. */
  const changePage = (nextPage: number, nextSize: number) =>
    update({
      page: nextPage > 1 ? String(nextPage) : null,
      size: nextSize !== DEFAULT_PAGE_SIZE ? String(nextSize) : null,
    });

  return { searchParams, page, size, update, changePage };
}
