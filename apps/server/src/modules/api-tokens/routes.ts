import { can, isPermission } from '@leerpad/core';
import type { Permission } from '@leerpad/core';
import { z } from 'zod';
import { subjectOf } from '../../http/authorize';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { presentApiToken } from './presenter';
import { apiTokenResource } from './schema';
import { createApiToken, findApiToken, listApiTokens, revokeApiToken } from './service';

export const apiTokenRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/api_tokens',
    summary: "The portal's API tokens (never their secrets), with when each was last used",
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: listDocument(apiTokenResource),
    async handler({ services, portal }) {
      const rows = await listApiTokens(services.db, portal.id);
      return buildDocument(
        rows.map((row) => presentApiToken(row)),
        {
          meta: { total: rows.length, last_page: 1 },
        },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/api_tokens',
    summary:
      'Make an API token acting as you within the given permissions (only ones you hold); the secret is in this answer only',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(apiTokenResource),
    status: 201,
    resourceType: 'api_tokens',
    body: z.object({
      name: z.string().trim().min(1).max(100),
      scopes: z.array(z.string().max(100)).min(1).max(50),
    }),
    async handler({ request, services, portal, account, body, pointer }) {
      // A token cannot mint tokens: whoever holds one could otherwise outlive its revocation.
      if (request.apiTokenScopes)
        throw ApiError.forbidden('API tokens cannot make API tokens.', 'TOKEN_SCOPE');
      const subject = subjectOf(account, portal);
      const errors = body.scopes.flatMap((scope, index) =>
        !isPermission(scope)
          ? [{ pointer: pointer(`scopes/${index}`), detail: `"${scope}" is not a permission.` }]
          : !can(subject, scope)
            ? [{ pointer: pointer(`scopes/${index}`), detail: `You do not hold "${scope}".` }]
            : [],
      );
      if (errors.length > 0) throw ApiError.validation(errors);
      const { row, secret } = await createApiToken(services.db, portal.id, {
        accountId: account.id,
        name: body.name,
        scopes: body.scopes as Permission[],
        ip: request.ip,
      });
      return buildDocument(presentApiToken(row, secret));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/api_tokens/:api_token',
    summary: 'Revoke an API token: requests with it are refused from now on',
    tags: ['integrations'],
    permission: 'manage:portal-settings',
    response: resourceDocument(apiTokenResource),
    params: z.object({ api_token: idParam }),
    async handler({ request, services, portal, account, params }) {
      await findApiToken(services.db, portal.id, params.api_token);
      const row = await revokeApiToken(services.db, portal.id, params.api_token, {
        accountId: account.id,
        ip: request.ip,
      });
      return buildDocument(presentApiToken(row));
    },
  }),
];
