import { describe, expect, it } from 'vitest';
import {
  centsFromDecimal,
  decimalFromCents,
  invoiceNumber,
  looksLikeVatId,
  orderTotals,
  reverseChargeApplies,
  splitRefund,
  vatOf,
} from './commerce';

const line = (productId: number, unitPriceCents: number, vatRate: number, discountable = true) => ({
  productId,
  unitPriceCents,
  quantity: 1,
  vatRate,
  discountable,
});

describe('order totals', () => {
  it('rounds VAT per line, half away from zero', () => {
    expect(vatOf(1050, 21)).toBe(221); // 220.5 → 221
    expect(vatOf(-1050, 21)).toBe(-221);
    const totals = orderTotals([line(1, 1050, 21), line(2, 1050, 21)], null);
    // Per line: 221 + 221 = 442 (the order as a whole would have given 441).
    expect(totals.vatCents).toBe(442);
    expect(totals.totalCents).toBe(2542);
  });

  it('takes a percentage per line before VAT, mixing rates', () => {
    const totals = orderTotals([line(1, 1999, 21), line(2, 4999, 9)], { kind: 'percentage', value: 10 });
    expect(totals.lines.map((l) => l.discountCents)).toEqual([200, 500]);
    expect(totals.lines.map((l) => l.vatCents)).toEqual([378, 405]);
    expect(totals).toMatchObject({
      subtotalCents: 6998,
      discountCents: 700,
      vatCents: 783,
      totalCents: 7081,
    });
    expect(totals.vatByRate).toEqual([
      { rate: 21, netCents: 1799, vatCents: 378 },
      { rate: 9, netCents: 4499, vatCents: 405 },
    ]);
  });

  it('splits a fixed discount over the lines it applies to and never below zero', () => {
    const totals = orderTotals([line(1, 1000, 21), line(2, 2000, 21), line(3, 500, 21, false)], {
      kind: 'fixed',
      value: 1000,
    });
    expect(totals.lines.map((l) => l.discountCents)).toEqual([333, 667, 0]);
    const capped = orderTotals([line(1, 300, 21)], { kind: 'fixed', value: 1000 });
    expect(capped.totalCents).toBe(0);
  });

  it('charges no VAT under reverse charge', () => {
    const totals = orderTotals([line(1, 10000, 21)], null, true);
    expect(totals).toMatchObject({ vatCents: 0, totalCents: 10000 });
  });
});

describe('reverse charge', () => {
  it('applies to a business in another EU country with a valid-looking VAT id', () => {
    expect(reverseChargeApplies('NL', { country: 'BE', vatId: 'BE0123456789' })).toBe(true);
    expect(reverseChargeApplies('NL', { country: 'GR', vatId: 'EL123456789' })).toBe(true);
    expect(reverseChargeApplies('NL', { country: 'NL', vatId: 'NL123456789B01' })).toBe(false);
    expect(reverseChargeApplies('NL', { country: 'US', vatId: 'US123' })).toBe(false);
    expect(reverseChargeApplies('NL', { country: 'BE', vatId: 'DE123456789' })).toBe(false);
    expect(reverseChargeApplies('NL', { country: 'BE', vatId: null })).toBe(false);
    expect(looksLikeVatId('RO', 'RO 123.456')).toBe(true);
  });
});

it('numbers invoices per year and splits refunds to the cent', () => {
  expect(invoiceNumber(2026, 42)).toBe('2026-000042');
  expect(splitRefund([1210, 605], 1000)).toEqual([667, 333]);
});

describe('decimal amounts in forms', () => {
  it('turns typed amounts into exact cents', () => {
    expect(centsFromDecimal('19.99')).toBe(1999);
    expect(centsFromDecimal('0.29')).toBe(29);
    expect(centsFromDecimal('12,5')).toBe(1250);
    expect(centsFromDecimal(' 49 ')).toBe(4900);
    expect(centsFromDecimal('1000000.01')).toBe(100000001);
    expect(centsFromDecimal('-3')).toBe(-300);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const text of ['', '1.234', '12.', 'abc', '1e3', '1.234,56', '--1']) {
      expect(centsFromDecimal(text)).toBeNull();
    }
  });

  it('shows cents as a decimal amount', () => {
    expect(decimalFromCents(1999)).toBe('19.99');
    expect(decimalFromCents(5)).toBe('0.05');
    expect(decimalFromCents(-5)).toBe('-0.05');
    expect(decimalFromCents(4900)).toBe('49.00');
  });
});
