import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { controlClasses, describedByOf, FieldShell } from '../../../components/form/fields';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  options: Array<{ value: string; label: string }>;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  field?: string;
};

/** A labelled native select with its error line. */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  error,
  field,
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        data-field={field}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error)}
        className={`${controlClasses} h-11 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
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
