/**
 * The portal's Learning Record Store at /xapi/ (xAPI 1.0.3 and 2.0, decision 063). xAPI has its own
 * wire format, so these routes stand outside the JSON:API pipeline: they parse their own bodies,
 * authenticate Basic credentials of the request's portal, and answer every bad input with a 4xx.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../context/services';
import type { PortalContext } from '../../context/portal';
import { nowIso } from '../../db/dialect';
import type { PortalScope } from '../../db/schema';
import { authenticateXapi, rememberXapiVersion } from './credentials';
import type { XapiCaller } from './credentials';
import { launchStatementsStored } from './hooks';
import { deleteDocuments, findDocument, listDocumentIds, saveDocument } from './documents';
import type { DocumentKey, DocumentKind } from './documents';
import { formatStatement, prepareStatements } from './intake';
import type { AttachmentPart } from './intake';
import { boundaryOf, MultipartInvalid, parseMultipart } from './multipart';
import {
  findActivity,
  findStatement,
  latestStored,
  loadAttachments,
  queryStatements,
  StatementConflict,
} from './statements';
import type { StatementFilters, StoredStatement } from './statements';
import { agentKey, isObject, isTimestamp, isUuid, validateAgentParameter, XapiInvalid } from './validate';
import type { JsonObject } from './validate';
import { StatementWriteQueue } from './write-queue';
import { answerVersion, parseXapiVersion, SUPPORTED_XAPI_VERSIONS, XAPI_VERSION_HEADER } from './version';
import type { XapiVersion } from './version';

export const XAPI_PREFIX = '/xapi';
const XAPI_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
const STATEMENT_PAGE_MAX = 500;
const IRI = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/;
const STATEMENT_PARAMETERS = new Set([
  'statementId',
  'voidedStatementId',
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'format',
  'attachments',
  'ascending',
  'more',
]);
const ALTERNATE_HEADERS = new Set([
  'authorization',
  'x-experience-api-version',
  'content-type',
  'content-length',
  'if-match',
  'if-none-match',
]);

class XapiHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const bad = (message: string) => new XapiHttpError(400, message);

interface XapiRequest {
  method: string;
  resource: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Buffer | undefined;
  portal: PortalContext;
  version: XapiVersion;
  caller: XapiCaller;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string | JsonObject | unknown[];
  contentType?: string;
}

function singleQuery(raw: unknown): Record<string, string> {
  const query: Record<string, string> = {};
  if (!isObject(raw)) return query;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw bad(`The parameter ${key} is given more than once.`);
    query[key] = value;
  }
  return query;
}

function lowerHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[key.toLowerCase()] = value;
    else if (Array.isArray(value)) headers[key.toLowerCase()] = value.join(', ');
  }
  return headers;
}

function mediaType(headers: Record<string, string>): string {
  return (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function parseJson(body: Buffer | undefined, what: string): unknown {
  const text = body?.toString('utf8') ?? '';
  if (text.includes('\u0000')) throw bad(`${what} holds a NUL character.`);
  try {
    const value: unknown = JSON.parse(text);
    if (JSON.stringify(value).includes('\\u0000')) throw bad(`${what} holds a NUL character.`);
    return value;
  } catch (error) {
    if (error instanceof XapiHttpError) throw error;
    throw bad(`${what} is not valid JSON.`);
  }
}

function agentParameter(query: Record<string, string>, name = 'agent'): { value: JsonObject; key: string } {
  const raw = query[name];
  if (raw === undefined) throw bad(`The parameter ${name} is required.`);
  const value = parseJson(Buffer.from(raw), `The parameter ${name}`);
  try {
    validateAgentParameter(value, name);
  } catch (error) {
    if (error instanceof XapiInvalid) throw bad(error.message);
    throw error;
  }
  return { value: value as JsonObject, key: agentKey(value) as string };
}

function requiredIri(query: Record<string, string>, name: string): string {
  const value = query[name];
  if (value === undefined) throw bad(`The parameter ${name} is required.`);
  if (!IRI.test(value)) throw bad(`The parameter ${name} must be an IRI.`);
  return value;
}

function sinceParameter(query: Record<string, string>, name = 'since'): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (!isTimestamp(value)) throw bad(`The parameter ${name} must be a timestamp.`);
  return new Date(Date.parse(value)).toISOString();
}

function booleanParameter(query: Record<string, string>, name: string): boolean {
  const value = query[name];
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') throw bad(`The parameter ${name} must be true or false.`);
  return value === 'true';
}

function requireScope(caller: XapiCaller, method: string, resource: string): void {
  const scopes = caller.scopes;
  if (scopes.has('all')) return;
  const reading = method === 'GET' || method === 'HEAD';
  if (reading && scopes.has('all/read')) return;
  const allowed =
    resource === 'statements'
      ? reading
        ? scopes.has('statements/read') || scopes.has('statements/read/mine')
        : scopes.has('statements/write')
      : resource === 'activities/state'
        ? scopes.has('state')
        : resource === 'activities/profile' || resource === 'agents/profile'
          ? scopes.has('profile')
          : reading && (scopes.has('define') || scopes.has('profile') || scopes.has('state'));
  if (!allowed) throw new XapiHttpError(403, 'This credential may not do that.');
}

/** Registers /xapi/* on the app, in its own context: its own body parsing, errors and headers. */
export async function registerLrs(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(
    async (lrs) => {
      lrs.removeAllContentTypeParsers();
      lrs.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: XAPI_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, body),
      );
      lrs.setErrorHandler(async (error: Error, request, reply) => {
        const fastifyStatus = (error as Error & { statusCode?: number }).statusCode;
        const status =
          error instanceof XapiHttpError
            ? error.status
            : typeof fastifyStatus === 'number' && fastifyStatus < 500
              ? fastifyStatus
              : 500;
        if (status >= 500) request.log.error(error);
        const version = parseXapiVersion(request.headers[XAPI_VERSION_HEADER]);
        if (!reply.hasHeader('X-Experience-API-Version'))
          reply.header('X-Experience-API-Version', answerVersion(version));
        reply
          .status(status === 415 ? 400 : status)
          .headers(error instanceof XapiHttpError ? error.headers : {})
          .type('application/json');
        return JSON.stringify({ error: status >= 500 ? 'The LRS could not do this.' : error.message });
      });
      lrs.route({
        method: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'OPTIONS'],
        url: '/*',
        exposeHeadRoute: false,
        handler: async (request, reply) => handle(request, reply, services),
      });
    },
    { prefix: XAPI_PREFIX },
  );
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'HEAD, GET, POST, PUT, DELETE',
  'access-control-allow-headers':
    'Content-Type, Content-Length, Authorization, If-Match, If-None-Match, X-Experience-API-Version, X-Experience-API-Consistent-Through',
  'access-control-expose-headers':
    'ETag, Last-Modified, Cache-Control, Content-Type, Content-Length, WWW-Authenticate, X-Experience-API-Version, X-Experience-API-Consistent-Through',
};

const forbidden = (message: string) => new XapiHttpError(403, message);

/**
 * A launch's credential (cmi5) speaks for its learner only: state and agent profiles of that agent,
 * activity profiles read-only. Its statements' actors are checked as they are written.
 */
function requireOwnAgent(
  actorKey: string,
  method: string,
  resource: string,
  query: Record<string, string>,
): void {
  if (resource === 'activities/state' || resource === 'agents/profile') {
    if (query['agent'] !== undefined && agentParameter(query).key !== actorKey)
      throw forbidden("This launch's credential is for another learner.");
  }
  if (resource === 'activities/profile' && method !== 'GET' && method !== 'HEAD')
    throw forbidden("A launch's credential reads activity profiles only.");
}

async function handle(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
): Promise<FastifyReply> {
  reply.headers(CORS_HEADERS);
  const resource = ((request.params as Record<string, string>)['*'] ?? '').replace(/\/+$/, '');
  if (request.method === 'OPTIONS') return reply.status(204).send();
  let method = request.method;
  let headers = lowerHeaders(request);
  let query = singleQuery(request.query);
  let body = Buffer.isBuffer(request.body) ? request.body : undefined;
  const headerVersion = parseXapiVersion(headers[XAPI_VERSION_HEADER]);

  if (query['method'] !== undefined) {
    // Alternate request syntax (1.0.3 §1.3): a POST whose form carries the real method's headers,
    // content and parameters. xAPI 2.0 no longer has it.
    if (headerVersion === '2.0') throw bad('xAPI 2.0 has no alternate request syntax.');
    if (request.method !== 'POST') throw bad('The alternate request syntax is a POST.');
    const target = query['method'].toUpperCase();
    if (!['GET', 'HEAD', 'PUT', 'POST', 'DELETE'].includes(target))
      throw bad('The method parameter is not a method.');
    if (Object.keys(query).length > 1)
      throw bad('The alternate request syntax takes no other query parameters.');
    if (mediaType(headers) !== 'application/x-www-form-urlencoded')
      throw bad('The alternate request syntax needs a form body (application/x-www-form-urlencoded).');
    const form = new URLSearchParams(body?.toString('utf8') ?? '');
    const formHeaders: Record<string, string> = {};
    const formQuery: Record<string, string> = {};
    let content: string | undefined;
    for (const [key, value] of form) {
      const lower = key.toLowerCase();
      if (ALTERNATE_HEADERS.has(lower)) formHeaders[lower] = value;
      else if (key === 'content') content = value;
      else if (formQuery[key] !== undefined) throw bad(`The parameter ${key} is given more than once.`);
      else formQuery[key] = value;
    }
    method = target;
    headers = { ...headers, ...formHeaders };
    if (!formHeaders['content-type']) delete headers['content-type'];
    if (formHeaders['content-type'] === undefined && content !== undefined)
      headers['content-type'] = 'application/json';
    query = formQuery;
    body = content === undefined ? undefined : Buffer.from(content, 'utf8');
    if ((method === 'PUT' || method === 'POST') && body === undefined)
      throw bad('The form holds no content.');
  }

  const version = parseXapiVersion(headers[XAPI_VERSION_HEADER]);
  reply.header('X-Experience-API-Version', answerVersion(version));

  if (resource === 'about') {
    if (method !== 'GET' && method !== 'HEAD')
      throw new XapiHttpError(405, 'The about resource is read-only.', { allow: 'GET, HEAD' });
    return send(reply, method, {
      status: 200,
      body: { version: [...SUPPORTED_XAPI_VERSIONS], extensions: {} },
    });
  }
  if (!KNOWN_RESOURCES.has(resource)) throw new XapiHttpError(404, `There is no xAPI resource ${resource}.`);

  const portal =
    (await services.portals.findByDomain(request.hostname)) ??
    (services.config.demo ? await services.portals.first() : null);
  if (!portal) throw new XapiHttpError(404, `No portal is served at ${request.hostname}.`);
  const caller = await authenticate(services, portal.id, headers['authorization']);
  if (!version) {
    // A request that names no version (or one we do not speak) is answered in the version its
    // credential last spoke: the client most likely speaks it still.
    reply.header('X-Experience-API-Version', answerVersion(caller.lastVersion));
    if (headers[XAPI_VERSION_HEADER] === undefined)
      throw bad('The X-Experience-API-Version header is required.');
    throw bad(`X-Experience-API-Version ${headers[XAPI_VERSION_HEADER]} is not supported.`);
  }
  await rememberXapiVersion(services.db, caller, version);
  if (!['GET', 'HEAD', 'PUT', 'POST', 'DELETE'].includes(method))
    throw new XapiHttpError(405, 'Method not allowed.');
  requireScope(caller, method, resource);
  if (caller.actorKey !== null) requireOwnAgent(caller.actorKey, method, resource, query);

  if (resource === 'statements' && (method === 'GET' || method === 'HEAD'))
    reply.header('X-Experience-API-Consistent-Through', nowIso());
  const xapiRequest: XapiRequest = { method, resource, query, headers, body, portal, version, caller };
  try {
    const answer = await dispatch(services, xapiRequest);
    return send(reply, method, answer);
  } catch (error) {
    if (error instanceof XapiInvalid) throw bad(error.message);
    if (error instanceof MultipartInvalid) throw bad(error.message);
    if (error instanceof StatementConflict)
      throw new XapiHttpError(409, `A different statement with id ${error.message} is already stored.`);
    throw error;
  }
}

const KNOWN_RESOURCES = new Set([
  'statements',
  'activities',
  'activities/state',
  'activities/profile',
  'agents',
  'agents/profile',
]);

async function authenticate(
  services: Services,
  scope: PortalScope,
  header: string | undefined,
): Promise<XapiCaller> {
  const challenge = { 'www-authenticate': 'Basic realm="xAPI"' };
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) throw new XapiHttpError(401, 'This LRS needs Basic credentials.', challenge);
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new XapiHttpError(401, 'The credentials are malformed.', challenge);
  const caller = await authenticateXapi(
    services.db,
    scope,
    decoded.slice(0, colon),
    decoded.slice(colon + 1),
  );
  if (!caller) throw new XapiHttpError(401, 'These credentials are unknown or revoked.', challenge);
  return caller;
}

function send(reply: FastifyReply, method: string, answer: Answer): FastifyReply {
  reply.status(answer.status);
  if (answer.headers) reply.headers(answer.headers);
  if (answer.body === undefined) return reply.send();
  const isBytes = Buffer.isBuffer(answer.body) || typeof answer.body === 'string';
  const payload = isBytes ? answer.body : Buffer.from(JSON.stringify(answer.body));
  reply.type(answer.contentType ?? 'application/json');
  reply.header('content-length', String(Buffer.byteLength(payload as Buffer | string)));
  return method === 'HEAD' ? reply.send() : reply.send(payload);
}

async function dispatch(services: Services, request: XapiRequest): Promise<Answer> {
  switch (request.resource) {
    case 'statements':
      if (request.method === 'GET' || request.method === 'HEAD') return getStatements(services, request);
      if (request.method === 'PUT' || request.method === 'POST') return writeStatements(services, request);
      throw new XapiHttpError(405, 'Statements cannot be deleted; void them.', {
        allow: 'GET, HEAD, PUT, POST',
      });
    case 'activities/state':
      return documents(services, request, 'state');
    case 'activities/profile':
      return documents(services, request, 'activity_profile');
    case 'agents/profile':
      return documents(services, request, 'agent_profile');
    case 'activities':
      return activities(services, request);
    default:
      return agents(request);
  }
}

// ── Statements ──────────────────────────────────────────────────────────────────────────────────

async function writeStatements(services: Services, request: XapiRequest): Promise<Answer> {
  const type = mediaType(request.headers);
  let statementsJson: unknown;
  let parts: AttachmentPart[] | null = null;
  if (type === 'multipart/mixed') {
    const boundary = boundaryOf(request.headers['content-type'] ?? '');
    if (!boundary) throw bad('A multipart/mixed body needs a boundary.');
    const [first, ...rest] = parseMultipart(request.body ?? Buffer.alloc(0), boundary);
    if (!first) throw bad('The multipart body holds no statement part.');
    if ((first.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json')
      throw bad('The first part of a multipart body must be application/json.');
    statementsJson = parseJson(first.body, 'The statement part');
    parts = rest.map((part) => {
      const hash = part.headers['x-experience-api-hash'];
      if (!hash) throw bad('Every attachment part needs an X-Experience-API-Hash header.');
      if ((part.headers['content-transfer-encoding'] ?? '').toLowerCase() !== 'binary')
        throw bad('Every attachment part needs Content-Transfer-Encoding: binary.');
      return {
        hash,
        contentType: part.headers['content-type'] ?? 'application/octet-stream',
        content: part.body,
      };
    });
  } else if (type === 'application/json') {
    statementsJson = parseJson(request.body, 'The body');
  } else {
    throw bad('Statements are sent as application/json or multipart/mixed.');
  }
  const now = nowIso();
  const authority = {
    name: request.caller.name,
    key: request.caller.key,
    homePage: request.portal.row.base_url,
  };
  if (request.method === 'PUT') {
    const allowed = Object.keys(request.query).filter((key) => key !== 'statementId');
    if (allowed.length > 0) throw bad(`PUT /statements takes no parameter ${allowed[0]}.`);
    const statementId = request.query['statementId'];
    if (statementId === undefined) throw bad('PUT /statements needs the statementId parameter.');
    if (!isUuid(statementId)) throw bad('The statementId parameter must be a UUID.');
    if (!isObject(statementsJson)) throw bad('PUT /statements takes one statement.');
    const given = statementsJson['id'];
    if (
      given !== undefined &&
      (typeof given !== 'string' || given.toLowerCase() !== statementId.toLowerCase())
    )
      throw new XapiHttpError(400, 'The statement id differs from the statementId parameter.');
    const prepared = prepareStatements(
      [{ ...statementsJson, id: statementId }],
      request.version,
      parts,
      authority,
      now,
    );
    await store(services, request, prepared);
    return { status: 204 };
  }
  if (Object.keys(request.query).length > 0) throw bad('POST /statements takes no parameters.');
  const list = Array.isArray(statementsJson) ? statementsJson : [statementsJson];
  if (list.length === 0) return { status: 200, body: [] };
  const prepared = prepareStatements(list, request.version, parts, authority, now);
  await store(services, request, prepared);
  return { status: 200, body: prepared.statements.map((statement) => statement['id'] as string) };
}

/** Each app's statement writes go through one queue, which commits concurrent requests together. */
const writeQueues = new WeakMap<Services, StatementWriteQueue>();

async function store(
  services: Services,
  request: XapiRequest,
  prepared: ReturnType<typeof prepareStatements>,
): Promise<void> {
  const { actorKey } = request.caller;
  if (actorKey !== null)
    for (const statement of prepared.statements)
      if (agentKey(statement['actor']) !== actorKey)
        throw forbidden("This launch's credential writes statements about its own learner only.");
  let queue = writeQueues.get(services);
  if (!queue) {
    queue = new StatementWriteQueue(services.db);
    writeQueues.set(services, queue);
  }
  await queue.write(request.portal.id, {
    statements: prepared.statements,
    received: prepared.received,
    attachments: prepared.attachments,
    credentialId: request.caller.credentialId,
  });
  if (actorKey !== null)
    await launchStatementsStored({
      db: services.db,
      portal: request.portal,
      credentialId: request.caller.credentialId,
      statements: prepared.statements,
    });
}

async function getStatements(services: Services, request: XapiRequest): Promise<Answer> {
  const { query } = request;
  for (const key of Object.keys(query))
    if (!STATEMENT_PARAMETERS.has(key)) throw bad(`Unknown parameter ${key}.`);
  const format = query['format'] ?? 'exact';
  if (!['ids', 'exact', 'canonical'].includes(format)) throw bad('format is ids, exact or canonical.');
  const withAttachments = booleanParameter(query, 'attachments');
  const mine =
    request.caller.scopes.has('statements/read/mine') &&
    !['all', 'all/read', 'statements/read'].some((scope) => request.caller.scopes.has(scope))
      ? request.caller.credentialId
      : null;
  const consistent = { 'x-experience-api-consistent-through': nowIso() };
  const language = request.headers['accept-language'];

  const single = query['statementId'] ?? query['voidedStatementId'];
  if (single !== undefined) {
    const others = Object.keys(query).filter(
      (key) => !['statementId', 'voidedStatementId', 'format', 'attachments'].includes(key),
    );
    if (others.length > 0 || (query['statementId'] !== undefined && query['voidedStatementId'] !== undefined))
      throw bad('statementId and voidedStatementId go only with format and attachments.');
    if (!isUuid(single)) throw bad('The statement id must be a UUID.');
    const found = await findStatement(
      services.db,
      request.portal.id,
      single,
      query['voidedStatementId'] !== undefined,
      mine,
    );
    if (!found) throw new XapiHttpError(404, 'No such statement.');
    const statement = formatStatement(found.statement, format, language);
    const headers = { ...consistent, 'last-modified': new Date(found.stored).toUTCString() };
    if (withAttachments) return multipartAnswer(services, request, statement, [found], headers);
    return { status: 200, headers, body: statement };
  }

  let position: number | null = null;
  let filters: StatementFilters;
  let limit: number;
  if (query['more'] !== undefined) {
    const state = readMore(query['more']);
    filters = state.filters;
    limit = state.limit;
    position = state.after;
  } else {
    const agent = query['agent'] === undefined ? undefined : agentParameter(query).key;
    const verb = query['verb'];
    if (verb !== undefined && !IRI.test(verb)) throw bad('verb must be an IRI.');
    const activity = query['activity'];
    if (activity !== undefined && !IRI.test(activity)) throw bad('activity must be an IRI.');
    const registration = query['registration'];
    if (registration !== undefined && !isUuid(registration)) throw bad('registration must be a UUID.');
    const rawLimit = query['limit'];
    if (rawLimit !== undefined && !/^\d+$/.test(rawLimit))
      throw bad('limit must be a whole number of 0 or more.');
    limit =
      rawLimit === undefined || Number(rawLimit) === 0
        ? STATEMENT_PAGE_MAX
        : Math.min(Number(rawLimit), STATEMENT_PAGE_MAX);
    filters = {
      ...(agent !== undefined ? { agent } : {}),
      ...(verb !== undefined ? { verb } : {}),
      ...(activity !== undefined ? { activity } : {}),
      ...(registration !== undefined ? { registration } : {}),
      relatedActivities: booleanParameter(query, 'related_activities'),
      relatedAgents: booleanParameter(query, 'related_agents'),
      ascending: booleanParameter(query, 'ascending'),
      ...(sinceParameter(query, 'since') !== undefined
        ? { since: sinceParameter(query, 'since') as string }
        : {}),
      ...(sinceParameter(query, 'until') !== undefined
        ? { until: sinceParameter(query, 'until') as string }
        : {}),
      ...(mine !== null ? { credentialId: mine } : {}),
    };
  }
  const rows = await queryStatements(services.db, request.portal.id, filters, limit, position);
  const page = rows.slice(0, limit);
  const more =
    rows.length > limit
      ? `${XAPI_PREFIX}/statements?more=${writeMore({ filters, limit, after: (page[page.length - 1] as StoredStatement).seq, format, attachments: withAttachments })}`
      : '';
  const result = { statements: page.map((row) => formatStatement(row.statement, format, language)), more };
  const latest = await latestStored(services.db, request.portal.id);
  const headers = { ...consistent, ...(latest ? { 'last-modified': new Date(latest).toUTCString() } : {}) };
  if (withAttachments) return multipartAnswer(services, request, result, page, headers);
  return { status: 200, headers, body: result };
}

interface MoreState {
  filters: StatementFilters;
  limit: number;
  after: number;
  format: string;
  attachments: boolean;
}

function writeMore(state: MoreState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

function readMore(token: string): MoreState {
  try {
    const state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as MoreState;
    if (
      !isObject(state) ||
      typeof state.after !== 'number' ||
      typeof state.limit !== 'number' ||
      !isObject(state.filters)
    )
      throw new Error('malformed');
    return state;
  } catch {
    throw bad('The more link is not one this LRS gave.');
  }
}

async function multipartAnswer(
  services: Services,
  request: XapiRequest,
  document: unknown,
  rows: StoredStatement[],
  headers: Record<string, string>,
): Promise<Answer> {
  const attachments = await loadAttachments(
    services.db,
    request.portal.id,
    rows.flatMap((row) => row.attachmentHashes.map((hash) => hash.toLowerCase())),
  );
  const boundary = `xapi-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(document)}\r\n`),
  ];
  for (const attachment of attachments) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Type: ${attachment.content_type}\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${attachment.sha2}\r\n\r\n`,
      ),
      Buffer.from(attachment.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--`));
  return {
    status: 200,
    headers,
    contentType: `multipart/mixed; boundary=${boundary}`,
    body: Buffer.concat(chunks),
  };
}

// ── Documents ───────────────────────────────────────────────────────────────────────────────────

function documentParameters(request: XapiRequest, kind: DocumentKind): { key: DocumentKey; idName: string } {
  const { query } = request;
  if (kind === 'state') {
    const activityId = requiredIri(query, 'activityId');
    const agent = agentParameter(query);
    const registration = query['registration'];
    if (registration !== undefined && !isUuid(registration)) throw bad('registration must be a UUID.');
    return {
      key: {
        kind,
        subject: activityId,
        agentKey: agent.key,
        ...(registration ? { registration: registration.toLowerCase() } : {}),
      },
      idName: 'stateId',
    };
  }
  if (kind === 'activity_profile')
    return { key: { kind, subject: requiredIri(query, 'activityId') }, idName: 'profileId' };
  return { key: { kind, subject: agentParameter(query).key }, idName: 'profileId' };
}

function etagMatches(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .some((tag) => tag === '*' || tag === etag);
}

async function documents(services: Services, request: XapiRequest, kind: DocumentKind): Promise<Answer> {
  const { key, idName } = documentParameters(request, kind);
  const scope = request.portal.id;
  const documentId = request.query[idName];
  const since = sinceParameter(request.query);
  const method = request.method;

  if (documentId === undefined) {
    if (method === 'GET' || method === 'HEAD') {
      const rows = await listDocumentIds(services.db, scope, key, since);
      const latest = rows.reduce((newest, row) => (row.updated_at > newest ? row.updated_at : newest), '');
      return {
        status: 200,
        body: rows.map((row) => row.document_id),
        ...(latest ? { headers: { 'last-modified': new Date(latest).toUTCString() } } : {}),
      };
    }
    if (method === 'DELETE' && kind === 'state') {
      await deleteDocuments(services.db, scope, key);
      return { status: 204 };
    }
    throw bad(`The parameter ${idName} is required.`);
  }
  if (since !== undefined) throw bad(`since goes only without ${idName}.`);

  const existing = await findDocument(services.db, scope, key, documentId);
  if (method === 'GET' || method === 'HEAD') {
    if (!existing) throw new XapiHttpError(404, 'No such document.');
    return {
      status: 200,
      headers: { etag: `"${existing.etag}"`, 'last-modified': new Date(existing.updated_at).toUTCString() },
      contentType: existing.content_type,
      body: Buffer.from(existing.content),
    };
  }
  const ifMatch = request.headers['if-match'];
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifMatch !== undefined && (!existing || !etagMatches(ifMatch, existing.etag)))
    throw new XapiHttpError(412, 'The document has changed since you read it (If-Match).');
  if (ifNoneMatch !== undefined && existing && etagMatches(ifNoneMatch, existing.etag))
    throw new XapiHttpError(412, 'The document already exists (If-None-Match).');
  if (method === 'DELETE') {
    if (existing) await deleteDocuments(services.db, scope, key, documentId);
    return { status: 204 };
  }
  const contentType = (request.headers['content-type'] ?? 'application/octet-stream').trim();
  const body = request.body ?? Buffer.alloc(0);
  if (method === 'PUT') {
    const concurrencyRequired = kind !== 'state' || request.version === '2.0';
    if (concurrencyRequired && ifMatch === undefined && ifNoneMatch === undefined) {
      if (existing)
        throw new XapiHttpError(409, 'This document exists: send If-Match with its ETag to change it.');
      if (kind !== 'state')
        throw bad('Send If-None-Match: * to make a profile document, or If-Match to change one.');
    }
    if (mediaType(request.headers) === 'application/json') parseJson(body, 'The document');
    await saveDocument(services.db, scope, key, documentId, contentType, body);
    return { status: 204 };
  }
  // POST merges a JSON object into a stored JSON object.
  if (mediaType(request.headers) !== 'application/json')
    throw bad('POST merges JSON documents: send application/json.');
  const incoming = parseJson(body, 'The document');
  if (!isObject(incoming)) throw bad('POST merges JSON objects.');
  let merged: JsonObject = incoming;
  if (existing) {
    if (existing.content_type.split(';')[0]?.trim().toLowerCase() !== 'application/json')
      throw bad('The stored document is not JSON, so it cannot be merged.');
    const stored = parseJson(Buffer.from(existing.content), 'The stored document');
    if (!isObject(stored)) throw bad('The stored document is not a JSON object, so it cannot be merged.');
    merged = { ...stored, ...incoming };
  }
  await saveDocument(
    services.db,
    scope,
    key,
    documentId,
    'application/json',
    Buffer.from(JSON.stringify(merged)),
  );
  return { status: 204 };
}

// ── Activities and agents ───────────────────────────────────────────────────────────────────────

async function activities(services: Services, request: XapiRequest): Promise<Answer> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    throw new XapiHttpError(405, 'The activities resource is read-only.', { allow: 'GET, HEAD' });
  const activityId = requiredIri(request.query, 'activityId');
  const definition = await findActivity(services.db, request.portal.id, activityId);
  const body: JsonObject = { objectType: 'Activity', id: activityId };
  if (definition && Object.keys(definition).length > 0) body['definition'] = definition;
  return { status: 200, body };
}

function agents(request: XapiRequest): Answer {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    throw new XapiHttpError(405, 'The agents resource is read-only.', { allow: 'GET, HEAD' });
  const { value } = agentParameter(request.query);
  const person: JsonObject = { objectType: 'Person' };
  if (typeof value['name'] === 'string') person['name'] = [value['name']];
  for (const key of ['mbox', 'mbox_sha1sum', 'openid', 'account'] as const)
    if (value[key] !== undefined) person[key] = [value[key] as JsonObject];
  return { status: 200, body: person };
}
