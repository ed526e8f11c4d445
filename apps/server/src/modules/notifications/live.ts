/**
 * Live notifications: a new notification wakes the Server-Sent Events streams of its account on
 * every instance (decision 020).
 *
 * The announcement is only a wake-up carrying the account and the notification id; what a stream
 * sends is always read back from committed rows. On PostgreSQL the announcement is a `pg_notify`
 * in the notifying transaction, which PostgreSQL delivers at commit and drops on rollback. On SQLite
 * the in-process event bus delivers it at once, and the stream's read waits for the database's one
 * connection, which the notifying transaction holds until it commits or rolls back: a rolled-back
 * row is never read, so it is never announced.
 */
import type { DialectAdapter, Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';

export const NOTIFICATION_CHANNEL = 'notification_created';

export interface NotificationAnnouncement {
  accountId: number;
  id: number;
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The event bus of each open database, found through the database's dialect adapter, which its
 * transactions share: `notify(trx, …)` keeps its signature and still reaches the right bus.
 */
const buses = new WeakMap<DialectAdapter, EventBus>();

export function announceNotificationsOn(db: Kysely<Database>, events: EventBus): void {
  buses.set(db.getExecutor().adapter, events);
}

export async function announceNotification(db: Executor, announcement: NotificationAnnouncement) {
  const payload = { account_id: announcement.accountId, id: announcement.id };
  if (dialectOf(db) === 'postgres') {
    // Inside the caller's transaction: delivered to every listening instance at commit only.
    await sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(payload)})`.execute(db);
    return;
  }
  await buses.get(db.getExecutor().adapter)?.publish(NOTIFICATION_CHANNEL, payload);
}

export function parseAnnouncement(payload: Record<string, unknown>): NotificationAnnouncement | null {
  const accountId = Number(payload.account_id);
  const id = Number(payload.id);
  if (!Number.isSafeInteger(accountId) || !Number.isSafeInteger(id)) return null;
  return { accountId, id };
}
