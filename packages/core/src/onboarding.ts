/**
 * Onboarding tours (SPEC §3 "Account preferences", §4 "Onboarding tour"). Finished tours are
 * stored in the 'onboarding-features' preference as 'id@version' pairs separated by ';'.
 */

export const ONBOARDING_PROPERTY = 'onboarding-features';

export interface Tour {
  id: string;
  /** Raising the version shows the tour again to users who finished an older one. */
  version: number;
  /** Optional conditions: shown only from/until these moments, and only on paths with this prefix. */
  from?: Date;
  until?: Date;
  pathPrefix?: string;
}

/** One tour exists, anchored on the menu button. */
export const TOURS: readonly Tour[] = [{ id: 'main-menu', version: 1 }];

export type OnboardingRecord = Record<string, number>;

/** Parses 'main-menu@1;other@2'. Malformed pairs are skipped; a repeated id keeps its highest version. */
export function parseOnboarding(payload: string | null | undefined): OnboardingRecord {
  const record: OnboardingRecord = {};
  for (const pair of (payload ?? '').split(';')) {
    const match = /^\s*([^@;\s]+)@(\d+)\s*$/.exec(pair);
    if (!match?.[1] || !match[2]) continue;
    const version = Number(match[2]);
    record[match[1]] = Math.max(version, record[match[1]] ?? 0);
  }
  return record;
}

/** Sorted by id, so saving an unchanged record gives the same text. */
export function serializeOnboarding(record: Readonly<OnboardingRecord>): string {
  return Object.keys(record)
    .sort()
    .map((id) => `${id}@${record[id]}`)
    .join(';');
}

export function isTourRecorded(
  record: Readonly<OnboardingRecord>,
  tour: Pick<Tour, 'id' | 'version'>,
): boolean {
  return (record[tour.id] ?? 0) >= tour.version;
}

/** Closing the tour records every tour at its current version, keeping any newer entries. */
export function recordAllTours(
  record: Readonly<OnboardingRecord>,
  tours: readonly Pick<Tour, 'id' | 'version'>[] = TOURS,
): OnboardingRecord {
  const next = { ...record };
  for (const tour of tours) next[tour.id] = Math.max(tour.version, next[tour.id] ?? 0);
  return next;
}

export interface TourContext {
  authenticated: boolean;
  /** Guests never see tours, even when logged in (e.g. on /auth pages). */
  environment: string;
  record: Readonly<OnboardingRecord>;
  pathname: string;
  now?: Date;
}

export function shouldShowTour(
  tour: Tour,
  { authenticated, environment, record, pathname, now = new Date() }: TourContext,
) {
  if (!authenticated || environment === 'guest' || isTourRecorded(record, tour)) return false;
  if (tour.from && now < tour.from) return false;
  if (tour.until && now > tour.until) return false;
  return !tour.pathPrefix || pathname.startsWith(tour.pathPrefix);
}
