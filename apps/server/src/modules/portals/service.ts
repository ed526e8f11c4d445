import { PORTAL_SEARCH_LIMIT } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { containsInsensitive } from '../../db/dialect';
import type { DialectName } from '../../db/dialect';
import { toFlag } from '../../db/dialect';
import type { Database, Executor, PortalScope } from '../../db/schema';
import { placeholdersOf } from './base-texts';

export async function searchPortals(
  db: Kysely<Database>,
  dialect: DialectName,
  name: string | undefined,
  page: { size: number; offset: number } = { size: PORTAL_SEARCH_LIMIT, offset: 0 },
) {
  let query = db.selectFrom('portals');
  const needle = name?.trim();
  if (needle) query = query.where((eb) => containsInsensitive(dialect, eb.ref('name'), needle));
  const [rows, count] = await Promise.all([
    query.select('id').orderBy('name').orderBy('id').limit(page.size).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.total) };
}

export function languagesOf(db: Kysely<Database>, portalId: number) {
  return db
    .selectFrom('portal_languages')
    .select(['id', 'locale', 'is_primary', 'overrides'])
    .where('portal_id', '=', portalId)
    .orderBy('is_primary', 'desc')
    .orderBy('locale')
    .execute();
}

export function domainsOf(db: Kysely<Database>, portalIds: number[]) {
  if (portalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portal_domains')
    .select(['id', 'portal_id', 'domain', 'is_primary'])
    .where('portal_id', 'in', portalIds)
    .orderBy('id')
    .execute();
}

/** A problem with one override: the pointer suffix (`/<locale>/<key>`) and what is wrong. */
export interface OverrideProblem {
  path: string;
  code: 'UNKNOWN_TEXT_KEY' | 'OVERRIDE_PLACEHOLDERS' | 'VALIDATION_FAILED';
  detail: string;
  meta?: Record<string, unknown>;
}

/**
 * Checks a portal language's overrides (JSON text `{"<locale>": {"<key>": "<text>"}}`): only the
 * language's own locale, known keys, text values, and the same {{placeholders}} as the original.
 * Returns the normalised JSON text, or the problems.
 */
export function checkOverrides(
  locale: string,
  text: string,
  originals: Map<string, string>,
): { json: string; problems: OverrideProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      json: '',
      problems: [{ path: '', code: 'VALIDATION_FAILED', detail: 'The overrides are not valid JSON.' }],
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      json: '',
      problems: [{ path: '', code: 'VALIDATION_FAILED', detail: 'The overrides must be a JSON object.' }],
    };
  }
  const problems: OverrideProblem[] = [];
  const entries: Record<string, string> = {};
  for (const [outer, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (outer !== locale) {
      problems.push({
        path: `/${outer}`,
        code: 'VALIDATION_FAILED',
        detail: `Overrides of this language must be under "${locale}".`,
      });
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ path: `/${outer}`, code: 'VALIDATION_FAILED', detail: 'Expected an object of texts.' });
      continue;
    }
    for (const [key, override] of Object.entries(value as Record<string, unknown>)) {
      const path = `/${locale}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const original = originals.get(key);
      if (original === undefined) {
        problems.push({
          path,
          code: 'UNKNOWN_TEXT_KEY',
          detail: `There is no text "${key}".`,
          meta: { key },
        });
      } else if (typeof override !== 'string' || override.trim() === '') {
        problems.push({ path, code: 'VALIDATION_FAILED', detail: 'An override must be a non-empty text.' });
      } else {
        const expected = placeholdersOf(original);
        const given = placeholdersOf(override);
        const missing = expected.filter((name) => !given.includes(name));
        const extra = given.filter((name) => !expected.includes(name));
        if (missing.length || extra.length) {
          problems.push({
            path,
            code: 'OVERRIDE_PLACEHOLDERS',
            detail: `The placeholders must match the original's: ${expected.map((n) => `{{${n}}}`).join(', ') || 'none'}.`,
            meta: { key, missing: missing.join(', '), extra: extra.join(', ') },
          });
        } else entries[key] = override;
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
  return { json: JSON.stringify(Object.keys(sorted).length ? { [locale]: sorted } : {}), problems };
}

/**
 * Adds a language to a portal (nothing when it has it already); the first one becomes primary. Runs
 * in the caller's transaction.
 */
export async function addLanguage(trx: Executor, scope: PortalScope, locale: string) {
  const existing = await trx
    .selectFrom('portal_languages')
    .select('id')
    .where('portal_id', '=', scope)
    .execute();
  await trx
    .insertInto('portal_languages')
    .values({ portal_id: scope, locale, is_primary: toFlag(existing.length === 0), overrides: '{}' })
    .onConflict((conflict) => conflict.columns(['portal_id', 'locale']).doNothing())
    .execute();
  return trx
    .selectFrom('portal_languages')
    .select(['id', 'locale', 'is_primary', 'overrides'])
    .where('portal_id', '=', scope)
    .where('locale', '=', locale)
    .executeTakeFirstOrThrow();
}

/** Makes one language the portal's primary (and its default_language parameter). */
export async function makePrimary(trx: Executor, scope: PortalScope, locale: string) {
  await trx.updateTable('portal_languages').set({ is_primary: 0 }).where('portal_id', '=', scope).execute();
  await trx
    .updateTable('portal_languages')
    .set({ is_primary: 1 })
    .where('portal_id', '=', scope)
    .where('locale', '=', locale)
    .execute();
  const updated = await trx
    .updateTable('portal_parameters')
    .set({ data: locale })
    .where('portal_id', '=', scope)
    .where('type', '=', 'default_language')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx
      .insertInto('portal_parameters')
      .values({ portal_id: scope, type: 'default_language', data: locale })
      .execute();
  }
}

export function setOverrides(db: Executor, scope: PortalScope, id: number, json: string) {
  return db
    .updateTable('portal_languages')
    .set({ overrides: json })
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .execute();
}

export function removeLanguage(db: Executor, scope: PortalScope, id: number) {
  return db.deleteFrom('portal_languages').where('portal_id', '=', scope).where('id', '=', id).execute();
}

/** The portal's support links (SPEC §3 `information`). */
export function setInformation(
  db: Executor,
  scope: PortalScope,
  change: { knowledge_base_url?: string | null; zendesk_chat_id?: string | null },
) {
  return db.updateTable('portals').set(change).where('id', '=', scope).execute();
}
