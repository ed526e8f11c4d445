/**
 * The payment-required (402) screen (SPEC §2): texts differ for guests and signed-in users; guests
 * get sign-in and try-free, subscription-model users a subscriptions button (to the pricing page,
 * remembering where they were) when the portal has a price list, others the homepage.
 */
import { useTranslation } from '../lib/i18n/i18n';
import { Link, useLocation } from 'react-router';
import { paymentRequiredActions } from '@leerpad/core';
import { useHomeHref } from '../lib/use-home-href';
import { useSession } from '../lib/session/use-session';
import { usePageTitle } from '../lib/use-page-title';
import { buttonClasses } from './button';
import { CardIcon } from './icons';

export function PaymentRequired() {
  const { t } = useTranslation();
  const { authenticated, me, portal } = useSession();
  const location = useLocation();
  const home = useHomeHref();
  const models = me?.availableBusinessModels.length
    ? me.availableBusinessModels
    : (portal?.businessModels ?? me?.portal?.businessModels ?? []);
  const currentPortal = portal ?? me?.portal;
  const actions = paymentRequiredActions(authenticated, models, currentPortal?.hasPriceList !== false);
  const variant = authenticated ? 'user' : 'guest';
  const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
  usePageTitle(t(`payment_required.${variant}.title`));

  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center"
      data-testid="payment-required"
      aria-labelledby="payment-required-title"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-text">
        <CardIcon size={28} />
      </span>
      <h1 id="payment-required-title" className="text-2xl font-semibold text-slate-900">
        {t(`payment_required.${variant}.title`)}
      </h1>
      <p className="text-slate-600">{t(`payment_required.${variant}.description`)}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {actions.map((action, index) => {
          const href =
            action === 'login'
              ? `/auth?returnTo=${returnTo}`
              : action === 'try_free'
                ? '/auth/login/register'
                : action === 'subscriptions'
                  ? `/account/orders/pricing?returnTo=${returnTo}`
                  : home;
          return (
            <Link key={action} to={href} className={buttonClasses(index === 0 ? 'primary' : 'secondary')}>
              {t(`payment_required.actions.${action}`)}
            </Link>
          );
        })}
      </div>
    </section>
  );
}
