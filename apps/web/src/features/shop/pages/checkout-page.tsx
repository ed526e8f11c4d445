import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextField } from '../../../components/form/fields';
import {
  focusFirstError,
  formErrorsFrom,
  NO_ERRORS,
  type FormErrors,
} from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { formatMoney } from '../../../lib/money';
import {
  newIdempotencyKey,
  useCheckoutOrder,
  useQuoteOrder,
  type OrderQuote,
} from '../../../lib/resources/orders';
import { currentSalesCatalogQuery } from '../../../lib/resources/sales-catalogs';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { rememberReturnTo, returnToSearch, TotalsList } from '../components/shop-parts';
import { Form } from '../../../components/form/form';

const FIELDS = ['promotionCode'] as const;

/** The checkout's refusals: a 422 on the code shows under it, anything else above the form. */
export function checkoutErrors(error: unknown, fallback: string): FormErrors {
  return formErrorsFrom(error, FIELDS, fallback);
}

/**
 * /account/orders/checkout/:productId: the product, an optional promotion code, the totals with
 * VAT as the server computes them, then the order (one Idempotency-Key per attempt) and on to the
 * payment's checkout page.
 */
export function CheckoutPage() {
  useNamespace('shop');
  const { t, i18n } = useTranslation();
  usePageTitle(t('shop.checkout.title'));
  const { productId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  const navigate = useNavigate();
  const { portal } = useSession();
  const catalog = useQuery({ ...currentSalesCatalogQuery(), enabled: portal?.hasPriceList !== false });
  const quote = useQuoteOrder();
  const createOrder = useCheckoutOrder();
  const [code, setCode] = useState('');
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [totals, setTotals] = useState<OrderQuote | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  // The applied code was taken by others before the order was placed (decision 047).
  const [codeGone, setCodeGone] = useState(false);
  const attemptKey = useRef(newIdempotencyKey());
  const product = catalog.data?.products.find((item) => item.id === productId);

  // The totals without a code, as soon as the product is known.
  const quoteMutate = quote.mutate;
  useEffect(() => {
    if (!product) return;
    quoteMutate(
      { productIds: [product.id] },
      {
        onSuccess: setTotals,
        onError: (error) => setErrors(checkoutErrors(error, t('shop.checkout.quote_failed'))),
      },
    );
  }, [product, quoteMutate, t]);

  // Without a price list there is nothing to buy here.
  if (portal?.hasPriceList === false) return <ErrorBlock kind="not_found" />;
  if (catalog.isPending) return <Loading />;
  if (catalog.isError)
    return <ErrorBlock kind={errorKindOf(catalog.error)} onRetry={() => void catalog.refetch()} />;
  if (!product) return <ErrorBlock kind="not_found" />;

  const applyCode = () => {
    const trimmed = code.trim();
    setErrors(NO_ERRORS);
    setCodeGone(false);
    quote.mutate(
      { productIds: [product.id], promotionCode: trimmed || null },
      {
        onSuccess: (result) => {
          setTotals(result);
          setAppliedCode(trimmed || null);
        },
        onError: (error) => {
          const next = checkoutErrors(error, t('shop.checkout.quote_failed'));
          setErrors(next);
          focusFirstError(next.fields);
        },
      },
    );
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    createOrder.mutate(
      { productIds: [product.id], promotionCode: appliedCode, idempotencyKey: attemptKey.current },
      {
        onSuccess: (order) => {
          rememberReturnTo(order.id, returnTo);
          const payment = order.payments.find((item) => item.state === 'open' && item.checkoutUrl);
          const target = payment?.checkoutUrl ?? `/account/orders/${order.id}`;
          if (/^https?:\/\//.test(target)) window.location.assign(target);
          else navigate(target);
        },
        onError: (error) => {
          // Nothing was ordered: the next attempt is a new one.
          attemptKey.current = newIdempotencyKey();
          const next = checkoutErrors(error, t('shop.checkout.order_failed'));
          setErrors(next);
          focusFirstError(next.fields);
          if (next.fields.promotionCode && appliedCode) {
            // The code ran out since it was applied: show what the order costs without it.
            setAppliedCode(null);
            setCodeGone(true);
            quote.mutate({ productIds: [product.id] }, { onSuccess: setTotals });
          }
        },
      },
    );
  };

  const money = (cents: number) => formatMoney(cents, product.currency, i18n.language);
  const codeChanged = code.trim() !== (appliedCode ?? '');

  return (
    <div data-view="checkout" className="max-w-2xl">
      <PageHeader title={t('shop.checkout.title')} description={t('shop.checkout.description')} />
      <Form onSubmit={pay} noValidate className="flex flex-col gap-6">
        <section
          aria-labelledby="checkout-product"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="checkout-product" className="text-base font-semibold text-slate-900">
            {product.name}
          </h2>
          {product.description && <p className="mt-1 text-sm text-slate-600">{product.description}</p>}
          <p className="mt-2 text-sm text-slate-700">
            {money(product.priceCents)}{' '}
            {product.planInterval ? t(`shop.per.${product.planInterval}`) : t('shop.per.once')}
            {', '}
            {t('shop.checkout.excl_vat')}
          </p>
          <Link
            to={`/account/orders/pricing${returnToSearch(returnTo)}`}
            className="mt-2 inline-block text-sm font-medium text-primary-text underline"
          >
            {t('shop.checkout.change_product')}
          </Link>
        </section>

        <div className="flex flex-wrap items-end gap-3">
          <TextField
            name="promotionCode"
            label={t('shop.checkout.promotion_code')}
            hint={appliedCode ? t('shop.checkout.code_applied', { code: appliedCode }) : undefined}
            value={code}
            onValueChange={(value) => {
              setCode(value);
              setCodeGone(false);
              // A changed code is a new question: the last answer no longer applies to it.
              if (errors.fields.promotionCode) setErrors(NO_ERRORS);
            }}
            error={errors.fields.promotionCode}
            autoComplete="off"
            className="uppercase"
          />
          <Button
            type="button"
            variant="secondary"
            onClick={applyCode}
            loading={quote.isPending}
            disabled={!codeChanged}
          >
            {t('shop.checkout.apply_code')}
          </Button>
        </div>

        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}

        <section
          aria-labelledby="checkout-totals"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="checkout-totals" className="mb-3 text-base font-semibold text-slate-900">
            {t('shop.checkout.totals')}
          </h2>
          {totals ? <TotalsList totals={totals} testId="checkout-totals" /> : <Loading className="py-2" />}
          {codeGone && (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t('shop.checkout.code_gone')}
            </p>
          )}
        </section>

        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            loading={createOrder.isPending}
            disabled={!totals || codeChanged}
            data-testid="place-order"
          >
            {totals
              ? t('shop.checkout.pay', { amount: money(totals.totalCents) })
              : t('shop.checkout.pay_plain')}
          </Button>
          {codeChanged && <p className="text-sm text-slate-600">{t('shop.checkout.apply_first')}</p>}
          <Link to="/account/orders" className={buttonClasses('ghost')}>
            {t('shop.checkout.cancel')}
          </Link>
        </div>
      </Form>
    </div>
  );
}
