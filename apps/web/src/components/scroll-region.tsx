import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content (a wide table) does not fit, as on a phone. It takes
 * focus and carries a name, so keyboard users can scroll it too (WCAG 2.1.1). A group, not a region:
 * it is no landmark of its own, so it never repeats the name of the section it stands in.
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`.trim()}>
      {children}
    </div>
  );
}
