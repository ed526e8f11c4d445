import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { formatMoney, formatVatRate } from '../../../lib/money';
import type { Product } from '../../../lib/resources/products';
import { currentSalesCatalogQuery } from '../../../lib/resources/sales-catalogs';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { returnToSearch } from '../components/shop-parts';

/**
 * /account/orders/pricing: the portal's sales catalog, plans first, then single courses. A portal
 * without one says so, without asking for a catalog that is not there.
 */
export function PricingPage() {
  useNamespace('shop');
  const { t } = useTranslation();
  usePageTitle(t('shop.pricing.title'));
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  const { portal } = useSession();
  const hasPriceList = portal?.hasPriceList !== false;
  const catalog = useQuery({ ...currentSalesCatalogQuery(), enabled: hasPriceList });

  // A 404 can still come when the catalog was taken away after the portal was read.
  const gone = isApiError(catalog.error) && catalog.error.status === 404;
  if (!hasPriceList || gone) {
    return (
      <div data-view="pricing">
        <PageHeader title={t('shop.pricing.title')} />
        <EmptyState title={t('shop.pricing.empty_title')} description={t('shop.pricing.empty')} />
      </div>
    );
  }
  if (catalog.isPending) return <Loading />;
  if (catalog.isError) {
    return <ErrorBlock kind={errorKindOf(catalog.error)} onRetry={() => void catalog.refetch()} />;
  }
  const products = catalog.data.products ?? [];
  const plans = products.filter((product) => product.kind === 'plan');
  const others = products.filter((product) => product.kind !== 'plan');

  return (
    <div data-view="pricing">
      <PageHeader
        title={t('shop.pricing.title')}
        description={catalog.data.description ?? t('shop.pricing.description')}
      />
      {plans.length > 0 && (
        <section aria-labelledby="pricing-plans" className="mb-10">
          <h2 id="pricing-plans" className="mb-4 text-lg font-semibold text-slate-900">
            {t('shop.pricing.plans')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {plans.map((product) => (
              <ProductCard key={product.id} product={product} returnTo={returnTo} />
            ))}
          </ul>
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="pricing-courses">
          <h2 id="pricing-courses" className="mb-4 text-lg font-semibold text-slate-900">
            {t('shop.pricing.courses')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {others.map((product) => (
              <ProductCard key={product.id} product={product} returnTo={returnTo} />
            ))}
          </ul>
        </section>
      )}
      <p className="mt-8 text-sm text-slate-600">{t('shop.pricing.vat_note')}</p>
    </div>
  );
}

function ProductCard({ product, returnTo }: { product: Product; returnTo: string | null }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, product.currency, i18n.language);
  const headingId = `product-${product.id}`;
  const period = product.planInterval ? t(`shop.per.${product.planInterval}`) : t('shop.per.once');
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={headingId}
      data-testid="product-card"
      data-product={product.id}
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {product.name}
      </h3>
      {product.description && <p className="text-sm text-slate-600">{product.description}</p>}
      <p className="mt-auto">
        <span className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="price-with-vat">
          {money(product.priceWithVatCents)}
        </span>{' '}
        <span className="text-sm text-slate-600">{period}</span>
      </p>
      <p className="text-sm text-slate-600" data-testid="price-without-vat">
        {t('shop.pricing.excl_vat', {
          price: money(product.priceCents),
          rate: formatVatRate(product.vatRate, i18n.language),
          vat: money(product.vatCents),
        })}
      </p>
      <Link
        to={`/account/orders/checkout/${product.id}${returnToSearch(returnTo)}`}
        className={buttonClasses('primary')}
        aria-describedby={headingId}
      >
        {t('shop.pricing.choose')}
      </Link>
    </li>
  );
}
