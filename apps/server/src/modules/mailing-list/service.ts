import { formatCsv } from '@leerpad/core';
import { fromFlag, nowIso, toFlag } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { recordAudit } from '../audit/service';

const DEFAULTS = { opt_in_text: '', default_consent: false };

export async function settingsOf(db: Executor, scope: PortalScope) {
  const row = await db
    .selectFrom('mailing_list_settings')
    .selectAll()
    .where('portal_id', '=', scope)
    .executeTakeFirst();
  return row
    ? {
        opt_in_text: row.opt_in_text,
        default_consent: fromFlag(row.default_consent),
        updated_at: row.updated_at,
      }
    : { ...DEFAULTS, updated_at: null };
}

/** The active accounts of the portal on the mailing list: their own yes, or no choice and a default yes. */
export async function consentingAccounts(db: Executor, scope: PortalScope) {
  const { default_consent } = await settingsOf(db, scope);
  return db
    .selectFrom('accounts')
    .leftJoin('mailing_list_consents', 'mailing_list_consents.account_id', 'accounts.id')
    .select([
      'accounts.id',
      'accounts.full_name',
      'accounts.email',
      'accounts.locale',
      'mailing_list_consents.consented',
    ])
    .where('accounts.portal_id', '=', scope)
    .where('accounts.deactivated_at', 'is', null)
    .where((eb) =>
      default_consent
        ? eb.or([
            eb('mailing_list_consents.consented', 'is', null),
            eb('mailing_list_consents.consented', '=', 1),
          ])
        : eb('mailing_list_consents.consented', '=', 1),
    )
    .orderBy('accounts.email')
    .execute();
}

/** The settings and how many accounts are on the list now. */
export async function settingsWithListSize(db: Executor, scope: PortalScope) {
  const [settings, accounts] = await Promise.all([settingsOf(db, scope), consentingAccounts(db, scope)]);
  return { settings, listSize: accounts.length };
}

export async function updateSettings(
  db: Executor,
  scope: PortalScope,
  change: { opt_in_text?: string | undefined; default_consent?: boolean | undefined },
  actor: { accountId: number; actingForId: number | null; ip: string | null },
) {
  const current = await settingsOf(db, scope);
  const next = {
    opt_in_text: change.opt_in_text ?? current.opt_in_text,
    default_consent: toFlag(change.default_consent ?? current.default_consent),
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mailing_list_settings')
      .values({ portal_id: scope, ...next })
      .onConflict((conflict) => conflict.column('portal_id').doUpdateSet(next))
      .execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      actingForId: actor.actingForId,
      action: 'mailing_list_settings.updated',
      entityType: 'mailing_list_settings',
      entityId: scope,
      details: { fields: Object.keys(change) },
      ip: actor.ip,
    });
  });
}

/** Sets an account's own choice (joining or leaving the list). */
export async function setConsent(db: Executor, scope: PortalScope, accountId: number, consented: boolean) {
  const values = { consented: toFlag(consented), updated_at: nowIso() };
  await db
    .insertInto('mailing_list_consents')
    .values({ account_id: accountId, portal_id: scope, ...values })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
    .execute();
}

export async function consentCsv(db: Executor, scope: PortalScope): Promise<string> {
  const accounts = await consentingAccounts(db, scope);
  return formatCsv(
    ['account_id', 'full_name', 'email', 'locale', 'consent'],
    accounts.map((account) => [
      String(account.id),
      account.full_name,
      account.email,
      account.locale ?? '',
      account.consented === null ? 'default' : 'explicit',
    ]),
  );
}
