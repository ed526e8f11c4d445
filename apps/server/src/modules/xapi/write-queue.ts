/**
 * Group commit for statement writes (decision 069). Requests that arrive while a portal's previous
 * write is committing wait for it and are then stored together in one transaction: one commit (one
 * WAL flush) and a handful of multi-row queries for many requests instead of one each. Every request
 * is answered only after the transaction holding its statements has committed. When a combined
 * write fails (a 409 conflict of one request, say), each of its requests is written again on its
 * own, so one request's error never becomes another's.
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database, PortalScope } from '../../db/schema';
import { storeWrites } from './statements';
import type { StatementWrite } from './statements';

/** The most statements one combined write stores (a batch of 500 from one request goes alone). */
const MAX_STATEMENTS_PER_WRITE = 1000;
/**
 * Combined writes of one portal that may run at once on PostgreSQL: while one commits (waiting for
 * its WAL flush) the next is already inserting. Few enough to leave the pool's other connections to
 * the rest of the application. SQLite has one connection, so there one write at a time makes the
 * batches, and so the commits (each an fsync that holds the event loop), as few as they can be.
 */
const WRITES_AT_ONCE = { postgres: 3, sqlite: 1 } as const;

interface Waiting {
  write: StatementWrite;
  ids: string[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class StatementWriteQueue {
  private readonly waiting = new Map<PortalScope, Waiting[]>();
  private readonly writing = new Map<PortalScope, { count: number; ids: Set<string> }>();

  private readonly writesAtOnce: number;

  constructor(private readonly db: Kysely<Database>) {
    this.writesAtOnce = WRITES_AT_ONCE[dialectOf(db)];
  }

  /** Stores one request's statements; resolves once they are committed. */
  write(scope: PortalScope, write: StatementWrite): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const ids = write.statements.map((statement) => String(statement['id']).toLowerCase());
      const queue = this.waiting.get(scope) ?? [];
      queue.push({ write, ids, resolve, reject });
      this.waiting.set(scope, queue);
      this.next(scope);
    });
  }

  /** Starts the portal's next combined write unless enough are running. */
  private next(scope: PortalScope): void {
    const running = this.writing.get(scope) ?? { count: 0, ids: new Set<string>() };
    if (running.count >= this.writesAtOnce) return;
    const queue = this.waiting.get(scope);
    if (!queue || queue.length === 0) {
      this.waiting.delete(scope);
      return;
    }
    // Requests whose ids differ from each other and from those being written, up to the size
    // limit, in arrival order; a request repeating such an id waits for a later write, where it is
    // a repeat or a conflict.
    const taken: Waiting[] = [];
    const left: Waiting[] = [];
    const ids = new Set<string>();
    let count = 0;
    for (const item of queue) {
      const fits = taken.length === 0 || count + item.ids.length <= MAX_STATEMENTS_PER_WRITE;
      if (fits && !item.ids.some((id) => ids.has(id) || running.ids.has(id))) {
        taken.push(item);
        item.ids.forEach((id) => ids.add(id));
        count += item.ids.length;
      } else {
        left.push(item);
      }
    }
    this.waiting.set(scope, left);
    if (taken.length === 0) return;
    running.count += 1;
    ids.forEach((id) => running.ids.add(id));
    this.writing.set(scope, running);
    void this.store(scope, taken).finally(() => {
      running.count -= 1;
      ids.forEach((id) => running.ids.delete(id));
      if (running.count === 0) this.writing.delete(scope);
      this.next(scope);
    });
    // Another write may start at once with what is left.
    if (left.length > 0) this.next(scope);
  }

  private async store(scope: PortalScope, items: Waiting[]): Promise<void> {
    try {
      await storeWrites(
        this.db,
        scope,
        items.map((item) => item.write),
      );
      items.forEach((item) => item.resolve());
      return;
    } catch (error) {
      if (items.length === 1) {
        items[0]?.reject(error);
        return;
      }
    }
    for (const item of items) {
      try {
        await storeWrites(this.db, scope, [item.write]);
        item.resolve();
      } catch (error) {
        item.reject(error);
      }
    }
  }
}
