/**
 * The platform's LTI 1.3 endpoints (decision 070), outside the JSON:API and in the wire formats the
 * IMS specifications name: the key set, the OpenID configuration and registration endpoint of
 * Dynamic Registration, the OIDC authorisation endpoint of a launch, the OAuth2 token endpoint,
 * Assignment and Grade Services, Names and Role Provisioning, and the deep-linking return.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, escapeHtml, renderMessage } from '@leerpad/core';
import type { Locale } from '@leerpad/core';
import { mailLocale } from '../../mail/render';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { PortalContext } from '../../context/portal';
import type { Services } from '../../context/services';
import type { LtiToolRow } from '../../db/schema-lti';
import { ACCESS_TOKEN_SECONDS, issueAccessToken, tokenCaller } from './tokens';
import { LtiHttpError } from './http-error';
import { recordAudit } from '../audit/service';
import { checkAuthorization, LaunchRefused, autoPostPage, grantedScopes, idToken, useOnce } from './launch';
import type { AuthorizationRequest } from './launch';
import { ltiJwks } from './keys';
import { RemoteRefused } from './remote';
import { toolByClientId, toolKeys } from './tools';
import { LTI_PREFIX, ltiUrls } from './urls';
import { launchSubject, readDeepLinkingData, createDeepLinkedObjects } from './deep-linking';
import {
  createLineItem,
  deleteLineItem,
  updateLineItem,
  listLineItems,
  findLineItem,
  lineItemJson,
  postScore,
  resultsOf,
  memberships,
  toolMayUseCourse,
} from './grades';
import { acceptRegistration, openIdConfiguration } from './registration';

const BODY_LIMIT_BYTES = 256 * 1024;

async function portalOf(request: FastifyRequest, services: Services): Promise<PortalContext> {
  const portal =
    (await services.portals.findByDomain(request.hostname)) ??
    (services.config.demo ? await services.portals.first() : null);
  if (!portal) throw new LtiHttpError(404, 'not_found', `No portal is served at ${request.hostname}.`);
  return portal;
}

/** The fields of a form or JSON body (first value of each form field). */
function fieldsOf(request: FastifyRequest): Record<string, string> {
  const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim();
  if (type === 'application/x-www-form-urlencoded') {
    const out: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body)) out[key] ??= value;
    return out;
  }
  return {};
}

function jsonOf(request: FastifyRequest): unknown {
  const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new LtiHttpError(400, 'invalid_request', 'The body is not JSON.');
  }
}

async function refused(
  services: Services,
  portal: PortalContext,
  tool: Pick<LtiToolRow, 'id'> | undefined | null,
  endpoint: string,
  reason: string,
  ip: string,
) {
  await recordAudit(services.db, {
    scope: portal.id,
    actorId: null,
    action: 'lti_request.refused',
    entityType: 'lti_tool',
    entityId: tool?.id ?? null,
    details: { endpoint, reason },
    ip,
  });
}

const bearerOf = (request: FastifyRequest) => {
  const header = String(request.headers.authorization ?? '');
  return /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? null;
};

/** The tool behind a service call's access token, and its scopes; 401 with an audit entry otherwise. */
async function serviceCaller(
  request: FastifyRequest,
  services: Services,
  portal: PortalContext,
  scope: string[],
) {
  const token = bearerOf(request);
  const caller = token ? await tokenCaller(services.db, portal.id, token) : undefined;
  if (!caller) {
    await refused(
      services,
      portal,
      null,
      request.url.split('?')[0] ?? '',
      'no valid access token',
      request.ip,
    );
    throw new LtiHttpError(401, 'invalid_token', 'A valid access token is required.');
  }
  if (!scope.some((needed) => caller.scopes.has(needed)))
    throw new LtiHttpError(403, 'insufficient_scope', `This needs the scope ${scope.join(' or ')}.`);
  return caller;
}

async function courseFor(services: Services, portal: PortalContext, tool: LtiToolRow, param: string) {
  const courseId = /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(courseId) || !(await toolMayUseCourse(services.db, portal.id, tool.id, courseId)))
    throw new LtiHttpError(404, 'not_found', 'No such context for this tool.');
  return courseId;
}

function sendHtml(
  reply: FastifyReply,
  status: number,
  html: string,
  scriptNonce: string,
  formAction = "'self'",
) {
  return reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none';script-src 'nonce-${scriptNonce}';style-src 'unsafe-inline';form-action ${formAction};frame-ancestors 'self'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

export async function registerLti(app: FastifyInstance, services: Services): Promise<void> {
  const allowPrivate = services.config.ltiAllowPrivateHosts;
  await app.register(
    async (lti) => {
      lti.removeAllContentTypeParsers();
      lti.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_r, body, done) =>
        done(null, body),
      );
      lti.setErrorHandler(async (error: Error, request, reply) => {
        const fastifyStatus = (error as Error & { statusCode?: number }).statusCode;
        const status =
          error instanceof LtiHttpError
            ? error.status
            : typeof fastifyStatus === 'number' && fastifyStatus < 500
              ? fastifyStatus
              : 500;
        if (status >= 500) request.log.error(error);
        const code =
          error instanceof LtiHttpError ? error.error : status >= 500 ? 'server_error' : 'invalid_request';
        reply.status(status).header('cache-control', 'no-store').type('application/json');
        if (status === 401) reply.header('www-authenticate', `Bearer error="${code}"`);
        return JSON.stringify({
          error: code,
          error_description: status >= 500 ? 'The platform could not do this.' : error.message,
        });
      });

      lti.get('/jwks', async (request, reply) => {
        const portal = await portalOf(request, services);
        reply.type('application/jwk-set+json').header('cache-control', 'public, max-age=300');
        return JSON.stringify(await ltiJwks(services.db, portal.id));
      });

      lti.get('/openid-configuration', async (request, reply) => {
        const portal = await portalOf(request, services);
        reply.type('application/json');
        return JSON.stringify(openIdConfiguration(portal));
      });

      lti.post('/registrations', async (request, reply) => {
        const portal = await portalOf(request, services);
        const token = bearerOf(request);
        const result = await acceptRegistration(services.db, portal, token, jsonOf(request), request.ip);
        if ('refused' in result) {
          await refused(services, portal, null, 'registrations', result.refused, request.ip);
          throw new LtiHttpError(result.status, result.error, result.refused);
        }
        reply.status(200).type('application/json');
        return JSON.stringify(result.answer);
      });

      const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
        const portal = await portalOf(request, services);
        const fields: AuthorizationRequest =
          request.method === 'POST' ? fieldsOf(request) : (request.query as AuthorizationRequest);
        const tool = fields.client_id
          ? await toolByClientId(services.db, portal.id, String(fields.client_id))
          : undefined;
        const nonce = randomBytes(12).toString('base64url');
        try {
          const { launch, redirectUri } = await checkAuthorization(services.db, portal.id, tool, fields);
          const subject = await launchSubject(services, portal, launch);
          // Enrolment is checked again here: it may have ended since the launch began.
          if (
            launch.message_type === 'LtiResourceLinkRequest' &&
            !subject.subject.enrolled &&
            !can({ roles: subject.subject.account.roles }, 'manage:course')
          )
            throw new LaunchRefused('access_denied', 'The learner is not enrolled in this course.');
          const token = await idToken(
            services.db,
            tool!,
            launch,
            fields.nonce!,
            subject.subject,
            subject.deepLinkingData,
          );
          const page = autoPostPage(
            redirectUri,
            { id_token: token, ...(fields.state ? { state: fields.state } : {}) },
            nonce,
          );
          return sendHtml(reply, 200, page, nonce, new URL(redirectUri).origin);
        } catch (error) {
          if (!(error instanceof LaunchRefused)) throw error;
          await refused(services, portal, tool, 'authorize', error.message, request.ip);
          throw new LtiHttpError(400, error.error, error.message);
        }
      };
      lti.get('/authorize', authorize);
      lti.post('/authorize', authorize);

      lti.post('/token', async (request, reply) => {
        const portal = await portalOf(request, services);
        const fields = fieldsOf(request);
        const urls = ltiUrls(portal.row.base_url);
        if (fields['grant_type'] !== 'client_credentials')
          throw new LtiHttpError(400, 'unsupported_grant_type', 'grant_type must be client_credentials.');
        if (fields['client_assertion_type'] !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
          throw new LtiHttpError(400, 'invalid_request', 'client_assertion_type must be jwt-bearer.');
        const assertion = fields['client_assertion'] ?? '';
        let claimed: ReturnType<typeof decodeJwt>;
        try {
          claimed = decodeJwt(assertion);
        } catch {
          await refused(services, portal, null, 'token', 'client_assertion is not a JWT', request.ip);
          throw new LtiHttpError(400, 'invalid_client', 'The client_assertion is not a JWT.');
        }
        const tool = claimed.sub ? await toolByClientId(services.db, portal.id, claimed.sub) : undefined;
        if (!tool || tool.status !== 'active') {
          await refused(services, portal, null, 'token', 'unknown client', request.ip);
          throw new LtiHttpError(401, 'invalid_client', 'No active tool has this client id.');
        }
        let verified: Awaited<ReturnType<typeof jwtVerify>>;
        try {
          verified = await jwtVerify(assertion, await toolKeys(tool, allowPrivate), {
            algorithms: ['RS256'],
            issuer: tool.client_id,
            subject: tool.client_id,
            audience: urls.token,
            requiredClaims: ['jti', 'exp', 'iat'],
            maxTokenAge: '1h',
          });
        } catch (error) {
          const reason = error instanceof RemoteRefused ? error.message : 'signature or claims do not check';
          await refused(services, portal, tool, 'token', reason, request.ip);
          throw new LtiHttpError(401, 'invalid_client', `The client assertion was refused: ${reason}.`);
        }
        const jti = String(verified.payload.jti);
        const expires = new Date(((verified.payload.exp ?? 0) + 60) * 1000);
        if (!(await useOnce(services.db, `jti:${tool.id}`, jti, expires))) {
          await refused(services, portal, tool, 'token', 'jti used before', request.ip);
          throw new LtiHttpError(401, 'invalid_client', 'This client assertion was used before.');
        }
        const granted = grantedScopes(tool);
        const asked = (fields['scope'] ?? '').split(' ').filter(Boolean);
        const scopes = asked.filter((scope) => granted.includes(scope));
        if (scopes.length === 0)
          throw new LtiHttpError(400, 'invalid_scope', 'None of the asked scopes is granted to this tool.');
        const accessToken = await issueAccessToken(services.db, portal.id, tool.id, scopes);
        reply.header('cache-control', 'no-store').type('application/json');
        return JSON.stringify({
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: ACCESS_TOKEN_SECONDS,
          scope: scopes.join(' '),
        });
      });

      type CourseParams = { course: string; line_item?: string };
      const lineItemRead = [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
      ];
      lti.get('/courses/:course/line_items', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, lineItemRead);
        const courseId = await courseFor(services, portal, tool, (request.params as CourseParams).course);
        const query = request.query as Record<string, string | undefined>;
        const rows = await listLineItems(services.db, portal.id, tool.id, courseId, query);
        reply.type('application/vnd.ims.lis.v2.lineitemcontainer+json');
        return JSON.stringify(rows.map((row) => lineItemJson(portal.row.base_url, row)));
      });
      lti.post('/courses/:course/line_items', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, [lineItemRead[0]!]);
        const courseId = await courseFor(services, portal, tool, (request.params as CourseParams).course);
        const row = await createLineItem(services.db, portal.id, tool.id, courseId, jsonOf(request));
        reply.status(201).type('application/vnd.ims.lis.v2.lineitem+json');
        return JSON.stringify(lineItemJson(portal.row.base_url, row));
      });
      lti.get('/courses/:course/line_items/:line_item', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, lineItemRead);
        const params = request.params as CourseParams;
        const courseId = await courseFor(services, portal, tool, params.course);
        const row = await findLineItem(services.db, portal.id, tool.id, courseId, params.line_item ?? '');
        reply.type('application/vnd.ims.lis.v2.lineitem+json');
        return JSON.stringify(lineItemJson(portal.row.base_url, row));
      });
      lti.put('/courses/:course/line_items/:line_item', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, [lineItemRead[0]!]);
        const params = request.params as CourseParams;
        const courseId = await courseFor(services, portal, tool, params.course);
        const row = await findLineItem(services.db, portal.id, tool.id, courseId, params.line_item ?? '');
        const updated = await updateLineItem(services.db, portal.id, row, jsonOf(request));
        reply.type('application/vnd.ims.lis.v2.lineitem+json');
        return JSON.stringify(lineItemJson(portal.row.base_url, updated));
      });
      lti.delete('/courses/:course/line_items/:line_item', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, [lineItemRead[0]!]);
        const params = request.params as CourseParams;
        const courseId = await courseFor(services, portal, tool, params.course);
        const row = await findLineItem(services.db, portal.id, tool.id, courseId, params.line_item ?? '');
        await deleteLineItem(services.db, portal.id, row);
        return reply.status(204).send();
      });
      lti.post('/courses/:course/line_items/:line_item/scores', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, [
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ]);
        const params = request.params as CourseParams;
        const courseId = await courseFor(services, portal, tool, params.course);
        const row = await findLineItem(services.db, portal.id, tool.id, courseId, params.line_item ?? '');
        await postScore(services.db, portal, row, jsonOf(request));
        return reply.status(204).send();
      });
      lti.get('/courses/:course/line_items/:line_item/results', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, [
          'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
        ]);
        const params = request.params as CourseParams;
        const courseId = await courseFor(services, portal, tool, params.course);
        const row = await findLineItem(services.db, portal.id, tool.id, courseId, params.line_item ?? '');
        reply.type('application/vnd.ims.lis.v2.resultcontainer+json');
        return JSON.stringify(await resultsOf(services.db, portal.row.base_url, row));
      });
      lti.get('/courses/:course/memberships', async (request, reply) => {
        const portal = await portalOf(request, services);
        const { tool } = await serviceCaller(request, services, portal, [
          'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
        ]);
        const courseId = await courseFor(services, portal, tool, (request.params as CourseParams).course);
        // Paged when the tool asks with `limit`; the next page's address is in the Link header.
        const query = request.query as Record<string, string | undefined>;
        const limit = /^[1-9]\d{0,3}$/.test(query.limit ?? '') ? Number(query.limit) : null;
        const offset = /^\d{1,9}$/.test(query.offset ?? '') ? Number(query.offset) : 0;
        const { container, more } = await memberships(services.db, portal, courseId, { limit, offset });
        if (more && limit !== null)
          reply.header('link', `<${container.id}?limit=${limit}&offset=${offset + limit}>; rel="next"`);
        reply.type('application/vnd.ims.lti-nrps.v2.membershipcontainer+json');
        return JSON.stringify(container);
      });

      lti.post('/deep-linking-return', async (request, reply) => {
        const portal = await portalOf(request, services);
        const jwt = fieldsOf(request)['JWT'] ?? '';
        const urls = ltiUrls(portal.row.base_url);
        let tool: LtiToolRow | undefined;
        try {
          const claimed = decodeJwt(jwt);
          tool = claimed.iss ? await toolByClientId(services.db, portal.id, claimed.iss) : undefined;
        } catch {
          tool = undefined;
        }
        if (!tool || tool.status !== 'active') {
          await refused(
            services,
            portal,
            null,
            'deep-linking-return',
            'unknown tool or not a JWT',
            request.ip,
          );
          throw new LtiHttpError(400, 'invalid_request', 'The response is not a JWT of an active tool.');
        }
        let payload: Record<string, unknown>;
        try {
          payload = (
            await jwtVerify(jwt, await toolKeys(tool, allowPrivate), {
              algorithms: ['RS256'],
              issuer: tool.client_id,
              audience: urls.issuer,
              requiredClaims: ['nonce', 'exp', 'iat'],
              maxTokenAge: '1h',
            })
          ).payload;
        } catch (error) {
          const reason = error instanceof RemoteRefused ? error.message : 'signature or claims do not check';
          await refused(services, portal, tool, 'deep-linking-return', reason, request.ip);
          throw new LtiHttpError(400, 'invalid_request', `The deep-linking response was refused: ${reason}.`);
        }
        const own = createLocalJWKSet(await ltiJwks(services.db, portal.id));
        const launchId = await readDeepLinkingData(services.db, payload, own, urls.issuer);
        const nonceFresh = await useOnce(
          services.db,
          `dl-nonce:${tool.id}`,
          String(payload['nonce']),
          new Date(Date.now() + 2 * 3600_000),
        );
        if (!launchId || !nonceFresh) {
          await refused(
            services,
            portal,
            tool,
            'deep-linking-return',
            'replayed or foreign response',
            request.ip,
          );
          throw new LtiHttpError(
            400,
            'invalid_request',
            'This deep-linking response was used before or is not ours.',
          );
        }
        const created = await createDeepLinkedObjects(services, portal, tool, launchId, payload);
        const nonce = randomBytes(12).toString('base64url');
        const locale = mailLocale(created.authorLocale, portal);
        return sendHtml(
          reply,
          200,
          deepLinkingDonePage(
            { count: created.count, courseId: created.courseId, tool: tool.name, locale },
            nonce,
          ),
          nonce,
        );
      });
    },
    { prefix: LTI_PREFIX },
  );
}

function deepLinkingDonePage(
  done: { count: number; courseId: number; tool: string; locale: Locale },
  nonce: string,
): string {
  const message = JSON.stringify({
    subject: 'leerpad.lti.deep_linking_done',
    count: done.count,
    courseId: done.courseId,
  });
  const title = escapeHtml(renderMessage('lti_deep_linking_done_title', {}, done.locale));
  const body = escapeHtml(
    renderMessage('lti_deep_linking_done_body', { count: done.count, tool: done.tool }, done.locale),
  );
  return `<!doctype html><html lang="${done.locale}"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1><p data-count="${done.count}">${body}</p></main>
<script nonce="${nonce}">(window.parent !== window ? window.parent : window.opener)?.postMessage(${message}, location.origin)</script></body></html>`;
}
