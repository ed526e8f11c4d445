import type { Kysely } from 'kysely';
import type { Database, PortalScope } from '../../db/schema';

export interface AuditFilters {
  actorId?: number | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  until?: string | undefined;
  actingAsOnly?: boolean | undefined;
}

/** Entries of the portal's audit log, newest first, with the names of who did it. */
export async function listAuditEvents(
  db: Kysely<Database>,
  scope: PortalScope,
  filters: AuditFilters,
  page?: { size: number; offset: number },
) {
  let base = db.selectFrom('audit_events').where('audit_events.portal_id', '=', scope);
  if (filters.actorId !== undefined) base = base.where('audit_events.actor_id', '=', filters.actorId);
  if (filters.entityType) base = base.where('audit_events.entity_type', '=', filters.entityType);
  if (filters.entityId) base = base.where('audit_events.entity_id', '=', filters.entityId);
  if (filters.action) base = base.where('audit_events.action', '=', filters.action);
  if (filters.from) base = base.where('audit_events.created_at', '>=', filters.from);
  if (filters.until) base = base.where('audit_events.created_at', '<', filters.until);
  if (filters.actingAsOnly) base = base.where('audit_events.acting_for_id', 'is not', null);
  let rows = base
    .leftJoin('accounts as actor', 'actor.id', 'audit_events.actor_id')
    .leftJoin('accounts as acting_for', 'acting_for.id', 'audit_events.acting_for_id')
    .selectAll('audit_events')
    .select(['actor.full_name as actor_name', 'acting_for.full_name as acting_for_name'])
    .orderBy('audit_events.created_at', 'desc')
    .orderBy('audit_events.id', 'desc');
  if (page) rows = rows.limit(page.size).offset(page.offset);
  const [data, count] = await Promise.all([
    rows.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: data, total: Number(count.total) };
}

export type AuditEventRow = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];
