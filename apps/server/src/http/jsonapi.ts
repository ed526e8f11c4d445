import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@leerpad/core';
import { z } from 'zod';
import { ApiError } from './errors';

import type { JsonApiDocument, ResourceObject } from '../context/document';
import type { PageRequest } from '../db/pages';

/** The media type of JSON:API (RFC 7159 JSON with the JSON:API rules), accepted beside application/json. */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

export function identifier<T extends string>(type: T, id: number | string): { type: T; id: string };
export function identifier<T extends string>(
  type: T,
  id: number | string | null | undefined,
): { type: T; id: string } | null;
export function identifier<T extends string>(type: T, id: number | string | null | undefined) {
  return id === null || id === undefined ? null : { type, id: String(id) };
}

/** A to-many relationship's identifiers. */
export const identifiers = <T extends string>(type: T, ids: ReadonlyArray<number | string>) =>
  ids.map((id) => identifier(type, id));

/**
 * The API's named schemas. Each becomes a component of the OpenAPI document, referenced wherever it
 * is used, and the presenter of a resource type returns the type inferred from its schema.
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

function named<S extends z.ZodType>(schema: S, id: string, description?: string): S {
  apiSchemas.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}

const identifierSchema = <T extends string>(type: T) => z.object({ type: z.literal(type), id: z.string() });
/** A to-one relationship: `{data: {type, id} | null}`. */
export const toOne = <T extends string>(type: T) => z.object({ data: identifierSchema(type).nullable() });
/** A to-many relationship: `{data: [{type, id}]}`. */
export const toMany = <T extends string>(type: T) => z.object({ data: z.array(identifierSchema(type)) });
/** `meta.abilities`: what the signed-in account may do with this record. */
export const abilitiesMeta = <K extends string>(names: readonly K[]) =>
  z.object({
    abilities: z.object(
      Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<K, z.ZodBoolean>,
    ),
  });
/** An ISO 8601 timestamp as stored. */
export const timestamp = z.string();

/** `links.self` of a resource a request created (the address in its `Location` header). */
const createdLinks = z.object({ self: z.string() });

const fieldsByType = new Map<string, Set<string>>();

/** The keys of an object schema (through optional/nullable wrappers), or none. */
function objectKeys(schema: unknown): string[] {
  let current = schema as { def?: { type?: string; innerType?: unknown }; shape?: Record<string, unknown> };
  while (current?.def && (current.def.type === 'optional' || current.def.type === 'nullable')) {
    current = current.def.innerType as typeof current;
  }
  return current?.shape ? Object.keys(current.shape) : [];
}

/** The attribute and relationship names of every resource type with a schema (for `fields[type]`). */
export const resourceFields = (): ReadonlyMap<string, ReadonlySet<string>> => fieldsByType;

/** The schema of one resource type: `{type, id, attributes, relationships?, meta?}`, named `name`. */
export function resourceSchema<T extends string, S extends z.ZodRawShape>(name: string, type: T, shape: S) {
  const fields = fieldsByType.get(type) ?? new Set<string>();
  for (const key of [...objectKeys(shape.attributes), ...objectKeys(shape.relationships)]) fields.add(key);
  fieldsByType.set(type, fields);
  return named(
    z.object({ type: z.literal(type), id: z.string(), ...shape, links: createdLinks.optional() }),
    name,
    `A \`${type}\` resource.`,
  );
}

const anyIdentifier = z.object({ type: z.string(), id: z.string() });
/** Any resource object, as found in `included` (each type's own schema describes it exactly). */
export const anyResourceSchema = named(
  z.object({
    type: z.string(),
    id: z.string(),
    attributes: z.record(z.string(), z.unknown()),
    relationships: z
      .record(z.string(), z.object({ data: z.union([anyIdentifier, z.array(anyIdentifier), z.null()]) }))
      .optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
  'Resource',
  'A JSON:API resource object of any type.',
);

/** Pagination links of every list: paths with the request's query, `page[number]` set per page. */
export const listLinksSchema = named(
  z.object({
    self: z.string(),
    first: z.string(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
    last: z.string(),
  }),
  'ListLinks',
  'Links to this page and its neighbours; prev and next are null at either end.',
);

const listMetaShape = {
  total: z.number().int(),
  last_page: z.number().int(),
  current_page: z.number().int().optional(),
  per_page: z.number().int().optional(),
};

/** The success document of a route answering one resource (or null, when `nullable`). */
export function resourceDocument<S extends z.ZodType>(resource: S, meta?: z.ZodRawShape) {
  return z.object({
    data: resource,
    included: z.array(anyResourceSchema).optional(),
    ...(meta ? { meta: z.object(meta) } : {}),
    links: createdLinks.optional(),
  });
}

/** The success document of a list: data, included, meta (total, last_page, …) and links. */
export function listDocument<S extends z.ZodType>(resource: S, meta: z.ZodRawShape = {}) {
  return z.object({
    data: z.array(resource),
    included: z.array(anyResourceSchema).optional(),
    meta: z.object({ ...listMetaShape, ...meta }),
    links: listLinksSchema,
  });
}

/** A document carrying only `meta` (deletes, bulk updates, sign-out). */
export const metaDocument = (meta: z.ZodRawShape) => z.object({ meta: z.object(meta) });
export const deletedDocument = metaDocument({ deleted: z.literal(true) });

/** `{errors: [...]}`, the answer to every failure. */
export const errorDocumentSchema = named(
  z.object({
    errors: z.array(
      z.object({
        status: z.string(),
        code: z.string(),
        title: z.string(),
        detail: z.string().optional(),
        source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
        meta: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  }),
  'ErrorDocument',
  'A JSON:API error document: one error object per problem.',
);

/** The one envelope builder. Included resources are de-duplicated and never repeat primary data. */
export function buildDocument(
  data: ResourceObject | ResourceObject[] | null,
  options: {
    included?: Array<ResourceObject | null | undefined>;
    meta?: Record<string, unknown>;
    links?: Record<string, string>;
  } = {},
): JsonApiDocument {
  const document: JsonApiDocument = { data };
  const primary = new Set((Array.isArray(data) ? data : data ? [data] : []).map((r) => `${r.type}:${r.id}`));
  if (options.included) {
    const seen = new Set<string>();
    const included: ResourceObject[] = [];
    for (const resource of options.included) {
      if (!resource) continue;
      const key = `${resource.type}:${resource.id}`;
      if (primary.has(key) || seen.has(key)) continue;
      seen.add(key);
      included.push(resource);
    }
    document.included = included;
  }
  if (options.meta) document.meta = options.meta;
  if (options.links) document.links = options.links;
  return document;
}

export { pageMeta, type PageRequest } from '../db/pages';

const pageNumber = z.coerce.number().int().min(1).max(1_000_000_000);
const pageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);

/**
 * Links of a list document: `self` is the request as made, the others the same path and query with
 * `page[number]` set (page size and every filter kept). A list without pages is its own first and last.
 */
export function listLinks(url: string, meta: Record<string, unknown> | undefined) {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  const last = typeof meta?.last_page === 'number' ? meta.last_page : 1;
  const current = typeof meta?.current_page === 'number' ? meta.current_page : 1;
  const page = (number: number) => {
    const pageQuery = new URLSearchParams(query);
    pageQuery.set('page[number]', String(number));
    return `${path}?${pageQuery.toString()}`;
  };
  return {
    self: url,
    first: page(1),
    prev: current > 1 ? page(Math.min(current - 1, last)) : null,
    next: current < last ? page(current + 1) : null,
    last: page(last),
  };
}

/**
 * Query-string pieces every paged list shares. Keys are the literal `page[number]` style names. A
 * list that includes or sorts adds `include: includeQuery(…)` / `sort: sortQuery(…)` (query-contract.ts).
 */
export const listQueryShape = {
  'page[number]': pageNumber.optional(),
  'page[size]': pageSize.optional(),
  limit: pageSize.optional(),
};

export function pageFrom(query: Record<string, unknown>, defaultSize = DEFAULT_PAGE_SIZE): PageRequest {
  const number = (query['page[number]'] as number | undefined) ?? 1;
  const size =
    (query['page[size]'] as number | undefined) ?? (query.limit as number | undefined) ?? defaultSize;
  return { number, size, offset: (number - 1) * size };
}

export function includesFrom(query: Record<string, unknown>, allowed: readonly string[]): Set<string> {
  const raw = typeof query.include === 'string' ? query.include : '';
  const requested = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const name of requested) {
    if (!allowed.includes(name)) {
      throw ApiError.badRequest('INVALID_INCLUDE', `"${name}" cannot be included here.`, {
        parameter: 'include',
      });
    }
  }
  return new Set(requested);
}

/** Applies `fields[type]=a,b` sparse fieldsets to a finished document. */
export function applySparseFieldsets(
  document: JsonApiDocument,
  query: Record<string, unknown>,
): JsonApiDocument {
  const fieldsets = new Map<string, Set<string>>();
  for (const [key, value] of Object.entries(query)) {
    const match = /^fields\[([a-z_]+)\]$/.exec(key);
    if (!match?.[1]) continue;
    if (typeof value !== 'string') {
      throw ApiError.badRequest('INVALID_FIELDS', 'A fieldset is a comma-separated list.', {
        parameter: key,
      });
    }
    fieldsets.set(match[1], new Set(value.split(',').map((field) => field.trim())));
  }
  if (fieldsets.size === 0) return document;
  const trim = (resource: ResourceObject): ResourceObject => {
    const fields = fieldsets.get(resource.type);
    if (!fields) return resource;
    const attributes = Object.fromEntries(
      Object.entries(resource.attributes).filter(([name]) => fields.has(name)),
    );
    // A fieldset names relationships as well as attributes (JSON:API 1.1, "Sparse Fieldsets").
    if (!resource.relationships) return { ...resource, attributes };
    const relationships = Object.fromEntries(
      Object.entries(resource.relationships).filter(([name]) => fields.has(name)),
    );
    return { ...resource, attributes, relationships };
  };
  return {
    ...document,
    data: Array.isArray(document.data) ? document.data.map(trim) : document.data ? trim(document.data) : null,
    ...(document.included ? { included: document.included.map(trim) } : {}),
  };
}
