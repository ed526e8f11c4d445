/**
 * Calendar buckets counted in SQL, for the dashboards' figures per week and per month: the database
 * groups the rows and sends one count per bucket, never a row per record.
 */
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DialectName } from './dialect';

const DAY = 86_400_000;
export const WEEK_MS = 7 * DAY;

/** Monday 00:00 UTC of the week `date` falls in. */
export function weekStart(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

/**
 * The index of the week (0 = the week starting at `start`) a timestamp column falls in: on SQLite
 * from ISO-8601 text with julianday(), on PostgreSQL from timestamptz.
 */
export function weekIndex(dialect: DialectName, column: string, start: string): RawBuilder<number> {
  const ref = sql.ref(column);
  return dialect === 'postgres'
    ? sql<number>`floor(extract(epoch from (${ref} - ${start}::timestamptz)) / 604800)::int`
    : sql<number>`cast((julianday(${ref}) - julianday(${start})) / 7 as integer)`;
}

/** The calendar month (YYYY-MM, UTC) a timestamp column falls in. */
export function monthOf(dialect: DialectName, column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  return dialect === 'postgres'
    ? sql<string>`to_char(${ref} at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`substr(${ref}, 1, 7)`;
}
