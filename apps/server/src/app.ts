import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { can, FILE_UPLOAD_MAX_BYTES, PORTAL_DOMAIN_COOKIE } from '@leerpad/core';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import { AccountViews } from './http/account-views';
import { appPageHandler } from './http/app-page';
import { subjectOf } from './http/authorize';
import type { Services } from './http/context';
import { ApiError, errorDocument, registerErrorHandling } from './http/errors';
import { refuseNulInBody, refuseNulInRequestLine } from './http/input-guard';
import { PortalDirectory } from './http/portal';
import type { PortalContext } from './http/portal';
import { memoryLimiter } from './http/rate-limit';
import { registerRoutes } from './http/route';
import type { RouteSummary } from './http/route';
import { API_HEADERS, DOCUMENT_HEADERS } from './http/security-headers';
import { hashToken, loadSession, SESSION_COOKIE } from './http/session';
import { fileMailer } from './mail/mailer';
import type { MailAdapter } from './mail/mailer';
import { defaultStorageRoot, localDiskStorage } from './storage/file-storage';
import type { FileStorage } from './storage/file-storage';
import { allRoutes } from './modules/index';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: MailAdapter;
  storage?: FileStorage;
}

export interface LeerpadApp {
  app: FastifyInstance;
  services: Services;
  routes: RouteSummary[];
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API_COMPRESSION_THRESHOLD_BYTES = 1024;

function defaultWebDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return resolve(here, '../../web/dist');
}

export async function buildApp(options: AppOptions): Promise<LeerpadApp> {
  const { config, database } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A hop count trusts that many proxies nearest to us (proxy-addr counts hops from the socket).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Fastify validates nothing itself: zod schemas in each route do, so errors carry JSON:API pointers.
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(() => () => true);

  const services: Services = {
    config,
    db: database.db,
    dialect: database.kind,
    portals: new PortalDirectory(database.db),
    views: new AccountViews(database.watchChanges()),
    mailer: options.mailer ?? fileMailer(config.dataDir),
    storage: options.storage ?? localDiskStorage(defaultStorageRoot(config.dataDir)),
    loginLimits: {
      ip: memoryLimiter(config.loginFailuresPerIp, config.loginWindowSeconds),
      account: memoryLimiter(config.loginFailuresPerAccount, config.loginWindowSeconds),
    },
  };

  registerErrorHandling(app);
  await app.register(cookie);
  // Uploads (POST /api/v1/files) stream one file; the cap is checked again while storing it.
  await app.register(multipart, {
    limits: { fileSize: FILE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Leerpad API', version: '1.0.0', description: 'JSON:API-style documents under /api.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
  });

  app.decorateRequest('portal', null as unknown as PortalContext);
  app.decorateRequest('account', null);
  app.decorateRequest('sessionTokenHash', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api')) {
      reply.headers(DOCUMENT_HEADERS);
      return;
    }
    reply.headers(API_HEADERS);
    refuseNulInRequestLine(request);
    if (STATE_CHANGING.has(request.method)) guardAgainstCrossSite(request);
    await resolvePortalAndAccount(request, services);
  });

  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api') && request.body !== undefined) refuseNulInBody(request);
  });

  const routes: RouteSummary[] = [];
  await app.register(
    async (api) => {
      // JSON answers over 1 KB go out compressed when the client accepts it (lists of 25 shrink to a
      // fifth); small ones are not worth the bytes of a header. Brotli at a fast quality: this runs
      // per request, unlike the web build's assets, which are compressed once at build time.
      await api.register(compress, {
        threshold: API_COMPRESSION_THRESHOLD_BYTES,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      registerRoutes(api, services, allRoutes, routes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  const webDir = config.webDir ?? defaultWebDir();
  const indexHtml = join(webDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text assets; browsers get those.
      preCompressed: true,
      cacheControl: false,
      setHeaders(response, path) {
        // Files under assets/ carry a content hash in their name: they never change.
        const immutable = path.includes(`${sep}assets${sep}`);
        response.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const sendAppPage = hasWeb ? appPageHandler(app, webDir) : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || request.method !== 'GET' || !sendAppPage) {
      return reply
        .status(404)
        .send(
          errorDocument([
            { status: '404', code: 'NOT_FOUND', title: 'Not found', detail: 'No such address.' },
          ]),
        );
    }
    return sendAppPage(request, reply);
  });

  return { app, services, routes };
}

/** CSRF guard (spec §7): state changes need X-Requested-With and, when an Origin is sent, our own origin. */
function guardAgainstCrossSite(request: FastifyRequest): void {
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw ApiError.forbidden(
      'State-changing requests need the header X-Requested-With: XMLHttpRequest.',
      'CSRF',
    );
  }
  const origin = request.headers.origin;
  if (origin) {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost !== request.host) throw ApiError.forbidden('Cross-origin requests are refused.', 'CSRF');
  }
}

async function resolvePortalAndAccount(request: FastifyRequest, services: Services): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  const tokenHash = token ? hashToken(token) : null;
  const account = tokenHash
    ? await loadSession(services.db, services.views, tokenHash, services.config.sessionDays)
    : null;

  let portal: PortalContext | null = null;
  const chosenDomain = request.cookies[PORTAL_DOMAIN_COOKIE];
  if (chosenDomain && account && can(subjectOf(account), 'manage:portal')) {
    portal = await services.portals.findByDomain(chosenDomain);
  }
  portal ??= await services.portals.findByDomain(request.hostname);
  if (!portal && services.config.demo) portal = await services.portals.first();
  if (!portal) {
    throw new ApiError(404, [
      {
        code: 'UNKNOWN_PORTAL',
        title: 'Unknown portal',
        detail: `No portal is served at ${request.hostname}.`,
      },
    ]);
  }
  request.portal = portal;
  // Accounts belong to one portal; only accounts that may manage several portals cross over.
  const belongs = account && (account.portalId === portal.id || can(subjectOf(account), 'manage:portal'));
  request.account = belongs ? account : null;
  request.sessionTokenHash = belongs ? tokenHash : null;
}
