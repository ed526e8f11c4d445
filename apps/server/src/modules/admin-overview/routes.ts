import { can } from '@leerpad/core';
import { z } from 'zod';
import { subjectOf } from '../../http/authorize';
import { buildDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute } from '../../http/route';
import { adminOverview } from './service';
import { adminOverviewResource } from './schema';

export const adminOverviewRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/admin/overview',
    summary:
      'The admin dashboard in one read: active learners, enrolments, completions and sign-ups per week over `weeks` (default 12), open content issues and tickets, and revenue per month (staff who see orders)',
    tags: ['admin'],
    permission: 'enter:admin',
    response: resourceDocument(adminOverviewResource),
    query: z.object({ weeks: z.coerce.number().int().min(1).max(104).default(12) }),
    async handler({ services, portal, account, query }) {
      const subject = subjectOf(account, portal);
      const attributes = await adminOverview(services.db, portal.id, {
        weeks: query.weeks,
        revenue: can(subject, 'manage:order'),
        tickets: can(subject, 'oversee:ticket'),
      });
      return buildDocument({ type: 'admin_overviews', id: String(portal.id), attributes });
    },
  }),
];
