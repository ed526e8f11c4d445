import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { can, FILE_UPLOAD_MAX_BYTES, PORTAL_DOMAIN_COOKIE } from '@leerpad/core';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import { postgresChangeFeed } from './db/change-feed';
import { AccountViews } from './context/account-views';
import { registerApiDocs } from './http/api-docs';
import { appPageHandler } from './http/app-page';
import { subjectOf } from './http/authorize';
import type { Services } from './context/services';
import { createErrorReporter } from './observability/error-reports';
import { createAnalyticsForwarder } from './observability/analytics-forward';
import { takePasswordCheckSeconds } from './modules/auth/passwords';
import { ApiError, databaseUnavailable, errorDocument, registerErrorHandling } from './http/errors';
import { refuseNulInBody, refuseNulInRequestLine } from './http/input-guard';
import { registerJsonApiMediaType } from './http/media-type';
import { buildOpenApiDocument } from './http/openapi';
import type { OpenApiDocument } from './http/openapi';
import { answerPortalPage, refuseClosedPortal, TLS_ALLOWED_PATH } from './http/portal-hosts';
import { forgetOnEvent, PORTAL_SETTINGS_CHANNEL, PortalDirectory } from './context/portal';
import type { PortalContext } from './context/portal';
import { METRICS_PATH, registerMetrics } from './http/metrics';
import {
  LimitStoreHealth,
  memoryLimiter,
  REDIS_COMMAND_TIMEOUT_MS,
  redisLimiter,
  resilientLimiter,
} from './context/limits';
import { RequestLogAtDebug } from './http/request-logging';
import { inProcessEventBus, postgresEventBus } from './events/event-bus';
import type { EventBus } from './events/event-bus';
import { embeddedQueue } from './jobs/embedded-queue';
import type { JobQueue } from './jobs/job-queue';
import { pgBossQueue } from './jobs/pg-boss-queue';
import { Redis } from 'ioredis';
import { MethodTable } from './http/method-table';
import { registerRoutes } from './http/route';
import type { RouteSummary } from './http/route';
import { API_HEADERS, CHAT_DOCUMENT_HEADERS, DOCUMENT_HEADERS } from './http/security-headers';
import { bearerToken, loadApiToken } from './http/api-token-auth';
import { hashToken, loadSession, SESSION_COOKIE } from './http/session';
import { fileMailer } from './mail/mailer';
import type { MailAdapter } from './mail/mailer';
import type { FileStorage } from './storage/file-storage';
import { storageFor } from './storage/storage-for';
import { allJobs, allRoutes } from './modules/index';
import { portalJwks, signedStatusList, VC_JWT_MEDIA_TYPE } from './modules/certifications/credentials';
import { announceNotificationsOn } from './modules/notifications/live';
import { notificationStreams } from './modules/notifications/stream';
import { registerScormContent } from './modules/scorm/content';
import { registerCmi5Content } from './modules/cmi5/content';
import { registerActingHooks } from './modules/impersonations/hooks';
import { DEV_WEBHOOK_SINK_PATH, registerWebhookSink } from './modules/webhooks/dev-sink';
import { PAYMENT_WEBHOOK_PATH } from './modules/commerce/provider-routes';
import { startWebhookOutbox } from './modules/webhooks/outbox';
import { selfStatementFailures, startSelfStatementRelay } from './modules/xapi/self-statements';
import { QUIZ_ANSWER_ROUTE } from './modules/quizzes/routes';
import { activeAttemptCount } from './modules/quizzes/service';
import { registerLrs } from './modules/xapi/lrs-routes';
import { registerLti } from './modules/lti/protocol-routes';
import { CLIENT_ERROR_REPORTS_PER_WINDOW, CLIENT_ERROR_WINDOW_SECONDS } from './modules/client-errors/routes';
import { PAGE_VIEWS_PER_WINDOW, PAGE_VIEW_WINDOW_SECONDS } from './modules/analytics/routes';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: MailAdapter;
  storage?: FileStorage;
  /** The job queue; by default pg-boss on PostgreSQL and the embedded runner on SQLite. */
  jobs?: JobQueue;
  /** How often idle job workers look for due jobs (ms); tests ask more often. */
  jobPollMs?: number;
  /** Fields added to every log line, such as the trace id of the request it is written in. */
  logFields?: () => Record<string, string>;
}

export interface LeerpadApp {
  app: FastifyInstance;
  services: Services;
  routes: RouteSummary[];
  /** The OpenAPI 3.1 document of the API, as served at /api/openapi.json. */
  openApi: OpenApiDocument;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PING_PATH = '/api/ping';
/** The heartbeat's budget for finding the portal and the session; its own check takes the rest. */
const PING_CONTEXT_MS = 1000;
const API_COMPRESSION_THRESHOLD_BYTES = 1024;
/** Larger bodies (downloads) are sent as they are: compressing them takes longer than sending. */
const API_COMPRESSION_MAX_BYTES = 4 * 1024 * 1024;
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/](json|xml|javascript)(;|$)/;

function defaultWebDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return resolve(here, '../../web/dist');
}

export async function buildApp(options: AppOptions): Promise<LeerpadApp> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(options.logFields ? { mixin: options.logFields } : {}) },
    logController: new RequestLogAtDebug(),
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

  const log = (message: string) => app.log.error(message);
  // A lost Redis connection must not end the process: ioredis reconnects in the background. A
  // command fails within half a second instead of waiting in a queue for the connection, and the
  // limits then count in this instance (decision 054).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        lazyConnect: false,
        connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      })
    : null;
  let redisErrorLogged = false;
  redis?.on('error', (error: Error) => {
    // Reconnecting repeats the same error every attempt; the limit store logs the outage itself.
    if (!redisErrorLogged) app.log.warn(`Redis: ${error.message}`);
    redisErrorLogged = true;
  });
  redis?.on('ready', () => (redisErrorLogged = false));
  const limitStore = new LimitStoreHealth({
    warn: (message) => app.log.warn(message),
    info: (message) => app.log.info(message),
  });
  const events = eventBusFor(config, database, log);
  // SQLite reports writes through its own triggers; PostgreSQL through NOTIFY to every instance.
  const changes =
    database.watchChanges() ??
    (database.kind === 'postgres' ? await postgresChangeFeed(database.db, events, log) : null);
  // Counters shared by every instance through Redis when it is configured, else kept in this process.
  const limiter = (name: string, max: number, windowSeconds: number) =>
    redis
      ? resilientLimiter(
          redisLimiter(redis, name, max, windowSeconds),
          memoryLimiter(max, windowSeconds),
          limitStore,
        )
      : memoryLimiter(max, windowSeconds);
  const services: Services = {
    config,
    db: database.db,
    dialect: database.kind,
    portals: new PortalDirectory(database.db),
    views: new AccountViews(changes),
    mailer: options.mailer ?? fileMailer(config.dataDir),
    storage: options.storage ?? storageFor(config.storage),
    loginLimits: {
      ip: limiter('ip', config.loginFailuresPerIp, config.loginWindowSeconds),
      account: limiter('account', config.loginFailuresPerAccount, config.loginWindowSeconds),
    },
    clientErrorReports: limiter(
      'client-errors',
      CLIENT_ERROR_REPORTS_PER_WINDOW,
      CLIENT_ERROR_WINDOW_SECONDS,
    ),
    pageViews: limiter('page-views', PAGE_VIEWS_PER_WINDOW, PAGE_VIEW_WINDOW_SECONDS),
    analyticsForward: createAnalyticsForwarder(config.analyticsForward, {
      warn: (message) => app.log.warn(message),
    }),
    errorReports: createErrorReporter(config.errorReportsDsn, {
      environment: config.demo ? 'demo' : 'production',
      warn: (message) => app.log.warn(message),
    }),
    jobs: options.jobs ?? jobQueueFor(config, database, log, options.jobPollMs),
    events,
  };
  // A portal's settings changed on some instance: its cached portals are stale here too.
  await events.subscribe(PORTAL_SETTINGS_CHANNEL, (payload) => forgetOnEvent(services.portals, payload));
  if (config.metricsToken)
    registerMetrics(app, config.metricsToken, {
      database,
      jobs: services.jobs,
      ...(redis ? { limitStore } : {}),
      selfStatementFailures,
      passwordCheckSeconds: takePasswordCheckSeconds,
      quizAnswerRoute: `/api${QUIZ_ANSWER_ROUTE}`,
      activeQuizAttempts: () => activeAttemptCount(database.db),
    });
  for (const job of allJobs) {
    services.jobs.define(job.name, (payload) => job.run(services, payload), job.retry);
  }
  // Jobs start once the app is ready and drain on close; events and Redis close after them.
  app.addHook('onReady', async () => {
    await services.jobs.start();
    for (const job of allJobs) await job.onStart?.(services);
  });
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const job of allJobs) {
      const every = job.everySeconds;
      if (!every) continue;
      const enqueue = () => {
        const period = Math.floor(Date.now() / 1000 / every);
        services.jobs
          .enqueue(job.name, {}, { singletonKey: `${job.name}@${period}` })
          .catch((error: unknown) => log(`Could not schedule ${job.name}: ${String(error)}`));
      };
      timers.push(setInterval(enqueue, every * 1000).unref());
    }
  });
  announceNotificationsOn(services.db, services.events);
  // Open notification streams end first, or closing the server would wait for them forever.
  app.addHook('preClose', async () => notificationStreams(services.db, services.events).close());
  // Webhook deliveries written by a change are handed to the job queue after its commit.
  let stopWebhookOutbox = () => {};
  // Statements about the portal's own learning, queued by a change, go to its LRS after the commit.
  let stopSelfStatements = () => {};
  app.addHook('onReady', async () => {
    stopWebhookOutbox = startWebhookOutbox(services, options.jobPollMs ?? 1000, log);
    stopSelfStatements = startSelfStatementRelay(services, options.jobPollMs ?? 1000, log);
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    stopWebhookOutbox();
    stopSelfStatements();
    // A connection the database ended can leave a client waiting forever: shutting down must not.
    await settleWithin(SHUTDOWN_STEP_MS, 'stopping the job workers', services.jobs.stop(), log);
    await settleWithin(SHUTDOWN_STEP_MS, 'closing the event listener', services.events.close(), log);
    await settleWithin(SHUTDOWN_STEP_MS, 'closing Redis', redis?.quit() ?? Promise.resolve(), log);
    // Error reports and forwarded page views still on their way (each gives up after 3 s).
    await settleWithin(
      SHUTDOWN_STEP_MS,
      'sending the last error reports and page views',
      Promise.all([services.errorReports.flush(), services.analyticsForward.flush()]),
      log,
    );
  });

  registerErrorHandling(app, services.errorReports);
  // Every path and its methods, so that a wrong method on a known path is a 405 with Allow.
  const methodTable = new MethodTable();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) methodTable.add(method, route.url);
  });
  await app.register(cookie);
  // Uploads (POST /api/v1/files) stream one file; the cap is checked again while storing it.
  await app.register(multipart, {
    limits: { fileSize: FILE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  });
  registerJsonApiMediaType(app);
  // A payment provider signs the bytes it sent: its webhook keeps them beside the parsed body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.url.split('?')[0] === PAYMENT_WEBHOOK_PATH) request.rawBody = String(body);
    parseJson(request, body as string, done);
  });

  app.decorateRequest('portal', null as unknown as PortalContext);
  app.decorateRequest('account', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiTokenScopes', null);
  app.decorateRequest('rawBody', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api')) {
      // The metrics belong to no portal, and answer whatever the database does (an outage is
      // when they are read).
      if (request.url.split('?')[0] === METRICS_PATH) {
        reply.headers(DOCUMENT_HEADERS);
        return;
      }
      // The chat widget's hosts are allowed only on a portal that has a chat id.
      const portal = await services.portals.findByDomain(request.hostname);
      reply.headers(portal?.row.zendesk_chat_id ? CHAT_DOCUMENT_HEADERS : DOCUMENT_HEADERS);
      if (answerPortalPage(request, reply, portal)) return reply;
      return;
    }
    reply.headers(API_HEADERS);
    refuseNulInRequestLine(request);
    // The TLS question comes from the proxy, for a host that may not be a portal yet: no portal here.
    if (request.url.split('?')[0] === TLS_ALLOWED_PATH) return;
    // A Bearer token is never sent by a browser on its own, so it needs no cross-site guard.
    const bearer = bearerToken(request);
    const demoSink = services.config.demo && request.url === DEV_WEBHOOK_SINK_PATH;
    // A provider's webhook is a server calling, not a browser: its signature is its guard.
    const providerWebhook = request.url.split('?')[0] === PAYMENT_WEBHOOK_PATH;
    if (STATE_CHANGING.has(request.method) && !bearer && !demoSink && !providerWebhook) {
      guardAgainstCrossSite(request);
    }
    if (bearer) {
      await resolveApiToken(request, services, bearer);
      return;
    }
    // The heartbeat answers within two seconds whatever the database does; other requests wait
    // for their statements up to LEERPAD_DB_STATEMENT_TIMEOUT_MS.
    if (request.url.split('?')[0] === PING_PATH) {
      await withinOrUnavailable(PING_CONTEXT_MS, resolvePortalAndAccount(request, services));
    } else {
      await resolvePortalAndAccount(request, services);
    }
  });

  // Where writes are reported after the commit, a write drops its own account's views before the
  // answer goes out, so the next request of the same account reads them again.
  app.addHook('onSend', async (request) => {
    if (request.account && STATE_CHANGING.has(request.method)) {
      services.views.forgetOwnWrites(request.account.id);
      if (request.account.acting) services.views.forgetOwnWrites(request.account.acting.actor.id);
    }
  });
  registerActingHooks(app, services);

  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api') && request.body !== undefined) refuseNulInBody(request);
  });

  const routes: RouteSummary[] = [];
  const openApi = buildOpenApiDocument(allRoutes);
  await app.register(
    async (api) => {
      // JSON answers over 1 KB go out compressed when the client accepts it (lists of 25 shrink to a
      // fifth); small ones are not worth the bytes of a header. Brotli at a fast quality: this runs
      // per request, unlike the web build's assets, which are compressed once at build time.
      // Bodies that compression cannot shrink, or that would cost more to compress than to send
      // (a 49 MB download: 0.67 s plain, 2.4 s brotli, 5.2 s gzip), go out as they are.
      api.addHook('onSend', async (request, reply) => {
        const length = Number(reply.getHeader('content-length') ?? 0);
        if (length > API_COMPRESSION_MAX_BYTES) request.headers['x-no-compression'] = '1';
      });
      await api.register(compress, {
        threshold: API_COMPRESSION_THRESHOLD_BYTES,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        // Text, JSON and XML; other types follow mime-db, which marks media, archives and
        // application/octet-stream as not compressible.
        customTypes: (type: string) => COMPRESSIBLE_TYPES.test(type),
      });
      registerRoutes(api, services, allRoutes, routes);
      if (config.demo) registerWebhookSink(api, services);
      registerApiDocs(api, openApi);
    },
    { prefix: '/api' },
  );

  // The portal's Learning Record Store speaks xAPI's own wire format (decision 063).
  await registerLrs(app, services);
  // LTI 1.3 Advantage as a platform speaks the IMS wire formats (decision 070).
  await registerLti(app, services);

  // Open Badges verifiers fetch the portal's public key and its revocation list from these
  // addresses (outside the JSON:API, in the media types verifiers expect).
  const credentialPortal = async (request: FastifyRequest, reply: FastifyReply) => {
    const portal =
      (await services.portals.findByDomain(request.hostname)) ??
      (config.demo ? await services.portals.first() : null);
    if (!portal) {
      await reply
        .status(404)
        .send(
          errorDocument([
            { status: '404', code: 'NOT_FOUND', title: 'Not found', detail: 'No such portal.' },
          ]),
        );
    }
    return portal;
  };
  app.get('/.well-known/jwks.json', async (request, reply) => {
    const portal = await credentialPortal(request, reply);
    if (!portal) return reply;
    reply.type('application/jwk-set+json').header('cache-control', 'public, max-age=300');
    return JSON.stringify(await portalJwks(services.db, portal.id));
  });
  app.get('/credentials/status-list', async (request, reply) => {
    const portal = await credentialPortal(request, reply);
    if (!portal) return reply;
    reply.type(VC_JWT_MEDIA_TYPE).header('cache-control', 'public, max-age=60');
    return signedStatusList(services.db, portal.id, { baseUrl: portal.row.base_url });
  });

  // SCORM packages' files, on unguessable launch paths, sandboxed, without the session (decision 064).
  registerScormContent(app, services);
  // cmi5 AUs' files and one-time fetch URLs (decision 068).
  await registerCmi5Content(app, services);

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
    const allowed = methodTable.methodsFor(request.url);
    if (allowed.length > 0) {
      throw new ApiError(
        405,
        [
          {
            code: 'METHOD_NOT_ALLOWED',
            title: 'Method not allowed',
            detail: `${request.method} is not allowed here; this address takes ${allowed.join(', ')}.`,
          },
        ],
        { allow: allowed.join(', ') },
      );
    }
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

  return { app, services, routes, openApi };
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

async function resolvePortal(request: FastifyRequest, services: Services): Promise<PortalContext> {
  const portal =
    (await services.portals.findByDomain(request.hostname)) ??
    (services.config.demo ? await services.portals.first() : null);
  if (!portal) {
    throw new ApiError(404, [
      {
        code: 'UNKNOWN_PORTAL',
        title: 'Unknown portal',
        detail: `No portal is served at ${request.hostname}.`,
      },
    ]);
  }
  return portal;
}

/** An API token acts as its creator on the creator's portal; an unknown or revoked one is a 401. */
async function resolveApiToken(request: FastifyRequest, services: Services, secret: string): Promise<void> {
  const token = await loadApiToken(services.db, secret);
  if (!token) throw ApiError.unauthenticated();
  const portal = await resolvePortal(request, services);
  if (token.account.portalId !== portal.id && !can(subjectOf(token.account), 'manage:portal'))
    throw ApiError.unauthenticated();
  refuseClosedPortal(request, portal, token.account);
  request.portal = portal;
  request.account = token.account;
  request.sessionTokenHash = null;
  request.apiTokenScopes = token.scopes;
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
  portal ??= await resolvePortal(request, services);
  request.portal = portal;
  // Accounts belong to one portal; only accounts that may manage several portals cross over.
  const belongs = account && (account.portalId === portal.id || can(subjectOf(account), 'manage:portal'));
  refuseClosedPortal(request, portal, belongs ? account : null);
  request.account = belongs ? account : null;
  request.sessionTokenHash = belongs ? tokenHash : null;
}

function jobQueueFor(
  config: Config,
  database: DatabaseHandle,
  log: (message: string) => void,
  pollMs = 2000,
): JobQueue {
  return database.kind === 'postgres'
    ? pgBossQueue(config.databaseUrl, {
        onError: log,
        pollSeconds: Math.max(0.5, pollMs / 1000),
        connectTimeoutMs: config.dbTimeouts.connectMs,
      })
    : embeddedQueue(database.db, { onError: log, pollMs });
}

function eventBusFor(config: Config, database: DatabaseHandle, log: (message: string) => void): EventBus {
  return database.kind === 'postgres'
    ? postgresEventBus(config.databaseUrl, database.db, { onError: log })
    : inProcessEventBus();
}

/** `work`, or a 503 DATABASE_UNAVAILABLE when it has not settled within `ms`. */
async function withinOrUnavailable<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(databaseUnavailable()), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long each shutdown step may take before the next one goes ahead without it. */
const SHUTDOWN_STEP_MS = 10_000;

/** Waits for `work`, but no longer than `ms`; a failure or a time-out is logged, never thrown. */
async function settleWithin(
  ms: number,
  what: string,
  work: Promise<unknown>,
  log: (message: string) => void,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    timer.unref();
  });
  try {
    if ((await Promise.race([work, late])) === 'late') log(`Shutdown: ${what} took over ${ms} ms; going on.`);
  } catch (error) {
    log(`Shutdown: ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}
