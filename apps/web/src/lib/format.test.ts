import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatRelativeDate } from './format';

describe('dates and sizes for people', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('says "3 hours ago" in the reader\'s language, each language its own', () => {
    const threeHoursAgo = '2026-11-28T09:00:00Z';
    expect(formatRelativeDate(threeHoursAgo, 'en', now)).toBe('3 hours ago');
    expect(formatRelativeDate(threeHoursAgo, 'nl', now)).toBe('3 uur geleden');
    expect(formatRelativeDate(threeHoursAgo, 'en', now)).toBe('3 hours ago');
  });

  it('writes a date and time in each language, as often as asked', () => {
    const english = formatDateTime('2026-11-20T09:30:00Z', 'en');
    const dutch = formatDateTime('2026-11-20T09:30:00Z', 'nl');
    expect(english).toMatch(/November/);
    expect(dutch).toMatch(/november/);
    expect(formatDateTime('2026-11-20T09:30:00Z', 'en')).toBe(english);
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('gives each size its own unit', () => {
    expect(formatBytes(820, 'en')).toBe('820 byte');
    expect(formatBytes(4200, 'en')).toBe('4.2 kB');
    expect(formatBytes(50_000_000, 'en')).toBe('50 MB');
    expect(formatBytes(4200, 'nl')).toBe('4,2 kB');
  });

  it('writes sizes as each language writes them, and rounds up into the next unit', () => {
    for (const locale of ['en', 'nl', 'ro']) {
      for (const [bytes, unit, digits] of [
        [0, 'byte', 0],
        [918, 'byte', 0],
        [1000, 'kilobyte', 1],
        [4_250, 'kilobyte', 1],
        [12_345_678, 'megabyte', 1],
        [999_000_000, 'megabyte', 1],
        [7_300_000_000, 'gigabyte', 1],
        [2_500_000_000_000, 'gigabyte', 1],
      ] as const) {
        const expected = new Intl.NumberFormat(locale, {
          style: 'unit',
          unit,
          unitDisplay: 'short',
          maximumFractionDigits: digits,
        }).format(unit === 'byte' ? bytes : bytes / { kilobyte: 1e3, megabyte: 1e6, gigabyte: 1e9 }[unit]);
        expect(formatBytes(bytes, locale), `${bytes} in ${locale}`).toBe(expected);
      }
    }
    expect(formatBytes(999_960, 'en')).toBe('1 MB');
    expect(formatBytes(820, 'ro')).toBe('820 B');
  });
});
