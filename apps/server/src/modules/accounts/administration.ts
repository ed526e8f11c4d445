import { canGrantRole, renderMessage, type AuditAction } from '@leerpad/core';
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { containsInsensitive, nowIso } from '../../db/dialect';
import type { DialectName } from '../../db/dialect';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { Services } from '../../context/services';
import { Invalid, NotFound } from '../../domain/errors';
import { readerLocale } from '../../http/locale';
import type { PortalContext } from '../../context/portal';
import { hashToken, newToken } from '../../http/session';
import { recordAudit } from '../audit/service';
import { emitWebhookEvent } from '../webhooks/service';
import type { MailMessage } from '../../mail/mailer';
import type { ManagedAccountRow } from './presenter';
import { coachAccounts } from './coaches';

/** How long the set-password link of an invitation works. */
export const INVITATION_DAYS = 7;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type LastOnlineFilter = 'week' | 'month' | 'older' | 'never';

export interface AccountListFilters {
  search?: string | undefined;
  roles?: string[] | undefined;
  status?: 'active' | 'deactivated' | undefined;
  subscription?: 'active' | 'none' | undefined;
  lastOnline?: LastOnlineFilter | undefined;
}

export type AccountSortKey = 'full_name' | 'last_online' | 'created_at';

/** Who did a write, from where, and while acting as whom: what the audit log records. */
export interface Actor {
  id: number;
  roles: readonly string[];
  ip: string | null;
}

const DAY_MS = 86_400_000;

function managedSelect(db: Executor, scope: PortalScope) {
  return db
    .selectFrom('accounts')
    .where('accounts.portal_id', '=', scope)
    .select((eb) => [
      'accounts.id',
      'accounts.portal_id',
      'accounts.entity_id',
      'accounts.primary_coach_id',
      'accounts.full_name',
      'accounts.locale',
      'accounts.avatar_url',
      'accounts.last_online',
      'accounts.email',
      'accounts.phone_number',
      'accounts.deactivated_at',
      'accounts.created_at',
      eb
        .exists(
          eb
            .selectFrom('subscriptions')
            .select('subscriptions.id')
            .whereRef('subscriptions.account_id', '=', 'accounts.id')
            .where('subscriptions.is_active', '=', 1),
        )
        .as('subscription_active'),
    ]);
}

function applyFilters<O>(
  query: SelectQueryBuilder<Database, 'accounts', O>,
  dialect: DialectName,
  filters: AccountListFilters,
): SelectQueryBuilder<Database, 'accounts', O> {
  let filtered = query;
  const needle = filters.search?.trim();
  if (needle) {
    filtered = filtered.where((eb) =>
      eb.or([
        containsInsensitive(dialect, eb.ref('accounts.full_name'), needle),
        containsInsensitive(dialect, eb.ref('accounts.email'), needle),
      ]),
    );
  }
  if (filters.roles && filters.roles.length > 0) {
    const roles = filters.roles;
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('account_roles')
          .select('account_roles.account_id')
          .whereRef('account_roles.account_id', '=', 'accounts.id')
          .where('account_roles.role', 'in', roles),
      ),
    );
  }
  if (filters.status === 'active') filtered = filtered.where('accounts.deactivated_at', 'is', null);
  if (filters.status === 'deactivated') filtered = filtered.where('accounts.deactivated_at', 'is not', null);
  if (filters.subscription) {
    const wanted = filters.subscription === 'active';
    filtered = filtered.where((eb) => {
      const active = eb.exists(
        eb
          .selectFrom('subscriptions')
          .select('subscriptions.id')
          .whereRef('subscriptions.account_id', '=', 'accounts.id')
          .where('subscriptions.is_active', '=', 1),
      );
      return wanted ? active : eb.not(active);
    });
  }
  const since = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  switch (filters.lastOnline) {
    case 'week':
      filtered = filtered.where('accounts.last_online', '>=', since(7));
      break;
    case 'month':
      filtered = filtered.where('accounts.last_online', '>=', since(30));
      break;
    case 'older':
      filtered = filtered.where('accounts.last_online', '<', since(30));
      break;
    case 'never':
      filtered = filtered.where('accounts.last_online', 'is', null);
      break;
    default:
      break;
  }
  return filtered;
}

/** The accounts of the portal, filtered and sorted; `page` absent gives every match (the export). */
export async function listAccounts(
  db: Kysely<Database>,
  dialect: DialectName,
  scope: PortalScope,
  filters: AccountListFilters,
  sort: Array<{ key: AccountSortKey; direction: 'asc' | 'desc' }>,
  page?: { size: number; offset: number },
): Promise<{ rows: ManagedAccountRow[]; total: number }> {
  let rowsQuery = applyFilters(managedSelect(db, scope), dialect, filters);
  for (const order of sort) {
    // Accounts that were never online sort last, whichever way.
    if (order.key === 'last_online') {
      rowsQuery = rowsQuery.orderBy(sql`case when accounts.last_online is null then 1 else 0 end`);
    }
    rowsQuery = rowsQuery.orderBy(`accounts.${order.key}`, order.direction);
  }
  rowsQuery = rowsQuery.orderBy('accounts.id');
  if (page) rowsQuery = rowsQuery.limit(page.size).offset(page.offset);
  const countQuery = applyFilters(
    db
      .selectFrom('accounts')
      .where('accounts.portal_id', '=', scope)
      .select((eb) => eb.fn.countAll<number>().as('total')),
    dialect,
    filters,
  );
  const [rows, count] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  return { rows, total: Number(count.total) };
}

export async function findManagedAccount(
  db: Executor,
  scope: PortalScope,
  accountId: number,
): Promise<ManagedAccountRow> {
  const row = await managedSelect(db, scope).where('accounts.id', '=', accountId).executeTakeFirst();
  if (!row) throw new NotFound('account');
  return row;
}

/** Refuses roles the actor may not give or take away, with a pointer per refused role. */
export function checkGrantable(
  actorRoles: readonly string[],
  roles: readonly string[],
  pointer: (index: number) => string,
): void {
  const refused = roles
    .map((role, index) => ({ role, index }))
    .filter(({ role }) => !canGrantRole(actorRoles, role));
  if (refused.length > 0) {
    throw new Invalid(
      refused.map(({ role, index }) => ({
        pointer: pointer(index),
        code: 'ROLE_NOT_GRANTABLE',
        detail: `You may not give or take away the role "${role}".`,
      })),
    );
  }
}

/** The primary coach must be a coach of the same portal. */
export async function checkCoach(db: Executor, scope: PortalScope, coachId: number, pointer: string) {
  const coach = await coachAccounts(db, scope)
    .select('accounts.id')
    .where('accounts.id', '=', coachId)
    .executeTakeFirst();
  if (!coach) throw new Invalid([{ pointer, detail: 'Choose a coach of this portal.' }]);
}

export interface NewAccount {
  full_name: string;
  email: string;
  roles: string[];
  locale: string | null;
  primary_coach_id: number | null;
}

/**
 * Makes the account unless its address (in any case) is taken on the portal: the unique index
 * decides between two creates at once, and the loser gets null.
 */
export async function insertAccount(
  trx: Executor,
  scope: PortalScope,
  input: NewAccount,
): Promise<number | null> {
  const inserted = await trx
    .insertInto('accounts')
    .values({
      portal_id: scope,
      entity_id: null,
      primary_coach_id: input.primary_coach_id,
      full_name: input.full_name,
      email: normaliseEmail(input.email),
      password_hash: null,
      locale: input.locale,
      avatar_url: null,
      phone_number: null,
      last_online: null,
      deactivated_at: null,
      created_at: nowIso(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  if (input.roles.length > 0) {
    await trx
      .insertInto('account_roles')
      .values([...new Set(input.roles)].map((role) => ({ account_id: inserted.id, role })))
      .execute();
  }
  return inserted.id;
}

export const emailTaken = (pointer: string) =>
  new Invalid([
    { pointer, code: 'EMAIL_TAKEN', detail: 'An account with this e-mail address already exists.' },
  ]);

/** POST /v1/accounts: the account, its audit entry, and its invitation mail. */
export async function createAccount(
  services: Services,
  portal: PortalContext,
  actor: Actor,
  input: NewAccount,
  emailPointer: string,
): Promise<number> {
  const id = await services.db.transaction().execute(async (trx) => {
    const accountId = await insertAccount(trx, portal.id, input);
    if (accountId === null) throw emailTaken(emailPointer);
    await recordAudit(trx, {
      scope: portal.id,
      actorId: actor.id,
      action: 'account.created',
      entityType: 'account',
      entityId: accountId,
      details: {
        full_name: input.full_name,
        email: normaliseEmail(input.email),
        roles: input.roles,
        locale: input.locale,
        primary_coach_id: input.primary_coach_id,
      },
      ip: actor.ip,
    });
    await emitWebhookEvent(trx, portal.id, 'account.created', {
      account_id: String(accountId),
      full_name: input.full_name,
      email: normaliseEmail(input.email),
      roles: [...new Set(input.roles)],
      created_at: nowIso(),
    });
    return accountId;
  });
  await sendInvitation(services, portal, id);
  return id;
}

/**
 * Mails a set-password link that works for INVITATION_DAYS, in the recipient's language: a
 * password-reset token that lives longer, opening the reset page. Only the newest link works.
 */
export async function sendInvitation(services: Services, portal: PortalContext, accountId: number) {
  const messages = await invitationMessages(services.db, portal, [accountId]);
  const message = messages.get(accountId);
  if (message) await services.mailer.send(message);
}

/**
 * Invitations to choose a password for these accounts of the portal (active ones): each gets a new
 * link, valid INVITATION_DAYS, and any earlier unused link of theirs stops working. One transaction
 * for all of them; answers the messages by account id.
 */
export async function invitationMessages(
  db: Kysely<Database>,
  portal: PortalContext,
  accountIds: number[],
): Promise<Map<number, MailMessage>> {
  const messages = new Map<number, MailMessage>();
  if (accountIds.length === 0) return messages;
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'email', 'locale'])
    .where('portal_id', '=', portal.id)
    .where('id', 'in', accountIds)
    .where('deactivated_at', 'is', null)
    .execute();
  if (accounts.length === 0) return messages;
  const tokens = new Map(accounts.map((account) => [account.id, newToken()]));
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso() })
      .where('account_id', 'in', [...tokens.keys()])
      .where('used_at', 'is', null)
      .execute();
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS).toISOString();
    await trx
      .insertInto('password_resets')
      .values(
        [...tokens].map(([accountId, token]) => ({
          account_id: accountId,
          token_hash: hashToken(token),
          expires_at: expiresAt,
          used_at: null,
        })),
      )
      .execute();
  });
  for (const account of accounts) {
    const locale = readerLocale(account, portal);
    const token = tokens.get(account.id)!;
    const link = `${portal.row.base_url.replace(/\/$/, '')}/auth/password/reset?token=${encodeURIComponent(token)}`;
    const params = { name: account.full_name, portal: portal.name, days: INVITATION_DAYS, link };
    messages.set(account.id, {
      to: `${account.full_name} <${account.email}>`,
      subject: renderMessage('account_invitation_subject', params, locale),
      text: renderMessage('account_invitation_body', params, locale),
    });
  }
  return messages;
}

export interface AccountChanges {
  locale?: string | null | undefined;
  full_name?: string | undefined;
  phone_number?: string | null | undefined;
  roles?: string[] | undefined;
  active?: boolean | undefined;
  primary_coach_id?: number | null | undefined;
}

/**
 * Changes an account; the staff part (roles, active, coach) is audited with what changed.
 * Deactivating ends every session of the account at once; its work stays.
 */
export async function changeAccount(
  db: Kysely<Database>,
  scope: PortalScope,
  accountId: number,
  actor: Actor,
  changes: AccountChanges,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findManagedAccount(trx, scope, accountId);
    const currentRoles = (
      await trx.selectFrom('account_roles').select('role').where('account_id', '=', accountId).execute()
    ).map((row) => row.role);
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    const set: Partial<{
      locale: string | null;
      full_name: string;
      phone_number: string | null;
      primary_coach_id: number | null;
      deactivated_at: string | null;
    }> = {};
    for (const key of ['locale', 'full_name', 'phone_number', 'primary_coach_id'] as const) {
      const value = changes[key];
      if (value !== undefined && value !== before[key]) {
        diff[key] = { from: before[key], to: value };
        (set as Record<string, unknown>)[key] = value;
      }
    }
    let action: AuditAction = 'account.updated';
    if (changes.active !== undefined && changes.active !== (before.deactivated_at === null)) {
      set.deactivated_at = changes.active ? null : nowIso();
      diff.active = { from: !changes.active, to: changes.active };
      action = changes.active ? 'account.reactivated' : 'account.deactivated';
    }
    if (Object.keys(set).length > 0) {
      await trx
        .updateTable('accounts')
        .set(set)
        .where('portal_id', '=', scope)
        .where('id', '=', accountId)
        .execute();
    }
    if (changes.roles !== undefined) {
      const wanted = [...new Set(changes.roles)].sort();
      const current = [...currentRoles].sort();
      if (wanted.join(',') !== current.join(',')) {
        const added = wanted.filter((role) => !current.includes(role));
        const removed = current.filter((role) => !wanted.includes(role));
        checkGrantable(actor.roles, [...added, ...removed], () => '/roles');
        if (removed.length > 0) {
          await trx
            .deleteFrom('account_roles')
            .where('account_id', '=', accountId)
            .where('role', 'in', removed)
            .execute();
        }
        if (added.length > 0) {
          await trx
            .insertInto('account_roles')
            .values(added.map((role) => ({ account_id: accountId, role })))
            .execute();
        }
        diff.roles = { from: current, to: wanted };
      }
    }
    if (set.deactivated_at !== undefined && set.deactivated_at !== null) {
      await trx.deleteFrom('sessions').where('account_id', '=', accountId).execute();
    }
    // Staff changing someone else is audited; an account changing its own language is not.
    if (Object.keys(diff).length > 0 && actor.id !== accountId) {
      await recordAudit(trx, {
        scope,
        actorId: actor.id,
        action,
        entityType: 'account',
        entityId: accountId,
        details: { changes: diff },
        ip: actor.ip,
      });
    }
  });
}

export async function listNotes(db: Executor, scope: PortalScope, accountId: number) {
  return db
    .selectFrom('account_notes')
    .leftJoin('accounts as author', 'author.id', 'account_notes.author_id')
    .selectAll('account_notes')
    .select('author.full_name as author_name')
    .where('account_notes.portal_id', '=', scope)
    .where('account_notes.account_id', '=', accountId)
    .orderBy('account_notes.created_at', 'desc')
    .orderBy('account_notes.id', 'desc')
    .limit(200)
    .execute();
}

export async function addNote(
  db: Kysely<Database>,
  scope: PortalScope,
  accountId: number,
  actor: Actor,
  body: string,
) {
  return db.transaction().execute(async (trx) => {
    const note = await trx
      .insertInto('account_notes')
      .values({ portal_id: scope, account_id: accountId, author_id: actor.id, body, created_at: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: actor.id,
      action: 'account.note_added',
      entityType: 'account',
      entityId: accountId,
      details: { note_id: note.id },
      ip: actor.ip,
    });
    const author = await trx
      .selectFrom('accounts')
      .select('full_name')
      .where('id', '=', actor.id)
      .executeTakeFirst();
    return { ...note, author_name: author?.full_name ?? null };
  });
}

export async function listSignIns(db: Executor, scope: PortalScope, accountId: number) {
  return db
    .selectFrom('sign_ins')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** Keeps a successful sign-in: when, and from which address and browser. */
export async function recordSignIn(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  from: { ip: string | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sign_ins')
    .values({
      portal_id: scope,
      account_id: accountId,
      ip: from.ip,
      user_agent: from.userAgent ? from.userAgent.slice(0, 300) : null,
      created_at: nowIso(),
    })
    .execute();
}
