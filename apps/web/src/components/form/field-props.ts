/**
 * What ties a field to its state and to the server's refusals: its name (where a refusal points and
 * where focus goes), value, change handler and error. `<TextField label={…} {...fieldProps(errors,
 * 'title', title, setTitle)} />`.
 */
export function fieldProps<T>(
  errors: { fields: Record<string, string> },
  name: string,
  value: T,
  onValueChange: (value: T) => void,
) {
  return { name, value, onValueChange, error: errors.fields[name] || undefined };
}
