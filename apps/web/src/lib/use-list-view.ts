/**
 * The state of a list page whose search, filters, sort and pins are the account's view settings
 * (SPEC §3, §4) and whose page and page size are in the address: what to ask the API for, and the
 * ways to change it. Any change to what is listed starts again at the first page; only search
 * text that has settled (350 ms) becomes the search.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type SortItem } from '@leerpad/core';
import { useDebouncedValue } from './use-debounced-value';
import { listAddressFrom } from './use-list-address';
import type { ViewAction, useViewSettings } from './use-view-settings';

export type ListViewSettings = ReturnType<typeof useViewSettings>['view'];

interface ListViewOptions {
  /** Filters the page always sends (a coach's mentees list), after the chosen ones. */
  fixedFilter?: Record<string, string>;
}

/** '-created_at' → created_at descending; 'full_name' → full_name ascending. */
export function sortingFrom(value: string): SortItem[] {
  return value.startsWith('-')
    ? [{ property: value.slice(1), direction: 'desc' }]
    : [{ property: value, direction: 'asc' }];
}

export function useListView(
  view: ListViewSettings,
  change: (action: ViewAction) => void,
  { fixedFilter = {} }: ListViewOptions = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, size } = listAddressFrom(searchParams);
  const [searchText, setSearchText] = useState(view.searchQuery ?? '');
  const settledSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);

  const filter: Record<string, string> = {
    ...view.api.filter,
    ...fixedFilter,
    ...(view.searchQuery ? { search: view.searchQuery.trim() } : {}),
  };

  /** For `<Pagination onChange>`: the first page and the default size leave the address clean. */
  const goTo = (nextPage: number, nextSize = size) => {
    const next = new URLSearchParams(searchParams);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    if (nextSize !== DEFAULT_PAGE_SIZE) next.set('size', String(nextSize));
    else next.delete('size');
    setSearchParams(next, { replace: nextPage === page });
  };

  const changeAndRewind = (action: ViewAction) => {
    change(action);
    if (page !== 1) goTo(1);
  };

  const latest = useRef({ stored: view.searchQuery ?? '', changeAndRewind });
  latest.current = { stored: view.searchQuery ?? '', changeAndRewind };
  useEffect(() => {
    const { stored, changeAndRewind: apply } = latest.current;
    if (settledSearch.trim() !== stored.trim()) apply({ type: 'setSearch', query: settledSearch });
  }, [settledSearch]);

  /** Every value chosen for a filter (a multiple choice keeps several). */
  const filterValues = (key: string): string[] => {
    const entry = view.filtering.find((item) => item.key === key);
    if (!entry) return [];
    return Array.isArray(entry.value) ? entry.value : [entry.value];
  };

  return {
    page,
    size,
    goTo,
    filter,
    /** The chosen sort, as the API takes it; undefined while none is chosen. */
    sort: view.api.sort,
    searchText,
    setSearchText,
    changeAndRewind,
    filterValues,
    /** The one value chosen for a filter, '' for none. */
    filterValue: (key: string): string => filterValues(key)[0] ?? '',
    /** An empty value removes the filter. */
    setFilter: (key: string, value: string) =>
      changeAndRewind(value ? { type: 'setFilter', key, value } : { type: 'removeFilter', key }),
    setSort: (value: string) => changeAndRewind({ type: 'setSort', sorting: sortingFrom(value) }),
    hasFilters: view.filtering.length > 0 || Boolean(view.searchQuery),
    /** Clears the search box, the search and every filter. */
    resetFilters: () => {
      setSearchText('');
      change({ type: 'clearSearch' });
      changeAndRewind({ type: 'resetFilters' });
    },
    isPinned: (uri: string) => view.pins.some((pin) => pin.uri === uri),
    /** Pins a record with its title and image (an account's avatar, a course's cover), or unpins it. */
    togglePin: (uri: string, title: string, image?: string | null) =>
      change({ type: 'togglePin', pin: { uri, title, ...(image && { image }) } }),
  };
}

export type ListView = ReturnType<typeof useListView>;
