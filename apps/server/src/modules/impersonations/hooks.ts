import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../context/services';
import { Forbidden } from '../../domain/errors';
import { recordAudit } from '../audit/service';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Attributes that are the account's sign-in settings: never changed by someone acting as them. */
const SIGN_IN_ATTRIBUTES = [
  'email',
  'email_address',
  'password',
  'current_password',
  'new_password',
  'password_confirmation',
  'two_factor',
  'two_factor_enabled',
  'sign_in_method',
];
const ACCOUNT_WRITE = /^\/api\/v1\/accounts\/[^/?]+(\/[^?]*)?(\?.*)?$/;
const SIGN_IN_PATH =
  /\/(password|passwords|email|emails|sign_in|sign_in_settings|two_factor|credentials)(\/|$)/;

function attributesOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const data = (body as { data?: { attributes?: unknown } }).data;
  if (data && typeof data === 'object' && data.attributes && typeof data.attributes === 'object')
    return data.attributes as Record<string, unknown>;
  return body as Record<string, unknown>;
}

/** Whether a write would change the sign-in settings (password, e-mail, sign-in) of an account. */
export function changesSignIn(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): boolean {
  if (!WRITES.has(request.method)) return false;
  if (request.url.startsWith('/api/auth/')) return true;
  const match = ACCOUNT_WRITE.exec(request.url);
  if (!match) return false;
  if (match[1] && SIGN_IN_PATH.test(match[1])) return true;
  const attributes = attributesOf(request.body);
  return SIGN_IN_ATTRIBUTES.some((name) => name in attributes);
}

/**
 * While a support user acts as someone: their sign-in settings stay theirs (403), and every write
 * that succeeds is recorded in the audit log with both accounts — here, once for every route.
 */
export function registerActingHooks(app: FastifyInstance, services: Services): void {
  app.addHook('preHandler', async (request) => {
    if (!request.account?.acting || !changesSignIn(request)) return;
    throw new Forbidden({
      code: 'ACTING_FORBIDDEN',
      detail: 'While acting as someone you cannot change their password, e-mail address or sign-in settings.',
    });
  });
  app.addHook('onSend', async (request, reply) => {
    const account = request.account;
    if (!account?.acting || !WRITES.has(request.method) || !request.url.startsWith('/api/')) return;
    if (reply.statusCode >= 400) return;
    const route = request.routeOptions.url ?? request.url;
    // Starting and stopping are recorded by the acts themselves.
    if (route.startsWith('/api/v1/impersonations')) return;
    try {
      await recordAudit(services.db, {
        scope: request.portal.id,
        actorId: account.acting.actor.id,
        actingForId: account.id,
        action: 'impersonation.write',
        entityType: 'requests',
        entityId: null,
        details: {
          method: request.method,
          route,
          url: request.url.slice(0, 500),
          status: reply.statusCode,
          impersonation_id: account.acting.impersonationId,
        },
        ip: request.ip,
      });
    } catch (error) {
      request.log.error(error, 'could not record a write made while acting');
    }
  });
}
