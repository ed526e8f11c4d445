import { describePermission, INLINE_FILE_TYPES, requiredFeature, rolesGranting } from '@leerpad/core';
import type { Permission } from '@leerpad/core';
import { z } from 'zod';
import { API_TOKEN_PREFIX } from './api-token-auth';
import { includableNames } from './includes';
import { apiSchemas, errorDocumentSchema, JSON_API_MEDIA_TYPE } from './jsonapi';
import type { RouteDefinition } from './route';
import { SESSION_COOKIE } from './session';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  /** The permission an API token's scopes must include to call the operation (absent: no token). */
  'x-token-scope'?: string;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

/** The security schemes' names in `components.securitySchemes` and in each operation's `security`. */
export const SESSION_SCHEME = 'session';
export const API_TOKEN_SCHEME = 'apiToken';

/** What each tag groups, for the rendered reference. Every tag a route uses needs one (the test checks). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Signing in and out, registration, password reset and the session heartbeat.',
  me: 'The signed-in account with its portal, abilities and counters.',
  accounts: 'Accounts of the portal: search, administration, import and export.',
  admin: "The admin dashboard's figures for the portal.",
  agreements: 'Terms and conditions: versions per language, acceptances and their log.',
  announcements: 'Announcements to an audience within a time window, and their read state.',
  answers: 'Assignment answers and their review.',
  approvals: "Enrolment approval requests and coaches' mandates to decide them.",
  audit: 'The audit log of staff actions, and its CSV export.',
  catalog: 'Catalog categories and content labels.',
  certifications:
    'Certifications, their assignments, certificates (PDF and verifiable credential), verification and the qualifications report.',
  'client errors': 'Errors the web app reports from the browser.',
  analytics:
    'Page views of the web app, counted per route and day on our own host, and the switch that turns counting off.',
  coaching: "Coaches' students, follow-ups and the coach dashboard.",
  commerce:
    'Products, sales catalogs, promotions, orders, payments, invoices, subscriptions and order automations.',
  'content issues': 'Problems reported in course content.',
  courses: 'Courses, their sections and outline.',
  enrollments: 'Enrolments, classmates and progress.',
  'feature flags': "The portal's features, switched on and off.",
  feedback: 'Product feedback: projects, notes and upvotes.',
  files: 'Uploaded files and their content.',
  impersonations: 'Support acting as another account, with a reason, and the record of it.',
  integrations: "API tokens and webhooks: how a portal's own systems reach Leerpad and hear from it.",
  'learning objects': 'Pages, videos, files, quizzes and assignments of a course.',
  lti: 'LTI 1.3 learning objects: their tool, launches and adding content from a tool by deep linking (decision 070).',
  scorm:
    'SCORM 1.2 and 2004 packages of scorm learning objects: upload, launch and runtime data (decision 064).',
  cmi5: 'cmi5 courses of cmi5 learning objects: import, launch and the AU states the LRS feeds (decision 068).',
  marketing: "The portal's mailing list: its settings, consent and export.",
  notifications: "An account's notifications.",
  portals: 'Portals, their languages and domains.',
  portfolio:
    "Students' portfolios, public profiles, profile photos and feedback asked through single-use links.",
  preferences: 'Preferences an account stores (property and payload).',
  quizzes: 'Quiz questions, imports and attempts.',
  subscriptions: 'Subscription promotions.',
  tickets: 'Questions students ask their coaches, and the threads that answer them.',
};

/**
 * What a route that answers raw bytes (`response: 'file'`) sends, by `METHOD url` as declared. A new
 * file route needs an entry; the test lists any that lack one.
 */
interface FileAnswer {
  /** Each media type the route can answer with, and what its body is. */
  content: Record<string, JsonSchema>;
  /** A sentence for the operation's description and the response. */
  description: string;
}

const CSV_SCHEMA = {
  type: 'string',
  description: 'UTF-8 CSV with a header row, then one line per row.',
};
const csvFile = (filename: string, columns: string): FileAnswer => ({
  content: { 'text/csv': { schema: CSV_SCHEMA, example: columns } },
  description: `A CSV file (\`text/csv; charset=utf-8\`, an attachment named \`${filename}\`) with the header row \`${columns}\` and one line per row, never paged.`,
});
const pdfFile = (what: string): FileAnswer => ({
  content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
  description: `${what} as a PDF document (\`application/pdf\`, shown in place), rendered in the reader's language.`,
});
const bytes = (type: string) => ({ schema: { type: 'string', contentMediaType: type } });
/** A stored file: shown in place in one of core's INLINE_FILE_TYPES, anything else is a download. */
const storedFile = (where: string): FileAnswer => ({
  content: Object.fromEntries(
    [...INLINE_FILE_TYPES, 'application/octet-stream'].map((type) => [type, bytes(type)]),
  ),
  description:
    `${where}, as uploaded. Images (PNG, JPEG, GIF, WebP, AVIF), PDF, MP4 and WebM video, MP3 and Ogg audio ` +
    'and plain text are sent with their own type to be shown in place (`Content-Disposition: inline`); ' +
    'anything else, and any file with `?download=1`, as an `application/octet-stream` attachment under its name.',
});
const FILE_ANSWERS: Record<string, FileAnswer> = {
  'GET /v1/accounts/export': csvFile(
    'accounts.csv',
    'id,full_name,email,roles,locale,active,subscription,last_online,created_at',
  ),
  'GET /v1/agreement_acceptances/export': csvFile(
    'agreement-acceptances.csv',
    'version,language,account_id,full_name,email,accepted_at,ip',
  ),
  'GET /v1/audit_events/export': csvFile(
    'audit-log.csv',
    'created_at,actor,acting_for,action,entity_type,entity_id,ip,details',
  ),
  'GET /v1/mailing_list_settings/export': csvFile(
    'mailing-list.csv',
    'account_id,full_name,email,locale,consent',
  ),
  'GET /v1/orders/export': csvFile(
    'orders.csv',
    'order,date,state,buyer,email,country,vat_id,currency,subtotal,discount,vat,total,refunded,invoices',
  ),
  'GET /v1/invoices/:invoice/pdf': pdfFile('The invoice or credit note'),
  'GET /v1/certificates/:certificate/pdf': pdfFile('The certificate'),
  'GET /v1/certificates/:certificate/credential': {
    content: {
      'application/vc+jwt': {
        schema: {
          type: 'string',
          description: 'A compact JWS: header, payload and signature, base64url-encoded and joined by dots.',
          pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
        },
      },
    },
    description:
      "An Open Badges 3.0 `OpenBadgeCredential` signed as a VC-JWT (`application/vc+jwt`, decision 032) with the portal's key, " +
      'published at `/.well-known/jwks.json`; an attachment named `certificate-<code>.jwt`. Revocation shows in the status list at `/credentials/status-list`.',
  },
  'GET /v1/files/:file/content': storedFile('The bytes of the file'),
  'GET /v1/rate/:token/files/:file': storedFile("The bytes of the item's file"),
  'GET /v1/profiles/:handle/files/:file': storedFile("The bytes of the public item's file"),
  'GET /v1/portals/:portal/exports/:export/file': {
    content: { 'application/zip': bytes('application/zip') },
    description:
      'The portal export (decision 059) as an `application/zip` attachment: `manifest.json`, `tables/<table>.json` ' +
      '(a JSON array, one row per line) and `files/<storage key>` for every uploaded file.',
  },
  'GET /v1/learning_objects/:learning_object/qti': {
    content: { 'application/zip': bytes('application/zip') },
    description:
      'The quiz as a QTI 3.0 content package (decision 066), an `application/zip` attachment named `<quiz title>.qti.zip`: ' +
      '`imsmanifest.xml`, `test.xml` with the questions in order, and `items/Q<id>.xml` per question.',
  },
  'GET /v1/avatars/:file': {
    content: Object.fromEntries(['image/png', 'image/jpeg', 'image/webp'].map((type) => [type, bytes(type)])),
    description:
      'The profile photo: a PNG, JPEG or WebP image (checked by its first bytes when it was chosen), shown in place.',
  },
  'GET /v1/portals/:portal/logo/:name': {
    content: Object.fromEntries(['image/png', 'image/svg+xml'].map((type) => [type, bytes(type)])),
    description:
      "The portal's logo: a PNG within the pixel limits or a sanitised SVG (decision 058), cached for a year.",
  },
  'GET /v1/portals/:portal/favicon/:name': {
    content: Object.fromEntries(
      ['image/png', 'image/x-icon', 'image/svg+xml'].map((type) => [type, bytes(type)]),
    ),
    description: "The portal's favicon: PNG, ICO or sanitised SVG (decision 058), cached for a year.",
  },
};

/** The file answer of a `response: 'file'` route, or undefined when FILE_ANSWERS lacks it. */
export const fileAnswerOf = (definition: Pick<RouteDefinition, 'method' | 'url'>) =>
  FILE_ANSWERS[`${definition.method} ${definition.url}`];

/**
 * Routes called by another server that signs its requests instead of sending X-Requested-With
 * (app.ts skips the cross-site guard for PAYMENT_WEBHOOK_PATH; the test checks they agree).
 */
export const SIGNED_BY_CALLER = new Set(['/v1/payment_webhooks/stripe']);

/**
 * Routes whose handler refuses API tokens although their permission could be a scope: a token cannot
 * make tokens (decision 022). The test checks the server refuses them.
 */
export const SESSION_ONLY = new Set(['POST /v1/api_tokens']);
const sessionOnly = (definition: Pick<RouteDefinition, 'method' | 'url'>) =>
  SESSION_ONLY.has(`${definition.method} ${definition.url}`);
/** The permission an API token's scopes must include to call the route, or undefined when no token may. */
const tokenScopeOf = (definition: RouteDefinition) =>
  definition.permission === 'public' || definition.permission === 'signed-in' || sessionOnly(definition)
    ? undefined
    : definition.permission;

const SCHEMA_PREFIX = '#/components/schemas/';
const JSON_MEDIA_TYPES = ['application/json', JSON_API_MEDIA_TYPE] as const;

/** `/v1/courses/:course/outline` (under /api) → `/api/v1/courses/{course}/outline`. */
export const openApiPath = (prefix: string, url: string) => `${prefix}${url}`.replace(/:([a-z_]+)/g, '{$1}');

const pascal = (text: string) =>
  text
    .split(/[_-]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** A stable name from method and path: `PATCH /v1/courses/:course/outline` → `patchCoursesByCourseOutline`. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter((segment) => segment && segment !== 'v1')
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return `${method.toLowerCase()}${parts.join('')}`;
}

/**
 * JSON Schema 2020-12 of a zod schema (OpenAPI 3.1's dialect). Named schemas it uses are moved into
 * `components` and referenced.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>) {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    metadata: apiSchemas,
    unrepresentable: 'any',
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = converted;
  const moveRefs = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${SCHEMA_PREFIX}`)) as JsonSchema;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const { id: _id, ...body } = definition;
    components[name] ??= moveRefs(body);
  }
  const { id, ...body } = rest;
  if (typeof id === 'string') {
    components[id] ??= moveRefs(body);
    return { $ref: `${SCHEMA_PREFIX}${id}` };
  }
  return moveRefs(body);
}

const jsonContent = (schema: JsonSchema) =>
  Object.fromEntries(JSON_MEDIA_TYPES.map((type) => [type, { schema }]));

const code = (text: string) => `\`${text}\``;
const codes = (texts: readonly string[]) => texts.map(code).join(', ');
/** The summary as a sentence. */
const sentence = (text: string) => (/[.!?)]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** What a query parameter is for, from its name: JSON:API's own parameters and filters. */
function parameterDescription(name: string, schema: JsonSchema): string | undefined {
  const own = typeof schema.description === 'string' ? schema.description : undefined;
  if (own) return own;
  const values = Array.isArray(schema.enum) ? ` One of ${codes(schema.enum.map(String))}.` : '';
  if (name === 'page[number]') return 'The page to answer, from 1.';
  if (name === 'page[size]') return `Rows per page (at most ${String(schema.maximum ?? 100)}).`;
  if (name === 'limit') return 'Rows per page, as `page[size]` (which wins when both are sent).';
  if (name === 'include')
    return 'Related resources to add to `included`: a comma list of relationship names.';
  if (name === 'sort') return 'Sort properties, comma-separated; a `-` before one sorts it descending.';
  const filter = /^filter\[(.+)\]$/.exec(name);
  if (filter) {
    const ids = typeof schema.pattern === 'string' && schema.pattern.startsWith('^[1-9][0-9]');
    return `Filter by ${filter[1]!.replaceAll('_', ' ')}${ids ? ': one id or a comma list of ids (any of them)' : ''}.${values}`;
  }
  return values ? values.trim() : undefined;
}

function parametersOf(
  where: 'path' | 'query',
  schema: z.ZodType | undefined,
  components: Record<string, JsonSchema>,
): JsonSchema[] {
  if (!schema) return [];
  const converted = toSchema(schema, 'input', components);
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const description =
      where === 'path'
        ? `The ${name.replaceAll('_', ' ')}'s id or key.`
        : parameterDescription(name, property);
    return {
      name,
      in: where,
      ...(description ? { description } : {}),
      required: where === 'path' || required.has(name),
      schema: property,
    };
  });
}

const isWrite = (definition: RouteDefinition) => definition.method !== 'GET';

function errorResponses(definition: RouteDefinition): Record<string, JsonSchema> {
  const error = (description: string) => ({
    description,
    content: jsonContent({ $ref: `${SCHEMA_PREFIX}ErrorDocument` }),
  });
  const responses: Record<string, JsonSchema> = {};
  // Any address can be malformed, and any document's `fields[…]` can be invalid.
  responses['400'] = error('A malformed address, body or query parameter (`source.parameter` names it).');
  if (definition.permission !== 'public') {
    responses['401'] = error('Not signed in, or an unknown or revoked API token.');
  }
  if (definition.subscription) {
    responses['402'] = error("An active subscription is needed under the portal's business model.");
  }
  if (
    isWrite(definition) ||
    definition.feature ||
    (definition.permission !== 'public' && definition.permission !== 'signed-in')
  ) {
    responses['403'] = error(
      'Refused: the permission is missing (`FORBIDDEN`), the portal feature is off (`FEATURE_DISABLED`), ' +
        "an API token's scopes do not include the route (`TOKEN_SCOPE`), or X-Requested-With is missing on a write (`CSRF`).",
    );
  }
  if (definition.params) responses['404'] = error('No such record on this portal (or not visible to you).');
  if (definition.upload) responses['413'] = error('The file is larger than the upload limit.');
  if (definition.body || definition.upload) {
    responses['415'] = error(
      definition.upload
        ? 'Not sent as multipart/form-data.'
        : 'Not sent as JSON or JSON:API, or the JSON:API media type carries a parameter other than profile.',
    );
  }
  if (definition.body) {
    responses['409'] = error(
      'A JSON:API document names another resource type, or an update names another id than the address.',
    );
  }
  if (definition.body || definition.upload) {
    responses['422'] = error('An attribute is invalid; `source.pointer` names it.');
  } else if (definition.filterErrors) {
    responses['422'] = error('A filter value is invalid; `source.pointer` names the parameter.');
  }
  responses.default = error('Any other failure, as a JSON:API error document.');
  return responses;
}

/** Who may call the route: the security requirement objects of the operation. */
function securityOf(definition: RouteDefinition): Array<Record<string, string[]>> {
  if (definition.permission === 'public') return [];
  // API tokens open only routes whose declared permission is in their scopes; `signed-in` routes are
  // about a person using the app and refuse every token (decision 022). OpenAPI 3.1 would allow the
  // permission as a "role" in the requirement, but spectral's oas3-operation-security-defined accepts
  // scopes on OAuth 2 schemes only, and the token is not OAuth 2: the permission is the operation's
  // `x-token-scope` instead.
  return tokenScopeOf(definition)
    ? [{ [SESSION_SCHEME]: [] }, { [API_TOKEN_SCHEME]: [] }]
    : [{ [SESSION_SCHEME]: [] }];
}

const SUCCESS_WORDS: Record<number, string> = {
  200: 'Success.',
  201: 'Created.',
  202: 'Accepted: the work goes on after the answer.',
  204: 'Done; no body.',
};

/** The resource type a success schema answers with, and whether it is a list. */
function resourceOf(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
): { name: string; type: string; list: boolean; nullable: boolean } | undefined {
  const data = (schema.properties as Record<string, JsonSchema> | undefined)?.data;
  if (!data) return undefined;
  const list = data.type === 'array';
  const candidates = [
    ...(list ? [data.items as JsonSchema] : [data]),
    ...((data.anyOf ?? data.oneOf ?? []) as JsonSchema[]),
  ];
  const nullable = candidates.some((candidate) => candidate?.type === 'null');
  for (const candidate of candidates) {
    const ref = candidate?.$ref;
    if (typeof ref !== 'string') continue;
    const name = ref.slice(SCHEMA_PREFIX.length);
    const type = ((components[name]?.properties as Record<string, JsonSchema> | undefined)?.type ?? {}).const;
    if (typeof type === 'string') return { name, type, list, nullable };
  }
  return undefined;
}

/** The relationships each resource type can include, from the modules' `includable(...)` calls. */
const includableByType = () => new Map(includableNames());

/**
 * The operation's description, made from what the route declares, so that it cannot drift from
 * the pipeline that enforces it: the summary (or the route's own `description`), who may call it,
 * feature and subscription gates, query parameters, body, and what it answers.
 */
function describeOperation(
  definition: RouteDefinition,
  context: {
    parameters: JsonSchema[];
    responseSchema: JsonSchema | undefined;
    bodySchema: JsonSchema | undefined;
    components: Record<string, JsonSchema>;
    includable: Map<string, string[]>;
  },
): string {
  const paragraphs = [sentence(definition.description ?? definition.summary)];

  const permission = definition.permission;
  if (permission === 'public') {
    paragraphs.push(
      '**Who may call it:** anyone; no session is needed. A signed-in account may be answered with more, ' +
        'and an API token is answered as any visitor.',
    );
  } else if (permission === 'signed-in') {
    paragraphs.push(
      '**Who may call it:** any signed-in account of the portal, with the session cookie. ' +
        'API tokens are refused (403 `TOKEN_SCOPE`): the route is about a person using the app (decision 022).',
    );
  } else {
    const roles = rolesGranting(permission as Permission);
    paragraphs.push(
      `**Who may call it:** holders of the permission ${code(permission)}: ${describePermission(permission as Permission)} ` +
        `It comes with the roles ${codes(roles)}; without it the answer is 403 \`FORBIDDEN\`. ` +
        (sessionOnly(definition)
          ? 'Only with the session cookie: an API token is refused here whatever its scopes (403 `TOKEN_SCOPE`).'
          : `An API token may call it when its scopes include ${code(permission)}.`),
    );
  }
  if (definition.params) {
    paragraphs.push(
      "Records are looked up within the request's portal: another portal's id, or one the caller may not see, is 404 `NOT_FOUND`; the module's record rules may refuse others with 403.",
    );
  }

  const features = [
    ...new Set(
      [
        definition.feature,
        permission === 'public' || permission === 'signed-in' ? undefined : requiredFeature(permission),
      ].filter((feature): feature is string => Boolean(feature)),
    ),
  ];
  if (features.length > 0) {
    paragraphs.push(
      `**Feature:** only on portals with ${codes(features)} switched on; elsewhere 403 \`FEATURE_DISABLED\`.`,
    );
  }
  if (definition.subscription) {
    paragraphs.push(
      '**Subscription:** on a portal whose business model is `subscription` or `in_plan` (without `flat_fee`), ' +
        'the account needs an active subscription (support accounts excepted); otherwise 402 `PAYMENT_REQUIRED`.',
    );
  }

  const query = context.parameters.filter((parameter) => parameter.in === 'query');
  const names = new Set(query.map((parameter) => String(parameter.name)));
  const lines: string[] = [];
  if (names.has('page[number]') || names.has('page[size]')) {
    lines.push(
      '- **Pages:** `page[number]` (from 1) and `page[size]`; `meta.total` and `meta.last_page` count them and `links` point to them.',
    );
  }
  const filters = query.filter((parameter) => String(parameter.name).startsWith('filter['));
  if (filters.length > 0) {
    const described = filters.map((parameter) => {
      const values = (parameter.schema as JsonSchema).enum;
      return Array.isArray(values)
        ? `${code(String(parameter.name))} (${values.map(String).join(' | ')})`
        : code(String(parameter.name));
    });
    lines.push(
      `- **Filters:** ${described.join(', ')}. A malformed value is 400 with \`source.parameter\`${definition.filterErrors ? '; a value that names nothing usable is 422' : ''}.`,
    );
  }
  if (names.has('include')) {
    const resource = context.responseSchema
      ? resourceOf(context.responseSchema, context.components)
      : undefined;
    const known = resource ? context.includable.get(resource.type) : undefined;
    lines.push(
      known && known.length > 0
        ? `- **Include:** \`include\` names relationships of \`${resource!.type}\` to add to \`included\`, from ${codes(known)}; a name this route does not offer is 400 \`INVALID_INCLUDE\`.`
        : '- **Include:** nothing can be included here.',
    );
  }
  if (names.has('sort')) {
    // Which properties a route sorts on is decided in its handler, not declared: the summary names them.
    lines.push(
      '- **Sort:** `sort` takes one or two properties, comma-separated, `-` before one for descending, where the route offers a choice of order (the summary names the properties; another is 400 `INVALID_SORT`, whose detail lists them). Otherwise the order is fixed.',
    );
  }
  const others = [...names].filter(
    (name) =>
      !['page[number]', 'page[size]', 'limit', 'include', 'sort'].includes(name) &&
      !name.startsWith('filter['),
  );
  if (others.length > 0) lines.push(`- **Other parameters:** ${codes(others)} (see below).`);
  if (lines.length > 0) paragraphs.push(`**Query:**\n\n${lines.join('\n')}`);

  if (definition.upload) {
    paragraphs.push(
      `**Body:** \`multipart/form-data\` with the file in the part ${code(definition.upload)}; a larger file than the limit is 413, another body 415, no file 422.`,
    );
  } else if (context.bodySchema) {
    const required = Array.isArray(context.bodySchema.required)
      ? (context.bodySchema.required as string[])
      : [];
    paragraphs.push(
      '**Body:** the attributes as a plain JSON object, or as a JSON:API resource object (`{"data": {"type", "attributes"}}`)' +
        (required.length > 0 ? `; required: ${codes(required)}` : '') +
        '. An invalid attribute is 422 with one error per field, `source.pointer` following the shape sent (`/name` or `/data/attributes/name`).',
    );
  }
  if (isWrite(definition) && !SIGNED_BY_CALLER.has(definition.url)) {
    paragraphs.push(
      'With the session cookie (or none), this state-changing request needs the header `X-Requested-With: XMLHttpRequest` and, when an `Origin` is sent, our own; otherwise 403 `CSRF`. A request with an API token needs neither.',
    );
  }

  paragraphs.push(`**Answer:** ${answerText(definition, context, names.has('include'))}`);
  return paragraphs.join('\n\n');
}

/** What a JSON success document holds, in words: a resource, a list, `meta` only or a plain object. */
function documentKind(schema: JsonSchema, components: Record<string, JsonSchema>): string {
  const resource = resourceOf(schema, components);
  const properties = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
  if (resource?.list) {
    return `a list of \`${resource.type}\` resources (\`${resource.name}\`)${properties.includes('links') ? ' with `meta.total`, `meta.last_page` and pagination `links`' : ''}`;
  }
  if (resource) {
    return `one \`${resource.type}\` resource (\`${resource.name}\`)${resource.nullable ? ', or `data: null` when there is none' : ''}`;
  }
  if (properties.length === 1 && properties[0] === 'meta') {
    const meta = Object.keys(
      (((schema.properties as Record<string, JsonSchema>).meta ?? {}).properties ?? {}) as Record<
        string,
        unknown
      >,
    );
    return meta.length > 0 ? `a document with \`meta\` only (${codes(meta)})` : 'a document with `meta` only';
  }
  if (properties.includes('data')) return 'a JSON:API document';
  return properties.length > 0 ? `a JSON object with ${codes(properties)}` : 'a JSON object';
}

function answerText(
  definition: RouteDefinition,
  context: { responseSchema: JsonSchema | undefined; components: Record<string, JsonSchema> },
  includes: boolean,
): string {
  const statuses = definition.statuses ?? [definition.status ?? 200];
  const status =
    statuses.length === 1 ? `${statuses[0]}` : `${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}`;
  if (definition.response === 'file') {
    const file = fileAnswerOf(definition);
    return `${status}. ${file?.description ?? 'The bytes of a file.'}`;
  }
  const schema = context.responseSchema ?? {};
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  let what = alternatives
    ? `either ${alternatives.map((alternative) => documentKind(alternative, context.components)).join(', or ')}`
    : documentKind(schema, context.components);
  const properties = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
  if (properties.includes('included') && includes)
    what += ', with the related resources asked for in `included`';
  const csv = definition.csv
    ? ' With `Accept: text/csv` preferred over JSON, every matching row as a CSV attachment instead (no pages).'
    : '';
  return `${status} with ${what}, as \`application/vnd.api+json\` when the Accept header prefers it, else \`application/json\`.${csv} Failures are JSON:API error documents (below).`;
}

function successResponses(
  definition: RouteDefinition,
  responseSchema: JsonSchema | undefined,
): Record<string, JsonSchema> {
  const statuses = definition.statuses ?? [definition.status ?? 200];
  const success: Record<string, JsonSchema> = {};
  for (const status of statuses) {
    const words = SUCCESS_WORDS[status] ?? 'Success.';
    if (definition.response === 'file') {
      const file = fileAnswerOf(definition);
      success[String(status)] = {
        description: file?.description ?? 'The bytes of a file.',
        headers: {
          'Content-Disposition': {
            description: '`inline` or `attachment`, with the file name.',
            schema: { type: 'string' },
          },
        },
        content: file?.content ?? { 'application/octet-stream': bytes('application/octet-stream') },
      };
      continue;
    }
    success[String(status)] = {
      description: definition.csv
        ? `${words} The document, or with \`Accept: text/csv\` every matching row as CSV.`
        : words,
      content: {
        ...jsonContent(responseSchema!),
        ...(definition.csv ? { 'text/csv': { schema: CSV_SCHEMA } } : {}),
      },
    };
  }
  return success;
}

function operationOf(
  definition: RouteDefinition,
  components: Record<string, JsonSchema>,
  includable: Map<string, string[]>,
): OpenApiOperation {
  const operationId = definition.operationId ?? operationIdOf(definition.method, definition.url);
  const parameters = [
    ...parametersOf('path', definition.params, components),
    ...parametersOf('query', definition.query, components),
  ];
  const responseSchema =
    definition.response === 'file' ? undefined : toSchema(definition.response, 'output', components);
  let bodySchema: JsonSchema | undefined;
  let requestBody: JsonSchema | undefined;
  if (definition.upload) {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              [definition.upload]: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
            required: [definition.upload],
          },
        },
      },
    };
  } else if (definition.body) {
    const name = `${pascal(operationId)}Body`;
    bodySchema = toSchema(definition.body, 'input', components);
    components[name] = bodySchema;
    const attributes = { $ref: `${SCHEMA_PREFIX}${name}` };
    requestBody = {
      required: true,
      content: jsonContent({
        description:
          "A JSON:API document whose `data.type` is the type written (409 otherwise; `data.id` only on an update, the id of the address), or the same fields as one plain object (`application/json`): its attributes, and each relationship as its resource identifier `{type, id}` (or a list of them, or null) under the relationship's name (decision 050).",
        anyOf: [
          attributes,
          {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  type: definition.resourceType ? { const: definition.resourceType } : { type: 'string' },
                  id: { type: 'string' },
                  attributes: { type: 'object' },
                  relationships: {
                    type: 'object',
                    additionalProperties: {
                      type: 'object',
                      properties: { data: {} },
                      required: ['data'],
                    },
                  },
                },
                required: ['type'],
              },
            },
            required: ['data'],
          },
        ],
      }),
    };
  }
  return {
    operationId,
    summary: definition.summary,
    description: describeOperation(definition, {
      parameters,
      responseSchema,
      bodySchema,
      components,
      includable,
    }),
    tags: definition.tags,
    security: securityOf(definition),
    ...(tokenScopeOf(definition) ? { 'x-token-scope': tokenScopeOf(definition) } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successResponses(definition, responseSchema), ...errorResponses(definition) },
  };
}

const API_DESCRIPTION = [
  'JSON:API documents under /api (`application/vnd.api+json` or `application/json`); the contract in prose is `docs/api-contract.md`.',
  '**Authentication.** A browser signs in with `POST /api/auth/login` and sends the `leerpad_session` cookie (scheme `session`). ' +
    "A portal's own systems send an API token instead, `Authorization: Bearer lpat_…` (scheme `apiToken`): it acts as the staff member who made it, " +
    'only on the routes whose permission is in its scopes; each operation names that permission in `x-token-scope`. Routes without security are public.',
  '**Writes.** A state-changing request with the session cookie (or none) needs the header `X-Requested-With: XMLHttpRequest` and, when an `Origin` is sent, our own; one with an API token needs neither.',
  '**Files.** Exports answer `text/csv`, invoices and certificates `application/pdf`, credentials `application/vc+jwt`, and uploaded files their own type.',
].join('\n\n');

/** The OpenAPI 3.1 document of the API, made from the routes' own declarations. */
export function buildOpenApiDocument(definitions: RouteDefinition[], prefix = '/api'): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  toSchema(errorDocumentSchema, 'output', components);
  const includable = includableByType();
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const definition of definitions) {
    const operation = operationOf(definition, components, includable);
    if (operationIds.has(operation.operationId)) {
      throw new Error(`Two routes share the operationId "${operation.operationId}".`);
    }
    operationIds.add(operation.operationId);
    const path = openApiPath(prefix, definition.url);
    paths[path] = { ...paths[path], [definition.method.toLowerCase()]: operation };
  }
  const tags = [...new Set(definitions.flatMap((definition) => definition.tags))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Leerpad API',
      version: '1.0.0',
      description: API_DESCRIPTION,
      // The document is the same on every portal; whoever runs the deployment answers for its API.
      contact: { name: "The operators of this portal's Leerpad deployment" },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Leerpad' },
    },
    servers: [{ url: '/', description: 'The portal this document was served by.' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The session cookie set by POST /api/auth/login (httpOnly, SameSite=Lax). State-changing requests with it also need `X-Requested-With: XMLHttpRequest`.',
        },
        [API_TOKEN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX} followed by 43 base64url characters`,
          description:
            'An API token (decision 022), made by staff holding `manage:portal-settings` at `POST /api/v1/api_tokens`; the secret is shown once. ' +
            "It acts as its creator, with the creator's current roles, on the routes whose permission is one of its scopes (each operation names it in `x-token-scope`); " +
            'other routes answer 403 `TOKEN_SCOPE`, and routes for a signed-in person (`/me`, preferences, notifications …) never accept it. ' +
            'A token cannot make tokens. An unknown or revoked token is 401 everywhere. The session cookie is ignored when a token is sent.',
        },
      },
    },
  };
}
