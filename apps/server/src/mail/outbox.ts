/**
 * The mail outbox (decision 055): mail that background work fans out is written as rows, each with a
 * unique key, in the transaction of the change that asks for it; a job hands them to the mailer in
 * small batches and marks each sent. A row is claimed for a short while before it is sent, so after
 * a kill its batch is taken up again within seconds. The mailer is given the row's key, under which a
 * second hand-off replaces the first: every message goes out once, whatever moment the process died.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Services } from '../context/services';
import { dialectOf, nowIso } from '../db/dialect';
import type { Executor, MailOutboxTable, PortalScope } from '../db/schema';
import type { MailMessage } from './mailer';

export type OutboxRow = Selectable<MailOutboxTable>;
export const MAIL_OUTBOX_JOB = 'mail_outbox';
/** Rows claimed and sent together. */
export const OUTBOX_BATCH = 50;
/** A claimed batch whose process died is taken up again after this long. */
export const OUTBOX_CLAIM_MS = 30_000;
/** Attempts at one message before it is left with its error for an operator. */
export const OUTBOX_ATTEMPTS = 8;

/** Builds the messages of rows whose kind is not 'message' (an invitation makes its link when sent). */
export type OutboxRenderer = (services: Services, rows: OutboxRow[]) => Promise<Map<number, MailMessage>>;

/** Queues a message ready to send; a key already queued adds nothing. */
export async function queueMail(
  db: Executor,
  mail: { scope: PortalScope; key: string; message: MailMessage; batch?: string },
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      portal_id: mail.scope,
      key: mail.key,
      kind: 'message',
      account_id: null,
      message: JSON.stringify(mail.message),
      batch: mail.batch ?? null,
      created_at: nowIso(),
      claimed_until: null,
      last_error: null,
      sent_at: null,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

/** Queues messages that a renderer of `kind` writes when they are sent, one per account. */
export async function queueAccountMail(
  db: Executor,
  mail: { scope: PortalScope; kind: string; accountIds: number[]; batch?: string },
): Promise<void> {
  const now = nowIso();
  for (let start = 0; start < mail.accountIds.length; start += 500) {
    await db
      .insertInto('mail_outbox')
      .values(
        mail.accountIds.slice(start, start + 500).map((accountId) => ({
          portal_id: mail.scope,
          key: `${mail.kind}:${mail.batch ?? ''}:${accountId}`,
          kind: mail.kind,
          account_id: accountId,
          message: null,
          batch: mail.batch ?? null,
          created_at: now,
          claimed_until: null,
          last_error: null,
          sent_at: null,
        })),
      )
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  }
}

/** Asks for the outbox to be worked now (a job of its own, so any instance may take it). */
export async function wakeOutbox(services: Services, reason: string): Promise<void> {
  await services.jobs.enqueue(MAIL_OUTBOX_JOB, {}, { singletonKey: `outbox-${reason}` });
}

/** Claims up to a batch of unsent rows that no live process holds: SKIP LOCKED on PostgreSQL. */
async function claimBatch(services: Services): Promise<OutboxRow[]> {
  const now = nowIso();
  const until = new Date(Date.now() + OUTBOX_CLAIM_MS).toISOString();
  const db = services.db;
  const due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('attempts', '<', OUTBOX_ATTEMPTS)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(OUTBOX_BATCH);
  return db
    .updateTable('mail_outbox')
    .set({ claimed_until: until, attempts: sql`attempts + 1` })
    .where('id', 'in', dialectOf(db) === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/**
 * Sends what the outbox holds, batch after batch, until it is empty or `budgetMs` has passed (the
 * next run goes on). Answers how many messages were handed to the mailer.
 */
export async function drainOutbox(
  services: Services,
  renderers: Record<string, OutboxRenderer>,
  options: { budgetMs?: number; onBatchDone?: (batches: string[]) => Promise<void> } = {},
): Promise<number> {
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  let sent = 0;
  while (Date.now() < deadline) {
    const rows = (await claimBatch(services)).sort((a, b) => a.id - b.id);
    if (rows.length === 0) break;
    const messages = new Map<number, MailMessage>();
    for (const row of rows) {
      if (row.kind === 'message' && row.message) messages.set(row.id, JSON.parse(row.message) as MailMessage);
    }
    const byKind = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      if (row.kind !== 'message') byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
    }
    for (const [kind, group] of byKind) {
      const render = renderers[kind];
      if (!render) continue;
      for (const [id, message] of await render(services, group)) messages.set(id, message);
    }
    const done: number[] = [];
    for (const row of rows) {
      const message = messages.get(row.id);
      try {
        // A row with nothing to send (its account gone) counts as done.
        if (message) await services.mailer.send({ ...message, id: row.key });
        done.push(row.id);
      } catch (error) {
        await services.db
          .updateTable('mail_outbox')
          .set({ last_error: error instanceof Error ? error.message : String(error) })
          .where('id', '=', row.id)
          .execute();
      }
    }
    if (done.length > 0) {
      await services.db
        .updateTable('mail_outbox')
        .set({ sent_at: nowIso(), claimed_until: null })
        .where('id', 'in', done)
        .execute();
    }
    sent += done.length;
    const batches = [...new Set(rows.map((row) => row.batch).filter((batch) => batch !== null))];
    if (batches.length > 0) await options.onBatchDone?.(batches);
  }
  return sent;
}

/**
 * At start on SQLite, one process works the file: rows still claimed were claimed by a process that
 * died, and are due at once rather than when their claim runs out. PostgreSQL's instances share the
 * outbox, so there a claim runs its course.
 */
export async function releaseOutboxClaims(services: Services): Promise<void> {
  if (services.dialect !== 'sqlite') return;
  await services.db
    .updateTable('mail_outbox')
    .set({ claimed_until: null })
    .where('sent_at', 'is', null)
    .where('claimed_until', 'is not', null)
    .execute();
}

/** Messages of a batch not yet handed to the mailer. */
export async function unsentIn(db: Executor, batch: string): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('batch', '=', batch)
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
