import { ACTING_AS_MAX_MINUTES } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, PortalScope } from '../../db/schema';
import { Conflict, NotFound, Unauthenticated } from '../../domain/errors';
import { recordAudit } from '../audit/service';
import type { ImpersonationWithNames } from './presenter';

function withNames(db: Kysely<Database>) {
  return db
    .selectFrom('impersonations')
    .leftJoin('accounts as actor', 'actor.id', 'impersonations.actor_id')
    .leftJoin('accounts as acted', 'acted.id', 'impersonations.account_id')
    .selectAll('impersonations')
    .select(['actor.full_name as actor_name', 'acted.full_name as account_name']);
}

export async function findImpersonation(
  db: Kysely<Database>,
  scope: PortalScope,
  id: number,
): Promise<ImpersonationWithNames> {
  const row = await withNames(db)
    .where('impersonations.portal_id', '=', scope)
    .where('impersonations.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('impersonation');
  return row;
}

/** Every act on an account, newest first: the account sees when support acted for them and why. */
export async function impersonationsOf(
  db: Kysely<Database>,
  scope: PortalScope,
  accountId: number,
  limit: number,
  offset: number,
): Promise<{ rows: ImpersonationWithNames[]; total: number }> {
  const rows = await withNames(db)
    .where('impersonations.portal_id', '=', scope)
    .where('impersonations.account_id', '=', accountId)
    .orderBy('impersonations.started_at', 'desc')
    .orderBy('impersonations.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('impersonations')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.total) };
}

export interface StartAct {
  sessionTokenHash: string;
  actorId: number;
  accountId: number;
  reason: string;
  ip: string | null;
}

/**
 * Starts acting: one open act per session (the partial unique index answers a second one at once
 * with nothing inserted), recorded in the audit log with both accounts and the reason.
 */
export async function startImpersonation(
  db: Kysely<Database>,
  scope: PortalScope,
  act: StartAct,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', act.sessionTokenHash)
      .executeTakeFirst();
    if (!session) throw new Unauthenticated();
    const now = new Date();
    const inserted = await trx
      .insertInto('impersonations')
      .values({
        portal_id: scope,
        session_id: session.id,
        actor_id: act.actorId,
        account_id: act.accountId,
        reason: act.reason,
        started_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ACTING_AS_MAX_MINUTES * 60_000).toISOString(),
        ended_at: null,
      })
      .onConflict((conflict) => conflict.column('session_id').where('ended_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      throw new Conflict({
        code: 'ALREADY_ACTING',
        title: 'Already acting',
        detail: 'Stop acting as the current account first.',
      });
    }
    await recordAudit(trx, {
      scope,
      actorId: act.actorId,
      actingForId: act.accountId,
      action: 'impersonation.started',
      entityType: 'impersonations',
      entityId: inserted.id,
      details: { reason: act.reason },
      ip: act.ip,
    });
    return inserted.id;
  });
}

/** Stops an act (once; stopping a finished act changes nothing) and records it. */
export async function stopImpersonation(
  db: Kysely<Database>,
  scope: PortalScope,
  row: ImpersonationWithNames,
  ip: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const stopped = await trx
      .updateTable('impersonations')
      .set({ ended_at: now })
      .where('portal_id', '=', scope)
      .where('id', '=', row.id)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) === 0) return;
    await recordAudit(trx, {
      scope,
      actorId: row.actor_id,
      actingForId: row.account_id,
      action: 'impersonation.stopped',
      entityType: 'impersonations',
      entityId: row.id,
      details: { reason: row.reason },
      ip,
    });
  });
}
