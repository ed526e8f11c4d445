/** Flattens a JSON:API document into plain objects with relationships resolved from `included`. */
import type { JsonApiDocument, Links, Relationship, Resource, ResourceIdentifier } from './types';

/** `{ id, type, ...attributes, ...relationships }`, plus the resource's `meta` when it has one. */
export interface DeserializedResource {
  id: string;
  type: string;
  [key: string]: unknown;
}

export interface DeserializedDocument<T extends DeserializedResource = DeserializedResource> {
  data: T | T[] | null;
  meta: Record<string, unknown>;
  links: Links;
}

const resourceKey = ({ type, id }: ResourceIdentifier) => `${type}:${id}`;

/**
 * Each resource is flattened once and shared wherever it is referenced. A reference back to a
 * resource that is still being flattened (a cycle such as account → entity → account) is given as
 * a bare `{ id, type }`, so the result never contains a cycle: it is safe to JSON.stringify and to
 * compare structurally (as the query cache does).
 */
export function deserialize<T extends DeserializedResource = DeserializedResource>(
  document: JsonApiDocument,
): DeserializedDocument<T> {
  const primary = document.data ?? null;
  const primaryList = primary === null ? [] : Array.isArray(primary) ? primary : [primary];
  const known = new Map<string, Resource>();
  for (const resource of [...(document.included ?? []), ...primaryList])
    known.set(resourceKey(resource), resource);

  const flattened = new Map<string, DeserializedResource>();
  const inProgress = new Set<string>();

  const resolveIdentifier = (identifier: ResourceIdentifier): DeserializedResource => {
    const resource = known.get(resourceKey(identifier));
    if (!resource || inProgress.has(resourceKey(identifier)))
      return { id: identifier.id, type: identifier.type };
    return flatten(resource);
  };

  const resolveRelationship = ({ data }: Relationship) => {
    if (data === null || data === undefined) return null;
    return Array.isArray(data) ? data.map(resolveIdentifier) : resolveIdentifier(data);
  };

  function flatten(resource: Resource): DeserializedResource {
    const key = resourceKey(resource);
    const done = flattened.get(key);
    if (done) return done;
    inProgress.add(key);
    const result: DeserializedResource = { ...resource.attributes, id: resource.id, type: resource.type };
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      // A relationship sent with links only says nothing about its data; leave it out.
      if ('data' in relationship) result[name] = resolveRelationship(relationship);
    }
    if (resource.meta) result.meta = resource.meta;
    inProgress.delete(key);
    flattened.set(key, result);
    return result;
  }

  const data = primary === null ? null : Array.isArray(primary) ? primary.map(flatten) : flatten(primary);
  return { data: data as T | T[] | null, meta: document.meta ?? {}, links: document.links ?? {} };
}
