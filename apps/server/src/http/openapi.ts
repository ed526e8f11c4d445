import { z } from 'zod';
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
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

/** What each tag groups, for the rendered reference. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Signing in and out, registration, password reset and the session heartbeat.',
  me: 'The signed-in account with its portal, abilities and counters.',
  accounts: 'Accounts of the portal.',
  preferences: 'Preferences an account stores (property and payload).',
  notifications: "An account's notifications.",
  subscriptions: 'Subscription promotions.',
  portals: 'Portals, their languages and domains.',
  feedback: 'Product feedback: projects, notes and upvotes.',
  courses: 'Courses, their sections and outline.',
  'learning objects': 'Pages, videos, files, quizzes and assignments of a course.',
  enrollments: 'Enrolments, classmates and progress.',
  quizzes: 'Quiz questions, imports and attempts.',
  answers: 'Assignment answers and their review.',
  catalog: 'Catalog categories and content labels.',
  'content issues': 'Problems reported in course content.',
  files: 'Uploaded files and their content.',
};

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

function parametersOf(
  where: 'path' | 'query',
  schema: z.ZodType | undefined,
  components: Record<string, JsonSchema>,
): JsonSchema[] {
  if (!schema) return [];
  const converted = toSchema(schema, 'input', components);
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function errorResponses(definition: RouteDefinition): Record<string, JsonSchema> {
  const error = (description: string) => ({
    description,
    content: jsonContent({ $ref: `${SCHEMA_PREFIX}ErrorDocument` }),
  });
  const writes = definition.method !== 'GET';
  const responses: Record<string, JsonSchema> = {};
  // Any address can be malformed, and any document's `fields[…]` can be invalid.
  responses['400'] = error('A malformed address, body or query parameter (`source.parameter` names it).');
  if (definition.permission !== 'public') responses['401'] = error('Not signed in.');
  if (definition.subscription) {
    responses['402'] = error("An active subscription is needed under the portal's business model.");
  }
  if (
    writes ||
    definition.feature ||
    (definition.permission !== 'public' && definition.permission !== 'signed-in')
  ) {
    responses['403'] = error(
      'Refused: the permission is missing, the portal feature is off, or X-Requested-With is missing on a write.',
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

function operationOf(definition: RouteDefinition, components: Record<string, JsonSchema>): OpenApiOperation {
  const operationId = definition.operationId ?? operationIdOf(definition.method, definition.url);
  const parameters = [
    ...parametersOf('path', definition.params, components),
    ...parametersOf('query', definition.query, components),
  ];
  const success: Record<string, JsonSchema> = {};
  const statuses = definition.statuses ?? [definition.status ?? 200];
  const body =
    definition.response === 'file'
      ? { description: 'The bytes of the file.', content: { 'application/octet-stream': {} } }
      : {
          description: definition.csv
            ? 'Success: the document, or with `Accept: text/csv` every matching row as CSV.'
            : 'Success.',
          content: {
            ...jsonContent(toSchema(definition.response, 'output', components)),
            ...(definition.csv ? { 'text/csv': { schema: { type: 'string' } } } : {}),
          },
        };
  for (const status of statuses) success[String(status)] = body;

  const operation: OpenApiOperation = {
    operationId,
    summary: definition.summary,
    tags: definition.tags,
    security: definition.permission === 'public' ? [] : [{ session: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: { ...success, ...errorResponses(definition) },
  };
  if (definition.upload) {
    operation.requestBody = {
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
    components[name] = toSchema(definition.body, 'input', components);
    const attributes = { $ref: `${SCHEMA_PREFIX}${name}` };
    operation.requestBody = {
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
  return operation;
}

/** The OpenAPI 3.1 document of the API, made from the routes' own declarations. */
export function buildOpenApiDocument(definitions: RouteDefinition[], prefix = '/api'): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  toSchema(errorDocumentSchema, 'output', components);
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const definition of definitions) {
    const operation = operationOf(definition, components);
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
      description:
        'JSON:API documents under /api (`application/vnd.api+json` or `application/json`). ' +
        'State-changing requests need the header `X-Requested-With: XMLHttpRequest`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Leerpad' },
    },
    servers: [{ url: '/', description: 'The portal this document was served by.' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by POST /api/auth/login.',
        },
      },
    },
  };
}
