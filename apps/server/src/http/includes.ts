import type { Executor, PortalScope } from '../db/schema';
import type { Services } from '../context/services';
import type { ResourceObject } from '../context/document';
import type { PortalContext } from '../context/portal';
import type { AccountContext } from '../context/account';

/**
 * Compound documents. Every resource type that can appear in `included` has one loader here: it
 * loads records by id within the request's portal and presents them with the type's one presenter.
 * Every resource type that can be included from declares its relationships here: a name, the type
 * it points to and how to find the ids from a row. A route then assembles `included` with one call,
 * `includeRelated(context, type, rows, include)`, the same in every module.
 *
 * Modules register their own types (a `resources.ts` beside their presenter); the composition root
 * (`modules/index.ts`) imports every registration, so this file imports no module.
 */

/** Who is asking, and in which portal: a loader presents what this viewer may see. */
export interface IncludeContext {
  services: Services;
  portal: PortalContext;
  account: AccountContext | null;
}

type Id = number | string;
type Ids = Id | readonly (Id | null | undefined)[] | null | undefined;

/** Loads records of one type by id within the portal scope, presented by the type's presenter. */
export type ResourceLoader = (
  db: Executor,
  scope: PortalScope,
  ids: readonly number[],
  context: IncludeContext,
) => Promise<ResourceObject[]>;

/** One relationship a resource may include: the related type and how to find the ids of a page of rows. */
export interface Relationship<Row> {
  type: string;
  /** The related ids of one row (a foreign key or a list of them). */
  ids?: (row: Row) => Ids;
  /** The related ids of all the rows at once, when they are not columns of the row (one query). */
  query?: (rows: readonly Row[], context: IncludeContext) => Promise<readonly number[]>;
  /** Relationships of the related records that come along with them (named in their presenter). */
  with?: readonly string[];
}

const loaders = new Map<string, ResourceLoader>();
const relationshipsByType = new Map<string, Record<string, Relationship<never>>>();
const includableByType = new Map<string, Set<string>>();

/** Registers the one loader of a resource type; registering a type twice is a programming error. */
export function registerLoader(type: string, loader: ResourceLoader): void {
  if (loaders.has(type)) throw new Error(`The resource type "${type}" already has a loader.`);
  loaders.set(type, loader);
}

/** Declares what a resource type can include; returns the declaration for the routes of its module. */
export function registerRelationships<Row>(
  type: string,
  relationships: Record<string, Relationship<Row>>,
): Record<string, Relationship<Row>> {
  relationshipsByType.set(type, { ...relationshipsByType.get(type), ...relationships } as Record<
    string,
    Relationship<never>
  >);
  return relationships;
}

/**
 * The `include=` names a route accepts for a resource type (part of its contract), recorded so that a
 * test can check that each has a relationship and every related type a loader.
 */
export function includable<const N extends string>(type: string, names: readonly N[]): readonly N[] {
  const known = includableByType.get(type) ?? new Set<string>();
  for (const name of names) known.add(name);
  includableByType.set(type, known);
  return names;
}

export const registeredLoaderTypes = (): string[] => [...loaders.keys()];
export const loaderFor = (type: string): ResourceLoader | undefined => loaders.get(type);
export const relationshipsOf = (type: string): Readonly<Record<string, Relationship<never>>> =>
  relationshipsByType.get(type) ?? {};
export const includableNames = (): Array<[string, string[]]> =>
  [...includableByType.entries()].map(([type, names]) => [type, [...names]]);

function addIds(target: Map<string, number[]>, type: string, ids: Ids) {
  const list = target.get(type) ?? [];
  target.set(type, list);
  for (const id of Array.isArray(ids) ? ids : [ids]) {
    if (id === null || id === undefined) continue;
    const value = Number(id);
    if (Number.isInteger(value) && !list.includes(value)) list.push(value);
  }
}

async function loadAll(
  context: IncludeContext,
  wanted: Map<string, number[]>,
  loaded: Map<string, ResourceObject>,
  known: ReadonlyMap<string, ResourceObject>,
): Promise<ResourceObject[]> {
  const batches = await Promise.all(
    [...wanted.entries()].map(async ([type, ids]) => {
      const fresh = ids.filter((id) => !loaded.has(`${type}:${id}`));
      if (fresh.length === 0) return [];
      const toLoad = fresh.filter((id) => !known.has(`${type}:${id}`));
      const loader = loaders.get(type);
      if (!loader) throw new Error(`No loader is registered for the resource type "${type}".`);
      const resources = [
        ...fresh.flatMap((id) => known.get(`${type}:${id}`) ?? []),
        ...(toLoad.length > 0 ? await loader(context.services.db, context.portal.id, toLoad, context) : []),
      ];
      // In the order the ids were asked for (an outline, newest first …), whatever order the query had.
      const order = new Map(fresh.map((id, index) => [String(id), index]));
      return resources
        .filter((resource) => order.has(resource.id))
        .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    }),
  );
  const resources = batches.flat();
  for (const resource of resources) loaded.set(`${resource.type}:${resource.id}`, resource);
  return resources;
}

/**
 * The `included` records of a page of `rows` of resource `type` for the relationships named in
 * `include` (already checked with `includesFrom`), or undefined when nothing was asked for.
 * Records of one type are loaded once, whichever relationships point to them. `known` are records
 * the route has already read and presented as their loader would: they are not loaded again.
 */
export async function includeRelated<Row>(
  context: IncludeContext,
  type: string,
  rows: readonly Row[],
  include: ReadonlySet<string>,
  known: readonly ResourceObject[] = [],
): Promise<ResourceObject[] | undefined> {
  if (include.size === 0) return undefined;
  const knownByKey = new Map(known.map((resource) => [`${resource.type}:${resource.id}`, resource]));
  const relationships = relationshipsByType.get(type) as Record<string, Relationship<Row>> | undefined;
  const wanted = new Map<string, number[]>();
  const followUps: Array<{ type: string; names: readonly string[] }> = [];
  // The ids of every relationship are found side by side, then each related type is loaded once.
  const found = await Promise.all(
    [...include].map(async (name) => {
      const relationship = relationships?.[name];
      if (!relationship) throw new Error(`"${type}" declares no relationship "${name}".`);
      const ids: Ids[] = relationship.ids ? rows.map((row) => relationship.ids!(row)) : [];
      if (relationship.query && rows.length > 0) ids.push(await relationship.query(rows, context));
      return { relationship, ids };
    }),
  );
  for (const { relationship, ids } of found) {
    addIds(wanted, relationship.type, []);
    for (const some of ids) addIds(wanted, relationship.type, some);
    if (relationship.with) followUps.push({ type: relationship.type, names: relationship.with });
  }
  const loaded = new Map<string, ResourceObject>();
  const included = await loadAll(context, wanted, loaded, knownByKey);
  if (followUps.length === 0) return included;
  const next = new Map<string, number[]>();
  for (const { type: relatedType, names } of followUps) {
    for (const resource of included) {
      if (resource.type !== relatedType) continue;
      for (const name of names) {
        const data = resource.relationships?.[name]?.data;
        for (const identifier of Array.isArray(data) ? data : data ? [data] : [])
          addIds(next, identifier.type, identifier.id);
      }
    }
  }
  return [...included, ...(await loadAll(context, next, loaded, knownByKey))];
}
