/** Money and order states for the sales screens: integer cents shown in the reader's language. */
import { formatMoney, type OrderState } from '@leerpad/core';
import { useTranslation } from '../../../lib/i18n/i18n';

/** Formats cents of a currency for the interface language ("€ 12,34" in Dutch). */
export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
}

const STATE_CLASSES: Record<OrderState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
  refunded: 'bg-violet-100 text-violet-900',
  partially_refunded: 'bg-violet-100 text-violet-900',
};

export function OrderStateBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATE_CLASSES[state] ?? STATE_CLASSES.expired}`}
      data-testid="order-state"
    >
      {t(`sales.states.${state}`)}
    </span>
  );
}

/** A short date in the reader's language ("3 Nov 2026"). */
export function useShortDate() {
  const { i18n } = useTranslation();
  return (value: string | null | undefined) => {
    if (!value) return '';
    const date = new Date(value);
    return Number.isNaN(date.getTime())
      ? ''
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(date);
  };
}
