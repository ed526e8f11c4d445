/** The JSON:API envelope as the API sends it (SPEC §3 "API envelope", "API error"). */

export interface ResourceIdentifier {
  id: string;
  type: string;
  meta?: Record<string, unknown>;
}

export type Link = string | { href: string; meta?: Record<string, unknown> } | null;
export type Links = Record<string, Link>;

export interface Relationship {
  data?: ResourceIdentifier | ResourceIdentifier[] | null;
  links?: Links;
  meta?: Record<string, unknown>;
}

export interface Resource<A extends object = Record<string, unknown>> {
  id: string;
  type: string;
  attributes: A;
  relationships?: Record<string, Relationship>;
  meta?: Record<string, unknown>;
  links?: Links;
}

export interface JsonApiError {
  id?: string;
  status: string;
  title: string;
  detail?: string;
  code?: string;
  source?: { pointer?: string; parameter?: string };
  links?: Links;
  meta?: Record<string, unknown>;
}

export interface JsonApiDocument<D extends Resource | Resource[] | null = Resource | Resource[] | null> {
  data?: D;
  included?: Resource[];
  errors?: JsonApiError[];
  meta?: Record<string, unknown>;
  links?: Links;
}

/** meta of a paginated list (SPEC §3 "Paginated responses"). */
export interface PaginationMeta {
  total: number;
  lastPage: number;
}

/** The error used when a response has no recognisable shape. */
export const DEFAULT_API_ERROR: Readonly<JsonApiError> = {
  status: '501',
  title: 'Action response not expected',
  detail: 'We failed to handle your request. Apologies for the inconvenience.',
  code: 'NOT_IMPLEMENTED',
};
