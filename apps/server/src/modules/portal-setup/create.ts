/**
 * Creating a portal (decision 057): the portal, its addresses, languages, business models, the
 * seller on its invoices and its first academy admin, all in one transaction. The admin's invitation
 * to choose a password is written to the mail outbox in the same transaction, so it goes out exactly
 * when the portal exists, in the portal's primary language.
 */
import { FEATURE_NAMES, ROLES } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { scopeOfCreatedPortal } from '../../context/portal';
import { nowIso, toFlag } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { queueAccountMail } from '../../mail/outbox';
import { ACCOUNT_INVITATION } from '../accounts/import';
import { recordAudit } from '../audit/service';
import { DomainTaken, firstTaken, isUniqueViolation } from './domains';

export interface NewPortal {
  name: string;
  /** Normalised host names, the primary one first. */
  domains: string[];
  languages: string[];
  primaryLanguage: string;
  businessModels: string[];
  /** Seller details printed on invoices (the `commerce` portal parameter, as commerce reads it). */
  seller: { name: string; address: string; country: string; vatId: string | null; email: string | null };
  firstAdmin: { email: string; fullName: string };
  /** The starting colours (#rrggbb, already checked for contrast); null for the default. */
  theme?: { primaryColor: string | null; secondaryColor: string | null };
  /** Scheme and port the portal's links use (`https://`, `:4321`): the operator's own address's. */
  scheme: string;
  port: string;
}

export interface Creator {
  actorId: number;
  actingForId: number | null;
  ip: string | null;
}

/** The outbox batch of a new portal's first invitation. */
export const portalCreatedBatch = (portalId: number) => `portal_created:${portalId}`;

export async function createPortal(
  db: Kysely<Database>,
  input: NewPortal,
  creator: Creator,
): Promise<{ portalId: number; adminId: number }> {
  const taken = await firstTaken(db, input.domains);
  if (taken) throw new DomainTaken(taken);
  const primaryDomain = input.domains[0]!;
  const languages = [input.primaryLanguage, ...input.languages.filter((l) => l !== input.primaryLanguage)];
  try {
    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const portal = await trx
        .insertInto('portals')
        .values({
          name: input.name,
          base_url: `${input.scheme}://${primaryDomain}${input.port}`,
          knowledge_base_url: null,
          zendesk_chat_id: null,
          primary_color: input.theme?.primaryColor ?? null,
          secondary_color: input.theme?.secondaryColor ?? null,
          logo_url: null,
          favicon_url: null,
          business_models: input.businessModels.join(','),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const scope = scopeOfCreatedPortal(portal);
      // A second create of the same address at the same moment stops here on the unique index.
      await trx
        .insertInto('portal_domains')
        .values(
          input.domains.map((domain, index) => ({
            portal_id: scope,
            domain,
            is_primary: toFlag(index === 0),
          })),
        )
        .execute();
      await trx
        .insertInto('portal_languages')
        .values(
          languages.map((locale, index) => ({
            portal_id: scope,
            locale,
            is_primary: toFlag(index === 0),
            overrides: '{}',
          })),
        )
        .execute();
      await trx
        .insertInto('portal_parameters')
        .values([
          { portal_id: scope, type: 'default_language', data: input.primaryLanguage },
          {
            portal_id: scope,
            type: 'commerce',
            data: JSON.stringify({
              seller: {
                name: input.seller.name,
                address: input.seller.address,
                country: input.seller.country,
                vat_id: input.seller.vatId,
                email: input.seller.email,
              },
            }),
          },
        ])
        .execute();
      await trx
        .insertInto('portal_features')
        .values(FEATURE_NAMES.map((name) => ({ portal_id: scope, name, enabled: toFlag(true) })))
        .execute();
      const admin = await trx
        .insertInto('accounts')
        .values({
          portal_id: scope,
          entity_id: null,
          primary_coach_id: null,
          full_name: input.firstAdmin.fullName,
          email: input.firstAdmin.email,
          password_hash: null,
          // The invitation, and everything after it, in the portal's primary language.
          locale: input.primaryLanguage,
          avatar_url: null,
          phone_number: null,
          last_online: null,
          deactivated_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('account_roles')
        .values({ account_id: admin.id, role: ROLES.academyAdmin })
        .execute();
      await queueAccountMail(trx, {
        scope,
        kind: ACCOUNT_INVITATION,
        accountIds: [admin.id],
        batch: portalCreatedBatch(portal.id),
      });
      await recordAudit(trx, {
        scope,
        ...creator,
        action: 'portal.created',
        entityType: 'portal',
        entityId: portal.id,
        details: {
          name: input.name,
          domains: input.domains,
          languages,
          business_models: input.businessModels,
          first_admin: input.firstAdmin.email,
          ...(input.theme?.primaryColor ? { primary_color: input.theme.primaryColor } : {}),
          ...(input.theme?.secondaryColor ? { secondary_color: input.theme.secondaryColor } : {}),
        },
      });
      return { portalId: portal.id, adminId: admin.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Someone took an address meanwhile (the same create sent twice, say): name the first taken.
      throw new DomainTaken((await firstTaken(db, input.domains)) ?? primaryDomain);
    }
    throw error;
  }
}
