import type { Kysely, Transaction } from 'kysely';
import { randomBytes, createHash } from 'node:crypto';
import type { Database } from '../schema';

/**
 * Demo integrations of Leerpad Academy: an API token of the admin (its secret is not kept, so it
 * only shows in the list).
 */
export async function seedSettings(
  db: Kysely<Database> | Transaction<Database>,
  ids: { academy: number; admin: number; academyBaseUrl: string },
): Promise<void> {
  const now = new Date().toISOString();
  const secret = `lpat_${randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('api_tokens')
    .values({
      portal_id: ids.academy,
      account_id: ids.admin,
      name: 'Rapportage-export',
      scopes: 'search:account,read:account',
      token_hash: createHash('sha256').update(secret).digest('base64url'),
      token_hint: secret.slice(0, 9),
      created_at: now,
    })
    .execute();
}
