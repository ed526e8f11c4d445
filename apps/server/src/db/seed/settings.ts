import type { Kysely, Transaction } from 'kysely';
import { randomBytes, createHash } from 'node:crypto';
import type { Database } from '../schema';

/**
 * Demo integrations of Leerpad Academy: an API token of the admin (its secret is not kept, so it
 * only shows in the list), and a webhook pointing at the demo's own receiver with one delivery.
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
  const webhook = await db
    .insertInto('webhooks')
    .values({
      portal_id: ids.academy,
      url: `${ids.academyBaseUrl}/api/dev/webhook-sink`,
      events: 'enrollment.created,course.completed,account.created',
      secret: `whsec_${randomBytes(24).toString('base64url')}`,
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: deliveryId } = await db
    .insertInto('webhook_deliveries')
    .values({
      portal_id: ids.academy,
      webhook_id: webhook.id,
      event: 'account.created',
      payload: JSON.stringify({ account_id: String(ids.admin), full_name: 'Demo', roles: ['admin'] }),
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      duration_ms: 12,
      error: null,
      created_at: now,
      queued_at: now,
      delivered_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('webhook_delivery_attempts')
    .values({
      portal_id: ids.academy,
      delivery_id: deliveryId,
      succeeded: 1,
      response_code: 200,
      duration_ms: 12,
      error: null,
      attempted_at: now,
    })
    .execute();
}
