import { parseSort } from '@leerpad/core';
import { z } from 'zod';
import { ApiError } from './errors';
import type { SortOrder } from '../db/pages';

/**
 * The largest id (and integer filter value) the API takes: the range of an integer column on
 * PostgreSQL. A larger one is refused the same way on both databases (a 400 naming the filter, a
 * 422 on a body attribute), never looked up.
 */
export const MAX_ID = 2_147_483_647;

/** An id in a request body: 12 or "12" (JSON:API sends ids as strings). */
export const idReference = z.union([
  z.number().int().positive().max(2_147_483_647),
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Expected an id.')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Expected an id.'),
]);

/** `filter[x]=1,2,3` → [1, 2, 3]; anything else is a 400 naming the parameter. */
export const idListFilter = z
  .string()
  .max(500)
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$/, 'Expected a comma-separated list of ids.')
  .transform((value) => value.split(',').map(Number))
  .refine((ids) => ids.every((id) => id <= MAX_ID), `Ids go up to ${MAX_ID}.`);

/** `filter[x]=a,b` with every value from `values`. */
export function enumListFilter<T extends string>(values: readonly T[]) {
  return z
    .string()
    .max(200)
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine((parts) => parts.every((part) => (values as readonly string[]).includes(part)), {
      message: `Expected one or more of: ${values.join(', ')}.`,
    })
    .transform((parts) => parts as T[]);
}

export const booleanFilter = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export type { SortOrder } from '../db/pages';

/**
 * `sort=-published_at` → [{key, direction}], with every key from `allowed`; at most two keys.
 * Unknown keys are a 400 on the `sort` parameter.
 */
export function sortFrom<K extends string>(
  sort: string | undefined,
  allowed: readonly K[],
  fallback: SortOrder<K>[],
): SortOrder<K>[] {
  const items = parseSort(sort);
  if (items.length === 0) return fallback;
  if (items.length > 2) {
    throw ApiError.badRequest('INVALID_SORT', 'Sort by at most two properties.', { parameter: 'sort' });
  }
  return items.map((item) => {
    if (!(allowed as readonly string[]).includes(item.property)) {
      throw ApiError.badRequest(
        'INVALID_SORT',
        `"${item.property}" cannot be sorted on; use ${allowed.join(', ')} (prefix - for descending).`,
        { parameter: 'sort' },
      );
    }
    return { key: item.property as K, direction: item.direction };
  });
}
