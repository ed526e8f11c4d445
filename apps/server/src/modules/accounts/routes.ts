import { ACCOUNT_SEARCH_LIMIT, LANGUAGES } from '@leerpad/core';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { accountPolicy } from './policy';
import { presentAccount, presentEntity } from './presenter';
import { findAccountInPortal, rolesByAccount, searchAccounts, updateAccount } from './service';
import { accountResource } from './schema';

const accountParams = z.object({ account: idParam });

export const accountRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/accounts',
    summary: 'Search the accounts of the current portal (staff)',
    tags: ['accounts'],
    permission: 'search:account',
    response: listDocument(accountResource),
    query: z.object({ ...listQueryShape, 'filter[search]': z.string().max(200).optional() }),
    async handler({ services, portal, query }) {
      const page = pageFrom(query, ACCOUNT_SEARCH_LIMIT);
      const { rows, total } = await searchAccounts(
        services.db,
        services.dialect,
        portal.id,
        query['filter[search]'],
        page,
      );
      const roles = await rolesByAccount(
        services.db,
        rows.map((row) => row.id),
      );
      return buildDocument(
        rows.map((row) => presentAccount(row, roles.get(row.id) ?? [], { showContact: true })),
        { meta: pageMeta(total, page) },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account',
    summary: 'One account of the current portal',
    tags: ['accounts'],
    permission: 'signed-in',
    response: resourceDocument(accountResource),
    params: accountParams,
    query: z.object({ include: listQueryShape.include }),
    async handler({ services, portal, account, params, query }) {
      const target = await findAccountInPortal(services.db, portal.id, params.account);
      if (!accountPolicy.isSelfOrStaff(account, target)) throw ApiError.notFound('account');
      const include = includesFrom(query, ['entity']);
      const roles = await rolesByAccount(services.db, [target.id]);
      const entity =
        include.has('entity') && target.entity_id
          ? await services.db
              .selectFrom('entities')
              .select(['id', 'name'])
              .where('portal_id', '=', portal.id)
              .where('id', '=', target.entity_id)
              .executeTakeFirst()
          : undefined;
      return buildDocument(
        presentAccount(target, roles.get(target.id) ?? [], {
          showContact: accountPolicy.canSeeContact(account, target),
        }),
        include.size ? { included: [entity ? presentEntity(entity) : null] } : {},
      );
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/accounts/:account',
    summary: 'Update an account: language, name, phone number',
    tags: ['accounts'],
    permission: 'signed-in',
    response: resourceDocument(accountResource),
    params: accountParams,
    body: z.object({
      locale: z.enum(LANGUAGES).nullable().optional(),
      full_name: z.string().trim().min(1).max(200).optional(),
      phone_number: z.string().trim().max(40).nullable().optional(),
    }),
    async handler({ services, portal, account, params, body }) {
      const target = await findAccountInPortal(services.db, portal.id, params.account);
      if (!accountPolicy.isSelfOrStaff(account, target)) throw ApiError.notFound('account');
      await updateAccount(services.db, portal.id, target.id, body);
      const updated = await findAccountInPortal(services.db, portal.id, target.id);
      const roles = await rolesByAccount(services.db, [target.id]);
      return buildDocument(presentAccount(updated, roles.get(target.id) ?? [], { showContact: true }));
    },
  }),
];
