import type { AuditAction } from '@leerpad/core';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';

/** One entry of the audit log. */
export interface AuditEntry {
  scope: PortalScope;
  /** Who did it; null for the system (a job, the seed). */
  actorId: number | null;
  /** The account the actor was acting as, if any. */
  actingForId?: number | null;
  /** `entity.verb`, for example `account.deactivated`: one of `AUDIT_ACTIONS`, each with a translated name. */
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends an entry to the audit log, in the caller's transaction so the entry exists exactly when
 * the change does. Nothing updates or deletes entries.
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      portal_id: entry.scope,
      actor_id: entry.actorId,
      acting_for_id: entry.actingForId ?? null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}
