/**
 * Breadcrumbs (SPEC §2): an environment badge linking to ?returnTo or the environment home, then a
 * crumb per page on the way, the last not a link, a placeholder while a crumb's name is pending.
 * Each crumb's title is its page's (the page map in @leerpad/core), never a word of the address: an
 * address part that is no page gets no crumb. A crumb links only when its page opens for the reader
 * (`mayOpenPage`, the rule the route guards apply), otherwise it is plain text (decision 062).
 * The environment's own prefix segment (/admin, /coach) is the badge itself, so it is not repeated.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { Link } from 'react-router';
import {
  ENVIRONMENT_HOMES,
  findPage,
  isSafeReturnTo,
  mayOpenPage,
  type Environment,
  type PageDefinition,
  type PageReader,
} from '@leerpad/core';
import { accountQuery } from '../lib/resources/accounts';
import { useSession } from '../lib/session/use-session';
import { ChevronRightIcon } from './icons-ui';

export interface Crumb {
  href: string;
  /** The page at this address; undefined only for the last crumb of an address the app lacks. */
  page: PageDefinition | undefined;
  /** The address part, for pages that name a record by it (an account's id). */
  segment: string;
  /** Whether the crumb is a link: not the current page, and a page the reader may open. */
  link: boolean;
}

export function crumbsFor(pathname: string, environment: Environment, reader: PageReader): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  segments.forEach((segment, index) => {
    if (index === 0 && segment === environment) return;
    const href = `/${segments.slice(0, index + 1).join('/')}`;
    const page = findPage(href);
    const last = index === segments.length - 1;
    if ((!page || page.crumb === false) && !last) return;
    crumbs.push({
      href,
      page,
      segment: decodeURIComponent(segment),
      link: !last && mayOpenPage(page, reader),
    });
  });
  return crumbs;
}

function Placeholder() {
  const { t } = useTranslation();
  return (
    <span data-testid="crumb-placeholder">
      <span
        className="inline-block h-3.5 w-24 animate-pulse rounded bg-slate-200 align-middle"
        aria-hidden="true"
      />
      <span className="sr-only">{t('loading.stage_0')}</span>
    </span>
  );
}

/**
 * Names a page gives its own crumb (a course title instead of its id). null while the name is
 * loading shows the placeholder. The page's name is forgotten when the page goes.
 */
let crumbLabels: ReadonlyMap<string, string | null> = new Map();
const crumbListeners = new Set<() => void>();

function setCrumbLabel(href: string, label: string | null | undefined) {
  const next = new Map(crumbLabels);
  if (label === undefined) next.delete(href);
  else next.set(href, label);
  crumbLabels = next;
  crumbListeners.forEach((listener) => listener());
}

function subscribeCrumbLabels(listener: () => void) {
  crumbListeners.add(listener);
  return () => crumbListeners.delete(listener);
}

export function useCrumbLabel(href: string, label: string | null): void {
  useEffect(() => {
    setCrumbLabel(href, label);
    return () => setCrumbLabel(href, undefined);
  }, [href, label]);
}

function AccountName({ id }: { id: string }) {
  const account = useQuery(accountQuery(id));
  if (account.isPending) return <Placeholder />;
  return <>{account.data?.fullName ?? id}</>;
}

function CrumbLabel({ crumb }: { crumb: Crumb }) {
  const { t } = useTranslation();
  const labels = useSyncExternalStore(subscribeCrumbLabels, () => crumbLabels);
  const named = labels.get(crumb.href);
  if (named === null) return <Placeholder />;
  if (named !== undefined) return <>{named}</>;
  if (crumb.page?.path === '/admin/accounts/:accountId' && /^\d+$/.test(crumb.segment))
    return <AccountName id={crumb.segment} />;
  return <>{t(`breadcrumbs.titles.${crumb.page?.title ?? 'not-found'}`)}</>;
}

export function Breadcrumbs({
  pathname,
  search,
  environment,
}: {
  pathname: string;
  search: string;
  environment: Environment;
}) {
  const { t } = useTranslation();
  const { authenticated, roles, features } = useSession();
  if (environment === 'guest') return null;
  const returnTo = new URLSearchParams(search).get('returnTo');
  const badgeHref = isSafeReturnTo(returnTo) ? returnTo : ENVIRONMENT_HOMES[environment];
  const crumbs = crumbsFor(pathname, environment, { authenticated, roles, features });

  return (
    <nav aria-label={t('breadcrumbs.label')} className="mb-4" data-testid="breadcrumbs">
      {/* One line: a long name is cut short rather than wrapping and pushing the page down. */}
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
        <li className="shrink-0">
          <Link
            to={badgeHref}
            className="inline-flex items-center rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-on-primary hover:brightness-95"
            data-testid="environment-badge"
          >
            {t(`environments.${environment}`)}
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex min-w-0 items-center gap-1.5" data-testid="crumb">
              <ChevronRightIcon size={14} className="shrink-0 text-slate-400" />
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-900">
                  <CrumbLabel crumb={crumb} />
                </span>
              ) : crumb.link ? (
                <Link to={crumb.href} className="truncate hover:text-slate-900 hover:underline">
                  <CrumbLabel crumb={crumb} />
                </Link>
              ) : (
                <span className="truncate">
                  <CrumbLabel crumb={crumb} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
