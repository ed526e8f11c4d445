/**
 * /admin/sales/catalogs (prefix): the sales catalogs (the one shown to students is the pricing
 * page) and, under /products, the products they hold — plans (monthly or yearly, with the courses
 * included), single courses and bundles. Prices are typed as decimal amounts and sent as whole
 * cents (integer math, no floats); the VAT rate comes from the allowed list.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { PLAN_INTERVALS, PRODUCT_KINDS, VAT_RATES, centsFromDecimal, decimalFromCents } from '@leerpad/core';
import { ErrorBlock } from '../../../components/error-block';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { courseTitlesQuery } from '../../../lib/resources/courses';
import {
  productsQuery,
  useDeleteProduct,
  useSaveProduct,
  type Product,
  type ProductInput,
} from '../../../lib/resources/products';
import {
  salesCatalogsQuery,
  useDeleteSalesCatalog,
  useSaveSalesCatalog,
  type SalesCatalog,
} from '../../../lib/resources/sales-catalogs';
import { usePageTitle } from '../../../lib/use-page-title';
import { EditableListPage, RecordFormButtons, useRecordForm } from '../../../components/editable-list';
import { CheckboxField, SelectField } from '../../../components/form/controls';
import { CheckList } from '../components/check-list';
import { useMoney } from '../../../lib/money';
import { Form } from '../../../components/form/form';

export function SalesCatalogsPage() {
  useNamespace('sales');
  return (
    <Routes>
      <Route index element={<CatalogList />} />
      <Route path="products" element={<ProductList />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

function Tabs() {
  const { t } = useTranslation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-4 py-1.5 text-sm font-medium ${
      isActive ? 'bg-slate-900 text-white' : 'bg-white text-slate-800 hover:bg-slate-100'
    }`;
  return (
    <nav aria-label={t('sales.catalogs.tabs')} className="mb-5 flex gap-2">
      <NavLink to="/admin/sales/catalogs" end className={tab}>
        {t('sales.catalogs.tab_catalogs')}
      </NavLink>
      <NavLink to="/admin/sales/catalogs/products" className={tab}>
        {t('sales.catalogs.tab_products')}
      </NavLink>
    </nav>
  );
}

// ── Catalogs ───────────────────────────────────────────────────────────────────────────────────

function CatalogList() {
  const { t } = useTranslation();
  usePageTitle(t('sales.catalogs.title'));
  const catalogs = useQuery(salesCatalogsQuery);
  const remove = useDeleteSalesCatalog();
  return (
    <EditableListPage<SalesCatalog>
      page="admin_sales_catalogs"
      title={t('sales.catalogs.title')}
      description={t('sales.catalogs.description')}
      query={catalogs}
      items={catalogs.data ?? []}
      testIds={{ list: 'catalog-list', row: 'catalog-row' }}
      empty={{ title: t('sales.catalogs.empty'), description: t('sales.catalogs.empty_description') }}
      newTitle={t('sales.catalogs.new')}
      texts={{
        edit: (catalog) => t('sales.edit', { name: catalog.name }),
        delete: (catalog) => t('sales.delete', { name: catalog.name }),
        deleteTitle: t('sales.catalogs.delete_title'),
        deleteConfirm: (catalog) => t('sales.catalogs.delete_confirm', { name: catalog.name }),
        deleted: (catalog) => t('sales.deleted', { name: catalog.name }),
      }}
      remove={remove}
      renderRow={(catalog) => (
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">
            {catalog.name}
            {catalog.shownToStudents && (
              <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                {t('sales.catalogs.shown')}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {(catalog.products ?? []).map((product) => product.name).join(', ') ||
              t('sales.catalogs.no_products')}
          </p>
        </div>
      )}
      renderForm={(catalog, onDone) => <CatalogForm catalog={catalog} onDone={onDone} />}
    >
      <Tabs />
    </EditableListPage>
  );
}

function CatalogForm({ catalog, onDone }: { catalog: SalesCatalog | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSalesCatalog();
  const products = useQuery(productsQuery);
  const [description, setDescription] = useState(catalog?.description ?? '');
  const [shown, setShown] = useState(catalog?.shownToStudents ?? false);
  const [productIds, setProductIds] = useState<string[]>(
    (catalog?.products ?? []).map((product) => product.id),
  );
  const { name, changeName, errors, submit } = useRecordForm({
    record: catalog,
    fields: ['name', 'description', 'products'],
    texts: {
      nameRequired: t('sales.name_required'),
      created: (created) => t('sales.created', { name: created }),
    },
    save: (trimmed) =>
      save.mutateAsync({
        id: catalog?.id ?? null,
        input: { name: trimmed, description: description.trim() || null, shownToStudents: shown, productIds },
      }),
    onDone,
    onCreated: () => {
      setDescription('');
      setShown(false);
      setProductIds([]);
    },
  });
  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="catalog-form">
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      <TextField
        {...fieldProps(errors, 'name', name, changeName)}
        label={t('sales.catalogs.name')}
        maxLength={200}
        required
      />
      <TextAreaField
        {...fieldProps(errors, 'description', description, setDescription)}
        label={t('sales.description')}
        maxLength={5000}
      />
      <CheckList
        legend={t('sales.catalogs.products')}
        options={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
        value={productIds}
        onChange={setProductIds}
        error={errors.fields.products}
        field="productIds"
        empty={t('sales.catalogs.no_products')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          label={t('sales.catalogs.shown_to_students')}
          hint={t('sales.catalogs.shown_hint')}
          checked={shown}
          onCheckedChange={setShown}
        />
        <div className="flex gap-2">
          <RecordFormButtons
            editing={catalog !== null}
            busy={save.isPending}
            addLabel={t('sales.catalogs.add')}
            onCancel={onDone}
          />
        </div>
      </div>
    </Form>
  );
}

// ── Products ───────────────────────────────────────────────────────────────────────────────────

function ProductList() {
  const { t } = useTranslation();
  usePageTitle(t('sales.products.title'));
  const money = useMoney();
  const products = useQuery(productsQuery);
  const remove = useDeleteProduct();
  return (
    <EditableListPage<Product>
      page="admin_sales_products"
      title={t('sales.products.title')}
      description={t('sales.products.description')}
      query={products}
      items={products.data ?? []}
      testIds={{ list: 'product-list', row: 'product-row' }}
      empty={{ title: t('sales.products.empty'), description: t('sales.products.empty_description') }}
      newTitle={t('sales.products.new')}
      texts={{
        edit: (product) => t('sales.edit', { name: product.name }),
        delete: (product) => t('sales.products.archive', { name: product.name }),
        deleteTitle: t('sales.products.delete_title'),
        deleteConfirm: (product) => t('sales.products.delete_confirm', { name: product.name }),
        deleted: (product) => t('sales.products.deleted', { name: product.name }),
      }}
      remove={remove}
      renderRow={(product) => (
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">
            {product.name}
            {!product.active && (
              <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                {t('sales.products.archived')}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {product.kind === 'plan' && product.planInterval
              ? t(`sales.products.plan_${product.planInterval}`)
              : t(`sales.products.kinds.${product.kind}`)}
            {' · '}
            {t('sales.products.price_line', {
              price: money(product.priceCents, product.currency),
              rate: product.vatRate,
              total: money(product.priceWithVatCents, product.currency),
            })}
          </p>
        </div>
      )}
      renderForm={(product, onDone) => <ProductForm product={product} onDone={onDone} />}
    >
      <Tabs />
    </EditableListPage>
  );
}

function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveProduct();
  const courses = useQuery(courseTitlesQuery);
  const [description, setDescription] = useState(product?.description ?? '');
  const [kind, setKind] = useState<ProductInput['kind']>(product?.kind ?? 'course');
  const [interval, setInterval] = useState<ProductInput['planInterval']>(product?.planInterval ?? 'month');
  const [price, setPrice] = useState(product ? decimalFromCents(product.priceCents) : '');
  const [vatRate, setVatRate] = useState(String(product?.vatRate ?? VAT_RATES[0]));
  const [active, setActive] = useState(product?.active ?? true);
  const [courseIds, setCourseIds] = useState<string[]>((product?.courses ?? []).map((course) => course.id));
  const [priceError, setPriceError] = useState<string | undefined>();
  const { name, changeName, errors, submit } = useRecordForm({
    record: product,
    fields: ['name', 'description', 'kind', 'planInterval', 'priceCents', 'vatRate', 'courses'],
    texts: {
      nameRequired: t('sales.name_required'),
      created: (created) => t('sales.created', { name: created }),
    },
    save: async (trimmed) => {
      const cents = centsFromDecimal(price);
      if (cents === null) {
        setPriceError(t('sales.products.price_invalid'));
        throw new Error('price');
      }
      setPriceError(undefined);
      return save.mutateAsync({
        id: product?.id ?? null,
        input: {
          name: trimmed,
          description: description.trim() || null,
          kind,
          planInterval: kind === 'plan' ? interval : null,
          priceCents: cents,
          vatRate: Number(vatRate),
          active,
          courseIds,
        },
      });
    },
    onDone,
    onCreated: () => {
      setDescription('');
      setPrice('');
      setCourseIds([]);
    },
  });
  const general = errors.general.filter(() => !priceError);
  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="product-form">
      {general.length > 0 && <FormMessage kind="error">{general.join('\n')}</FormMessage>}
      <TextField
        {...fieldProps(errors, 'name', name, changeName)}
        label={t('sales.products.name')}
        maxLength={200}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('sales.products.kind')}
          value={kind}
          onValueChange={(value) => setKind(value as ProductInput['kind'])}
          options={PRODUCT_KINDS.map((value) => ({ value, label: t(`sales.products.kinds.${value}`) }))}
          error={errors.fields.kind}
          field="kind"
        />
        {kind === 'plan' && (
          <SelectField
            label={t('sales.products.interval')}
            value={interval ?? 'month'}
            onValueChange={(value) => setInterval(value as ProductInput['planInterval'])}
            options={PLAN_INTERVALS.map((value) => ({ value, label: t(`sales.products.plan_${value}`) }))}
            error={errors.fields.planInterval}
            field="planInterval"
          />
        )}
        <TextField
          name="priceCents"
          label={t('sales.products.price')}
          hint={t('sales.products.price_hint', { currency: product?.currency ?? 'EUR' })}
          value={price}
          onValueChange={(value) => {
            setPrice(value);
            setPriceError(undefined);
          }}
          error={priceError ?? errors.fields.priceCents}
          inputMode="decimal"
          required
        />
        <SelectField
          label={t('sales.products.vat_rate')}
          value={vatRate}
          onValueChange={setVatRate}
          options={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate}%` }))}
          error={errors.fields.vatRate}
          field="vatRate"
        />
      </div>
      <TextAreaField
        {...fieldProps(errors, 'description', description, setDescription)}
        label={t('sales.description')}
        maxLength={5000}
      />
      <CheckList
        legend={kind === 'plan' ? t('sales.products.courses_in_plan') : t('sales.products.courses')}
        options={(courses.data ?? []).map((course) => ({ value: course.id, label: course.title }))}
        value={courseIds}
        onChange={setCourseIds}
        error={errors.fields.courses}
        field="courseIds"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label={t('sales.products.active')} checked={active} onCheckedChange={setActive} />
        <div className="flex gap-2">
          <RecordFormButtons
            editing={product !== null}
            busy={save.isPending}
            addLabel={t('sales.products.add')}
            onCancel={onDone}
          />
        </div>
      </div>
    </Form>
  );
}
