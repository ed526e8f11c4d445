/**
 * /admin/sales/orders/create: sales staff order for an account — pick the account (search), the
 * products and an optional promotion code, then invoice later or send a payment link by e-mail.
 * The server's 422 pointers land on their fields.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS, type JsonApiError } from '@leerpad/core';
import { Button } from '../../../components/button';
import { FieldError, FormMessage, SearchInput, TextField } from '../../../components/form/fields';
import {
  NO_ERRORS,
  fieldFromSource,
  focusFirstError,
  formErrorsFrom,
  type FormErrors,
} from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { apiErrorText, isApiError } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { accountListQuery, type ManagedAccount } from '../../../lib/resources/accounts';
import { staffQuoteQuery, useCreateOrder, type NewOrder } from '../../../lib/resources/orders';
import { productsQuery } from '../../../lib/resources/products';
import { showToast } from '../../../lib/toasts/toasts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMoney } from '../../../lib/money';
import { OrderLinesTable, OrderTotals } from '../components/order-summary';
import { orderHref } from './orders-page';
import { Form } from '../../../components/form/form';

const FIELDS = ['account', 'products', 'promotionCode', 'paymentMethod'] as const;

/** Server pointers of an order onto this form's fields. */
function orderFieldOf(item: JsonApiError): string | null {
  const field = fieldFromSource(item);
  if (!field) return null;
  if (field.startsWith('data.relationships.products')) return 'products';
  if (field.startsWith('data.relationships.account')) return 'account';
  return (FIELDS as readonly string[]).includes(field) ? field : null;
}

function orderErrorsFrom(error: unknown, fallback: string): FormErrors {
  // The account chosen may have gone meanwhile: that shows at the account picker.
  const missingAccount =
    isApiError(error) && error.status === 404
      ? error.errors.find((item) => /account/i.test(item.detail ?? ''))
      : undefined;
  if (missingAccount) return { fields: { account: apiErrorText(missingAccount) ?? fallback }, general: [] };
  return formErrorsFrom(error, orderFieldOf, fallback);
}

export function OrderCreatePage() {
  useNamespace('sales');
  const { t } = useTranslation();
  usePageTitle(t('sales.create.title'));
  const navigate = useNavigate();
  const money = useMoney();
  const products = useQuery(productsQuery);
  const create = useCreateOrder();
  const [account, setAccount] = useState<ManagedAccount | null>(null);
  const [productIds, setProductIds] = useState<string[]>([]);
  const [promotionCode, setPromotionCode] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<NewOrder['paymentMethod']>('invoice_later');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const productsLegend = useId();
  const methodLegend = useId();

  const forSale = (products.data ?? []).filter((product) => product.active);
  const typedCode = useDebouncedValue(promotionCode.trim(), SEARCH_DEBOUNCE_MS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!account) local.account = t('sales.create.account_required');
    if (productIds.length === 0) local.products = t('sales.create.products_required');
    if (Object.keys(local).length > 0) {
      setErrors({ fields: local, general: [] });
      focusFirstError(local);
      return;
    }
    setErrors(NO_ERRORS);
    create.mutate(
      {
        accountId: account!.id,
        productIds,
        promotionCode: promotionCode.trim() || null,
        paymentMethod,
      },
      {
        onSuccess: (order) => {
          showToast({
            kind: 'success',
            message:
              paymentMethod === 'payment_link'
                ? t('sales.create.done_link', { id: order.id, email: order.buyerEmail })
                : t('sales.create.done', { id: order.id }),
          });
          void navigate(orderHref(order.id));
        },
        onError: (error) => {
          const next = orderErrorsFrom(error, t('forms.default_error'));
          setErrors(next);
          focusFirstError(next.fields);
        },
      },
    );
  };

  return (
    <div data-page="admin_order_create" className="max-w-3xl">
      <PageHeader title={t('sales.create.title')} description={t('sales.create.description')} />
      <Form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        data-testid="order-create-form"
      >
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <AccountPicker
          account={account}
          onChange={(next) => {
            setAccount(next);
            setErrors(NO_ERRORS);
          }}
          error={errors.fields.account}
        />

        <fieldset aria-describedby={errors.fields.products ? `${productsLegend}-error` : undefined}>
          <legend id={productsLegend} className="mb-2 text-sm font-medium text-slate-800">
            {t('sales.create.products')}
          </legend>
          {products.isPending ? (
            <Loading />
          ) : (
            <ul className="flex flex-col gap-2" data-field="products" tabIndex={-1}>
              {forSale.map((product) => (
                <li key={product.id}>
                  <label className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={productIds.includes(product.id)}
                      onChange={(event) => {
                        setErrors(NO_ERRORS);
                        setProductIds((ids) =>
                          event.target.checked ? [...ids, product.id] : ids.filter((id) => id !== product.id),
                        );
                      }}
                    />
                    <span className="flex-1 text-slate-900">{product.name}</span>
                    <span className="text-sm text-slate-700 tabular-nums">
                      {t('sales.create.price_with_vat', {
                        price: money(product.priceWithVatCents, product.currency),
                      })}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldError id={`${productsLegend}-error`}>{errors.fields.products}</FieldError>
        </fieldset>

        <TextField
          name="promotionCode"
          label={t('sales.create.promotion_code')}
          hint={t('sales.create.promotion_code_hint')}
          value={promotionCode}
          onValueChange={(value) => {
            setPromotionCode(value);
            setErrors(NO_ERRORS);
          }}
          error={errors.fields.promotionCode}
          maxLength={50}
          autoComplete="off"
        />

        {account && productIds.length > 0 && (
          <OrderPreview accountId={account.id} productIds={productIds} promotionCode={typedCode} />
        )}

        <fieldset>
          <legend id={methodLegend} className="mb-2 text-sm font-medium text-slate-800">
            {t('sales.create.payment_method')}
          </legend>
          <div className="flex flex-col gap-2">
            {(['invoice_later', 'payment_link'] as const).map((method) => (
              <label key={method} className="flex items-start gap-3">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  className="mt-1 size-4 accent-primary"
                  checked={paymentMethod === method}
                  onChange={() => setPaymentMethod(method)}
                />
                <span>
                  <span className="block font-medium text-slate-900">
                    {t(`sales.payment_methods.${method}`)}
                  </span>
                  <span className="block text-sm text-slate-600">{t(`sales.create.${method}_hint`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError>{errors.fields.paymentMethod}</FieldError>
        </fieldset>

        <div className="flex justify-end">
          <Button type="submit" loading={create.isPending} data-testid="create-order">
            {t('sales.create.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/**
 * What the order will be, priced by the server for the chosen buyer: lines, discount, VAT per
 * rate and the total, shown before staff place it. A code the buyer may not use says why here.
 */
function OrderPreview({
  accountId,
  productIds,
  promotionCode,
}: {
  accountId: string;
  productIds: string[];
  promotionCode: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const quote = useQuery(staffQuoteQuery({ accountId, productIds, promotionCode: promotionCode || null }));
  const data = quote.data;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={quote.isFetching}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="order-preview"
    >
      <h2 id={headingId} className="mb-2 text-base font-semibold text-slate-900">
        {t('sales.create.preview')}
      </h2>
      {quote.isError && (
        <p className="mb-2 text-sm text-red-800" role="alert" data-testid="order-preview-error">
          {(isApiError(quote.error) && quote.error.errors[0] && apiErrorText(quote.error.errors[0])) ||
            t('sales.create.preview_failed')}
        </p>
      )}
      {!data ? (
        quote.isPending ? (
          <Loading />
        ) : null
      ) : (
        <>
          <OrderLinesTable lines={data.lines} currency={data.currency} />
          <OrderTotals
            totals={data}
            lines={data.lines}
            testIds={{ discount: 'preview-discount', total: 'preview-total' }}
          />
        </>
      )}
    </section>
  );
}

/** Finds an account by name or e-mail; the chosen one shows with a "change" button. */
function AccountPicker({
  account,
  onChange,
  error,
}: {
  account: ManagedAccount | null;
  onChange: (account: ManagedAccount | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    ...accountListQuery({ filter: { search }, page: 1, size: 8 }),
    enabled: search.length >= 2 && account === null,
  });

  if (account) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-800">{t('sales.create.account')}</span>
        <div
          className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 px-3 py-2"
          data-testid="chosen-account"
        >
          <span>
            <span className="font-medium text-slate-900">{account.fullName}</span>{' '}
            <span className="text-sm text-slate-600">{account.emailAddress}</span>
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            {t('sales.create.change_account')}
          </Button>
        </div>
        <FieldError>{error}</FieldError>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('sales.create.account')}
      </label>
      <SearchInput
        id={id}
        name="account"
        data-field="account"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('sales.create.account_placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        data-testid="account-search"
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {search.length >= 2 &&
        (results.isPending ? (
          <Loading />
        ) : (results.data?.items ?? []).length === 0 ? (
          <p className="text-sm text-slate-600">{t('sales.create.no_accounts')}</p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label={t('sales.create.account_results')}
          >
            {results.data?.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="flex w-full flex-col items-start px-3 py-2 text-left hover:bg-slate-50 focus:bg-slate-50"
                  onClick={() => onChange(item)}
                  data-testid="account-option"
                >
                  <span className="font-medium text-slate-900">{item.fullName}</span>
                  <span className="text-sm text-slate-600">{item.emailAddress}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
