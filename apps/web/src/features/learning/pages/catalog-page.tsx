/**
 * /catalog: the portal's published courses as cards, with search (350 ms debounce), category (with
 * the catalog-categories feature) and label filters, sort and pagination (SPEC §2, §9). Every choice
 * lives in the address, so reloading, sharing and the back button keep it.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  CATALOG_DEFAULT_SORT,
  DEFAULT_PAGE_SIZE,
  FEATURES,
  SEARCH_DEBOUNCE_MS,
  hasFeature,
} from '@leerpad/core';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { catalogCategoriesQuery } from '../../../lib/resources/catalog-categories';
import { contentLabelsQuery } from '../../../lib/resources/content-labels';
import { catalogQuery } from '../../../lib/resources/courses';
import { CATALOG_SORTS, catalogParamsFrom } from '../catalog-params';
import { CourseCard } from '../components/course-card';
import { SearchInput } from '../../../components/form/fields';
import { CommandIcon as SearchIcon } from '../../../components/icons-ui';
import { SelectField } from '../../../components/form/controls';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export function CatalogPage() {
  const { t } = useTranslation();
  const { features } = useSession();
  const categoriesOn = hasFeature(features, FEATURES.catalogCategories);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = catalogParamsFrom(searchParams, categoriesOn);
  usePageTitle(t('pages.catalog.title'));

  const courses = useQuery(catalogQuery(params));
  // The first cards render as a deferred update: React renders them in slices, so a slow phone
  // stays responsive while they come in (docs/decisions/077). Until then the list shows as loading.
  const firstShown = useDeferredValue(courses.data !== undefined);
  const categories = useQuery({ ...catalogCategoriesQuery, enabled: categoriesOn });
  const labels = useQuery(contentLabelsQuery);

  /** Changes some choices; any change of filter goes back to the first page. */
  const latest = useRef({ searchParams, setSearchParams });
  latest.current = { searchParams, setSearchParams };
  const update = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(latest.current.searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    latest.current.setSearchParams(next, { replace });
  };
  const updateRef = useRef(update);
  updateRef.current = update;

  // The search box follows the address (back button) and writes to it 350 ms after typing stops.
  const [searchText, setSearchText] = useState(params.search);
  const written = useRef(params.search);
  useEffect(() => {
    if (params.search === written.current) return;
    written.current = params.search;
    setSearchText(params.search);
  }, [params.search]);
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    const next = debouncedSearch.trim();
    if (next === written.current) return;
    written.current = next;
    updateRef.current({ q: next }, true);
  }, [debouncedSearch]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    written.current = searchText.trim();
    update({ q: searchText.trim() });
  };

  const toggleLabel = (id: string) => {
    const next = params.labels.includes(id)
      ? params.labels.filter((label) => label !== id)
      : [...params.labels, id];
    update({ label: next.join(',') });
  };

  const filtered = params.search !== '' || params.categories.length > 0 || params.labels.length > 0;
  const clearFilters = () => {
    setSearchText('');
    written.current = '';
    update({ q: null, category: null, label: null });
  };

  const changePage = (page: number, size: number) =>
    update({
      page: page > 1 ? String(page) : null,
      size: size !== DEFAULT_PAGE_SIZE ? String(size) : null,
    });

  return (
    <div data-page="catalog">
      <PageHeader title={t('pages.catalog.title')} description={t('learning.catalog.intro')} />

      <section
        aria-label={t('learning.catalog.filters')}
        className="mb-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <form role="search" onSubmit={submitSearch} className="flex flex-col gap-1.5">
            <label htmlFor="catalog-search" className="text-xs font-medium text-slate-800">
              {t('learning.catalog.search_label')}
            </label>
            <SearchInput
              id="catalog-search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t('learning.catalog.search_placeholder')}
              className="h-10 text-sm"
            />
          </form>
          {categoriesOn ? (
            <SelectField
              compact
              label={t('learning.catalog.category_label')}
              value={params.categories[0] ?? ''}
              onValueChange={(value) => update({ category: value })}
            >
              <option value="">{t('learning.catalog.all_categories')}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectField>
          ) : (
            <div aria-hidden="true" className="hidden md:block" />
          )}
          <SelectField
            compact
            label={t('learning.catalog.sort_label')}
            value={params.sort}
            onValueChange={(value) => update({ sort: value === CATALOG_DEFAULT_SORT ? null : value })}
          >
            {CATALOG_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`learning.catalog.sorts.${sort.replace('-', 'desc_')}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {(labels.data?.length ?? 0) > 0 && (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="mb-2 text-xs font-medium text-slate-800">
              {t('learning.catalog.label_filter')}
            </legend>
            {labels.data?.map((label) => {
              const active = params.labels.includes(label.id);
              return (
                <button
                  key={label.id}
                  type="button"
                  aria-pressed={active}
                  onClick={() => toggleLabel(label.id)}
                  className={`inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ${
                    active
                      ? 'border-primary bg-primary text-on-primary'
                      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className="size-2 rounded-full ring-1 ring-white"
                    style={{ backgroundColor: label.color ?? '#64748b' }}
                  />
                  {label.name}
                </button>
              );
            })}
          </fieldset>
        )}
      </section>

      <div className="mb-4 flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="catalog-count">
          {courses.data ? t('learning.catalog.count', { count: courses.data.total }) : ''}
        </p>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            {t('learning.catalog.clear_filters')}
          </Button>
        )}
      </div>

      {courses.isPending || (!courses.isError && !firstShown) ? (
        <Loading />
      ) : courses.isError ? (
        <ErrorBlock kind={errorKindOf(courses.error)} asPage={false} onRetry={() => void courses.refetch()} />
      ) : courses.data.items.length === 0 ? (
        <EmptyState
          title={filtered ? t('learning.catalog.no_results') : t('learning.catalog.empty')}
          description={filtered ? t('learning.catalog.no_results_hint') : undefined}
          icon={<SearchIcon size={24} />}
        >
          {filtered && (
            <Button variant="secondary" onClick={clearFilters}>
              {t('learning.catalog.clear_filters')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <ul
          className={`grid gap-5 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${
            courses.isPlaceholderData ? 'opacity-60' : ''
          }`}
          aria-busy={courses.isPlaceholderData || undefined}
          aria-label={t('learning.catalog.list_label')}
        >
          {courses.data.items.map((course) => (
            <li key={course.id} className="flex">
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
      {courses.data && firstShown && (
        <Pagination total={courses.data.total} page={params.page} size={params.size} onChange={changePage} />
      )}
    </div>
  );
}
