/**
 * Live events between the parts of the product (a new notification for the stream, a cache to drop):
 * publish on one instance, every subscriber on every instance hears it. LISTEN/NOTIFY on PostgreSQL,
 * an in-process emitter on SQLite, whose single process is the whole deployment.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';

export type EventPayload = Record<string, unknown>;
export type EventListener = (payload: EventPayload) => void;

export interface EventBus {
  readonly engine: 'in-process' | 'postgres';
  publish(channel: string, payload: EventPayload): Promise<void>;
  /** Listens until the returned function is called. */
  subscribe(channel: string, listener: EventListener): Promise<() => void>;
  /** Whether events from other instances arrive now (false while the listening connection is down). */
  connected(): boolean;
  /** Told when `connected()` changes: events sent while it was false were missed. */
  watchConnection(listener: (connected: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Channel names are identifiers: letters, digits and underscores, so they need no quoting. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Event channel "${channel}" is not a lower-case identifier.`);
}

export function inProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    engine: 'in-process',
    async publish(channel, payload) {
      checkChannel(channel);
      // Delivered after the publisher's own work, as NOTIFY is.
      queueMicrotask(() => emitter.emit(channel, payload));
    },
    async subscribe(channel, listener) {
      checkChannel(channel);
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    connected: () => true,
    watchConnection: () => () => undefined,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export interface PostgresEventBusOptions {
  /** First wait before reconnecting a lost listening connection (ms); doubles up to 10 s. */
  reconnectMs?: number;
  onError?: (message: string) => void;
}

/**
 * LISTEN/NOTIFY: one dedicated connection listens on every subscribed channel; publishing is a
 * `pg_notify` through the app's own connections. A lost listening connection is reopened with backoff and listens
 * again on every channel; events sent meanwhile are missed, which `connected()` and
 * `watchConnection` make known.
 */
export function postgresEventBus(
  connectionString: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  options: PostgresEventBusOptions = {},
): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = options.reconnectMs ?? 200;
  let isConnected = false;
  const connectionWatchers = new Set<(connected: boolean) => void>();

  const setConnected = (value: boolean) => {
    if (value === isConnected) return;
    isConnected = value;
    for (const watcher of connectionWatchers) watcher(value);
  };

  async function connect(): Promise<pg.Client> {
    const listener = new pg.Client({ connectionString });
    listener.on('notification', (message) => {
      let payload: EventPayload = {};
      try {
        payload = message.payload ? (JSON.parse(message.payload) as EventPayload) : {};
      } catch {
        return;
      }
      emitter.emit(message.channel, payload);
    });
    listener.on('error', (error) => {
      options.onError?.(`Event listener connection lost: ${error.message}`);
      lost(listener);
    });
    listener.on('end', () => lost(listener));
    await listener.connect();
    for (const channel of channels) await listener.query(`LISTEN ${channel}`);
    client = listener;
    retryMs = options.reconnectMs ?? 200;
    setConnected(true);
    return listener;
  }

  function lost(listener: pg.Client) {
    if (client !== listener) return;
    client = null;
    connecting = null;
    setConnected(false);
    listener.end().catch(() => undefined);
    if (closed) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 10_000);
    setTimeout(() => void ensure().catch(() => undefined), wait).unref();
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().catch((error: unknown) => {
      connecting = null;
      options.onError?.(`Event listener could not connect: ${(error as Error).message}`);
      if (!closed) {
        const wait = retryMs;
        retryMs = Math.min(retryMs * 2, 10_000);
        setTimeout(() => void ensure().catch(() => undefined), wait).unref();
      }
      throw error;
    });
    return connecting;
  }

  return {
    engine: 'postgres',
    async publish(channel, payload) {
      checkChannel(channel);
      await sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`.execute(db);
    },
    async subscribe(channel, listener) {
      checkChannel(channel);
      emitter.on(channel, listener);
      if (!channels.has(channel)) {
        channels.add(channel);
        const connection = await ensure();
        // connect() listened on every channel known then; a channel added meanwhile listens here.
        await connection.query(`LISTEN ${channel}`);
      }
      return () => emitter.off(channel, listener);
    },
    connected: () => isConnected,
    watchConnection(listener) {
      connectionWatchers.add(listener);
      return () => connectionWatchers.delete(listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      const listener = client;
      client = null;
      setConnected(false);
      await listener?.end().catch(() => undefined);
    },
  };
}
