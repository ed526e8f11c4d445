/** The student's primary coach (SPEC §2): name, e-mail, phone. */
import { useTranslation } from '../../../lib/i18n/i18n';
import { telHref } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { MailIcon, PhoneIcon } from '../../../components/icons-ui';
import type { PrimaryCoach } from '../../../lib/session/types';
import { Panel } from '../../../components/panel';

export function PrimaryCoachBlock({ coach }: { coach: PrimaryCoach }) {
  const { t } = useTranslation();
  return (
    <Panel
      title={t('menu.primary_coach.title')}
      testId="primary-coach"
      className="mx-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
      headingClassName="text-xs font-semibold tracking-wide text-slate-600 uppercase"
    >
      <div className="mt-2 flex items-center gap-3">
        <Avatar name={coach.fullName} size="medium" quiet indicator={false} />
        <p className="min-w-0 truncate text-sm font-semibold text-slate-900">{coach.fullName}</p>
      </div>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {coach.emailAddress && (
          <li>
            <a
              href={`mailto:${coach.emailAddress}`}
              className="flex items-center gap-2 break-all text-primary-text hover:underline"
            >
              <MailIcon size={16} className="shrink-0" />
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
              <PhoneIcon size={16} className="shrink-0" />
              <span className="sr-only">{t('menu.primary_coach.phone')}</span>
              {coach.phoneNumber}
            </a>
          </li>
        )}
      </ul>
    </Panel>
  );
}
