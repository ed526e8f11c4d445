import { useState } from 'react';
import { can } from '@leerpad/core';
import { Button } from '../../../components/button';
import { AskCoachForm } from '../../../components/ask-coach-form';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { telHref } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { MailIcon, PhoneIcon, UserIcon } from '../../../components/icons-ui';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';

export function PrimaryCoachPage() {
  useNamespace('tickets');
  const { t } = useTranslation();
  const { me } = useSession();
  usePageTitle(t('pages.account_primary_coach.title'));
  const coach = me?.primaryCoach;
  const { features } = useSession();
  const [asking, setAsking] = useState(false);
  const mayAsk = can({ roles: me?.roles ?? [], features }, 'ask:ticket');
  return (
    <div data-page="account_primary_coach">
      <PageHeader
        title={t('pages.account_primary_coach.title')}
        description={t('pages.account_primary_coach.description')}
        actions={
          mayAsk && !asking ? (
            <Button type="button" onClick={() => setAsking(true)}>
              {t('tickets.ask_coach')}
            </Button>
          ) : undefined
        }
      />
      {asking && (
        <section
          className="mb-6 max-w-xl rounded-2xl border border-slate-200 bg-white p-6"
          aria-label={t('tickets.ask_coach')}
        >
          <AskCoachForm onDone={() => setAsking(false)} />
        </section>
      )}
      {coach ? (
        <section
          className="flex max-w-xl items-center gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          aria-label={coach.fullName}
        >
          <Avatar name={coach.fullName} size="large" indicator={false} />
          <div className="min-w-0">
            <p className="text-lg font-semibold text-slate-900">{coach.fullName}</p>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {coach.emailAddress && (
                <li>
                  <a
                    href={`mailto:${coach.emailAddress}`}
                    className="flex items-center gap-2 text-primary-text hover:underline"
                  >
                    <MailIcon size={16} />
                    <span className="sr-only">{t('menu.primary_coach.email')}</span>
                    {coach.emailAddress}
                  </a>
                </li>
              )}
              {coach.phoneNumber && (
                <li>
                  <a
                    href={telHref(coach.phoneNumber)}
                    className="flex items-center gap-2 text-primary-text hover:underline"
                  >
                    <PhoneIcon size={16} />
                    <span className="sr-only">{t('menu.primary_coach.phone')}</span>
                    {coach.phoneNumber}
                  </a>
                </li>
              )}
            </ul>
          </div>
        </section>
      ) : (
        <EmptyState
          icon={<UserIcon size={24} />}
          title={t('primary_coach.none_title')}
          description={t('primary_coach.none_description')}
        />
      )}
    </div>
  );
}
