import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import {
  NO_ERRORS,
  focusFirstError,
  formErrorsFrom,
  type FormErrors,
  type KnownFields,
} from './server-errors';

/**
 * The errors of a form whose controls carry `data-field`: showing field errors moves focus to the
 * first of them, and a field's message goes as soon as that field changes.
 */
export function useFormErrors(knownFields: KnownFields) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const show = (next: FormErrors) => {
    setErrors(next);
    focusFirstError(next.fields, form.current ?? document);
  };

  return {
    form,
    errors,
    clear: () => setErrors(NO_ERRORS),
    clearField: (field: string) =>
      setErrors((current) =>
        current.fields[field] ? { ...current, fields: { ...current.fields, [field]: '' } } : current,
      ),
    /** Messages found before sending (required fields). */
    showFieldErrors: (fields: Record<string, string>) => show({ fields, general: [] }),
    /** A refused save: messages at their fields, the rest above the form. */
    showFailure: (failure: unknown) => show(formErrorsFrom(failure, knownFields, t('forms.default_error'))),
  };
}
