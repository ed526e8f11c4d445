/**
 * Storing and finding statements (decision 063). A statement is kept whole as JSON, with the columns
 * and mention rows that the query parameters of GET /statements filter on; `seq` is the stored
 * order that results and `more` links page on.
 */
import { sql } from 'kysely';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { XapiStatementsTable } from '../../db/schema-xapi';
import { agentKey, isObject, isTimestamp, VOIDED_VERB } from './validate';
import type { JsonObject } from './validate';

export class StatementConflict extends Error {}

export interface NewAttachment {
  sha2: string;
  contentType: string;
  content: Buffer;
}

interface Mention {
  kind: 'agent' | 'activity';
  key: string;
  direct: number;
}

/** The agents (by key) and activities (by id) a statement mentions, the actor and object directly. */
function mentionsOf(statement: JsonObject): Mention[] {
  const mentions: Mention[] = [];
  const addAgent = (value: unknown, direct: number) => {
    if (!isObject(value)) return;
    const key = agentKey(value);
    if (key) mentions.push({ kind: 'agent', key, direct });
    const members = value['member'];
    if (Array.isArray(members)) for (const member of members) addAgent(member, 0);
  };
  const addActivity = (value: unknown, direct: number) => {
    if (isObject(value) && typeof value['id'] === 'string')
      mentions.push({ kind: 'activity', key: value['id'], direct });
  };
  const addObject = (value: unknown, direct: number) => {
    if (!isObject(value)) return;
    const type = value['objectType'];
    if (type === undefined || type === 'Activity') addActivity(value, direct);
    else if (type === 'Agent' || type === 'Group') addAgent(value, direct);
    else if (type === 'SubStatement') addBody(value, 0);
  };
  const addContext = (value: unknown) => {
    if (!isObject(value)) return;
    addAgent(value['instructor'], 0);
    addAgent(value['team'], 0);
    const activities = value['contextActivities'];
    if (isObject(activities)) {
      for (const list of Object.values(activities)) {
        for (const item of Array.isArray(list) ? list : [list]) addActivity(item, 0);
      }
    }
    for (const entry of Array.isArray(value['contextAgents']) ? value['contextAgents'] : [])
      if (isObject(entry)) addAgent(entry['agent'], 0);
    for (const entry of Array.isArray(value['contextGroups']) ? value['contextGroups'] : [])
      if (isObject(entry)) addAgent(entry['group'], 0);
  };
  const addBody = (body: JsonObject, direct: number) => {
    addAgent(body['actor'], direct);
    addObject(body['object'], direct);
    addContext(body['context']);
  };
  addBody(statement, 1);
  addAgent(statement['authority'], 0);
  const seen = new Set<string>();
  return mentions
    .sort((a, b) => b.direct - a.direct)
    .filter((mention) => {
      const id = `${mention.kind}\u0000${mention.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

/**
 * A stored statement and one sent again are the same when they agree on everything the LRS did not
 * add itself (stored and authority always; timestamp and version when the new one has none).
 */
function sameStatement(stored: JsonObject, received: JsonObject): boolean {
  const added = [
    'stored',
    'authority',
    'id',
    ...['timestamp', 'version'].filter((key) => received[key] === undefined),
  ];
  const strip = (value: JsonObject) =>
    Object.fromEntries(Object.entries(value).filter(([key]) => !added.includes(key)));
  return canonicalJson(strip(stored)) === canonicalJson(strip(received));
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The timestamp column's value: UTC, so that times compare, when the text reads as a date. */
function normalisedTime(value: string, fallback: string): string {
  const time = isTimestamp(value) ? Date.parse(value.replace(',', '.')) : Number.NaN;
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}

export function readStatement(value: string | object): JsonObject {
  return (typeof value === 'string' ? JSON.parse(value) : value) as JsonObject;
}

function mergeDefinitions(old: JsonObject, added: JsonObject): JsonObject {
  const merged: JsonObject = { ...old, ...added };
  for (const key of ['name', 'description'] as const) {
    if (isObject(old[key]) && isObject(added[key])) merged[key] = { ...old[key], ...added[key] };
  }
  return merged;
}

/** One request's statements, complete for storage (ids, stored, authority and version set). */
export interface StatementWrite {
  statements: JsonObject[];
  /** The statements as the client sent them, to tell a repeat from a conflict. */
  received: JsonObject[];
  attachments: NewAttachment[];
  /** The credential that wrote them; null for the portal's own statements. */
  credentialId: number | null;
}

/**
 * Stores complete statements (ids, stored, authority and version already set) in one
 * transaction. A statement whose id is already stored with the same content changes nothing; with
 * other content it is a StatementConflict and nothing is stored.
 */
export async function storeStatements(
  db: Executor,
  scope: PortalScope,
  statements: JsonObject[],
  attachments: NewAttachment[],
  credentialId: number | null,
  /** The statements as the client sent them, to tell a repeat from a conflict. */
  received: JsonObject[] = statements,
): Promise<void> {
  await storeWrites(db, scope, [{ statements, received, attachments, credentialId }]);
}

/**
 * Stores the statements of several requests in one transaction (see StatementWriteQueue): their
 * ids must differ from each other. A conflict in any of them stores nothing of all of them.
 */
export async function storeWrites(db: Executor, scope: PortalScope, writes: StatementWrite[]): Promise<void> {
  const json = (statement: JsonObject) => JSON.stringify(statement);
  const statements = writes.flatMap((write) => write.statements);
  const received = writes.flatMap((write) => write.received);
  const credentialIds = writes.flatMap((write) => write.statements.map(() => write.credentialId));
  const attachments = writes.flatMap((write) => write.attachments);
  // In the caller's transaction when there is one (statements the LMS writes with its own changes).
  const inTransaction = <T>(work: (trx: Executor) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    const rows = statements.map((statement, index) => {
      const object = statement['object'] as JsonObject;
      const objectType = object['objectType'];
      const context = isObject(statement['context']) ? statement['context'] : {};
      const attachmentList = Array.isArray(statement['attachments']) ? statement['attachments'] : [];
      return {
        portal_id: scope,
        id: (statement['id'] as string).toLowerCase(),
        stored: statement['stored'] as string,
        timestamp: normalisedTime(statement['timestamp'] as string, statement['stored'] as string),
        verb_id: (statement['verb'] as JsonObject)['id'] as string,
        activity_id: objectType === undefined || objectType === 'Activity' ? (object['id'] as string) : null,
        registration:
          typeof context['registration'] === 'string' ? context['registration'].toLowerCase() : null,
        actor_key: agentKey(statement['actor']),
        credential_id: credentialIds[index] ?? null,
        target_id: objectType === 'StatementRef' ? (object['id'] as string).toLowerCase() : null,
        statement: json(statement),
        attachment_hashes:
          attachmentList
            .map((attachment) => (isObject(attachment) ? String(attachment['sha2']) : ''))
            .join(',') || null,
      };
    });
    const inserted = await trx
      .insertInto('xapi_statements')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['portal_id', 'id']).doNothing())
      .returning(['seq', 'id'])
      .execute();
    const seqById = new Map(inserted.map((row) => [row.id, row.seq]));
    const existing = rows.filter((row) => !seqById.has(row.id)).map((row) => row.id);
    if (existing.length > 0) {
      const stored = await trx
        .selectFrom('xapi_statements')
        .select(['id', 'statement'])
        .where('portal_id', '=', scope)
        .where('id', 'in', existing)
        .execute();
      const byId = new Map(stored.map((row) => [row.id, readStatement(row.statement)]));
      statements.forEach((statement, index) => {
        const old = byId.get((statement['id'] as string).toLowerCase());
        if (old && !sameStatement(old, received[index] ?? statement))
          throw new StatementConflict(statement['id'] as string);
      });
    }
    const fresh = statements.filter((statement) => seqById.has((statement['id'] as string).toLowerCase()));
    const mentions = fresh.flatMap((statement) =>
      mentionsOf(statement).map((mention) => ({
        portal_id: scope,
        seq: seqById.get((statement['id'] as string).toLowerCase()) as number,
        ...mention,
      })),
    );
    for (let start = 0; start < mentions.length; start += 500) {
      await trx
        .insertInto('xapi_statement_mentions')
        .values(mentions.slice(start, start + 500))
        .execute();
    }
    const voided = fresh
      .filter((statement) => (statement['verb'] as JsonObject)['id'] === VOIDED_VERB)
      .map((statement) => ((statement['object'] as JsonObject)['id'] as string).toLowerCase());
    if (voided.length > 0) {
      // A voiding statement cannot be voided: its target keeps standing.
      await trx
        .updateTable('xapi_statements')
        .set({ voided: 1 })
        .where('portal_id', '=', scope)
        .where('id', 'in', voided)
        .where('verb_id', '!=', VOIDED_VERB)
        .execute();
    }
    await learnActivities(trx, scope, fresh);
    const hashes = new Map(attachments.map((attachment) => [attachment.sha2, attachment]));
    for (const attachment of hashes.values()) {
      await trx
        .insertInto('xapi_attachments')
        .values({
          portal_id: scope,
          sha2: attachment.sha2,
          content_type: attachment.contentType,
          content: attachment.content,
        })
        .onConflict((conflict) => conflict.columns(['portal_id', 'sha2']).doNothing())
        .execute();
    }
  });
}

/** Keeps the newest definition of each activity the statements define, merged over what was known. */
async function learnActivities(trx: Executor, scope: PortalScope, statements: JsonObject[]): Promise<void> {
  const definitions = new Map<string, JsonObject>();
  const visit = (value: unknown) => {
    if (!isObject(value)) return;
    const type = value['objectType'];
    if ((type === undefined || type === 'Activity') && typeof value['id'] === 'string') {
      const known = definitions.get(value['id']) ?? {};
      definitions.set(
        value['id'],
        isObject(value['definition']) ? mergeDefinitions(known, value['definition']) : known,
      );
    }
  };
  const visitBody = (body: JsonObject) => {
    visit(body['object']);
    if (isObject(body['object']) && body['object']['objectType'] === 'SubStatement')
      visitBody(body['object']);
    const context = body['context'];
    if (isObject(context) && isObject(context['contextActivities'])) {
      for (const list of Object.values(context['contextActivities']))
        for (const item of Array.isArray(list) ? list : [list]) visit(item);
    }
  };
  statements.forEach(visitBody);
  if (definitions.size === 0) return;
  const ids = [...definitions.keys()];
  const known = await trx
    .selectFrom('xapi_activities')
    .select(['activity_id', 'definition'])
    .where('portal_id', '=', scope)
    .where('activity_id', 'in', ids)
    .execute();
  const knownById = new Map(known.map((row) => [row.activity_id, JSON.parse(row.definition) as JsonObject]));
  // Only definitions that changed are written: most statements repeat what the LRS knows, and
  // rewriting those rows would make concurrent writers of one course wait on each other's locks.
  const rows = ids.flatMap((id) => {
    const known = knownById.get(id);
    const merged = mergeDefinitions(known ?? {}, definitions.get(id) ?? {});
    if (known && canonicalJson(known) === canonicalJson(merged)) return [];
    return [{ portal_id: scope, activity_id: id, definition: JSON.stringify(merged) }];
  });
  for (let start = 0; start < rows.length; start += 300) {
    await trx
      .insertInto('xapi_activities')
      .values(rows.slice(start, start + 300))
      .onConflict((conflict) =>
        conflict
          .columns(['portal_id', 'activity_id'])
          .doUpdateSet({ definition: (eb) => eb.ref('excluded.definition') }),
      )
      .execute();
  }
}

export async function findActivity(db: Executor, scope: PortalScope, activityId: string) {
  const row = await db
    .selectFrom('xapi_activities')
    .select('definition')
    .where('portal_id', '=', scope)
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.definition) as JsonObject) : null;
}

export interface StoredStatement {
  seq: number;
  statement: JsonObject;
  stored: string;
  attachmentHashes: string[];
}

/** One statement by id; a voided one only when asked for as voided, a standing one only when not. */
export async function findStatement(
  db: Executor,
  scope: PortalScope,
  id: string,
  voided: boolean,
  credentialId: number | null,
): Promise<StoredStatement | null> {
  let query = db
    .selectFrom('xapi_statements')
    .select(['seq', 'statement', 'stored', 'attachment_hashes'])
    .where('portal_id', '=', scope)
    .where('id', '=', id.toLowerCase())
    .where('voided', '=', voided ? 1 : 0);
  if (credentialId !== null) query = query.where('credential_id', '=', credentialId);
  const row = await query.executeTakeFirst();
  return row ? present(row) : null;
}

function present(row: {
  seq: number;
  statement: string | object;
  stored: string;
  attachment_hashes: string | null;
}) {
  return {
    seq: row.seq,
    statement: readStatement(row.statement),
    stored: row.stored,
    attachmentHashes: row.attachment_hashes ? row.attachment_hashes.split(',').filter(Boolean) : [],
  };
}

export interface StatementFilters {
  agent?: string;
  verb?: string;
  activity?: string;
  registration?: string;
  relatedActivities?: boolean;
  relatedAgents?: boolean;
  since?: string;
  until?: string;
  ascending?: boolean;
  /** Only statements this credential wrote (`statements/read/mine`). */
  credentialId?: number;
}

/**
 * A page of standing statements matching the filters, in stored order, starting after the
 * statement `after` (a `more` link's position); one more than `limit` tells whether another page follows.
 */
export async function queryStatements(
  db: Executor,
  scope: PortalScope,
  filters: StatementFilters,
  limit: number,
  after: number | null,
): Promise<StoredStatement[]> {
  const hasTargetFilters =
    filters.agent !== undefined ||
    filters.verb !== undefined ||
    filters.activity !== undefined ||
    filters.registration !== undefined;
  let query = db
    .selectFrom('xapi_statements as s')
    .select(['s.seq', 's.statement', 's.stored', 's.attachment_hashes'])
    .where('s.portal_id', '=', scope)
    .where('s.voided', '=', 0);
  if (hasTargetFilters) {
    // A statement that refers to a matching statement (voided or not) matches too (xAPI 1.0.3 §2.1.3).
    query = query.where((eb) =>
      eb.or([
        eb.and(matching(eb, 's', scope, filters)),
        eb(
          's.target_id',
          'in',
          eb
            .selectFrom('xapi_statements as t')
            .select('t.id')
            .where('t.portal_id', '=', scope)
            .where((inner) => inner.and(matching(inner, 't', scope, filters))),
        ),
      ]),
    );
  }
  if (filters.since !== undefined) query = query.where('s.stored', '>', filters.since);
  if (filters.until !== undefined) query = query.where('s.stored', '<=', filters.until);
  if (filters.credentialId !== undefined) query = query.where('s.credential_id', '=', filters.credentialId);
  if (after !== null) query = query.where('s.seq', filters.ascending ? '>' : '<', after);
  const rows = await query
    .orderBy('s.seq', filters.ascending ? 'asc' : 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map(present);
}

/** The conditions of the agent, verb, activity and registration filters on statement `alias`. */
function matching(
  eb: ExpressionBuilder<Database & { s: XapiStatementsTable; t: XapiStatementsTable }, 's' | 't'>,
  alias: 's' | 't',
  scope: PortalScope,
  filters: StatementFilters,
) {
  const conditions = [];
  if (filters.verb !== undefined) conditions.push(eb(`${alias}.verb_id`, '=', filters.verb));
  if (filters.registration !== undefined)
    conditions.push(eb(`${alias}.registration`, '=', filters.registration.toLowerCase()));
  if (filters.agent !== undefined) {
    let mentions = eb
      .selectFrom('xapi_statement_mentions as m')
      .select('m.seq')
      .where('m.portal_id', '=', scope)
      .where('m.kind', '=', 'agent')
      .where('m.key', '=', filters.agent);
    if (filters.relatedAgents !== true) mentions = mentions.where('m.direct', '=', 1);
    conditions.push(eb(`${alias}.seq`, 'in', mentions));
  }
  if (filters.activity !== undefined) {
    if (filters.relatedActivities === true) {
      conditions.push(
        eb(
          `${alias}.seq`,
          'in',
          eb
            .selectFrom('xapi_statement_mentions as m')
            .select('m.seq')
            .where('m.portal_id', '=', scope)
            .where('m.kind', '=', 'activity')
            .where('m.key', '=', filters.activity),
        ),
      );
    } else {
      conditions.push(eb(`${alias}.activity_id`, '=', filters.activity));
    }
  }
  return conditions;
}

export async function loadAttachments(db: Executor, scope: PortalScope, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .selectFrom('xapi_attachments')
    .select(['sha2', 'content_type', 'content'])
    .where('portal_id', '=', scope)
    .where('sha2', 'in', [...new Set(hashes)])
    .execute();
}

/** The stored time of the newest statement, or null in an empty store. */
export async function latestStored(db: Executor, scope: PortalScope): Promise<string | null> {
  const row = await db
    .selectFrom('xapi_statements')
    .select(sql<string>`max(stored)`.as('latest'))
    .where('portal_id', '=', scope)
    .executeTakeFirst();
  return row?.latest ?? null;
}
