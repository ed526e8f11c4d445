/**
 * /admin/sales/promotions: discount codes — a percentage or a fixed amount (typed as a decimal
 * amount, sent as cents), for all products or named ones, a validity window, redemption limits in
 * total and per account, first period only — listed with how often each was redeemed.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  PROMOTION_KINDS,
  centsFromDecimal,
  decimalFromCents,
} from '@leerpad/core';
import {
  FieldShell,
  FormMessage,
  TextField,
  controlClasses,
  describedByOf,
} from '../../../components/form/fields';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { productsQuery } from '../../../lib/resources/products';
import {
  promotionsQuery,
  useDeletePromotion,
  useSavePromotion,
  type Promotion,
  type PromotionInput,
} from '../../../lib/resources/promotions';
import { usePageTitle } from '../../../lib/use-page-title';
import { EditableListPage, RecordFormButtons, useRecordForm } from '../../../components/editable-list';
import {
  CheckboxField,
  NumberField,
  SelectField,
  numberOrNull,
  textOf,
} from '../../../components/form/controls';
import { CheckList } from '../components/check-list';
import { useMoney } from '../../../lib/money';
import { useShortDate } from '../components/money';
import { Form } from '../../../components/form/form';

type PromotionRecord = Promotion & { name: string };

export function PromotionsPage() {
  useNamespace('sales');
  const { t } = useTranslation();
  usePageTitle(t('sales.promotions.title'));
  const money = useMoney();
  const shortDate = useShortDate();
  const promotions = useQuery(promotionsQuery);
  const products = useQuery(productsQuery);
  const remove = useDeletePromotion();
  const items: PromotionRecord[] = (promotions.data ?? []).map((promotion) => ({
    ...promotion,
    name: promotion.code,
  }));
  const productName = (id: string) => products.data?.find((product) => product.id === id)?.name ?? `#${id}`;
  const query = { ...promotions, data: items } as unknown as typeof promotions & { data: PromotionRecord[] };

  return (
    <EditableListPage<PromotionRecord>
      page="admin_promotions"
      title={t('sales.promotions.title')}
      description={t('sales.promotions.description')}
      query={query as never}
      items={items}
      testIds={{ list: 'promotion-list', row: 'promotion-row' }}
      empty={{ title: t('sales.promotions.empty'), description: t('sales.promotions.empty_description') }}
      newTitle={t('sales.promotions.new')}
      texts={{
        edit: (promotion) => t('sales.edit', { name: promotion.code }),
        delete: (promotion) => t('sales.delete', { name: promotion.code }),
        deleteTitle: t('sales.promotions.delete_title'),
        deleteConfirm: (promotion) => t('sales.promotions.delete_confirm', { name: promotion.code }),
        deleted: (promotion) => t('sales.deleted', { name: promotion.code }),
      }}
      remove={remove}
      renderRow={(promotion) => (
        <div className="min-w-0 flex-1">
          <p className="font-mono font-semibold text-slate-900">{promotion.code}</p>
          <p className="text-sm text-slate-700">
            {promotion.kind === 'percentage'
              ? t('sales.promotions.percent_off', { value: promotion.value })
              : t('sales.promotions.amount_off', {
                  value: money(promotion.value, promotion.currency ?? DEFAULT_CURRENCY),
                })}
            {' · '}
            {promotion.allProducts
              ? t('sales.promotions.all_products')
              : promotion.products.map((product) => productName(product.id)).join(', ')}
            {promotion.firstPeriodOnly && ` · ${t('sales.promotions.first_period_only')}`}
          </p>
          <p className="text-sm text-slate-600">
            <span data-testid="promotion-redemptions">
              {promotion.maxRedemptions === null
                ? t('sales.promotions.redemptions', { count: promotion.redemptions })
                : t('sales.promotions.redemptions_of', {
                    count: promotion.redemptions,
                    max: promotion.maxRedemptions,
                  })}
            </span>
            {promotion.maxPerAccount !== null &&
              ` · ${t('sales.promotions.per_account', { max: promotion.maxPerAccount })}`}
            {(promotion.startsAt || promotion.endsAt) &&
              ` · ${t('sales.promotions.window', {
                from: promotion.startsAt ? shortDate(promotion.startsAt) : '…',
                to: promotion.endsAt ? shortDate(promotion.endsAt) : '…',
              })}`}
          </p>
        </div>
      )}
      renderForm={(promotion, onDone) => <PromotionForm promotion={promotion} onDone={onDone} />}
    />
  );
}

const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

function DateField({
  label,
  value,
  onChange,
  error,
  field,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  field: string;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <input
        id={id}
        type="date"
        value={value}
        data-field={field}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error)}
        className={`${controlClasses} h-11 ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
    </FieldShell>
  );
}

function PromotionForm({ promotion, onDone }: { promotion: PromotionRecord | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePromotion();
  const products = useQuery(productsQuery);
  const [kind, setKind] = useState<PromotionInput['kind']>(promotion?.kind ?? 'percentage');
  const [value, setValue] = useState(
    promotion
      ? promotion.kind === 'fixed'
        ? decimalFromCents(promotion.value)
        : String(promotion.value)
      : '',
  );
  const [currency, setCurrency] = useState<string>(promotion?.currency ?? '');
  const [allProducts, setAllProducts] = useState(promotion?.allProducts ?? true);
  const [productIds, setProductIds] = useState<string[]>(
    (promotion?.products ?? []).map((product) => product.id),
  );
  const [startsAt, setStartsAt] = useState(dayOf(promotion?.startsAt));
  const [endsAt, setEndsAt] = useState(dayOf(promotion?.endsAt));
  const [maxRedemptions, setMaxRedemptions] = useState(textOf(promotion?.maxRedemptions));
  const [maxPerAccount, setMaxPerAccount] = useState(textOf(promotion?.maxPerAccount));
  const [firstPeriodOnly, setFirstPeriodOnly] = useState(promotion?.firstPeriodOnly ?? false);
  const [valueError, setValueError] = useState<string | undefined>();
  const { name, changeName, errors, submit } = useRecordForm({
    record: promotion,
    fields: [
      'code',
      'kind',
      'value',
      'currency',
      'products',
      'startsAt',
      'endsAt',
      'maxRedemptions',
      'maxPerAccount',
    ],
    texts: {
      nameRequired: t('sales.promotions.code_required'),
      created: (created) => t('sales.created', { name: created }),
    },
    save: async (code) => {
      const amount =
        kind === 'fixed' ? centsFromDecimal(value) : /^\d+$/.test(value.trim()) ? Number(value) : null;
      if (amount === null) {
        setValueError(t('sales.promotions.value_invalid'));
        throw new Error('value');
      }
      setValueError(undefined);
      return save.mutateAsync({
        id: promotion?.id ?? null,
        input: {
          code,
          description: promotion?.description ?? null,
          kind,
          value: amount,
          currency: kind === 'fixed' ? currency || (products.data?.[0]?.currency ?? null) : null,
          productIds: allProducts ? [] : productIds,
          startsAt: startsAt ? `${startsAt}T00:00:00.000Z` : null,
          endsAt: endsAt ? `${endsAt}T23:59:59.000Z` : null,
          maxRedemptions: numberOrNull(maxRedemptions),
          maxPerAccount: numberOrNull(maxPerAccount),
          firstPeriodOnly,
        },
      });
    },
    onDone,
    onCreated: () => {
      setValue('');
      setStartsAt('');
      setEndsAt('');
      setMaxRedemptions('');
      setMaxPerAccount('');
      setFirstPeriodOnly(false);
      setProductIds([]);
      setAllProducts(true);
    },
  });
  // The server names the code `code`; the shared form calls it `name`.
  const codeError = errors.fields.name ?? errors.fields.code;
  const general = errors.general.filter(() => !valueError);
  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="promotion-form">
      {general.length > 0 && <FormMessage kind="error">{general.join('\n')}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="code"
          label={t('sales.promotions.code')}
          value={name}
          onValueChange={(next) => changeName(next.toUpperCase())}
          error={codeError}
          maxLength={50}
          autoComplete="off"
          required
        />
        <SelectField
          label={t('sales.promotions.kind')}
          value={kind}
          onValueChange={(next) => setKind(next as PromotionInput['kind'])}
          options={PROMOTION_KINDS.map((option) => ({
            value: option,
            label: t(`sales.promotions.kinds.${option}`),
          }))}
          field="kind"
        />
        <TextField
          name="value"
          label={kind === 'percentage' ? t('sales.promotions.percent') : t('sales.promotions.amount')}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            setValueError(undefined);
          }}
          error={valueError ?? errors.fields.value}
          inputMode={kind === 'percentage' ? 'numeric' : 'decimal'}
          required
        />
        {kind === 'fixed' && (
          <SelectField
            label={t('sales.promotions.currency')}
            value={currency || (products.data?.[0]?.currency ?? DEFAULT_CURRENCY)}
            onValueChange={setCurrency}
            options={CURRENCIES.map((code) => ({ value: code, label: code }))}
            field="currency"
            error={errors.fields.currency}
          />
        )}
      </div>
      <CheckboxField
        label={t('sales.promotions.all_products')}
        checked={allProducts}
        onCheckedChange={setAllProducts}
      />
      {!allProducts && (
        <CheckList
          legend={t('sales.promotions.products')}
          options={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
          value={productIds}
          onChange={setProductIds}
          error={errors.fields.products}
          field="productIds"
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t('sales.promotions.starts_at')}
          value={startsAt}
          onChange={setStartsAt}
          error={errors.fields.startsAt}
          field="startsAt"
        />
        <DateField
          label={t('sales.promotions.ends_at')}
          value={endsAt}
          onChange={setEndsAt}
          error={errors.fields.endsAt}
          field="endsAt"
        />
        <NumberField
          label={t('sales.promotions.max_redemptions')}
          hint={t('sales.promotions.no_limit')}
          value={maxRedemptions}
          onValueChange={setMaxRedemptions}
          error={errors.fields.maxRedemptions}
          field="maxRedemptions"
          min={1}
        />
        <NumberField
          label={t('sales.promotions.max_per_account')}
          hint={t('sales.promotions.no_limit')}
          value={maxPerAccount}
          onValueChange={setMaxPerAccount}
          error={errors.fields.maxPerAccount}
          field="maxPerAccount"
          min={1}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          label={t('sales.promotions.first_period_only')}
          hint={t('sales.promotions.first_period_hint')}
          checked={firstPeriodOnly}
          onCheckedChange={setFirstPeriodOnly}
        />
        <div className="flex gap-2">
          <RecordFormButtons
            editing={promotion !== null}
            busy={save.isPending}
            addLabel={t('sales.promotions.add')}
            onCancel={onDone}
          />
        </div>
      </div>
    </Form>
  );
}
