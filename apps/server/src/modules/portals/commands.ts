/**
 * The writes of a portal's settings that take several steps: each change and its audit entry in one
 * transaction, so the log says exactly what happened.
 */
import type { Kysely } from 'kysely';
import type { Database, PortalScope } from '../../db/schema';
import { Invalid } from '../../domain/errors';
import { recordAudit } from '../audit/service';
import { addLanguage, makePrimary, removeLanguage, setInformation, setOverrides } from './service';

/** Who makes the change (the support user acting as the account, if any) and from where. */
export interface SettingsActor {
  actorId: number;
  actingForId: number | null;
  ip: string | null;
}

interface Language {
  id: number;
  locale: string;
  is_primary: number | boolean;
}

/** Changes the portal's support links (knowledge base, chat widget). */
export async function changePortalInformation(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: SettingsActor,
  change: { knowledge_base_url?: string | null; zendesk_chat_id?: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setInformation(trx, scope, change);
    await recordAudit(trx, {
      scope,
      ...actor,
      action: 'portal.information_changed',
      entityType: 'portal',
      entityId: scope,
      details: change,
    });
  });
}

/** Enables a language on the portal (nothing new when it is enabled already); the first becomes primary. */
export async function enableLanguage(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: SettingsActor,
  locale: string,
) {
  return db.transaction().execute(async (trx) => {
    const language = await addLanguage(trx, scope, locale);
    await recordAudit(trx, {
      scope,
      ...actor,
      action: 'portal_language.enabled',
      entityType: 'portal_language',
      entityId: language.id,
      details: { locale },
    });
    return language;
  });
}

/** Makes a language primary and/or replaces its checked translation overrides (JSON). */
export async function changeLanguage(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: SettingsActor,
  language: Language,
  change: { isPrimary?: boolean | undefined; overrides?: string | undefined },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (change.isPrimary) await makePrimary(trx, scope, language.locale);
    if (change.overrides !== undefined) await setOverrides(trx, scope, language.id, change.overrides);
    await recordAudit(trx, {
      scope,
      ...actor,
      action: 'portal_language.changed',
      entityType: 'portal_language',
      entityId: language.id,
      details: {
        locale: language.locale,
        ...(change.isPrimary ? { is_primary: true } : {}),
        ...(change.overrides !== undefined
          ? {
              overrides: Object.keys(
                (JSON.parse(change.overrides) as Record<string, object>)[language.locale] ?? {},
              ).length,
            }
          : {}),
      },
    });
  });
}

/** Disables a language of the portal; the primary one cannot be (make another primary first). */
export async function disableLanguage(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: SettingsActor,
  language: Language,
): Promise<void> {
  if (language.is_primary === 1 || language.is_primary === true) {
    throw new Invalid([
      {
        pointer: '/',
        code: 'PRIMARY_LANGUAGE',
        detail: 'The primary language cannot be disabled; make another language primary first.',
      },
    ]);
  }
  await db.transaction().execute(async (trx) => {
    await removeLanguage(trx, scope, language.id);
    await recordAudit(trx, {
      scope,
      ...actor,
      action: 'portal_language.disabled',
      entityType: 'portal_language',
      entityId: language.id,
      details: { locale: language.locale },
    });
  });
}
