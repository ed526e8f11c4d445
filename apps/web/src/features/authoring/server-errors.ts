/** Server errors for authoring forms: 422 pointers mapped onto fields, everything else one message. */
import { VALIDATION_ERROR_STATUS, snakeToCamel } from '@leerpad/core';
import { isApiError } from '../../lib/api/client';

export interface FormErrors {
  /** Field path ('title', 'settings.passMark', 'options') → message. */
  fields: Record<string, string>;
  /** Messages that belong to no field the form shows. */
  general: string[];
}

export const NO_ERRORS: FormErrors = { fields: {}, general: [] };

/**
 * '/data/attributes/video_url' → 'videoUrl', '/settings/pass_mark' → 'settings.passMark',
 * '/content_label_ids/2' → 'contentLabelIds', '/options/1/text' → 'options'.
 */
export function fieldFromPointer(pointer: string | undefined): string | null {
  if (!pointer) return null;
  const segments = pointer
    .replace(/^\/data\/attributes(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const named: string[] = [];
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) break;
    named.push(snakeToCamel(segment));
  }
  return named.length > 0 ? named.join('.') : null;
}

/** Splits an error into field messages (for the given fields) and general ones. */
export function formErrorsFrom(error: unknown, knownFields: readonly string[], fallback: string): FormErrors {
  if (!isApiError(error)) return { fields: {}, general: [fallback] };
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const item of error.errors) {
    const text = item.detail ?? item.title ?? fallback;
    const field =
      error.status === VALIDATION_ERROR_STATUS || error.status === 413
        ? fieldFromPointer(item.source?.pointer)
        : null;
    if (field && knownFields.includes(field)) fields[field] ??= text;
    else general.push(text);
  }
  if (general.length === 0 && Object.keys(fields).length === 0) general.push(fallback);
  return { fields, general };
}

export interface LineError {
  line: number;
  detail: string;
}

/** The per-line report of a refused quiz import (pointer /lines/<n>, meta.line). */
export function lineErrorsFrom(error: unknown): LineError[] {
  if (!isApiError(error) || error.status !== VALIDATION_ERROR_STATUS) return [];
  return error.errors.flatMap((item) => {
    const fromMeta = Number(item.meta?.line);
    const fromPointer = Number(/^\/lines\/(\d+)/.exec(item.source?.pointer ?? '')?.[1]);
    const line = Number.isInteger(fromMeta) && fromMeta > 0 ? fromMeta : fromPointer;
    return Number.isInteger(line) && line > 0 ? [{ line, detail: item.detail ?? item.title }] : [];
  });
}

/** Moves focus to the first control named after a field with an error. */
export function focusFirstError(fields: Record<string, string>, root: ParentNode = document) {
  const names = Object.keys(fields);
  if (names.length === 0) return;
  requestAnimationFrame(() => {
    for (const name of names) {
      const element = root.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
      if (element) {
        element.focus();
        return;
      }
    }
  });
}
