import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { accountContextColumns, accountContextOf } from '../db/account-columns';
import { preparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';
import type { AccountContext, ActingContext } from '../context/account';
import type { AccountViews } from '../context/account-views';

export const SESSION_COOKIE = 'leerpad_session';

const HOUR_MS = 60 * 60 * 1000;
const LAST_ONLINE_RESOLUTION_MS = 60 * 1000;

export const hashToken = (token: string) => hash('sha256', token, 'base64url');
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(db: Kysely<Database>, accountId: number, days: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      account_id: accountId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + days * 24 * HOUR_MS).toISOString(),
    })
    .execute();
  return token;
}

export async function destroySession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** The session's account with its roles, in one statement: every signed-in request runs it. */
const sessionQuery = preparedQuery((db, args: { tokenHash: string; now: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .leftJoin('impersonations', (join) =>
      join
        .onRef('impersonations.session_id', '=', 'sessions.id')
        .on('impersonations.ended_at', 'is', null)
        .on('impersonations.expires_at', '>', args.now),
    )
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      ...accountContextColumns(db),
      'accounts.last_online',
      'impersonations.id as impersonation_id',
      'impersonations.account_id as acting_for_id',
      'impersonations.expires_at as acting_until',
    ])
    .where('sessions.token_hash', '=', args.tokenHash)
    .where('sessions.expires_at', '>', args.now),
);

/** The account a session acts as, with its roles. */
const actingAccountQuery = preparedQuery((db, args: { accountId: number }) =>
  db.selectFrom('accounts').select(accountContextColumns(db)).where('accounts.id', '=', args.accountId),
);

/**
 * Finds the account behind a session token. Expiry slides: a session seen again more than an hour
 * after its last extension is extended by the full period; last_online is kept to the minute. Both
 * writes drop the cached view (context/account-views.ts), so the next request reads the row again.
 */
export async function loadSession(
  db: Kysely<Database>,
  views: AccountViews,
  tokenHash: string,
  days: number,
): Promise<AccountContext | null> {
  const now = Date.now();
  const epoch = views.begin();
  let view = views.session(tokenHash, now);
  if (!view) {
    const [row] = await sessionQuery(db, { tokenHash, now: new Date(now).toISOString() });
    if (!row) return null;
    const account = accountContextOf(row);
    if (row.impersonation_id !== null && row.acting_for_id !== null && row.acting_until !== null) {
      // Acting sessions are read on every request, never kept: the act ends on time by itself.
      const acting = await actingAs(db, row.acting_for_id, {
        impersonationId: row.impersonation_id,
        expiresAt: row.acting_until,
        actor: account,
      });
      await touchSession(
        db,
        row.session_id,
        Date.parse(row.last_seen_at),
        account.id,
        lastOnlineOf(row),
        now,
        days,
      );
      return acting ?? account;
    }
    view = {
      sessionId: row.session_id,
      lastSeenAt: Date.parse(row.last_seen_at),
      lastOnline: row.last_online ? Date.parse(row.last_online) : null,
      expiresAt: Date.parse(row.expires_at),
      account,
    };
    views.storeSession(epoch, tokenHash, view);
  }
  await touchSession(db, view.sessionId, view.lastSeenAt, view.account.id, view.lastOnline, now, days);
  return view.account;
}

const lastOnlineOf = (row: { last_online: string | null }) =>
  row.last_online ? Date.parse(row.last_online) : null;

/**
 * Slides the session's expiry and keeps last_online to the minute — always of the session's own
 * account: acting as someone never makes them look online.
 */
async function touchSession(
  db: Kysely<Database>,
  sessionId: number,
  lastSeenAt: number,
  accountId: number,
  lastOnline: number | null,
  now: number,
  days: number,
): Promise<void> {
  if (now - lastSeenAt > HOUR_MS) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(now + days * 24 * HOUR_MS).toISOString(),
      })
      .where('id', '=', sessionId)
      .execute();
  }
  if (lastOnline === null || now - lastOnline > LAST_ONLINE_RESOLUTION_MS) {
    await db
      .updateTable('accounts')
      .set({ last_online: new Date(now).toISOString() })
      .where('id', '=', accountId)
      .execute();
  }
}

async function actingAs(
  db: Kysely<Database>,
  accountId: number,
  acting: ActingContext,
): Promise<AccountContext | null> {
  const [row] = await actingAccountQuery(db, { accountId });
  if (!row) return null;
  return { ...accountContextOf(row), acting };
}
