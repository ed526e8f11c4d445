/** The per-line report of a refused quiz import. */
import { VALIDATION_ERROR_STATUS } from '@leerpad/core';
import { rowFromPointer } from '../../components/form/row-errors';
import { isApiError } from '../../lib/api/client';

export interface LineError {
  line: number;
  detail: string;
}

/** The per-line report of a refused quiz import (pointer /lines/<n>, meta.line). */
export function lineErrorsFrom(error: unknown): LineError[] {
  if (!isApiError(error) || error.status !== VALIDATION_ERROR_STATUS) return [];
  return error.errors.flatMap((item) => {
    const fromMeta = Number(item.meta?.line);
    const place = rowFromPointer(item.source?.pointer);
    const fromPointer = place?.list === 'lines' ? place.row : NaN;
    const line = Number.isInteger(fromMeta) && fromMeta > 0 ? fromMeta : fromPointer;
    return Number.isInteger(line) && line > 0 ? [{ line, detail: item.detail ?? item.title }] : [];
  });
}
