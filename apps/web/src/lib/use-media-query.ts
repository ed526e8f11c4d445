import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_MAX_PX } from '@leerpad/core';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Narrow screens (640 px or less) get an overlay menu (SPEC §4 "Navigation menu"). */
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_MAX_PX}px)`;

export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY);
}
