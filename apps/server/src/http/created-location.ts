import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonApiDocument, ResourceObject } from '../context/document';
import type { MethodTable } from './method-table';

/**
 * The address of a resource a route created (JSON:API 1.1, "Creating Resources"): the `Location` of
 * a 201 and its `links.self`. By default the collection it was posted to plus its id
 * (`POST /api/v1/accounts` → `/api/v1/accounts/12`); where nothing answers there, the type's own
 * address (`POST /api/v1/courses/3/course_sections` → `/api/v1/course_sections/9`). A route whose
 * resource lives elsewhere names it with `location`.
 */
export type CreatedLocation = (resource: ResourceObject, prefix: string) => string;

export function createdLocation(
  request: FastifyRequest,
  resource: ResourceObject,
  prefix: string,
  routes: MethodTable,
  override?: CreatedLocation,
): string {
  if (override) return override(resource, prefix);
  // Route patterns are registered without the prefix the API is mounted under.
  const path = (request.url.split('?')[0] ?? '').replace(/\/$/, '').slice(prefix.length);
  const id = encodeURIComponent(resource.id);
  const candidates = [`${path}/${id}`, `/v1/${resource.type}/${id}`];
  const found =
    candidates.find((url) => routes.methodsFor(url).includes('GET')) ??
    candidates.find((url) => routes.methodsFor(url).length > 0) ??
    candidates[0]!;
  return `${prefix}${found}`;
}

/** Sets `Location` and `links.self` (top level and on the resource) on a 201 answering one resource. */
export function linkCreated(
  request: FastifyRequest,
  reply: FastifyReply,
  document: JsonApiDocument,
  prefix: string,
  routes: MethodTable,
  override?: CreatedLocation,
): JsonApiDocument {
  const resource = document.data;
  if (reply.statusCode !== 201 || !resource || Array.isArray(resource) || !resource.id) return document;
  const self = createdLocation(request, resource, prefix, routes, override);
  reply.header('location', self);
  return {
    ...document,
    data: { ...resource, links: { ...resource.links, self } },
    links: { ...document.links, self },
  };
}
