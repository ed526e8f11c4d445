import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { accountPolicy } from '../accounts/policy';
import { findAccountInPortal } from '../accounts/service';
import { presentPreference } from './presenter';
import { accountPreferenceResource } from './schema';
import { listPreferences, storePreference } from './service';

const MAX_PAYLOAD_CHARS = 200_000;

const upsertBody = z.object({
  property: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9_.:-]*$/i, 'Use letters, digits, dashes, dots and underscores.'),
  payload: z.string().max(MAX_PAYLOAD_CHARS),
});

const upsertRoute = (method: 'POST' | 'PUT') =>
  defineRoute({
    method,
    url: '/v1/accounts/:account/preferences',
    summary: 'Store a preference (property + payload); an existing property is replaced',
    tags: ['preferences'],
    permission: 'signed-in',
    response: resourceDocument(accountPreferenceResource),
    statuses: [200, 201],
    params: z.object({ account: idParam }),
    resourceType: 'account_preferences',
    body: upsertBody,
    async handler({ services, portal, account, params, body, reply }) {
      const target = await findAccountInPortal(services.db, portal.id, params.account);
      if (!accountPolicy.isSelfOrStaff(account, target)) throw ApiError.notFound('account');
      if (!accountPolicy.canChange(account, target)) throw ApiError.forbidden();
      const { row, created } = await storePreference(services.db, portal.id, target.id, body);
      if (created) reply.status(201);
      return buildDocument(presentPreference(row));
    },
  });

export const preferenceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account/preferences',
    summary: "An account's stored preferences (filter[property] for one)",
    tags: ['preferences'],
    permission: 'signed-in',
    response: listDocument(accountPreferenceResource),
    params: z.object({ account: idParam }),
    query: z.object({ 'filter[property]': z.string().max(100).optional() }),
    async handler({ services, portal, account, params, query }) {
      const target = await findAccountInPortal(services.db, portal.id, params.account);
      if (!accountPolicy.isSelfOrStaff(account, target)) throw ApiError.notFound('account');
      const rows = await listPreferences(services.db, target.id, query['filter[property]']);
      return buildDocument(rows.map(presentPreference), { meta: { total: rows.length, last_page: 1 } });
    },
  }),
  upsertRoute('POST'),
  upsertRoute('PUT'),
];
