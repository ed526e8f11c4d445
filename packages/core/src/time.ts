/** Date rules: day periods, the online indicator, weeks and relative dates (SPEC §4, §9). */
import { ONLINE_WINDOW_MS, RELATIVE_DATE_WINDOW_DAYS } from './constants';

export type DayPeriod = 'night' | 'morning' | 'afternoon' | 'evening';

const DAY_MS = 24 * 60 * 60_000;

type DateInput = string | number | Date;

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** By local hour: night before 5, morning before 12, afternoon before 18, evening after. */
export function dayPeriod(date: Date = new Date()): DayPeriod {
  const hour = date.getHours();
  if (hour < 5) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * Online when last seen within the last 15 minutes. A timestamp slightly in the future (clock
 * drift between server and browser) counts too, up to the same window.
 */
export function isOnline(lastOnline: DateInput | null | undefined, now: Date = new Date()): boolean {
  const seen = toDate(lastOnline);
  if (!seen) return false;
  return Math.abs(now.getTime() - seen.getTime()) <= ONLINE_WINDOW_MS;
}

/** Monday 00:00 (local time) of the week containing the date. */
export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const daysSinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - daysSinceMonday);
  return start;
}

/** Whether a date is close enough to now (either side) to be shown as "2 days ago" / "in 2 days". */
export function isWithinRelativeWindow(
  date: DateInput,
  now: Date = new Date(),
  days: number = RELATIVE_DATE_WINDOW_DAYS,
): boolean {
  const value = toDate(date);
  return value !== null && Math.abs(now.getTime() - value.getTime()) <= days * DAY_MS;
}
