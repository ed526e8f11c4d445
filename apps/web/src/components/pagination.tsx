/**
 * Pagination (SPEC §2, §9): shown only above 25 results; total and per-page labels; sizes 25/50/75;
 * two edge pages and two neighbours; changing page scrolls to the top.
 */
import { useId } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { PAGE_SIZE_OPTIONS, lastPage, paginationWindow, shouldShowPagination } from '@leerpad/core';
import { ChevronLeftIcon, ChevronRightIcon } from './icons-ui';

export interface PaginationProps {
  total: number;
  page: number;
  size: number;
  onChange: (page: number, size: number) => void;
  /** What is paged, for a page with more than one list: each navigation landmark its own name. */
  of?: string;
}

const pageButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors';

export function Pagination({ total, page, size, onChange, of }: PaginationProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  if (!shouldShowPagination(total)) return null;
  const last = lastPage(total, size);

  const go = (nextPage: number, nextSize = size) => {
    onChange(nextPage, nextSize);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div
      className="mt-6 flex flex-col items-center justify-between gap-4 border-t border-slate-200 pt-4 sm:flex-row"
      data-testid="pagination"
    >
      <p className="text-sm text-slate-600" data-testid="pagination-total">
        {t('pagination.total', { count: total })}
      </p>
      <nav aria-label={of ? t('pagination.label_of', { list: of }) : t('pagination.label')}>
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <button
              type="button"
              className={`${pageButton} text-slate-700 hover:bg-slate-100 disabled:opacity-40`}
              onClick={() => go(page - 1)}
              disabled={page <= 1}
              aria-label={t('pagination.previous')}
            >
              <ChevronLeftIcon size={18} />
            </button>
          </li>
          {paginationWindow(page, last).map((item, index) =>
            item === 'ellipsis' ? (
              <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className={`${pageButton} ${
                    item === page ? 'bg-primary text-on-primary' : 'text-slate-700 hover:bg-slate-100'
                  }`}
                  onClick={() => item !== page && go(item)}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={t('pagination.page', { page: item })}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className={`${pageButton} text-slate-700 hover:bg-slate-100 disabled:opacity-40`}
              onClick={() => go(page + 1)}
              disabled={page >= last}
              aria-label={t('pagination.next')}
            >
              <ChevronRightIcon size={18} />
            </button>
          </li>
        </ul>
      </nav>
      <div className="flex items-center gap-2 text-sm text-slate-600">
        <label htmlFor={sizeId}>{t('pagination.per_page')}</label>
        <select
          id={sizeId}
          value={size}
          onChange={(event) => go(1, Number(event.target.value))}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-slate-900"
        >
          {PAGE_SIZE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
