import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import type { DatabaseHandle } from '../db/connection';
import { createPostgresDatabase, TEST_DATABASE } from '../test/test-app';
import { inProcessEventBus, postgresEventBus } from './event-bus';
import type { EventBus, EventPayload } from './event-bus';
import { until } from '../test/wait';

let url = 'sqlite::memory:';
let drop: () => Promise<void> = async () => undefined;
const handles: DatabaseHandle[] = [];
const buses: EventBus[] = [];

/** One instance's bus; on SQLite all share one process, so they share the in-process emitter. */
const shared = inProcessEventBus();
function instanceBus(onConnectionChange?: (connected: boolean) => void): EventBus {
  if (TEST_DATABASE !== 'postgres') return shared;
  const handle = openDatabase(url, 'postgres');
  handles.push(handle);
  const bus = postgresEventBus(url, handle.db, { reconnectMs: 100 });
  if (onConnectionChange) bus.watchConnection(onConnectionChange);
  buses.push(bus);
  return bus;
}

beforeAll(async () => {
  if (TEST_DATABASE !== 'postgres') return;
  const database = await createPostgresDatabase();
  url = database.url;
  drop = database.drop;
});

afterAll(async () => {
  for (const bus of [...buses, shared]) await bus.close();
  for (const handle of handles) await handle.close();
  await drop();
});

describe(`live events (${TEST_DATABASE})`, () => {
  it('reach a subscriber of another instance, on its channel only, until it unsubscribes', async () => {
    const publisher = instanceBus();
    const subscriber = instanceBus();
    const heard: EventPayload[] = [];
    const elsewhere: EventPayload[] = [];
    const stop = await subscriber.subscribe('notifications', (payload) => heard.push(payload));
    await subscriber.subscribe('other_channel', (payload) => elsewhere.push(payload));
    await publisher.publish('notifications', { accountId: 7, unread: 3 });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ accountId: 7, unread: 3 }]);
    expect(elsewhere).toEqual([]);
    stop();
    await publisher.publish('notifications', { accountId: 7, unread: 4 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toHaveLength(1);
  });

  it('refuses a channel name that is not an identifier', async () => {
    await expect(instanceBus().publish('bad channel; drop', {})).rejects.toThrow('lower-case identifier');
  });

  // PostgreSQL only: the in-process emitter has no connection to lose.
  if (TEST_DATABASE === 'postgres')
    it('tells when the listening connection is lost, and listens again once it is back', async () => {
      const changes: boolean[] = [];
      const subscriber = instanceBus((connected) => changes.push(connected));
      const publisher = instanceBus();
      const heard: EventPayload[] = [];
      await subscriber.subscribe('announcements', (payload) => heard.push(payload));
      expect(subscriber.connected()).toBe(true);

      // A failover or proxy restart: the server ends the listening connection.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      await until(() => changes.includes(false));
      await until(() => subscriber.connected());
      expect(changes).toEqual([true, false, true]);

      await publisher.publish('announcements', { id: 1 });
      await until(() => heard.length === 1);
    }, 20_000);
});
