/** A course or object progress bar, announced as a progressbar with its value. */
export function ProgressBar({
  value,
  label,
  size = 'md',
  className = '',
}: {
  value: number;
  label: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={`${percent}%`}
      className={`w-full overflow-hidden rounded-full bg-slate-200 ${size === 'sm' ? 'h-1.5' : 'h-2.5'} ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ${percent === 100 ? 'bg-emerald-600' : 'bg-primary'}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
