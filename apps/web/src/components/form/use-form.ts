/**
 * A small form state machine (SPEC §4 "Form", §5): rules from the core rule engine, validation of
 * every field on submit, server 422 errors mapped onto fields by pointer or parameter, any other
 * error shown as one message, success resets the form when asked to.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import {
  formatValidationMessage,
  joinErrorMessages,
  validateFields,
  validateValue,
  type JsonApiError,
} from '@leerpad/core';
import { focusFirstError, formErrorsFrom } from './server-errors';

export type FormStatus = 'idle' | 'submitting' | 'saved' | 'error';

export interface UseFormOptions<V extends Record<string, unknown>, R> {
  initialValues: V;
  rules?: Partial<Record<keyof V & string, string>>;
  onSubmit: (values: V) => Promise<R>;
  onSuccess?: (result: R, values: V) => void;
  /** Translate a server error (by code) into a message; undefined keeps the server's detail. */
  errorMessage?: (error: JsonApiError) => string | undefined;
  resetOnSuccess?: boolean;
}

export function useForm<V extends Record<string, unknown>, R = unknown>(options: UseFormOptions<V, R>) {
  const { t, i18n } = useTranslation();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [values, setValues] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  const [submitted, setSubmitted] = useState(false);

  const message = useCallback(
    (error: Parameters<typeof formatValidationMessage>[0]) => formatValidationMessage(error, i18n.language),
    [i18n.language],
  );

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (status === 'saved' || status === 'error') setStatus('idle');
      // After a first submit, fields re-validate as they change, so errors clear as they are fixed.
      const rule = optionsRef.current.rules?.[name];
      if (submitted && rule) {
        const error = validateValue(value, rule);
        setErrors((current) => ({ ...current, [name]: error ? message(error) : undefined }));
      } else {
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
      }
    },
    [message, status, submitted],
  );

  const reset = useCallback(() => {
    setValues(optionsRef.current.initialValues);
    setErrors({});
    setFormError(null);
    setSubmitted(false);
    setStatus('idle');
  }, []);

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (status === 'submitting') return;
    setSubmitted(true);
    const { rules = {}, onSubmit, onSuccess, errorMessage, resetOnSuccess } = optionsRef.current;
    const invalid = validateFields(values, rules as Record<string, string>);
    const fieldErrors = Object.fromEntries(
      Object.entries(invalid).map(([name, error]) => [name, message(error)]),
    );
    setErrors(fieldErrors);
    setFormError(null);
    if (Object.keys(fieldErrors).length > 0) {
      focusFirstError(fieldErrors);
      return;
    }
    setStatus('submitting');
    try {
      const result = await onSubmit(values);
      setStatus('saved');
      if (resetOnSuccess) {
        setValues(optionsRef.current.initialValues);
        setSubmitted(false);
      }
      onSuccess?.(result, values);
    } catch (error) {
      setStatus('error');
      const { fields, general } = formErrorsFrom(
        error,
        Object.keys(values),
        t('forms.default_error'),
        errorMessage,
      );
      setErrors(fields);
      focusFirstError(fields);
      if (general.length > 0) setFormError(joinErrorMessages(general));
    }
  };

  /** The value, change handler and error of one field, to spread onto its input component. */
  const field = <K extends keyof V & string>(name: K) => ({
    value: values[name],
    onValueChange: (value: V[K]) => setValue(name, value),
    error: errors[name],
  });

  return {
    values,
    setValue,
    field,
    errors,
    formError,
    status,
    submitting: status === 'submitting',
    handleSubmit,
    reset,
  };
}
