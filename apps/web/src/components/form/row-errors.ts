/**
 * Server refusals that point into a row of a list (`/data/attributes/lines/3/email`): the row and
 * the field inside it, and the known fields of a form that shows rows. Kept apart from
 * server-errors.ts so that forms without rows (the sign-in page) do not load it.
 */
import { snakeToCamel, type JsonApiError } from '@leerpad/core';

/** '/data/attributes/lines/3/email' → ['lines', '3', 'email']: the segments as sent, unescaped. */
export function pointerSegments(pointer: string | undefined): string[] {
  if (!pointer) return [];
  return pointer
    .replace(/^\/data\/attributes(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const isRow = (segment: string) => /^\d+$/.test(segment);

/** '/data/attributes/lines/3/email' → 'lines.3.email', '/member_ids/2' → 'memberIds.2': rows kept. */
export function fieldPathFromPointer(pointer: string | undefined): string | null {
  const segments = pointerSegments(pointer).map((segment) =>
    isRow(segment) ? segment : snakeToCamel(segment),
  );
  return segments.length > 0 ? segments.join('.') : null;
}

/** Where in a list an error points: '/data/attributes/lines/3/email' → lines, row 3, field email. */
export interface RowPlace {
  list: string;
  row: number;
  /** The field inside the row, if the pointer names one ('names.nl' for /criteria/1/names/nl). */
  field: string | null;
}

export function rowFromPointer(pointer: string | undefined): RowPlace | null {
  const segments = pointerSegments(pointer);
  const at = segments.findIndex(isRow);
  if (at <= 0) return null;
  const rest = segments.slice(at + 1).map(snakeToCamel);
  return {
    list: segments.slice(0, at).map(snakeToCamel).join('.'),
    row: Number(segments[at]),
    field: rest.length > 0 ? rest.join('.') : null,
  };
}

const matches = (pattern: string, path: string) => {
  const want = pattern.split('.');
  const have = path.split('.');
  return want.length === have.length && want.every((part, index) => part === '*' || part === have[index]);
};

/**
 * Known fields for `formErrorsFrom` where `*` stands for a row index or one name: with
 * `rowFields('title', 'lines.*.email')` a refusal at /lines/3/email is kept under 'lines.3.email'.
 */
export function rowFields(...patterns: string[]) {
  return (error: JsonApiError): string | null => {
    const path = fieldPathFromPointer(error.source?.pointer ?? error.source?.parameter);
    return path && patterns.some((pattern) => matches(pattern, path)) ? path : null;
  };
}
