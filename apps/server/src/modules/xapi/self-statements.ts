/**
 * Leerpad's statements about its own learning (decision 069): completing a learning object or a
 * course, passing or failing a quiz and earning a certificate become statements in the portal's own
 * LRS, when the portal has turned them on. The change that causes one queues it in its own
 * transaction (one row); a relay writes the queue to the LRS after the commit, so a failing write
 * never fails or slows down the learner's request. Failures are logged, counted and retried a few
 * times.
 */
import { randomUUID } from 'node:crypto';
import type { PortalContext } from '../../context/portal';
import type { Services } from '../../context/services';
import { nowIso, toFlag } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { XapiSelfStatementsTable } from '../../db/schema-xapi';
import { recordAudit } from '../audit/service';
import { prepareStatements } from './intake';
import { storeStatements } from './statements';
import type { JsonObject } from './validate';

export const SELF_STATEMENT_VERBS = {
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  passed: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed' } },
  failed: { id: 'http://adlnet.gov/expapi/verbs/failed', display: { 'en-US': 'failed' } },
  earned: { id: 'http://id.tincanapi.com/verb/earned', display: { 'en-US': 'earned' } },
} as const;

/** ADL activity types for what Leerpad reports on (none is defined for a certification). */
const ACTIVITY_TYPES: Record<string, string> = {
  course: 'http://adlnet.gov/expapi/activities/course',
  quiz: 'http://adlnet.gov/expapi/activities/assessment',
  learning_object: 'http://adlnet.gov/expapi/activities/lesson',
};

/** The agent named as every self-statement's authority: the portal itself. */
export const SYSTEM_AGENT_NAME = 'leerpad';

/** Writes given up after this many failed attempts (the row stays, with its last error). */
const ATTEMPTS = 5;
const RELAY_BATCH = 200;

export type SelfStatementVerb = XapiSelfStatementsTable['verb'];

export interface SelfStatementEvent {
  verb: SelfStatementVerb;
  accountId: number;
  object: { kind: XapiSelfStatementsTable['object_kind']; id: number };
  /** The statement's result (a quiz's score and success). */
  result?: JsonObject | undefined;
}

// ── The portal's switch ─────────────────────────────────────────────────────────────────────────

export async function selfStatementsOn(db: Executor, scope: PortalScope): Promise<boolean> {
  const row = await db
    .selectFrom('xapi_settings')
    .select('self_statements')
    .where('portal_id', '=', scope)
    .executeTakeFirst();
  return Number(row?.self_statements ?? 0) === 1;
}

/** Turns self-statements on or off (audited). */
export async function setSelfStatements(
  db: Executor,
  scope: PortalScope,
  on: boolean,
  actor: { accountId: number; actingForId: number | null; ip: string | null },
): Promise<void> {
  const values = { self_statements: toFlag(on), updated_at: nowIso() };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('xapi_settings')
      .values({ portal_id: scope, ...values })
      .onConflict((conflict) => conflict.column('portal_id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      actingForId: actor.actingForId,
      action: 'xapi_settings.updated',
      entityType: 'xapi_settings',
      entityId: scope,
      details: { self_statements: on },
      ip: actor.ip,
    });
  });
}

// ── Queueing, in the caller's transaction ──────────────────────────────────────────────────────

/** Queues a statement about a learner's event when the portal has them on — in the caller's transaction. */
export async function queueSelfStatement(
  trx: Executor,
  scope: PortalScope,
  event: SelfStatementEvent,
): Promise<void> {
  if (!(await selfStatementsOn(trx, scope))) return;
  await trx
    .insertInto('xapi_self_statements')
    .values({
      portal_id: scope,
      statement_id: randomUUID(),
      verb: event.verb,
      account_id: event.accountId,
      object_kind: event.object.kind,
      object_id: event.object.id,
      result: event.result ? JSON.stringify(event.result) : null,
      occurred_at: nowIso(),
    })
    .execute();
}

// ── Relaying to the LRS, after the commit ───────────────────────────────────────────────────────

let failures = 0;

/** Self-statements that could not be written since the process started (for /metrics and logs). */
export const selfStatementFailures = () => failures;

type QueuedRow = Awaited<ReturnType<typeof waitingRows>>[number];

function waitingRows(db: Executor) {
  return db
    .selectFrom('xapi_self_statements as q')
    .innerJoin('accounts', 'accounts.id', 'q.account_id')
    .select([
      'q.id',
      'q.portal_id',
      'q.statement_id',
      'q.verb',
      'q.account_id',
      'q.object_kind',
      'q.object_id',
      'q.result',
      'q.occurred_at',
      'q.attempts',
      'accounts.full_name',
      'accounts.email',
    ])
    .where('q.attempts', '<', ATTEMPTS)
    .orderBy('q.id')
    .limit(RELAY_BATCH)
    .execute();
}

interface ObjectInfo {
  title: string;
  type: string | null;
  courseId: number | null;
}

async function objectsOf(db: Executor, scope: PortalScope, rows: QueuedRow[]) {
  const ids = (kind: string) => [
    ...new Set(rows.filter((row) => row.object_kind === kind).map((row) => row.object_id)),
  ];
  const info = new Map<string, ObjectInfo>();
  const courseIds = ids('course');
  const objectIds = ids('learning_object');
  const certificationIds = ids('certification');
  if (objectIds.length > 0) {
    const objects = await db
      .selectFrom('learning_objects')
      .select(['id', 'title', 'type', 'course_id'])
      .where('portal_id', '=', scope)
      .where('id', 'in', objectIds)
      .execute();
    for (const row of objects) {
      info.set(`learning_object:${row.id}`, { title: row.title, type: row.type, courseId: row.course_id });
      courseIds.push(row.course_id);
    }
  }
  if (courseIds.length > 0) {
    const courses = await db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('portal_id', '=', scope)
      .where('id', 'in', [...new Set(courseIds)])
      .execute();
    for (const row of courses) info.set(`course:${row.id}`, { title: row.title, type: null, courseId: null });
  }
  if (certificationIds.length > 0) {
    const certifications = await db
      .selectFrom('certifications')
      .select(['id', 'name'])
      .where('portal_id', '=', scope)
      .where('id', 'in', certificationIds)
      .execute();
    for (const row of certifications)
      info.set(`certification:${row.id}`, { title: row.name, type: null, courseId: null });
  }
  return info;
}

const ACTIVITY_PATHS = {
  course: 'courses',
  learning_object: 'learning-objects',
  certification: 'certifications',
};

/** The statement of a queued event, as a client would send it (the LRS adds stored and authority). */
export function selfStatement(row: QueuedRow, base: string, info: Map<string, ObjectInfo>): JsonObject {
  const activity = (kind: keyof typeof ACTIVITY_PATHS, id: number): JsonObject => {
    const known = info.get(`${kind}:${id}`);
    const type =
      kind === 'course'
        ? ACTIVITY_TYPES['course']
        : kind === 'learning_object'
          ? known?.type === 'quiz'
            ? ACTIVITY_TYPES['quiz']
            : ACTIVITY_TYPES['learning_object']
          : undefined;
    return {
      objectType: 'Activity',
      id: `${base}/xapi/activities/${ACTIVITY_PATHS[kind]}/${id}`,
      definition: {
        ...(known ? { name: { und: known.title } } : {}),
        ...(type ? { type } : {}),
      },
    };
  };
  const courseId =
    row.object_kind === 'learning_object' ? info.get(`learning_object:${row.object_id}`)?.courseId : null;
  const actor: JsonObject = row.email
    ? { objectType: 'Agent', name: row.full_name, mbox: `mailto:${row.email}` }
    : { objectType: 'Agent', name: row.full_name, account: { homePage: base, name: String(row.account_id) } };
  return {
    id: row.statement_id,
    actor,
    verb: SELF_STATEMENT_VERBS[row.verb],
    object: activity(row.object_kind, row.object_id),
    ...(row.result ? { result: JSON.parse(row.result) as JsonObject } : {}),
    context: {
      platform: 'Leerpad',
      ...(courseId ? { contextActivities: { parent: [activity('course', courseId)] } } : {}),
    },
    timestamp: row.occurred_at,
  };
}

async function writeRows(services: Services, portal: PortalContext, rows: QueuedRow[]): Promise<void> {
  const base = portal.row.base_url.replace(/\/+$/, '');
  const info = await objectsOf(services.db, portal.id, rows);
  const prepared = prepareStatements(
    rows.map((row) => selfStatement(row, base, info)),
    '1.0',
    null,
    { name: 'Leerpad', key: SYSTEM_AGENT_NAME, homePage: base },
    nowIso(),
  );
  await storeStatements(services.db, portal.id, prepared.statements, [], null, prepared.received);
  await services.db
    .deleteFrom('xapi_self_statements')
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
}

async function failed(services: Services, row: QueuedRow, error: unknown, log: (message: string) => void) {
  failures += 1;
  const message = error instanceof Error ? error.message : String(error);
  log(`Self-statement ${row.statement_id} (portal ${row.portal_id}) not written: ${message}`);
  await services.db
    .updateTable('xapi_self_statements')
    .set({ attempts: row.attempts + 1, last_error: message.slice(0, 1000) })
    .where('id', '=', row.id)
    .execute();
}

/**
 * Writes the queued self-statements to their portals' LRS: a portal's together, or one by one when
 * that fails, so that one bad event holds up no other. Answers how many were written.
 */
export async function relaySelfStatements(
  services: Services,
  log: (message: string) => void = () => undefined,
): Promise<number> {
  const rows = await waitingRows(services.db);
  const byPortal = new Map<number, QueuedRow[]>();
  for (const row of rows) byPortal.set(row.portal_id, [...(byPortal.get(row.portal_id) ?? []), row]);
  let written = 0;
  for (const [portalId, portalRows] of byPortal) {
    const portal = await services.portals.findById(portalId);
    if (!portal) {
      for (const row of portalRows) await failed(services, row, new Error('the portal is gone'), log);
      continue;
    }
    try {
      await writeRows(services, portal, portalRows);
      written += portalRows.length;
      continue;
    } catch {
      // Written one by one below, to find the one that fails.
    }
    for (const row of portalRows) {
      try {
        await writeRows(services, portal, [row]);
        written += 1;
      } catch (error) {
        await failed(services, row, error, log);
      }
    }
  }
  return written;
}

/** Relays the queue every `intervalMs` until the returned function is called. */
export function startSelfStatementRelay(
  services: Services,
  intervalMs: number,
  log: (message: string) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    relaySelfStatements(services, log)
      .catch((error: unknown) => {
        failures += 1;
        log(`Self-statements: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
