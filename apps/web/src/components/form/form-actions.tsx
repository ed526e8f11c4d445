/** The end of a form in a dialog or panel: cancel, then the one submit button (busy while sending). */
import type { ReactNode } from 'react';
import { Button } from '../button';

export function FormActions({
  onCancel,
  cancelLabel,
  submitLabel,
  pending,
  submitTestId,
}: {
  onCancel: () => void;
  cancelLabel: ReactNode;
  submitLabel: ReactNode;
  pending: boolean;
  submitTestId?: string;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </div>
  );
}
