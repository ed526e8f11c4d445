/**
 * Money rules of the shop (docs/decisions/021-payments-and-invoices.md): amounts are integer cents
 * with an ISO currency, prices exclude VAT, VAT is rounded per order line (half away from zero),
 * and a discount is spread over the lines it applies to before VAT is computed.
 */

export const VAT_RATES = [21, 9, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const PRODUCT_KINDS = ['plan', 'course', 'bundle'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const CURRENCIES = ['EUR', 'USD', 'GBP', 'RON'] as const;
export const DEFAULT_CURRENCY = 'EUR';

export const ORDER_STATES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const PAYMENT_STATES = ['open', 'paid', 'failed', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_METHODS = ['checkout', 'invoice_later', 'payment_link'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const SUBSCRIPTION_STATES = ['active', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * Where an order's promotion code stands (decision 047): `reserved` while the order waits for its
 * payment, `redeemed` once paid with the discount, `released` when the order failed or expired (a
 * new payment takes the code again if it is still available), `withdrawn` when it was not and the
 * order lost its discount.
 */
export const ORDER_PROMOTION_STATUSES = ['reserved', 'redeemed', 'released', 'withdrawn'] as const;
export type OrderPromotionStatus = (typeof ORDER_PROMOTION_STATUSES)[number];

export const PROMOTION_KINDS = ['percentage', 'fixed'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Highest price one product may have: 1,000,000.00 in its currency. */
export const MAX_PRICE_CENTS = 100_000_000;

/** Whether a subscription in this state gives access now: cancelled ones run to the period's end. */
export function subscriptionGivesAccess(state: string): boolean {
  return state === 'active' || state === 'cancelled';
}

export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

/** Greece uses EL in VAT numbers. */
const VAT_PREFIX: Record<string, string> = { GR: 'EL' };

/** A VAT id that looks valid for the country: its prefix and 2–12 letters or digits. */
export function looksLikeVatId(country: string, vatId: string): boolean {
  const prefix = VAT_PREFIX[country] ?? country;
  const cleaned = vatId.replace(/[\s.-]/g, '').toUpperCase();
  return cleaned.startsWith(prefix) && /^[A-Z0-9]{2,12}$/.test(cleaned.slice(prefix.length));
}

/**
 * Reverse charge: a business buyer in another EU country than the seller, with a valid-looking
 * VAT id, pays no VAT; the invoice carries the legal note instead.
 */
export function reverseChargeApplies(
  sellerCountry: string,
  buyer: { country?: string | null; vatId?: string | null },
): boolean {
  const country = (buyer.country ?? '').toUpperCase();
  if (!buyer.vatId || !country || country === sellerCountry.toUpperCase()) return false;
  if (!(EU_COUNTRIES as readonly string[]).includes(country)) return false;
  return looksLikeVatId(country, buyer.vatId);
}

export const REVERSE_CHARGE_NOTE = 'VAT reverse charged (Article 196, Council Directive 2006/112/EC).';

/** Rounds half away from zero, for values that are whole cents times a rate. */
export function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** VAT on a net line amount, rounded per line. */
export function vatOf(netCents: number, rate: number): number {
  return roundHalfAwayFromZero((netCents * rate) / 100);
}

export interface PricedLine {
  productId: number;
  unitPriceCents: number;
  quantity: number;
  vatRate: number;
  /** Whether the promotion applies to this line. */
  discountable: boolean;
}

export interface Discount {
  kind: PromotionKind;
  /** Percent (1–100) for percentage, cents for fixed. */
  value: number;
}

export interface LineTotals {
  productId: number;
  grossCents: number;
  discountCents: number;
  netCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}

export interface OrderTotals {
  lines: LineTotals[];
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
  /** VAT per rate, for the invoice. */
  vatByRate: Array<{ rate: number; netCents: number; vatCents: number }>;
}

/**
 * Order totals: each line's gross, its share of the discount, net, VAT (rounded per line) and total.
 * A percentage is taken per line; a fixed amount is split over the discountable lines in proportion
 * to their gross, the cents left by rounding going to the first largest line, and never more than
 * those lines cost. With reverse charge every line's VAT rate is 0.
 */
export function orderTotals(
  lines: PricedLine[],
  discount: Discount | null,
  reverseCharge = false,
): OrderTotals {
  const gross = lines.map((line) => line.unitPriceCents * line.quantity);
  const discounts = lines.map(() => 0);
  if (discount) {
    const eligible = lines
      .map((line, index) => (line.discountable ? index : -1))
      .filter((index) => index >= 0);
    if (discount.kind === 'percentage') {
      const percent = Math.min(100, Math.max(0, discount.value));
      for (const index of eligible) discounts[index] = roundHalfAwayFromZero((gross[index]! * percent) / 100);
    } else {
      const base = eligible.reduce((sum, index) => sum + gross[index]!, 0);
      const amount = Math.min(base, Math.max(0, discount.value));
      if (base > 0) {
        let given = 0;
        for (const index of eligible) {
          discounts[index] = Math.floor((amount * gross[index]!) / base);
          given += discounts[index]!;
        }
        const largest = eligible.reduce(
          (best, index) => (gross[index]! > gross[best]! ? index : best),
          eligible[0]!,
        );
        discounts[largest]! += amount - given;
      }
    }
  }
  const totals = lines.map((line, index): LineTotals => {
    const netCents = gross[index]! - discounts[index]!;
    const vatRate = reverseCharge ? 0 : line.vatRate;
    const vatCents = vatOf(netCents, vatRate);
    return {
      productId: line.productId,
      grossCents: gross[index]!,
      discountCents: discounts[index]!,
      netCents,
      vatRate,
      vatCents,
      totalCents: netCents + vatCents,
    };
  });
  const byRate = new Map<number, { rate: number; netCents: number; vatCents: number }>();
  for (const line of totals) {
    const entry = byRate.get(line.vatRate) ?? { rate: line.vatRate, netCents: 0, vatCents: 0 };
    entry.netCents += line.netCents;
    entry.vatCents += line.vatCents;
    byRate.set(line.vatRate, entry);
  }
  const sum = (pick: (line: LineTotals) => number) => totals.reduce((acc, line) => acc + pick(line), 0);
  return {
    lines: totals,
    subtotalCents: sum((line) => line.grossCents),
    discountCents: sum((line) => line.discountCents),
    vatCents: sum((line) => line.vatCents),
    totalCents: sum((line) => line.totalCents),
    vatByRate: [...byRate.values()].sort((a, b) => b.rate - a.rate),
  };
}

/** Splits a refund over an order's lines in proportion to their totals (cents left go to the first). */
export function splitRefund(lineTotals: number[], refundCents: number): number[] {
  const total = lineTotals.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return lineTotals.map(() => 0);
  const parts = lineTotals.map((value) => Math.floor((refundCents * value) / total));
  const rest = refundCents - parts.reduce((sum, value) => sum + value, 0);
  if (parts.length > 0) parts[0]! += rest;
  return parts;
}

/** Formats cents for people, e.g. 1234 EUR in nl → "€ 12,34". */
export function formatMoney(cents: number, currency: string, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** The invoice number shown to people: `2026-000042`; credit notes share the sequence. */
export function invoiceNumber(year: number, sequence: number, prefix = ''): string {
  return `${prefix}${year}-${String(sequence).padStart(6, '0')}`;
}

/** The end of a plan period that starts at `from`. */
export function periodEnd(from: Date, interval: PlanInterval): Date {
  const end = new Date(from.getTime());
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * A decimal amount typed by a person ("12", "12.5", "12,50", "1.234,56" is refused) → whole cents,
 * with integer math only (no float ever holds the amount). Null when it is not an amount with at
 * most two decimals; a leading minus is kept so that the server can say "cannot be negative".
 */
export function centsFromDecimal(text: string): number | null {
  const match = /^(-?)(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number.parseInt(match[2]!, 10);
  const fraction = Number.parseInt((match[3] ?? '').padEnd(2, '0'), 10);
  const cents = whole * 100 + fraction;
  return match[1] === '-' ? -cents : cents;
}

/** Whole cents → the decimal text a form shows ("1999" → "19.99", "-5" → "-0.05"). */
export function decimalFromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
