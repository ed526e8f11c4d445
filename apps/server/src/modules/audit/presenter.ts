import type { AuditEventRow } from './queries';
import type { AuditEventResource } from './schema';
import { identifier } from '../../http/jsonapi';

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function presentAuditEvent(row: AuditEventRow): AuditEventResource {
  return {
    type: 'audit_events',
    id: String(row.id),
    attributes: {
      action: row.action,
      entity_type: row.entity_type,
      entity_id: row.entity_id,
      details: parseDetails(row.details),
      ip: row.ip,
      actor_name: row.actor_name,
      acting_for_name: row.acting_for_name,
      created_at: row.created_at,
    },
    relationships: {
      actor: { data: identifier('accounts', row.actor_id) },
      acting_for: { data: identifier('accounts', row.acting_for_id) },
    },
  };
}

/** The audit log as a spreadsheet: one line per entry, the details as JSON. */
export function auditCsvRow(row: AuditEventRow) {
  return [
    row.created_at,
    row.actor_name ?? '',
    row.acting_for_name ?? '',
    row.action,
    row.entity_type,
    row.entity_id ?? '',
    row.ip ?? '',
    row.details,
  ];
}
export const AUDIT_CSV_HEADER = [
  'created_at',
  'actor',
  'acting_for',
  'action',
  'entity_type',
  'entity_id',
  'ip',
  'details',
];
