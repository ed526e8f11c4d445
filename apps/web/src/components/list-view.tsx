/**
 * The pieces every list page is built from (with `useListView`, lib/use-list-view.ts): the filter
 * panel with its search box, the answer in its states (loading, failed, empty, the items with their
 * count) and the pagination under it, and the frame a list of people or a table stands in.
 */
import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListView } from '../lib/use-list-view';
import { ErrorBlock, errorKindOf } from './error-block';
import { SearchInput } from './form/fields';
import { Loading } from './loading';
import { Pagination } from './pagination';

/** The panel of a list's search, filters, sort and actions. */
export function ListFilterPanel({ children }: { children: ReactNode }) {
  return (
    <div className="mb-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </div>
  );
}

/** The labelled search box of a list (its text kept by `useListView`), on a row of its own in the filter panel. */
export function ListSearch({
  list: { searchText, setSearchText },
  label,
  placeholder,
  className = 'sm:col-span-2 lg:col-span-3',
  inputClassName,
  testId,
}: {
  list: Pick<ListView, 'searchText' | 'setSearchText'>;
  label: ReactNode;
  placeholder: string;
  className?: string;
  inputClassName?: string;
  testId: string;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <SearchInput
        id={id}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        placeholder={placeholder}
        className={inputClassName}
        data-testid={testId}
      />
    </div>
  );
}

interface Page<T> {
  items: T[];
  total: number;
}

/**
 * A list's answer: loading, failed (with retry), `empty` when there are no items, else the count
 * line (when given) and the items; the pagination follows whenever there is an answer.
 */
export function ListResults<T>({
  query,
  empty,
  count,
  page,
  size,
  onPageChange,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  empty: ReactNode;
  count?: (total: number) => ReactNode;
  page: number;
  size: number;
  onPageChange: (page: number, size: number) => void;
  children: (items: T[], total: number) => ReactNode;
}) {
  return (
    <>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorBlock kind={errorKindOf(query.error)} asPage={false} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        empty
      ) : (
        <>
          {count && (
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {count(query.data.total)}
            </p>
          )}
          {children(query.data.items, query.data.total)}
        </>
      )}
      {query.data && <Pagination total={query.data.total} page={page} size={size} onChange={onPageChange} />}
    </>
  );
}

/** The frame of a list of `PersonRow`s; `busy` while an earlier page stands in for the next. */
export function PersonList({
  label,
  busy,
  testId,
  children,
}: {
  label: string;
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <ul
      className={`divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm ${
        busy ? 'opacity-60' : ''
      }`}
      aria-busy={busy || undefined}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </ul>
  );
}
