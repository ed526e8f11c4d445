/** The current announcements for the signed-in account: read on opening, dismissible. */
import { useQuery } from '@tanstack/react-query';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorBlock, errorKindOf } from './error-block';
import { HtmlContent } from './html-content';
import { Loading } from './loading';
import { formatDateTime } from '../lib/format';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import {
  currentAnnouncementsQuery,
  useAnnouncementState,
  type Announcement,
} from '../lib/resources/announcements';

export function AnnouncementFeed({ variant }: { variant: 'page' | 'panel' }) {
  useNamespace('announcements');
  const { t } = useTranslation();
  const announcements = useQuery(currentAnnouncementsQuery);
  if (announcements.isPending) return variant === 'page' ? <Loading /> : null;
  if (announcements.isError)
    return variant === 'page' ? (
      <ErrorBlock
        kind={errorKindOf(announcements.error)}
        asPage={false}
        onRetry={() => void announcements.refetch()}
      />
    ) : null;
  if (announcements.data.length === 0)
    return variant === 'page' ? (
      <EmptyState title={t('announcements.feed.empty_title')} description={t('announcements.feed.empty')} />
    ) : null;
  return (
    <section aria-labelledby="announcement-feed-title" className={variant === 'panel' ? 'mb-6' : ''}>
      <h2
        id="announcement-feed-title"
        className={variant === 'panel' ? 'mb-3 text-lg font-semibold text-slate-900' : 'sr-only'}
      >
        {t('announcements.feed.title')}
      </h2>
      <ul className="grid gap-4" data-testid="announcement-feed">
        {announcements.data.map((announcement) => (
          <AnnouncementCard key={announcement.id} announcement={announcement} />
        ))}
      </ul>
    </section>
  );
}

function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  const { t, i18n } = useTranslation();
  const state = useAnnouncementState();
  const unread = !announcement.readAt;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="announcement-card"
      lang={announcement.language}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{announcement.title}</h3>
        {unread && (
          <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-text">
            {t('announcements.feed.new')}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{formatDateTime(announcement.startsAt, i18n.language)}</p>
      <HtmlContent html={announcement.body} className="mt-3" />
      <div className="mt-4 flex flex-wrap gap-2">
        {unread && (
          <Button
            variant="secondary"
            size="sm"
            loading={state.isPending && state.variables?.read === true}
            onClick={() => state.mutate({ id: announcement.id, read: true })}
          >
            {t('announcements.feed.mark_read')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('announcements.feed.dismiss_named', { title: announcement.title })}
          loading={state.isPending && state.variables?.dismissed === true}
          onClick={() => state.mutate({ id: announcement.id, read: true, dismissed: true })}
        >
          {t('announcements.feed.dismiss')}
        </Button>
      </div>
    </li>
  );
}
