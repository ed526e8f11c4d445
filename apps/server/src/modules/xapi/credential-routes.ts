import { z } from 'zod';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import {
  createXapiCredential,
  findXapiCredential,
  listXapiCredentials,
  revokeXapiCredential,
  XAPI_SCOPES,
} from './credentials';
import { actorOf } from '../../context/account';
import { presentXapiCredential, presentXapiSettings } from './presenter';
import { xapiCredentialResource, xapiSettingsResource } from './schema';
import { selfStatementsOn, setSelfStatements } from './self-statements';

const endpointOf = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/xapi/`;

export const xapiCredentialRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/xapi_credentials',
    summary: "The portal's LRS credentials (never their secrets), with when each was last used",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: listDocument(xapiCredentialResource),
    async handler({ services, portal }) {
      const rows = await listXapiCredentials(services.db, portal.id);
      const endpoint = endpointOf(portal.row.base_url);
      return buildDocument(
        rows.map((row) => presentXapiCredential(row, endpoint)),
        { meta: { total: rows.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/xapi_credentials',
    summary: 'Make an LRS key and secret with the given xAPI scopes; the secret is in this answer only',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(xapiCredentialResource),
    status: 201,
    resourceType: 'xapi_credentials',
    body: z.object({
      name: z.string().trim().min(1).max(100),
      scopes: z.array(z.enum(XAPI_SCOPES)).min(1).max(XAPI_SCOPES.length),
    }),
    async handler({ request, services, portal, account, body }) {
      const { row, secret } = await createXapiCredential(services.db, portal.id, {
        accountId: account.id,
        name: body.name,
        scopes: body.scopes,
        ip: request.ip,
      });
      return buildDocument(presentXapiCredential(row, endpointOf(portal.row.base_url), secret));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/xapi_credentials/:xapi_credential',
    summary: 'Revoke an LRS credential: the LRS refuses it from now on',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(xapiCredentialResource),
    params: z.object({ xapi_credential: idParam }),
    async handler({ request, services, portal, account, params }) {
      await findXapiCredential(services.db, portal.id, params.xapi_credential);
      const row = await revokeXapiCredential(services.db, portal.id, params.xapi_credential, {
        accountId: account.id,
        ip: request.ip,
      });
      return buildDocument(presentXapiCredential(row, endpointOf(portal.row.base_url)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/xapi_settings',
    summary: "The portal's LRS settings: whether Leerpad writes statements about its own learning",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(xapiSettingsResource),
    async handler({ services, portal }) {
      return buildDocument(presentXapiSettings(portal.id, await selfStatementsOn(services.db, portal.id)));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/xapi_settings',
    summary:
      "Turn Leerpad's own statements (completions, quiz results, certificates) to the portal's LRS on or off (audited)",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(xapiSettingsResource),
    resourceType: 'xapi_settings',
    body: z.object({ self_statements: z.boolean() }),
    async handler({ request, services, portal, account, body }) {
      await setSelfStatements(services.db, portal.id, body.self_statements, actorOf(account, request.ip));
      return buildDocument(presentXapiSettings(portal.id, await selfStatementsOn(services.db, portal.id)));
    },
  }),
];
