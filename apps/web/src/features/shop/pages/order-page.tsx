import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { formatMoney, formatVatRate } from '../../../lib/money';
import { orderQuery, useRetryPayment, type Order } from '../../../lib/resources/orders';
import { currentSalesCatalogQuery } from '../../../lib/resources/sales-catalogs';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { OrderStateBadge } from '../../../components/order-state-badge';
import { returnToOf, TotalsList } from '../components/shop-parts';

const PAID_STATES = new Set(['paid', 'refunded', 'partially_refunded']);

/**
 * /account/orders/:orderId: one order and where its payment stands. Paid: what it granted, with a
 * way to learning (access is granted by a background job, so the page waits for `fulfilled_at`).
 * Failed or expired: nothing was granted; "try again" starts a new payment for the same order.
 */
export function OrderPage() {
  useNamespace('shop');
  const { t, i18n } = useTranslation();
  const { orderId = '' } = useParams();
  const order = useQuery({
    ...orderQuery(orderId),
    // Paid but not yet granted: look again shortly.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.state === 'paid' && !data.fulfilledAt ? 1000 : false;
    },
  });
  usePageTitle(t('shop.order.title', { id: orderId }));

  if (order.isPending) return <Loading />;
  if (order.isError)
    return <ErrorBlock kind={errorKindOf(order.error)} onRetry={() => void order.refetch()} />;
  const data = order.data;
  const money = (cents: number) => formatMoney(cents, data.currency, i18n.language);

  return (
    <div data-view="order" className="max-w-3xl">
      <PageHeader
        title={t('shop.order.title', { id: data.id })}
        description={formatDateTime(data.createdAt, i18n.language)}
        actions={
          <Link to="/account/orders" className={buttonClasses('secondary')}>
            {t('shop.order.back')}
          </Link>
        }
      />
      <OrderOutcome order={data} />
      <section
        aria-labelledby="order-lines"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="order-lines" className="text-base font-semibold text-slate-900">
            {t('shop.order.lines')}
          </h2>
          <OrderStateBadge state={data.state} label={t(`shop.order_state.${data.state}`)} />
        </div>
        <ul className="mb-4 flex flex-col gap-2 text-sm">
          {data.orderLines.map((line, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2">
              <span className="text-slate-900">
                {line.quantity > 1 ? `${line.quantity} × ` : ''}
                {line.description}
              </span>
              <span className="text-slate-600 tabular-nums">
                {t('shop.order.line_vat', {
                  net: money(line.netCents),
                  rate: formatVatRate(line.vatRate, i18n.language),
                })}
              </span>
            </li>
          ))}
        </ul>
        <TotalsList totals={data} testId="order-totals" />
        <PromotionNote order={data} />
        {data.invoices.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-3 text-sm">
            {data.invoices.map((invoice) => (
              <li key={invoice.id}>
                <a href={invoice.pdfUrl} className="font-medium text-primary-text underline">
                  {t(`shop.invoice_kind.${invoice.kind}`)} {invoice.number} (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * What became of the order's promotion code (decision 047): applied, held for the payment, free
 * again after a failed or expired payment, or no longer available, so the order is in full.
 */
function PromotionNote({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const code = order.promotionCode;
  if (!code) return null;
  const status = order.promotionStatus ?? 'redeemed';
  const amount = formatMoney(order.discountCents, order.currency, i18n.language);
  const text = {
    reserved: () => t('shop.order.code_reserved', { code, amount }),
    redeemed: () => t('shop.order.code_redeemed', { code, amount }),
    released: () => t('shop.order.code_released', { code }),
    withdrawn: () => t('shop.order.code_withdrawn', { code }),
  }[status];
  return (
    <p
      data-testid="promotion-note"
      data-promotion={status}
      className={`mt-3 text-sm ${
        status === 'withdrawn' ? 'rounded-lg bg-amber-50 p-3 text-amber-900' : 'text-slate-600'
      }`}
    >
      {text()}
    </p>
  );
}

function OrderOutcome({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const retry = useRetryPayment();
  const { portal } = useSession();
  const catalog = useQuery({
    ...currentSalesCatalogQuery(),
    enabled: PAID_STATES.has(order.state) && portal?.hasPriceList !== false,
  });
  const returnTo = returnToOf(order.id);
  const panel = (tone: 'good' | 'bad' | 'wait', title: string, body: string, children?: ReactNode) => (
    <section
      aria-labelledby="order-outcome"
      data-testid="order-outcome"
      data-outcome={tone}
      className={`flex items-start gap-4 rounded-2xl border p-5 ${
        tone === 'good'
          ? 'border-emerald-200 bg-emerald-50'
          : tone === 'bad'
            ? 'border-red-200 bg-red-50'
            : 'border-slate-200 bg-white'
      }`}
    >
      <span
        className={`flex size-11 shrink-0 items-center justify-center rounded-full ${
          tone === 'good' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'
        }`}
      >
        {tone === 'good' ? <CheckIcon /> : <AlertIcon />}
      </span>
      <div className="flex flex-col gap-2">
        <h2 id="order-outcome" className="font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{body}</p>
        {children && <div className="mt-1 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );

  if (order.state === 'paid' && !order.fulfilledAt)
    return panel('wait', t('shop.outcome.paid_title'), t('shop.outcome.granting'));
  if (order.state === 'paid') {
    const productIds = new Set(order.orderLines.map((line) => line.productId));
    const products = (catalog.data?.products ?? []).filter((product) => productIds.has(product.id));
    const plan = products.some((product) => product.kind === 'plan');
    const courses = products.flatMap((product) => product.courses ?? []);
    const names = order.orderLines.map((line) => line.description).join(', ');
    return panel(
      'good',
      t('shop.outcome.paid_title'),
      plan ? t('shop.outcome.subscribed', { names }) : t('shop.outcome.enrolled', { names }),
      <>
        {returnTo && (
          <Link to={returnTo} className={buttonClasses('primary')}>
            {t('shop.outcome.continue')}
          </Link>
        )}
        {!plan && courses.length === 1 ? (
          <Link
            to={`/courses/${courses[0]!.id}`}
            className={buttonClasses(returnTo ? 'secondary' : 'primary')}
          >
            {t('shop.outcome.open_course')}
          </Link>
        ) : (
          <Link to="/courses" className={buttonClasses(returnTo ? 'secondary' : 'primary')}>
            {t('shop.outcome.to_learning')}
          </Link>
        )}
      </>,
    );
  }
  if (order.state === 'refunded' || order.state === 'partially_refunded')
    return panel('wait', t(`shop.order_state.${order.state}`), t('shop.outcome.refunded'));
  const open = order.payments.find((payment) => payment.state === 'open' && payment.checkoutUrl);
  if (order.state === 'pending' && open) {
    return panel(
      'wait',
      t('shop.outcome.pending_title'),
      t('shop.outcome.pending'),
      <Link to={open.checkoutUrl!} className={buttonClasses('primary')}>
        {t('shop.outcome.continue_payment')}
      </Link>,
    );
  }
  if (order.state === 'pending')
    return panel('wait', t('shop.outcome.pending_title'), t('shop.outcome.invoice_later'));
  return panel(
    'bad',
    t(order.state === 'expired' ? 'shop.outcome.expired_title' : 'shop.outcome.failed_title'),
    t('shop.outcome.failed'),
    order.meta?.abilities?.pay ? (
      <Button
        loading={retry.isPending}
        onClick={() =>
          retry.mutate(order.id, {
            onSuccess: (payment) => {
              // The code was no longer available and the order now costs more: the buyer reads
              // why here before going on to pay (the order page shows it, with the new total).
              if (payment.amountCents !== order.totalCents) return;
              const target = payment.checkoutUrl ?? `/account/orders/${order.id}`;
              if (/^https?:\/\//.test(target)) window.location.assign(target);
              else navigate(target);
            },
          })
        }
      >
        {t('shop.outcome.try_again')}
      </Button>
    ) : undefined,
  );
}
