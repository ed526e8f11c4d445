import { useId, type ReactNode } from 'react';
import { controlClasses, FieldShell } from '../../../components/form/fields';

/** A labelled native select for the coach lists' filters and sort. */
export function FilterSelect({
  label,
  value,
  options,
  onValueChange,
  testId,
}: {
  label: ReactNode;
  value: string;
  options: Array<{ value: string; label: string }>;
  onValueChange: (value: string) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label}>
      <select
        id={id}
        value={value}
        data-testid={testId}
        onChange={(event) => onValueChange(event.target.value)}
        className={`${controlClasses} h-11 border-slate-300`}
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
