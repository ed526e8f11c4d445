/**
 * /admin/sales/orders: every order of the portal with search, filters (state, product, period) and
 * sort kept in the view settings, pages, and the CSV export for accounting of the list as filtered.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, ORDER_STATES, SEARCH_DEBOUNCE_MS, type SortItem } from '@leerpad/core';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { SearchInput, controlClasses } from '../../../components/form/fields';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { orderExportHref, orderListQuery } from '../../../lib/resources/orders';
import { productsQuery } from '../../../lib/resources/products';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { listAddressFrom } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';
import { SelectField } from '../../../components/form/controls';
import { OrderStateBadge, useMoney, useShortDate } from '../components/money';

const ORDERS_VIEW = 'admin-orders';
const SORTS = ['-created_at', 'created_at', '-total_cents', 'total_cents'] as const;

export const orderHref = (id: string) => `/admin/sales/orders/${id}`;

export function OrdersPage() {
  useNamespace('sales');
  const { t } = useTranslation();
  usePageTitle(t('sales.orders.title'));
  const { loaded, view, change } = useViewSettings(ORDERS_VIEW);
  return (
    <div data-page="admin_orders" className="max-w-6xl">
      <PageHeader
        title={t('sales.orders.title')}
        description={t('sales.orders.description')}
        actions={
          <Link to="/admin/sales/orders/create" className={buttonClasses('primary')} data-testid="new-order">
            {t('sales.orders.new')}
          </Link>
        }
      />
      {loaded ? <OrderList view={view} change={change} /> : <Loading />}
    </div>
  );
}

type View = ReturnType<typeof useViewSettings>['view'];

const filterValue = (view: View, key: string): string => {
  const entry = view.filtering.find((item) => item.key === key);
  if (!entry) return '';
  return Array.isArray(entry.value) ? (entry.value[0] ?? '') : entry.value;
};

function OrderList({ view, change }: { view: View; change: (action: ViewAction) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const shortDate = useShortDate();
  const searchId = useId();
  const fromId = useId();
  const toId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, size } = listAddressFrom(searchParams);
  const [searchText, setSearchText] = useState(view.searchQuery ?? '');
  const settledSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const products = useQuery(productsQuery);

  const filter: Record<string, string> = {
    ...view.api.filter,
    ...(view.searchQuery ? { search: view.searchQuery.trim() } : {}),
  };
  const sort = view.api.sort ?? '-created_at';
  const orders = useQuery(orderListQuery({ filter, sort, page, size }));

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

  const setFilter = (key: string, value: string) =>
    changeAndRewind(value ? { type: 'setFilter', key, value } : { type: 'removeFilter', key });
  const setSort = (value: string) => {
    const sorting: SortItem[] = value.startsWith('-')
      ? [{ property: value.slice(1), direction: 'desc' }]
      : [{ property: value, direction: 'asc' }];
    changeAndRewind({ type: 'setSort', sorting });
  };
  const hasFilters = view.filtering.length > 0 || Boolean(view.searchQuery);
  const dateClasses = `${controlClasses} h-11 border-slate-300`;

  return (
    <>
      <div className="mb-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            {t('sales.orders.search')}
          </label>
          <SearchInput
            id={searchId}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('sales.orders.search_placeholder')}
            data-testid="order-search"
          />
        </div>
        <SelectField
          label={t('sales.orders.filter_state')}
          value={filterValue(view, 'state')}
          onValueChange={(value) => setFilter('state', value)}
          options={[
            { value: '', label: t('sales.orders.all_states') },
            ...ORDER_STATES.map((state) => ({ value: state, label: t(`sales.states.${state}`) })),
          ]}
          data-testid="filter-state"
        />
        <SelectField
          label={t('sales.orders.filter_product')}
          value={filterValue(view, 'product')}
          onValueChange={(value) => setFilter('product', value)}
          options={[
            { value: '', label: t('sales.orders.all_products') },
            ...(products.data ?? []).map((product) => ({ value: product.id, label: product.name })),
          ]}
          data-testid="filter-product"
        />
        <SelectField
          label={t('sales.orders.sort_label')}
          value={sort}
          onValueChange={setSort}
          options={SORTS.map((value) => ({
            value,
            label: t(`sales.orders.sort.${value.replace('-', 'desc_')}`),
          }))}
          data-testid="order-sort"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fromId} className="text-sm font-medium text-slate-800">
            {t('sales.orders.from')}
          </label>
          <input
            id={fromId}
            type="date"
            value={filterValue(view, 'from')}
            onChange={(event) => setFilter('from', event.target.value)}
            className={dateClasses}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={toId} className="text-sm font-medium text-slate-800">
            {t('sales.orders.to')}
          </label>
          <input
            id={toId}
            type="date"
            value={filterValue(view, 'to')}
            onChange={(event) => setFilter('to', event.target.value)}
            className={dateClasses}
          />
        </div>
        <div className="flex items-end gap-2">
          <a
            href={orderExportHref(filter)}
            download="orders.csv"
            className={buttonClasses('secondary')}
            data-testid="export-orders"
          >
            {t('sales.orders.export')}
          </a>
          {hasFilters && (
            <Button
              variant="ghost"
              onClick={() => {
                setSearchText('');
                change({ type: 'clearSearch' });
                changeAndRewind({ type: 'resetFilters' });
              }}
            >
              {t('sales.orders.reset')}
            </Button>
          )}
        </div>
      </div>

      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <ErrorBlock kind={errorKindOf(orders.error)} asPage={false} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title={t('sales.orders.empty')} description={t('sales.orders.empty_description')} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {t('sales.orders.count', { count: orders.data.total })}
          </p>
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table
              className={`w-full text-left text-sm ${orders.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={orders.isPlaceholderData || undefined}
              data-testid="order-list"
            >
              <caption className="sr-only">{t('sales.orders.title')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('sales.orders.column_order')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('sales.orders.column_date')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('sales.orders.column_buyer')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('sales.orders.column_products')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('sales.orders.column_state')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    {t('sales.orders.column_total')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.data.items.map((order) => (
                  <tr key={order.id} data-testid="order-row">
                    <td className="px-4 py-3">
                      <Link
                        to={orderHref(order.id)}
                        className="font-medium text-primary-text underline"
                        aria-label={t('sales.orders.open', { id: order.id, name: order.buyerName })}
                      >
                        #{order.id}
                      </Link>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {shortDate(order.createdAt)}
                    </td>
                    <td className="px-4 py-3">
                      <div className="font-medium text-slate-900">{order.buyerName}</div>
                      <div className="text-xs text-slate-600">{order.buyerEmail}</div>
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {order.orderLines.map((line) => line.description).join(', ')}
                    </td>
                    <td className="px-4 py-3">
                      <OrderStateBadge state={order.state} />
                    </td>
                    <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                      {money(order.totalCents, order.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {orders.data && <Pagination total={orders.data.total} page={page} size={size} onChange={goTo} />}
    </>
  );
}
