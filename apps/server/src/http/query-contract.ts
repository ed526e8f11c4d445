import { parseSort } from '@leerpad/core';
import { z } from 'zod';
import { ApiError } from './errors';
import type { ErrorObject } from './errors';
import { loaderFor } from './includes';
import { resourceFields } from './jsonapi';

/**
 * The query-string contract of a route (JSON:API 1.1, "Query Parameters"): a route answers only the
 * parameters it declares, and any other is a 400 whose `source.parameter` names it, so a typo never
 * passes for an empty filter or an unsorted list.
 *
 * - `include` only where the route declares `includes` (each name one of them),
 * - `sort` only where it declares `sorts` (at most two keys, each one of them, `-` for descending),
 * - `fields[type]` on routes that answer a document, naming a known type and its fields,
 * - every other name (`filter[…]`, `page[…]`, `download` …) only when its `query` schema has it,
 * - plus the names every route accepts, listed in `ACCEPTED_EVERYWHERE`.
 */

/**
 * Names every route accepts whatever it declares. Empty on purpose: the web app sends no cache
 * buster and states its language in Accept-Language, and the spec's `locale`/`meta` parameters are
 * read by no route, so accepting them would be silently ignoring them (decision 049).
 */
export const ACCEPTED_EVERYWHERE: readonly string[] = [];

const declaredNames = new WeakMap<z.ZodType, { kind: 'include' | 'sort'; names: readonly string[] }>();

/** The `include` parameter of a route that includes `names` (each declared with `includable`). */
export function includeQuery(names: readonly string[]) {
  const schema = z.string().max(500).optional();
  declaredNames.set(schema, { kind: 'include', names });
  return schema;
}

/** The `sort` parameter of a route sorted by `keys` (`-` prefix for descending). */
export function sortQuery(keys: readonly string[]) {
  const schema = z.string().max(200).optional();
  declaredNames.set(schema, { kind: 'sort', names: keys });
  return schema;
}

export interface QueryContractDeclaration {
  method: string;
  url: string;
  query?: z.ZodType;
  response: z.ZodType | 'file';
}

export interface QueryContract {
  /** Names the route's query schema reads (filters, paging, `download` …), `include`/`sort` aside. */
  names: ReadonlySet<string>;
  includes: ReadonlySet<string> | null;
  sorts: ReadonlySet<string> | null;
  fieldsets: boolean;
}

const FIELDSET = /^fields\[([^\]]*)\]$/;
const MAX_SORT_KEYS = 2;

function queryShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current = schema as
    { def?: { type?: string; in?: unknown }; shape?: Record<string, z.ZodType> } | undefined;
  // A refined or transformed object keeps its shape on the inside.
  while (current?.def?.type === 'pipe') current = current.def.in as typeof current;
  if (!current) return {};
  if (!current.shape) throw new Error('A route query schema must be an object schema.');
  return current.shape;
}

/** The contract of a route, read once at start-up; an undeclared include or sort refuses to start. */
export function queryContractOf(definition: QueryContractDeclaration): QueryContract {
  const where = `Route ${definition.method} ${definition.url}`;
  const shape = queryShape(definition.query);
  const declared = (kind: 'include' | 'sort', helper: string) => {
    const schema = shape[kind];
    if (!schema) return null;
    const declaration = declaredNames.get(schema);
    if (declaration?.kind !== kind) {
      throw new Error(
        `${where} reads "${kind}" without declaring its names with ${helper}(); refusing to start.`,
      );
    }
    return new Set(declaration.names);
  };
  for (const key of Object.keys(shape)) {
    if (FIELDSET.test(key)) throw new Error(`${where}: fieldsets are not declared in the query schema.`);
  }
  return {
    names: new Set(Object.keys(shape).filter((key) => key !== 'include' && key !== 'sort')),
    includes: declared('include', 'includeQuery'),
    sorts: declared('sort', 'sortQuery'),
    fieldsets: definition.response !== 'file',
  };
}

type Problem = Omit<ErrorObject, 'status' | 'title'>;

const shown = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name);
const listed = (names: Iterable<string>) => [...names].join(', ');

function includeProblems(contract: QueryContract, value: unknown): Problem[] {
  const source = { parameter: 'include' };
  if (!contract.includes) {
    return [{ code: 'INVALID_INCLUDE', detail: 'Nothing can be included here.', source }];
  }
  if (typeof value !== 'string') {
    return [{ code: 'INVALID_INCLUDE', detail: 'Give include once, as a comma-separated list.', source }];
  }
  const unknown = value
    .split(',')
    .map((part) => part.trim())
    .filter((name) => name !== '' && !contract.includes!.has(name));
  return unknown.slice(0, 1).map((name) => ({
    code: 'INVALID_INCLUDE',
    detail: `"${shown(name)}" cannot be included here; use ${listed(contract.includes!)}.`,
    source,
  }));
}

function sortProblems(contract: QueryContract, value: unknown): Problem[] {
  const source = { parameter: 'sort' };
  if (!contract.sorts) {
    return [{ code: 'INVALID_SORT', detail: 'This answer cannot be sorted.', source }];
  }
  if (typeof value !== 'string') {
    return [{ code: 'INVALID_SORT', detail: 'Give sort once, as a comma-separated list.', source }];
  }
  const items = parseSort(value);
  if (items.length > MAX_SORT_KEYS) {
    return [{ code: 'INVALID_SORT', detail: 'Sort by at most two properties.', source }];
  }
  const unknown = items.find((item) => !contract.sorts!.has(item.property));
  return unknown
    ? [
        {
          code: 'INVALID_SORT',
          detail: `"${shown(unknown.property)}" cannot be sorted on; use ${listed(contract.sorts)} (prefix - for descending).`,
          source,
        },
      ]
    : [];
}

function fieldsetProblems(
  contract: QueryContract,
  parameter: string,
  type: string,
  value: unknown,
): Problem[] {
  const source = { parameter };
  if (!contract.fieldsets) {
    return [{ code: 'INVALID_FIELDS', detail: 'This answer is not a JSON:API document.', source }];
  }
  if (typeof value !== 'string') {
    return [{ code: 'INVALID_FIELDS', detail: 'A fieldset is a comma-separated list.', source }];
  }
  const fields = resourceFields().get(type);
  if (!fields && !loaderFor(type)) {
    return [{ code: 'INVALID_FIELDS', detail: `"${shown(type)}" is not a resource type.`, source }];
  }
  const unknown = value
    .split(',')
    .map((field) => field.trim())
    .find((field) => field !== '' && fields && !fields.has(field));
  return unknown === undefined
    ? []
    : [{ code: 'INVALID_FIELDS', detail: `"${shown(type)}" has no field "${shown(unknown)}".`, source }];
}

/** The problems of a request's query string under a route's contract: one error per bad parameter. */
export function queryProblems(contract: QueryContract, query: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (name === 'include') problems.push(...includeProblems(contract, value));
    else if (name === 'sort') problems.push(...sortProblems(contract, value));
    else if (FIELDSET.test(name))
      problems.push(...fieldsetProblems(contract, name, FIELDSET.exec(name)![1]!, value));
    else if (!contract.names.has(name) && !ACCEPTED_EVERYWHERE.includes(name)) {
      const accepted = [
        ...contract.names,
        ...(contract.includes ? ['include'] : []),
        ...(contract.sorts ? ['sort'] : []),
        ...(contract.fieldsets ? ['fields[type]'] : []),
      ];
      problems.push({
        code: 'UNKNOWN_PARAMETER',
        detail: `"${shown(name)}" is not a parameter of this address${accepted.length ? `; it takes ${listed(accepted)}` : ''}.`,
        source: { parameter: shown(name) },
      });
    }
  }
  return problems;
}

/** Refuses a request whose query string breaks the route's contract (400, one error per parameter). */
export function enforceQueryContract(contract: QueryContract, query: unknown): void {
  const problems = queryProblems(contract, (query ?? {}) as Record<string, unknown>);
  if (problems.length > 0) {
    throw new ApiError(
      400,
      problems.map((problem) => ({ title: 'Bad request', ...problem })),
    );
  }
}
