import type { Permission } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { hashApiToken, newApiTokenSecret } from '../../http/api-token-auth';
import { NotFound } from '../../domain/errors';
import { recordAudit } from '../audit/service';

function tokensQuery(db: Executor, scope: PortalScope) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
    .selectAll('api_tokens')
    .select('accounts.full_name as creator_name')
    .where('api_tokens.portal_id', '=', scope);
}

/** The portal's tokens, live ones first, newest first. */
export function listApiTokens(db: Executor, scope: PortalScope) {
  return tokensQuery(db, scope)
    .orderBy('api_tokens.revoked_at', 'desc')
    .orderBy('api_tokens.id', 'desc')
    .execute();
}

export async function findApiToken(db: Executor, scope: PortalScope, id: number) {
  const row = await tokensQuery(db, scope).where('api_tokens.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('API token');
  return row;
}

/** Makes a token for its creator; the secret is returned once and only its hash is kept. */
export async function createApiToken(
  db: Executor,
  scope: PortalScope,
  input: { accountId: number; name: string; scopes: Permission[]; ip: string | null },
) {
  const secret = newApiTokenSecret();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('api_tokens')
      .values({
        portal_id: scope,
        account_id: input.accountId,
        name: input.name,
        scopes: [...new Set(input.scopes)].join(','),
        token_hash: hashApiToken(secret),
        token_hint: secret.slice(0, 9),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: input.accountId,
      action: 'api_token.created',
      entityType: 'api_token',
      entityId: row.id,
      details: { name: input.name, scopes: input.scopes },
      ip: input.ip,
    });
    return row.id;
  });
  return { row: await findApiToken(db, scope, id), secret };
}

/** Revokes a token: requests with it are refused from now on. Revoking twice changes nothing. */
export async function revokeApiToken(
  db: Executor,
  scope: PortalScope,
  id: number,
  actor: { accountId: number; ip: string | null },
) {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_tokens')
      .set({ revoked_at: nowIso() })
      .where('portal_id', '=', scope)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (revoked) {
      await recordAudit(trx, {
        scope,
        actorId: actor.accountId,
        action: 'api_token.revoked',
        entityType: 'api_token',
        entityId: id,
        ip: actor.ip,
      });
    }
  });
  return findApiToken(db, scope, id);
}
