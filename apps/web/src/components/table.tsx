/** The head row of a data table: one column header per label, with the table's own look. */
import type { ReactNode } from 'react';

export interface TableColumn {
  label: ReactNode;
  /** Classes of this header beside the table's (alignment, width). */
  className?: string;
  /** Named for screen readers only (a column of actions). */
  hidden?: boolean;
}

const isColumn = (column: ReactNode | TableColumn): column is TableColumn =>
  typeof column === 'object' && column !== null && 'label' in column;

/** `false` leaves a column out (one shown only with a feature). */
export function TableHead({
  columns,
  className = 'bg-slate-50 text-slate-700',
  rowClassName,
  cellClassName = 'px-4 py-2 font-medium',
}: {
  columns: Array<ReactNode | TableColumn | false>;
  className?: string;
  rowClassName?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className || undefined}>
      <tr className={rowClassName}>
        {columns.map((column, index) =>
          column === false ? null : (
            <th
              key={index}
              scope="col"
              className={
                isColumn(column) && column.className ? `${cellClassName} ${column.className}` : cellClassName
              }
            >
              {isColumn(column) && column.hidden ? (
                <span className="sr-only">{column.label}</span>
              ) : isColumn(column) ? (
                column.label
              ) : (
                column
              )}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
