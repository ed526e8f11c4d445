/** An on/off switch: a button with role="switch", operable with Space and Enter like any button. */
export function Switch({
  label,
  checked,
  onCheckedChange,
  busy = false,
  describedBy,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  busy?: boolean;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={busy}
      onClick={() => onCheckedChange(!checked)}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60 ${
        checked ? 'bg-teal-700' : 'bg-slate-400'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${
          checked ? 'translate-x-5' : 'translate-x-0'
        }`}
      />
    </button>
  );
}
