import type { ReactNode } from 'react';
import { SparkIcon } from './icons-ui';

/** A friendly empty panel: no data yet, or a capability that arrives in a later release. */
export function EmptyState({
  title,
  description,
  icon,
  children,
  headingLevel = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      data-testid="empty-state"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-text">
        {icon ?? <SparkIcon size={24} />}
      </span>
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {description && <p className="max-w-md text-sm text-slate-600">{description}</p>}
      {children}
    </div>
  );
}
