/**
 * The portal switch (SPEC §4), for accounts that may manage several portals: choosing a portal
 * writes the portal_domain cookie (choosing none expires it) and refreshes every cached answer,
 * which the server now gives for that portal.
 */
import { can } from '@leerpad/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { readPortalDomain, writePortalDomain } from '../../../lib/portal/portal-cookie';
import { allPortalsQuery, type PortalWithDomains } from '../../../lib/resources/palette-search';
import { useSession } from '../../../lib/session/use-session';

export function PortalSwitch() {
  const { roles, me } = useSession();
  const allowed = can({ roles }, 'manage:portal') && !me?.acting;
  const portals = useQuery({ ...allPortalsQuery, enabled: allowed });
  // The texts load only when there is a switch to show: every signed-in page renders this, and
  // waiting for a text file nobody reads would hold the first screen back.
  if (!allowed || !portals.data || portals.data.length < 2) return null;
  return <Switch portals={portals.data} />;
}

function Switch({ portals }: { portals: PortalWithDomains[] }) {
  useNamespace('support');
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(() => readPortalDomain() ?? '');

  const choose = (domain: string) => {
    setChosen(domain);
    writePortalDomain(domain || null);
    void queryClient.invalidateQueries();
  };
  return (
    <div className="hidden items-center md:flex">
      <label htmlFor={id} className="sr-only">
        {t('support.portal_switch.label')}
      </label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => choose(event.target.value)}
        className="h-9 max-w-48 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-3 focus-visible:outline-offset-2"
        data-testid="portal-switch"
      >
        <option value="">{t('support.portal_switch.this_address')}</option>
        {portals.map((portal) => {
          const domain = portal.portalDomains?.[0]?.domain;
          return domain ? (
            <option key={portal.id} value={domain}>
              {portal.name}
            </option>
          ) : null;
        })}
      </select>
    </div>
  );
}
