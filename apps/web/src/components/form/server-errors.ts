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

/**
 * '/data/attributes/video_url' → 'videoUrl', '/settings/pass_mark' → 'settings.passMark',
 * '/content_label_ids/2' → 'contentLabelIds', '/options/1/text' → 'options', 'full_name' → 'fullName':
 * the field a whole control edits, up to the first row (row-errors.ts keeps the rows); a relationship
 * is its name: '/data/relationships/primary_coach/data/id' and '/primary_coach/id' → 'primaryCoach',
 * '/courses/2/id' → 'courses'.
 */
export function fieldFromPointer(pointer: string | undefined): string | null {
  if (!pointer) return null;
  const segments = pointer
    .replace(/^\/data\/attributes(?=\/|$)/, '')
    .replace(/^\/data\/relationships\/([^/]+)\/data(?=\/|$).*/, '/$1')
    .split('/')
    .filter(Boolean);
  const named: string[] = [];
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) break;
    // The members of a resource identifier `{type, id}` belong to the relationship.
    if (named.length > 0 && (segment === 'id' || segment === 'type')) break;
    named.push(snakeToCamel(segment));
  }
  return named.length > 0 ? named.join('.') : null;
}

/** The field an error names, by its pointer (a body attribute) or its parameter (a query one). */
export function fieldFromSource(error: JsonApiError): string | null {
  return fieldFromPointer(error.source?.pointer ?? error.source?.parameter);
}

/**
 * The fields a form shows: their names ('title', 'settings.passMark'), or a function from an error
 * to the key it belongs under (null: above the form) — `rowFields` (row-errors.ts) for forms with rows.
 */
export type KnownFields = readonly string[] | ((error: JsonApiError) => string | null);

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
    const byKey = typeof knownFields === 'function';
    const field = onFields ? (byKey ? knownFields(item) : fieldFromSource(item)) : null;
    if (field && (byKey || knownFields.includes(field))) fields[field] ??= text;
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
