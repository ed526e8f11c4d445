/**
 * A small form state machine (SPEC §4 "Form", §5): load, init field, update value, submit, reset,
 * saved, clear, disabled, error and validate. Rules come from the core rule engine (a required
 * dropdown takes `is_required`: "Please select an option."), submit validates every field, server
 * 422 errors map onto fields by pointer or parameter, any other error shows as one message, and a
 * success (status ≤ 299) resets the form when asked to. A change fires `onDirty` once the fields
 * have been still for 500 ms.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import {
  FORM_DIRTY_DELAY_MS,
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
  /**
   * Full feedback: a submit whose fields are all valid disables the form, while it is sent and after
   * a success, until it is reset or enabled again (a form whose answer cannot be sent twice).
   */
  fullFeedback?: boolean;
  /** The dirty event: the values changed, then stayed still for 500 ms. */
  onDirty?: (values: V) => void;
}

/** The empty value of a field of the same kind (the form's clear). */
function emptyLike(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'boolean') return false;
  if (Array.isArray(value)) return [];
  return null;
}

/** A dropdown's `required` reads "Please select an option." (SPEC §5: validation.is_required). */
const dropdownRules = (rules: string) => rules.replace(/(^|\|)required(?=\||$)/, '$1is_required');

const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys({ ...a, ...b }).every((key) => Object.is(a[key], b[key]));

export function useForm<V extends Record<string, unknown>, R = unknown>(options: UseFormOptions<V, R>) {
  const { t, i18n } = useTranslation();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [values, setValues] = useState<V>(options.initialValues);
  // What the fields were loaded with: the form is dirty while its values differ from these.
  const [initial, setInitial] = useState<V>(options.initialValues);
  const [disabled, setDisabled] = useState(false);
  const [changes, setChanges] = useState(0);
  // Fields drawn as dropdowns (through `select`): their required rule has its own message.
  const dropdowns = useRef(new Set<string>());
  const ruleOf = useCallback((name: string) => {
    const rule = optionsRef.current.rules?.[name as keyof V & string];
    return rule && dropdowns.current.has(name) ? dropdownRules(rule) : rule;
  }, []);
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
      setChanges((count) => count + 1);
      if (status === 'saved' || status === 'error') setStatus('idle');
      // After a first submit, fields re-validate as they change, so errors clear as they are fixed.
      const rule = ruleOf(name);
      if (submitted && rule) {
        const error = validateValue(value, rule);
        setErrors((current) => ({ ...current, [name]: error ? message(error) : undefined }));
      } else {
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
      }
    },
    [message, ruleOf, status, submitted],
  );

  const latestValues = useRef(values);
  latestValues.current = values;
  // The dirty event, once per burst of changes (SPEC §9: 500 ms).
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => optionsRef.current.onDirty?.(latestValues.current), FORM_DIRTY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changes]);
  const startOver = useCallback((next: V, loaded: V) => {
    setValues(next);
    setInitial(loaded);
    setErrors({});
    setFormError(null);
    setSubmitted(false);
    setStatus('idle');
    setDisabled(false);
  }, []);

  /** Back to what the form was loaded with. */
  const reset = useCallback(() => startOver(initial, initial), [initial, startOver]);

  /** Load: new values from the server become both the fields and what "unchanged" means. */
  const load = useCallback((loaded: V) => startOver(loaded, loaded), [startOver]);

  /** Init field: one field gets a value it was loaded with (not a change of the person's). */
  const initField = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setInitial((current) => ({ ...current, [name]: value }));
  }, []);

  /** Clear: every field emptied (a change, so the form becomes dirty). */
  const clear = useCallback(() => {
    setValues(
      (current) =>
        Object.fromEntries(Object.entries(current).map(([key, value]) => [key, emptyLike(value)])) as V,
    );
    setChanges((count) => count + 1);
    setErrors({});
    setFormError(null);
  }, []);

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (status === 'submitting' || disabled) return;
    setSubmitted(true);
    const { rules = {}, onSubmit, onSuccess, errorMessage, resetOnSuccess } = optionsRef.current;
    const invalid = validateFields(
      values,
      Object.fromEntries(Object.keys(rules).map((name) => [name, ruleOf(name)])),
    );
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
    if (optionsRef.current.fullFeedback) setDisabled(true);
    try {
      const result = await onSubmit(values);
      setStatus('saved');
      // Saved values are the new "unchanged"; a form that resets starts again from its first values.
      if (resetOnSuccess) {
        setValues(initial);
        setSubmitted(false);
      } else {
        setInitial(values);
      }
      onSuccess?.(result, values);
    } catch (error) {
      setStatus('error');
      setDisabled(false);
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
  const isDisabled = disabled;
  const field = <K extends keyof V & string>(name: K) => ({
    value: values[name],
    onValueChange: (value: V[K]) => setValue(name, value),
    error: errors[name],
    ...(isDisabled && { disabled: true }),
  });
  /** The same for a dropdown (`SelectField`): an empty required choice asks to select an option. */
  const select = <K extends keyof V & string>(name: K) => {
    dropdowns.current.add(name);
    return { ...field(name), name, field: name };
  };

  return {
    values,
    setValue,
    field,
    select,
    errors,
    formError,
    status,
    submitting: status === 'submitting',
    /** The values differ from what the form was loaded with (or last saved). */
    dirty: !sameValues(values, initial),
    disabled: isDisabled,
    setDisabled,
    handleSubmit,
    reset,
    load,
    initField,
    clear,
  };
}
