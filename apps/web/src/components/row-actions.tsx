/** The small icon buttons of a list row (move, edit, delete); each is named after what it acts on. */
import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, TrashIcon } from './authoring-icons';

export const rowButtonClasses =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-30 disabled:hover:bg-transparent';

type RowButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'title'> & {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  danger?: boolean;
};

export function RowButton({ label, danger = false, children, ...props }: RowButtonProps) {
  return (
    <button
      type="button"
      className={danger ? `${rowButtonClasses} hover:text-red-700` : rowButtonClasses}
      aria-label={label}
      title={label}
      {...props}
    >
      {children}
    </button>
  );
}

/** Move up and move down by one place; a button is disabled where the row cannot go further. */
export function MoveButtons({
  title,
  onMove,
  upDisabled,
  downDisabled,
}: {
  /** The name of what moves, read out in the buttons' names. */
  title: string;
  onMove: (step: -1 | 1) => void;
  upDisabled: boolean;
  downDisabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RowButton
        label={t('authoring.outline.move_up', { title })}
        disabled={upDisabled}
        onClick={() => onMove(-1)}
      >
        <ArrowUpIcon size={16} />
      </RowButton>
      <RowButton
        label={t('authoring.outline.move_down', { title })}
        disabled={downDisabled}
        onClick={() => onMove(1)}
      >
        <ArrowDownIcon size={16} />
      </RowButton>
    </>
  );
}

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <RowButton label={label} onClick={onClick}>
      <PencilIcon size={16} />
    </RowButton>
  );
}

export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <RowButton label={label} danger onClick={onClick}>
      <TrashIcon size={16} />
    </RowButton>
  );
}
