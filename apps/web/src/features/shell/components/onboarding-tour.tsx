/**
 * The 'main-menu' onboarding tour (SPEC §4): a bubble on the menu button for signed-in users outside
 * the guest environment who have not recorded it. Closing records all tours as id@version pairs.
 *
 * It follows the non-modal dialog pattern: it sits in the tab order right after the menu button, so
 * Tab moves on into the page and nothing is trapped; Escape closes it and leaves focus where it was
 * (on the menu button if it was inside the bubble); a click outside closes it. On a narrow screen it
 * sits at the bottom of the viewport, so it never covers the page title.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
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
import { usePainted } from '../../../lib/after-paint';
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
  // Asked for once the page is painted: the tour opens over a page that is there (decision 082).
  const preference = useQuery({ ...preferenceQuery(accountId, ONBOARDING_PROPERTY), enabled: usePainted() });
  const save = useSavePreference(accountId, ONBOARDING_PROPERTY);
  const record = parseOnboarding(preference.data?.payload);
  const open =
    !save.isPending &&
    !save.isSuccess &&
    preference.isSuccess &&
    MAIN_MENU_TOUR !== undefined &&
    shouldShowTour(MAIN_MENU_TOUR, { authenticated: true, environment, record, pathname });
  const wrapper = useRef<HTMLDivElement>(null);
  const bubble = useRef<HTMLDivElement>(null);

  const finishRef = useRef<() => void>(() => undefined);
  finishRef.current = () => {
    if (!save.isPending) save.mutate(serializeOnboarding(recordAllTours(record)));
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const inside = bubble.current?.contains(document.activeElement) ?? false;
      // A dialog that holds the focus (the support palette) closes first.
      if (!inside && document.activeElement?.closest('[role="dialog"]')) return;
      // One Escape closes one thing: the tour, not also the menu it points at.
      event.preventDefault();
      finishRef.current();
      // Focus stays where it was; from inside the bubble it returns to the menu button.
      if (inside) wrapper.current?.querySelector<HTMLElement>('button')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !wrapper.current?.contains(event.target)) finishRef.current();
    };
    // Captured, so that it comes before the shell's own Escape (which closes the menu).
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const finish = () => {
    const inside = bubble.current?.contains(document.activeElement) ?? false;
    finishRef.current();
    if (inside) wrapper.current?.querySelector<HTMLElement>('button')?.focus();
  };

  return (
    <div
      ref={wrapper}
      className="relative"
      data-onboarding={preference.isPending ? 'loading' : open ? 'open' : 'closed'}
    >
      {children}
      {open && (
        <div
          ref={bubble}
          role="dialog"
          aria-modal="false"
          aria-labelledby="tour-main-menu-title"
          data-testid="onboarding-tour"
          className="fixed inset-x-3 bottom-3 z-40 rounded-xl bg-slate-900 p-4 text-white shadow-2xl animate-fade-in sm:absolute sm:inset-x-auto sm:bottom-auto sm:left-0 sm:top-full sm:mt-3 sm:w-72"
        >
          <span
            aria-hidden="true"
            className="absolute -top-1.5 left-4 hidden h-3 w-3 rotate-45 bg-slate-900 sm:block"
          />
          <h2 id="tour-main-menu-title" className="font-semibold">
            {t('onboarding.main_menu.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-200">{t('onboarding.main_menu.body')}</p>
          <div className="mt-3 flex justify-end">
            <Button size="sm" variant="secondary" onClick={finish}>
              {t('onboarding.done')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
