/**
 * The portal's LTI signing keys (decision 070): one active RS256 key signs every id_token; rotating
 * retires it, and a retired key's public half stays in the key set for a grace period so that a tool
 * still holding a token signed with it can check it.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { nowIso } from '../../db/dialect';
import type { Kysely } from 'kysely';
import type { Database, Executor, PortalScope } from '../../db/schema';
import { recordAudit } from '../audit/service';

export const LTI_ALG = 'RS256';
/** How long a retired key stays in the key set. */
export const LTI_KEY_GRACE_DAYS = 14;
/** A key older than this is rotated on its next use. */
export const LTI_KEY_MAX_AGE_DAYS = 90;
const DAY_MS = 86_400_000;

export interface LtiSigningKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
}

async function newKey(db: Executor, scope: PortalScope) {
  const { publicKey, privateKey } = await generateKeyPair(LTI_ALG, {
    extractable: true,
    modulusLength: 2048,
  });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db
    .insertInto('lti_platform_keys')
    .values({
      portal_id: scope,
      kid,
      public_jwk: JSON.stringify({ ...publicJwk, kid, alg: LTI_ALG, use: 'sig' }),
      private_jwk: JSON.stringify({ ...privateJwk, kid, alg: LTI_ALG }),
      created_at: nowIso(),
    })
    .execute();
}

const activeKey = (db: Executor, scope: PortalScope) =>
  db
    .selectFrom('lti_platform_keys')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('retired_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** Retires the active key (if any) and makes a new one. */
export async function rotateLtiKey(db: Executor, scope: PortalScope): Promise<void> {
  await db
    .updateTable('lti_platform_keys')
    .set({ retired_at: nowIso() })
    .where('portal_id', '=', scope)
    .where('retired_at', 'is', null)
    .execute();
  await newKey(db, scope);
}

/** The active key, made on first use and rotated once it is too old. */
export async function ltiSigningKey(db: Executor, scope: PortalScope): Promise<LtiSigningKey> {
  let row = await activeKey(db, scope);
  if (!row) {
    await newKey(db, scope);
  } else if (Date.now() - Date.parse(row.created_at) > LTI_KEY_MAX_AGE_DAYS * DAY_MS) {
    await rotateLtiKey(db, scope);
  }
  row = await activeKey(db, scope);
  if (!row) throw new Error('The LTI signing key could not be stored.');
  return { kid: row.kid, privateKey: await importJWK(JSON.parse(row.private_jwk) as JWK, LTI_ALG) };
}

/** The portal's keys, newest first: the active one and those retired within the grace period. */
export async function listLtiKeys(db: Executor, scope: PortalScope) {
  await ltiSigningKey(db, scope);
  const since = new Date(Date.now() - LTI_KEY_GRACE_DAYS * DAY_MS).toISOString();
  return db
    .selectFrom('lti_platform_keys')
    .select(['id', 'kid', 'public_jwk', 'created_at', 'retired_at'])
    .where('portal_id', '=', scope)
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', since)]))
    .orderBy('id', 'desc')
    .execute();
}

/** The JSON Web Key Set tools check our id_tokens against. */
export async function ltiJwks(db: Executor, scope: PortalScope): Promise<{ keys: JWK[] }> {
  const rows = await listLtiKeys(db, scope);
  return { keys: rows.map((row) => JSON.parse(row.public_jwk) as JWK) };
}

/** An admin's rotation, recorded in the audit log. */
export async function rotateLtiKeyBy(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: { accountId: number; ip: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await rotateLtiKey(trx, scope);
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      action: 'lti_key.rotated',
      entityType: 'lti_platform_key',
      ip: actor.ip,
    });
  });
}
