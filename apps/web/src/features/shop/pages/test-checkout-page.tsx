import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage } from '../../../components/form/fields';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { apiErrorText, isApiError } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { paymentQuery, useTestOutcome } from '../../../lib/resources/orders';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /checkout/test/:paymentId: the built-in test payment provider's checkout page (decision 021).
 * "Pay" and "Fail" call `test_outcome`; either way the buyer lands on the order's result page.
 */
export function TestCheckoutPage() {
  useNamespace('shop');
  const { t, i18n } = useTranslation();
  usePageTitle(t('shop.test_provider.title'));
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  const payment = useQuery(paymentQuery(paymentId));
  const outcome = useTestOutcome(paymentId);

  if (payment.isPending) return <Loading />;
  if (payment.isError)
    return <ErrorBlock kind={errorKindOf(payment.error)} onRetry={() => void payment.refetch()} />;
  const orderId = payment.data.order?.id ?? '';
  const resultPath = `/account/orders/${orderId}`;
  const decide = (value: 'paid' | 'failed') =>
    outcome.mutate(value, { onSuccess: () => navigate(resultPath) });
  const open = payment.data.state === 'open';

  return (
    <div data-view="test_checkout" className="mx-auto max-w-lg">
      <PageHeader title={t('shop.test_provider.title')} description={t('shop.test_provider.description')} />
      <section
        aria-labelledby="test-payment-amount"
        className="flex flex-col gap-4 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-6"
      >
        <p className="text-sm font-medium text-amber-900">{t('shop.test_provider.notice')}</p>
        <div>
          <h2 id="test-payment-amount" className="text-sm text-slate-700">
            {t('shop.test_provider.amount')}
          </h2>
          <p className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="test-payment-amount">
            {formatMoney(payment.data.amountCents, payment.data.currency, i18n.language)}
          </p>
        </div>
        {open ? (
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => decide('paid')}
              loading={outcome.isPending && outcome.variables === 'paid'}
              disabled={outcome.isPending}
            >
              {t('shop.test_provider.pay')}
            </Button>
            <Button
              variant="danger"
              onClick={() => decide('failed')}
              loading={outcome.isPending && outcome.variables === 'failed'}
              disabled={outcome.isPending}
            >
              {t('shop.test_provider.fail')}
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {t('shop.test_provider.closed', { state: t(`shop.payment_state.${payment.data.state}`) })}
            </p>
            <Link to={resultPath} className={buttonClasses('primary')}>
              {t('shop.test_provider.to_order')}
            </Link>
          </>
        )}
        {outcome.isError && (
          <FormMessage kind="error">
            {(isApiError(outcome.error) && apiErrorText(outcome.error.errors[0])) ||
              t('shop.test_provider.failed')}
          </FormMessage>
        )}
      </section>
    </div>
  );
}
