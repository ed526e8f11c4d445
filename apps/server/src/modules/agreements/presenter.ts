import type { AgreementRow } from '../../db/schema-support';
import type { AgreementResource } from './schema';
import { AGREEMENT_LANGUAGES } from './schema';

/** A stored time as ISO-8601 (PostgreSQL hands back dates, SQLite text). */
export const iso = (value: string | Date): string => (value instanceof Date ? value.toISOString() : value);

export function presentAgreement(row: AgreementRow, currentVersion: number | null): AgreementResource {
  return {
    type: 'agreements',
    id: String(row.id),
    attributes: {
      version: row.version,
      language: AGREEMENT_LANGUAGES.find((code) => code === row.language) ?? 'en',
      title: row.title,
      body: row.body,
      published_at: iso(row.published_at),
      current: row.version === currentVersion,
    },
  };
}
