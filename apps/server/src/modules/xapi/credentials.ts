/**
 * LRS credentials (decision 063): a key and secret pair per portal for `Authorization: Basic`,
 * limited to xAPI scopes. Only the SHA-256 of the secret is kept; revoked ones are refused.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { XapiCredentialRow } from '../../db/schema-xapi';
import { NotFound } from '../../domain/errors';
import { hashToken } from '../../http/session';
import { recordAudit } from '../audit/service';
import type { XapiVersion } from './version';

/** The scopes of xAPI 1.0.3 §4.2 (OAuth scope names, used here for Basic credentials too). */
export const XAPI_SCOPES = [
  'statements/write',
  'statements/read',
  'statements/read/mine',
  'all/read',
  'all',
  'state',
  'define',
  'profile',
] as const;
export type XapiScope = (typeof XAPI_SCOPES)[number];

const LAST_USED_RESOLUTION_MS = 60 * 1000;
/**
 * A verified credential is trusted this long without asking the database again (decision 069): a
 * client sending statements one by one would otherwise cost a query per request. Revoking forgets
 * it at once on this instance; other instances refuse it within this time.
 */
const VERIFIED_FOR_MS = 10 * 1000;
const VERIFIED_MAX = 1000;

interface Verified {
  caller: XapiCaller;
  secretHash: string;
  at: number;
}

/** Verified credentials by portal and key. */
const verified = new Map<string, Verified>();
const verifiedKey = (scope: PortalScope, key: string) => `${scope}\u0000${key}`;

function forgetVerified(credentialId: number): void {
  for (const [key, entry] of verified) if (entry.caller.credentialId === credentialId) verified.delete(key);
}

function credentialsQuery(db: Executor, scope: PortalScope) {
  return (
    db
      .selectFrom('xapi_credentials')
      .leftJoin('accounts', 'accounts.id', 'xapi_credentials.account_id')
      .selectAll('xapi_credentials')
      .select('accounts.full_name as creator_name')
      .where('xapi_credentials.portal_id', '=', scope)
      // A launch's own credential (cmi5) is not an admin's to list or revoke.
      .where('xapi_credentials.actor_key', 'is', null)
  );
}

export function listXapiCredentials(db: Executor, scope: PortalScope) {
  return credentialsQuery(db, scope)
    .orderBy('xapi_credentials.revoked_at', 'desc')
    .orderBy('xapi_credentials.id', 'desc')
    .execute();
}

export async function findXapiCredential(db: Executor, scope: PortalScope, id: number) {
  const row = await credentialsQuery(db, scope).where('xapi_credentials.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('xAPI credential');
  return row;
}

/** Makes a credential; its secret is returned once and only its hash is kept. */
export async function createXapiCredential(
  db: Executor,
  scope: PortalScope,
  input: { accountId: number; name: string; scopes: XapiScope[]; ip: string | null },
) {
  const key = `lrs_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(24).toString('base64url');
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('xapi_credentials')
      .values({
        portal_id: scope,
        account_id: input.accountId,
        name: input.name,
        key,
        secret_hash: hashToken(secret),
        scopes: [...new Set(input.scopes)].join(','),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: input.accountId,
      action: 'xapi_credential.created',
      entityType: 'xapi_credential',
      entityId: row.id,
      details: { name: input.name, scopes: input.scopes },
      ip: input.ip,
    });
    return row.id;
  });
  return { row: await findXapiCredential(db, scope, id), secret };
}

/** Revokes a credential: the LRS refuses it from now on. Revoking twice changes nothing. */
export async function revokeXapiCredential(
  db: Executor,
  scope: PortalScope,
  id: number,
  actor: { accountId: number; ip: string | null },
) {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('xapi_credentials')
      .set({ revoked_at: nowIso() })
      .where('portal_id', '=', scope)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (revoked)
      await recordAudit(trx, {
        scope,
        actorId: actor.accountId,
        action: 'xapi_credential.revoked',
        entityType: 'xapi_credential',
        entityId: id,
        ip: actor.ip,
      });
  });
  forgetVerified(id);
  return findXapiCredential(db, scope, id);
}

/**
 * A launch's credential (cmi5, decision 068): statements and state for one agent only, until it
 * expires; not listed with the admins' credentials. Its secret is returned once.
 */
export async function createLaunchCredential(
  db: Executor,
  scope: PortalScope,
  input: { name: string; actorKey: string; expiresAt: string },
): Promise<{ id: number; key: string; secret: string }> {
  const key = `launch_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(24).toString('base64url');
  const row = await db
    .insertInto('xapi_credentials')
    .values({
      portal_id: scope,
      account_id: null,
      name: input.name.slice(0, 100),
      key,
      secret_hash: hashToken(secret),
      scopes: ['statements/write', 'statements/read/mine', 'state', 'profile'].join(','),
      created_at: nowIso(),
      actor_key: input.actorKey,
      expires_at: input.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key, secret };
}

/** Ends a launch's credential now (the session terminated or was abandoned). */
export async function expireLaunchCredential(db: Executor, credentialId: number): Promise<void> {
  await db
    .updateTable('xapi_credentials')
    .set({ expires_at: nowIso() })
    .where('id', '=', credentialId)
    .where('actor_key', 'is not', null)
    .execute();
}

export interface XapiCaller {
  credentialId: number;
  /** A launch's credential speaks for this agent (its agentKey) only; null for an admin's. */
  actorKey: string | null;
  /** The version it last spoke, for a request that names none. */
  lastVersion: XapiVersion;
  name: string;
  key: string;
  scopes: ReadonlySet<string>;
}

/** Remembers the version a credential speaks now, when it changed. */
export async function rememberXapiVersion(
  db: Executor,
  caller: XapiCaller,
  version: XapiVersion,
): Promise<void> {
  if (caller.lastVersion === version) return;
  caller.lastVersion = version;
  await db
    .updateTable('xapi_credentials')
    .set({ xapi_version: version })
    .where('id', '=', caller.credentialId)
    .execute();
}

/** The live credential of this portal behind a Basic key and secret, or null. */
export async function authenticateXapi(
  db: Executor,
  scope: PortalScope,
  key: string,
  secret: string,
): Promise<XapiCaller | null> {
  const given = hashToken(secret);
  const cacheKey = verifiedKey(scope, key);
  const known = verified.get(cacheKey);
  if (known && Date.now() - known.at < VERIFIED_FOR_MS && sameHash(given, known.secretHash))
    return known.caller;
  const row: XapiCredentialRow | undefined = await db
    .selectFrom('xapi_credentials')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('key', '=', key)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || (row.expires_at !== null && row.expires_at <= nowIso())) {
    verified.delete(cacheKey);
    return null;
  }
  if (!sameHash(given, row.secret_hash)) return null;
  const now = Date.now();
  if (!row.last_used_at || now - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('xapi_credentials')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
  const caller: XapiCaller = {
    credentialId: row.id,
    actorKey: row.actor_key,
    lastVersion: row.xapi_version === '2.0' ? '2.0' : '1.0',
    name: row.name,
    key: row.key,
    scopes: new Set(row.scopes.split(',')),
  };
  // A launch's credential (cmi5) ends the moment its session does: it is looked up every time.
  if (row.actor_key === null) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(cacheKey, { caller, secretHash: row.secret_hash, at: now });
  }
  return caller;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
