import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@leerpad/core';
import { nowIso, toFlag } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import { recordAudit } from '../audit/service';

/**
 * Announces a product event to the portal's webhooks: one delivery per active webhook that
 * subscribed to it, written in the caller's transaction (a rolled-back change sends nothing). The
 * outbox (outbox.ts) hands each delivery to the job queue after the commit.
 */
export async function emitWebhookEvent(
  trx: Executor,
  scope: PortalScope,
  event: WebhookEvent,
  payload: Record<string, unknown>,
): Promise<void> {
  const hooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('portal_id', '=', scope)
    .where('active', '=', 1)
    .execute();
  const subscribed = hooks.filter((hook) => hook.events.split(',').includes(event));
  if (subscribed.length === 0) return;
  const createdAt = nowIso();
  await trx
    .insertInto('webhook_deliveries')
    .values(
      subscribed.map((hook) => ({
        portal_id: scope,
        webhook_id: hook.id,
        event,
        payload: JSON.stringify(payload),
        status: 'pending' as const,
        created_at: createdAt,
      })),
    )
    .execute();
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export function listWebhooks(db: Executor, scope: PortalScope) {
  return db.selectFrom('webhooks').selectAll().where('portal_id', '=', scope).orderBy('id').execute();
}

export async function findWebhook(db: Executor, scope: PortalScope, id: number) {
  const row = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('webhook');
  return row;
}

interface Actor {
  accountId: number;
  ip: string | null;
}

export async function createWebhook(
  db: Executor,
  scope: PortalScope,
  input: { url: string; events: WebhookEvent[]; active: boolean },
  actor: Actor,
) {
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('webhooks')
      .values({
        portal_id: scope,
        url: input.url,
        events: [...new Set(input.events)].join(','),
        secret: newWebhookSecret(),
        active: toFlag(input.active),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      action: 'webhook.created',
      entityType: 'webhook',
      entityId: row.id,
      details: { url: input.url, events: input.events },
      ip: actor.ip,
    });
    return row.id;
  });
  return findWebhook(db, scope, id);
}

export async function updateWebhook(
  db: Executor,
  scope: PortalScope,
  id: number,
  change: { url?: string; events?: WebhookEvent[]; active?: boolean; rotate_secret?: boolean },
  actor: Actor,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhooks')
      .set({
        ...(change.url !== undefined ? { url: change.url } : {}),
        ...(change.events !== undefined ? { events: [...new Set(change.events)].join(',') } : {}),
        ...(change.active !== undefined ? { active: toFlag(change.active) } : {}),
        ...(change.rotate_secret ? { secret: newWebhookSecret() } : {}),
        updated_at: nowIso(),
      })
      .where('portal_id', '=', scope)
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      action: 'webhook.updated',
      entityType: 'webhook',
      entityId: id,
      details: { ...change, rotate_secret: Boolean(change.rotate_secret) },
      ip: actor.ip,
    });
  });
  return findWebhook(db, scope, id);
}

export async function deleteWebhook(db: Executor, scope: PortalScope, id: number, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhooks').where('portal_id', '=', scope).where('id', '=', id).execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      action: 'webhook.deleted',
      entityType: 'webhook',
      entityId: id,
      ip: actor.ip,
    });
  });
}

/** A webhook's deliveries, newest first, each with its attempts. */
export async function deliveriesOf(
  db: Executor,
  scope: PortalScope,
  webhookId: number,
  page: { size: number; offset: number },
) {
  const base = db
    .selectFrom('webhook_deliveries')
    .where('portal_id', '=', scope)
    .where('webhook_id', '=', webhookId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .selectFrom('webhook_delivery_attempts')
          .selectAll()
          .where('portal_id', '=', scope)
          .where(
            'delivery_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('id')
          .execute();
  return { rows, attempts, total: Number(count.total) };
}

export async function findDelivery(db: Executor, scope: PortalScope, id: number) {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('webhook delivery');
  return row;
}

/** Sends a delivery again as a new delivery of the same event and body. */
export async function redeliver(db: Executor, scope: PortalScope, deliveryId: number, actor: Actor) {
  const original = await findDelivery(db, scope, deliveryId);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhook_deliveries')
      .values({
        portal_id: scope,
        webhook_id: original.webhook_id,
        event: original.event,
        payload: original.payload,
        status: 'pending',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      action: 'webhook_delivery.redelivered',
      entityType: 'webhook_delivery',
      entityId: deliveryId,
      details: { redelivery_id: row.id },
      ip: actor.ip,
    });
    return row.id;
  });
  return findDelivery(db, scope, id);
}
