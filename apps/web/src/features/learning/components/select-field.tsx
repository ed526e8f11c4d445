import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldError } from '../../../components/form/fields';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  children: ReactNode;
  compact?: boolean;
};

/** A labelled native select with the form fields' look; errors are announced with the control. */
export function SelectField({
  label,
  value,
  onValueChange,
  error,
  children,
  compact = false,
  className = '',
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={`font-medium text-slate-800 ${compact ? 'text-xs' : 'text-sm'}`}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block w-full rounded-lg border bg-white px-3 text-slate-900 shadow-sm focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary ${
          compact ? 'h-10 text-sm' : 'h-11'
        } ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
