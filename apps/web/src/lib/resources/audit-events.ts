/** The audit log (read-only). Owner of the ['audit-events', …] keys. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API_BASE } from '../api/client';
import { fetchDocument, pageFrom } from './document';

export interface AuditEvent {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  actorName: string | null;
  actingForName: string | null;
  createdAt: string;
  actor?: { id: string } | null;
}

export interface AuditListParams {
  filter: Record<string, string | undefined>;
  page: number;
  size: number;
}

export function auditEventsQuery(params: AuditListParams) {
  return queryOptions({
    queryKey: ['audit-events', params] as const,
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<AuditEvent[]>('/v1/audit_events', {
        signal,
        query: { filter: params.filter, page: { number: params.page, size: params.size } },
      });
      return pageFrom<AuditEvent>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function auditExportHref(filter: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(`filter[${key}]`, value);
  const search = query.toString();
  return `${API_BASE}/v1/audit_events/export${search ? `?${search}` : ''}`;
}
