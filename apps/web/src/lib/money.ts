/**
 * Money in the web app (docs/decisions/021-payments-and-invoices.md): integer cents plus an ISO
 * currency, formatted with Intl.NumberFormat in the reader's language. Nothing here computes with
 * fractions: the only division is the one Intl needs to print the amount.
 */
import { useTranslation } from './i18n/i18n';

/** "€ 21,77" (nl), "€21.77" (en), "21,77 €" (ro); minus for credit notes. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  if (!Number.isInteger(cents)) throw new RangeError(`Amounts are whole cents, got ${cents}.`);
  // Intl takes a decimal string exactly (no float rounding) where the runtime supports it.
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const units = Math.floor(whole / 100);
  const rest = String(whole % 100).padStart(2, '0');
  const text = digits === 0 ? `${sign}${units}` : `${sign}${units}.${rest}`;
  return format.format(text as unknown as number);
}

/** "21%" in the reader's language. */
export function formatVatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate / 100);
}

/** Formats cents of a currency in the interface language ("€ 12,34" in Dutch). */
export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
}
