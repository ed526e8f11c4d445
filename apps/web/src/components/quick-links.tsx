import { useTranslation } from '../lib/i18n/i18n';
import { Link } from 'react-router';
import type { NavGroup } from '../lib/navigation';
import { ChevronRightIcon } from './icons-ui';
import { NavIcon } from './nav-icon';

/** Cards linking to each visible menu entry: a dashboard's way in. */
export function QuickLinks({ groups, title }: { groups: NavGroup[]; title: string }) {
  const { t } = useTranslation();
  const items = groups.flatMap((group) =>
    group.items.map((item) => ({ ...item, icon: item.icon ?? group.icon })),
  );
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.path}
              className="group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-primary hover:shadow"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-text">
                <NavIcon name={item.icon} />
              </span>
              <span className="flex-1 text-sm font-medium text-slate-900">{t(item.labelKey)}</span>
              <ChevronRightIcon size={16} className="text-slate-400 group-hover:text-primary-text" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
