/**
 * API tokens (decision 022): `Authorization: Bearer <secret>` acts as the token's creator, limited
 * to the permissions in its scopes. Only the SHA-256 of the secret is stored; the last use is kept
 * to the minute.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { accountContextColumns, accountContextOf } from '../db/account-columns';
import type { Database } from '../db/schema';
import { hashToken, newToken } from './session';
import type { AccountContext } from '../context/account';

/** Secrets start with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'lpat_';
const LAST_USED_RESOLUTION_MS = 60 * 1000;

export const newApiTokenSecret = () => `${API_TOKEN_PREFIX}${newToken()}`;
export const hashApiToken = (secret: string) => hashToken(secret);

/** The secret of a Bearer header, or null when the request carries none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface ApiTokenAuth {
  tokenId: number;
  account: AccountContext;
  scopes: ReadonlySet<string>;
}

/** The live (not revoked) token behind a secret, with its creator; records the use. */
export async function loadApiToken(db: Kysely<Database>, secret: string): Promise<ApiTokenAuth | null> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.scopes',
      'api_tokens.last_used_at',
      ...accountContextColumns(db),
    ])
    .where('api_tokens.token_hash', '=', hashApiToken(secret))
    .where('api_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (!row.last_used_at || now - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', row.token_id)
      .execute();
  }
  return {
    tokenId: row.token_id,
    account: accountContextOf(row),
    scopes: new Set(row.scopes.split(',').filter(Boolean)),
  };
}
