/** A titled section of a page: its heading names it for assistive technology. */
import { useId, type ReactNode } from 'react';

export function Panel({
  title,
  testId,
  className = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm',
  headingClassName = 'mb-3 text-lg font-semibold text-slate-900',
  children,
}: {
  title: ReactNode;
  testId?: string;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className} data-testid={testId}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
