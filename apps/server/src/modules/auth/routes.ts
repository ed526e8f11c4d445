import { LANGUAGES } from '@leerpad/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../context/services';
import type { PortalContext } from '../../context/portal';
import { defineRoute } from '../../http/route';
import { databaseReachable } from '../../db/dialect';
import { ApiError, databaseUnavailable } from '../../http/errors';
import { acceptedLocale, initialLocale } from '../../http/locale';
import { createSession, destroySession, hashToken, loadSession, SESSION_COOKIE } from '../../http/session';
import { recordSignIn } from '../accounts/administration';
import { meDocument } from '../me/service';
import { PASSWORD_RESET_MAIL } from './jobs';
import { authenticate, confirmRegistration, resetPassword, startRegistration } from './service';
import { SignInQueue } from './sign-in-queue';
import { metaDocument } from '../../http/jsonapi';
import { meDocumentSchema } from '../me/schema';
import { pingSchema } from './schema';

const email = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(254)
  .email('This field should contain a valid email address.');
const newPassword = z
  .string()
  .min(8, 'This field requires at least 8 characters.')
  .max(200, 'This field has a maximum of 200 characters.');

async function signIn(
  services: Services,
  portal: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: number,
) {
  const token = await createSession(services.db, accountId, services.config.sessionDays);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: services.config.sessionDays * 86_400,
  });
  const account = await loadSession(
    services.db,
    services.views,
    hashToken(token),
    services.config.sessionDays,
  );
  if (!account) throw new Error('A session just created could not be read back.');
  return meDocument(services, portal, account);
}

/** One queue per process: sign-ins take turns (decision 081). */
const signIns = new SignInQueue();

export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/auth/login',
    summary: 'Sign in with e-mail and password',
    tags: ['auth'],
    permission: 'public',
    response: meDocumentSchema,
    resourceType: 'sessions',
    body: z.object({ email, password: z.string().min(1, 'This field is required.').max(200) }),
    async handler({ services, portal, request, reply, body }) {
      // On PostgreSQL every statement of the sign-in runs on one connection, taken before the check.
      return signIns.run(services.db, services.dialect === 'postgres', async (db) => {
        const scoped = { ...services, db };
        const accountId = await authenticate(scoped, portal, { ...body, ip: request.ip });
        await recordSignIn(db, portal.id, accountId, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        });
        return signIn(scoped, portal, request, reply, accountId);
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/register',
    summary:
      'Try for free: mails a link that finishes the sign-up (answers 202 the same whether or not the address has an account)',
    tags: ['auth'],
    permission: 'public',
    response: metaDocument({ sent: z.literal(true) }),
    status: 202,
    resourceType: 'registrations',
    body: z.object({
      full_name: z.string().trim().min(1, 'This field is required.').max(200),
      email,
      password: newPassword,
      locale: z.enum(LANGUAGES).optional(),
    }),
    async handler({ services, portal, request, body }) {
      // Every try counts against the address, so nobody can mass-create accounts or probe e-mails.
      const key = `register:${request.ip}`;
      const wait = await services.loginLimits.ip.blockedFor(key);
      if (wait > 0) throw ApiError.tooManyAttempts(wait);
      await services.loginLimits.ip.fail(key);
      await startRegistration(services, portal, {
        fullName: body.full_name,
        email: body.email,
        password: body.password,
        // The language the visitor chose, else the one their browser asks for, else the portal's.
        locale: initialLocale(body.locale ?? acceptedLocale(request.headers['accept-language']), portal),
      });
      return { meta: { sent: true } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/register/confirm',
    summary: 'Finish a sign-up with the link from its e-mail: creates the student and signs in',
    tags: ['auth'],
    permission: 'public',
    response: meDocumentSchema,
    status: 201,
    // The new account is created; `me` is how the signed-in account reads it.
    location: (resource, prefix) => `${prefix}/v1/accounts/${resource.id}`,
    resourceType: 'registrations',
    body: z.object({ token: z.string().min(1, 'This field is required.').max(200) }),
    async handler({ services, portal, request, reply, body, pointer }) {
      const accountId = await confirmRegistration(services.db, portal, body.token, pointer('token'));
      return signIn(services, portal, request, reply, accountId);
    },
  }),
  // SPEC §7 names GET /auth/logout; like every state change it needs X-Requested-With, so a link or
  // an image on another site cannot sign anyone out. POST does the same.
  ...(['GET', 'POST'] as const).map((method) =>
    defineRoute({
      method,
      url: '/auth/logout',
      summary: 'Sign out (needs the X-Requested-With header, also on GET)',
      tags: ['auth'],
      permission: 'public',
      response: metaDocument({ logged_out: z.literal(true) }),
      async handler({ services, request, reply }) {
        if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
          throw ApiError.forbidden('Signing out needs the header X-Requested-With: XMLHttpRequest.', 'CSRF');
        }
        if (request.sessionTokenHash) await destroySession(services.db, request.sessionTokenHash);
        // GET too: the session must be gone for this account's next request, on any database.
        if (request.account) services.views.forgetOwnWrites(request.account.id);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { meta: { logged_out: true } };
      },
    }),
  ),
  defineRoute({
    method: 'POST',
    url: '/auth/password/forgot',
    summary: 'Send a password reset link (always answers 202)',
    tags: ['auth'],
    permission: 'public',
    response: metaDocument({ sent: z.literal(true) }),
    status: 202,
    resourceType: 'password_resets',
    body: z.object({ email }),
    async handler({ services, portal, request, body }) {
      const key = `forgot:${request.ip}`;
      const wait = await services.loginLimits.ip.blockedFor(key);
      if (wait > 0) throw ApiError.tooManyAttempts(wait);
      await services.loginLimits.ip.fail(key);
      await services.jobs.enqueue(PASSWORD_RESET_MAIL, { portalId: portal.id, email: body.email });
      return { meta: { sent: true } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/password/reset',
    summary: 'Choose a new password with a reset token; signs in',
    tags: ['auth'],
    permission: 'public',
    response: meDocumentSchema,
    resourceType: 'password_resets',
    body: z.object({ token: z.string().min(1, 'This field is required.').max(200), password: newPassword }),
    async handler({ services, portal, request, reply, body, pointer }) {
      const accountId = await resetPassword(services.db, portal, body, pointer('token'));
      return signIn(services, portal, request, reply, accountId);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/ping',
    summary: 'Session heartbeat: whether the visitor is signed in',
    tags: ['auth'],
    permission: 'public',
    response: pingSchema,
    async handler({ services, portal, account }) {
      // Load balancers and the web app read a 503 as "not now": the database did not answer.
      if (!(await databaseReachable(services.db))) throw databaseUnavailable();
      return {
        authenticated: account !== null,
        account_id: account ? String(account.id) : null,
        portal_id: String(portal.id),
        database: 'ok' as const,
      };
    },
  }),
];
