import { z } from 'zod';
import type { PortalScope } from '../../db/schema';
import { authorize } from '../../http/authorize';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { relatedTo } from '../../http/write-document';
import { defineRoute, idParam } from '../../http/route';
import type { AccountContext } from '../../context/account';
import { findAccountInPortal, rolesByAccount } from '../accounts/service';
import { impersonationPolicy } from './policy';
import { presentImpersonation } from './presenter';
import { impersonationResource } from './schema';
import { findImpersonation, impersonationsOf, startImpersonation, stopImpersonation } from './service';

async function stop(services: Services, scope: PortalScope, account: AccountContext, id: number, ip: string) {
  const row = await findImpersonation(services.db, scope, id);
  // Only the support user who acts may stop the act; to anyone else it does not exist.
  if (row.actor_id !== impersonationPolicy.realAccount(account).id) throw ApiError.notFound('impersonation');
  await stopImpersonation(services.db, scope, row, ip);
  return buildDocument(presentImpersonation(await findImpersonation(services.db, scope, id)));
}

export const impersonationRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/impersonations',
    summary:
      'Start acting as an account of the portal (support roles): relationships.account (accounts), with a reason; ends by itself after an hour',
    tags: ['impersonations'],
    permission: 'act-as:account',
    response: resourceDocument(impersonationResource),
    status: 201,
    resourceType: 'impersonations',
    body: z.object({
      account: relatedTo('accounts'),
      reason: z.string().trim().min(1, 'Give the reason for acting as this account.').max(1000),
    }),
    async handler({ request, services, portal, account, body, pointer }) {
      if (body.account === account.id) {
        throw ApiError.validation([{ pointer: pointer('account'), detail: 'You cannot act as yourself.' }]);
      }
      const target = await findAccountInPortal(services.db, portal.id, body.account);
      const roles = (await rolesByAccount(services.db, [target.id])).get(target.id) ?? [];
      if (!impersonationPolicy.mayActAs(account, roles)) {
        throw ApiError.forbidden('You may not act as an account with a role above your own.');
      }
      if (!request.sessionTokenHash) throw ApiError.unauthenticated();
      const id = await startImpersonation(services.db, portal.id, {
        sessionTokenHash: request.sessionTokenHash,
        actorId: account.id,
        accountId: target.id,
        reason: body.reason,
        ip: request.ip,
      });
      return buildDocument(presentImpersonation(await findImpersonation(services.db, portal.id, id)));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/impersonations/current',
    summary: 'Stop acting as the account this session acts as (404 when not acting)',
    tags: ['impersonations'],
    permission: 'signed-in',
    response: resourceDocument(impersonationResource),
    async handler({ request, services, portal, account }) {
      if (!account.acting) throw ApiError.notFound('impersonation');
      return stop(services, portal.id, account, account.acting.impersonationId, request.ip);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/impersonations/:impersonation',
    summary: 'Stop an act (only the support user who acts; a finished act stays as it is)',
    tags: ['impersonations'],
    permission: 'signed-in',
    response: resourceDocument(impersonationResource),
    params: z.object({ impersonation: idParam }),
    async handler({ request, services, portal, account, params }) {
      return stop(services, portal.id, account, params.impersonation, request.ip);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account/impersonations',
    summary: 'When support acted as the account, and why; newest first (the account itself and staff)',
    tags: ['impersonations'],
    permission: 'signed-in',
    response: listDocument(impersonationResource),
    params: z.object({ account: idParam }),
    query: z.object(listQueryShape),
    async handler({ services, portal, account, params, query }) {
      const target = await findAccountInPortal(services.db, portal.id, params.account);
      authorize(
        account,
        portal,
        'read:account',
        { portalId: target.portal_id, ownerId: target.id },
        { conceal: true, resource: 'account' },
      );
      const page = pageFrom(query);
      const { rows, total } = await impersonationsOf(
        services.db,
        portal.id,
        target.id,
        page.size,
        page.offset,
      );
      return buildDocument(
        rows.map((row) => presentImpersonation(row)),
        { meta: pageMeta(total, page) },
      );
    },
  }),
];
