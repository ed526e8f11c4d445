import { renderMessage, type MessageKey, type MessageParams } from '@leerpad/core';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, NotificationRow, PortalScope } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import { announceNotification } from './live';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A notification is a message key with parameters (packages/core `messages/`), rendered in the
 * reader's language when read; `message` keeps the English text for anything reading the table.
 * Notifications keep two counters on the account (total and unread), changed in the same
 * transaction as the rows, so badges and list totals never count over the table. A committed
 * notification reaches the account's open streams on every instance (live.ts, stream.ts).
 */
export async function notify(
  db: Executor,
  notification: {
    scope: PortalScope;
    accountId: number;
    key: MessageKey;
    params?: MessageParams;
    link?: string | null;
    receivedAt?: string;
  },
): Promise<number> {
  const insert = async (trx: Executor) => {
    const row = await trx
      .insertInto('notifications')
      .values({
        portal_id: notification.scope,
        account_id: notification.accountId,
        message: renderMessage(notification.key, notification.params, 'en'),
        message_key: notification.key,
        message_params: JSON.stringify(notification.params ?? {}),
        link: notification.link ?? null,
        read_at: null,
        received_at: notification.receivedAt ?? nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('accounts')
      .set({
        notifications_total: sql`notifications_total + 1`,
        notifications_unread: sql`notifications_unread + 1`,
      })
      .where('id', '=', notification.accountId)
      .execute();
    // Wakes the account's live streams once this transaction has committed (live.ts).
    await announceNotification(trx, { accountId: notification.accountId, id: row.id });
    return row.id;
  };
  return db.isTransaction ? insert(db) : (db as Kysely<Database>).transaction().execute(insert);
}

export async function counters(db: Kysely<Database>, accountId: number) {
  const row = await db
    .selectFrom('accounts')
    .select(['notifications_total', 'notifications_unread'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { total: row.notifications_total, unread: row.notifications_unread };
}

export async function listNotifications(
  db: Kysely<Database>,
  accountId: number,
  options: { unreadOnly: boolean; size: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  let query = db.selectFrom('notifications').selectAll().where('account_id', '=', accountId);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  const [rows, count] = await Promise.all([
    query
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.size)
      .offset(options.offset)
      .execute(),
    counters(db, accountId),
  ]);
  return { rows, total: options.unreadOnly ? count.unread : count.total, unread: count.unread };
}

export async function findNotification(db: Kysely<Database>, accountId: number, id: number) {
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('notification');
  return row;
}

/** Sets or clears read_at; the unread counter moves only when the state really changes. */
export async function setReadAt(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  readAt: string | null,
): Promise<NotificationRow> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('notifications')
      .set({ read_at: readAt })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('read_at', readAt === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) {
      await trx
        .updateTable('accounts')
        .set({ notifications_unread: sql`notifications_unread ${sql.raw(readAt === null ? '+' : '-')} 1` })
        .where('id', '=', accountId)
        .execute();
    } else if (readAt !== null) {
      // Already read: keep the first read time, but the caller still gets the row back.
    }
    const row = await trx
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFound('notification');
    return row;
  });
}

export async function markAllRead(db: Kysely<Database>, accountId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('notifications')
      .set({ read_at: nowIso() })
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const updated = Number(result.numUpdatedRows);
    if (updated > 0) {
      await trx
        .updateTable('accounts')
        .set({ notifications_unread: sql`notifications_unread - ${updated}` })
        .where('id', '=', accountId)
        .execute();
    }
    return updated;
  });
}
