/**
 * The notification stream (`GET /api/v1/notifications/stream`): Server-Sent Events for the signed-in
 * account. Each event is one notification, its id the notification id (monotonic per database), its
 * data the id, the unread count and the message in the reader's language. A reconnect that sends
 * `Last-Event-ID` first gets the notifications newer than that id. A comment every 25 s keeps
 * proxies from closing an idle stream.
 */
import type { Locale } from '@leerpad/core';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { NOTIFICATION_CHANNEL, parseAnnouncement } from './live';
import { notificationText } from './presenter';

export const HEARTBEAT_MS = 25_000;
/** Open streams per account on one instance; one more is refused with 429. */
export const STREAMS_PER_ACCOUNT = 5;
/** How many notifications one catch-up sends at most (the newest of them). */
export const REPLAY_LIMIT = 50;
/** What a browser waits before reconnecting a dropped stream (ms). */
const RETRY_MS = 3_000;

export interface StreamEvent {
  id: string;
  unread: number;
  message: string;
  link: string | null;
  received_at: string;
}

/** The notifications of an account newer than `afterId`, oldest first, and its unread count. */
export async function notificationsAfter(
  db: Kysely<Database>,
  accountId: number,
  afterId: number,
  locale: Locale,
): Promise<{ events: StreamEvent[]; unread: number }> {
  const rows: NotificationRow[] = await db
    .selectFrom('notifications')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .limit(REPLAY_LIMIT)
    .execute();
  const account = await db
    .selectFrom('accounts')
    .select('notifications_unread')
    .where('id', '=', accountId)
    .executeTakeFirst();
  const unread = account?.notifications_unread ?? 0;
  return {
    unread,
    events: rows.reverse().map((row) => ({
      id: String(row.id),
      unread,
      message: notificationText(row, locale),
      link: row.link,
      received_at: row.received_at,
    })),
  };
}

export async function latestNotificationId(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** `Last-Event-ID` as a notification id, or null when absent or not one. */
export function lastEventId(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^[0-9]{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

interface OpenStream {
  accountId: number;
  locale: Locale;
  reply: FastifyReply;
  lastId: number;
  /** Catch-ups run one after another, so no event is sent twice or out of order. */
  queue: Promise<void>;
  heartbeat: NodeJS.Timeout;
  closed: boolean;
}

/** The open streams of one app, woken by announcements from every instance. */
export class NotificationStreams {
  private readonly byAccount = new Map<number, Set<OpenStream>>();
  private listening: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  private stopWatching: (() => void) | null = null;
  private shuttingDown = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: EventBus,
  ) {}

  count(accountId?: number): number {
    if (accountId !== undefined) return this.byAccount.get(accountId)?.size ?? 0;
    let total = 0;
    for (const streams of this.byAccount.values()) total += streams.size;
    return total;
  }

  hasRoom(accountId: number): boolean {
    return !this.shuttingDown && this.count(accountId) < STREAMS_PER_ACCOUNT;
  }

  /** Subscribes once; a lost PostgreSQL listener may have missed announcements: catch everyone up. */
  private listen(): Promise<void> {
    this.listening ??= (async () => {
      this.stopWatching = this.events.watchConnection((connected) => {
        if (!connected) return;
        for (const streams of this.byAccount.values()) for (const stream of streams) this.catchUp(stream);
      });
      this.stopListening = await this.events.subscribe(NOTIFICATION_CHANNEL, (payload) => {
        const announcement = parseAnnouncement(payload);
        if (!announcement) return;
        for (const stream of this.byAccount.get(announcement.accountId) ?? []) {
          if (announcement.id > stream.lastId) this.catchUp(stream);
        }
      });
    })().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  /** Sends the headers and the replay, then keeps the response open until the client leaves. */
  async open(reply: FastifyReply, options: { accountId: number; locale: Locale; after: number | null }) {
    await this.listen();
    const after = options.after ?? (await latestNotificationId(this.db, options.accountId));
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    response.flushHeaders();
    const stream: OpenStream = {
      accountId: options.accountId,
      locale: options.locale,
      reply,
      lastId: after,
      queue: Promise.resolve(),
      heartbeat: setInterval(() => this.write(stream, ': heartbeat\n\n'), HEARTBEAT_MS),
      closed: false,
    };
    stream.heartbeat.unref();
    let streams = this.byAccount.get(stream.accountId);
    if (!streams) this.byAccount.set(stream.accountId, (streams = new Set()));
    streams.add(stream);
    response.on('close', () => this.forget(stream));
    this.write(stream, `retry: ${RETRY_MS}\n\n`);
    this.catchUp(stream, true);
  }

  private write(stream: OpenStream, text: string) {
    if (stream.closed || stream.reply.raw.writableEnded) return;
    stream.reply.raw.write(text);
  }

  private catchUp(stream: OpenStream, greet = false) {
    stream.queue = stream.queue
      .then(async () => {
        if (stream.closed) return;
        const { events, unread } = await notificationsAfter(
          this.db,
          stream.accountId,
          stream.lastId,
          stream.locale,
        );
        // The unread count as the stream starts; carries no id, so Last-Event-ID is left as it was.
        if (greet) this.write(stream, `event: ready\ndata: ${JSON.stringify({ unread })}\n\n`);
        for (const event of events) {
          const id = Number(event.id);
          if (id <= stream.lastId) continue;
          stream.lastId = id;
          this.write(stream, `id: ${event.id}\nevent: notification\ndata: ${JSON.stringify(event)}\n\n`);
        }
      })
      .catch(() => {
        // The database is unreachable for now: the client's reconnect replays what was missed.
        this.end(stream);
      });
  }

  private forget(stream: OpenStream) {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.heartbeat);
    const streams = this.byAccount.get(stream.accountId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byAccount.delete(stream.accountId);
  }

  private end(stream: OpenStream) {
    this.forget(stream);
    if (!stream.reply.raw.writableEnded) stream.reply.raw.end();
  }

  /** Ends every stream (the app is closing); browsers reconnect to another instance. */
  close() {
    this.shuttingDown = true;
    for (const streams of [...this.byAccount.values()]) for (const stream of [...streams]) this.end(stream);
    this.stopListening?.();
    this.stopWatching?.();
  }
}

const hubs = new WeakMap<Kysely<Database>, NotificationStreams>();

/** The streams of the app whose database this is. */
export function notificationStreams(db: Kysely<Database>, events: EventBus): NotificationStreams {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new NotificationStreams(db, events)));
  return hub;
}
