/** On every page while a support user acts as someone: whom, and the way back (decision 025). */
import { useState } from 'react';
import { Button } from '../../../components/button';
import { firstErrorDetail } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { stopImpersonation } from '../../../lib/resources/impersonations';
import type { ActingState, Me } from '../../../lib/session/types';
import { useSession } from '../../../lib/session/use-session';

export function ActingBanner() {
  const { me } = useSession();
  // The texts load only when there is a banner to show: every signed-in page renders this, and
  // waiting for a text file nobody reads would hold the first screen back.
  if (!me?.acting) return null;
  return <Banner me={me} acting={me.acting} />;
}

function Banner({ me, acting }: { me: Me; acting: ActingState }) {
  useNamespace('support');
  const { t } = useTranslation();
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accountId = me.account.id;
  const stop = async () => {
    setStopping(true);
    setError(null);
    try {
      await stopImpersonation();
      // Everything cached was the account's: start again as the support user, on the account's page.
      window.location.assign(`/admin/accounts/${encodeURIComponent(accountId)}`);
    } catch (failure) {
      setStopping(false);
      setError(firstErrorDetail(failure) ?? t('support.acting.stop_failed'));
    }
  };
  return (
    <section
      aria-label={t('support.acting.label')}
      className="fixed inset-x-0 bottom-0 z-[45] flex flex-wrap items-center justify-center gap-3 border-t border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950"
      data-testid="acting-banner"
    >
      <p>{t('support.acting.text', { name: me.account.fullName, actor: acting.actorName })}</p>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void stop()}
        disabled={stopping}
        data-testid="stop-acting"
      >
        {t('support.acting.stop', { name: me.account.fullName })}
      </Button>
      {error && (
        <p role="alert" className="w-full text-center text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
