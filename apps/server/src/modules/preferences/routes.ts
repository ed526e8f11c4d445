import { z } from 'zod';
import { nowIso } from '../../db/dialect';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { accountPolicy } from '../accounts/policy';
import { findAccountInPortal } from '../accounts/service';
import { accountPreferenceResource } from './schema';
import type { AccountPreferenceResource } from './schema';

const MAX_PAYLOAD_CHARS = 200_000;

const present = (row: {
  id: number;
  property: string;
  payload: string;
  updated_at: string;
}): AccountPreferenceResource => ({
  type: 'account_preferences',
  id: String(row.id),
  attributes: { property: row.property, payload: row.payload, updated_at: row.updated_at },
});

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
      const existing = await services.db
        .selectFrom('account_preferences')
        .select('id')
        .where('account_id', '=', target.id)
        .where('property', '=', body.property)
        .executeTakeFirst();
      if (!existing) reply.status(201);
      // One statement, so two saves of the same property at once both succeed and keep one row.
      const now = nowIso();
      const row = await services.db
        .insertInto('account_preferences')
        .values({
          portal_id: portal.id,
          account_id: target.id,
          property: body.property,
          payload: body.payload,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['account_id', 'property'])
            .doUpdateSet({ payload: body.payload, updated_at: now }),
        )
        .returning(['id', 'property', 'payload', 'updated_at'])
        .executeTakeFirstOrThrow();
      return buildDocument(present(row));
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
      let select = services.db
        .selectFrom('account_preferences')
        .select(['id', 'property', 'payload', 'updated_at'])
        .where('account_id', '=', target.id);
      if (query['filter[property]']) select = select.where('property', '=', query['filter[property]']);
      const rows = await select.orderBy('property').execute();
      return buildDocument(rows.map(present), { meta: { total: rows.length, last_page: 1 } });
    },
  }),
  upsertRoute('POST'),
  upsertRoute('PUT'),
];
