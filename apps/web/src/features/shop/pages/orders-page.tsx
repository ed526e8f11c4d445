import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasSubscriptionAccess, subscriptionRequired } from '@leerpad/core';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { CardIcon, CheckIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { ScrollRegion } from '../../../components/scroll-region';
import { Pagination } from '../../../components/pagination';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { invoicesQuery } from '../../../lib/resources/invoices';
import { orderListQuery } from '../../../lib/resources/orders';
import {
  mySubscriptionsQuery,
  useSetSubscriptionCancelled,
  type Subscription,
} from '../../../lib/resources/subscriptions';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { OrderStateBadge } from '../../../components/order-state-badge';
import { TableHead } from '../../../components/table';
import { PromotionCodes } from '../components/promotion-codes';

const formatDate = (value: string | null, locale: string) =>
  value ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(value)) : '';

/**
 * /account/orders (SPEC §2 "subscriptions"): access status, the current plan with its next
 * renewal and cancel/resume, the account's orders, and its invoices and credit notes as PDF.
 */
export function OrdersPage() {
  useNamespace('shop');
  const { t } = useTranslation();
  const { me, roles } = useSession();
  usePageTitle(t('shop.orders.title'));
  const models = me?.availableBusinessModels ?? [];
  const active = me?.subscription?.isActive === true;
  const required = subscriptionRequired(models);
  const access = hasSubscriptionAccess({ models, subscriptionActive: me?.subscription?.isActive, roles });
  const status = active ? 'active' : required ? (access ? 'staff' : 'inactive') : 'not_required';

  return (
    <div data-view="account_orders">
      <PageHeader
        title={t('shop.orders.title')}
        description={t('shop.orders.description')}
        actions={
          <Link to="/account/orders/pricing" className={buttonClasses(active ? 'secondary' : 'primary')}>
            {t('shop.orders.view_pricing')}
          </Link>
        }
      />
      <section
        aria-labelledby="subscription-status"
        className="mb-6 flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        data-testid="subscription-status"
        data-status={status}
      >
        <span
          className={`flex size-11 shrink-0 items-center justify-center rounded-full ${
            active || !required ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'
          }`}
        >
          {active || !required ? <CheckIcon /> : <CardIcon />}
        </span>
        <div>
          <h2 id="subscription-status" className="font-semibold text-slate-900">
            {t(`subscription.status.${status}.title`)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t(`subscription.status.${status}.description`)}</p>
        </div>
      </section>
      <SubscriptionsSection />
      {me && <PromotionCodes accountId={me.account.id} />}
      <OrdersSection />
      <InvoicesSection />
    </div>
  );
}

function SubscriptionsSection() {
  const { t } = useTranslation();
  const subscriptions = useQuery(mySubscriptionsQuery());
  if (subscriptions.isPending) return <Loading />;
  if (subscriptions.isError)
    return (
      <ErrorBlock
        kind={errorKindOf(subscriptions.error)}
        asPage={false}
        onRetry={() => void subscriptions.refetch()}
      />
    );
  // The current plan first; ended ones stay out of the way.
  const current = subscriptions.data.filter((item) => item.state !== 'expired');
  if (current.length === 0) return null;
  return (
    <section aria-labelledby="my-plan" className="mb-8">
      <h2 id="my-plan" className="mb-3 text-lg font-semibold text-slate-900">
        {t('shop.orders.plan_title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {current.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} />
        ))}
      </ul>
    </section>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const change = useSetSubscriptionCancelled();
  const cancelled = subscription.state === 'cancelled';
  const end = formatDate(subscription.endsAt, i18n.language);
  const price =
    subscription.priceCents !== null && subscription.currency
      ? `${formatMoney(subscription.priceCents, subscription.currency, i18n.language)} ${
          subscription.planInterval ? t(`shop.per.${subscription.planInterval}`) : ''
        }`
      : null;
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="subscription"
      data-state={subscription.state}
    >
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-slate-900">
          {subscription.planName ?? t('shop.orders.plan_unknown')}
        </p>
        <p className="text-sm text-slate-700">
          {t(`shop.subscription_state.${subscription.state}`)}
          {price ? ` · ${price} ${t('shop.orders.excl_vat')}` : ''}
        </p>
        {end && (
          <p className="text-sm text-slate-600" data-testid="subscription-renewal">
            {subscription.renews
              ? t('shop.orders.renews_on', { date: end })
              : t('shop.orders.ends_on', { date: end })}
          </p>
        )}
      </div>
      {(subscription.state === 'active' || subscription.state === 'past_due' || cancelled) && (
        <Button
          variant={cancelled ? 'primary' : 'secondary'}
          loading={change.isPending}
          onClick={() => change.mutate({ id: subscription.id, cancelled: !cancelled })}
        >
          {cancelled ? t('shop.orders.resume') : t('shop.orders.cancel')}
        </Button>
      )}
    </li>
  );
}

const tableClasses = 'rounded-2xl border border-slate-200 bg-white shadow-sm';

function OrdersSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ number: 1, size: 25 });
  const orders = useQuery(orderListQuery({ filter: {}, page: page.number, size: page.size }));
  return (
    <section aria-labelledby="my-orders" className="mb-8">
      <h2 id="my-orders" className="mb-3 text-lg font-semibold text-slate-900">
        {t('shop.orders.orders_title')}
      </h2>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <ErrorBlock kind={errorKindOf(orders.error)} asPage={false} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState headingLevel={3} title={t('shop.orders.no_orders')} />
      ) : (
        <>
          <ScrollRegion label={t('shop.orders.orders_title')} className={tableClasses}>
            <table className="min-w-full text-left text-sm" data-testid="orders-table">
              <caption className="sr-only">{t('shop.orders.orders_title')}</caption>
              <TableHead
                columns={[
                  t('shop.orders.order'),
                  t('shop.orders.date'),
                  t('shop.orders.items'),
                  t('shop.orders.state'),
                  { label: t('shop.totals.total'), className: 'text-right' },
                ]}
              />
              <tbody className="divide-y divide-slate-200">
                {orders.data.items.map((order) => (
                  <tr key={order.id} data-testid="order-row" data-order={order.id}>
                    <td className="px-4 py-2">
                      <Link
                        to={`/account/orders/${order.id}`}
                        className="font-medium text-primary-text underline"
                      >
                        {t('shop.order.title', { id: order.id })}
                      </Link>
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                      {formatDate(order.createdAt, i18n.language)}
                    </td>
                    <td className="px-4 py-2 text-slate-900">
                      {order.orderLines.map((line) => line.description).join(', ')}
                    </td>
                    <td className="px-4 py-2">
                      <OrderStateBadge state={order.state} label={t(`shop.order_state.${order.state}`)} />
                    </td>
                    <td className="px-4 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                      {formatMoney(order.totalCents, order.currency, i18n.language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination
            total={orders.data.total}
            page={page.number}
            size={page.size}
            onChange={(number, size) => setPage({ number, size })}
            of={t('shop.orders.orders_title')}
          />
        </>
      )}
    </section>
  );
}

function InvoicesSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ number: 1, size: 25 });
  const invoices = useQuery(invoicesQuery({ page: page.number, size: page.size }));
  return (
    <section aria-labelledby="my-invoices">
      <h2 id="my-invoices" className="mb-3 text-lg font-semibold text-slate-900">
        {t('shop.orders.invoices_title')}
      </h2>
      {invoices.isPending ? (
        <Loading />
      ) : invoices.isError ? (
        <ErrorBlock
          kind={errorKindOf(invoices.error)}
          asPage={false}
          onRetry={() => void invoices.refetch()}
        />
      ) : invoices.data.items.length === 0 ? (
        <EmptyState headingLevel={3} title={t('shop.orders.no_invoices')} />
      ) : (
        <>
          <ScrollRegion label={t('shop.orders.invoices_title')} className={tableClasses}>
            <table className="min-w-full text-left text-sm" data-testid="invoices-table">
              <caption className="sr-only">{t('shop.orders.invoices_title')}</caption>
              <TableHead
                columns={[
                  t('shop.orders.number'),
                  t('shop.orders.date'),
                  t('shop.orders.kind'),
                  { label: t('shop.totals.vat'), className: 'text-right' },
                  { label: t('shop.totals.total'), className: 'text-right' },
                  { label: t('shop.orders.download'), hidden: true },
                ]}
              />
              <tbody className="divide-y divide-slate-200">
                {invoices.data.items.map((invoice) => (
                  <tr key={invoice.id} data-testid="invoice-row" data-kind={invoice.kind}>
                    <td className="px-4 py-2 font-medium text-slate-900">{invoice.number}</td>
                    <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                      {formatDate(invoice.issuedAt, i18n.language)}
                    </td>
                    <td className="px-4 py-2 text-slate-700">{t(`shop.invoice_kind.${invoice.kind}`)}</td>
                    <td className="px-4 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums">
                      {formatMoney(invoice.vatCents, invoice.currency, i18n.language)}
                    </td>
                    <td className="px-4 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                      {formatMoney(invoice.totalCents, invoice.currency, i18n.language)}
                    </td>
                    <td className="px-4 py-2">
                      <a
                        href={invoice.pdfUrl}
                        className="font-medium whitespace-nowrap text-primary-text underline"
                      >
                        {t('shop.orders.download')}
                        <span className="sr-only"> {invoice.number}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination
            total={invoices.data.total}
            page={page.number}
            size={page.size}
            onChange={(number, size) => setPage({ number, size })}
            of={t('shop.orders.invoices_title')}
          />
        </>
      )}
    </section>
  );
}
