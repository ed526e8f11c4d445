import { hasSubscriptionAccess, isPermission } from '@leerpad/core';
import type { Permission } from '@leerpad/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authorize } from './authorize';
import { subscriptionActive } from '../db/account-columns';
import type { Services } from '../context/services';
import { ApiError } from './errors';
import { applySparseFieldsets, listLinks } from './jsonapi';
import { reusableJson } from '../context/account-views';
import { linkCreated } from './created-location';
import type { CreatedLocation } from './created-location';
import { MethodTable } from './method-table';
import { enforceQueryContract, queryContractOf } from './query-contract';
import type { JsonApiDocument } from '../context/document';
import type { PortalContext } from '../context/portal';
import type { AccountContext } from '../context/account';
import { checkRouteResourceType, readWriteBody } from './write-document';

// Messages a person can act on; the web app maps 422 pointers onto its form fields.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : undefined,
});

/**
 * Who may call a route at all: anyone, any signed-in account, or an account holding the permission
 * on the request's portal. Record-level rules run in the handler through `authorize()`.
 */
export type RoutePermission = 'public' | 'signed-in' | Permission;
type Access<R extends RoutePermission> = R extends 'public' ? 'public' : 'account';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HandlerContext<A extends 'public' | 'account', P, Q, B> {
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  portal: PortalContext;
  account: A extends 'account' ? AccountContext : AccountContext | null;
  params: P;
  query: Q;
  body: B;
  /**
   * Where a body field lives in the request as sent: '/email', '/data/attributes/email_address' or,
   * for a relationship, '/data/relationships/student/data'.
   */
  pointer(attribute: string): string;
}

export interface RouteDefinition<
  R extends RoutePermission = RoutePermission,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: Method;
  url: string;
  summary: string;
  /**
   * The OpenAPI description's opening text (Markdown), when the summary is not enough. The facts the
   * definition declares (who may call it, gates, query, body, answer) follow it either way.
   */
  description?: string;
  tags: string[];
  /** Who may call the route at all; record-level rules live in each module's policy.ts. */
  permission: R;
  /** Portal feature that must be on (403 FEATURE_DISABLED otherwise). */
  feature?: string;
  /** Requires subscription access under the portal's business model (402 otherwise). */
  subscription?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The resource type the route writes: a JSON:API write document must name it in `data.type`
   * (409 otherwise). Every route with a body declares one, or the app refuses to start.
   */
  resourceType?: string;
  /** The multipart field a file is uploaded in (the route reads the request itself). */
  upload?: string;
  /**
   * The success document's schema, or 'file' for raw bytes. It is the OpenAPI response, and the API
   * suite checks every answer against it.
   */
  response: z.ZodType | 'file';
  /** The usual success status (200 when absent). */
  status?: number;
  /** Every success status the route answers with, when it is more than one (201 created, 200 found). */
  statuses?: number[];
  /** Also answers `text/csv` (all matching rows) when the Accept header prefers it. */
  csv?: boolean;
  /** Checks filter values in the handler: a bad one is a 422 whose `source.pointer` names it. */
  filterErrors?: boolean;
  /** Where a resource this route creates lives, when it is not `<collection>/<id>` (created-location.ts). */
  location?: CreatedLocation;
  /** The OpenAPI operationId; derived from method and path when absent. */
  operationId?: string;
  handler(
    context: HandlerContext<Access<R>, z.output<P>, z.output<Q>, z.output<B>>,
  ): Promise<JsonApiDocument | Record<string, unknown> | null>;
}

export function defineRoute<
  R extends RoutePermission,
  P extends z.ZodType = z.ZodObject<Record<string, never>>,
  Q extends z.ZodType = z.ZodObject<Record<string, never>>,
  B extends z.ZodType = z.ZodObject<Record<string, never>>,
>(definition: RouteDefinition<R, P, Q, B>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

/** Registered routes, for the reliability and role-matrix sweeps. */
export interface RouteSummary {
  method: Method;
  url: string;
  permission: RoutePermission;
  feature?: string;
  /** Answers 402 without subscription access before it looks at the record. */
  subscription?: boolean;
  hasBody: boolean;
}

/** Refuses a route that declares no permission, or one that core does not know. */
export function checkRoutePermission(definition: Pick<RouteDefinition, 'method' | 'url' | 'permission'>) {
  const permission: unknown = definition.permission;
  if (permission === 'public' || permission === 'signed-in' || isPermission(permission)) return;
  throw new Error(
    permission === undefined
      ? `Route ${definition.method} ${definition.url} declares no permission; refusing to start.`
      : `Route ${definition.method} ${definition.url} declares the unknown permission "${String(permission)}"; refusing to start.`,
  );
}

/** The error code (and the parameters its text needs) for a schema failure. */
export function issueCode(issue: z.core.$ZodIssue): { code: string; meta?: Record<string, unknown> } {
  switch (issue.code) {
    case 'invalid_type':
      return { code: issue.input === undefined ? 'REQUIRED' : 'INVALID_TYPE' };
    case 'too_small':
      return { code: 'TOO_SHORT', meta: { minimum: Number(issue.minimum) } };
    case 'too_big':
      return { code: 'TOO_LONG', meta: { maximum: Number(issue.maximum) } };
    case 'invalid_format':
      return { code: 'INVALID_FORMAT' };
    case 'invalid_value':
      return { code: 'INVALID_CHOICE' };
    case 'custom':
      // A refinement may name its code (`params: {code}`), as the date schemas of dates.ts do.
      return { code: typeof issue.params?.code === 'string' ? issue.params.code : 'VALIDATION_FAILED' };
    default:
      return { code: 'VALIDATION_FAILED' };
  }
}

function issuesToErrors(issues: z.core.$ZodIssue[], pointerFor: (path: string) => string) {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('/');
    return {
      pointer: pointerFor(path),
      detail: issue.message,
      rule: issue.code,
      ...issueCode(issue),
    };
  });
}

export function registerRoutes(
  app: FastifyInstance,
  services: Services,
  definitions: RouteDefinition[],
  registry: RouteSummary[],
): void {
  for (const definition of definitions) checkRoutePermission(definition);
  // Every query contract is read before any route is registered: a bad declaration registers nothing.
  const contracts = new Map(definitions.map((definition) => [definition, queryContractOf(definition)]));
  const table = new MethodTable();
  for (const definition of definitions) table.add(definition.method, definition.url);
  for (const definition of definitions) checkRouteResourceType(definition);
  for (const definition of definitions) {
    const queryContract = contracts.get(definition)!;
    const permission = definition.permission;
    registry.push({
      method: definition.method,
      url: definition.url,
      permission,
      ...(definition.feature ? { feature: definition.feature } : {}),
      ...(definition.subscription ? { subscription: true } : {}),
      hasBody: Boolean(definition.body),
    });
    app.route({
      method: definition.method,
      url: definition.url,
      handler: async (request, reply) => {
        // An unknown parameter is refused before anything else: it would otherwise be ignored.
        enforceQueryContract(queryContract, request.query);
        const portal = request.portal;
        const account = request.account;
        if (permission !== 'public' && !account) throw ApiError.unauthenticated();
        // An API token works on the routes its scopes name, and nowhere else (decision 022).
        const tokenScopes = request.apiTokenScopes;
        if (tokenScopes && permission !== 'public' && !tokenScopes.has(permission)) {
          throw ApiError.forbidden("This API token's scopes do not include this route.", 'TOKEN_SCOPE');
        }
        if (definition.feature && !portal.features.has(definition.feature)) {
          throw ApiError.featureDisabled(definition.feature);
        }
        if (account && permission !== 'public' && permission !== 'signed-in') {
          authorize(account, portal, permission);
        }
        if (
          definition.subscription &&
          account &&
          !hasSubscriptionAccess({
            models: portal.businessModels,
            subscriptionActive: await subscriptionActive(services.db, account),
            roles: account.roles,
          })
        ) {
          throw ApiError.paymentRequired();
        }

        const params = definition.params ? definition.params.safeParse(request.params) : undefined;
        if (params && !params.success) throw ApiError.notFound();

        const query = definition.query ? definition.query.safeParse(request.query ?? {}) : undefined;
        if (query && !query.success) {
          const issue = query.error.issues[0];
          const parameter = issue?.path.map(String).join('.') ?? 'query';
          throw ApiError.badRequest('INVALID_PARAMETER', `${parameter}: ${issue?.message ?? 'invalid'}`, {
            parameter,
          });
        }

        const written = readWriteBody(request, definition);
        const pointer = written.pointer;
        let body: unknown = undefined;
        if (definition.body) {
          const rawBody = written.value;
          if (!rawBody || typeof rawBody !== 'object' || Array.isArray(rawBody)) {
            throw ApiError.validation([
              { pointer: pointer(''), detail: 'The request body must be a JSON object.' },
            ]);
          }
          const parsed = definition.body.safeParse(rawBody);
          if (!parsed.success) {
            throw ApiError.validation(issuesToErrors(parsed.error.issues, pointer));
          }
          body = parsed.data;
        }

        const result = await definition.handler({
          request,
          reply,
          services,
          portal,
          // A public route answers a token as it answers any visitor.
          account: (tokenScopes && permission === 'public' ? null : account) as AccountContext,
          params: params?.data,
          query: query?.data,
          body,
          pointer,
        });
        if (definition.status) reply.status(definition.status);
        if (result && 'data' in result) {
          const document = applySparseFieldsets(
            linkCreated(
              request,
              reply,
              result as JsonApiDocument,
              // The prefix the API is mounted under (`/api`), from the address this route answered.
              request.routeOptions.url?.slice(0, -definition.url.length) ?? '',
              table,
              definition.location,
            ),
            (request.query ?? {}) as Record<string, unknown>,
          );
          const json = reusableJson(document);
          if (json) {
            reply.type('application/json; charset=utf-8');
            return json;
          }
          if (Array.isArray(document.data)) {
            return { ...document, links: { ...listLinks(request.url, document.meta), ...document.links } };
          }
          return document;
        }
        return result;
      },
    });
  }
}

export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647);
