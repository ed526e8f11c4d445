import { describe, expect, it } from 'vitest';
import { formatMoney, formatVatRate } from './money';

const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('prints whole cents exactly in the reader language', () => {
    expect(formatMoney(2177, 'EUR', 'en')).toBe('€21.77');
    expect(spaces(formatMoney(2177, 'EUR', 'nl'))).toBe('€ 21,77');
    expect(formatMoney(2177, 'EUR', 'ro')).toMatch(/^21,77\s/);
  });

  it('keeps leading zero cents, thousands and negative amounts (credit notes)', () => {
    expect(formatMoney(5, 'EUR', 'en')).toBe('€0.05');
    expect(formatMoney(100_000_000, 'EUR', 'en')).toBe('€1,000,000.00');
    expect(formatMoney(-4251, 'EUR', 'en')).toBe('-€42.51');
    expect(formatMoney(0, 'GBP', 'en')).toBe('£0.00');
  });

  it('never rounds through a float', () => {
    // 0.1 + 0.2 style errors would show here: each amount prints as its own digits.
    for (const cents of [1, 10, 29, 110, 2_147_483_647]) {
      const text = formatMoney(cents, 'EUR', 'en').replace(/[€,]/g, '');
      expect(text).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
    }
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMoney(10.5, 'EUR', 'en')).toThrow(RangeError);
  });
});

describe('formatVatRate', () => {
  it('prints a whole percentage', () => {
    expect(formatVatRate(21, 'en')).toBe('21%');
    expect(spaces(formatVatRate(9, 'nl'))).toBe('9%');
  });
});
