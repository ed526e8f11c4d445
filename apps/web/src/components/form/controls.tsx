/** Form controls the shared fields do not cover: selects, checkboxes and numbers. */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldShell, controlClasses, describedByOf } from './fields';

export interface Option {
  value: string;
  label: string;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  field?: string;
  /** A smaller label and control, for filter bars. */
  compact?: boolean;
} & ({ options: Option[]; children?: never } | { options?: never; children: ReactNode });

/** A labelled native select with its hint and error line; its choices as `options` or as `<option>`s. */
export function SelectField({
  label,
  value,
  options,
  children,
  onValueChange,
  error,
  hint,
  field,
  compact = false,
  className = '',
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={compact ? `${className} [&>label]:text-xs` : className}
    >
      <select
        id={id}
        value={value}
        data-field={field}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error, hint)}
        className={`${controlClasses} ${compact ? 'h-10 text-sm' : 'h-11'} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      >
        {options
          ? options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))
          : children}
      </select>
    </FieldShell>
  );
}

type NumberFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  field?: string;
};

export function NumberField({
  label,
  value,
  onValueChange,
  error,
  hint,
  field,
  className = '',
  ...props
}: NumberFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        value={value}
        data-field={field}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error, hint)}
        className={`${controlClasses} h-11 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      />
    </FieldShell>
  );
}

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  hint,
  field,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  field?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        data-field={field}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 rounded border-slate-400 accent-primary"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** '' → null, otherwise the whole number typed (the server reports anything out of range). */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? Math.trunc(number) : null;
}

export const textOf = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
