/**
 * The 'main-menu' onboarding tour (SPEC §4): a bubble on the menu button for signed-in users outside
 * the guest environment who have not recorded it. Closing records all tours as id@version pairs.
 */
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useLocation } from 'react-router';
import {
  ONBOARDING_PROPERTY,
  TOURS,
  parseOnboarding,
  recordAllTours,
  serializeOnboarding,
  shouldShowTour,
  type Environment,
} from '@leerpad/core';
import { Button } from '../../../components/button';
import { preferenceQuery, useSavePreference } from '../../../lib/resources/preferences';

const MAIN_MENU_TOUR = TOURS.find((tour) => tour.id === 'main-menu');

export function OnboardingTour({
  accountId,
  environment,
  children,
}: {
  accountId: string;
  environment: Environment;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const preference = useQuery(preferenceQuery(accountId, ONBOARDING_PROPERTY));
  const save = useSavePreference(accountId, ONBOARDING_PROPERTY);
  const record = parseOnboarding(preference.data?.payload);
  const open =
    preference.isSuccess &&
    MAIN_MENU_TOUR !== undefined &&
    shouldShowTour(MAIN_MENU_TOUR, { authenticated: true, environment, record, pathname });

  const finish = () => save.mutate(serializeOnboarding(recordAllTours(record)));

  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && finish()}>
      <Popover.Anchor asChild>{children}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={10}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="z-40 w-72 rounded-xl bg-slate-900 p-4 text-white shadow-2xl animate-fade-in"
          aria-labelledby="tour-main-menu-title"
          data-testid="onboarding-tour"
        >
          <h2 id="tour-main-menu-title" className="font-semibold">
            {t('onboarding.main_menu.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-200">{t('onboarding.main_menu.body')}</p>
          <div className="mt-3 flex justify-end">
            <Button size="sm" variant="secondary" onClick={finish}>
              {t('onboarding.done')}
            </Button>
          </div>
          <Popover.Arrow className="fill-slate-900" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
