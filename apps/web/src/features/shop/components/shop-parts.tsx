/** Pieces the shop pages share: money lines and the place a buyer came from. */
import { isSafeReturnTo } from '@leerpad/core';
import { useTranslation } from '../../../lib/i18n/i18n';
import { formatMoney } from '../../../lib/money';

export interface Totals {
  currency: string;
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
}

/** Subtotal, discount (when any), VAT and total, as a description list. */
export function TotalsList({ totals, testId }: { totals: Totals; testId?: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, totals.currency, i18n.language);
  const rows: Array<[string, string, string]> = [
    ['subtotal', t('shop.totals.subtotal'), money(totals.subtotalCents)],
    ...(totals.discountCents > 0
      ? [['discount', t('shop.totals.discount'), money(-totals.discountCents)] as [string, string, string]]
      : []),
    ['vat', t('shop.totals.vat'), money(totals.vatCents)],
  ];
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid={testId}>
      {rows.map(([key, label, value]) => (
        <div key={key} className="flex justify-between gap-4" data-total={key}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
      <div
        className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold"
        data-total="total"
      >
        <dt className="text-slate-900">{t('shop.totals.total')}</dt>
        <dd className="tabular-nums text-slate-900">{money(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}

const RETURN_KEY = 'leerpad.shop.return_to';

/** Remembers, per order, the page the buyer came from (kept in this tab only). */
export function rememberReturnTo(orderId: string, returnTo: string | null) {
  if (!returnTo || !isSafeReturnTo(returnTo)) return;
  try {
    sessionStorage.setItem(`${RETURN_KEY}.${orderId}`, returnTo);
  } catch {
    // Storage may be off; the result page then offers the usual links only.
  }
}

export function returnToOf(orderId: string): string | null {
  try {
    const value = sessionStorage.getItem(`${RETURN_KEY}.${orderId}`);
    return value && isSafeReturnTo(value) ? value : null;
  } catch {
    return null;
  }
}

/** A `?returnTo=` suffix for links inside the shop, when there is a safe one. */
export function returnToSearch(returnTo: string | null): string {
  return returnTo && isSafeReturnTo(returnTo) ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
}
