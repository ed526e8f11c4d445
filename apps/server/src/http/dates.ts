import { z } from 'zod';

/**
 * Dates and times in request bodies and filters. JavaScript's Date rolls an impossible date over
 * (2031-02-29 becomes 1 March) and SQLite stores any year while PostgreSQL refuses some, so every
 * date the API takes is checked here first: a real calendar day, a real time of day, a year from
 * 1900 to 9999. A bad one is a 422 on the attribute (or a 400 on the filter) with code INVALID_DATE.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?$/i;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function realDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

const inRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;

/** The UTC instant of an ISO 8601 date and time (no offset means UTC), or null when it is not real. */
export function parseDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  if (!realDay(year!, month!, day!) || hour! > 23 || minute! > 59 || second > 59) return null;
  const offsetHours = Number(match[9] ?? 0);
  const offsetMinutes = Number(match[10] ?? 0);
  if (offsetHours > 14 || offsetMinutes > 59) return null;
  const instant = new Date(
    `${match.slice(1, 4).join('-')}T${match[4]}:${match[5]}:${String(second).padStart(2, '0')}${
      match[7] ?? ''
    }${match[8] && match[8].toUpperCase() !== 'Z' ? `${match[8][0]}${match[9]}:${match[10]}` : 'Z'}`,
  );
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Whether a `YYYY-MM-DD` string is a day of the calendar. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  return Boolean(match && realDay(Number(match[1]), Number(match[2]), Number(match[3])));
}

const invalid = (message: string) => ({ message, params: { code: 'INVALID_DATE' } });
const DATE_MESSAGE = 'Expected a date that exists, as YYYY-MM-DD (such as 2026-12-01).';
const DATE_TIME_MESSAGE = 'Expected a date and time that exist, in ISO 8601 (such as 2026-12-01T09:30:00Z).';
const YEAR_MESSAGE = `Use a year from ${MIN_YEAR} to ${MAX_YEAR}.`;

/** A calendar day, `YYYY-MM-DD`, kept as written. */
export const calendarDate = z
  .string()
  .max(10)
  .refine(isCalendarDate, invalid(DATE_MESSAGE))
  .refine((value) => inRange(Number(value.slice(0, 4))), invalid(YEAR_MESSAGE));

/** A moment, ISO 8601 with an offset (none means UTC), normalised to UTC (`2026-12-01T08:30:00.000Z`). */
export const dateTime = z
  .string()
  .trim()
  .max(40)
  .refine((value) => parseDateTime(value) !== null, invalid(DATE_TIME_MESSAGE))
  .refine((value) => inRange(parseDateTime(value)?.getUTCFullYear() ?? 0), invalid(YEAR_MESSAGE))
  .transform((value) => parseDateTime(value)!.toISOString());

/**
 * A day or a moment, for filters and for bodies that take either: a bare day is its first moment in
 * UTC. Normalised to UTC like `dateTime`.
 */
export const dayOrDateTime = z
  .string()
  .trim()
  .max(40)
  .refine((value) => isCalendarDate(value) || parseDateTime(value) !== null, invalid(DATE_TIME_MESSAGE))
  .transform((value) =>
    isCalendarDate(value) ? `${value}T00:00:00.000Z` : parseDateTime(value)!.toISOString(),
  )
  .refine((value) => inRange(new Date(value).getUTCFullYear()), invalid(YEAR_MESSAGE));
