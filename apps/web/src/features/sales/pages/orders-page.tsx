/**
 * /admin/sales/orders: every order of the portal with search, filters (state, product, period) and
 * sort kept in the view settings, pages, and the CSV export for accounting of the list as filtered.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { ORDER_STATES } from '@leerpad/core';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { SelectField } from '../../../components/form/controls';
import { controlClasses } from '../../../components/form/fields';
import { ListFilterPanel, ListResults, ListSearch } from '../../../components/list-view';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { orderExportHref, orderListQuery } from '../../../lib/resources/orders';
import { productsQuery } from '../../../lib/resources/products';
import { useListView, type ListViewSettings } from '../../../lib/use-list-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';
import { OrderStateBadge } from '../../../components/order-state-badge';
import { useMoney } from '../../../lib/money';
import { useShortDate } from '../components/money';
import { TableHead } from '../../../components/table';

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

function OrderList({ view, change }: { view: ListViewSettings; change: (action: ViewAction) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const shortDate = useShortDate();
  const fromId = useId();
  const toId = useId();
  const products = useQuery(productsQuery);
  const list = useListView(view, change);
  const { filter, page, size } = list;
  const sort = list.sort ?? '-created_at';
  const orders = useQuery(orderListQuery({ filter, sort, page, size }));
  const dateClasses = `${controlClasses} h-11 border-slate-300`;

  return (
    <>
      <ListFilterPanel>
        <ListSearch
          label={t('sales.orders.search')}
          list={list}
          placeholder={t('sales.orders.search_placeholder')}
          testId="order-search"
        />
        <SelectField
          label={t('sales.orders.filter_state')}
          value={list.filterValue('state')}
          onValueChange={(value) => list.setFilter('state', value)}
          options={[
            { value: '', label: t('sales.orders.all_states') },
            ...ORDER_STATES.map((state) => ({ value: state, label: t(`sales.states.${state}`) })),
          ]}
          data-testid="filter-state"
        />
        <SelectField
          label={t('sales.orders.filter_product')}
          value={list.filterValue('product')}
          onValueChange={(value) => list.setFilter('product', value)}
          options={[
            { value: '', label: t('sales.orders.all_products') },
            ...(products.data ?? []).map((product) => ({ value: product.id, label: product.name })),
          ]}
          data-testid="filter-product"
        />
        <SelectField
          label={t('sales.orders.sort_label')}
          value={sort}
          onValueChange={list.setSort}
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
            value={list.filterValue('from')}
            onChange={(event) => list.setFilter('from', event.target.value)}
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
            value={list.filterValue('to')}
            onChange={(event) => list.setFilter('to', event.target.value)}
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
          {list.hasFilters && (
            <Button variant="ghost" onClick={list.resetFilters}>
              {t('sales.orders.reset')}
            </Button>
          )}
        </div>
      </ListFilterPanel>

      <ListResults
        query={orders}
        page={page}
        size={size}
        onPageChange={list.goTo}
        empty={
          <EmptyState title={t('sales.orders.empty')} description={t('sales.orders.empty_description')} />
        }
        count={(count) => t('sales.orders.count', { count })}
      >
        {(items) => (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table
              className={`w-full text-left text-sm ${orders.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={orders.isPlaceholderData || undefined}
              data-testid="order-list"
            >
              <caption className="sr-only">{t('sales.orders.title')}</caption>
              <TableHead
                className="border-b border-slate-200 bg-slate-50 text-slate-700"
                cellClassName="px-4 py-3 font-semibold"
                columns={[
                  ...['order', 'date', 'buyer', 'products', 'state'].map((key) =>
                    t(`sales.orders.column_${key}`),
                  ),
                  { label: t('sales.orders.column_total'), className: 'text-right' },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {items.map((order) => (
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
                      <OrderStateBadge state={order.state} label={t(`sales.states.${order.state}`)} />
                    </td>
                    <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                      {money(order.totalCents, order.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListResults>
    </>
  );
}
