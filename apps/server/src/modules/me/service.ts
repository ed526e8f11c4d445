import { abilitiesOf } from '@leerpad/core';
import { availableBusinessModels } from './business-models';
import { preparedQuery } from '../../db/prepared';
import type { Services } from '../../context/services';
import { subjectOf } from '../../http/authorize';
import { NotFound } from '../../domain/errors';
import { buildDocument, identifier } from '../../http/jsonapi';
import type { JsonApiDocument, ResourceObject } from '../../context/document';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';
import { presentAccount, presentEntity } from '../accounts/presenter';
import { presentPortal } from '../portals/presenter';

/**
 * The account with its entity, primary coach, profile, newest subscription (active first) and the
 * entity's newest contract: one statement, as every page load asks for it.
 */
const meQuery = preparedQuery((db, args: { accountId: number }) =>
  db
    .selectFrom('accounts')
    .leftJoin('entities', 'entities.id', 'accounts.entity_id')
    .leftJoin('accounts as coach', 'coach.id', 'accounts.primary_coach_id')
    .leftJoin('profiles', 'profiles.account_id', 'accounts.id')
    .leftJoin('subscriptions', (join) =>
      join.on('subscriptions.id', '=', (eb) =>
        eb
          .selectFrom('subscriptions as newest')
          .select('newest.id')
          .whereRef('newest.account_id', '=', 'accounts.id')
          .orderBy('newest.is_active', 'desc')
          .orderBy('newest.id', 'desc')
          .limit(1),
      ),
    )
    .leftJoin('contracts', (join) =>
      join.on('contracts.id', '=', (eb) =>
        eb
          .selectFrom('contracts as newest')
          .select('newest.id')
          .whereRef('newest.entity_id', '=', 'accounts.entity_id')
          .orderBy('newest.id', 'desc')
          .limit(1),
      ),
    )
    .select([
      'accounts.id',
      'accounts.portal_id',
      'accounts.entity_id',
      'accounts.full_name',
      'accounts.locale',
      'accounts.avatar_url',
      'accounts.last_online',
      'accounts.email',
      'accounts.phone_number',
      'accounts.notifications_unread',
      'accounts.notifications_total',
      'entities.name as entity_name',
      'coach.id as coach_id',
      'coach.full_name as coach_full_name',
      'coach.email as coach_email',
      'coach.phone_number as coach_phone_number',
      'profiles.id as profile_id',
      'profiles.headline as profile_headline',
      'profiles.biography as profile_biography',
      'subscriptions.id as subscription_id',
      'subscriptions.is_active as subscription_is_active',
      'subscriptions.starts_at as subscription_starts_at',
      'subscriptions.ends_at as subscription_ends_at',
      'contracts.id as contract_id',
      'contracts.name as contract_name',
      'contracts.starts_at as contract_starts_at',
      'contracts.ends_at as contract_ends_at',
    ])
    .where('accounts.id', '=', args.accountId),
);

/** GET /v1/me: the signed-in account with everything the shell needs in one round trip. */
export async function meDocument(
  services: Services,
  portal: PortalContext,
  actor: AccountContext,
): Promise<JsonApiDocument> {
  // The session lookup began this request's reads (http/session.ts).
  const epoch = services.views.epoch;
  // While acting as someone the document names who acts, so it is built on every request.
  const cached = actor.acting ? undefined : services.views.document(actor.id, portal);
  if (cached) return cached;
  const [account] = await meQuery(services.db, { accountId: actor.id });
  if (!account) throw new NotFound();
  const subscription =
    account.subscription_id === null
      ? undefined
      : {
          id: account.subscription_id,
          is_active: account.subscription_is_active,
          starts_at: account.subscription_starts_at,
          ends_at: account.subscription_ends_at,
        };
  const contract =
    account.contract_id === null
      ? undefined
      : {
          id: account.contract_id,
          name: account.contract_name,
          starts_at: account.contract_starts_at,
          ends_at: account.contract_ends_at,
        };

  const included: Array<ResourceObject | null> = [
    presentAccount(account, actor.roles, { showContact: true }),
    account.entity_id && account.entity_name
      ? presentEntity({ id: account.entity_id, name: account.entity_name })
      : null,
    presentPortal(portal),
    subscription
      ? {
          type: 'subscriptions',
          id: String(subscription.id),
          attributes: {
            is_active: Boolean(subscription.is_active),
            starts_at: subscription.starts_at,
            ends_at: subscription.ends_at,
          },
        }
      : null,
    contract
      ? {
          type: 'contracts',
          id: String(contract.id),
          attributes: { name: contract.name, starts_at: contract.starts_at, ends_at: contract.ends_at },
        }
      : null,
    account.coach_id
      ? {
          type: 'primary_coaches',
          id: String(account.coach_id),
          attributes: {
            full_name: account.coach_full_name,
            email_address: account.coach_email,
            phone_number: account.coach_phone_number,
          },
        }
      : null,
    account.profile_id
      ? {
          type: 'profiles',
          id: String(account.profile_id),
          attributes: { headline: account.profile_headline, biography: account.profile_biography },
        }
      : null,
  ];

  const me: ResourceObject = {
    type: 'me',
    id: String(actor.id),
    attributes: {
      roles: actor.roles,
      available_business_models: availableBusinessModels(portal),
      theme: presentPortal(portal).attributes.theme,
    },
    relationships: {
      account: { data: identifier('accounts', actor.id) },
      entity: { data: identifier('entities', account.entity_id) },
      portal: { data: identifier('portals', portal.id) },
      subscription: { data: identifier('subscriptions', subscription?.id) },
      contract: { data: identifier('contracts', contract?.id) },
      primary_coach: { data: identifier('primary_coaches', account.coach_id) },
      profile: { data: identifier('profiles', account.profile_id) },
    },
  };
  const document = buildDocument(me, {
    included,
    meta: {
      abilities: abilitiesOf(subjectOf(actor, portal)),
      features: [...portal.features].sort(),
      feature_flags: portal.featureFlags,
      unread_notifications: account.notifications_unread,
      total_notifications: account.notifications_total,
      acting: actor.acting
        ? {
            impersonation_id: String(actor.acting.impersonationId),
            actor_id: String(actor.acting.actor.id),
            actor_name: actor.acting.actor.fullName,
            expires_at: actor.acting.expiresAt,
          }
        : null,
    },
  });
  if (actor.acting) return document;
  services.views.storeDocument(epoch, actor.id, {
    portal,
    document,
    coachId: account.coach_id,
    entityId: account.entity_id,
  });
  return document;
}
