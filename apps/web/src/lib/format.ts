/** Dates for people: "3 hours ago" within the relative window (3 days), else a date and time. */
import { isWithinRelativeWindow } from '@leerpad/core';

/**
 * Formatters are made once per language and style: making one costs about fifty times as much as
 * using it (0.066 against 0.001 ms in V8), and a list formats a date or two per row.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  key: string,
  make: () => F,
): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function formatRelativeDate(
  value: string | null | undefined,
  locale: string,
  now = new Date(),
): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (isWithinRelativeWindow(date, now)) {
    const difference = date.getTime() - now.getTime();
    const format = cached(
      `relative ${locale}`,
      () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    );
    for (const [unit, size] of UNITS) {
      if (Math.abs(difference) >= size) return format.format(Math.round(difference / size), unit);
    }
    // Under a minute, either way (clocks drift a little): "now".
    return format.format(0, 'second');
  }
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : dateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}

/** The time of day to the second ("22:07:31"), for events close together (retries of a delivery). */
export function formatTimeOfDay(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale, { timeStyle: 'medium' }).format(date);
}

/** How each language of the app writes a file size: the byte's symbol, the decimal and group marks. */
const SIZE_MARKS: Record<string, { byte: string; decimal: string; group: string }> = {
  en: { byte: 'byte', decimal: '.', group: ',' },
  nl: { byte: 'byte', decimal: ',', group: '.' },
  ro: { byte: 'B', decimal: ',', group: '.' },
};
const SIZE_UNITS = ['kB', 'MB', 'GB'] as const;

/**
 * "820 byte", "4.2 kB", "50 MB" in the reader's language, as Intl's unit format writes them, without
 * Intl: the first number a page formats with Intl costs 30–90 ms of loading the language's number
 * data (Chromium, on two slow cores), and on the course player a file's size was the only number
 * so formatted.
 */
export function formatBytes(bytes: number, locale: string): string {
  const marks = SIZE_MARKS[locale.slice(0, 2)] ?? SIZE_MARKS.en!;
  if (Math.abs(bytes) < 1000) return `${Math.round(bytes)} ${marks.byte}`;
  let value = bytes / 1000;
  let unit = 0;
  // 999.96 kB reads "1 MB", not "1,000 kB".
  while (Math.abs(Math.round(value * 10)) >= 10_000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const tenths = Math.round(Math.abs(value) * 10);
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/g, marks.group);
  const fraction = tenths % 10 === 0 ? '' : `${marks.decimal}${tenths % 10}`;
  return `${value < 0 ? '-' : ''}${whole}${fraction} ${SIZE_UNITS[unit]}`;
}

/** A `tel:` link for a phone number as people write it ("+31 20 123" → "tel:+3120123"). */
export const telHref = (phoneNumber: string) => `tel:${phoneNumber.replace(/[^\d+]/g, '')}`;
