import { useTranslation } from '../../../lib/i18n/i18n';
import { hasSubscriptionAccess, subscriptionRequired } from '@leerpad/core';
import { EmptyState } from '../../../components/empty-state';
import { CardIcon, CheckIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';

/** /account/orders: the subscription's state; the order history arrives with the sales capability. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const { me, roles } = useSession();
  usePageTitle(t('pages.account_orders.title'));
  const models = me?.availableBusinessModels ?? [];
  const active = me?.subscription?.isActive === true;
  const required = subscriptionRequired(models);
  const access = hasSubscriptionAccess({ models, subscriptionActive: me?.subscription?.isActive, roles });
  const status = active ? 'active' : required ? (access ? 'staff' : 'inactive') : 'not_required';

  return (
    <div data-page="account_orders">
      <PageHeader
        title={t('pages.account_orders.title')}
        description={t('pages.account_orders.description')}
      />
      <section
        aria-labelledby="subscription-status"
        className="mb-8 flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
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
      <EmptyState title={t('subscription.orders_title')} description={t('placeholder.description')} />
    </div>
  );
}
