/**
 * /admin/sales/orders/:orderId: one order with its lines, VAT per rate, payments and invoices or
 * credit notes (PDF links); sales staff mark an invoice-later order paid or refund it, fully or in
 * part (a credit note follows).
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { can, centsFromDecimal, decimalFromCents } from '@leerpad/core';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextField } from '../../../components/form/fields';
import { NO_ERRORS, formErrorsFrom, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { ModalFrame } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { orderQuery, useMarkOrderPaid, useRefundOrder, type Order } from '../../../lib/resources/orders';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { CheckboxField } from '../../../components/form/controls';
import { OrderStateBadge } from '../../../components/order-state-badge';
import { useMoney } from '../../../lib/money';
import { useShortDate } from '../components/money';
import { OrderLinesTable, OrderTotals } from '../components/order-summary';
import { ScrollRegion } from '../../../components/scroll-region';
import { Form } from '../../../components/form/form';

export function OrderPage() {
  useNamespace('sales');
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const valid = /^\d+$/.test(orderId);
  const order = useQuery({ ...orderQuery(orderId), enabled: valid });
  usePageTitle(t('sales.order.title', { id: orderId }));
  if (!valid) return <ErrorBlock kind="not_found" />;
  if (order.isPending) return <Loading />;
  if (order.isError)
    return <ErrorBlock kind={errorKindOf(order.error)} onRetry={() => void order.refetch()} />;
  return <OrderDetail order={order.data} />;
}

/** Net and VAT per rate, from the lines (rounded per line, as the invoice does). */
function OrderDetail({ order }: { order: Order }) {
  const { t } = useTranslation();
  const money = useMoney();
  const shortDate = useShortDate();
  const markPaid = useMarkOrderPaid(order.id);
  const { me, features } = useSession();
  const mayOpenAccount = can({ roles: me?.roles ?? [], features }, 'manage:account');
  const [refunding, setRefunding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const abilities = order.meta?.abilities ?? { pay: false, refund: false, markPaid: false };
  return (
    <div data-page="admin_order" className="max-w-5xl">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {t('sales.order.title', { id: order.id })}
            <OrderStateBadge state={order.state} label={t(`sales.states.${order.state}`)} />
          </span>
        }
        description={t('sales.order.placed', {
          date: shortDate(order.createdAt),
          method: t(`sales.payment_methods.${order.paymentMethod}`),
        })}
        actions={
          <>
            {abilities.markPaid && (
              <Button
                onClick={() => {
                  setActionError(null);
                  markPaid.mutate(undefined, {
                    onSuccess: () => showToast({ kind: 'success', message: t('sales.order.marked_paid') }),
                    onError: (error) =>
                      setActionError(formErrorsFrom(error, [], t('forms.default_error')).general.join('\n')),
                  });
                }}
                loading={markPaid.isPending}
                data-testid="mark-paid"
              >
                {t('sales.order.mark_paid')}
              </Button>
            )}
            {abilities.refund && (
              <Button variant="secondary" onClick={() => setRefunding(true)} data-testid="refund">
                {t('sales.order.refund')}
              </Button>
            )}
          </>
        }
      />
      {actionError && <FormMessage kind="error">{actionError}</FormMessage>}

      <section
        aria-labelledby="order-buyer"
        className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="order-buyer" className="mb-2 text-lg font-semibold text-slate-900">
          {t('sales.order.buyer')}
        </h2>
        <p className="text-slate-900">
          {order.account && mayOpenAccount ? (
            <Link
              to={`/admin/accounts/${order.account.id}`}
              className="font-medium text-primary-text underline"
            >
              {order.buyerName}
            </Link>
          ) : (
            order.buyerName
          )}{' '}
          · {order.buyerEmail}
        </p>
        {(order.buyerCountry || order.buyerVatId) && (
          <p className="text-sm text-slate-600">
            {[order.buyerCountry, order.buyerVatId].filter(Boolean).join(' · ')}
          </p>
        )}
        {order.promotionCode && (
          <p className="mt-1 text-sm text-slate-700">
            {t('sales.order.promotion', { code: order.promotionCode })}
          </p>
        )}
      </section>

      <section aria-labelledby="order-lines" className="mb-6">
        <h2 id="order-lines" className="mb-2 text-lg font-semibold text-slate-900">
          {t('sales.order.lines')}
        </h2>
        <ScrollRegion
          label={t('sales.order.lines')}
          className="rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          <OrderLinesTable lines={order.orderLines} currency={order.currency} testId="order-lines" />
        </ScrollRegion>
        <OrderTotals
          totals={order}
          lines={order.orderLines}
          testIds={{ list: 'order-totals', total: 'order-total', refunded: 'order-refunded' }}
        />
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="order-payments"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="order-payments" className="mb-2 text-lg font-semibold text-slate-900">
            {t('sales.order.payments')}
          </h2>
          {order.payments.length === 0 ? (
            <p className="text-sm text-slate-600">{t('sales.order.no_payments')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {order.payments.map((payment) => (
                <li key={payment.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {shortDate(payment.createdAt)} · {payment.provider} ·{' '}
                    {t(`sales.payment_states.${payment.state}`)}
                    {payment.checkoutUrl && (
                      <>
                        {' · '}
                        <a href={payment.checkoutUrl} className="text-primary-text underline">
                          {t('sales.order.payment_link')}
                        </a>
                      </>
                    )}
                  </span>
                  <span className="tabular-nums">{money(payment.amountCents, payment.currency)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section
          aria-labelledby="order-invoices"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="order-invoices" className="mb-2 text-lg font-semibold text-slate-900">
            {t('sales.order.invoices')}
          </h2>
          {order.invoices.length === 0 ? (
            <p className="text-sm text-slate-600">{t('sales.order.no_invoices')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="order-invoices">
              {order.invoices.map((invoice) => (
                <li
                  key={invoice.id}
                  className="flex items-center justify-between gap-3 py-2"
                  data-testid="invoice-row"
                >
                  <span>
                    <a
                      href={invoice.pdfUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="font-medium text-primary-text underline"
                      data-testid={invoice.kind === 'credit_note' ? 'credit-note-pdf' : 'invoice-pdf'}
                    >
                      {t(`sales.invoice_kinds.${invoice.kind}`)} {invoice.number}
                    </a>{' '}
                    · {shortDate(invoice.issuedAt)}
                  </span>
                  <span className="tabular-nums">{money(invoice.totalCents, invoice.currency)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {refunding && <RefundDialog order={order} onClose={() => setRefunding(false)} />}
    </div>
  );
}

function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refund = useRefundOrder(order.id);
  const left = order.totalCents - order.refundedCents;
  const [amount, setAmount] = useState(decimalFromCents(left));
  const [reverseAccess, setReverseAccess] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromDecimal(amount);
    if (cents === null || cents <= 0) {
      setErrors({ fields: { amountCents: t('sales.refund.amount_invalid') }, general: [] });
      return;
    }
    setErrors(NO_ERRORS);
    refund.mutate(
      { amountCents: cents === left ? null : cents, reverseAccess },
      {
        onSuccess: (note) => {
          showToast({ kind: 'success', message: t('sales.refund.done', { number: note.number }) });
          onClose();
        },
        onError: (error) => setErrors(formErrorsFrom(error, ['amountCents'], t('forms.default_error'))),
      },
    );
  };

  return (
    <ModalFrame
      title={t('sales.refund.title', { id: order.id })}
      description={t('sales.refund.description', { left: money(left, order.currency) })}
      onClose={onClose}
      size="sm"
    >
      <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="refund-form">
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <TextField
          name="amountCents"
          label={t('sales.refund.amount', { currency: order.currency })}
          value={amount}
          onValueChange={(value) => {
            setAmount(value);
            setErrors(NO_ERRORS);
          }}
          error={errors.fields.amountCents}
          inputMode="decimal"
          hint={t('sales.refund.amount_hint')}
          required
        />
        <CheckboxField
          label={t('sales.refund.reverse_access')}
          hint={t('sales.refund.reverse_access_hint')}
          checked={reverseAccess}
          onCheckedChange={setReverseAccess}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('sales.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={refund.isPending} data-testid="confirm-refund">
            {t('sales.refund.submit')}
          </Button>
        </div>
      </Form>
    </ModalFrame>
  );
}
