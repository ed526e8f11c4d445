/** The per-line or per-item report of a refused quiz import. */
import { VALIDATION_ERROR_STATUS } from '@leerpad/core';
import { rowFromPointer } from '../../components/form/row-errors';
import { isApiError } from '../../lib/api/client';

export interface LineError {
  /** The line of a GIFT or CSV import, or of a QTI file when known. */
  line: number | null;
  /** The QTI item (or file) the error is about. */
  item: string | null;
  detail: string;
}

/**
 * The report of a refused quiz import: per line (pointer /lines/<n>, meta.line) for GIFT and CSV,
 * per item (pointer /items/<identifier>, meta.item) for QTI.
 */
export function lineErrorsFrom(error: unknown): LineError[] {
  if (!isApiError(error) || error.status !== VALIDATION_ERROR_STATUS) return [];
  return error.errors.flatMap((entry): LineError[] => {
    const detail = entry.detail ?? entry.title;
    if (entry.code === 'INVALID_ITEM') {
      const item = typeof entry.meta?.item === 'string' ? entry.meta.item : '';
      return [{ line: null, item: item || null, detail }];
    }
    const fromMeta = Number(entry.meta?.line);
    const place = rowFromPointer(entry.source?.pointer);
    const fromPointer = place?.list === 'lines' ? place.row : NaN;
    const line = Number.isInteger(fromMeta) && fromMeta > 0 ? fromMeta : fromPointer;
    return Number.isInteger(line) && line > 0 ? [{ line, item: null, detail }] : [];
  });
}
