import type { ContentLabel } from '../../../lib/resources/content-labels';

/** The course's labels as small chips, each with its colour as a dot. */
export function ContentLabels({ labels }: { labels: ContentLabel[] | undefined }) {
  if (!labels || labels.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {labels.map((label) => (
        <li
          key={label.id}
          className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-700"
        >
          <span
            aria-hidden="true"
            className="size-2 rounded-full"
            style={{ backgroundColor: label.color ?? '#64748b' }}
          />
          {label.name}
        </li>
      ))}
    </ul>
  );
}
