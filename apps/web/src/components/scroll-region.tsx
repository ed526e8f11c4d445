import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content (a wide table) does not fit, as on a phone. It takes
 * focus and carries a name, so keyboard users can scroll it too (WCAG 2.1.1).
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
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`.trim()}>
      {children}
    </div>
  );
}
