/**
 * The course editor's switches "requires approval to enrol" and "requires a coach's sign-off to
 * complete" (flag coach_mandate_approvals).
 */
import { useId } from 'react';
import { FieldError } from './form/fields';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';

export function RequiresApprovalSwitch({
  kind = 'approval',
  checked,
  onChange,
  error,
}: {
  kind?: 'approval' | 'signoff';
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  useNamespace('approvals');
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="inline-flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          role="switch"
          className="mt-0.5 size-4 accent-primary"
          checked={checked}
          data-field={kind === 'approval' ? 'requiresApproval' : 'requiresSignoff'}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          <span className="font-medium">{t(`approvals.course.requires_${kind}`)}</span>
          <span id={`${id}-hint`} className="block text-slate-600">
            {t(`approvals.course.requires_${kind}_hint`)}
          </span>
        </span>
      </label>
      <FieldError>{error}</FieldError>
    </div>
  );
}
