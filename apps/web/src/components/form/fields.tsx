import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { AlertIcon } from '../icons';
import { CommandIcon as SearchIcon } from '../icons-ui';

/** The look every text-like control shares; an invalid one gets a red border. */
export const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary aria-[invalid=true]:border-red-600';

/** An error line under a control; nothing without an error. */
export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="flex items-center gap-1 text-sm text-red-700">
      <AlertIcon size={14} className="shrink-0" />
      {children}
    </p>
  );
}

/** The control's `aria-describedby`: its error, else its hint. */
export const describedByOf = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** What follows a control: its hint (while there is no error) or its error. */
export function FieldFooter({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </>
  );
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled control with its hint and error; `children` is the control, with the given id. */
export function FieldShell({ id, label, error, hint, className = '', children }: FieldShellProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldFooter id={id} error={error} hint={hint} />
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  name: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextField({
  label,
  error,
  hint,
  value,
  onValueChange,
  className = '',
  ...props
}: TextFieldProps) {
  const id = useId();
  const describedBy = describedByOf(id, error, hint);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClasses} h-11 ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  name: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, value, onValueChange, ...props }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = describedByOf(id, error, hint);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClasses} min-h-28 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      />
    </FieldShell>
  );
}

/** The form-level message: a server error that belongs to no field, or success. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm whitespace-pre-line ${
        kind === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-emerald-200 bg-emerald-50 text-emerald-900'
      }`}
    >
      {children}
    </div>
  );
}

/** A search box with its magnifier; the caller's label points at it through `id`. */
/** The messages of a refusal that belong to no field the form shows, one under the other. */
export function GeneralErrors({ messages }: { messages: string[] }) {
  return (
    <>
      {messages.map((message) => (
        <FormMessage key={message} kind="error">
          {message}
        </FormMessage>
      ))}
    </>
  );
}

export function SearchInput({
  className = '',
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <div className="relative">
      <SearchIcon
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
      />
      <input type="search" className={`${controlClasses} border-slate-300 pl-10 ${className}`} {...props} />
    </div>
  );
}
