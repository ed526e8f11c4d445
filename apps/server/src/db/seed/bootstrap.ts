import { FEATURES, ROLES } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { toFlag } from '../dialect';
import type { Database } from '../schema';

/**
 * A production database starts with one portal and, when an e-mail is given, one admin account
 * without a password: the admin sets one through "forgot password". No known password ever exists.
 */
export async function bootstrapPortal(
  db: Kysely<Database>,
  options: { name: string; domain: string; baseUrl: string; adminEmail?: string },
): Promise<{ portalId: number; adminEmail?: string }> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const { id } = await trx
      .insertInto('portals')
      .values({
        name: options.name,
        base_url: options.baseUrl,
        knowledge_base_url: null,
        zendesk_chat_id: null,
        primary_color: null,
        secondary_color: null,
        logo_url: null,
        favicon_url: null,
        business_models: 'flat_fee',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('portal_domains')
      .values({ portal_id: id, domain: options.domain.toLowerCase() })
      .execute();
    await trx
      .insertInto('portal_languages')
      .values({ portal_id: id, locale: 'nl', is_primary: 1, overrides: '{}' })
      .execute();
    await trx
      .insertInto('portal_parameters')
      .values({ portal_id: id, type: 'default_language', data: 'nl' })
      .execute();
    await trx
      .insertInto('portal_features')
      .values(Object.values(FEATURES).map((name) => ({ portal_id: id, name, enabled: toFlag(true) })))
      .execute();
    if (options.adminEmail) {
      const admin = await trx
        .insertInto('accounts')
        .values({
          portal_id: id,
          entity_id: null,
          primary_coach_id: null,
          full_name: 'Administrator',
          email: options.adminEmail.trim().toLowerCase(),
          password_hash: null,
          locale: null,
          avatar_url: null,
          phone_number: null,
          last_online: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('account_roles').values({ account_id: admin.id, role: ROLES.admin }).execute();
    }
    return { portalId: id, ...(options.adminEmail ? { adminEmail: options.adminEmail } : {}) };
  });
}
