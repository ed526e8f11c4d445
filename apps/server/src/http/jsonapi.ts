import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@leerpad/core';
import { z } from 'zod';
import { ApiError } from './errors';

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface ResourceObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
  meta?: Record<string, unknown>;
  links?: Record<string, string>;
}

export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, string>;
}

export const identifier = (
  type: string,
  id: number | string | null | undefined,
): ResourceIdentifier | null => (id === null || id === undefined ? null : { type, id: String(id) });

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

export interface PageRequest {
  number: number;
  size: number;
  offset: number;
}

export function pageMeta(total: number, page: PageRequest) {
  return {
    total,
    last_page: Math.max(1, Math.ceil(total / page.size)),
    current_page: page.number,
    per_page: page.size,
  };
}

const pageNumber = z.coerce.number().int().min(1).max(1_000_000_000);
const pageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);

/** Query-string pieces every list shares. Keys are the literal `page[number]` style names. */
export const listQueryShape = {
  'page[number]': pageNumber.optional(),
  'page[size]': pageSize.optional(),
  limit: pageSize.optional(),
  include: z.string().max(500).optional(),
  sort: z.string().max(200).optional(),
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
    return { ...resource, attributes };
  };
  return {
    ...document,
    data: Array.isArray(document.data) ? document.data.map(trim) : document.data ? trim(document.data) : null,
    ...(document.included ? { included: document.included.map(trim) } : {}),
  };
}

/** Documents served many times unchanged (the cached `/me`), with their JSON once it is made. */
const reusable = new WeakMap<JsonApiDocument, Buffer | null>();

/** Marks a document that will be served again as it is: its JSON is then made only once. */
export function markReusable(document: JsonApiDocument): void {
  if (!reusable.has(document)) reusable.set(document, null);
}

/** The JSON of a document marked reusable, made on first use; undefined for any other document. */
export function reusableJson(document: JsonApiDocument): Buffer | undefined {
  const json = reusable.get(document);
  if (json === undefined) return undefined;
  if (json) return json;
  const made = Buffer.from(JSON.stringify(document));
  reusable.set(document, made);
  return made;
}
