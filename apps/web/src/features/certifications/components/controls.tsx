/** Small form controls of the certification screens: a select, a number and a checkbox. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { controlClasses, describedByOf, FieldShell } from '../../../components/form/fields';

export function SelectField({
  label,
  value,
  options,
  onValueChange,
  error,
}: {
  label: ReactNode;
  value: string;
  options: Array<{ value: string; label: string }>;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error)}
        className={`${controlClasses} h-11 ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function NumberField({
  label,
  value,
  onValueChange,
  error,
  hint,
  field,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  field?: string;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type="number"
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
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="mt-0.5 size-4 rounded border-slate-400 accent-primary"
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
