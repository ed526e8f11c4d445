import type { ReactNode } from 'react';
import { Button } from './button';
import { ModalFrame } from './modal';
import { useTranslation } from '../lib/i18n/i18n';

/** Asks before something is deleted (or lost); the confirming button says what will happen. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error,
  cancelLabel,
  confirmTestId = 'confirm-delete',
}: {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  error?: string | null;
  /** The button that keeps things as they are; "Cancel" unless given. */
  cancelLabel?: string;
  confirmTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={title} onClose={onClose} size="sm">
      <p className="text-slate-700">{description}</p>
      {error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {cancelLabel ?? t('authoring.actions.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </div>
    </ModalFrame>
  );
}
