import { formatCsv } from '@leerpad/core';
import { z } from 'zod';
import { buildDocument, listDocument, listQueryShape, pageFrom, pageMeta } from '../../http/jsonapi';
import { booleanFilter, idReference } from '../../http/list-query';
import { defineRoute } from '../../http/route';
import { AUDIT_CSV_HEADER, auditCsvRow, presentAuditEvent } from './presenter';
import { listAuditEvents } from './queries';
import type { AuditFilters } from './queries';
import { auditEventResource } from './schema';
import { dayOrDateTime } from '../../http/dates';

/** A date (2026-11-25) or a full ISO timestamp. */
const moment = dayOrDateTime;

const filterShape = {
  'filter[actor]': idReference.optional(),
  'filter[entity_type]': z.string().max(100).optional(),
  'filter[entity_id]': z.string().max(100).optional(),
  'filter[action]': z.string().max(100).optional(),
  'filter[from]': moment.optional(),
  'filter[until]': moment.optional(),
  'filter[acting_as]': booleanFilter.optional(),
};

const filtersFrom = (query: {
  'filter[actor]'?: number | undefined;
  'filter[entity_type]'?: string | undefined;
  'filter[entity_id]'?: string | undefined;
  'filter[action]'?: string | undefined;
  'filter[from]'?: string | undefined;
  'filter[until]'?: string | undefined;
  'filter[acting_as]'?: boolean | undefined;
}): AuditFilters => ({
  actorId: query['filter[actor]'],
  entityType: query['filter[entity_type]'],
  entityId: query['filter[entity_id]'],
  action: query['filter[action]'],
  from: query['filter[from]'],
  until: query['filter[until]'],
  actingAsOnly: query['filter[acting_as]'],
});

/** The audit log is read-only: no route changes or removes an entry. */
export const auditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/audit_events',
    summary:
      'The audit log of the portal, newest first: filter by actor, entity_type, entity_id, action, period (from, until) and acting_as (only writes made while acting as someone)',
    tags: ['audit'],
    permission: 'read:audit-log',
    response: listDocument(auditEventResource),
    query: z.object({ ...listQueryShape, ...filterShape }),
    async handler({ services, portal, query }) {
      const page = pageFrom(query);
      const { rows, total } = await listAuditEvents(services.db, portal.id, filtersFrom(query), page);
      return buildDocument(rows.map(presentAuditEvent), { meta: pageMeta(total, page) });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/audit_events/export',
    summary: 'The audit log as a CSV file (text/csv), with the filters of GET /v1/audit_events and no pages',
    tags: ['audit'],
    permission: 'read:audit-log',
    response: 'file',
    query: z.object(filterShape),
    async handler({ services, portal, query, reply }) {
      const { rows } = await listAuditEvents(services.db, portal.id, filtersFrom(query));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store');
      const csv = formatCsv(AUDIT_CSV_HEADER, rows.map(auditCsvRow));
      return Buffer.from(csv, 'utf8') as unknown as Record<string, unknown>;
    },
  }),
];
