/** JSON:API query parameters (SPEC §7 "Conventions"), built by the web app and read by the server. */
import { camelToSnake } from './case';
import { parseSort, type SortItem } from './sort';

export type QueryFilterValue = string | number | boolean | ReadonlyArray<string | number>;

export interface QueryParams {
  include?: readonly string[];
  filter?: Readonly<Record<string, QueryFilterValue | null | undefined>>;
  fields?: Readonly<Record<string, readonly string[]>>;
  sort?: string | readonly string[];
  page?: { number?: number; size?: number };
  meta?: string | readonly string[];
  locale?: string;
  token?: string;
  requestTranslations?: boolean;
  showStoredFilesCount?: boolean;
  /** Anything else (e.g. `limit`) is sent as key=value with the key in snake_case. */
  [other: string]: unknown;
}

const KNOWN_KEYS = new Set([
  'include',
  'filter',
  'fields',
  'sort',
  'page',
  'meta',
  'locale',
  'token',
  'requestTranslations',
  'showStoredFilesCount',
]);

/** Encodes a value; list items are encoded one by one so the separating commas stay readable. */
function encodeValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const items: unknown[] = Array.isArray(value) ? value : [value];
  const text = items.map((item) => encodeURIComponent(String(item))).join(',');
  return text === '' ? null : text;
}

/**
 * Serialises query parameters without the leading '?'. Brackets and list commas stay literal for
 * readability; names and values are percent-encoded. Empty values (null, undefined, '', []) are left out, so a
 * cleared filter simply disappears.
 */
export function buildQueryString(params: QueryParams): string {
  const pairs: string[] = [];
  const add = (name: string, value: unknown) => {
    const text = encodeValue(value);
    if (text !== null) pairs.push(`${name}=${text}`);
  };
  const bracketed = (group: string, key: string) => `${group}[${encodeURIComponent(key)}]`;

  if (params.include) add('include', [...new Set(params.include)].sort());
  for (const [key, value] of Object.entries(params.filter ?? {})) add(bracketed('filter', key), value);
  for (const [type, names] of Object.entries(params.fields ?? {})) add(bracketed('fields', type), names);
  add('sort', params.sort);
  add('page[number]', params.page?.number);
  add('page[size]', params.page?.size);
  add('meta', params.meta);
  add('locale', params.locale);
  add('token', params.token);
  if (params.requestTranslations) add('request_translations', 1);
  if (params.showStoredFilesCount) add('show_stored_files_count', 1);

  for (const [key, value] of Object.entries(params)) {
    if (KNOWN_KEYS.has(key)) continue;
    const name = encodeURIComponent(camelToSnake(key));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [subKey, subValue] of Object.entries(value)) add(bracketed(name, subKey), subValue);
    } else {
      add(name, value);
    }
  }
  return pairs.join('&');
}

export interface ParsedQueryParams {
  include: string[];
  filter: Record<string, string>;
  fields: Record<string, string[]>;
  sort: SortItem[];
  page: { number?: number; size?: number };
  meta: string[];
  locale?: string;
  token?: string;
  requestTranslations: boolean;
  showStoredFilesCount: boolean;
}

/** Query objects as HTTP frameworks parse them: a value may repeat (array) or be nested (qs style). */
export type RawQuery = Readonly<Record<string, unknown>>;

function firstString(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function splitList(value: unknown): string[] {
  return (firstString(value) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function positiveInteger(value: unknown): number | undefined {
  const text = firstString(value);
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const number = Number(text);
  return number > 0 ? number : undefined;
}

function isTruthyFlag(value: unknown): boolean {
  const text = firstString(value);
  return text === '1' || text === 'true';
}

/** Collects `group[key]=value` entries, whether the parser left them flat or nested them. */
function bracketGroup(query: RawQuery, group: string): Record<string, unknown> {
  const entries: Record<string, unknown> = {};
  const nested = query[group];
  if (nested !== null && typeof nested === 'object' && !Array.isArray(nested)) Object.assign(entries, nested);
  const prefix = `${group}[`;
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith(prefix) && name.endsWith(']')) entries[name.slice(prefix.length, -1)] = value;
  }
  return entries;
}

/** The server-side counterpart of {@link buildQueryString}. */
export function parseQueryParams(query: RawQuery): ParsedQueryParams {
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(bracketGroup(query, 'filter'))) {
    const text = firstString(value);
    if (text !== undefined) filter[key] = text;
  }
  const fields: Record<string, string[]> = {};
  for (const [type, value] of Object.entries(bracketGroup(query, 'fields'))) fields[type] = splitList(value);
  const page = bracketGroup(query, 'page');

  return {
    include: splitList(query.include),
    filter,
    fields,
    sort: parseSort(firstString(query.sort)),
    page: { number: positiveInteger(page.number), size: positiveInteger(page.size) },
    meta: splitList(query.meta),
    locale: firstString(query.locale),
    token: firstString(query.token),
    requestTranslations: isTruthyFlag(query.request_translations),
    showStoredFilesCount: isTruthyFlag(query.show_stored_files_count),
  };
}
