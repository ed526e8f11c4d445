/** A labelled group of checkboxes (courses of a product, products of a catalog or a promotion). */
import { useId } from 'react';
import { FieldError } from '../../../components/form/fields';

export function CheckList({
  legend,
  options,
  value,
  onChange,
  error,
  field,
  empty,
}: {
  legend: string;
  options: Array<{ value: string; label: string }>;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  field?: string;
  empty?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 && empty ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul
          className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2"
          data-field={field}
          tabIndex={-1}
        >
          {options.map((option) => (
            <li key={option.value}>
              <label className="flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-900 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={value.includes(option.value)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...value, option.value]
                        : value.filter((item) => item !== option.value),
                    )
                  }
                />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
