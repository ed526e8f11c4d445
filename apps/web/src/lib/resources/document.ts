/**
 * Reading JSON:API answers for the resources: flattened like `apiDocument`, and lists read as pages.
 * No attribute is called `type` (decision 050): a learning object's or a question's is its `kind`.
 */
import { deserialize, type JsonApiDocument } from '@leerpad/core';
import { apiRequest, type RequestOptions } from '../api/client';

export interface ResourceDocument<T> {
  data: T;
  meta: Record<string, unknown>;
  /** The answer as sent, for what flattening leaves out (progress rows in `included`). */
  document: JsonApiDocument;
}

/** A request whose answer is flattened, with meta and the raw document beside it. */
export async function fetchDocument<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ResourceDocument<T>> {
  const document = (await apiRequest<JsonApiDocument | null>(path, options)) ?? {};
  const { data, meta } = deserialize(document);
  return { data: data as T, meta, document };
}

/** The flattened resource (or resources) of a request. */
export async function fetchData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await fetchDocument<T>(path, options)).data;
}

const listOf = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** A collection request; an answer without a list reads as empty. */
export async function fetchList<T>(path: string, options: RequestOptions = {}): Promise<T[]> {
  return listOf<T>(await fetchData<unknown>(path, options));
}

/** One page of a list, with the total and the last page number from meta. */
export interface Page<T> {
  items: T[];
  total: number;
  lastPage: number;
}

export function pageFrom<T>(data: unknown, meta: Record<string, unknown>): Page<T> {
  const items = listOf<T>(data);
  return { items, total: Number(meta.total ?? items.length), lastPage: Number(meta.lastPage ?? 1) };
}

/** A short list whole (one page of 100), for filters and pickers. */
export const SHORT_LIST = { page: { size: 100 } } as const;

/** Comma-separated ids for a filter; none leaves the filter out. */
export const idFilter = (ids: string[]) => (ids.length > 0 ? ids.join(',') : undefined);
