import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from './errors';
import { JSON_API_MEDIA_TYPE } from './jsonapi';
import { idReference } from './list-query';

/**
 * A write body as a route's schema validates it, and where each of its fields was in the request.
 *
 * A JSON:API document (`{"data": {"type", "id"?, "attributes", "relationships"}}`) becomes one flat
 * object: its attributes, and each relationship's `data` under the relationship's name (a resource
 * identifier `{type, id}`, a list of them, or null). A plain JSON object is that flat shape already:
 * `{"note": "…", "student": {"type": "accounts", "id": "5"}}` — the shape the web app reads a
 * resource in once its relationships are resolved (decision 050).
 */
export interface WriteBody {
  value: unknown;
  /** The request's JSON pointer for a body path: `/note`, `/data/attributes/note`, `/data/relationships/student/data/id`. */
  pointer(path: string): string;
}

/** What the pipeline needs to know of a route to check its write documents. */
export interface WriteTarget {
  method: string;
  url: string;
  /** The resource type the route writes; a JSON:API document must name it in `data.type`. */
  resourceType?: string;
  /** The body schema: its `relatedTo` fields are relationships (pointers for one left out). */
  body?: z.ZodType;
}

/** Whether a body field is read as a resource identifier (or a list of them): a relationship. */
function isRelationship(schema: z.ZodType): boolean {
  const def = schema.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') {
    return def.innerType ? isRelationship(def.innerType) : false;
  }
  if (def.type === 'array') return def.element ? isRelationship(def.element) : false;
  if (def.type === 'pipe' && def.in instanceof z.ZodObject) {
    const shape = def.in.shape as Record<string, z.ZodType>;
    return shape.type instanceof z.ZodLiteral && 'id' in shape;
  }
  return false;
}

const relationshipsOfBody = new WeakMap<z.ZodType, Set<string>>();
/** The names of a body schema's relationships, found once per schema. */
function relationshipNames(body: z.ZodType | undefined): Set<string> {
  if (!body) return new Set();
  let names = relationshipsOfBody.get(body);
  if (!names) {
    const shape = body instanceof z.ZodObject ? (body.shape as Record<string, z.ZodType>) : {};
    names = new Set(Object.keys(shape).filter((name) => isRelationship(shape[name]!)));
    relationshipsOfBody.set(body, names);
  }
  return names;
}

const DOCUMENT_CODES = {
  INVALID_DOCUMENT: 'Bad request',
  TYPE_MISMATCH: 'Conflict',
  ID_MISMATCH: 'Conflict',
  CLIENT_ID_UNSUPPORTED: 'Forbidden',
} as const;

function documentError(status: number, code: keyof typeof DOCUMENT_CODES, detail: string, pointer: string) {
  return new ApiError(status, [{ code, title: DOCUMENT_CODES[code], detail, source: { pointer } }]);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The name of the URL's last segment when it is a parameter (`/v1/follow_ups/:follow_up` → `follow_up`). */
function idParameter(url: string): string | null {
  const last = url.split('/').pop() ?? '';
  return last.startsWith(':') ? last.slice(1) : null;
}

/** Refuses a route that takes a body but does not say which resource type it writes. */
export function checkRouteResourceType(target: WriteTarget & { body?: unknown }): void {
  if (target.body && !target.resourceType) {
    throw new Error(
      `Route ${target.method} ${target.url} takes a body but declares no resourceType; refusing to start.`,
    );
  }
}

/**
 * JSON:API 1.1 lets the media type carry `ext` and `profile` only. We support no extension, so a
 * body labelled with `ext` or any other parameter (`charset` too) is refused; a profile is ignored.
 */
export function checkContentType(request: FastifyRequest): void {
  const header = request.headers['content-type'];
  if (typeof header !== 'string') return;
  const [essence, ...parameters] = header.split(';').map((part) => part.trim());
  const type = essence?.toLowerCase();
  // Fastify reads text/plain as a string: a write body is JSON or nothing.
  if (type !== 'application/json' && type !== JSON_API_MEDIA_TYPE) {
    throw unsupportedMediaType('Send the request body as application/json or application/vnd.api+json.');
  }
  if (type !== JSON_API_MEDIA_TYPE) return;
  for (const parameter of parameters) {
    if (parameter === '') continue;
    const name = parameter.split('=')[0]!.trim().toLowerCase();
    if (name === 'profile') continue;
    throw unsupportedMediaType(
      name === 'ext'
        ? 'This server supports no JSON:API extension.'
        : `The JSON:API media type takes no "${name}" parameter.`,
    );
  }
}

function unsupportedMediaType(detail: string) {
  return new ApiError(415, [
    {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      title: 'Unsupported media type',
      detail,
      meta: { accepted: `application/json, ${JSON_API_MEDIA_TYPE}` },
    },
  ]);
}

/**
 * Reads a write request's body for the route's schema. A JSON:API document is checked to the
 * letter: `data` is one resource object whose `type` is the route's (409 otherwise), a create names
 * no id of its own (403), an update names the id of its URL (409).
 */
export function readWriteBody(request: FastifyRequest, target: WriteTarget): WriteBody {
  if (request.body !== undefined) checkContentType(request);
  const raw: unknown = request.body ?? {};
  const labelledJsonApi = String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith(JSON_API_MEDIA_TYPE);
  if (!isObject(raw) || !('data' in raw)) {
    if (labelledJsonApi && request.body !== undefined) {
      throw documentError(400, 'INVALID_DOCUMENT', 'A JSON:API document needs a data member.', '/data');
    }
    return { value: raw, pointer: (path) => (path ? `/${path}` : '/') };
  }

  const data = raw.data;
  if (!isObject(data)) {
    throw documentError(400, 'INVALID_DOCUMENT', 'data must be one resource object.', '/data');
  }
  if (target.resourceType && data.type !== target.resourceType) {
    throw documentError(
      409,
      'TYPE_MISMATCH',
      `This address writes resources of type "${target.resourceType}".`,
      '/data/type',
    );
  }
  const idName = idParameter(target.url);
  if (target.method === 'POST' && 'id' in data) {
    throw documentError(
      403,
      'CLIENT_ID_UNSUPPORTED',
      'The server assigns the id of a new resource.',
      '/data/id',
    );
  }
  if ((target.method === 'PATCH' || target.method === 'PUT') && idName) {
    const urlId = (request.params as Record<string, string | undefined>)[idName];
    if (typeof data.id !== 'string' || data.id !== urlId) {
      throw documentError(
        409,
        'ID_MISMATCH',
        'data.id must be the id in the address, as a string.',
        '/data/id',
      );
    }
  }

  const attributes = data.attributes ?? {};
  if (!isObject(attributes)) {
    throw documentError(400, 'INVALID_DOCUMENT', 'attributes must be an object.', '/data/attributes');
  }
  const relationships = data.relationships ?? {};
  if (!isObject(relationships)) {
    throw documentError(400, 'INVALID_DOCUMENT', 'relationships must be an object.', '/data/relationships');
  }
  const declared = relationshipNames(target.body);
  const value: Record<string, unknown> = { ...attributes };
  for (const name of declared) {
    // A generic client that read a relationship without linkage (`{"data": null}`, or links only)
    // keeps it as `{}` (or `{links, meta}`) and sends it back among the attributes: nothing is said
    // about the linkage, so nothing changes.
    const sent = value[name];
    if (isObject(sent) && !('data' in sent) && !('type' in sent) && !('id' in sent)) delete value[name];
  }
  for (const [name, relationship] of Object.entries(relationships)) {
    if (!isObject(relationship) || !('data' in relationship)) {
      throw documentError(
        400,
        'INVALID_DOCUMENT',
        'A relationship is written as {"data": {"type", "id"}} (or a list of them, or null).',
        `/data/relationships/${name}`,
      );
    }
    if (name in attributes) {
      throw documentError(
        400,
        'INVALID_DOCUMENT',
        'An attribute and a relationship cannot share a name.',
        `/data/relationships/${name}`,
      );
    }
    value[name] = relationship.data;
  }
  return {
    value,
    pointer(path) {
      if (!path) return '/data';
      const [first, ...rest] = path.split('/');
      if (first !== undefined && !Object.hasOwn(relationships, first) && declared.has(first)) {
        return `/data/relationships/${first}`;
      }
      if (first !== undefined && Object.hasOwn(relationships, first)) {
        return `/data/relationships/${first}/data${rest.length > 0 ? `/${rest.join('/')}` : ''}`;
      }
      return `/data/attributes/${path}`;
    },
  };
}

/**
 * A to-one relationship in a write body: a resource identifier `{type, id}` of `type` (members
 * beyond those two are ignored), read as the numeric id. Errors point at `…/data/type` or `…/data/id`.
 */
export function relatedTo<T extends string>(type: T) {
  return z
    .object({
      type: z.literal(type, { error: `Expected a resource identifier of type "${type}".` }),
      id: idReference,
    })
    .transform((identifier) => identifier.id);
}

/** A to-many relationship in a write body: a list of identifiers of `type`, read as ids (at most `max`). */
export function relatedToMany<T extends string>(type: T, max = 200) {
  return z.array(relatedTo(type)).max(max);
}
