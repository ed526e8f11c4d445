import { ROLES, subscriptionRequired } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { nowIso, toFlag } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { Services } from '../../context/services';
import { Invalid, RateLimited } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import { hashToken, newToken } from '../../http/session';
import { mailLocale, sendMail } from '../../mail/render';
import { hashPassword, verifyPassword } from './passwords';
import { emitWebhookEvent } from '../webhooks/service';

const RESET_TOKEN_MINUTES = 60;
const TRIAL_DAYS = 14;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Returns the account id for valid credentials; one generic error otherwise, with failures counted. */
export async function authenticate(
  services: Services,
  portal: PortalContext,
  credentials: { email: string; password: string; ip: string },
): Promise<number> {
  const email = normaliseEmail(credentials.email);
  const ipKey = `ip:${credentials.ip}`;
  const accountKey = `account:${portal.id}:${email}`;
  const { ip, account: perAccount } = services.loginLimits;
  const wait = Math.max(await ip.blockedFor(ipKey), await perAccount.blockedFor(accountKey));
  if (wait > 0) throw new RateLimited(wait);

  const account = await services.db
    .selectFrom('accounts')
    .select(['id', 'password_hash'])
    .where('portal_id', '=', portal.id)
    .where('email', '=', email)
    // A deactivated account cannot sign in; it is refused like a wrong password.
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  const valid = await verifyPassword(account?.password_hash ?? null, credentials.password);
  if (!account || !valid) {
    await Promise.all([ip.fail(ipKey), perAccount.fail(accountKey)]);
    throw new Invalid([
      {
        code: 'INVALID_CREDENTIALS',
        title: 'Invalid credentials',
        detail: 'The e-mail address or password is not correct.',
        pointer: '/email',
      },
    ]);
  }
  await perAccount.reset(accountKey);
  return account.id;
}

const REGISTRATION_HOURS = 24;

export interface RegistrationInput {
  fullName: string;
  email: string;
  password: string;
  locale: string | null;
}

/**
 * "Try for free": answers the same whether or not the address has an account. The password is
 * hashed either way (the same time), and a background job mails the address: a link that finishes
 * the sign-up, or, where an account exists, a note to its owner.
 */
export async function startRegistration(
  services: Services,
  portal: PortalContext,
  input: RegistrationInput,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await services.jobs.enqueue(REGISTRATION_MAIL, {
    portalId: portal.id,
    email: normaliseEmail(input.email),
    fullName: input.fullName,
    passwordHash,
    locale: input.locale,
  });
}

export const REGISTRATION_MAIL = 'registration_mail';

/** The registration job: the confirmation link for a new address, a note for an existing account. */
export async function mailRegistration(
  services: Services,
  portal: PortalContext,
  registration: { email: string; fullName: string; passwordHash: string; locale: string | null },
): Promise<void> {
  const base = portal.row.base_url.replace(/\/$/, '');
  const owner = await services.db
    .selectFrom('accounts')
    .select(['full_name', 'email', 'locale'])
    .where('portal_id', '=', portal.id)
    .where('email', '=', registration.email)
    .executeTakeFirst();
  if (owner) {
    await sendMail(services.mailer, {
      to: `${owner.full_name} <${owner.email}>`,
      key: 'account_exists',
      params: {
        name: owner.full_name,
        sign_in_link: `${base}/auth`,
        forgot_link: `${base}/auth/password/forgot`,
      },
      locale: mailLocale(owner.locale, portal),
      portal,
    });
    return;
  }
  const token = newToken();
  const now = new Date();
  const row = {
    full_name: registration.fullName,
    password_hash: registration.passwordHash,
    locale: registration.locale,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + REGISTRATION_HOURS * 3600_000).toISOString(),
    created_at: now.toISOString(),
  };
  // Signing up again replaces the waiting sign-up, so only the newest link works.
  await services.db
    .insertInto('registrations')
    .values({ portal_id: portal.id, email: registration.email, ...row })
    .onConflict((conflict) => conflict.columns(['portal_id', 'email']).doUpdateSet(row))
    .execute();
  await sendMail(services.mailer, {
    to: `${registration.fullName} <${registration.email}>`,
    key: 'confirm_registration',
    params: {
      name: registration.fullName,
      hours: REGISTRATION_HOURS,
      link: `${base}/auth/register/confirm?token=${encodeURIComponent(token)}`,
    },
    locale: mailLocale(registration.locale, portal),
    portal,
  });
}

/**
 * Finishes a sign-up with the link from its e-mail: makes the student (with a trial on a
 * subscription portal) and answers the account id. A link works once; a used, expired or unknown
 * one, or one whose address has an account by now, is refused with INVALID_TOKEN.
 */
export async function confirmRegistration(
  db: Kysely<Database>,
  portal: PortalContext,
  token: string,
  tokenPointer: string,
): Promise<number> {
  const refused = () =>
    new Invalid([
      {
        pointer: tokenPointer,
        code: 'INVALID_TOKEN',
        detail: 'This sign-up link is invalid, has been used or has expired.',
      },
    ]);
  return db.transaction().execute(async (trx) => {
    // Taking the row out first: of two confirmations at once, only one finds it.
    const registration = await trx
      .deleteFrom('registrations')
      .where('portal_id', '=', portal.id)
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', nowIso())
      .returningAll()
      .executeTakeFirst();
    if (!registration) throw refused();
    const taken = await trx
      .selectFrom('accounts')
      .select('id')
      .where('portal_id', '=', portal.id)
      .where('email', '=', registration.email)
      .executeTakeFirst();
    if (taken) throw refused();
    const input = {
      fullName: registration.full_name,
      passwordHash: registration.password_hash,
      locale: registration.locale,
    };
    const email = registration.email;
    const now = new Date();
    const account = await trx
      .insertInto('accounts')
      .values({
        portal_id: portal.id,
        entity_id: null,
        primary_coach_id: null,
        full_name: input.fullName,
        email,
        password_hash: input.passwordHash,
        locale: input.locale,
        avatar_url: null,
        phone_number: null,
        last_online: now.toISOString(),
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('account_roles').values({ account_id: account.id, role: ROLES.student }).execute();
    await emitWebhookEvent(trx, portal.id, 'account.created', {
      account_id: String(account.id),
      full_name: input.fullName,
      email,
      roles: [ROLES.student],
      created_at: now.toISOString(),
    });
    // "Try for free": a new student on a subscription portal starts with a trial.
    if (subscriptionRequired(portal.businessModels)) {
      await trx
        .insertInto('subscriptions')
        .values({
          portal_id: portal.id,
          account_id: account.id,
          is_active: toFlag(true),
          starts_at: now.toISOString(),
          ends_at: new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
        })
        .execute();
    }
    return account.id;
  });
}

export async function requestPasswordReset(
  services: Services,
  portal: PortalContext,
  rawEmail: string,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const account = await services.db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'email', 'locale'])
    .where('portal_id', '=', portal.id)
    .where('email', '=', email)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!account) return;
  const token = newToken();
  await services.db.transaction().execute(async (trx) => {
    // Only the newest link works: asking again cancels the ones mailed before.
    await cancelResetLinks(trx, account.id);
    await trx
      .insertInto('password_resets')
      .values({
        account_id: account.id,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
  });
  const link = `${portal.row.base_url.replace(/\/$/, '')}/auth/password/reset?token=${encodeURIComponent(token)}`;
  await sendMail(services.mailer, {
    to: `${account.full_name} <${account.email}>`,
    key: 'password_reset',
    params: { name: account.full_name, minutes: RESET_TOKEN_MINUTES, link },
    locale: mailLocale(account.locale, portal),
    portal,
  });
}

/** Marks every unused reset link of the account as used, so none of them works any more. */
export async function cancelResetLinks(trx: Kysely<Database>, accountId: number): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: nowIso() })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}

/** Uses a one-time token: sets the password, ends every other session, returns the account id. */
export async function resetPassword(
  db: Kysely<Database>,
  portal: PortalContext,
  input: { token: string; password: string },
  tokenPointer: string,
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const reset = await trx
      .selectFrom('password_resets')
      .innerJoin('accounts', 'accounts.id', 'password_resets.account_id')
      .select(['password_resets.id', 'password_resets.account_id'])
      .where('password_resets.token_hash', '=', hashToken(input.token))
      .where('password_resets.used_at', 'is', null)
      .where('password_resets.expires_at', '>', nowIso())
      .where('accounts.portal_id', '=', portal.id)
      .where('accounts.deactivated_at', 'is', null)
      .executeTakeFirst();
    if (!reset) {
      throw new Invalid([
        {
          pointer: tokenPointer,
          code: 'INVALID_TOKEN',
          detail: 'This reset link is invalid or has expired.',
        },
      ]);
    }
    // This link is used, and every other one mailed before it is cancelled with it.
    await cancelResetLinks(trx, reset.account_id);
    await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash })
      .where('id', '=', reset.account_id)
      .execute();
    await trx.deleteFrom('sessions').where('account_id', '=', reset.account_id).execute();
    return reset.account_id;
  });
}
