/**
 * The one mapping of server refusals onto form fields (SPEC §5, §8): a 422 (or 413 on an upload)
 * names its field by `source.pointer` or `source.parameter`; everything else is one message above
 * the form.
 */
import { VALIDATION_ERROR_STATUS, snakeToCamel, type JsonApiError } from '@leerpad/core';
import { apiErrorText, isApiError } from '../../lib/api/client';

const PAYLOAD_TOO_LARGE_STATUS = 413;

export interface FormErrors {
  /** Field path ('title', 'settings.passMark', 'options', 'lines.3.email') → message. */
  fields: Record<string, string>;
  /** Messages that belong to no field the form shows. */
  general: string[];
}

export const NO_ERRORS: FormErrors = { fields: {}, general: [] };

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

/**
 * '/data/attributes/video_url' → 'videoUrl', '/settings/pass_mark' → 'settings.passMark',
 * '/content_label_ids/2' → 'contentLabelIds', '/options/1/text' → 'options', 'full_name' → 'fullName':
 * the field a whole control edits, up to the first row.
 */
export function fieldFromPointer(pointer: string | undefined): string | null {
  const segments = pointerSegments(pointer);
  const firstRow = segments.findIndex(isRow);
  const named = (firstRow === -1 ? segments : segments.slice(0, firstRow)).map(snakeToCamel);
  return named.length > 0 ? named.join('.') : null;
}

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

/** The field an error names, by its pointer (a body attribute) or its parameter (a query one). */
export function fieldFromSource(error: JsonApiError): string | null {
  return fieldFromPointer(error.source?.pointer ?? error.source?.parameter);
}

/**
 * The fields a form shows: names ('title', 'settings.passMark'), row patterns where `*` stands for a
 * row index or one name ('lines.*.email', 'criteria.*.names.*'; the error is kept under its whole
 * path, 'lines.3.email'), or a function from an error to the key it belongs under (null: general).
 */
export type KnownFields = readonly string[] | ((error: JsonApiError) => string | null);

const matches = (pattern: string, path: string) => {
  const want = pattern.split('.');
  const have = path.split('.');
  return want.length === have.length && want.every((part, index) => part === '*' || part === have[index]);
};

function fieldKeyOf(item: JsonApiError, known: KnownFields): string | null {
  if (typeof known === 'function') return known(item);
  const pointer = item.source?.pointer ?? item.source?.parameter;
  const path = fieldPathFromPointer(pointer);
  if (path && known.some((pattern) => pattern.includes('*') && matches(pattern, path))) return path;
  const field = fieldFromPointer(pointer);
  return field && known.includes(field) ? field : null;
}

/**
 * Splits an error into field messages (for the given fields) and general ones. `message` may
 * translate an error itself; otherwise the error's code gives the text in the interface language.
 */
export function formErrorsFrom(
  error: unknown,
  knownFields: KnownFields,
  fallback: string,
  message?: (error: JsonApiError) => string | undefined,
): FormErrors {
  if (!isApiError(error)) return { fields: {}, general: [fallback] };
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const onFields = error.status === VALIDATION_ERROR_STATUS || error.status === PAYLOAD_TOO_LARGE_STATUS;
  for (const item of error.errors) {
    const text = message?.(item) ?? apiErrorText(item) ?? fallback;
    const field = onFields ? fieldKeyOf(item, knownFields) : null;
    if (field) fields[field] ??= text;
    else general.push(text);
  }
  if (general.length === 0 && Object.keys(fields).length === 0) general.push(fallback);
  return { fields, general };
}

/** Moves focus to the first control of a field with an error (by `data-field`, else by `name`). */
export function focusFirstError(fields: Record<string, string>, root: ParentNode = document) {
  const names = Object.keys(fields);
  if (names.length === 0) return;
  requestAnimationFrame(() => {
    for (const name of names) {
      const escaped = CSS.escape(name);
      const element = root.querySelector<HTMLElement>(`[data-field="${escaped}"], [name="${escaped}"]`);
      if (element) {
        element.focus();
        return;
      }
    }
  });
}
